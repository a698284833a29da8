# SPDX-License-Identifier: GPL-2.0-or-later
"""pageflags.py - an independent count of a kpageflags file for the live
tests (live-pins.sh, live-pollution-count.sh), written from the kernel's
fs/proc/page.c (stable_page_flags()) and include/uapi/linux/
kernel-page-flags.h, not from fragstat's C code.

/proc/kpageflags changes while it is read: pages on the per-CPU free lists
carry no flag and move between pageblocks all the time, and the process
that reads the file moves them too. So the tests copy it once into a root
(make_root()), run fragstat --sysroot ROOT --map --json on the copy and
count the same bytes here: every figure can then be compared exactly.
"pageflags.py pins", "pollution" and "folios" are those tests' checks
(FRAGSTAT names the binary; exit 0, 1 on a failure, 77 to skip).
"""

import array
import collections
import json
import os
import signal
import subprocess
import sys
import tempfile

# Bit numbers of include/uapi/linux/kernel-page-flags.h.
B = {n: 1 << b for n, b in (
    ("UPTODATE", 3), ("DIRTY", 4), ("LRU", 5), ("SLAB", 7), ("WRITEBACK", 8),
    ("BUDDY", 10), ("MMAP", 11), ("ANON", 12), ("SWAPCACHE", 13),
    ("SWAPBACKED", 14), ("HEAD", 15), ("TAIL", 16), ("HUGE", 17),
    ("UNEVICTABLE", 18), ("HWPOISON", 19), ("NOPAGE", 20), ("THP", 22),
    ("OFFLINE", 23), ("ZERO", 24), ("PGTABLE", 26), ("RESERVED", 32),
    ("MLOCKED", 33), ("OWNER_2", 34), ("PRIVATE", 35))}
# Flags only pages of files or processes have: such a page can be migrated.
MOVABLE = 0
for _n in ("MMAP", "ANON", "UPTODATE", "DIRTY", "WRITEBACK", "SWAPBACKED",
           "SWAPCACHE", "OWNER_2", "PRIVATE", "UNEVICTABLE", "MLOCKED"):
    MOVABLE |= B[_n]

# The kinds of page that pin a pageblock, as fragstat's JSON names them;
# "flagless" pages are told apart from the other kernel ones here.
KINDS = ("slab", "pagetable", "reserved", "hugetlb", "zero", "poisoned",
         "offline", "kernel")
FLAGLESS = "flagless"
# The figures (figures(), fragstat_figures()) each test compares.
PINS = ["pcp_free_pages", "uninit_flagless_only", "not_initialised_pages",
        "admitted_pageblocks", "ambiguous_admitted", "pinned_pageblocks",
        "pinned_pages"] + ["pages_" + k for k in KINDS] + \
    ["blocks_" + k for k in KINDS] + \
    ["few_1", "few_2-8", "few_9-64", "few_more", "class_unmovable",
     "class_ambiguous"]
POLLUTION = ["pcp_free_pages", "uninit_flagless_only", "pageblocks",
             "admitted_pageblocks", "ambiguous_admitted",
             "polluted_pageblocks", "reserved_only_pageblocks",
             "hugetlb_only_pageblocks", "unmovable_pages"] + \
    ["pollution_pages_" + k for k in KINDS] + \
    ["pollution_blocks_" + k for k in KINDS]
# The files --sysroot ROOT --map reads beside the page flags.
FILES = ("buddyinfo", "pagetypeinfo", "zoneinfo", "vmstat", "meminfo",
         "iomem")


def kind(f, balloon):
    """What a page with flags F is: None (free or movable), "hole"
    (NOPAGE), FLAGLESS (no flag says what it is: a kernel allocation, or a
    page on a per-CPU free list, which has no BUDDY) or the kind that pins
    it. With BALLOON, OFFLINE pages are a balloon driver's, which migrates
    them."""
    if f & B["NOPAGE"]:
        return "hole"
    if f & B["BUDDY"]:
        return None
    # A slab page may show stray ANON bits; the memory map is RESERVED.
    if f & B["HWPOISON"]:
        return "poisoned"
    for n, k in (("SLAB", "slab"), ("PGTABLE", "pagetable"),
                 ("RESERVED", "reserved"), ("HUGE", "hugetlb"),
                 ("ZERO", "zero")):
        if f & B[n]:
            return k
    if f & B["OFFLINE"]:
        return None if balloon else "offline"
    # stable_page_flags() reads LRU and THP from the folio: tails too.
    if f & (B["LRU"] | B["THP"]):
        return None
    if f & (B["HEAD"] | B["TAIL"]):
        return "kernel"
    return None if f & MOVABLE else FLAGLESS


