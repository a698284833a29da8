/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_judge.c - the judgement of a size: its marks, and kcompactd's score at every order as context */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "avail.h"
#include "buddyinfo.h"
#include "forecast.h"
#include "pagetypeinfo.h"
#include "render_words.h"
#include "zoneinfo.h"
#include "testutil.h"

/* Parsed inputs, the advice and the availability of one case. */
struct world {
	struct buddyinfo	 bi;
	struct frag		*frag;
	struct zoneinfo		 zi;
	struct pagetypeinfo	 pti;
	long			*pti_zone;
	bool			 have_pti;
	struct advice		 adv;
	struct availability	 av;
};

/* What one case reads: the texts (Z, P: NULL for none), release, gfp, marks, map. */
struct world_in {
	const char		*b, *z, *p;
	long			 kver;		/* 0: 6.18 */
	enum advise_gfp		 gfp;
	const struct judge_marks *m;		/* NULL: default */
	const struct map	*map;		/* NULL: none */
};

/* Set W's pagetypeinfo from P and map each zone of W->bi to its index. */
static void
world_pti(struct world *w, const char *p)
{
	struct ferr e = { .path = "p" };
	size_t i;

	ck_assert_msg(pagetypeinfo_parse(p, strlen(p), &w->pti, &e) == 0,
	    "%s", e.msg);
	w->have_pti = true;
	w->pti_zone = calloc(w->bi.nzones, sizeof(*w->pti_zone));
	ck_assert_ptr_nonnull(w->pti_zone);
	for (i = 0; i < w->bi.nzones; i++)
		w->pti_zone[i] = pagetypeinfo_find(&w->pti,
		    w->bi.zones[i].node, w->bi.zones[i].name);
}

/*
 * Build W from WI at the orders 0 and the pageblock order (9, or
 * pagetypeinfo's) under WI's rules, as the command line counts them.
 */
static void
world_of(struct world *w, const struct world_in *wi)
{
	struct ferr e = { .path = "t" };
	struct advise_in in;
	long kver = wi->kver != 0 ? wi->kver : 6018;

	memset(w, 0, sizeof(*w));
	memset(&in, 0, sizeof(in));
	ck_assert_msg(buddyinfo_parse(wi->b, strlen(wi->b), &w->bi, &e) == 0,
	    "%s", e.msg);
	w->frag = frag_compute_all(&w->bi);
	ck_assert_ptr_nonnull(w->frag);
	if (wi->z)
		ck_assert_msg(zoneinfo_parse(wi->z, strlen(wi->z), &w->zi,
		    &e) == 0, "%s", e.msg);
	if (wi->p)
		world_pti(w, wi->p);
	in.bi = &w->bi;
	in.frag = w->frag;
	in.zi = wi->z ? &w->zi : NULL;
	in.pti = w->have_pti ? &w->pti : NULL;
	in.pti_zone = w->pti_zone;
	in.kver = kver;
	in.threshold = ADVISE_THRESHOLD;
	in.gfp = wi->gfp;
	in.defrag_mode = -1;
	w->adv.gfp = wi->gfp;
	w->adv.kver = kver;
	w->adv.threshold = ADVISE_THRESHOLD;
	w->adv.proactiveness = ADVISE_PROACTIVENESS;
	w->adv.hpage_order = w->have_pti ? w->pti.pageblock_order : 9;
	w->adv.orders[0] = 0;
	w->adv.orders[1] = w->adv.hpage_order;
	w->adv.norders = 2;
	ck_assert_int_eq(advise_build(&w->adv, &in), 0);
	if (wi->m)
		w->av.marks = *wi->m;
	ck_assert_int_eq(avail_build(&w->av, &w->adv, &w->bi, w->frag, in.zi,
	    wi->map, 0), 0);
}

/*
 * Build W from buddyinfo text B and zoneinfo text Z (NULL: none) at the
 * orders 0 and 9 under 6.18's rules, with the marks M (NULL: default).
 */
static void
world(struct world *w, const char *b, const char *z,
    const struct judge_marks *m)
{
	struct world_in wi = { b, z, NULL, 0, ADVISE_MOVABLE, m, NULL };

	world_of(w, &wi);
}

static void
world_free(struct world *w)
{
	avail_free(&w->av);
	advise_free(&w->adv);
	buddyinfo_free(&w->bi);
	free(w->frag);
	zoneinfo_free(&w->zi);
	if (w->have_pti)
		pagetypeinfo_free(&w->pti);
	free(w->pti_zone);
}

/* Returns the row of NODE (-1: machine) at order 9. */
static const struct avail *
row9(const struct world *w, int node)
{
	const struct avail *a = avail_find(&w->av, node, -1, 9);

	ck_assert_ptr_nonnull(a);
	return a;
}

/*
 * At the order kcompactd works for, each node's score is
 * fragmentation_score_node() exactly, on captures of real machines.
 */
START_TEST(test_kcompactd_equal)
{
	static const char *const dirs[] = {
		"corpus/vm-6.18-x86-64-holes/proc/",
		"corpus/sosreport-rhel8-4.18-x86/",
		"corpus/node-exporter-fixture-x86/",
		"corpus/pcp-qa-meminfo-001-x86/",
		"corpus/debian-5.10-vm-empty-pagetypeinfo/",
		"avail/two-nodes/",
	};
	char path[128], *b, *z;
	struct world w;
	size_t i, k, nonzero = 0;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%sbuddyinfo", dirs[i]);
		b = tu_read(path, NULL);
		snprintf(path, sizeof(path), "%szoneinfo", dirs[i]);
		z = tu_read(path, NULL);
		world(&w, b, z, NULL);
		ck_assert_uint_gt(w.adv.nkc, 0);
		for (k = 0; k < w.adv.nkc; k++) {
			ck_assert_msg(row9(&w, (int)w.adv.kc[k].node)->score ==
			    w.adv.kc[k].score, "%s node %u: %u, kcompactd %lu",
			    dirs[i], w.adv.kc[k].node, row9(&w,
			    (int)w.adv.kc[k].node)->score,
			    (unsigned long)w.adv.kc[k].score);
			nonzero += w.adv.kc[k].score != 0;
		}
		ck_assert(!w.av.score_by_free);
		world_free(&w);
		free(b);
		free(z);
	}
	ck_assert_uint_gt(nonzero, 3);
}
END_TEST

