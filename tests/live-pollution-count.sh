#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-pollution-count.sh - the pollution's inputs against an independent
# count of the same page flags (root: /proc/kpageflags). The flags are
# copied once into a root with the files --map reads; fragstat --sysroot
# ROOT --map --json reads the copy and tests/pageflags.py, which runs the
# checks, counts it (Python, from the kernel's fs/proc/page.c, over ROOT's
# System RAM in each zone's span from ROOT's zoneinfo). Both read the
# same bytes, so each figure must be equal, whatever the host does: the
# pageblocks (no hole, initialised), the pageblocks admitted and their
# flagless pages (the count applies fragstat's rule to the blocks it
# counted: those whose only pinned pages are flagless, fewest first,
# within the zone's per-CPU pages), the polluted and the reserved-only
# pageblocks, the unmovable pages but reserved ones, and each kind's pages
# and pageblocks. Polluted plus reserved-only pageblocks equal the pinned
# ones, and the amplification is recomputed from its two inputs.
# Read live, the flagless pages move between the reads (the per-CPU lists,
# which the reading process itself drains and fills), so a count of the
# live file could only bracket fragstat's: one live run checks what holds
# at any moment, the pageblocks of each zone (holes do not move), polluted
# plus reserved-only equal to pinned and the amplification from its inputs.
#
# Environment: FRAGSTAT (the binary). Exit 0 when every check passed, 1 when
# one failed, 77 (automake's SKIP) with the reason when it cannot run here.

command -v python3 >/dev/null ||
	{ echo "SKIP: no python3 to count the page flags"; exit 77; }
here=$(cd "$(dirname "$0")" && pwd) || exit 99
LC_ALL=C exec python3 "$here/pageflags.py" pollution
