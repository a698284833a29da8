/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * events.c - the kernel's fragmentation and compaction events and their
 * counts: made, grown, freed and named (kernel/evcount.c counts them)
 */
#include "config.h"

#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "grow.h"

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
	[EV_ALLOC] = "kmem:mm_page_alloc",
	[EV_RECLAIM_BEGIN] = "vmscan:mm_vmscan_direct_reclaim_begin",
	[EV_RECLAIM_END] = "vmscan:mm_vmscan_direct_reclaim_end",
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
	struct ev_staller *st = c->stallers;
	size_t cap = c->zones_cap, scap = c->stallers_cap;

	memset(c, 0, sizeof(*c));
	c->zones = z;
	c->zones_cap = cap;
	c->stallers = st;
	c->stallers_cap = scap;
}

void
ev_free(struct ev_counts *c)
{
	free(c->zones);
	free(c->stallers);
	memset(c, 0, sizeof(*c));
}

void
ev_tasks_free(struct ev_tasks *t)
{
	free(t->pend);
	free(t->open);
	memset(t, 0, sizeof(*t));
}

struct ev_zone *
ev_zone_of(struct ev_counts *c, int node, int zone, int order)
{
	struct ev_zone *z;
	size_t i;

	for (i = 0; i < c->nzones; i++) {
		z = &c->zones[i];
		if (z->node == node && z->zone == zone && z->order == order)
			return z;
	}
	if ((z = grow_room(c->zones, &c->zones_cap, c->nzones, sizeof(*z),
	    SIZE_MAX)) == NULL)
		return NULL;
	c->zones = z;
	z = &c->zones[c->nzones++];
	memset(z, 0, sizeof(*z));
	z->node = node;
	z->zone = zone;
	z->order = order;
	return z;
}

struct ev_staller *
ev_staller_of(struct ev_counts *c, enum ev_stall_kind k, int pid,
    const char *comm)
{
	struct ev_staller *st;
	size_t i;

	for (i = 0; i < c->nstallers; i++) {
		st = &c->stallers[i];
		if (st->kind == k && st->pid == pid &&
		    strcmp(st->comm, comm) == 0)
			return st;
	}
	if ((st = grow_room(c->stallers, &c->stallers_cap, c->nstallers,
	    sizeof(*st), SIZE_MAX)) == NULL)
		return NULL;
	c->stallers = st;
	st = &c->stallers[c->nstallers++];
	memset(st, 0, sizeof(*st));
	st->kind = k;
	st->pid = pid;
	snprintf(st->comm, sizeof(st->comm), "%s", comm);
	return st;
}

const char *
ev_stall_name(enum ev_stall_kind k)
{
	static const char *const names[EV_NSTALLS] = { "compaction",
	    "kcompactd", "manual_compaction", "reclaim" };

	return names[k];
}

const char *
ev_type_name(char *buf, size_t size, const struct ev_names *nm, int t)
{
	if (t >= 0 && t < (int)nm->ntypes && nm->type[t][0] != '\0')
		return nm->type[t];
	snprintf(buf, size, "type %d", t);
	return buf;
}

const char *
ev_status_name(char *buf, size_t size, const struct ev_names *nm, int s)
{
	if (s >= 0 && s < EV_MAX_STATUS && nm->status[s][0] != '\0')
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
