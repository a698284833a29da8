#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# svg-bounds.py SVG... - no label of fragstat's pictures is cut, overlaps
# another or runs into a mark: every <text> lies inside the picture, no two
# texts' boxes meet, and a text that meets a filled rect (a cell, a bar, a
# badge) lies wholly inside it. A text's box is its width in DejaVu Sans
# (bold where the text is), the widest face renderers pick for sans-serif,
# from its baseline up 0.76 em (ascenders) and down 0.24 em (descenders).
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
# The advances of the printable ASCII characters, thousandths of an em, from
# DejaVuSans.ttf and DejaVuSans-Bold.ttf (hmtx); anything else counts 1 em.
REGULAR = [
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361,
    318, 337, 636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337,
    838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295,
    295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989,
    685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615,
    352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521,
    392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838
]
BOLD = [
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415,
    380, 365, 696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400,
    838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372,
    372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103,
    771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678,
    435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595,
    478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838
]
ASCENT, DESCENT = 0.76, 0.24


def num(v, default=0.0):
    m = re.match(r"-?[0-9.]+", v or "")
    return float(m.group(0)) if m else default


def em(s, bold):
    adv = BOLD if bold else REGULAR
    return sum(adv[ord(c) - 32] if 32 <= ord(c) < 127 else 1000
               for c in s) / 1000


def walk(e, size, anchor, bold, texts, rects):
    """Collects the boxes of the texts and of the filled rects under E."""
    if e.get("font-size"):
        size = num(e.get("font-size"), size)
    anchor = e.get("text-anchor", anchor)
    if e.get("font-weight"):
        bold = e.get("font-weight") == "bold"
    if e.tag == NS + "text":
        # A <title> inside is a tooltip, not drawn.
        s = (e.text or "") + "".join((c.tail or "") + ("" if c.tag == NS + "title"
                                     else "".join(c.itertext())) for c in e)
        w = em(s, bold) * size
        x, y = num(e.get("x")), num(e.get("y"))
        x0 = x - w if anchor == "end" else x - w / 2 if anchor == "middle" else x
        texts.append((x0, x0 + w, y - ASCENT * size, y + DESCENT * size, s))
        return
    if e.tag == NS + "rect" and e.get("fill-opacity") != "0" and \
            e.get("fill", "").startswith("#"):
        x, y = num(e.get("x")), num(e.get("y"))
        rects.append((x, x + num(e.get("width")), y, y + num(e.get("height"))))
    for c in e:
        walk(c, size, anchor, bold, texts, rects)


def meet(a, b):
    return a[0] < b[1] - 0.5 and b[0] < a[1] - 0.5 and \
        a[2] < b[3] - 0.5 and b[2] < a[3] - 0.5


def inside(t, r):
    return r[0] - 0.5 <= t[0] and t[1] <= r[1] + 0.5 and \
        r[2] - 0.5 <= t[2] and t[3] <= r[3] + 0.5


bad = 0
for path in sys.argv[1:]:
    root = ET.parse(path).getroot()
    width, height = num(root.get("width")), num(root.get("height"))
    texts, rects = [], []
    walk(root, 16.0, "start", False, texts, rects)
    # The first rect is the picture's white ground.
    rects = rects[1:]
    for t in texts:
        if t[0] < -0.5 or t[1] > width + 0.5 or t[2] < -0.5 or \
                t[3] > height + 0.5:
            print("FAIL: %s: %r at x %.0f..%.0f, y %.0f..%.0f: outside %.0fx%.0f"
                  % ((path, t[4][:60]) + t[:4] + (width, height)))
            bad += 1
    texts = sorted(t for t in texts if t[4].strip())
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if b[0] >= a[1]:
                break
            if meet(a, b):
                print("FAIL: %s: %r and %r overlap at y %.0f"
                      % (path, a[4][:40], b[4][:40], a[3]))
                bad += 1
        for r in rects:
            if meet(a, r) and not inside(a, r):
                print("FAIL: %s: %r at x %.0f..%.0f, y %.0f..%.0f runs into "
                      "the mark at x %.0f..%.0f, y %.0f..%.0f"
                      % ((path, a[4][:40]) + a[:4] + r))
                bad += 1
sys.exit(1 if bad else 0)
