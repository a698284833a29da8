#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-pins.sh - one live run of --map --json (root: /proc/kpageflags):
# every zone's pinned pages by kind against an independent count of the
# same file (Python, over /proc/iomem's System RAM in each zone's span),
# read just before and just after: each of fragstat's totals must lie
# between the two counts, give or take 1% and 256 pages for what changes
# in between (3% and 1024 for the kernel kind, whose flagless pages change
# fastest). The kernel kind is fragstat's plus the ambiguous pages it
# admitted as per-CPU free and those it took as not initialised (flagless
# at the top of a zone with memory present but not managed), which the
# independent count cannot tell.
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

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-pins.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM

# The zone spans come from zoneinfo, as fragstat reads them.
python3 - "$FRAGSTAT" "$tmp" <<'PY'
import json, struct, subprocess, sys

fragstat, tmp = sys.argv[1], sys.argv[2]
KINDS = ("slab", "pagetable", "reserved", "hugetlb", "zero", "poisoned",
         "offline", "kernel")
B = {n: 1 << b for n, b in (
    ("UPTODATE", 3), ("DIRTY", 4), ("LRU", 5), ("SLAB", 7), ("WRITEBACK", 8),
    ("BUDDY", 10), ("MMAP", 11), ("ANON", 12), ("SWAPCACHE", 13),
    ("SWAPBACKED", 14), ("HEAD", 15), ("TAIL", 16), ("HUGE", 17),
    ("UNEVICTABLE", 18), ("HWPOISON", 19), ("NOPAGE", 20), ("THP", 22),
    ("OFFLINE", 23), ("ZERO", 24), ("PGTABLE", 26), ("RESERVED", 32),
    ("MLOCKED", 33), ("OWNER_2", 34), ("PRIVATE", 35))}
MOVABLE = 0
for n in ("MMAP", "ANON", "UPTODATE", "DIRTY", "WRITEBACK", "SWAPBACKED",
          "SWAPCACHE", "OWNER_2", "PRIVATE", "UNEVICTABLE", "MLOCKED"):
    MOVABLE |= B[n]


def kind(f, balloon):
    """The pinned kind of a page with flags F, or None (free, movable, hole)."""
    if f & (B["NOPAGE"] | B["BUDDY"]):
        return None
    if f & B["HWPOISON"]:
        return "poisoned"
    for n, k in (("SLAB", "slab"), ("PGTABLE", "pagetable"),
                 ("RESERVED", "reserved"), ("HUGE", "hugetlb"),
                 ("ZERO", "zero")):
        if f & B[n]:
            return k
    if f & B["OFFLINE"]:
        return None if balloon else "offline"
    if f & (B["LRU"] | B["THP"]):
        return None
    if f & (B["HEAD"] | B["TAIL"]):
        return "kernel"
    return None if f & MOVABLE else "kernel"


def ram():
    out = []
    for line in open("/proc/iomem"):
        if line[0] != " " and line.rstrip().endswith(": System RAM"):
            a, b = line.split(":")[0].strip().split("-")
            out.append((int(a, 16) >> 12, (int(b, 16) + 1) >> 12))
    return out


def count(zones, balloon):
    cache = {}
    got = []
    with open("/proc/kpageflags", "rb") as f:
        for z in zones:
            n = dict.fromkeys(KINDS, 0)
            lo, hi = z["start_pfn"], z["start_pfn"] + z["spanned_pages"]
            for a, b in ram():
                a, b = max(a, lo), min(b, hi)
                while a < b:
                    m = min(b - a, 1 << 17)
                    f.seek(a * 8)
                    buf = f.read(m * 8)
                    for v in struct.unpack("<%dQ" % (len(buf) // 8), buf):
                        k = cache.get(v, 0)
                        if k == 0:
                            k = cache[v] = kind(v, balloon)
                        if k:
                            n[k] += 1
                    a += m
            got.append(n)
    return got


# Zone spans and page size first: a run of fragstat.
first = json.loads(subprocess.run([fragstat, "--map", "--json"], check=True,
                                  capture_output=True, text=True).stdout)["map"]
if first["page_size"] != 4096:
    print("SKIP: page size %d: this count reads iomem in 4 KiB pages" %
          first["page_size"])
    sys.exit(77)
balloon = first["assumed"]["offline_is_balloon"]


def slack_of(k, hi):
    """What may change between the reads: 1% and 256 pages, 3% and 1024
    for the kernel kind, whose flagless pages come and go fastest
    (per-CPU lists fill and drain while other work runs)."""
    if k == "kernel":
        return 1024 + hi * 3 // 100
    return 256 + hi // 100


def attempt():
    """One comparison: (failed, busy, lines). Busy: the two independent
    counts of some kind that failed differ by more than its slack, so the
    host changed too much between them to tell."""
    before = count(first["zones"], balloon)
    m = json.loads(subprocess.run([fragstat, "--map", "--json"], check=True,
                                  capture_output=True, text=True).stdout)["map"]
    after = count(m["zones"], balloon)
    pbo = m["pageblock_order"]
    bad = busy = False
    lines = []
    for z, b, a in zip(m["zones"], before, after):
        name = "node %d, zone %s" % (z["node"], z["zone"])
        got = dict(z["pinned"]["pages_by_kind"])
        got["kernel"] += z["ambiguous_admitted"][pbo] + z["not_initialised_pages"]
        for k in KINDS:
            lo, hi = min(a[k], b[k]), max(a[k], b[k])
            slack = slack_of(k, hi)
            ok = lo - slack <= got[k] <= hi + slack
            lines.append("%s %-9s fragstat %9d, counted %9d and %9d%s" %
                         (name, k, got[k], b[k], a[k], "" if ok else "  FAIL"))
            bad |= not ok
            busy |= not ok and hi - lo > slack
        # The pinned pageblocks by kind are at most the pinned ones, which
        # need at least one pinned page each: no churn excuses these.
        p = z["pinned"]
        for k in KINDS:
            if p["by_kind"][k] > p["pageblocks"]:
                lines.append("FAIL: %s: %d %s blocks of %d pinned" %
                             (name, p["by_kind"][k], k, p["pageblocks"]))
                bad, busy = True, False
        if sum(p["few_pinned"].values()) != p["pageblocks"]:
            lines.append("FAIL: %s: the few-pinned buckets do not add up" % name)
            bad, busy = True, False
    return bad, busy, lines


# A count outside the two independent ones fails where they agree; where
# they moved apart by more than the slack, the host is too busy to tell.
# A wrong count is wrong on every try, while a host that churns (make
# check-busy) can empty and refill the per-CPU lists between the reads
# with both counts agreeing: so a count that fails is tried again, up to
# three times, and fails only when it fails each time (a broken invariant
# of the pinned pageblocks fails at once). Busy on each try: skip, saying so.
for tries in range(3):
    bad, busy, lines = attempt()
    if not bad or any(l.startswith("FAIL:") for l in lines):
        break
print("\n".join(lines))
if bad and busy:
    print("SKIP: the page flags changed by more than the slack between the "
          "independent counts on each of 3 tries (a busy machine)")
    sys.exit(77)
sys.exit(1 if bad else 0)
PY