def make_root(root):
    """Copy this host's files --map reads into ROOT/proc, page flags last."""
    os.makedirs(os.path.join(root, "proc"))
    for n in FILES:
        with open("/proc/" + n, "rb") as src, \
                open(os.path.join(root, "proc", n), "wb") as dst:
            dst.write(src.read())
    with open("/proc/kpageflags", "rb") as src, \
            open(os.path.join(root, "proc", "kpageflags"), "wb") as dst:
        while True:
            buf = src.read(1 << 20)
            if not buf:
                break
            dst.write(buf)


def copy_size():
    """The bytes make_root() writes for the page flags: 8 per page frame
    up to the end of System RAM."""
    return max(b for a, b in ram("/proc/iomem")) * 8


def fragstat(binary, root=None):
    """The "map" of BINARY's --map --json, of ROOT when given, else live."""
    argv = [binary] + (["--sysroot", root] if root else []) + \
        ["--map", "--json"]
    r = subprocess.run(argv, capture_output=True, text=True)
    if r.returncode != 0:
        raise Fail("%s exited %d: %s" % (" ".join(argv), r.returncode,
                                         r.stderr.strip()))
    return json.loads(r.stdout)["map"]


def ram(path):
    """The System RAM of iomem file PATH: (first, end) page frames of 4 KiB."""
    out = []
    for line in open(path):
        if line[0] != " " and line.rstrip().endswith(": System RAM"):
            a, b = line.split(":")[0].strip().split("-")
            out.append((int(a, 16) >> 12, (int(b, 16) + 1) >> 12))
    return out


def zoneinfo(path):
    """Per (node, zone) of zoneinfo file PATH: start_pfn, spanned, free
    pages and pcp (the pages on its per-CPU lists, all CPUs' count:)."""
    zones, z = {}, None
    for line in open(path):
        w = line.split()
        if line.startswith("Node "):
            z = zones[(int(w[1].rstrip(",")), w[3])] = dict.fromkeys(
                ("start_pfn", "spanned", "free", "pcp"), 0)
        elif z is None or len(w) < 2:
            continue
        elif w[0] in ("start_pfn:", "spanned") or w[:2] == ["pages", "free"]:
            z[w[0].rstrip(":") if w[0] != "pages" else "free"] = int(w[-1])
        elif w[0] == "count:":
            z["pcp"] += int(w[1])
    return zones


class Zone:
    """A zone's count: pages (by kind, over its RAM), buddy (pages with
    BUDDY) and blocks, per pageblock of its span a Counter of its pinned
    pages by kind (FLAGLESS apart) and "hole": pages that are not memory
    (outside the zone or System RAM, or NOPAGE) and "out": those outside."""

    def __init__(self):
        self.pages = collections.Counter()
        self.buddy = 0
        self.blocks = []


def count(root, zones, pbo, balloon):
    """Count ROOT/proc/kpageflags over ZONES ((start_pfn, spanned) each),
    pageblocks of 2^PBO pages, in ROOT's System RAM: a Zone each."""
    pb = 1 << pbo
    rams = ram(os.path.join(root, "proc", "iomem"))
    cache = {}
    got = []
    with open(os.path.join(root, "proc", "kpageflags"), "rb") as f:
        for lo, spanned in zones:
            hi = lo + spanned
            z = Zone()
            for blk in range(lo >> pbo, (hi + pb - 1) >> pbo):
                a, b = blk << pbo, (blk + 1) << pbo
                n = collections.Counter()
                n["out"] = max(lo - a, 0) + max(b - hi, 0)
                unread = pb
                for r0, r1 in rams:
                    s, e = max(a, lo, r0), min(b, hi, r1)
                    if s >= e:
                        continue
                    f.seek(s * 8)
                    v = array.array("Q")
                    v.frombytes(f.read((e - s) * 8))
                    unread -= len(v)
                    for flags, times in collections.Counter(v).items():
                        k = cache.get(flags, 0)
                        if k == 0:
                            k = cache[flags] = kind(flags, balloon)
                        if flags & B["BUDDY"]:
                            z.buddy += times
                        if k:
                            n[k] += times
                n["hole"] += unread
                for k in KINDS + (FLAGLESS,):
                    z.pages[k] += n[k]
                z.blocks.append(n)
            got.append(z)
    return got