/* Returns judge_of() of a row with NOW, AFTER, ROOM and LOW under M. */
static enum judgement
judged(uint64_t now, uint64_t after, uint64_t room, uint64_t low,
    const struct judge_marks *m)
{
	struct avail r;

	memset(&r, 0, sizeof(r));
	r.now = now;
	r.after = after;
	r.room = room;
	r.low = low;
	return judge_of(&r, m, NULL);
}

/*
 * The default marks are 50 and 90 percent of what compaction could make
 * missing now, whatever the release: fine at 50% free now, fragmented
 * below, severely below 10%; short of memory below the low mark (at least
 * 2 blocks) of room, whatever the ratio.
 */
START_TEST(test_marks)
{
	struct judge_marks m;

	judge_default_marks(&m);
	ck_assert_uint_eq(m.low, 50);
	ck_assert_uint_eq(m.high, 90);
	ck_assert_str_eq(m.from, "default");
	/* 500 of 1000: 5000 ten-thousandths, not below 10000 - 50 * 100. */
	ck_assert_int_eq(judged(500, 1000, 1000, 1, &m), JUDGE_FINE);
	ck_assert_int_eq(judged(499, 1000, 1000, 1, &m), JUDGE_FRAGMENTED);
	/* 100 of 1000: 1000, not below 10000 - 90 * 100; 99: 990 is. */
	ck_assert_int_eq(judged(100, 1000, 1000, 1, &m), JUDGE_FRAGMENTED);
	ck_assert_int_eq(judged(99, 1000, 1000, 1, &m), JUDGE_SEVERE);
	/* Room for blocks, but compaction could make none: severely. */
	ck_assert_int_eq(judged(0, 0, 1000, 1, &m), JUDGE_SEVERE);
	/* Room for 1 block: below 2, short whatever the ratio (1 of 1). */
	ck_assert_int_eq(judged(1, 1, 1, 1, &m), JUDGE_SHORT);
	ck_assert_int_eq(judged(2, 2, 2, 1, &m), JUDGE_FINE);
	/* The low mark: room 19 of a low of 20 is short, 20 is not. */
	ck_assert_int_eq(judged(19, 19, 19, 20, &m), JUDGE_SHORT);
	ck_assert_int_eq(judged(20, 20, 20, 20, &m), JUDGE_FINE);
	/*
	 * The map bounds what compaction could make (pinned): 9 of 10 is
	 * 9000, fine by the ratio, but 9 of a room of 100 is 900, below
	 * 10000 - 90 * 100: fragmented, by pins. 10 of 100 is not.
	 */
	ck_assert_int_eq(judged(9, 10, 100, 1, &m), JUDGE_FRAGMENTED);
	ck_assert_int_eq(judged(10, 11, 100, 1, &m), JUDGE_FINE);
	ck_assert_uint_eq(judge_severe_of(50, 0), 90);
	ck_assert_uint_eq(judge_severe_of(50, 70), 70);
	ck_assert_uint_eq(judge_severe_of(90, 0), 100);
	ck_assert_str_eq(judge_name(JUDGE_FINE), "fine");
	ck_assert_str_eq(judge_name(JUDGE_FRAGMENTED), "fragmented");
	ck_assert_str_eq(judge_name(JUDGE_SEVERE), "severely fragmented");
	ck_assert_str_eq(judge_name(JUDGE_SHORT), "short of memory");
	ck_assert(judge_fragmented(JUDGE_SEVERE));
	ck_assert(!judge_fragmented(JUDGE_SHORT));
}
END_TEST

/*
 * Node 0: 64 free pages, all single (score 100 at order 9); node 1: one
 * free 2 MiB block and 512 single pages (50). Weighted by present pages,
 * each node as kcompactd weighs it; without zoneinfo by free pages.
 */
static const char two_b[] =
    "Node 0, zone Normal 64 0 0 0 0 0 0 0 0 0 0\n"
    "Node 1, zone Normal 512 0 0 0 0 0 0 0 0 1 0\n";
static const char two_z[] =
    "Node 0, zone Normal\n        present  1000\n"
    "Node 1, zone Normal\n        present  3000\n";

