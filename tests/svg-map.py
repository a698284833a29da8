# SPDX-License-Identifier: GPL-2.0-or-later
# svg-map.py - check a --map --format=svg picture: SVG [JSON]
#
# The SVG must parse as XML; every cell and bar carries a title. Each zone's
# cells cover its pageblocks once, in order, and each cell's counts fit its
# kind and add up to its pages. With JSON (--map --json of the same input),
# the cells add up to each zone's pages and pageblocks by class and kind,
# the bars' titles equal its suitable_blocks, ceiling and limited_by, and the
# legend's counts its pageblocks over every zone. With pins, a pinned cell
# takes the colour of what pins it: the kinds' legend then counts the cells
# drawn in each kind's colour, has no unmovable (all pinned; slab has its
# colour), and with the pinned row adds up to every pageblock. Exit status 1
# on a failure.
import json
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
CELL = re.compile(r"^Node (\d+), zone (.*), PFN 0x([0-9a-f]+)-0x([0-9a-f]+) "
                  r"\((\d+) pageblocks?, (\w+)\): free (\d+), movable (\d+), "
                  r"unmovable (\d+), ambiguous (\d+), hole (\d+)"
                  r"(?:; pinned pages: ([a-z]+ \d+(?:, [a-z]+ \d+)*))?"
                  r"(?:; cgroups: .*)?$")
BAR = re.compile(r"^Node (\d+), zone (.*), order (\d+): suitable_blocks (\d+), "
                 r"ceiling (\d+), limited_by (\w+), aligned blocks (\d+)$")
LEGEND = re.compile(r"^pageblocks (\w+)(, not pinned)?, every zone: (\d+)$")
PINLEGEND = re.compile(r"^pinned pageblocks most of whose pinned pages are "
                       r"(\w+), every zone: (\d+)$")
CLASSES = ("free", "movable", "unmovable", "ambiguous", "hole")
KINDS = ("all_free", "free_and_movable", "with_ambiguous", "with_unmovable",
         "with_hole")
FILLS = {"all_free": "#fde725", "free_and_movable": "#5dc863",
         "with_ambiguous": "#21908c", "with_unmovable": "#440154",
         "with_hole": "url(#hole)"}
# Pageblocks not yet initialised: cells of kind with_ambiguous, their own
# colour, a legend entry of their own (with pins, when there are some).
UNINIT = "not_initialised"
UNINIT_FILL = "#d9d9d9"
bad = []


def fail(msg):
    bad.append(msg)
    print("FAIL: %s: %s" % (sys.argv[1], msg))


def fits(kind, n, pb, c):
    """Whether counts C of N pageblocks of PB pages can all be of KIND."""
    if kind == "with_hole":
        return c["hole"] >= n
    if kind == "with_unmovable":
        return c["hole"] == 0 and c["unmovable"] >= n
    if kind == "with_ambiguous":
        return (c["hole"] == 0 and c["unmovable"] == 0 and
                c["ambiguous"] >= n)
    if kind == "all_free":
        return c["free"] == n * pb
    return (kind == "free_and_movable" and c["free"] + c["movable"] == n * pb
            and c["movable"] >= n)


root = ET.parse(sys.argv[1]).getroot()
cells, bars, legend = {}, {}, {}
pinned = {}        # the pinned row: kind -> pageblocks
drawn = dict.fromkeys(KINDS + (UNINIT,), 0)  # in each kind's colour
unpinned_words = set()
for parent in root.iter():
    if parent.tag == NS + "defs":
        continue
    for el in parent:
        if el.tag != NS + "rect" or parent.tag == NS + "pattern":
            continue
        t = el.find(NS + "title")
        marked = el.get("stroke") or el.get("fill") in (
            "#fde725", "#5dc863", "#21908c", "#440154", "url(#hole)",
            UNINIT_FILL)
        if t is None:
            if marked:
                fail("a rect at %s,%s has no title" % (el.get("x"),
                                                       el.get("y")))
            continue
        m = CELL.match(t.text)
        b = BAR.match(t.text)
        g = LEGEND.match(t.text)
        if m:
            c = dict(zip(CLASSES, map(int, m.groups()[6:11])))
            # The pinned pages by kind are the unmovable and ambiguous ones.
            pins = sum(int(p.split()[1]) for p in (m[12] or "").split(", ")
                       if p)
            if pins != c["unmovable"] + c["ambiguous"]:
                fail("%s: pinned pages add up to %d" % (t.text, pins))
            cells.setdefault((int(m[1]), m[2]), []).append(
                (int(m[3], 16), int(m[4], 16), int(m[5]), m[6], c))
            if el.get("fill") == FILLS[m[6]]:
                drawn[m[6]] += int(m[5])
            elif el.get("fill") == UNINIT_FILL and m[6] == "with_ambiguous":
                drawn[UNINIT] += int(m[5])
        elif b:
            bars[(int(b[1]), b[2], int(b[3]))] = (int(b[4]), int(b[5]),
                                                  b[6], int(b[7]))
        elif g:
            legend[g[1]] = int(g[3])
            unpinned_words.add(bool(g[2]))
        elif PINLEGEND.match(t.text):
            p = PINLEGEND.match(t.text)
            pinned[p[1]] = int(p[2])
        else:
            fail("title '%s' is not a cell's, a bar's or the legend's" %
                 t.text)

