/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_next.c - the summary's next step: what to do about the worst verdict and judgement */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "avail.h"
#include "humanize.h"
#include "regions.h"
#include "report.h"
#include "render_text.h"
#include "render_words.h"

/* With the map: what compaction could make in each zone whose verdict is compact. */
static void
ceilings(FILE *fp, const struct report *r)
{
	const struct advice *adv = r->advice;
	struct render_sentence t = { 0 };
	char label[80];
	size_t i;

	for (i = 0; i < adv->nzones; i++) {
		const struct zadvice *a = &adv->zones[i];

		if (!render_advice_ceiling(&t, r, a))
			continue;
		snprintf(label, sizeof(label), "  Node %u, zone %s, order %u:",
		    r->bi->zones[a->zone].node, r->bi->zones[a->zone].name,
		    a->order);
		render_said(&t, fp, label);
	}
}

/* Returns kcompactd's state on NODE, or NULL (no zoneinfo). */
static const struct kcompactd *
node_kcompactd(const struct advice *adv, int node)
{
	size_t i;

	for (i = 0; adv->kc != NULL && i < adv->nkc; i++)
		if ((int)adv->kc[i].node == node)
			return &adv->kc[i];
	return NULL;
}

/* Print the commands that compact now, each on a line of its own. */
static void
compact_commands(FILE *fp)
{
	fprintf(fp, "    fragstat --compact\n  or on every node:\n"
	    "    echo 1 > /proc/sys/vm/compact_memory\n");
}

/* Print the next step, compact now, and its commands (lines never wrapped). */
static void
compact_now(FILE *fp)
{
	fprintf(fp, "Next step: compact memory, as root, on the nodes that "
	    "need it:\n");
	compact_commands(fp);
}

/*
 * Say to T row W's judgement, its place and what made it: "fragmented at
 * 2 MiB on node 0 (score 72): 980 free now of at most 5105 after
 * compaction (19.2%)"; the counts only where compaction could make any.
 */
static void
judged(struct render_sentence *t, const struct report *r,
    const struct avail *w)
{
	char b[32], c[RENDER_COUNTS_SIZE];

	render_say(t, "%s at %s on node %d (score %u)", judge_name(w->judgement),
	    hum_size(b, sizeof(b), 1ULL << w->order, r->page_size), w->node,
	    w->score);
	if (w->after > 0)
		render_say(t, ": %s", render_counts(c, sizeof(c), w));
}

/*
 * Say to T why kcompactd leaves the memory of row W fragmented, after
 * "Memory is ...": no zoneinfo, an old kernel, proactive compaction off,
 * or kcompactd idle below its mark.
 */
static void
idle_why(struct render_sentence *t, const struct report *r,
    const struct kcompactd *k)
{
	const struct advice *adv = r->advice;
	char b[32];

	if (k == NULL)
		render_say(t, "; whether kcompactd works on it is unknown "
		    "without zoneinfo.");
	else if (k->state == KCOMPACTD_NONE)
		render_say(t, "; kernels before 5.9 do not compact it in the "
		    "background.");
	else if (k->state == KCOMPACTD_OFF)
		render_say(t, " and proactive compaction is off "
		    "(vm.compaction_proactiveness 0); to turn it on:");
	else
		render_say(t, " and kcompactd is idle (score %" PRIu64 " at "
		    "%s, not above its high mark %u); a higher "
		    "vm.compaction_proactiveness (now %u) starts it earlier.",
		    k->score, hum_order(b, sizeof(b), adv->hpage_order,
		    r->page_size), k->high, adv->proactiveness);
}

/*
 * Under a next step that compacts: row W is fragmented, and why kcompactd
 * K leaves it so; the command that turns it on where it is off.
 */
static void
idle_note(FILE *fp, const struct report *r, const struct avail *w,
    const struct kcompactd *k)
{
	struct render_sentence t = { 0 };

	render_say(&t, "Memory is ");
	judged(&t, r, w);
	idle_why(&t, r, k);
	render_said(&t, fp, " ");
	if (k != NULL && k->state == KCOMPACTD_OFF)
		fprintf(fp, "    sysctl vm.compaction_proactiveness=%d\n",
		    ADVISE_PROACTIVENESS);
}

/*
 * The next step when row W is judged fragmented: kcompactd is at it, or
 * compact now and let kcompactd keep it so.
 */