START_TEST(test_weights)
{
	struct world w;

	world(&w, two_b, two_z, NULL);
	/*
	 * 1000 * 100 / 1001 = 99; 3000 * 50 / 3001 = 49. Node 0's 64 pages
	 * hold no block: short of memory. Node 1's 512 + 512 = 1024 hold
	 * ((1024 - 511 - 1) >> 9) + 1 = 2 above the watermarks (none), 1 free
	 * now: 5000, not below 5000.
	 */
	ck_assert_uint_eq(row9(&w, 0)->score, 99);
	ck_assert_int_eq(row9(&w, 0)->judgement, JUDGE_SHORT);
	ck_assert_uint_eq(row9(&w, 1)->score, 49);
	ck_assert_uint_eq(row9(&w, 1)->room, 2);
	ck_assert_int_eq(row9(&w, 1)->judgement, JUDGE_FINE);
	/*
	 * Machine: the nodes' scores weighted by their present pages, once:
	 * (1000 * 99 + 3000 * 49) / 4000 = 246000 / 4000 = 61.
	 */
	ck_assert_uint_eq(row9(&w, -1)->score, 61);
	ck_assert(!w.av.score_by_free);
	world_free(&w);
	/*
	 * By free pages: 64 * 100 / 65 = 98, 1024 * 50 / 1025 = 49; the
	 * machine, the nodes' mean by their pages, once: (64 * 98 + 1024 *
	 * 49) / 1088 = 56448 / 1088 = 51.
	 */
	world(&w, two_b, NULL, NULL);
	ck_assert(w.av.score_by_free);
	ck_assert_uint_eq(row9(&w, 0)->score, 98);
	ck_assert_uint_eq(row9(&w, 1)->score, 49);
	ck_assert_uint_eq(row9(&w, -1)->score, 51);
	world_free(&w);
	/* A zoneinfo without present pages weighs by free pages too. */
	world(&w, two_b, "Node 0, zone Normal\n        min  1\n"
	    "Node 1, zone Normal\n        min  1\n", NULL);
	ck_assert(w.av.score_by_free);
	ck_assert_uint_eq(row9(&w, 0)->score, 98);
	ck_assert_uint_eq(row9(&w, -1)->score, 51);
	world_free(&w);
}
END_TEST

/*
 * Absurd present pages do not wrap the machine's score. Node 0's two
 * zones of 1e17 present pages, 64 single free pages each (100 at order
 * 9), weigh 1e17 * 100 / (2e17 + 1) = 49 each: the node 98, of 2e17
 * pages. The machine of one node scores as it: 98, where 2e17 * 98 =
 * 1.96e19 wrapped past 2^64 to 1153255926290448384 gave 5.
 */
START_TEST(test_weights_wide)
{
	static const char b[] =
	    "Node 0, zone DMA32 64 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal 64 0 0 0 0 0 0 0 0 0 0\n";
	static const char z[] =
	    "Node 0, zone DMA32\n        present  100000000000000000\n"
	    "Node 0, zone Normal\n        present  100000000000000000\n";
	struct world w;

	world(&w, b, z, NULL);
	ck_assert_uint_eq(row9(&w, 0)->score, 98);
	ck_assert_uint_eq(row9(&w, -1)->score, 98);
	world_free(&w);
}
END_TEST

/* Nothing free: score 0 (extfrag_for_order()), and short of memory. */
START_TEST(test_nothing_free)
{
	static const char b[] = "Node 0, zone Normal 0 0 0 0 0 0 0 0 0 0 0\n";
	static const char z[] = "Node 0, zone Normal\n        present  1000\n";
	struct world w;

	world(&w, b, z, NULL);
	ck_assert_uint_eq(row9(&w, 0)->score, 0);
	ck_assert_int_eq(row9(&w, -1)->judgement, JUDGE_SHORT);
	world_free(&w);
	world(&w, b, NULL, NULL);
	ck_assert_uint_eq(row9(&w, -1)->score, 0);
	world_free(&w);
}
END_TEST

/*
 * Marks given as an option judge every row, the zones' too: at 40 and 60,
 * node 1's 1 of 2 (5000) is below 10000 - 40 * 100: fragmented.
 */
START_TEST(test_option_marks)
{
	struct judge_marks m = { 40, 60, "option" };
	const struct avail *a;
	struct world w;

	world(&w, two_b, two_z, &m);
	ck_assert_str_eq(w.av.marks.from, "option");
	ck_assert_int_eq(row9(&w, 1)->judgement, JUDGE_FRAGMENTED);
	ck_assert_int_eq(row9(&w, -1)->judgement, JUDGE_FRAGMENTED);
	a = avail_find(&w.av, 1, 1, 9);
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(a->score, 50);
	ck_assert_int_eq(a->judgement, JUDGE_FRAGMENTED);
	world_free(&w);
}
END_TEST

/*
 * Append to B and Z (buddyinfo and zoneinfo texts) zone NAME of NODE:
 * 262144 pages (1 GiB) present and managed, watermarks 0, COUNT free
 * blocks of ORDER and nothing else; FIRST: the node's first zone.
 */
static void
gen_zone(FILE *b, FILE *z, unsigned node, const char *name, unsigned order,
    unsigned long count, bool first)
{
	unsigned k;

	fprintf(b, "Node %u, zone %8s", node, name);
	for (k = 0; k < 11; k++)
		fprintf(b, " %lu", k == order ? count : 0);
	fputc('\n', b);
	fprintf(z, "Node %u, zone %8s\n", node, name);
	if (first)
		fprintf(z, "  per-node stats\n      nr_inactive_anon 0\n");
	fprintf(z, "  pages free     %lu\n        min      0\n"
	    "        low      0\n        high     0\n        spanned  262144\n"
	    "        present  262144\n        managed  262144\n"
	    "        protection: (0, 0, 0)\n  start_pfn:           0\n",
	    count << order);
}

/* The texts of a synthetic root, made by gen_zone(). */
struct gen {
	char	*b, *z;
	size_t	 nb, nz;
	FILE	*fb, *fz;
};

static void
gen_open(struct gen *g)
{
	memset(g, 0, sizeof(*g));
	g->fb = open_memstream(&g->b, &g->nb);
	g->fz = open_memstream(&g->z, &g->nz);
	ck_assert(g->fb != NULL && g->fz != NULL);
}

static void
gen_close(struct gen *g)
{
	ck_assert_int_eq(fclose(g->fb), 0);
	ck_assert_int_eq(fclose(g->fz), 0);
}

static void
gen_free(struct gen *g)
{
	free(g->b);
	free(g->z);
}