def few(n):
    """fragstat's few-pinned bucket of a pageblock with N pinned pages."""
    return "1" if n <= 1 else "2-8" if n <= 8 else "9-64" if n <= 64 \
        else "more"


def figures(z, pbo, pcp, uninit):
    """Zone Z's figures as fragstat's JSON names them (a flat dict), from
    its count: with UNINIT, the pageblocks fragstat took as not yet
    initialised at the zone's top (its not_initialised_pageblocks: only
    checked here, "uninit_flagless_only", since what bounds them is read
    from zoneinfo and meminfo), and PCP, the zone's per-CPU pages: the
    pageblocks whose only pinned pages are flagless are admitted, fewest
    first, while their flagless pages add up to at most PCP (fragstat's
    reading of per-CPU pages, doc/reference.md), and pin nothing."""
    pb = 1 << pbo
    top = z.blocks[len(z.blocks) - uninit:] if uninit else []
    blocks = [b for b in z.blocks[:len(z.blocks) - uninit] if not b["hole"]]
    # Reserved boot memory and hugetlb pages (movable allocations that fill
    # their pageblock: htlb_alloc_mask()) are kept apart from the unmovable.
    apart = ("reserved", "hugetlb")
    others = [k for k in KINDS if k not in apart]
    f = {"uninit_flagless_only": all(b[FLAGLESS] + b["out"] == pb and
                                     sum(b[k] for k in KINDS) == 0
                                     for b in top),
         "not_initialised_pages": sum(b[FLAGLESS] for b in top),
         "pageblocks": len(blocks), "pcp_free_pages": pcp}
    # The admission: the smallest candidates, a prefix that fits.
    adm, apages = [], 0
    for a in sorted(b[FLAGLESS] for b in blocks if b[FLAGLESS] and
                    not sum(b[k] for k in KINDS)):
        if apages + a > pcp:
            break
        adm.append(a)
        apages += a
    f["admitted_pageblocks"], f["ambiguous_admitted"] = len(adm), apages
    # A block is pinned by its pages of a kind, flagless ones as kernel.
    pin = [{k: b[k] + (b[FLAGLESS] if k == "kernel" else 0) for k in KINDS}
           for b in blocks]
    pinned = [p for p in pin if sum(p.values())]
    f["pinned_pageblocks"] = len(pinned) - len(adm)
    f["pinned_pages"] = sum(sum(p.values()) for p in pinned) - apages
    f["polluted_pageblocks"] = sum(1 for p in pinned if
                                   sum(p[k] for k in others)) - len(adm)
    f["reserved_only_pageblocks"] = sum(1 for p in pinned if
                                        not sum(p[k] for k in others) and
                                        not p["hugetlb"])
    f["hugetlb_only_pageblocks"] = sum(1 for p in pinned if
                                       not sum(p[k] for k in others) and
                                       p["hugetlb"])
    f["unmovable_pages"] = sum(p[k] for p in pinned for k in others) - apages
    for k in KINDS:
        # Only kernel pins can be admitted: the others are as counted.
        cut = len(adm) if k == "kernel" else 0
        f["blocks_" + k] = sum(1 for p in pinned if p[k]) - cut
        f["pollution_pages_" + k] = sum(p[k] for p in pinned) - \
            (apages if k == "kernel" else 0)
        f["pollution_blocks_" + k] = f["blocks_" + k]
        f["pages_" + k] = z.pages[k]
    f["pages_kernel"] += z.pages[FLAGLESS] - apages - \
        f["not_initialised_pages"]
    buckets = collections.Counter(few(sum(p.values())) for p in pinned)
    buckets.subtract(few(a) for a in adm)
    for k in ("1", "2-8", "9-64", "more"):
        f["few_" + k] = buckets[k]
    f["class_unmovable"] = sum(z.pages[k] for k in KINDS)
    f["class_ambiguous"] = z.pages[FLAGLESS]
    return f


