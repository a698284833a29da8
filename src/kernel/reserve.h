/* SPDX-License-Identifier: GPL-2.0-or-later */
/* reserve.h - the free pages __zone_watermark_ok() holds back from an allocation: the lowmem and highatomic reserves */
#ifndef FRAGSTAT_RESERVE_H
#define FRAGSTAT_RESERVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "advice.h"
#include "model.h"

/*
 * Returns whether an allocation of GFP may use zone NAME (gfp_zone()):
 * kernel allocations never use HighMem, Movable or Device.
 */
bool	reserve_zone_allowed(enum advise_gfp gfp, const char *name);

/*
 * Returns whether a gigantic hugetlb page may come from zone NAME: not
 * from Movable or Device, as hugepage_movable_supported() is false for
 * them, so htlb_alloc_mask() is GFP_HIGHUSER.
 */
bool	reserve_gigantic_zone_allowed(const char *name);

/*
 * Returns z->lowmem_reserve[highest_zoneidx] of zoneinfo zone Z of ZI
 * for an allocation of GFP, from the protection array zoneinfo prints.
 */
uint64_t reserve_lowmem(const struct zoneinfo *zi, const struct zizone *z,
	    enum advise_gfp gfp);

/*
 * Returns the least lowmem reserve buddyinfo zone Z of IN can have
 * without zoneinfo, under the default ratio (*RATIO, 0: none), and sets
 * *KNOWN when that is exact.
 */
uint64_t reserve_lowmem_bound(const struct advise_in *in, size_t z,
	    unsigned *ratio, bool *known);

/*
 * Returns the free pages of buddyinfo zone Z of IN that
 * __zone_watermark_unusable_free() holds back for the highatomic
 * reserve; 0 when pagetypeinfo was not read.
 */
uint64_t reserve_highatomic(const struct advise_in *in, size_t z);

/*
 * Returns the most pages the highatomic reserve of zone Z (zoneinfo, its
 * managed pages) can hold back, whatever pagetypeinfo would say, with
 * pageblocks of at most 2^(NORDERS - 1) pages; UINT64_MAX when Z does
 * not give its managed pages.
 */
uint64_t reserve_highatomic_most(const struct zizone *z, unsigned norders);

#endif