static void
fragmented_step(FILE *fp, const struct report *r, const struct avail *w)
{
	const struct advice *adv = r->advice;
	const struct kcompactd *k = node_kcompactd(adv, w->node);
	struct render_sentence t = { 0 };
	char sb[96];

	if (k != NULL && k->state == KCOMPACTD_WORKING) {
		render_say(&t, "memory is ");
		judged(&t, r, w);
		if (adv->seen == KCOMPACTD_MOVED)
			render_say(&t, "; kcompactd is compacting (score %" PRIu64
			    " above its start mark %u; %s). ", k->score,
			    k->high, render_kcompactd_seen(sb, sizeof(sb),
			    adv->seen, adv->seen_ms));
		else
			render_say(&t, "; kcompactd should be compacting it "
			    "(score %" PRIu64 " above its start mark %u: "
			    "inferred, not observed). ", k->score, k->high);
		render_say(&t, "To compact now, as root, on the nodes that "
		    "need it:");
		render_said(&t, fp, "Next step:");
		compact_commands(fp);
		return;
	}
	compact_now(fp);
	idle_note(fp, r, w, k);
}

/* Under a next step: how fragmented memory is, row W (its judgement and numbers). */
static void
memory_is(FILE *fp, const struct report *r, const struct avail *w)
{
	struct render_sentence t = { 0 };

	render_say(&t, "Memory is ");
	judged(&t, r, w);
	render_say(&t, ".");
	render_said(&t, fp, " ");
}

/* Under a next step that is not compaction: memory is fragmented too (W). */
static void
fragmented_too(FILE *fp, const struct report *r, const struct avail *w)
{
	struct render_sentence t = { 0 };

	if (w == NULL || !judge_fragmented(w->judgement))
		return;
	render_say(&t, "Memory is also ");
	judged(&t, r, w);
	render_say(&t, "; once that is done, compact it, as root:");
	render_said(&t, fp, " ");
	fprintf(fp, "    fragstat --compact\n");
}

/*
 * The next step when a verdict is unknown: the inputs that are missing,
 * zoneinfo's watermarks, and for a gigantic --need the map (its counts
 * from free memory are bounds) and the hugetlb sizes.
 */
static void
missing_inputs(FILE *fp, const struct report *r)
{
	const struct need *n = r->need;
	bool gig = n != NULL && n->order >= r->bi->norders;
	struct render_sentence t = { 0 };

	if (r->zoneinfo_path == NULL && (!gig || (r->map != NULL &&
	    r->need_answer.possible != AVAIL_POSSIBLE_UNKNOWN))) {
		fprintf(fp, "Next step: give fragstat the missing input "
		    "(zoneinfo: --zoneinfo=FILE, or a whole\n  --sysroot) "
		    "to decide.\n");
		return;
	}
	/* Items joined by "; ". */
	if (r->zoneinfo_path == NULL)
		render_say(&t, "zoneinfo (--zoneinfo=FILE, or a whole "
		    "--sysroot)");
	if (gig && r->map == NULL)
		render_say(&t, "%sthe map of physical memory (--map, as root, "
		    "or --sysroot of a capture made with --capture DIR --map)",
		    t.n > 0 ? "; " : "");
	if (gig && r->need_answer.possible == AVAIL_POSSIBLE_UNKNOWN)
		render_say(&t, "%sthe hugetlb sizes (sys/kernel/mm/hugepages: "
		    "the live system, or a root or capture that holds it)",
		    t.n > 0 ? "; " : "");
	render_said(&t, fp, "Next step: give fragstat the missing input:");
}

/*
 * Returns in BUF BYTES as --need and the kernel's hugepagesz= and
 * hugetlb_cma= take them: in the largest unit that divides them, G, M or
 * K ("2M").
 */
static const char *
bytes_arg(char *buf, size_t size, uint64_t bytes)
{
	const char *unit = "G";

	if (bytes % (1ULL << 30) == 0)
		bytes >>= 30;
	else if (bytes % (1ULL << 20) == 0) {
		bytes >>= 20;
		unit = "M";
	} else {
		bytes >>= 10;
		unit = "K";
	}
	snprintf(buf, size, "%" PRIu64 "%s", bytes, unit);
	return buf;
}