/*
 * NODES nodes of one Normal zone each: every EVERY-th node (from 0) holds
 * 102400 free single pages, the others 200 free 2 MiB blocks; each holds
 * room for ((102400 - 511 - 1) >> 9) + 1 = 200 blocks of order 9.
 */
static void
gen_nodes(struct gen *g, unsigned nodes, unsigned every)
{
	unsigned n;

	gen_open(g);
	for (n = 0; n < nodes; n++) {
		if (n % every == 0)
			gen_zone(g->fb, g->fz, n, "Normal", 0, 102400, true);
		else
			gen_zone(g->fb, g->fz, n, "Normal", 9, 200, true);
	}
	gen_close(g);
}

/* Returns the judgement of the row of NODE (-1: machine) at order 9 of W. */
static enum judgement
word9(const struct world *w, int node)
{
	return row9(w, node)->judgement;
}

/*
 * 16 and 1024 nodes, every 8th (2 of 16, 128 of 1024) with its free memory
 * in single pages: those nodes have 0 of at most 200 free now, severely
 * fragmented; the others 200 of 200, fine. The machine's word comes from
 * its sums, not its nodes' words: 14 * 200 = 2800 of 16 * 200 = 3200
 * (8750, not below 5000), and 896 * 200 = 179200 of 204800 (8750): fine.
 * The machine's low mark, 1% of 1024 GiB in 2 MiB blocks (2684354 >> 9 =
 * 5242), is below its room, 204800: not short. Scores (context): a node
 * of single pages 262144 * 100 / 262145 = 99, the others 0; the machine
 * their mean by present pages, once, 99 / 8 = 12 (floored zone by zone
 * against the whole machine, 262144 * 100 / (1024 * 262144 + 1), it was
 * 0), between its nodes' 0 and 99.
 */
START_TEST(test_many_nodes)
{
	static const unsigned nodes[] = { 16, 1024 };
	struct world w;
	struct gen g;
	size_t i;

	for (i = 0; i < sizeof(nodes) / sizeof(nodes[0]); i++) {
		gen_nodes(&g, nodes[i], 8);
		world(&w, g.b, g.z, NULL);
		ck_assert_int_eq(word9(&w, 0), JUDGE_SEVERE);
		ck_assert_int_eq(word9(&w, 1), JUDGE_FINE);
		ck_assert_int_eq(word9(&w, (int)nodes[i] - 8), JUDGE_SEVERE);
		ck_assert_uint_eq(row9(&w, -1)->now, nodes[i] / 8 * 7 * 200);
		ck_assert_uint_eq(row9(&w, -1)->after, nodes[i] * 200);
		ck_assert_int_eq(word9(&w, -1), JUDGE_FINE);
		ck_assert_uint_eq(row9(&w, 0)->score, 99);
		ck_assert_uint_eq(row9(&w, 1)->score, 0);
		ck_assert_uint_eq(row9(&w, -1)->score, 12);
		world_free(&w);
		gen_free(&g);
	}
}
END_TEST

/*
 * All free memory in one order, 102400 pages in Normal: room for 200
 * blocks of order 9 above the watermarks (0) in each case.
 * - order 10, 100 blocks: 200 free now of 200: fine.
 * - order 8, 400 blocks (one order below): 0 of 200, severely fragmented,
 *   though the kernel's index, 1000 - (1000 + 102400 * 1000 / 512) / 400
 *   = 498, is not above 500, so the kernel would reclaim, not compact:
 *   its heuristic, not a fact about memory.
 * - order 0: 0 of 200: severely fragmented.
 * - order 0, only 1000 pages: room for ((1000 - 511 - 1) >> 9) + 1 = 1
 *   block, below 2: short of memory, whatever the index.
 */
START_TEST(test_one_order)
{
	static const struct {
		unsigned	 order;
		unsigned long	 count;
		enum judgement	 want;
	} rows[] = {
		{ 10, 100, JUDGE_FINE },
		{ 8, 400, JUDGE_SEVERE },
		{ 0, 102400, JUDGE_SEVERE },
		{ 0, 1000, JUDGE_SHORT },
	};
	const struct zadvice *a;
	struct world w;
	struct gen g;
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		gen_open(&g);
		gen_zone(g.fb, g.fz, 0, "Normal", rows[i].order,
		    rows[i].count, true);
		gen_close(&g);
		world(&w, g.b, g.z, NULL);
		ck_assert_msg(word9(&w, -1) == rows[i].want, "order %u: %s",
		    rows[i].order, judge_name(word9(&w, -1)));
		if (rows[i].order == 8) {
			a = advise_at(&w.adv, 0, 1);
			ck_assert_int_eq(a->fragindex, 498);
			ck_assert_int_eq(a->verdict, VERDICT_RECLAIM);
		}
		world_free(&w);
		gen_free(&g);
	}
}
END_TEST

/*
 * A Movable zone beside Normal: Normal has 200 free 2 MiB blocks, Movable
 * 204800 single pages (room for 400). A movable allocation may use both:
 * 200 of at most 600 (3333, below 5000): fragmented. A kernel allocation
 * never uses Movable (gfp_zone()): 200 of 200 in Normal alone: fine, and
 * its score is Normal's, 0, weighed against Normal's pages only (no longer
 * against Movable's too); a movable allocation's node score weighs both:
 * 262144 * 100 / 524289 = 49.
 */
