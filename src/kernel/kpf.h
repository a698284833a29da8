/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kpf.h - the bits of a /proc/kpageflags entry, for the map's classes and its folio census */
#ifndef FRAGSTAT_KPF_H
#define FRAGSTAT_KPF_H

#include "text.h"

/*
 * The bits of a /proc/kpageflags entry, as the kernel names them:
 * include/uapi/linux/kernel-page-flags.h (0-26) and
 * include/linux/kernel-page-flags.h (32-42), set by stable_page_flags() in
 * fs/proc/page.c. Bit 34 is OWNER_2 since 6.12 (PG_owner_2) and was
 * MAPPEDTODISK before: both page-cache state, read the same way here.
 */
enum kpf {
	KPF_LOCKED = 0, KPF_ERROR = 1, KPF_REFERENCED = 2, KPF_UPTODATE = 3,
	KPF_DIRTY = 4, KPF_LRU = 5, KPF_ACTIVE = 6, KPF_SLAB = 7,
	KPF_WRITEBACK = 8, KPF_RECLAIM = 9, KPF_BUDDY = 10,
	KPF_MMAP = 11, KPF_ANON = 12, KPF_SWAPCACHE = 13, KPF_SWAPBACKED = 14,
	KPF_COMPOUND_HEAD = 15, KPF_COMPOUND_TAIL = 16, KPF_HUGE = 17,
	KPF_UNEVICTABLE = 18, KPF_HWPOISON = 19, KPF_NOPAGE = 20,
	KPF_KSM = 21, KPF_THP = 22, KPF_OFFLINE = 23, KPF_ZERO_PAGE = 24,
	KPF_IDLE = 25, KPF_PGTABLE = 26,
	KPF_RESERVED = 32, KPF_MLOCKED = 33, KPF_OWNER_2 = 34,
	KPF_PRIVATE = 35, KPF_PRIVATE_2 = 36, KPF_OWNER_PRIVATE = 37,
	KPF_ARCH = 38, KPF_UNCACHED = 39, KPF_SOFTDIRTY = 40,
	KPF_ARCH_2 = 41, KPF_ARCH_3 = 42,
};

/*
 * The releases whose stable_page_flags() (fs/proc/page.c) read a page's
 * flags from its folio (page_folio(): a tail shows its head's), 6.9, and
 * from a snapshot of the folio (snapshot_page()), 6.17, as text_kver()
 * numbers them.
 */
#define KPF_FOLIO_KVER		(6 * TEXT_KVER_MINORS + 9)
#define KPF_SNAPSHOT_KVER	(6 * TEXT_KVER_MINORS + 17)

#endif
