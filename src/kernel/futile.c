/* SPDX-License-Identifier: GPL-2.0-or-later */
/* futile.c - kcompactd woken again and again while fragmentation does not fall */
#include "config.h"

#include <string.h>

#include "futile.h"

/*
 * The unusable free space index at the pageblock order, of the whole
 * machine: frag.c's unusable_free_index() is the same quantity for one
 * zone, but it mirrors the kernel (div_u64()'s 32-bit divisor, 1000 for a
 * zone with nothing free) and frag_check() bounds its counts. A sum of
 * zones is no kernel number and has no such bound, so this one is exact
 * for any count, and 0 with nothing free as in extfrag_for_order().
 */
uint32_t
futile_frag(uint64_t free, uint64_t blocks, unsigned pb)
{
	uint64_t outside, per_mille, q;

	if (free == 0 || pb >= 64 || blocks > UINT64_MAX >> pb ||
	    blocks << pb >= free)
		return 0;
	outside = free - (blocks << pb);
	if (outside <= UINT64_MAX / 1000)
		return (uint32_t)(outside * 1000 / free);
	/*
	 * Past 2^54 pages (summed zones of a recording, no machine) the
	 * product would wrap. Dividing by free / 1000 instead gives the
	 * quotient or one more; one more when q * free > outside * 1000,
	 * which with free = 1000 per_mille + free % 1000 is compared without
	 * either product.
	 */
	per_mille = free / 1000;
	q = outside / per_mille;
	if (q * (free % 1000) > (outside % per_mille) * 1000)
		q--;
	return (uint32_t)q;
}

/* End F's window of wakeups: the next wakeup opens a new one. */
static void
window_end(struct futile *f)
{
	f->woke = f->intervals = 0;
	f->wakes = 0;
}

void
futile_add(struct futile *f, bool have_wake, uint64_t wake, uint32_t frag)
{
	/*
	 * compact_daemon_wake counts kcompactd_do_work() runs, each a
	 * wakeup for order-based work (wakeup_kcompactd(), by kswapd going
	 * to sleep: 4.6+); proactive compaction does not count it. A counter
	 * that went back (a reboot between samples) ends the window.
	 */
	if (!have_wake || !f->have_prev || wake < f->prev_wake) {
		window_end(f);
		f->quiet = 0;
	} else {
		if (wake > f->prev_wake) {
			if (f->woke == 0) {
				f->start_frag = f->prev_frag;
				f->intervals = 0;
			}
			f->woke++;
			f->wakes += wake - f->prev_wake;
		}
		if (f->woke > 0)
			f->intervals++;
		f->quiet = wake > f->prev_wake ? 0 : f->quiet + 1;
		/*
		 * Fragmentation fell: kcompactd achieved something; or it has
		 * been left alone as long: it stopped.
		 */
		if (f->woke > 0 && (frag < f->start_frag ||
		    f->quiet >= FUTILE_INTERVALS))
			window_end(f);
	}
	f->have_prev = have_wake;
	f->prev_wake = wake;
	f->prev_frag = frag;
	f->last_frag = frag;
}

bool
futile_found(const struct futile *f)
{
	return f->woke >= FUTILE_INTERVALS && f->last_frag >= f->start_frag;
}

void
futile_replay(struct replay *r)
{
	const struct rwake *w;
	size_t i;

	memset(&r->futile, 0, sizeof(r->futile));
	for (i = 0; i < r->nwakes; i++) {
		w = &r->wakes[i];
		futile_add(&r->futile, w->have, w->wake, futile_frag(w->free,
		    w->blocks, r->pageblock_order));
	}
}
