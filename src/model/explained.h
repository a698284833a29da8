/* SPDX-License-Identifier: GPL-2.0-or-later */
/* explained.h - the map's pages reconciled with the kernel's own counters: what each class is, and what no counter explains */
#ifndef FRAGSTAT_EXPLAINED_H
#define FRAGSTAT_EXPLAINED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * What a page frame of the map is, finer than enum map_class: the
 * unmovable ones by their telling flag, the flagless ones apart from the
 * compound kernel pages, the pages not yet initialised apart.
 */
enum ex_class {
	EX_FREE, EX_MOVABLE, EX_SLAB, EX_PAGETABLE, EX_RESERVED, EX_HUGETLB,
	EX_ZERO, EX_POISONED, EX_OFFLINE,
	EX_KERNEL,	/* compound, off the LRU, no telling flag */
	EX_AMBIGUOUS,	/* no flag at all */
	EX_UNINIT,	/* not yet initialised (map_compute()'s uninit) */
	EX_NCLASSES
};

/*
 * The kernel's counters, in the order they explain pages: each takes
 * pages of its classes (explain.c's table) that earlier ones left.
 */
enum ex_counter {
	EXC_FREE,		/* zoneinfo "pages free" */
	EXC_LRU,		/* zoneinfo nr_zone_{in,}active_{anon,file}, nr_zone_unevictable */
	EXC_ISOLATED,		/* nr_isolated_{anon,file}: off the LRU for a while */
	EXC_UNMANAGED,		/* zoneinfo present - managed: memblock's, not yet initialised */
	EXC_SLAB,		/* nr_slab_{,un}reclaimable: slab pages, then large kmalloc */
	EXC_PAGETABLE,		/* nr_page_table_pages */
	EXC_HUGETLB,		/* nr_hugetlb, else meminfo Hugetlb */
	EXC_CORRUPTED,		/* meminfo HardwareCorrupted */
	EXC_BALLOON,		/* nr_balloon_pages */
	EXC_ZERO,		/* the zero pages: their flag names them */
	EXC_PCP,		/* zoneinfo per-CPU "count:" */
	EXC_ZSPAGES,		/* nr_zspages: zsmalloc (zswap, zram) */
	EXC_UNACCEPTED,		/* nr_unaccepted, else meminfo Unaccepted */
	EXC_VMALLOC,		/* meminfo VmallocUsed */
	EXC_STACKS,		/* nr_kernel_stack, when more than VmallocUsed */
	EXC_PERCPU,		/* meminfo Percpu */
	EXC_SEC_PAGETABLE,	/* nr_sec_page_table_pages: KVM's, IOMMU's */
	EXC_IOMMU,		/* nr_iommu_pages */
	EXC_MEMMAP,		/* vmstat nr_memmap_pages: memory hot-added */
	EXC_NCOUNTERS
};

/*
 * What /proc/kpageflags means by release (stable_page_flags() in
 * fs/proc/page.c): before 6.9 each page's own flags; 6.9 to 6.16 the
 * folio's (a tail shows its head's), KPF_THP for any large rmappable
 * folio; since 6.17 a snapshot of the folio (snapshot_page()), the same
 * bits read without racing a split.
 */
enum ex_regime {
	EX_REGIME_UNKNOWN, EX_REGIME_PAGE, EX_REGIME_FOLIO, EX_REGIME_SNAPSHOT,
};

/* One zone's pages (or the machine's) by class, and what explains them. */
struct ex_zone {
	uint64_t	 pages[EX_NCLASSES];
	uint64_t	 explained[EX_NCLASSES];
	uint64_t	 by[EXC_NCOUNTERS];	/* pages each counter explains here */
	/* by[c] split by class, for "slab: 1660 of them compound (large kmalloc)". */
	uint64_t	 by_class[EXC_NCOUNTERS][EX_NCLASSES];
	/* The kernel and ambiguous pages in pinned pageblocks (the pins' kernel kind). */
	uint64_t	 pinned_kernel, pinned_ambiguous;
};

struct explain {
	enum ex_regime	 regime;
	struct ex_zone	*zones;		/* one per map zone */
	size_t		 nzones;
	struct ex_zone	 machine;
	/* Each counter's value over the machine, in pages, and whether read. */
	uint64_t	 value[EXC_NCOUNTERS];
	bool		 have[EXC_NCOUNTERS];
	/* Of value: what found no page of its classes left (counted beyond). */
	uint64_t	 beyond[EXC_NCOUNTERS];
	/* Kernel stacks counted in VmallocUsed (CONFIG_VMAP_STACK), in pages. */
	uint64_t	 stacks_in_vmalloc;
	/* vmstat nr_memmap_boot_pages (6.11+): within present - managed. */
	uint64_t	 memmap_boot;
	bool		 have_memmap_boot;
};

#endif