/* Returns in BUF the size of ORDER as bytes_arg() writes it ("2M"). */
static const char *
size_arg(char *buf, size_t size, unsigned order, unsigned long page_size)
{
	return bytes_arg(buf, size, (uint64_t)page_size << order);
}

/*
 * Print --need N as an argument, COUNTxSIZE with SIZE in the largest unit
 * that divides it (G, M or K), and --node where N names one.
 */
static void
need_arg(FILE *fp, const struct need *n, unsigned long page_size)
{
	char b[32];

	fprintf(fp, "--need %" PRIu64 "x%s", n->count, size_arg(b, sizeof(b),
	    n->order, page_size));
	if (n->node >= 0)
		fprintf(fp, " --node %d", n->node);
}

/*
 * The next step when --need's answer is compact: --prepare compacts the
 * nodes short of it (--compact only those fragmented at the sizes shown,
 * and refuses --need), or the kernel compacts every node.
 */
static void
need_compact_step(FILE *fp, const struct report *r)
{
	fprintf(fp, "Next step: compact memory for --need, as root, on the "
	    "nodes short of it:\n    fragstat ");
	need_arg(fp, r->need, r->page_size);
	fprintf(fp, " --prepare\n  or on every node:\n"
	    "    echo 1 > /proc/sys/vm/compact_memory\n");
}

/* The next step when compaction would help: commands, or judgement W. */
static void
compact_step(FILE *fp, const struct report *r, const struct avail *w,
    bool fragmented)
{
	bool need = r->need != NULL &&
	    r->need_answer.verdict == VERDICT_COMPACT;
	const struct kcompactd *k;

	if (need)
		need_compact_step(fp, r);
	if (fragmented && need) {
		k = node_kcompactd(r->advice, w->node);
		if (k != NULL && k->state == KCOMPACTD_WORKING)
			memory_is(fp, r, w);
		else
			idle_note(fp, r, w, k);
	} else if (fragmented)
		fragmented_step(fp, r, w);
	if (fragmented) {
		ceilings(fp, r);
		return;
	}
	if (!need)
		compact_now(fp);
	fprintf(fp, "  The kernel compacts in the background as "
	    "vm.compaction_proactiveness (%u)\n  says, and compacts "
	    "rather than reclaims above vm.extfrag_threshold (%d).\n",
	    r->advice->proactiveness, r->advice->threshold);
	ceilings(fp, r);
}

/*
 * Returns whether the fragmentation index declines compaction in a zone
 * at the worst order: a zone whose verdict is reclaim for it
 * (0 <= fragindex <= vm.extfrag_threshold).
 */
static bool
index_declines(const struct report *r)
{
	const struct zadvice *a;
	size_t z;

	for (z = 0; z < r->bi->nzones; z++) {
		a = advise_at(r->advice, z, r->worst_j);
		if (a != NULL && a->verdict == VERDICT_RECLAIM &&
		    a->reason == R_INDEX_LOW)
			return true;
	}
	return false;
}

/*
 * The next step when --need's answer is reclaim for want of memory, not
 * of compaction: more than free memory holds, or more than compaction can
 * make where neither compaction_suitable() nor the fragmentation index
 * stops it (a gigantic size has neither: no zone's verdict speaks of it).
 * Returns false where the zones' verdicts say the reason.
 */
static bool
need_reclaim_step(FILE *fp, const struct report *r)
{
	const struct need *n = r->need;
	const struct avail *x = r->need_answer.row;
	bool gig = n->order >= r->bi->norders;
	const char *unit = gig ? "pages" : "blocks";
	struct render_sentence t = { 0 };
	char b[32], k[32];

	if (x == NULL || r->need_answer.verdict != VERDICT_RECLAIM)
		return false;
	hum_size(b, sizeof(b), 1ULL << n->order, r->page_size);
	if (x->room < n->count)
		render_say(&t, "free memory: free memory%s holds at most %"
		    PRIu64 " %s of %s, fewer than the %" PRIu64 " --need asks "
		    "for: free memory first; compaction cannot make more.",
		    gig ? "" : " above the watermarks", x->room, unit, b,
		    n->count);
	else if (gig || (r->reclaim_least == NULL && !index_declines(r)))
		render_say(&t, "free memory: compaction can make at most %"
		    PRIu64 " %s of %s, fewer than the %" PRIu64 " --need asks "
		    "for.", x->reach, unit, b, n->count);
	else
		return false;
	if (gig)
		render_say(&t, " Pages of %s are surest reserved at boot "
		    "(hugepagesz=%s hugepages=N).", b, size_arg(k, sizeof(k),
		    n->order, r->page_size));
	render_said(&t, fp, "Next step:");
	return true;
}

