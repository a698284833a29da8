/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapfile.h - the map a capture stores (DIR/fragstat-map): its format, and its parser */
#ifndef FRAGSTAT_MAPFILE_H
#define FRAGSTAT_MAPFILE_H

#include "ferr.h"
#include "memcg.h"
#include "model.h"
#include "physmap.h"

/* The name of the map file at the top of a capture. */
#define MAPFILE_NAME	"fragstat-map"

/*
 * The format's version, and the oldest the parser reads: version 2 also
 * stored nr_free_pages, the zones' free pages added up, which the parser
 * skips and adds up itself; version 4 added the folio census.
 */
#define MAPFILE_VERSION		4
#define MAPFILE_VERSION_MIN	2

/*
 * The format, version 3: text, one fact per line, fields split by one
 * space, every number decimal, every line in this order (doc/reference.md,
 * "The stored map"):
 *
 *	fragstat-map 4
 *	page_size 4096			bytes per page frame
 *	pageblock_order 9
 *	orders 11			buddyinfo's orders
 *	balloon 0			1: OFFLINE pages were counted movable
 *	buddy_head_only 0		1: only a free block's head was BUDDY
 *	buddy_pages 1234		pages flagged BUDDY
 *	zone NODE NAME start_pfn N spanned N free N pcp N
 *	REPEAT FREE MOVABLE UNMOVABLE AMBIGUOUS HOLE
 *	...
 *	folios N			the zone's folio census, if read
 *	folio KIND ORDER COUNT		N of them: anon, shmem or file
 *	end
 *
 * A zone line per buddyinfo zone, in buddyinfo's order, with zoneinfo's
 * facts; then the zone's pageblocks from the one holding start_pfn, as
 * page counts by class then the unmovable and ambiguous ones by kind
 * (struct map_block), REPEAT consecutive pageblocks alike on one line.
 * The cgroups section holds struct memcg: a group per inode (0 is "-",
 * uncharged; bytes of PATH at or below space, from DEL, and backslashes
 * as "\\ooo"), then each pageblock's pages by group, in zone and
 * pageblock order (indices from 0).
 * This is struct map's and struct map_zone's first part, what the kernel
 * files said, after map_settle(): --sysroot computes the rest again.
 * Version 2 had "nr_free_pages N" after buddy_pages, the zones' free
 * pages added up: the parser reads it and adds them up itself. Version 4
 * added the folio census (kernel/folios.c) after a zone's pageblocks; a
 * zone without it was stored without one.
 */

/*
 * Parse the LEN bytes of BUF into M (as map_init() and map_settle() would
 * leave it), CG (memcg_init()ed; read when the file has cgroups) and
 * *PAGE_SIZE; its zones must be BI's, each as ZI (the capture's zoneinfo)
 * spans it, in pageblocks of PTI's order (NULL: either not checked).
 * Returns 0, or -1 with E set (nothing left to free).
 */
int	mapfile_parse(const char *buf, size_t len, const struct buddyinfo *bi,
	    const struct zoneinfo *zi, const struct pagetypeinfo *pti,
	    struct map *m, struct memcg *cg, unsigned long *page_size,
	    struct ferr *e);

#endif
