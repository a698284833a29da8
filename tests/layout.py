#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""layout.py SRC - the parts of src/ include only what src/README allows.

Each folder of SRC is a part; a file may include headers of its own part
and of the parts ALLOWED names for it, nothing else (src/README, "The
shape" of the style guide). No two files include each other: a module
(NAME.c with NAME.h) that includes another's header while that one
includes its header is a split drawn on the wrong line; nor may headers
include each other in a circle. Prints every include that breaks this,
and any part or file the table does not know; exits 1 when there is one.
"""
import os
import re
import sys

ALLOWED = {
    "base": set(),
    "model": {"base"},
    "parse": {"model", "base"},
    "io": {"parse", "model", "base"},
    "kernel": {"model", "base"},
    "render": {"kernel", "model", "base"},
    "run": {"base", "model", "parse", "io", "kernel", "render"},
}

src = sys.argv[1]
part = {}
for d in sorted(os.listdir(src)):
    if not os.path.isdir(os.path.join(src, d)) or d.startswith("."):
        continue
    if d not in ALLOWED:
        print("%s/%s: a part src/README does not name" % (src, d))
        sys.exit(1)
    for f in os.listdir(os.path.join(src, d)):
        if f.endswith(".h"):
            part[f] = d
bad = 0
inc = {}
for d in sorted(ALLOWED):
    if not os.path.isdir(os.path.join(src, d)):
        continue
    for f in sorted(os.listdir(os.path.join(src, d))):
        if not f.endswith((".c", ".h")):
            continue
        inc[f] = set()
        for n, line in enumerate(open(os.path.join(src, d, f)), 1):
            m = re.match(r'#include "([^"]+)"', line)
            if not m or m.group(1) == "config.h":
                continue
            h = m.group(1)
            inc[f].add(h)
            if h not in part:
                print("%s/%s/%s:%d: %s is in no part" % (src, d, f, n, h))
                bad += 1
            elif part[h] != d and part[h] not in ALLOWED[d]:
                print("%s/%s/%s:%d: %s (%s) from %s: %s includes only %s" %
                      (src, d, f, n, h, part[h], d, d,
                       ", ".join(sorted(ALLOWED[d])) or "itself"))
                bad += 1

# Modules that include each other: NAME.c or NAME.h includes OTHER.h and
# OTHER.c or OTHER.h includes NAME.h.
mod = {}
for f, hs in inc.items():
    mod.setdefault(f[:-2], set()).update(h[:-2] for h in hs
                                         if h[:-2] != f[:-2])
for a in sorted(mod):
    for b in sorted(mod[a]):
        if a < b and a in mod.get(b, ()):
            print("%s and %s include each other: what both need belongs "
                  "in a third place" % (a, b))
            bad += 1


# A circle among headers, however long.
def circle(h, path, seen):
    for n in sorted(inc.get(h, ())):
        if n in path:
            return path[path.index(n):] + [n]
        if n not in seen:
            seen.add(n)
            c = circle(n, path + [n], seen)
            if c:
                return c
    return None


done = set()
for h in sorted(x for x in inc if x.endswith(".h")):
    c = circle(h, [h], set())
    if c and frozenset(c) not in done:
        done.add(frozenset(c))
        print("headers include each other in a circle: %s" % " -> ".join(c))
        bad += 1
print("%d includes against the layout" % bad)
sys.exit(1 if bad else 0)
