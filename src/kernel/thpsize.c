/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thpsize.c - whether a THP size is on: its own setting, or the top-level one it inherits */
#include "config.h"

#include <string.h>

#include "thpsize.h"

/* Returns whether setting W lets THP be allocated on faults or madvise. */
static bool
allows(const char *w)
{
	return strcmp(w, "always") == 0 || strcmp(w, "madvise") == 0;
}

/*
 * As thp_vma_allowable_orders() (include/linux/huge_mm.h, 6.8+) masks an
 * anonymous fault's orders with the bitmaps mm/huge_memory.c's
 * anon_enabled_store() sets from each size's "enabled": always, madvise
 * (VM_HUGEPAGE), and inherit, which counts only while the top-level
 * setting is on (hugepage_global_always(), or hugepage_global_enabled()
 * with VM_HUGEPAGE). "never" and a size without the file are off.
 */
bool
thpsize_on(const char *top, const char *enabled)
{
	if (strcmp(enabled, "inherit") == 0)
		return allows(top);
	return allows(enabled);
}

const struct thp_rules thp_rules = {
	.on = thpsize_on,
};
