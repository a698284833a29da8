/* SPDX-License-Identifier: GPL-2.0-or-later */
/* model.h - plain structs the parsers fill and everything after them reads */
#ifndef FRAGSTAT_MODEL_H
#define FRAGSTAT_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bounds.h"

/* One line of /proc/buddyinfo: free blocks per order of one zone. */
struct bzone {
	unsigned	 node;
	char		 name[FRAG_NAME_SIZE];
	unsigned long	 line;
	uint64_t	*free;		/* norders counts, in buddyinfo.counts */
};

struct buddyinfo {
	struct bzone	*zones;		/* in file order (the kernel's order) */
	size_t		 nzones;
	unsigned	 norders;
	uint64_t	*counts;	/* nzones * norders, zone after zone */
};

/* One zone of /proc/pagetypeinfo. */
struct ptzone {
	unsigned	 node;
	char		 name[FRAG_NAME_SIZE];
	unsigned long	 line;
	/*
	 * free blocks per type (index into pagetypeinfo.types) and order:
	 * norders counts in pagetypeinfo.counts, zeros for a type without a row
	 */
	const uint64_t	*free[FRAG_MAX_TYPES];
	unsigned long	 free_line[FRAG_MAX_TYPES];	/* where each row was read */
	uint32_t	 capped[FRAG_MAX_TYPES];	/* order bits printed as >N */
	bool		 has_free[FRAG_MAX_TYPES];
	uint64_t	 blocks[FRAG_MAX_TYPES];	/* pageblocks per type */
	bool		 has_blocks[FRAG_MAX_TYPES];
	uint64_t	 mixed[FRAG_MAX_TYPES];		/* CONFIG_PAGE_OWNER only */
	bool		 has_mixed[FRAG_MAX_TYPES];
};

struct zoneset;

struct pagetypeinfo {
	unsigned	 pageblock_order;
	unsigned long	 order_line;	/* where the pageblock order was read */
	uint64_t	 pages_per_block;
	unsigned	 norders;
	char		 types[FRAG_MAX_TYPES][FRAG_NAME_SIZE];
	unsigned	 ntypes;		/* in order of first appearance */
	struct ptzone	*zones;
	size_t		 nzones, zones_cap;
	uint64_t	*counts;	/* the free rows, norders counts each */
	struct zoneset	*set;		/* (node, name) -> index, for pagetypeinfo_find() */
	unsigned long	 lines;		/* the file's, for pagetypeinfo_whole() */
};

/* Which fields a zoneinfo zone printed (kernels differ). */
enum {
	ZI_FREE = 1 << 0, ZI_MIN = 1 << 1, ZI_LOW = 1 << 2, ZI_HIGH = 1 << 3,
	ZI_PRESENT = 1 << 4, ZI_MANAGED = 1 << 5, ZI_PROTECTION = 1 << 6,
	ZI_FREE_CMA = 1 << 7, ZI_SPANNED = 1 << 8, ZI_BOOST = 1 << 9,
	ZI_PROMO = 1 << 10, ZI_CMA = 1 << 11,
	ZI_START_PFN = 1 << 12, ZI_PCP = 1 << 13, ZI_FREE_BLOCKS = 1 << 14,
};

/*
 * The counters of a zoneinfo zone that say what its pages hold (--map's
 * explanation): the zone's own (nr_zone_* since 4.8, nr_zspages,
 * nr_unaccepted 6.5+) and, printed in a node's first populated zone
 * under "per-node stats", the node's (older kernels printed some per
 * zone): added up over a node's zones, each is the node's. In pages,
 * but nr_kernel_stack, in kB (NR_KERNEL_STACK_KB).
 */
enum zi_stat {
	ZS_INACTIVE_ANON, ZS_ACTIVE_ANON, ZS_INACTIVE_FILE, ZS_ACTIVE_FILE,
	ZS_UNEVICTABLE, ZS_ZSPAGES, ZS_UNACCEPTED,
	ZS_ISOLATED_ANON, ZS_ISOLATED_FILE,
	ZS_SLAB_RECLAIMABLE, ZS_SLAB_UNRECLAIMABLE, ZS_KERNEL_STACK_KB,
	ZS_PAGE_TABLE, ZS_SEC_PAGE_TABLE, ZS_IOMMU, ZS_HUGETLB, ZS_BALLOON,
	ZS_WRITE_PENDING,	/* nr_zone_write_pending: dirty and under writeback */
	ZI_NSTATS
};

/* The parts of one /proc/zoneinfo zone that decide allocation and compaction. */
struct zizone {
	unsigned	 node;
	char		 name[FRAG_NAME_SIZE];
	unsigned long	 line;
	unsigned	 index;		/* position among its node's zones */
	unsigned	 have;		/* ZI_* bits */
	uint64_t	 free, min, low, high, boost, promo;	/* pages */
	uint64_t	 spanned, present, managed, cma, free_cma;
	/*
	 * nr_free_pages_blocks (6.15+): free pages in buddy blocks of the
	 * pageblock order or more, Isolate excepted (a211c6550efc)
	 */
	uint64_t	 free_blocks;
	uint64_t	 start_pfn;	/* first page frame of the span */
	uint64_t	 pcp;		/* pages on the per-CPU free lists ("count:") */
	uint64_t	 protection[FRAG_MAX_NODE_ZONES];	/* lowmem_reserve[] */
	unsigned	 nprotection;
	uint64_t	 stat[ZI_NSTATS];	/* enum zi_stat */
	uint32_t	 have_stat;		/* bit per counter printed */
};

