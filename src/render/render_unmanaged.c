/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_unmanaged.c - memory present but not managed, in words and JSON, for every view */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "avail.h"
#include "humanize.h"
#include "jsonw.h"
#include "render_text.h"
#include "render_unmanaged.h"
#include "report.h"
#include "unmanaged.h"

/*
 * Returns BUF holding the words for why U's zones said are not managed,
 * with the amount the cause accounts for, in pages of PAGE_SIZE.
 */
static const char *
cause_words(char *buf, size_t size, const struct unmanaged *u,
    unsigned long page_size)
{
	char a[32];

	switch (u->cause) {
	case UNM_UNINIT:
		snprintf(buf, size, "%s not yet initialised: MemTotal counts "
		    "it; the kernel adds it as allocations need it", hum_size(a,
		    sizeof(a), u->uninit, page_size));
		return buf;
	case UNM_BALLOON:
		snprintf(buf, size, "%s held by a balloon driver", hum_size(a,
		    sizeof(a), u->balloon, page_size));
		return buf;
	case UNM_NONE:
	case UNM_UNKNOWN:
	case UNM_NCAUSES:
		break;
	}
	switch (unm_unknown_why(u)) {
	case UNM_UNKNOWN_NO_MEMINFO:
		return "cause unknown: no meminfo to tell memory not yet "
		    "initialised from reservations";
	case UNM_UNKNOWN_BOTH:
		return "cause unknown: both memory not yet initialised and "
		    "ballooned";
	case UNM_UNKNOWN_RESERVED:
		break;
	}
	return "cause unknown: reserved at boot, such as crashkernel or "
	    "boot-time huge pages";
}

/* Returns whether R's machine has more than one node among U's zones. */
static bool
several_nodes(const struct unmanaged *u)
{
	size_t i;

	for (i = 1; i < u->nzones; i++)
		if (u->zones[i].node != u->zones[0].node)
			return true;
	return false;
}

bool
render_unmanaged_sentence(struct render_sentence *t, const struct report *r,
    const char **label)
{
	const struct unmanaged *u = r->unm;
	const struct unm_zone *z = NULL;
	uint64_t present, pages;
	char a[32], b[32], why[160];
	size_t i, nz;

	if (u == NULL || !unm_any(u))
		return false;
	nz = unm_sum(u, -1, true, &present, &pages);
	*label = nz > 0 ? "Not managed:" : "Not accepted:";
	for (i = 0; i < u->nzones && z == NULL; i++)
		if (u->zones[i].cause != UNM_NONE)
			z = &u->zones[i];
	if (nz == 1 && z != NULL && several_nodes(u))
		render_say(t, "%s of node %u zone %s's %s", hum_size(a,
		    sizeof(a), pages, r->page_size), z->node, z->name,
		    hum_size(b, sizeof(b), present, r->page_size));
	else if (nz == 1 && z != NULL)
		render_say(t, "%s of zone %s's %s", hum_size(a, sizeof(a),
		    pages, r->page_size), z->name, hum_size(b, sizeof(b),
		    present, r->page_size));
	else if (nz > 1)
		render_say(t, "%s of the %s present in %zu zones",
		    hum_size(a, sizeof(a), pages, r->page_size), hum_size(b,
		    sizeof(b), present, r->page_size), nz);
	if (nz > 0)
		render_say(t, " %s present but not managed (%s)",
		    nz == 1 ? "is" : "are", cause_words(why, sizeof(why), u,
		    r->page_size));
	if (u->unaccepted > 0)
		render_say(t, "%s%s is not yet accepted (a confidential "
		    "VM's memory: managed, accepted as allocations need it)",
		    nz > 0 ? "; " : "", hum_size(a, sizeof(a), u->unaccepted,
		    r->page_size));
	render_say(t, "; free counts cover %s only", u->unaccepted > 0 ?
	    "accepted memory" : "managed memory");
	return true;
}

bool
render_unmanaged_need(struct render_sentence *t, const struct report *r)
{
	const struct unmanaged *u = r->unm;
	char a[32];

	if (r->need_unmanaged == 0)
		return false;
	hum_size(a, sizeof(a), r->need_unmanaged, r->page_size);
	if (u->said == 0)
		render_say(t, "%s more is not yet accepted: the kernel "
		    "accepts it as allocations need it, so memory may not be "
		    "short", a);
	else if (u->cause == UNM_UNINIT)
		render_say(t, "%s more is present but not yet "
		    "initialised: the kernel adds it as allocations need it, "
		    "so memory may not be short", a);
	else if (u->cause == UNM_BALLOON)
		render_say(t, "%s more is present but held by a balloon "
		    "driver: enough once the balloon gives it back", a);
	else
		render_say(t, "%s more is present but not managed (cause "
		    "unknown): enough only if the kernel gave it to the "
		    "allocator", a);
	return true;
}

void
render_unmanaged_zone_json(struct jsonw *w, const struct report *r,
    const struct bzone *bz)
{
	const struct unm_zone *z = r->unm ? unm_zone(r->unm, bz->node,
	    bz->name) : NULL;

	if (jw_key_or_null(w, "unmanaged_pages", z != NULL && z->present > 0))
		jw_u64(w, z->pages);
	if (jw_key_or_null(w, "unmanaged_cause", z != NULL && z->present > 0))
		jw_string(w, unm_cause_name(z->cause));
}

/* Write KEY: V, or null when not HAVE. */
static void
u64_or_null(struct jsonw *w, const char *key, bool have, uint64_t v)
{
	if (jw_key_or_null(w, key, have))
		jw_u64(w, v);
}

void
render_unmanaged_json(struct jsonw *w, const struct report *r)
{
	const struct unmanaged *u = r->unm;

	if (!jw_key_or_null(w, "unmanaged", u != NULL))
		return;
	jw_object(w);
	jw_key(w, "present_pages");
	jw_u64(w, u->present);
	jw_key(w, "managed_pages");
	jw_u64(w, u->managed);
	jw_key(w, "unmanaged_pages");
	jw_u64(w, u->pages);
	jw_key(w, "said_pages");
	jw_u64(w, u->said);
	jw_key(w, "said_above_share");
	jw_fixed(w, UNM_SHARE_PERMYRIAD, 4);
	jw_key(w, "cause");
	jw_string(w, unm_cause_name(u->cause));
	u64_or_null(w, "not_initialised_pages", u->have_meminfo, u->uninit);
	u64_or_null(w, "unaccepted_pages", u->have_meminfo, u->unaccepted);
	u64_or_null(w, "balloon_pages", u->have_balloon, u->balloon);
	jw_end(w);
}
