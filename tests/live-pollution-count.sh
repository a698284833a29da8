#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-pollution-count.sh - the pollution's inputs against an independent
# count of the same page flags (root: /proc/kpageflags). The flags are
# copied once into a root with the files --map reads (tests/pageflags.py);
# fragstat --sysroot ROOT --map --json reads the copy and pageflags.py
# counts it (Python, from the kernel's fs/proc/page.c, over ROOT's System
# RAM in each zone's span from ROOT's zoneinfo). Both read the same bytes,
# so each figure must be equal, whatever the host does meanwhile: the
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

LC_ALL=C
export LC_ALL

if [ -z "${FRAGSTAT:-}" ] || [ ! -x "$FRAGSTAT" ]; then
	echo "live-pollution-count.sh: FRAGSTAT must name the fragstat binary" >&2
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
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-pollution.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM

PYTHONDONTWRITEBYTECODE=1 python3 - "$FRAGSTAT" "$tmp/root" "$here" <<'PY'
import sys

fragstat, root = sys.argv[1], sys.argv[2]
sys.path.insert(0, sys.argv[3])
import pageflags as pf

NAMES = ["pcp_free_pages", "uninit_flagless_only", "pageblocks",
         "admitted_pageblocks", "ambiguous_admitted", "polluted_pageblocks",
         "reserved_only_pageblocks", "unmovable_pages"]
NAMES += ["pollution_pages_" + k for k in pf.KINDS]
NAMES += ["pollution_blocks_" + k for k in pf.KINDS]


def own(m, label):
    """The checks run M of fragstat must pass on its own figures."""
    ok = True
    pbo = m["pageblock_order"]
    for z in m["zones"]:
        name = "%s: node %d, zone %s" % (label, z["node"], z["zone"])
        pl = z["pollution"]
        if pl["polluted_pageblocks"] + pl["reserved_only_pageblocks"] != \
                z["pinned"]["pageblocks"]:
            print("FAIL: %s: %d polluted and %d reserved-only pageblocks, "
                  "%d pinned" % (name, pl["polluted_pageblocks"],
                                 pl["reserved_only_pageblocks"],
                                 z["pinned"]["pageblocks"]))
            ok = False
        for what, part in [("", pl)] + [(k + " ", {
                "polluted_pageblocks": v["pageblocks"],
                "unmovable_pages": v["pages"],
                "amplification": v["amplification"]})
                for k, v in pl["by_kind"].items()]:
            want = pf.amplification(part, pbo)
            got = part["amplification"]
            if (got is None) != (want is None) or \
                    (got is not None and round(got * 100) != want):
                print("FAIL: %s: %samplification %s, its inputs give %s "
                      "hundredths" % (name, what, got, want))
                ok = False
    return ok


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
ok &= own(m, "copy")
ok &= own(live, "live")
# A hole stays a hole: the live run has the pageblocks of the copy.
for z, c in zip(live["zones"], counted):
    n = z["pollution"]["pageblocks"]
    print("live: node %d, zone %-7s pageblocks %9d, counted %9d%s" % (
        z["node"], z["zone"], n, c["pageblocks"],
        "" if n == c["pageblocks"] else "  FAIL"))
    ok &= n == c["pageblocks"]
sys.exit(0 if ok else 1)
PY