/* Under a next step: memory the kernel has yet to add may answer --need. */
static void
unmanaged_note(FILE *fp, const struct report *r)
{
	if (r->need_unmanaged > 0)
		fprintf(fp, "  But try the allocation first: memory "
		    "the kernel adds as allocations need it\n  "
		    "(above) may cover --need.\n");
}

/*
 * The next step when --need's answer is short: all of the memory the
 * kernel manages, free, would hold fewer (its capacity); for a gigantic
 * size, only a machine with more memory has them.
 */
static void
short_need_step(FILE *fp, const struct report *r)
{
	const struct need *n = r->need;
	const struct avail *x = r->need_answer.row;
	bool gig = n->order >= r->bi->norders;
	struct render_sentence t = { 0 };
	char b[32], k[32];

	render_say(&t, "none that frees memory: all of the memory the kernel "
	    "manages, free, would hold at most %" PRIu64 " %s of %s, fewer "
	    "than the %" PRIu64 " --need asks for.", x->capacity,
	    gig ? "pages" : "blocks", hum_size(b, sizeof(b), 1ULL << n->order,
	    r->page_size), n->count);
	if (gig)
		render_say(&t, " Only a machine with more memory makes them "
		    "(reserved at boot: hugepagesz=%s hugepages=N).",
		    size_arg(k, sizeof(k), n->order, r->page_size));
	render_said(&t, fp, "Next step:");
	unmanaged_note(fp, r);
}

/* The next step when memory must be freed first, at the worst order. */
static void
reclaim_step(FILE *fp, const struct report *r, const struct avail *w)
{
	const struct zadvice *a = r->reclaim_least;
	bool gig = false;
	char b[32];

	if (r->need != NULL && need_reclaim_step(fp, r))
		gig = r->need->order >= r->bi->norders;
	else if (a)
		fprintf(fp, "Next step: free memory: %s more must be free "
		    "in node %u, zone %s before\n  compaction can "
		    "run. kswapd keeps more free with a higher "
		    "vm.min_free_kbytes\n  or vm.watermark_scale_factor.\n",
		    hum_size(b, sizeof(b), r->reclaim_short, r->page_size), r->bi->zones[a->zone].node,
		    r->bi->zones[a->zone].name);
	else if (w != NULL && judge_fragmented(w->judgement)) {
		/*
		 * The index is a heuristic: free memory all one order below
		 * the request reads as a shortage to it. Compaction by hand
		 * (compact_node(), order -1) does not consult it.
		 */
		fprintf(fp, "Next step: the kernel will not compact for this "
		    "size: its fragmentation\n  index (at or below "
		    "vm.extfrag_threshold, %d) takes the failure for a lack\n"
		    "  of memory, a heuristic. Compaction by hand does not ask "
		    "the index; as root:\n    fragstat --compact\n",
		    r->advice->threshold);
		memory_is(fp, r, w);
		return;
	} else
		fprintf(fp, "Next step: free memory: the kernel's "
		    "fragmentation index (at or below\n  "
		    "vm.extfrag_threshold, %d) takes the failure for a lack "
		    "of memory, and\n  compaction would not run for it.\n",
		    r->advice->threshold);
	unmanaged_note(fp, r);
	/* Small orders say nothing of a gigantic size. */
	if (!gig)
		fragmented_too(fp, r, w);
}

/*
 * The next step when the next allocation succeeds but row W is short of
 * memory: free memory above the watermarks holds too few blocks; only
 * freeing memory makes more.
 */
static void
short_step(FILE *fp, const struct report *r, const struct avail *w)
{
	struct render_sentence t = { 0 };
	char b[32];

	render_say(&t, "none for the next allocation, but memory is short at "
	    "%s on node %d: free memory above the watermarks holds %" PRIu64
	    " such blocks, fewer than %" PRIu64 " (--low); compaction cannot "
	    "make more, freeing memory can.", hum_size(b, sizeof(b),
	    1ULL << w->order, r->page_size), w->node, w->room,
	    judge_useful(w));
	render_said(&t, fp, "Next step:");
}