START_TEST(test_movable_kernel)
{
	struct world_in wi = { NULL, NULL, NULL, 0, ADVISE_MOVABLE, NULL, NULL };
	struct world w;
	struct gen g;

	gen_open(&g);
	gen_zone(g.fb, g.fz, 0, "Normal", 9, 200, true);
	gen_zone(g.fb, g.fz, 0, "Movable", 0, 204800, false);
	gen_close(&g);
	wi.b = g.b;
	wi.z = g.z;
	world_of(&w, &wi);
	ck_assert_uint_eq(row9(&w, -1)->after, 600);
	ck_assert_int_eq(word9(&w, -1), JUDGE_FRAGMENTED);
	ck_assert_uint_eq(row9(&w, 0)->score, 49);
	world_free(&w);
	wi.gfp = ADVISE_KERNEL;
	world_of(&w, &wi);
	ck_assert_uint_eq(row9(&w, -1)->after, 200);
	ck_assert_int_eq(word9(&w, -1), JUDGE_FINE);
	ck_assert_uint_eq(row9(&w, 0)->score, 0);
	world_free(&w);
	gen_free(&g);
}
END_TEST

/* Returns fixture DIR's file NAME, under proc/ when DIR has one, or NULL. */
static char *
fixture_file(const char *dir, const char *name)
{
	char rel[256];

	snprintf(rel, sizeof(rel), "%s/proc/%s", dir, name);
	if (!tu_exists(rel))
		snprintf(rel, sizeof(rel), "%s/%s", dir, name);
	return tu_exists(rel) ? tu_read(rel, NULL) : NULL;
}

/*
 * Real states, captured and published, and the machine's word at the
 * pageblock order (2 MiB) as the command line gives it: NOW free now of
 * at most AFTER after compaction, in ten-thousandths against 5000
 * (fragmented below) and 1000 (severely below); ROOM against the low mark
 * LOW (at least 2). KVER: the rules the command line applies (-1: newest,
 * where it assumes them).
 */
static const struct state_row {
	const char	*dir;
	long		 kver;
	uint64_t	 now, after;
	enum judgement	 want;
} state_rows[] = {
	/* The THP series' before-compaction: 139 of 674 = 2062: fragmented. */
	{ "roots/aarcange-before-compact", -1, 139, 674, JUDGE_FRAGMENTED },
	/* ... and after: 1493 of 1763 = 8468: fine. */
	{ "roots/aarcange-after-compact", -1, 1493, 1763, JUDGE_FINE },
	/*
	 * 1000 free single pages, min 100: room ((1000 - 100 - 511 - 1)
	 * >> 9) + 1 = 1 below 2: short of memory (the alert stays silent).
	 */
	{ "judge/reclaim-fragmented", 6018, 0, 1, JUDGE_SHORT },
	/* 2160 free, min 100: room ((2160 - 611 - 1) >> 9) + 1 = 4; 0 of 4. */
	{ "judge/proactive-off", 6018, 0, 4, JUDGE_SEVERE },
	/* One machine, states/README.md: 4195 of 4605 = 9109: fine. */
	{ "states/healthy", 6018, 4195, 4605, JUDGE_FINE },
	/* 1511 of 4796 = 3150: fragmented. */
	{ "states/proactive-off", 6018, 1511, 4796, JUDGE_FRAGMENTED },
	/* 1511 of 5019 = 3010: fragmented. */
	{ "states/proactive-on", 6018, 1511, 5019, JUDGE_FRAGMENTED },
	/* 1527 of 4745 = 3218: compaction stopped early, fragmented. */
	{ "states/compacted", 6018, 1527, 4745, JUDGE_FRAGMENTED },
	/* 3447 of 7166 = 4810, just below 5000: fragmented. */
	{ "states/released", 6018, 3447, 7166, JUDGE_FRAGMENTED },
	/* 1222 of 4762 = 2566: fragmented. */
	{ "states/movable-fragmented", 6018, 1222, 4762, JUDGE_FRAGMENTED },
	/* 3907 of 4797 = 8144: fine. */
	{ "states/movable-compacted", 6018, 3907, 4797, JUDGE_FINE },
	/* 1177 of 5792 = 2032: fragmented (score 79, below kcompactd's 80). */
	{ "corpus/vm-6.18-x86-64-holes", 6018, 1177, 5792, JUDGE_FRAGMENTED },
	/* 8 nodes: 4029 of 152833 = 263: severely. */
	{ "corpus/blog-plantegg-hygon-8node-gt100000", -1, 4029, 152833,
	    JUDGE_SEVERE },
	/* 22 of 294 = 748: severely. */
	{ "corpus/insights-core-test-fragmented", -1, 22, 294, JUDGE_SEVERE },
	/* 5 of 628 = 79: severely. */
	{ "corpus/lkml-2016-hannes-fb-3.10-2node", -1, 5, 628, JUDGE_SEVERE },
	/* 0 of 9806: severely. */
	{ "corpus/node-exporter-fixture-x86", -1, 0, 9806, JUDGE_SEVERE },
	/* 8 nodes: 242558 of 244051 = 9938: fine. */
	{ "corpus/lkml-2016-xqiu-8node", -1, 242558, 244051, JUDGE_FINE },
	/* 216 of 218 = 9908: fine. */
	{ "corpus/sosreport-rhel8-4.18-x86", -1, 216, 218, JUDGE_FINE },
	/* 1 free page: room 0 below 2: short of memory. */
	{ "corpus/lkml-2018-rharris-dma-1", -1, 0, 0, JUDGE_SHORT },
	/* 1983 free pages, one 2 MiB block at most: 0 of 3: room 3, severely. */
	{ "corpus/lkml-2018-rharris-dma-1983", -1, 0, 3, JUDGE_SEVERE },
};