def fragstat_figures(z, pbo):
    """The same figures of zone Z of fragstat's JSON."""
    pl, pin = z["pollution"], z["pinned"]
    f = {"uninit_flagless_only": True,
         "not_initialised_pages": z["not_initialised_pages"],
         "pageblocks": pl["pageblocks"],
         "pcp_free_pages": z["pcp_free_pages"],
         "admitted_pageblocks": pl["admitted_pageblocks"],
         "ambiguous_admitted": z["ambiguous_admitted"][pbo],
         "pinned_pageblocks": pin["pageblocks"],
         "pinned_pages": pin["pages"],
         "polluted_pageblocks": pl["polluted_pageblocks"],
         "reserved_only_pageblocks": pl["reserved_only_pageblocks"],
         "hugetlb_only_pageblocks": pl["hugetlb_only_pageblocks"],
         "unmovable_pages": pl["unmovable_pages"],
         "class_unmovable": z["pages"]["unmovable"],
         "class_ambiguous": z["pages"]["ambiguous"]}
    for k in KINDS:
        f["blocks_" + k] = pin["by_kind"][k]
        f["pollution_pages_" + k] = pl["by_kind"][k]["pages"]
        f["pages_" + k] = pin["pages_by_kind"][k]
        f["pollution_blocks_" + k] = pl["by_kind"][k]["pageblocks"]
    for k, v in pin["few_pinned"].items():
        f["few_" + k] = v
    return f


def amplification(pl, pbo):
    """The amplification in hundredths from zone pollution PL's own inputs
    (polluted pageblocks' pages over unmovable pages, rounded), or None."""
    u = pl["unmovable_pages"]
    if not u:
        return None
    return ((pl["polluted_pageblocks"] << pbo) * 100 + u // 2) // u


class Skip(Exception):
    """This host cannot be counted so: the reason."""


class Fail(Exception):
    """fragstat read the copy otherwise than this count: what differs."""


def measure(binary, root):
    """Copy this host into ROOT (make_root()), run BINARY's --sysroot ROOT
    --map --json and count the copy: (fragstat's map, per zone of it the
    counted figures()). Raises Skip when this count cannot be exact."""
    need = copy_size()
    with open("/proc/meminfo") as f:
        mem = {w[0].rstrip(":"): int(w[1]) * 1024 for w in
               (line.split() for line in f)}
    st = os.statvfs(os.path.dirname(root))
    if need > mem.get("MemAvailable", 0) // 4 or \
            need > st.f_bavail * st.f_frsize // 2:
        raise Skip("a copy of /proc/kpageflags (%d MiB) would take too "
                   "much of MemAvailable or of %s" % (need >> 20,
                                                      os.path.dirname(root)))
    make_root(root)
    m = fragstat(binary, root)
    if m["page_size"] != 4096:
        raise Skip("page size %d: this count reads iomem in 4 KiB pages" %
                   m["page_size"])
    pbo = m["pageblock_order"]
    zi = zoneinfo(os.path.join(root, "proc", "zoneinfo"))
    spans = [(zi[(z["node"], z["zone"])]["start_pfn"],
              zi[(z["node"], z["zone"])]["spanned"]) for z in m["zones"]]
    counts = count(root, spans, pbo, m["assumed"]["offline_is_balloon"])
    buddy = sum(c.buddy for c in counts)
    free = sum(zi[(z["node"], z["zone"])]["free"] for z in m["zones"])
    a = m["assumed"]
    if (a["buddy_pages"], a["nr_free_pages"]) != (buddy, free):
        raise Fail("fragstat read %d BUDDY pages of %d free, the "
                             "count %d of %d" % (a["buddy_pages"],
                                                 a["nr_free_pages"], buddy,
                                                 free))
    # Older kernels flag only the head of a free block BUDDY: its other
    # pages read as flagless, which only their place can tell.
    if buddy < free // 2:
        raise Skip("%d BUDDY pages of %d free: this kernel flags only a "
                   "free block's first page, which this count does not "
                   "follow" % (buddy, free))
    got = []
    for z, c, (start, spanned) in zip(m["zones"], counts, spans):
        if (z["start_pfn"], z["spanned_pages"]) != (start, spanned):
            raise Fail("node %d, zone %s: fragstat spans %d+%d, "
                                 "zoneinfo %d+%d" % (
                                     z["node"], z["zone"], z["start_pfn"],
                                     z["spanned_pages"], start, spanned))
        got.append(figures(c, pbo, zi[(z["node"], z["zone"])]["pcp"],
                           z["not_initialised_pageblocks"]))
    return m, got


def compare(m, counted, names):
    """Print per zone of fragstat's map M each figure of NAMES against
    COUNTED's (figures()), FAIL where they differ. Returns whether all
    agreed."""
    ok = True
    for z, c in zip(m["zones"], counted):
        f = fragstat_figures(z, m["pageblock_order"])
        for n in names:
            same = f[n] == c[n]
            ok &= same
            print("node %d, zone %-7s %-28s fragstat %9d, counted %9d%s" % (
                z["node"], z["zone"], n, f[n], c[n], "" if same else
                "  FAIL"))
    return ok


def main(test, names):
    """What both tests do first: copy this host into a temporary root,
    compare fragstat's figures NAMES of the copy with the count of it,
    then run fragstat live. Returns (all equal, fragstat's map of the copy,
    the counted figures, the live map); exits 77 saying why when it cannot
    run here, 1 on a Fail and 99 when FRAGSTAT names no binary."""
    binary = os.environ.get("FRAGSTAT", "")
    if not binary or not os.access(binary, os.X_OK):
        print("%s: FRAGSTAT must name the fragstat binary" % test,
              file=sys.stderr)
        sys.exit(99)
    try:
        with open("/proc/kpageflags", "rb") as f:
            f.read(8)
    except OSError:
        print("SKIP: /proc/kpageflags is not readable (--map needs root)")
        sys.exit(77)
    # The copy goes on SIGTERM and SIGHUP too (SystemExit unwinds).
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda *_: sys.exit(99))
    with tempfile.TemporaryDirectory(prefix="fragstat-%s." % test,
                                     dir=os.environ.get("TMPDIR") or
                                     "/tmp") as tmp:
        try:
            m, counted = measure(binary, os.path.join(tmp, "root"))
            ok = compare(m, counted, names)
            live = fragstat(binary)
        except Skip as e:
            print("SKIP: %s" % e)
            sys.exit(77)
        except Fail as e:
            print("FAIL: %s" % e)
            sys.exit(1)
    return ok, m, counted, live


