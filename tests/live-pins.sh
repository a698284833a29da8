#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-pins.sh - every zone's pinned pages by kind against an independent
# count of the same page flags (root: /proc/kpageflags). The flags are
# copied once into a root with the files --map reads; fragstat --sysroot
# ROOT --map --json reads the copy and tests/pageflags.py, which runs the
# checks, counts it (Python, from the kernel's fs/proc/page.c, over ROOT's
# System RAM in each zone's span from ROOT's zoneinfo). Both read the
# same bytes, so each figure must be equal, whatever the host does: the
# pages by kind, the kernel kind without the flagless pages fragstat
# admitted as per-CPU free or took as not initialised; the pinned
# pageblocks and pages, by kind and in the few-pinned buckets; the pages
# admitted (the count applies fragstat's rule to the blocks it counted:
# those whose only pinned pages are flagless, fewest first, within the
# zone's per-CPU pages); the unmovable and ambiguous pages; BUDDY pages.
# The not-initialised pageblocks are fragstat's (bounded by zoneinfo and
# meminfo): the count checks they hold only flagless pages, and how many.
# Read live, the flagless pages move between the reads (the per-CPU lists,
# which the reading process itself drains and fills), so a count of the
# live file could only bracket fragstat's: one live run checks what holds
# at any moment, no kind in more pageblocks than are pinned and the
# few-pinned buckets adding up to the pinned pageblocks.
#
# Environment: FRAGSTAT (the binary). Exit 0 when every check passed, 1 when
# one failed, 77 (automake's SKIP) with the reason when it cannot run here.

command -v python3 >/dev/null ||
	{ echo "SKIP: no python3 to count the page flags"; exit 77; }
here=$(cd "$(dirname "$0")" && pwd) || exit 99
LC_ALL=C exec python3 "$here/pageflags.py" pins
