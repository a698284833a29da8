/* SPDX-License-Identifier: GPL-2.0-or-later */
/* events.c - the kernel's fragmentation and compaction events, counted between samples */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"

static const char *const event_names[EV_NKINDS] = {
	[EV_EXTFRAG] = "kmem:mm_page_alloc_extfrag",
	[EV_BEGIN] = "compaction:mm_compaction_begin",
	[EV_END] = "compaction:mm_compaction_end",
	[EV_TRY] = "compaction:mm_compaction_try_to_compact_pages",
	[EV_SUITABLE] = "compaction:mm_compaction_suitable",
	[EV_FINISHED] = "compaction:mm_compaction_finished",
	[EV_DEFERRED] = "compaction:mm_compaction_deferred",
	[EV_DEFER_COMPACTION] = "compaction:mm_compaction_defer_compaction",
	[EV_DEFER_RESET] = "compaction:mm_compaction_defer_reset",
	[EV_KCOMPACTD_WAKE] = "compaction:mm_compaction_kcompactd_wake",
};

const char *
ev_event_name(enum ev_kind k)
{
	return event_names[k];
}

bool
ev_required(enum ev_kind k)
{
	/* Every kernel has it; the compaction ones need CONFIG_COMPACTION. */
	return k == EV_EXTFRAG;
}

void
ev_reset(struct ev_counts *c)
{
	struct ev_zone *z = c->zones;
	size_t cap = c->zones_cap;

	memset(c, 0, sizeof(*c));
	c->zones = z;
	c->zones_cap = cap;
}

void
ev_free(struct ev_counts *c)
{
	free(c->zones);
	memset(c, 0, sizeof(*c));
}

/* Returns whether V is an index below N. */
static bool
below(int v, int n)
{
	return v >= 0 && v < n;
}

/* Remember that task PID runs compaction at ORDER (the oldest entry makes room). */
static void
task_set(struct ev_tasks *t, int pid, int order)
{
	unsigned i;

	for (i = 0; i < t->n; i++)
		if (t->pid[i] == pid) {
			t->order[i] = order;
			return;
		}
	if (t->n < EV_MAX_TASKS)
		i = t->n++;
	else {
		i = t->next;
		t->next = (t->next + 1) % EV_MAX_TASKS;
	}
	t->pid[i] = pid;
	t->order[i] = order;
}

/* Returns the order of task PID's compaction run, or -2 when unknown. */
static int
task_order(const struct ev_tasks *t, int pid)
{
	unsigned i;

	for (i = 0; i < t->n; i++)
		if (t->pid[i] == pid)
			return t->order[i];
	return -2;
}

/* Returns the counts of zone (NODE, ZONE) at ORDER in C, added when new; NULL when out of memory. */
static struct ev_zone *
zone_of(struct ev_counts *c, int node, int zone, int order)
{
	struct ev_zone *z;
	size_t i, cap;

	for (i = 0; i < c->nzones; i++) {
		z = &c->zones[i];
		if (z->node == node && z->zone == zone && z->order == order)
			return z;
	}
	if (c->nzones == c->zones_cap) {
		cap = c->zones_cap ? 2 * c->zones_cap : 16;
		if ((z = realloc(c->zones, cap * sizeof(*z))) == NULL)
			return NULL;
		c->zones = z;
		c->zones_cap = cap;
	}
	z = &c->zones[c->nzones++];
	memset(z, 0, sizeof(*z));
	z->node = node;
	z->zone = zone;
	z->order = order;
	return z;
}

/* Count extfrag event R into C. */
static void
add_extfrag(struct ev_counts *c, const struct ev_record *r,
    const struct ev_names *nm)
{
	/* mm_page_alloc_extfrag's TP_printk: fallback_order < pageblock_order. */
	if (r->fallback_order >= 0 &&
	    (unsigned)r->fallback_order < nm->pageblock_order)
		c->fragmenting++;
	if (r->change_ownership > 0)
		c->claimed++;
	if (below(r->alloc_type, FRAG_MAX_TYPES) &&
	    below(r->fallback_type, FRAG_MAX_TYPES) &&
	    below(r->fallback_order, FRAG_MAX_ORDERS))
		c->pairs[r->alloc_type][r->fallback_type][r->fallback_order]++;
	else
		c->out_of_range++;
}

int
ev_add(struct ev_counts *c, struct ev_tasks *t, const struct ev_record *r,
    const struct ev_names *nm)
{
	struct ev_zone *z;
	int o;

	c->n[r->kind]++;
	switch (r->kind) {
	case EV_EXTFRAG:
		add_extfrag(c, r, nm);
		return 0;
	case EV_TRY:
	case EV_KCOMPACTD_WAKE:
		task_set(t, r->pid, r->order);
		if (r->kind == EV_KCOMPACTD_WAKE)
			return 0;
		if (below(r->order + 1, EV_NORDERS))
			c->attempts[r->order + 1]++;
		else
			c->out_of_range++;
		return 0;
	case EV_END:
		if (!below(r->status, EV_MAX_STATUS)) {
			c->out_of_range++;
			return 0;
		}
		c->ends[r->status]++;
		o = task_order(t, r->pid);
		if (below(o + 1, EV_NORDERS))
			c->outcomes[o + 1][r->status]++;
		return 0;
	case EV_SUITABLE:
	case EV_FINISHED:
		task_set(t, r->pid, r->order);
		if (!below(r->status, EV_MAX_STATUS) ||
		    !below(r->order + 1, EV_NORDERS)) {
			c->out_of_range++;
			return 0;
		}
		if ((z = zone_of(c, r->node, r->zone, r->order)) == NULL)
			return -1;
		if (r->kind == EV_SUITABLE)
			z->suitable[r->status]++;
		else
			z->finished[r->status]++;
		return 0;
	default:
		return 0;
	}
}