def pins():
    """live-pins.sh: PINS of the copy, then what holds in any run, live:
    each kind pins at most the pinned pageblocks, each of which holds at
    least one pinned page. Returns whether all held."""
    ok, _, _, live = main("pins", PINS)
    for z in live["zones"]:
        p = z["pinned"]
        name = "live: node %d, zone %s" % (z["node"], z["zone"])
        for k in KINDS:
            if p["by_kind"][k] > p["pageblocks"]:
                print("FAIL: %s: %d %s blocks of %d pinned" %
                      (name, p["by_kind"][k], k, p["pageblocks"]))
                ok = False
        if sum(p["few_pinned"].values()) != p["pageblocks"]:
            print("FAIL: %s: the few-pinned buckets add up to %d, not %d" %
                  (name, sum(p["few_pinned"].values()), p["pageblocks"]))
            ok = False
    return ok


def pollution_own(m, label):
    """The checks fragstat's map M (LABEL in what is printed) must pass on its
    own figures: polluted, reserved-only and hugetlb-only pageblocks are the
    pinned ones, each amplification is its inputs' (rounded to hundredths)."""
    ok = True
    pbo = m["pageblock_order"]
    for z in m["zones"]:
        name = "%s: node %d, zone %s" % (label, z["node"], z["zone"])
        pl = z["pollution"]
        if pl["polluted_pageblocks"] + pl["reserved_only_pageblocks"] + \
                pl["hugetlb_only_pageblocks"] != z["pinned"]["pageblocks"]:
            print("FAIL: %s: %d polluted, %d reserved-only and %d "
                  "hugetlb-only pageblocks, %d pinned" %
                  (name, pl["polluted_pageblocks"],
                   pl["reserved_only_pageblocks"],
                   pl["hugetlb_only_pageblocks"],
                   z["pinned"]["pageblocks"]))
            ok = False
        for what, part in [("", pl)] + [(k + " ", {
                "polluted_pageblocks": v["pageblocks"],
                "unmovable_pages": v["pages"],
                "amplification": v["amplification"]})
                for k, v in pl["by_kind"].items()]:
            want = amplification(part, pbo)
            got = part["amplification"]
            if (got is None) != (want is None) or \
                    (got is not None and round(got * 100) != want):
                print("FAIL: %s: %samplification %s, its inputs give %s "
                      "hundredths" % (name, what, got, want))
                ok = False
    return ok



