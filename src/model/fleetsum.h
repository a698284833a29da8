/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleetsum.h - many roots summed up: per size, the counts over hosts and nodes */
#ifndef FRAGSTAT_FLEETSUM_H
#define FRAGSTAT_FLEETSUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "advice.h"
#include "availability.h"
#include "model.h"

/* Sizes, kernel releases and page sizes kept apart; more are counted as others. */
#define FLEET_MAX_SIZES		16
#define FLEET_MAX_KINDS		16
/* The worst hosts kept: those with the fewest allocations free now. */
#define FLEET_WORST		10
/* The percentiles of a distribution, besides its min and max. */
#define FLEET_NPCT		5

/* Whole percents of the percentiles: p1, p5, p10, p50, p90. */
extern const unsigned fleet_pct[FLEET_NPCT];
/* The median's place in them: fleet_pct[FLEET_P50] is 50. */
#define FLEET_P50		3

/* The populations a distribution is over: hosts (whole roots) and nodes. */
enum fleet_over { FLEET_HOSTS, FLEET_NODES, FLEET_NOVER };

/*
 * Every value seen, for exact percentiles: one selection needs them all
 * (a histogram of bounded buckets would round them), so memory grows by
 * 8 bytes per host or node per size and measure, and by nothing else.
 */
struct fleet_values {
	uint64_t	*v;
	size_t		 n, cap;
	bool		 sorted;
};

/* A distribution: N values, the least, the percentiles of fleet_pct, the most. */
struct fleet_dist {
	uint64_t	 n, min, pct[FLEET_NPCT], max;
};

/* One size (bytes: page size << order) over the fleet. */
struct fleet_size {
	uint64_t		 bytes;
	struct fleet_values	 now[FLEET_NOVER], after[FLEET_NOVER];
	uint64_t		 none_now[FLEET_NOVER];	/* no allocation free now */
	uint64_t		 bound[FLEET_NOVER];	/* now only an upper bound */
	/* --need's size that cannot be had there (impossible): in no count above. */
	uint64_t		 impossible[FLEET_NOVER];
	/* The distributions of now and after, once fleet_finish() ran. */
	struct fleet_dist	 dist_now[FLEET_NOVER], dist_after[FLEET_NOVER];
};

/* How many roots had a kernel release ("" unknown) or a page size. */
struct fleet_kind {
	char		 release[KVER_MAX_LEN + 1];
	unsigned long	 page_size;
	uint64_t	 roots;
};

/*
 * A worst host: its root, what it runs, its counts at the worst size, its
 * verdict. IMPOSSIBLE: the host cannot have the size at all, and has no
 * counts (NOW and AFTER 0); such a host is worse than any with counts.
 */
struct fleet_worst {
	char		*root;
	char		 release[KVER_MAX_LEN + 1];
	unsigned long	 page_size;
	uint64_t	 now, after;
	bool		 now_is_bound, impossible;
	enum verdict	 verdict;
};

struct fleet {
	uint64_t		 roots, unreadable, nodes;
	struct fleet_size	 sizes[FLEET_MAX_SIZES];
	size_t			 nsizes;
	uint64_t		 sizes_dropped;	/* (root, size) pairs past FLEET_MAX_SIZES */
	struct fleet_kind	 kernels[FLEET_MAX_KINDS], pages[FLEET_MAX_KINDS];
	size_t			 nkernels, npages;
	uint64_t		 other_kernels, other_pages;
	/* --need: COUNT of NEED_BYTES; hosts and nodes by verdict. */
	uint64_t		 need_count, need_bytes;
	uint64_t		 need_hosts[VERDICT_NSTATES];
	uint64_t		 need_nodes[VERDICT_NSTATES];
	/* The hosts and the nodes judged against --need (fleet_finish()). */
	uint64_t		 need_judged[FLEET_NOVER];
	/* The size the worst hosts are ranked at (0: none seen yet). */
	uint64_t		 worst_bytes;
	struct fleet_worst	 worst[FLEET_WORST];
	size_t			 nworst;
};

/* One root's answers, as fleet_add() reads them. */
struct fleet_root {
	const char			*root;
	const char			*release;	/* NULL: unknown */
	unsigned long			 page_size;
	const struct advice		*adv;
	const struct availability	*av;
	const struct need		*need;		/* NULL without --need */
	enum avail_possible		 possible;	/* of the need's order */
};

#endif
