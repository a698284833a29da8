/* SPDX-License-Identifier: GPL-2.0-or-later */
/* futile.c - kcompactd woken again and again while fragmentation does not fall */
#include "config.h"

#include <string.h>

#include "futile.h"

uint32_t
futile_frag(uint64_t free, uint64_t blocks, unsigned pb)
{
	uint64_t r, acc;
	uint32_t q = 0;
	int d, j;

	if (free == 0 || pb >= 64 || blocks > UINT64_MAX >> pb)
		return 0;
	if (blocks << pb >= free)
		return 0;
	/*
	 * (free - whole) * 1000 / free, exact and truncated, without a
	 * product that could wrap: three decimal digits of a long division,
	 * each 10 r as ten additions of r kept below free.
	 */
	r = free - (blocks << pb);
	for (d = 0; d < 3; d++) {
		acc = 0;
		q *= 10;
		for (j = 0; j < 10; j++) {
			if (acc >= free - r) {
				acc -= free - r;
				q++;
			} else
				acc += r;
		}
		r = acc;
	}
	return q;
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
		f->woke = f->intervals = f->quiet = 0;
		f->wakes = 0;
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
		    f->quiet >= FUTILE_INTERVALS)) {
			f->woke = f->intervals = 0;
			f->wakes = 0;
		}
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