START_TEST(test_states)
{
	const struct state_row *sr = &state_rows[_i];
	struct world_in wi = { NULL, NULL, NULL, sr->kver, ADVISE_MOVABLE,
	    NULL, NULL };
	char *b = fixture_file(sr->dir, "buddyinfo");
	char *z = fixture_file(sr->dir, "zoneinfo");
	char *p = fixture_file(sr->dir, "pagetypeinfo");
	const struct avail *a;
	struct world w;

	ck_assert_ptr_nonnull(b);
	wi.b = b;
	wi.z = z;
	wi.p = p;
	world_of(&w, &wi);
	a = row9(&w, -1);
	ck_assert_msg(a->now == sr->now && a->after == sr->after &&
	    a->judgement == sr->want, "%s: %lu of %lu, room %lu, low %lu: %s",
	    sr->dir, (unsigned long)a->now, (unsigned long)a->after,
	    (unsigned long)a->room, (unsigned long)a->low,
	    judge_name(a->judgement));
	world_free(&w);
	free(b);
	free(z);
	free(p);
}
END_TEST

/*
 * judge_at(), what --check and every view ask: judge/reclaim-fragmented's
 * machine at 2 MiB is short of memory, room 1 below 2, 0 of at most 1
 * (ratio 0), the kernel would compact to 0 (its verdict: reclaim); its
 * zone the same; no node 3.
 */
START_TEST(test_judge_at)
{
	struct world_in wi = { NULL, NULL, NULL, 6018, ADVISE_MOVABLE, NULL, NULL };
	char *b = fixture_file("judge/reclaim-fragmented", "buddyinfo");
	char *z = fixture_file("judge/reclaim-fragmented", "zoneinfo");
	struct judged j;
	struct world w;

	wi.b = b;
	wi.z = z;
	world_of(&w, &wi);
	ck_assert_int_eq(judge_at(&w.av, -1, -1, 9, &j), 0);
	ck_assert_int_eq(j.judgement, JUDGE_SHORT);
	ck_assert_str_eq(j.name, "short of memory");
	ck_assert_str_eq(j.word, "short");
	ck_assert_uint_eq(j.now, 0);
	ck_assert_uint_eq(j.after, 1);
	ck_assert_uint_eq(j.room, 1);
	ck_assert_uint_eq(j.useful, 2);
	ck_assert_uint_eq(j.reach, 0);
	ck_assert_int_eq(j.ratio, 0);
	ck_assert_uint_eq(j.score, 99);
	ck_assert_uint_eq(j.marks.low, 50);
	ck_assert_int_eq(judge_at(&w.av, 0, 0, 9, &j), 0);
	ck_assert_int_eq(j.judgement, JUDGE_SHORT);
	ck_assert_int_eq(judge_at(&w.av, 3, -1, 9, &j), -1);
	ck_assert_ptr_null(j.row);
	world_free(&w);
	free(b);
	free(z);
}
END_TEST

/*
 * --need answers from the same rows, as the zones' verdicts say:
 * judge/reclaim-fragmented's one zone may give 1 block after compaction,
 * but compaction_suitable() skips it (1000 free <= low 200 + 2 << 9):
 * reach 0, so 1 x 2 MiB is reclaim, not compact; no map: no pinned
 * limit. A gigantic row from the map with no region free of pinned pages
 * (limit 0) while free memory holds 1 (room 1): pinned; without the
 * map's limit, reclaim. Free memory holding fewer (2 asked): pinned all
 * the same, since no reclaim makes a clean region (avail_pinned()); one
 * region not yet initialised (uninit 1) could give 1, not 2.
 */
START_TEST(test_need_agrees)
{
	struct world_in wi = { NULL, NULL, NULL, 6018, ADVISE_MOVABLE, NULL, NULL };
	char *b = fixture_file("judge/reclaim-fragmented", "buddyinfo");
	char *z = fixture_file("judge/reclaim-fragmented", "zoneinfo");
	struct need n = { 1, 9, -1 };
	struct avail g = { .node = -1, .zone = -1, .order = 18, .room = 1,
	    .from_map = true, .limit = 0, .capacity = UINT64_MAX };
	struct availability av = { .rows = &g, .n = 1, .gigantic_order = 18 };
	struct world w;

	wi.b = b;
	wi.z = z;
	world_of(&w, &wi);
	ck_assert_uint_eq(row9(&w, -1)->after, 1);
	ck_assert_uint_eq(row9(&w, -1)->reach, 0);
	ck_assert_uint_eq(row9(&w, -1)->limit, AVAIL_NO_LIMIT);
	ck_assert_int_eq(avail_need(&w.av, &n, AVAIL_POSSIBLE).verdict,
	    VERDICT_RECLAIM);
	world_free(&w);
	n.order = 18;
	ck_assert_int_eq(avail_need(&av, &n, AVAIL_POSSIBLE).verdict,
	    VERDICT_PINNED);
	g.from_map = false;
	g.limit = AVAIL_NO_LIMIT;
	ck_assert_int_eq(avail_need(&av, &n, AVAIL_POSSIBLE).verdict,
	    VERDICT_RECLAIM);
	g.from_map = true;
	g.limit = 0;
	n.count = 2;
	ck_assert_int_eq(avail_need(&av, &n, AVAIL_POSSIBLE).verdict,
	    VERDICT_PINNED);
	g.uninit = 1;
	n.count = 1;
	ck_assert_int_eq(avail_need(&av, &n, AVAIL_POSSIBLE).verdict,
	    VERDICT_RECLAIM);
	n.count = 2;
	ck_assert_int_eq(avail_need(&av, &n, AVAIL_POSSIBLE).verdict,
	    VERDICT_PINNED);
	free(b);
	free(z);
}
END_TEST

