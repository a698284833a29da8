/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_words.c - phrases several views share: findings, counts and changes in words */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>

#include "avail.h"
#include "compaction.h"
#include "humanize.h"
#include "recording.h"
#include "render_text.h"
#include "render_words.h"

const char *
render_no_hugepages(char *buf, size_t size, unsigned order,
    unsigned long page_size)
{
	snprintf(buf, size, "no hugepages-%" PRIu64 "kB",
	    ((uint64_t)page_size << order) / 1024);
	return buf;
}

char *
render_futile(const struct futile *f, unsigned pb, unsigned long page_size)
{
	struct render_sentence t = { 0 };
	char blk[32], a[32], b[32];
	/* Every reader bounds PB; a shift past 63 would be undefined. */
	uint64_t block = pb < 64 ? (uint64_t)1 << pb : 0;

	render_say(&t, "kcompactd woke %" PRIu64 " times in %lu of the last %lu "
	    "intervals, and free memory outside whole %s pageblocks did not "
	    "fall (%s -> %s): compaction that achieves nothing, burning CPU",
	    f->wakes, f->woke, f->intervals, hum_size(blk, sizeof(blk), block,
	    page_size), hum_pct(a, sizeof(a), f->start_frag, 1000),
	    hum_pct(b, sizeof(b), f->last_frag, 1000));
	return render_sentence_take(&t);
}

void
render_replay_span(struct render_sentence *t, const struct replay *r)
{
	char iv[32];

	/* Milliseconds as seconds with three decimals: "1.500 s". */
	render_say(t, "%lu samples every %s s, %s to %s%s", r->nsamples,
	    hum_fixed(iv, sizeof(iv), r->interval_ms, 3), r->first, r->last,
	    r->truncated ? " (a last sample cut short was ignored)" : "");
}

const char *
render_change(char *buf, size_t size, uint64_t a, uint64_t b, bool plus_zero)
{
	if (b >= a)
		snprintf(buf, size, "%s%" PRIu64, b > a || plus_zero ? "+" : "",
		    b - a);
	else
		snprintf(buf, size, "-%" PRIu64, a - b);
	return buf;
}

const char *
render_now(char *buf, size_t size, const struct avail *a)
{
	/* "<=": only an upper bound, as in the summary's column. */
	return hum_bound(buf, size, a->now, a->now_is_bound);
}

const char *
render_share(char *buf, size_t size, const struct avail *a)
{
	char d[32];
	/* Hundredths of a percent, cut: the number judge_of() compares. */
	int64_t t = judge_ratio(a->now, a->after);

	if (t < 0)
		t = 0;
	/*
	 * Every mark is a whole percent and judges by T below it, so a share
	 * a tenth would round up onto one must not print as it: 49.97% is
	 * fragmented, 50.0% would not be. Cut, it stays below; 50.04%
	 * rounded down to 50.0% is on the side it is.
	 */
	if (t % 100 >= 95)
		hum_fixed(d, sizeof(d), t, 2);
	else	/* To a tenth, half up, as hum_pct() rounds. */
		hum_fixed(d, sizeof(d), (t + 5) / 10, 1);
	if (a->by_pins)
		snprintf(buf, size, "%s%%, but free memory holds %" PRIu64
		    ": pinned pages cap compaction", d, a->room);
	else
		snprintf(buf, size, "%s%%", d);
	return buf;
}

const char *
render_counts(char *buf, size_t size, const struct avail *a)
{
	char c[96], p[RENDER_SHARE_SIZE];

	hum_counts(c, sizeof(c), a->now, a->now_is_bound, a->after);
	/* Without anything after compaction there is no share to give. */
	if (a->after > 0)
		snprintf(buf, size, "%s (%s)", c, render_share(p, sizeof(p), a));
	else
		snprintf(buf, size, "%s", c);
	return buf;
}

void
render_nodes(FILE *fp, const unsigned *nodes, size_t n)
{
	size_t i;

	fprintf(fp, "node%s", n > 1 ? "s" : "");
	for (i = 0; i < n; i++)
		fprintf(fp, "%s%u", i ? ", " : " ", nodes[i]);
}

char *
render_compact_files(const unsigned *nodes, size_t n, bool all)
{
	struct render_sentence t = { 0 };
	size_t i;

	if (all)
		render_say(&t, "%s", COMPACTION_ALL_FILE);
	for (i = 0; !all && i < n; i++) {
		render_say(&t, "%s", i ? " " : "");
		render_say(&t, COMPACTION_NODE_FILE, nodes[i]);
	}
	return render_sentence_take(&t);
}