/*
 * The next step when --need's answer is pinned: freeing memory makes no
 * more than the regions free of pinned pages hold (its pinned limit), and
 * unmovable pages keep the others; where no 1 GiB region is tainted,
 * holes and zone boundaries do (regions_pinned()).
 */
static void
pinned_step(FILE *fp, const struct report *r)
{
	const struct avail *x = r->need_answer.row;
	struct render_sentence t = { 0 };
	uint64_t most = x != NULL ? advise_sat_add(x->limit, x->uninit) : 0;
	uint64_t each = (uint64_t)r->page_size << r->need->order;
	bool gig = r->need->order >= r->bi->norders;
	bool pins = true;
	const char *keep;
	struct regions_pinned p;
	char k[32], cma[32];

	if (gig && r->regions != NULL && r->map != NULL) {
		regions_pinned(r->regions, r->map, r->need->node, &p);
		pins = p.tainted > 0;
	}
	keep = pins ? "unmovable pages keep" : "holes and zone boundaries keep";
	if (most > 0)
		render_say(&t, "freeing memory makes at most %" PRIu64 " of "
		    "these pages, not the %" PRIu64 " --need asks for: %s "
		    "every other region that could hold one", most,
		    r->need->count, keep);
	else
		render_say(&t, "freeing memory will not make these pages: %s "
		    "every region that could hold one", keep);
	render_say(&t, " ('fragstat --map' lists them%s). Reserve them at "
	    "boot instead (hugepagesz=%s hugepages=%" PRIu64 ")", pins ?
	    ", '--cgroups' who allocated them" : "", size_arg(k, sizeof(k),
	    r->need->order, r->page_size), r->need->count);
	/*
	 * hugetlb_cma= sets aside a CMA area for gigantic pages only
	 * (hugetlb_cma_reserve()); its size for all of them, where the bytes
	 * fit a number.
	 */
	if (gig && r->need->count <= UINT64_MAX / each)
		render_say(&t, " or from CMA (hugetlb_cma=%s)", bytes_arg(cma,
		    sizeof(cma), r->need->count * each));
	render_say(&t, ".");
	render_said(&t, fp, "Next step:");
}

/*
 * The next step when --need asks for a gigantic size the host has no
 * hugetlb pages of: the kernel registers such a size at boot only.
 */
static void
impossible_step(FILE *fp, const struct report *r)
{
	struct render_sentence t = { 0 };
	char k[32];

	render_say(&t, "none possible for --need: the kernel registers a "
	    "hugetlb size at boot (hugepagesz=%s), where the CPU supports "
	    "pages of that size.", size_arg(k, sizeof(k), r->need->order,
	    r->page_size));
	render_said(&t, fp, "Next step:");
}

/*
 * The next step for the worst verdict of the machine and the worst
 * judgement of its nodes, in plain words: never "none needed" while
 * memory is fragmented at a size shown.
 */
void
render_next_step(FILE *fp, const struct report *r)
{
	const struct avail *w = r->judged_worst;
	bool fragmented = w != NULL && judge_fragmented(w->judgement);

	fputc('\n', fp);
	switch (r->worst) {
	case VERDICT_OK:
		if (fragmented)
			fragmented_step(fp, r, w);
		else if (w != NULL && w->judgement == JUDGE_SHORT)
			short_step(fp, r, w);
		else
			fprintf(fp, "Next step: none needed.\n");
		break;
	case VERDICT_COMPACT:
		compact_step(fp, r, w, fragmented);
		break;
	case VERDICT_RECLAIM:
		reclaim_step(fp, r, w);
		break;
	case VERDICT_UNKNOWN:
		missing_inputs(fp, r);
		fragmented_too(fp, r, w);
		break;
	case VERDICT_PINNED:
		pinned_step(fp, r);
		break;
	case VERDICT_SHORT:
		short_need_step(fp, r);
		break;
	case VERDICT_UNUSABLE:
	case VERDICT_NSTATES:
		if (r->need && r->need_answer.possible == AVAIL_IMPOSSIBLE) {
			impossible_step(fp, r);
			break;
		}
		fprintf(fp, "Next step: none possible: no zone may serve such "
		    "an allocation (see --gfp).\n");
		break;
	}
}
