/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * reserve.c - the free pages __zone_watermark_ok() holds back from an
 * allocation: the lowmem reserve of the zones above it
 * (setup_per_zone_lowmem_reserve()), by the highest zone its gfp mask may
 * use (gfp_zone()), and the highatomic reserve
 * (__zone_watermark_unusable_free())
 */
#include "config.h"

#include <string.h>

#include "reserve.h"
#include "rules.h"

/* enum zone_type: a kernel has a subset, always in this order. */
enum zt {
	ZT_DMA, ZT_DMA32, ZT_NORMAL, ZT_HIGHMEM, ZT_MOVABLE, ZT_DEVICE,
	ZT_NONE = -1,
};

/* Returns the zone_type of zone NAME, or ZT_NONE for a name no kernel prints. */
static enum zt
zone_type(const char *name)
{
	static const char *const names[] = { "DMA", "DMA32", "Normal",
	    "HighMem", "Movable", "Device" };
	int t;

	for (t = 0; t < (int)(sizeof(names) / sizeof(names[0])); t++)
		if (strcmp(name, names[t]) == 0)
			return (enum zt)t;
	return ZT_NONE;
}

/*
 * Returns the highest zone_type an allocation of GFP may use: gfp_zone().
 * GFP_KERNEL stops at ZONE_NORMAL; GFP_HIGHUSER_MOVABLE (THP, page cache,
 * anonymous memory) reaches ZONE_MOVABLE, so every zone.
 */
static enum zt
highest_zone(enum advise_gfp gfp)
{
	return gfp == ADVISE_KERNEL ? ZT_NORMAL : ZT_DEVICE;
}

/*
 * Returns the default sysctl_lowmem_reserve_ratio[] of zone_type T under
 * release KVER (mm/page_alloc.c): 256 for DMA and DMA32, 32 for Normal
 * (both unchanged since 2.6); HighMem 32 until Joonsoo Kim's "don't
 * reserve ZONE_HIGHMEM for ZONE_MOVABLE request" (4.16), 0 since; the
 * highest zones have none. 0 means no reserve.
 */
static unsigned
default_ratio(enum zt t, long kver)
{
	if (t == ZT_DMA || t == ZT_DMA32)
		return 256;
	if (t == ZT_NORMAL)
		return 32;
	if (t == ZT_HIGHMEM && kver >= 0 && kver < 4016)
		return 32;
	return 0;
}

/*
 * setup_per_zone_lowmem_reserve() gives a lower zone managed(higher zones
 * up to highest_zoneidx) / ratio; a zone's free pages are at most its
 * managed pages, so their sum over ratio is a sound lower bound. It is
 * exact (0) when the ratio is 0 or no populated zone lies in between:
 * buddyinfo lists every populated zone, and an unpopulated one manages
 * nothing.
 */
uint64_t
reserve_lowmem_bound(const struct advise_in *in, size_t z, unsigned *ratio,
    bool *known)
{
	const struct bzone *bz = &in->bi->zones[z];
	enum zt t = zone_type(bz->name), u;
	uint64_t higher = 0;
	bool any = false;
	size_t i;

	*ratio = t == ZT_NONE ? 0 : default_ratio(t, in->kver);
	*known = true;
	if (*ratio == 0)
		return 0;
	/*
	 * Only the zones of Z's node: walk_zones_in_node() prints a node's
	 * zones together (for_each_online_pgdat()), so they are the run
	 * around Z, not the whole file (1024 nodes: 4096 zones each).
	 */
	for (i = z; i > 0 && in->bi->zones[i - 1].node == bz->node; i--)
		;
	for (; i < in->bi->nzones && in->bi->zones[i].node == bz->node; i++) {
		u = zone_type(in->bi->zones[i].name);
		if (u > t && u <= highest_zone(in->gfp)) {
			higher = advise_sat_add(higher, in->frag[i].free_pages);
			any = true;
		}
	}
	*known = !any;
	return higher / *ratio;
}

bool
reserve_zone_allowed(enum advise_gfp gfp, const char *name)
{
	return gfp == ADVISE_MOVABLE || zone_type(name) <= ZT_NORMAL;
}

bool
reserve_gigantic_zone_allowed(const char *name)
{
	enum zt t = zone_type(name);

	return t != ZT_MOVABLE && t != ZT_DEVICE;
}

/*
 * Movable allocations have highest_zoneidx ZONE_MOVABLE, whose entry
 * equals the last one (only ZONE_DEVICE, with no managed pages, may
 * follow). Kernel allocations use ZONE_NORMAL's entry: its position among
 * the node's zones when zoneinfo lists them all (4.12+), else the number
 * of DMA zones configured before it.
 */
uint64_t
reserve_lowmem(const struct zoneinfo *zi, const struct zizone *z,
    enum advise_gfp gfp)
{
	const struct zizone *n;
	unsigned idx;

	if (z->nprotection == 0)
		return 0;
	if (gfp == ADVISE_MOVABLE)
		return z->protection[z->nprotection - 1];
	if (zoneinfo_zones(zi, z->node) == z->nprotection &&
	    (n = zoneinfo_find(zi, z->node, "Normal")) != NULL)
		idx = n->index;
	else
		idx = (unsigned)zi->dma + (unsigned)zi->dma32;
	return idx < z->nprotection ? z->protection[idx] : 0;
}

/*
 * The free pages on HighAtomic lists since 6.12 (nr_free_highatomic, Yu
 * Zhao's "keep track of free highatomic", merged for 6.12-rc; not in
 * stable), the reserved HighAtomic pageblocks before
 * (nr_reserved_highatomic, 4.4 to 6.11).
 */
uint64_t
reserve_highatomic(const struct advise_in *in, size_t z)
{
	const struct pagetypeinfo *p = in->pti;
	const struct ptzone *pz;
	int t;

	if (p == NULL || in->pti_zone[z] < 0 || (in->kver >= 0 &&
	    in->kver < 4004) || (t = advise_type_of(p, "HighAtomic")) < 0)
		return 0;
	pz = &p->zones[in->pti_zone[z]];
	if (in->kver < 0 || in->kver >= 6012)
		return advise_units(pz->free[t], p->norders, 0, 0);
	if (!pz->has_blocks[t])
		return 0;
	return pz->blocks[t] > UINT64_MAX / p->pages_per_block ? UINT64_MAX :
	    pz->blocks[t] * p->pages_per_block;
}

/*
 * reserve_highatomic_pageblock() adds a pageblock while the reserve is
 * below max_managed: managed / 100 + pageblock_nr_pages up to 6.9,
 * ALIGN(managed / 100, pageblock_nr_pages) since; so it ends below
 * max_managed + pageblock_nr_pages, at most managed / 100 plus two
 * pageblocks either way. pageblock_order is at most MAX_PAGE_ORDER
 * (NORDERS - 1; CONFIG_PAGE_BLOCK_ORDER's own limit in 6.16). What
 * __zone_watermark_unusable_free() holds back is that reserve, or since
 * 6.12 its free part (reserve_highatomic()): never more.
 */
uint64_t
reserve_highatomic_most(const struct zizone *z, unsigned norders)
{
	if (!(z->have & ZI_MANAGED) || norders == 0)
		return UINT64_MAX;
	return advise_sat_add(z->managed / 100,
	    advise_sat_pages(2, norders - 1));
}