/*
 * The share printed beside a judgement is on the side of each mark the
 * judgement is: judge_ratio() cuts NOW / AFTER to hundredths of a
 * percent (T), judge_of() compares T with (100 - mark) * 100, and
 * render_share() rounds T to a tenth, half up ((T + 5) / 10), except
 * where that would reach a whole percent from below (T % 100 of 95 or
 * more): there T itself. Worked by hand:
 *   999 / 1999 = 49.9749..%: T 4997, fragmented; a tenth would be 50.0.
 *   1999 / 4000 = 49.975%: T 4997, cut, not rounded to 49.98.
 *   1000 / 2000: T 5000, exactly the mark: fine, 50.0%.
 *   1001 / 2001 = 50.0249..%: T 5002, fine; 50.0% is on its side.
 *   4994 / 10000: T 4994, 49.9% rounded, below 50 as it is.
 *   100 / 1001 = 9.9900..%: T 999, severely; a tenth would be 10.0.
 *   100 / 1000: T 1000, fragmented, not severely: 10.0%.
 *   7196 / 10000 with --fragmented=28 (free below 72%): 71.96%.
 *   1 / 6: T 1666, 16.7% as hum_pct() rounds it, fragmented;
 *   9999 / 10000: T 9999, fine, 99.99%, not 100.0%.
 *   0 / 0: no ratio, severely (room 2), "0.0%" as before.
 */
static const struct share_case {
	uint64_t	 now, after;
	unsigned	 low;		/* --fragmented; 0: the default's */
	enum judgement	 want;
	const char	*text;
} share_cases[] = {
	{ 999, 1999, 0, JUDGE_FRAGMENTED, "49.97%" },
	{ 1999, 4000, 0, JUDGE_FRAGMENTED, "49.97%" },
	{ 1000, 2000, 0, JUDGE_FINE, "50.0%" },
	{ 1001, 2001, 0, JUDGE_FINE, "50.0%" },
	{ 4994, 10000, 0, JUDGE_FRAGMENTED, "49.9%" },
	{ 100, 1001, 0, JUDGE_SEVERE, "9.99%" },
	{ 100, 1000, 0, JUDGE_FRAGMENTED, "10.0%" },
	{ 7196, 10000, 28, JUDGE_FRAGMENTED, "71.96%" },
	{ 1, 6, 0, JUDGE_FRAGMENTED, "16.7%" },
	{ 9999, 10000, 0, JUDGE_FINE, "99.99%" },
	{ 0, 0, 0, JUDGE_SEVERE, "0.0%" },
};

/* Returns the percent TEXT ("49.97%") in hundredths of a percent. */
static int64_t
share_hundredths(const char *text)
{
	int64_t v = 0;
	int decimals = -1;
	const char *p;

	for (p = text; *p != '%'; p++) {
		if (*p == '.') {
			decimals = 0;
			continue;
		}
		v = v * 10 + (*p - '0');
		if (decimals >= 0)
			decimals++;
	}
	for (; decimals < 2; decimals++)
		v *= 10;
	return v;
}

START_TEST(test_share_agrees)
{
	const struct share_case *c = &share_cases[_i];
	struct judge_marks m;
	struct avail r;
	char buf[32];
	unsigned marks[2];
	int64_t t, shown;
	size_t k;

	judge_default_marks(&m);
	if (c->low != 0)
		m.low = c->low;
	memset(&r, 0, sizeof(r));
	r.now = c->now;
	r.after = c->after;
	r.room = c->after > 2 ? c->after : 2;
	r.low = 1;
	ck_assert_int_eq(judge_of(&r, &m, NULL), c->want);
	ck_assert_str_eq(render_share(buf, sizeof(buf), &r), c->text);
	/* Read back, the number is below each mark exactly when T is. */
	t = judge_ratio(c->now, c->after);
	shown = share_hundredths(buf);
	marks[0] = m.low;
	marks[1] = m.high;
	for (k = 0; k < 2 && t >= 0; k++)
		ck_assert_msg((shown < (100 - marks[k]) * 100) ==
		    (t < (100 - marks[k]) * 100), "%s at mark %u", buf,
		    marks[k]);
}
END_TEST

/*
 * --need's answer and its forecast say pinned up to the same capacity,
 * the blocks all of the memory would hold: zoneinfo's managed pages, not
 * the present ones kcompactd's score weighs (the kernel reserved the
 * rest at boot; no freeing gives it back), and the memory not yet
 * initialised, which joins them. One Normal zone of 262144 present,
 * 200000 managed pages, 1000 single pages free; a map with no clean
 * pageblock (pinned limit 0) and 10240 pages not yet initialised (20
 * blocks). At order 9: 200000 >> 9 = 390 blocks managed, capacity 390 +
 * 20 = 410 (present would say 262144 >> 9 = 512). 20 blocks could come
 * from memory not yet initialised: reclaim; 21 to 410 only by freeing
 * kernel memory: pinned; 411 are more than the memory holds: short,
 * as the forecast says. Without managed pages the capacity is unknown.
 */
static const char cap_b[] =
    "Node 0, zone Normal 1000 0 0 0 0 0 0 0 0 0 0\n";
static const char cap_z[] =
    "Node 0, zone Normal\n  pages free 1000\n        min 100\n"
    "        low 200\n        high 300\n        spanned 262144\n"
    "        present 262144\n        managed 200000\n";
static const char cap_z_old[] =
    "Node 0, zone Normal\n  pages free 1000\n        min 100\n"
    "        low 200\n        high 300\n        spanned 262144\n"
    "        present 262144\n";

/*
 * Returns the word of the forecast of COUNT blocks of order 9 from zone
 * row A, its input built as need_forecast() builds it.
 */
static enum fc_word
cap_forecast(const struct avail *a, uint64_t count)
{
	struct need n = { count, 9, -1 };
	struct fc_zone_in in;
	struct forecast f;
	enum fc_word word;

	memset(&in, 0, sizeof(in));
	in.node = a->node;
	in.zone = a->zone;
	in.now = a->now;
	in.after = a->after;
	in.from_map = a->from_map;
	in.limit = a->limit;
	in.uninit = a->uninit;
	in.capacity = a->capacity;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, &in, 1), 0);
	word = f.word;
	forecast_free(&f);
	return word;
}