struct zoneinfo {
	struct zizone	*zones;		/* in file order */
	size_t		 nzones, zones_cap;
	struct zoneset	*set;		/* (node, name) -> index, for zoneinfo_find() */
	bool		 dma, dma32;	/* some node lists a DMA, a DMA32 zone */
	unsigned long	 lines;		/* the file's, for zoneinfo_whole() */
};

/* The /proc/vmstat counters fragstat follows (events since boot). */
enum vm_counter {
	VM_COMPACT_STALL, VM_COMPACT_SUCCESS, VM_COMPACT_FAIL,
	VM_COMPACT_MIGRATE_SCANNED, VM_COMPACT_FREE_SCANNED,
	VM_COMPACT_ISOLATED, VM_COMPACT_DAEMON_WAKE,
	VM_THP_FAULT_ALLOC, VM_THP_FAULT_FALLBACK,
	VM_PGMIGRATE_SUCCESS, VM_PGMIGRATE_FAIL,
	VM_NR_FREE_PAGES,
	VM_NR_BALLOON_PAGES,	/* --map: OFFLINE pages are balloon pages */
	VM_NR_FREE_PAGES_BLOCKS,	/* 6.15+: free pages in whole pageblocks */
	/* The outcomes: what happened to allocations, beside the above. */
	VM_THP_FAULT_FALLBACK_CHARGE,
	VM_THP_COLLAPSE_ALLOC, VM_THP_COLLAPSE_ALLOC_FAILED,
	VM_THP_FILE_ALLOC, VM_THP_FILE_FALLBACK,
	VM_THP_SPLIT_PAGE, VM_THP_SPLIT_PAGE_FAILED,
	VM_ALLOCSTALL_DMA, VM_ALLOCSTALL_DMA32, VM_ALLOCSTALL_NORMAL,
	VM_ALLOCSTALL_MOVABLE, VM_ALLOCSTALL_DEVICE,
	/* kcompactd's share of the scanning above (--compare of sets). */
	VM_COMPACT_DAEMON_MIGRATE_SCANNED, VM_COMPACT_DAEMON_FREE_SCANNED,
	/* --map's explanation: the memory map's pages (6.11+, global). */
	VM_NR_MEMMAP_PAGES, VM_NR_MEMMAP_BOOT_PAGES,
	VM_NCOUNTERS
};

/* --watch shows the counters before this one. */
#define VM_NWATCHED	VM_NR_BALLOON_PAGES

/* The outcome counters, in the order the outcomes name them. */
#define VM_NOUTCOMES	17
extern const enum vm_counter vm_outcomes[VM_NOUTCOMES];

struct vmstat {
	uint64_t	 v[VM_NCOUNTERS];
	uint32_t	 have;		/* bit per counter the kernel printed */
};

/* The /proc/meminfo lines fragstat reads (meminfo_proc_show()), in kB. */
enum {
	MI_TOTAL = 1 << 0, MI_FREE = 1 << 1, MI_UNACCEPTED = 1 << 2,
	MI_BALLOON = 1 << 3, MI_VMALLOC = 1 << 4, MI_PERCPU = 1 << 5,
	MI_HUGETLB = 1 << 6, MI_CORRUPTED = 1 << 7, MI_CMA_TOTAL = 1 << 8,
	MI_CMA_FREE = 1 << 9,
};

struct meminfo {
	uint64_t	 total_kb, free_kb;	/* MemTotal, MemFree */
	uint64_t	 unaccepted_kb;	/* Unaccepted (6.5+, confidential VMs) */
	uint64_t	 balloon_kb;	/* Balloon (6.13+) */
	/* --map's explanation: what holds the kernel's pages. */
	uint64_t	 vmalloc_kb;	/* VmallocUsed (real since 5.3) */
	uint64_t	 percpu_kb;	/* Percpu (4.16+) */
	uint64_t	 hugetlb_kb;	/* Hugetlb: every size's pool (4.14+) */
	uint64_t	 corrupted_kb;	/* HardwareCorrupted */
	uint64_t	 cma_total_kb, cma_free_kb;	/* CmaTotal, CmaFree */
	unsigned	 have;		/* MI_* bits: the lines printed */
};

/* One line of /proc/pressure/memory; averages in hundredths of a percent. */
struct psi_line {
	bool		 present;
	uint32_t	 avg10, avg60, avg300;
	uint64_t	 total_us;
};

struct psi {
	struct psi_line	 some, full;
};

/*
 * hugetlb page sizes: x86 has 2, arm64 4 (64K, 2M, 32M, 1G with 4K pages),
 * powerpc and others a few.
 */
#define FRAG_MAX_HUGE_SIZES	8