int
ev_merge(struct ev_counts *a, const struct ev_counts *b)
{
	const struct ev_zone *bz;
	struct ev_zone *z;
	size_t i, j, k;

	for (i = 0; i < EV_NKINDS; i++)
		a->n[i] += b->n[i];
	a->fragmenting += b->fragmenting;
	a->claimed += b->claimed;
	for (i = 0; i < FRAG_MAX_TYPES; i++)
		for (j = 0; j < FRAG_MAX_TYPES; j++)
			for (k = 0; k < FRAG_MAX_ORDERS; k++)
				a->pairs[i][j][k] += b->pairs[i][j][k];
	for (i = 0; i < EV_NORDERS; i++) {
		a->attempts[i] += b->attempts[i];
		for (k = 0; k < EV_MAX_STATUS; k++)
			a->outcomes[i][k] += b->outcomes[i][k];
	}
	for (k = 0; k < EV_MAX_STATUS; k++)
		a->ends[k] += b->ends[k];
	for (i = 0; i < b->nzones; i++) {
		bz = &b->zones[i];
		if ((z = zone_of(a, bz->node, bz->zone, bz->order)) == NULL)
			return -1;
		for (k = 0; k < EV_MAX_STATUS; k++) {
			z->suitable[k] += bz->suitable[k];
			z->finished[k] += bz->finished[k];
		}
	}
	a->lost += b->lost;
	a->out_of_range += b->out_of_range;
	return 0;
}

uint64_t
ev_ends(const struct ev_counts *c)
{
	uint64_t n = 0;
	size_t k;

	for (k = 0; k < EV_MAX_STATUS; k++)
		n += c->ends[k];
	return n;
}

size_t
ev_top_pairs(const struct ev_counts *c, struct ev_pair *p, size_t max)
{
	size_t n = 0, k;
	int i, j, o;
	uint64_t v;

	for (i = 0; i < FRAG_MAX_TYPES; i++)
		for (j = 0; j < FRAG_MAX_TYPES; j++)
			for (o = 0; o < FRAG_MAX_ORDERS; o++) {
				if ((v = c->pairs[i][j][o]) == 0)
					continue;
				/* Insertion into the short sorted list; ties keep the first. */
				for (k = n; k > 0 && p[k - 1].count < v; k--)
					if (k < max)
						p[k] = p[k - 1];
				if (k >= max)
					continue;
				p[k].alloc = i;
				p[k].fallback = j;
				p[k].fallback_order = o;
				p[k].count = v;
				if (n < max)
					n++;
			}
	return n;
}

const char *
ev_type_name(char *buf, size_t size, const struct ev_names *nm, int t)
{
	if (below(t, (int)nm->ntypes) && nm->type[t][0] != '\0')
		return nm->type[t];
	snprintf(buf, size, "type %d", t);
	return buf;
}

const char *
ev_status_name(char *buf, size_t size, const struct ev_names *nm, int s)
{
	if (below(s, EV_MAX_STATUS) && nm->status[s][0] != '\0')
		return nm->status[s];
	snprintf(buf, size, "%d", s);
	return buf;
}

enum ev_outcome
ev_outcome_of(const char *name, size_t n)
{
	static const struct {
		const char	*name;
		enum ev_outcome	 o;
	} st[] = {
		{ "success", EV_SUCCESS },
		/*
		 * COMPACT_COMPLETE: the whole zone was scanned. The normal
		 * end of compact_memory and proactive runs (order -1,
		 * which never "succeed"), not a failure;
		 * COMPACT_PARTIAL_SKIPPED: the same, some blocks skipped.
		 */
		{ "complete", EV_COMPLETE }, { "partial_skipped", EV_COMPLETE },
		{ "no_suitable_page", EV_GAVE_UP }, { "contended", EV_GAVE_UP },
		{ "skipped", EV_NOT_RUN }, { "deferred", EV_NOT_RUN },
		{ "not_suitable_zone", EV_NOT_RUN },
	};
	size_t i;

	for (i = 0; i < sizeof(st) / sizeof(st[0]); i++)
		if (strlen(st[i].name) == n && memcmp(st[i].name, name, n) == 0)
			return st[i].o;
	return EV_OTHER;
}

const char *
ev_outcome_name(enum ev_outcome o)
{
	static const char *const names[EV_NOUTCOMES] = { "success",
	    "complete", "gave_up", "not_run", "other" };

	return names[o];
}
