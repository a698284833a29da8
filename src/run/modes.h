/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * modes.h - what the modes of main.c share: one snapshot read, computed on
 * and rendered (pipeline.c), and each mode's entry (mode_*.c)
 */
#ifndef FRAGSTAT_MODES_H
#define FRAGSTAT_MODES_H

#include <stdbool.h>
#include <stdio.h>

#include "avail.h"
#include "inputs.h"
#include "map.h"
#include "options.h"
#include "report.h"
#include "slurp.h"
#include "unmanaged.h"

/* What pipe_load() computes from the inputs when advice is wanted. */
struct verdicts {
	struct advice		 adv;
	struct availability	 av;
	struct need		 need;		/* the first --need: its gigantic order */
	/* Every --need and its answer (the report's need: the worst). */
	struct need		 needs[OPTS_NEEDS_MAX];
	struct need_answer	 answers[OPTS_NEEDS_MAX];
	size_t			 nneeds;
	struct unmanaged	 unm;	/* with zoneinfo: memory not managed */
};

/*
 * Returns 0 after writing and closing stdout, or EXIT_DATA when that
 * failed. A reader that went away (EPIPE: SIGPIPE is ignored) is the
 * normal end of a pipe such as 'fragstat --json | head -c1', as in --watch.
 */
int	pipe_close_stdout(void);

/*
 * Returns the page size for O and where it came from in *FROM: --page-size,
 * else the host's when the files are the live ones, else what the capture
 * IN was read from says (IN NULL: not read yet), else assumed PAGEORDER_DEFAULT_PAGE_SIZE.
 */
unsigned long	pipe_page_size(const struct opts *o, const struct inputs *in,
	    const char **from);

/* Returns the input options O asks for. */
struct input_opts	pipe_input_opts(const struct opts *o);

/*
 * Store in ORDERS the orders that matter for O and IN: --advise=LIST or
 * --orders=LIST, else the pageblock order and every enabled THP order,
 * else 9. Returns how many with *FROM saying where they came from, or -1
 * after a usage message.
 */
int	pipe_orders(const struct opts *o, const struct inputs *in,
	    unsigned long page_size, unsigned *orders, const char **from);

/*
 * Returns the order of 1 GiB pages of PAGE_SIZE when the buddy allocator
 * of IN cannot make them (gigantic pages), else 0.
 */
unsigned	pipe_gigantic_order(const struct inputs *in,
	    unsigned long page_size);

/*
 * Fill V's advice, and its needs from every --need, from O and IN for the
 * report. Returns 0, or an exit code after a message.
 */
int	pipe_advise(const struct opts *o, const struct inputs *in,
	    unsigned long page_size, struct verdicts *v);

/* Fill R from IN for the options O. */
void	pipe_report(const struct opts *o, const struct inputs *in,
	    struct report *r);

/*
 * Fill U from IN's zoneinfo, meminfo and vmstat (nothing without
 * zoneinfo) and point R at it. Returns 0, or EXIT_DATA after a message.
 */
int	pipe_unmanaged(const struct inputs *in, struct report *r,
	    struct unmanaged *u);

void	pipe_verdicts_free(struct verdicts *v);

/*
 * Returns the order of V's first gigantic --need (one IN's buddy orders
 * cannot make, whichever of several --need it is), else 0: the one
 * gigantic row counted.
 */
unsigned pipe_need_gigantic(const struct verdicts *v, const struct inputs *in);

/*
 * Count in V the allocations of every order of its advice for IN and R,
 * with the map M (NULL: none). Returns 0, or EXIT_DATA after a message.
 */
int	pipe_count(const struct opts *o, const struct inputs *in,
	    struct report *r, struct verdicts *v, const struct map *m);

/* Load what O needs into IN, R and V. Returns 0, or an exit code after a message. */
int	pipe_load(struct opts *o, struct inputs *in, struct report *r,
	    struct verdicts *v);

/*
 * In a live run with advice, kcompactd as seen: IN's vmstat read again
 * now, its counters against the first read's, into V's advice, for the
 * views that say it (a snapshot holds one read: its state stays inferred
 * from the score). Called where a view that says it is written (the
 * view of one run, and --compact's, whose JSON says it before and after),
 * so that --check, --prepare and --compact's recount as text, which say
 * nothing of it, do not read vmstat again.
 */
void	pipe_kcompactd_seen(const struct opts *o, struct inputs *in,
	    struct verdicts *v);

/*
 * --compact: show the advice, compact the nodes it says to, and show it
 * again with the time compaction took. Returns an exit code.
 */
int	run_compact(struct opts *o, const struct report *before);

/* Render R in format F to FP. */
void	pipe_render(enum format f, const struct report *r, FILE *fp);

/*
 * Add the roots listed one per line in PATH ("-": standard input) to O.
 * Returns 0, or EXIT_DATA after a message. The list's buffer is kept.
 */
int	run_batch_roots(struct opts *o, struct slurp *list);

/*
 * Analyse every root of O in turn, each written whole or not at all: a
 * section per snapshot in the table, one JSON object per line. Returns
 * EXIT_OK, or the error of the last snapshot that failed.
 */
int	run_batch(struct opts *o);

/*
 * --format=svg of many roots: one picture of them all over time, so every
 * snapshot is loaded first. One that cannot be read is reported and left
 * out. Returns EXIT_OK, or the error of the last snapshot that failed.
 */
int	run_batch_svg(struct opts *o);

/*
 * --fleet: every root of O (--sysroot, then the list of --roots-from read a
 * line at a time) summed up in one table, JSON document or picture.
 * Returns EXIT_OK, or the error of the last root that failed.
 */
int	run_fleet(struct opts *o);

/* --watch: find the orders that matter once, then sample. Returns an exit code. */
int	run_watch(struct opts *o);

/* --sysroot of a recording: summarise the run. Returns an exit code. */
int	run_replay(const struct opts *o);

/* --compare of two recordings. Returns an exit code. */
int	run_replay_compare(const struct opts *o);

/* --compare A B. Returns an exit code. */
int	run_compare(struct opts *o);

/*
 * Read into M and CG (NULL: not kept) the map the capture at ROOT (its
 * files IN) stored, when it stored one (*STORED), its page size into
 * *PAGE_SIZE. Returns 0, or EXIT_DATA after a message.
 */
int	run_map_stored(const char *root, const struct inputs *in,
	    struct map *m, struct memcg *cg, unsigned long *page_size,
	    bool *stored);

/*
 * Build M for O and IN: the map the capture O->sysroot stored (its page
 * size into *PAGE_SIZE), else from the page flags of a root that has them
 * (proc/kpageflags) or of this host; with CG, the cgroups stored or read
 * (kpagecgroup) too. *STORED_MAP says whether a capture's map was read.
 * Returns 0, or EXIT_DATA after a message.
 */
int	run_map_load(const struct opts *o, const struct inputs *in,
	    unsigned need_order, unsigned long *page_size, struct map *m,
	    struct memcg *cg, bool *stored_map);

/*
 * --map: read the page flags of every zone, or the map a capture stored,
 * and show the compaction ceiling. Returns an exit code.
 */
int	run_map(const struct opts *o);

#endif
