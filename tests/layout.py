#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""layout.py SRC - the parts of src/ include only downwards (src/README).

Each folder of SRC is a part with a rank; a file may include headers of its
own part and of parts of lower rank, never of a higher one nor of a sibling
of the same rank (io and render). Prints every include that breaks this,
and any part or file the table does not know; exits 1 when there is one.
"""
import os
import re
import sys

RANK = {"base": 0, "model": 1, "kernel": 2, "parse": 3, "io": 4,
        "render": 4, "run": 5}

src = sys.argv[1]
part = {}
for d in sorted(os.listdir(src)):
    if not os.path.isdir(os.path.join(src, d)) or d.startswith("."):
        continue
    if d not in RANK:
        print("%s/%s: a part src/README does not name" % (src, d))
        sys.exit(1)
    for f in os.listdir(os.path.join(src, d)):
        if f.endswith(".h"):
            part[f] = d
bad = 0
for d in sorted(RANK):
    for f in sorted(os.listdir(os.path.join(src, d))):
        if not f.endswith((".c", ".h")):
            continue
        for n, line in enumerate(open(os.path.join(src, d, f)), 1):
            m = re.match(r'#include "([^"]+)"', line)
            if not m or m.group(1) == "config.h":
                continue
            h = m.group(1)
            if h not in part:
                print("%s/%s/%s:%d: %s is in no part" % (src, d, f, n, h))
                bad += 1
            elif part[h] != d and RANK[part[h]] >= RANK[d]:
                print("%s/%s/%s:%d: %s (%s) from %s: a part includes only "
                      "lower ones" % (src, d, f, n, h, part[h], d))
                bad += 1
print("%d includes against the layout" % bad)
sys.exit(1 if bad else 0)