/* One node's pool of one hugetlb size (node<K>/hugepages/hugepages-<N>kB/). */
struct hugetlb_node {
	unsigned	 node;
	uint64_t	 nr, free, surplus;	/* huge pages */
};

/*
 * One hugetlb page size and its machine-wide pool, as the files of
 * /sys/kernel/mm/hugepages/hugepages-<N>kB/ say, in huge pages:
 * nr_hugepages, free_hugepages, resv_hugepages, surplus_hugepages,
 * nr_overcommit_hugepages.
 */
struct hugetlb_size {
	uint64_t		 bytes;
	int			 order;	/* of base pages; -1 when none makes it */
	uint64_t		 nr, free, resv, surplus, overcommit;
	struct hugetlb_node	*nodes;	/* ascending node id, malloc'd */
	size_t			 nnodes;
};

struct hugetlb {
	struct hugetlb_size	 sizes[FRAG_MAX_HUGE_SIZES];	/* ascending bytes */
	size_t			 nsizes;
};

/*
 * Multi-size THP (sys/kernel/mm/transparent_hugepage/hugepages-<N>kB/):
 * x86 has 9 sizes (8 KiB to 2 MiB), arm64 with 64 KiB pages 13.
 */
#define THP_MAX_SIZES		16
#define THP_MAX_COUNTERS	32	/* files in a size's stats/ (6.18: 18) */
#define THP_NAME_SIZE		40

/* One file of a size's stats/ directory: the kernel's cumulative count. */
struct thp_counter {
	char		 name[THP_NAME_SIZE];	/* "anon_fault_alloc" */
	uint64_t	 v;
};

/* One THP size: its setting and, since 6.9/6.10, what happened to it. */
struct thp_size {
	uint64_t		 kb;
	int			 order;	/* of base pages; -1 when none makes it */
	char			 enabled[16];	/* the selected word; "" no file */
	bool			 on;	/* anonymous faults may allocate it */
	bool			 have_stats;	/* the kernel has stats/ */
	struct thp_counter	 c[THP_MAX_COUNTERS];	/* ascending name */
	size_t			 nc;
};

struct thp {
	char			 top[16];	/* transparent_hugepage/enabled */
	long			 pmd_order;	/* of hpage_pmd_size; -1 unknown */
	struct thp_size		 sizes[THP_MAX_SIZES];	/* ascending kb */
	size_t			 n;
};

/*
 * The kernel's rule a reader of the THP settings hands each size's word to
 * (kernel/thpsize.c's thp_rules): io/ reads the words, kernel/ decides.
 * ON returns whether a size whose "enabled" selects ENABLED is on while
 * the top-level "enabled" selects TOP.
 */
struct thp_rules {
	bool	(*on)(const char *top, const char *enabled);
};

/* Lookups on the model (model.c). */

/* Returns the kernel's name of counter C ("compact_stall"). */
const char	*vmstat_name(enum vm_counter c);

/* Returns the number of zones ZI lists for NODE. */
unsigned	zoneinfo_zones(const struct zoneinfo *zi, unsigned node);

/* Returns zone (NODE, NAME) of ZI, or NULL. */
const struct zizone *zoneinfo_find(const struct zoneinfo *zi, unsigned node,
	    const char *name);

/* Returns the index of zone (NODE, NAME) in P, or -1. */
long	pagetypeinfo_find(const struct pagetypeinfo *p, unsigned node,
	    const char *name);

/*
 * Returns the pageblocks of zone Z (P's types), summed over the types
 * pagetypeinfo counted, saturated at UINT64_MAX: a count no kernel prints
 * must not wrap the shares drawn of it.
 */
uint64_t	pagetypeinfo_blocks(const struct pagetypeinfo *p,
	    const struct ptzone *z);

/* Returns size S's counter NAME, or NULL when its stats/ has no such file. */
const struct thp_counter *thp_counter(const struct thp_size *s,
	    const char *name);

/* Returns T's size of order O, or NULL. */
const struct thp_size *thp_size_of(const struct thp *t, unsigned o);

/* Everything mm/vmstat.c derives from one zone's free counts, per order. */
struct frag {
	uint64_t	 free_pages;		/* F */
	uint64_t	 free_blocks;		/* T */
	int		 largest_order;		/* -1 when nothing is free */
	/* norders values each, as many as the zone has orders */
	uint64_t	*suitable;		/* S(o) */
	int		*unusable;		/* thousandths */
	int		*fragindex;		/* thousandths, -1000 = would succeed */
};

/* The kernel's utsname release holds at most 64 characters (__NEW_UTS_LEN). */
#define KVER_MAX_LEN	64


/* The name of the metadata file at the top of a capture. */
#define CAPTURE_META	"fragstat-capture"

/* A hostname with its NUL, as a recording's and a capture's metadata write it. */
#define HOST_NAME_SIZE	256

/* What a capture's metadata file says. */
struct capture_meta {
	unsigned long	 page_size;	/* 0 when absent */
	bool		 no_hugetlb;	/* "absent sys/kernel/mm/hugepages" */
	char		 hostname[HOST_NAME_SIZE];	/* "" when absent */
	char		 time_utc[32];	/* "" when absent */
};



#endif