START_TEST(test_capacity_agrees)
{
	static const struct { uint64_t count; enum verdict v; enum fc_word f; }
	    want[] = {
		{ 20, VERDICT_RECLAIM, FC_SHORT },
		{ 21, VERDICT_PINNED, FC_PINNED },
		{ 410, VERDICT_PINNED, FC_PINNED },
		{ 411, VERDICT_SHORT, FC_SHORT },
	};
	struct map_zone mz;
	struct map m = { .pageblock_order = 9, .norders = 11, .zones = &mz,
	    .nzones = 1 };
	struct world_in wi = { cap_b, cap_z, NULL, 6018, ADVISE_MOVABLE, NULL,
	    &m };
	struct need n = { 0, 9, -1 };
	const struct avail *z;
	struct world w;
	size_t i;

	memset(&mz, 0, sizeof(mz));
	mz.uninit_pages = 10240;
	world_of(&w, &wi);
	z = avail_find(&w.av, 0, 0, 9);
	ck_assert_ptr_nonnull(z);
	ck_assert_uint_eq(z->limit, 0);
	ck_assert_uint_eq(z->uninit, 20);
	ck_assert_uint_eq(z->capacity, 410);
	ck_assert_uint_eq(row9(&w, -1)->capacity, 410);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		n.count = want[i].count;
		ck_assert_int_eq(avail_need(&w.av, &n, AVAIL_POSSIBLE).verdict,
		    want[i].v);
		ck_assert_int_eq(cap_forecast(z, n.count), want[i].f);
	}
	world_free(&w);
	world(&w, cap_b, cap_z_old, NULL);
	ck_assert_uint_eq(row9(&w, -1)->capacity, UINT64_MAX);
	world_free(&w);
}
END_TEST

/*
 * Fragmented by pins, and said so beside the share: judge/pinned-cap's
 * machine (PROVENANCE), 40 free now of at most 40 after compaction (the
 * map's ceiling: every other pageblock holds a slab page), while free
 * memory holds ((523304 - 128 - 511 - 1) >> 9) + 1 = 1021 blocks: 40 of
 * 1021 is 391 ten-thousandths, below 10000 - 90 * 100, fragmented by its
 * last rule, and the share alone (100.0%) would read fine. 103 of 1021
 * (1008) is not below it: fine, and the share says nothing more. A share
 * below the low mark is fragmented by the share, not by pins.
 */
START_TEST(test_by_pins)
{
	struct judge_marks m;
	struct avail r;
	char buf[RENDER_SHARE_SIZE];
	bool by_pins = true;

	judge_default_marks(&m);
	memset(&r, 0, sizeof(r));
	r.now = r.after = 40;
	r.room = 1021;
	r.low = 1;
	ck_assert_int_eq(judge_of(&r, &m, &by_pins), JUDGE_FRAGMENTED);
	ck_assert(by_pins);
	r.by_pins = by_pins;
	ck_assert_str_eq(render_share(buf, sizeof(buf), &r), "100.0%, but free "
	    "memory holds 1021: pinned pages cap compaction");
	r.now = r.after = 103;
	ck_assert_int_eq(judge_of(&r, &m, &by_pins), JUDGE_FINE);
	ck_assert(!by_pins);
	r.now = 40;
	r.after = 103;
	ck_assert_int_eq(judge_of(&r, &m, &by_pins), JUDGE_FRAGMENTED);
	ck_assert(!by_pins);
	r.by_pins = by_pins;
	ck_assert_str_eq(render_share(buf, sizeof(buf), &r), "38.8%");
}
END_TEST

/*
 * Every view words the two counts one way: the ceiling is after
 * compaction, never "free now", which "at most" marks as a bound only
 * before it. 980 / 5105 = 19.19..%: T 1919, 19.2%; without anything
 * after compaction no share.
 */
START_TEST(test_counts_words)
{
	char buf[RENDER_COUNTS_SIZE];
	struct avail r;

	memset(&r, 0, sizeof(r));
	r.now = 980;
	r.after = 5105;
	ck_assert_str_eq(render_counts(buf, sizeof(buf), &r), "980 free now "
	    "of at most 5105 after compaction (19.2%)");
	r.now_is_bound = true;
	ck_assert_str_eq(render_counts(buf, sizeof(buf), &r), "at most 980 "
	    "free now of at most 5105 after compaction (19.2%)");
	r.now = r.after = 0;
	ck_assert_str_eq(render_counts(buf, sizeof(buf), &r), "at most 0 "
	    "free now of at most 0 after compaction");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("judge");
	TCase *tc = tcase_create("judge");

	tcase_add_test(tc, test_kcompactd_equal);
	tcase_add_test(tc, test_marks);
	tcase_add_test(tc, test_weights);
	tcase_add_test(tc, test_weights_wide);
	tcase_add_test(tc, test_nothing_free);
	tcase_add_test(tc, test_option_marks);
	tcase_add_test(tc, test_many_nodes);
	tcase_add_test(tc, test_one_order);
	tcase_add_test(tc, test_movable_kernel);
	tcase_add_test(tc, test_judge_at);
	tcase_add_test(tc, test_need_agrees);
	tcase_add_test(tc, test_capacity_agrees);
	tcase_add_test(tc, test_by_pins);
	tcase_add_test(tc, test_counts_words);
	tcase_add_loop_test(tc, test_share_agrees, 0,
	    sizeof(share_cases) / sizeof(share_cases[0]));
	tcase_add_loop_test(tc, test_states, 0,
	    sizeof(state_rows) / sizeof(state_rows[0]));
	suite_add_tcase(s, tc);
	return tu_run(s);
}