doc = json.load(open(sys.argv[2]))["map"] if len(sys.argv) > 2 else None
pb = 1 << doc["pageblock_order"] if doc else None
kinds = dict.fromkeys(KINDS, 0)
for key, runs in cells.items():
    runs.sort()
    pages = dict.fromkeys(CLASSES, 0)
    for lo, hi, n, kind, c in runs:
        if pb is None:
            pb = (hi - lo + 1) // n
        if hi - lo + 1 != n * pb or sum(c.values()) != n * pb:
            fail("%s: PFN %#x-%#x: not %d pageblocks of %d pages" %
                 (key, lo, hi, n, pb))
        if not fits(kind, n, pb, c):
            fail("%s: PFN %#x-%#x: counts %s are not %s" %
                 (key, lo, hi, c, kind))
        for k in CLASSES:
            pages[k] += c[k]
        kinds[kind] += n
    for (_, hi, _, _, _), (lo, _, _, _, _) in zip(runs, runs[1:]):
        if lo != hi + 1:
            fail("%s: cells end at %#x, next starts at %#x" % (key, hi, lo))
    if doc is None:
        continue
    z = [z for z in doc["zones"] if (z["node"], z["zone"]) == key]
    if len(z) != 1:
        fail("%s: not a zone of the JSON" % (key,))
        continue
    z = z[0]
    end = z["start_pfn"] + z["spanned_pages"]
    first, last = z["start_pfn"] // pb * pb, (end + pb - 1) // pb * pb
    if runs[0][0] != first or runs[-1][1] != last - 1:
        fail("%s: cells cover %#x-%#x, pageblocks %#x-%#x" %
             (key, runs[0][0], runs[-1][1], first, last - 1))
    # Pages of the end pageblocks outside the zone are the cells' holes.
    pages["hole"] -= (z["start_pfn"] - first) + (last - end)
    if pages != z["pages"]:
        fail("%s: cells hold %s, JSON %s" % (key, pages, z["pages"]))
    got = {k: sum(r[2] for r in runs if r[3] == k) for k in KINDS}
    if got != z["pageblocks"]:
        fail("%s: cells are %s, JSON %s" % (key, got, z["pageblocks"]))

if doc:
    for z in doc["zones"]:
        for o, ceil in enumerate(z["ceiling"]):
            key = (z["node"], z["zone"], o)
            if key not in bars:
                continue
            want = (z["suitable_blocks"][o], ceil, z["limited_by"][o])
            if bars[key][:3] != want:
                fail("%s: bar %s, JSON %s" % (key, bars[key][:3], want))
        if z["spanned_pages"] > 0 and (z["node"], z["zone"]) not in cells:
            fail("node %d, zone %s: no cells" % (z["node"], z["zone"]))
    if not bars:
        fail("no ceiling bars")
    kinds = {k: sum(z["pageblocks"][k] for z in doc["zones"]) for k in KINDS}
if pinned:
    # Every unmovable block is pinned and drawn in its pinner's colour,
    # slab's being the unmovable one: no unmovable in the kinds' row.
    want = {k: n for k, n in drawn.items() if k != "with_unmovable" and
            (k != UNINIT or n)}
    if legend != want or unpinned_words != {True}:
        fail("legend %s, cells drawn in the kinds' colours %s" %
             (legend, want))
    if sum(legend.values()) + sum(pinned.values()) != sum(kinds.values()):
        fail("legend %s and pinned %s do not add up to %d pageblocks" %
             (legend, pinned, sum(kinds.values())))
elif legend != kinds or unpinned_words != {False}:
    fail("legend %s, pageblocks %s" % (legend, kinds))
print("%s: %d zones, %d cells, %d bars checked" % (
    sys.argv[1], len(cells), sum(len(r) for r in cells.values()), len(bars)))
sys.exit(1 if bad else 0)
