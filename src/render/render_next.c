/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_next.c - the summary's next step: what to do about the worst verdict and judgement */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "avail.h"
#include "humanize.h"
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
	render_say(&t, "Memory is ");
	judged(&t, r, w);
	idle_why(&t, r, k);
	render_said(&t, fp, " ");
	if (k != NULL && k->state == KCOMPACTD_OFF)
		fprintf(fp, "    sysctl vm.compaction_proactiveness=%d\n",
		    ADVISE_PROACTIVENESS);
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

/* The next step when compaction would help: commands, or judgement W. */
static void
compact_step(FILE *fp, const struct report *r, const struct avail *w,
    bool fragmented)
{
	if (fragmented) {
		fragmented_step(fp, r, w);
		ceilings(fp, r);
		return;
	}
	compact_now(fp);
	fprintf(fp, "  The kernel compacts in the background as "
	    "vm.compaction_proactiveness (%u)\n  says, and compacts "
	    "rather than reclaims above vm.extfrag_threshold (%d).\n",
	    r->advice->proactiveness, r->advice->threshold);
	ceilings(fp, r);
}

/* The next step when memory must be freed first, at the worst order. */
static void
reclaim_step(FILE *fp, const struct report *r, const struct avail *w)
{
	const struct zadvice *a = r->reclaim_least;
	char b[32];

	if (a)
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
	/* Memory the kernel has yet to add may answer --need. */
	if (r->need_unmanaged > 0)
		fprintf(fp, "  But try the allocation first: memory "
		    "the kernel adds as allocations need it\n  "
		    "(above) may cover --need.\n");
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
		fprintf(fp, "Next step: freeing memory will not make these "
		    "pages: unmovable pages keep every\n  region that could "
		    "hold one ('fragstat --map' lists them, '--cgroups' who\n"
		    "  allocated them). Reserve them at boot instead "
		    "(hugepagesz=SIZE hugepages=N) or\n  from CMA "
		    "(hugetlb_cma=SIZE).\n");
		break;
	case VERDICT_UNUSABLE:
	case VERDICT_NSTATES:
		if (r->need && r->need_answer.possible == AVAIL_IMPOSSIBLE) {
			fprintf(fp, "Next step: none possible for --need: the "
			    "kernel registers a hugetlb size at\n  boot "
			    "(hugepagesz=SIZE), where the CPU supports "
			    "pages of that size.\n");
			break;
		}
		fprintf(fp, "Next step: none possible: no zone may serve such "
		    "an allocation (see --gfp).\n");
		break;
	}
}
