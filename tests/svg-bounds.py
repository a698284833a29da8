#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# svg-bounds.py SVG... - no label of fragstat's pictures is cut or overlaps
# another: every <text> lies inside the picture, and no two texts on one
# baseline overlap. A text's width is taken as render_svg.c's text_px()
# reserves it: 0.62 em a character, above what sans-serif faces draw.
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
EM = 0.62


def num(v, default=0.0):
    m = re.match(r"-?[0-9.]+", v or "")
    return float(m.group(0)) if m else default


def texts(e, size, anchor, out):
    if e.get("font-size"):
        size = num(e.get("font-size"), size)
    anchor = e.get("text-anchor", anchor)
    if e.tag == NS + "text":
        # A <title> inside is a tooltip, not drawn.
        s = (e.text or "") + "".join((c.tail or "") + ("" if c.tag == NS + "title"
                                     else "".join(c.itertext())) for c in e)
        w = len(s) * EM * size
        x = num(e.get("x"))
        x0 = x - w if anchor == "end" else x - w / 2 if anchor == "middle" else x
        out.append((s, x0, x0 + w, num(e.get("y")), size))
        return
    for c in e:
        texts(c, size, anchor, out)


bad = 0
for path in sys.argv[1:]:
    root = ET.parse(path).getroot()
    width, height = num(root.get("width")), num(root.get("height"))
    out = []
    texts(root, 16.0, "start", out)
    for s, x0, x1, y, size in out:
        if x0 < -0.5 or x1 > width + 0.5 or y - size < -0.5 or y > height + 0.5:
            print("FAIL: %s: %r at x %.0f..%.0f, y %.0f: outside %.0fx%.0f"
                  % (path, s[:60], x0, x1, y, width, height))
            bad += 1
    line = {}
    for t in out:
        line.setdefault(t[3], []).append(t)
    for y, ts in line.items():
        ts.sort(key=lambda t: t[1])
        for a, b in zip(ts, ts[1:]):
            if a[0].strip() and b[0].strip() and a[2] > b[1] + 0.5:
                print("FAIL: %s: %r and %r overlap at y %.0f"
                      % (path, a[0][:40], b[0][:40], y))
                bad += 1
sys.exit(1 if bad else 0)
