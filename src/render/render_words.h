/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_words.h - phrases several views share: findings, counts and changes in words */
#ifndef FRAGSTAT_RENDER_WORDS_H
#define FRAGSTAT_RENDER_WORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct avail;
struct futile;
struct render_sentence;
struct replay;

/*
 * Returns the finding of F (kcompactd working for nothing) in words, for
 * pageblocks of 2^PB pages of PAGE_SIZE bytes, for the caller to free;
 * NULL after ferr_nomem() when memory ran out.
 */
char	*render_futile(const struct futile *f, unsigned pb,
	    unsigned long page_size);

/*
 * Say to T what recording R spans: "120 samples every 1.000 s, FIRST to
 * LAST", and that a last sample cut short was ignored.
 */
void	render_replay_span(struct render_sentence *t, const struct replay *r);

/*
 * Returns BUF holding why pages of ORDER cannot be had on a host with
 * pages of PAGE_SIZE: "no hugepages-1048576kB", the hugetlb size it lacks.
 */
const char	*render_no_hugepages(char *buf, size_t size, unsigned order,
	    unsigned long page_size);

/*
 * Returns BUF holding B - A as "+N" or "-N"; no difference is "+0" with
 * PLUS_ZERO, else "0".
 */
const char	*render_change(char *buf, size_t size, uint64_t a, uint64_t b,
		    bool plus_zero);

/* Print on FP the N nodes NODES as a list: "node 0", "nodes 0, 1". */
void	render_nodes(FILE *fp, const unsigned *nodes, size_t n);

/* Returns BUF holding the allocations free now of A: "N", or "<=N" where N is only an upper bound. */
const char	*render_now(char *buf, size_t size, const struct avail *a);

/*
 * Returns BUF holding the share of what compaction could make that is
 * free now in A (judge_ratio() of its counts; "0.0%" without any after
 * compaction), as every view prints it beside A's judgement: to a tenth,
 * half up, but to the hundredth, cut, where a tenth would round it up
 * onto a whole percent: 999 of 1999 is "49.97%", not "50.0%". Where
 * pinned pages, not the share, make A fragmented (its BY_PINS), it says
 * so: "100.0%, but free memory holds 1021: pinned pages cap compaction".
 * A buffer of RENDER_SHARE_SIZE bytes holds any of them whole.
 */
const char	*render_share(char *buf, size_t size, const struct avail *a);

/* The bytes render_share() writes at the most (a 20-digit ROOM), with room to spare. */
#define RENDER_SHARE_SIZE	96

/*
 * Returns BUF holding the counts of A with their share, as every view
 * words them: "9127 free now of at most 10096 after compaction (90.4%)"
 * (hum_counts(), then render_share() where there is an after compaction).
 * A buffer of RENDER_COUNTS_SIZE bytes holds any of them whole.
 */
const char	*render_counts(char *buf, size_t size, const struct avail *a);

/* The bytes render_counts() writes at the most: the counts and the share. */
#define RENDER_COUNTS_SIZE	(96 + RENDER_SHARE_SIZE)

/*
 * Returns the file(s) compaction of the N NODES writes (ALL: the one
 * COMPACTION_ALL_FILE), each node's COMPACTION_NODE_FILE separated by
 * spaces, for the caller to free; NULL after ferr_nomem() when memory
 * ran out. --compact and --prepare both say them.
 */
char	*render_compact_files(const unsigned *nodes, size_t n, bool all);

#endif