def pollution():
    """live-pollution-count.sh: POLLUTION of the copy, pollution_own() of
    the copy and of a live run, whose pageblocks are the copy's (a hole
    stays a hole). Returns whether all held."""
    ok, m, counted, live = main("pollution", POLLUTION)
    ok &= pollution_own(m, "copy")
    ok &= pollution_own(live, "live")
    for z, c in zip(live["zones"], counted):
        n = z["pollution"]["pageblocks"]
        print("live: node %d, zone %-7s pageblocks %9d, counted %9d%s" % (
            z["node"], z["zone"], n, c["pageblocks"],
            "" if n == c["pageblocks"] else "  FAIL"))
        ok &= n == c["pageblocks"]
    return ok


def folio_kind(f):
    """The kind of folio whose head (or single page) has flags F, None for
    none: only folios on the LRU or THPs, not free, slab, hugetlb, zero or
    page-table pages; anonymous, shmem (swap-backed page cache) or file."""
    if f & (B["NOPAGE"] | B["BUDDY"] | B["SLAB"] | B["HUGE"] | B["ZERO"] |
            B["PGTABLE"]):
        return None
    if not f & (B["LRU"] | B["THP"]):
        return None
    if f & B["ANON"]:
        return "anon"
    return "shmem" if f & B["SWAPBACKED"] else "file"


def count_folios(root, start, spanned):
    """The folios of ROOT's page flags in the zone of START, SPANNED pages,
    over its System RAM: {kind: {order: count}}. A compound head opens a
    folio, its tails extend it, anything else (or the end of a range of
    RAM) ends it; its order is the largest power of two its pages fill."""
    out = {"anon": collections.Counter(), "shmem": collections.Counter(),
           "file": collections.Counter()}
    with open(os.path.join(root, "proc", "kpageflags"), "rb") as f:
        for a, b in ram(os.path.join(root, "proc", "iomem")):
            a, b = max(a, start), min(b, start + spanned)
            if a >= b:
                continue
            f.seek(a * 8)
            words = array.array("Q")
            words.frombytes(f.read((b - a) * 8))
            # The open folio: its kind (None: none), pages, whether a
            # head opened it (only then do tails extend it).
            kind, n, head = None, 0, False
            for w in words:
                if w & B["TAIL"] and not w & B["HEAD"]:
                    n += 1
                    continue
                if kind and head:
                    out[kind][n.bit_length() - 1] += 1
                elif kind:
                    out[kind][0] += 1
                kind, n, head = folio_kind(w), 1, bool(w & B["HEAD"])
            if kind:
                out[kind][n.bit_length() - 1 if head else 0] += 1
    return out


def folios():
    """live-folios.sh: every zone's folios by kind and order, as fragstat
    counts them in a copy of this host, against count_folios() of the
    same copy. Returns whether all agreed."""
    binary = os.environ.get("FRAGSTAT", "")
    if not binary or not os.access(binary, os.X_OK):
        print("folios: FRAGSTAT must name the fragstat binary",
              file=sys.stderr)
        sys.exit(99)
    try:
        with open("/proc/kpageflags", "rb") as f:
            f.read(8)
    except OSError:
        print("SKIP: /proc/kpageflags is not readable (--map needs root)")
        sys.exit(77)
    ok = True
    with tempfile.TemporaryDirectory(prefix="fragstat-folios.",
                                     dir=os.environ.get("TMPDIR") or
                                     "/tmp") as tmp:
        root = os.path.join(tmp, "root")
        try:
            make_root(root)
            m = fragstat(binary, root)
        except Fail as e:
            print("FAIL: %s" % e)
            return False
        for z in m["zones"]:
            got = count_folios(root, z["start_pfn"], z["spanned_pages"])
            for k in ("anon", "shmem", "file"):
                mine = {o: n for o, n in enumerate(z["folios"][k]) if n}
                same = mine == dict(got[k])
                ok &= same
                print("node %d, zone %-7s %-5s fragstat %s, counted %s%s" %
                      (z["node"], z["zone"], k, sorted(mine.items()),
                       sorted(got[k].items()), "" if same else "  FAIL"))
    return ok


if __name__ == "__main__":
    tests = {"pins": pins, "pollution": pollution, "folios": folios}
    if len(sys.argv) != 2 or sys.argv[1] not in tests:
        print("usage: pageflags.py pins|pollution|folios", file=sys.stderr)
        sys.exit(99)
    sys.exit(0 if tests[sys.argv[1]]() else 1)
