#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# compare-sets.py FRAGSTAT FIXTURES CLI - what --compare of sets promises
# beyond its golden bytes:
# - every text golden of --compare of recordings and sets (tests/cli, no
#   --json, no --format: the tables a reviewer pastes) fits 80 columns;
# - the picture of each shipped pair of sets draws a panel per metric that
#   differs or spreads, in the order of its effect by the JSON (a difference
#   without spread first, then |t|, then |change in %|, too few runs to test
#   last), every tick label lies within the metric's domain, and a panel
#   whose scale starts above 0 carries the axis-break mark, one without none;
# - no mean or run in the JSON averages a rate without a denominator or the
#   kernel's -1.000 of a fragmentation index: those are null, out of n.
import json
import math
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
fragstat, fixtures, cli = sys.argv[1:4]
failed = 0


def fail(msg):
    global failed
    failed += 1
    print("FAIL: " + msg)


# 1. 80 columns.
checked = 0
for case in sorted(os.listdir(cli)):
    try:
        cmd = open(os.path.join(cli, case, "cmd")).read()
    except OSError:
        continue
    if "--compare" not in cmd or "/recordings/" not in cmd or \
            "--json" in cmd or "--format" in cmd:
        continue
    for no, line in enumerate(open(os.path.join(cli, case, "out"),
                                   encoding="utf-8"), 1):
        if len(line.rstrip("\n")) > 80:
            fail("%s: line %d has %d columns" % (case, no, len(line) - 1))
    checked += 1
if checked < 5:
    fail("only %d --compare goldens of recordings and sets" % checked)


def run(*args):
    return subprocess.run([fragstat] + list(args), check=True,
                          stdout=subprocess.PIPE).stdout


def flat(m):
    a, b = m["a"], m["b"]
    if (a["stddev"] or 0) != 0 or (b["stddev"] or 0) != 0:
        return False
    return a["n"] == 0 or b["n"] == 0 or a["mean"] == b["mean"]


def effect(m):
    a, b = m["a"], m["b"]
    if m["t"] is not None:
        e = abs(m["t"])
    elif a["n"] < 3 or b["n"] < 3:
        e = -1
    else:
        e = math.inf if a["mean"] != b["mean"] else 0
    return (e, abs(m["diff_pct"] or 0))


# 2. The picture, 3. the JSON.
for pair in ("sets", "sets-rates", "sets-events", "sets-map"):
    a = os.path.join(fixtures, "recordings", pair, "a")
    b = os.path.join(fixtures, "recordings", pair, "b")
    metrics = json.loads(run("--compare", a, b, "--json"))["compare"]["metrics"]
    byname = {m["name"]: m for m in metrics}
    want = [m["name"] for m in sorted((m for m in metrics if not flat(m)),
            key=effect, reverse=True)]
    root = ET.fromstring(run("--compare", a, b, "--format=svg"))
    got = []
    marked = 0
    for g in root.iter(NS + "g"):
        if g.get("class") != "metric":
            continue
        name = g.find(NS + "rect").find(NS + "title").text
        got.append(name)
        lo, hi = byname[name]["domain"]
        lo = -math.inf if lo is None else lo
        hi = math.inf if hi is None else hi
        ticks = [t.text for t in g.findall(NS + "text")
                 if t.get("text-anchor") == "end"]
        if len(ticks) != 2:
            fail("%s %s: %d tick labels" % (pair, name, len(ticks)))
        for t in ticks:
            if not lo <= float(t) <= hi:
                fail("%s %s: tick %s outside [%s, %s]" % (pair, name, t,
                                                           lo, hi))
        # A scale that starts above 0 says so: the axis-break mark.
        breaks = [b.find(NS + "title").text for b in g.findall(NS + "g")]
        want_break = ["axis break: the scale starts at %s, not 0" % ticks[-1]]
        if breaks != (want_break if float(ticks[-1]) > 0 else []):
            fail("%s %s: foot %s, axis breaks %s" % (pair, name, ticks[-1],
                                                     breaks))
        marked += len(breaks)
    if pair == "sets" and marked == 0:
        fail("sets: no panel marks its axis break")
    # Equal effects may come in either order: compare the effects.
    if [effect(byname[n]) for n in got] != [effect(byname[n]) for n in want] \
            or sorted(got) != sorted(want):
        fail("%s: panels %s, want in effect order %s" % (pair, got, want))
    for m in metrics:
        for k in ("a", "b"):
            s = m[k]
            vals = [v for v in s["runs"] if v is not None]
            if s["n"] != len(vals):
                fail("%s %s %s: n %d of %d values" % (pair, m["name"], k,
                                                     s["n"], len(vals)))
            if vals and abs(sum(vals) / len(vals) - s["mean"]) > 0.001:
                fail("%s %s %s: mean %s of %s" % (pair, m["name"], k,
                                                 s["mean"], vals))
            lo, hi = m["domain"]
            for v in vals:
                if (lo is not None and v < lo) or (hi is not None and v > hi):
                    fail("%s %s %s: run %s outside the domain" %
                         (pair, m["name"], k, v))
print("compare-sets.py: %d goldens in 80 columns, 4 pictures" % checked)
sys.exit(1 if failed else 0)
