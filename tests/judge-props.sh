#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# judge-props.sh - properties of the judgement over every fixture root (and
# roots of 16 and 1024 nodes from bench/gen-root): the machine's score lies
# between its nodes' scores at every order; --need's answer never
# contradicts the zones' verdicts (ok needs a zone whose verdict is ok or
# unknown, compact one whose verdict is not reclaim, and where every zone
# says reclaim or is unusable --need says reclaim too); the headline's
# word is JSON's judgement of the machine. Skips (77) without python3.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
gen=$(dirname "$0")/../bench/gen-root
if [ -f "$gen" ]; then
	python3 "$gen" --nodes 16 --orders 11 "$tmp/n16" >/dev/null &&
	python3 "$gen" --nodes 1024 --orders 11 "$tmp/n1024" >/dev/null ||
	    { echo "FAIL: bench/gen-root"; exit 1; }
fi
exec python3 - "$FRAGSTAT" "$FIXTURES" "$tmp" <<'PY'
import json, os, re, subprocess, sys

fragstat, fixtures, tmp = sys.argv[1:4]
fail = 0

def roots():
    """Every fixture root: (name, arguments), a --sysroot or named files."""
    for top in (fixtures, tmp):
        for d, subdirs, files in sorted(os.walk(top)):
            subdirs.sort()
            if os.path.basename(d) == "proc":
                continue        # its root's, read with --sysroot
            if os.path.isfile(os.path.join(d, "proc", "buddyinfo")):
                yield d, ["--sysroot=" + d]
            elif "buddyinfo" in files and "bad" not in d.split(os.sep) \
                    and "fuzz" not in d.split(os.sep):
                a = ["--buddyinfo=" + os.path.join(d, "buddyinfo")]
                for f in ("pagetypeinfo", "zoneinfo"):
                    if f in files:
                        a.append("--%s=%s" % (f, os.path.join(d, f)))
                yield d, a

def run(args):
    r = subprocess.run([fragstat, "-q"] + args, capture_output=True,
                       text=True)
    return r.returncode, r.stdout

def bad(root, what):
    global fail
    fail = 1
    print("FAIL: %s: %s" % (root, what))

n = 0
for root, args in roots():
    rc, out = run(args + ["--json"])
    if rc != 0:
        continue                # bad input: not this test's business
    n += 1
    j = json.loads(out)
    av = j.get("availability") or []
    # The machine's score between its nodes' scores, order by order.
    for m in (a for a in av if a["node"] is None and a["zone"] is None):
        nodes = [a["score"] for a in av if a["zone"] is None and
                 a["node"] is not None and a["order"] == m["order"]]
        if m["score"] is None or not nodes:
            continue
        if not min(nodes) <= m["score"] <= max(nodes):
            bad(root, "order %d: machine score %d outside its nodes' %d..%d"
                % (m["order"], m["score"], min(nodes), max(nodes)))
    # The headline's word is JSON's for the machine at the first order.
    rc, text = run(args + ["--color=never"])
    head = re.search(r"\(order (\d+)\): ([a-z ]+) \(score", text)
    if head:
        o = int(head.group(1))
        m = [a for a in av if a["node"] is None and a["zone"] is None
             and a["order"] == o]
        if m and m[0]["judgement"] != head.group(2):
            bad(root, "headline says %s, JSON %s" % (head.group(2),
                                                      m[0]["judgement"]))
    adv = j.get("advice")
    if not adv or not adv.get("orders"):
        continue
    order = adv["orders"][0]
    verdicts = [z["verdict"] for z in adv["zones"] if z["order"] == order]
    m = [a for a in av if a["node"] is None and a["zone"] is None
         and a["order"] == order]
    if not m or not verdicts:
        continue
    m = m[0]
    for count in sorted({1, m["now"] + 1, max(m["after_compaction"], 1),
                         m["after_compaction"] + 1}):
        rc, out = run(args + ["--json", "--need=%d" % count])
        if rc not in (0, 4, 5, 6, 7):
            bad(root, "--need=%d: exit %d" % (count, rc))
            continue
        need = json.loads(out)["need"]
        if need["order"] != order:
            continue
        v = need["verdict"]
        if v == "ok" and not set(verdicts) & {"ok", "unknown"}:
            bad(root, "--need=%d says ok, zones %s" % (count, verdicts))
        if v == "compact" and not set(verdicts) & {"ok", "unknown",
                                                   "compact"}:
            bad(root, "--need=%d says compact, zones %s" % (count, verdicts))
        if set(verdicts) <= {"reclaim", "unusable"} and v in ("ok",
                                                              "compact"):
            bad(root, "--need=%d says %s, zones %s" % (count, v, verdicts))
print("judge-props.sh: %d roots" % n)
sys.exit(fail)
PY
