#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-pins.sh - every zone's pinned pages by kind against an independent
# count of the same page flags (root: /proc/kpageflags). The flags are
# copied once into a root with the files --map reads (tests/pageflags.py);
# fragstat --sysroot ROOT --map --json reads the copy and pageflags.py
# counts it (Python, from the kernel's fs/proc/page.c, over ROOT's System
# RAM in each zone's span from ROOT's zoneinfo). Both read the same bytes,
# so each figure must be equal, whatever the host does meanwhile: the
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

LC_ALL=C
export LC_ALL

if [ -z "${FRAGSTAT:-}" ] || [ ! -x "$FRAGSTAT" ]; then
	echo "live-pins.sh: FRAGSTAT must name the fragstat binary" >&2
	exit 99
fi
if ! dd if=/proc/kpageflags of=/dev/null bs=8 count=1 2>/dev/null; then
	echo "SKIP: /proc/kpageflags is not readable (--map needs root)"
	exit 77
fi
if ! command -v python3 >/dev/null; then
	echo "SKIP: no python3 to count the page flags"
	exit 77
fi
here=$(cd "$(dirname "$0")" && pwd) || exit 99
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-pins.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM

PYTHONDONTWRITEBYTECODE=1 python3 - "$FRAGSTAT" "$tmp/root" "$here" <<'PY'
import sys

fragstat, root = sys.argv[1], sys.argv[2]
sys.path.insert(0, sys.argv[3])
import pageflags as pf

NAMES = ["pcp_free_pages", "uninit_flagless_only", "not_initialised_pages",
         "admitted_pageblocks", "ambiguous_admitted", "pinned_pageblocks",
         "pinned_pages"]
NAMES += ["pages_" + k for k in pf.KINDS] + ["blocks_" + k for k in pf.KINDS]
NAMES += ["few_1", "few_2-8", "few_9-64", "few_more", "class_unmovable",
          "class_ambiguous"]

try:
    m, counted = pf.measure(fragstat, root)
    ok = pf.compare(m, counted, NAMES)
    live = pf.fragstat(fragstat)
except pf.Skip as e:
    print("SKIP: %s" % e)
    sys.exit(77)
except pf.Fail as e:
    print("FAIL: %s" % e)
    sys.exit(1)
# True of any run: each kind pins at most the pinned pageblocks, each of
# which holds at least one pinned page.
for z in live["zones"]:
    p = z["pinned"]
    name = "live: node %d, zone %s" % (z["node"], z["zone"])
    for k in pf.KINDS:
        if p["by_kind"][k] > p["pageblocks"]:
            print("FAIL: %s: %d %s blocks of %d pinned" %
                  (name, p["by_kind"][k], k, p["pageblocks"]))
            ok = False
    if sum(p["few_pinned"].values()) != p["pageblocks"]:
        print("FAIL: %s: the few-pinned buckets add up to %d, not %d" %
              (name, sum(p["few_pinned"].values()), p["pageblocks"]))
        ok = False
sys.exit(0 if ok else 1)
PY
