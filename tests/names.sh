#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# names.sh - one name per count (#45, #48): "free now" is free_now in
# --json's availability[], --watch --json samples, --rows=sizes rows,
# --compare and --fleet --json, with the same value, and the documented old names (now,
# available_now) beside it with that value too; a recording's allocations
# have the shape of its samples'.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/names.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
d=$FIXTURES/avail/two-nodes
# No zoneinfo: --watch reads none, so both count without watermarks.
set -- --buddyinfo "$d/buddyinfo" --pagetypeinfo "$d/pagetypeinfo" \
    --kernel 6.18 -q

"$FRAGSTAT" "$@" --json >"$tmp/doc.json" || exit 1
"$FRAGSTAT" --buddyinfo "$d/buddyinfo" --pagetypeinfo "$d/pagetypeinfo" \
    -q --watch=1 --count=1 --migratetypes --json \
    >"$tmp/sample.json" || exit 1
"$FRAGSTAT" "$@" --format=ndjson --rows=sizes >"$tmp/rows.ndjson" || exit 1
"$FRAGSTAT" "$@" --format=csv --rows=sizes >"$tmp/rows.csv" || exit 1

python3 - "$tmp" <<'PY' || exit 1
import csv, json, sys
t = sys.argv[1]
doc = json.load(open(t + "/doc.json"))
sample = json.loads(open(t + "/sample.json").readline())
rows = [json.loads(l) for l in open(t + "/rows.ndjson")]
bad = []

def same(what, obj, new, old):
    if new not in obj or obj.get(new) != obj.get(old):
        bad.append("%s: %s %r, %s %r" % (what, new, obj.get(new), old,
                                         obj.get(old)))

by_zone = {}
for a in doc["availability"]:
    if "possible" in a and not a["possible"]:
        continue
    same("availability", a, "free_now", "now")
    same("availability", a, "free_now_is_bound", "now_is_bound")
    if a["zone"] is not None:
        by_zone[(a["node"], a["zone"], a["order"])] = a["free_now"]
n = 0
for z in sample["zones"]:
    for o in z["orders"]:
        same("sample", o, "free_now", "available_now")
        same("sample", o, "free_now_is_bound", "available_now_is_bound")
        k = (z["node"], z["zone"], o["order"])
        if k in by_zone:
            n += 1
            if by_zone[k] != o["free_now"]:
                bad.append("zone %s: --json %d, sample %d" % (
                    k, by_zone[k], o["free_now"]))
if n == 0:
    bad.append("no zone of the sample is in availability[]")
for r in rows:
    same("ndjson", r, "free_now", "now")
head = next(csv.reader(open(t + "/rows.csv", newline="")))
if list(rows[0].keys()) != head:
    bad.append("CSV header %s, NDJSON keys %s" % (head, list(rows[0])))
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
# --compare of two roots: free_now as [a, b] beside now, and equal to
# each root's own --json machine row.
r=$FIXTURES/roots
"$FRAGSTAT" -q --compare "$r/aarcange-before-compact" \
    "$r/aarcange-after-compact" --json >"$tmp/cmp.json" || exit 1
"$FRAGSTAT" -q --sysroot "$r/aarcange-before-compact" --json >"$tmp/a.json" ||
	exit 1
"$FRAGSTAT" -q --sysroot "$r/aarcange-after-compact" --json >"$tmp/b.json" ||
	exit 1
python3 - "$tmp" <<'PY' || exit 1
import json, sys
t = sys.argv[1]
def machine(f, order):
    for a in json.load(open(t + f))["availability"]:
        if a["node"] is None and a["order"] == order:
            return a["free_now"]
n = 0
for v in json.load(open(t + "/cmp.json"))["advice"]:
    if v["node"] is not None:
        continue
    n += 1
    want = [machine("/a.json", v["order"]), machine("/b.json", v["order"])]
    if v.get("free_now") != v["now"] or v["free_now"] != want:
        print("FAIL: --compare order %d: free_now %s, now %s, the roots %s"
              % (v["order"], v.get("free_now"), v["now"], want))
        sys.exit(1)
if n == 0:
    print("FAIL: --compare has no machine row")
    sys.exit(1)
PY

# --fleet --json: free_now beside now in sizes[] and the worst hosts.
"$FRAGSTAT" -q --fleet --sysroot "$FIXTURES/fleet/h1" --sysroot \
    "$FIXTURES/fleet/h2" --json >"$tmp/fleet.json" || exit 1
python3 - "$tmp/fleet.json" <<'PY' || exit 1
import json, sys
f = json.load(open(sys.argv[1]))["fleet"]
objs = [s[o] for s in f["sizes"] for o in ("hosts", "nodes")]
objs += f["worst"]["hosts"]
for o in objs:
    for new, old in (("free_now", "now"), ("free_now_is_bound",
                                           "now_is_bound")):
        if new not in o or o[new] != o[old]:
            print("FAIL: --fleet --json: %s %r, %s %r" % (new, o.get(new),
                                                          old, o[old]))
            sys.exit(1)
if not f["worst"]["hosts"]:
    print("FAIL: --fleet --json has no worst host")
    sys.exit(1)
PY

# A recording's "alloc" has the shape of its samples' (one writer), each
# count the sum of the samples' (summed here, independently).
rec=$FIXTURES/recordings/vm-6.18-stalls-edited
"$FRAGSTAT" --sysroot "$rec" --json >"$tmp/replay.json" || exit 1
python3 - "$rec/samples.ndjson" "$tmp/replay.json" <<'PY' || exit 1
import json, sys
want, shape = {}, set()
for line in open(sys.argv[1]):
    a = (json.loads(line).get("events") or {}).get("alloc")
    for o in (a or {}).get("by_order", []):
        shape.add(tuple(o))
        w = want.setdefault(o["order"], {"succeeded": 0, "failed": 0})
        w["succeeded"] += o["succeeded"]
        w["failed"] += o["failed"]
        for t in o["by_migratetype"]:
            for k in ("succeeded", "failed"):
                key = (t["migratetype"], k)
                w[key] = w.get(key, 0) + t[k]
got = {}
for o in json.load(open(sys.argv[2]))["events"]["alloc"]["by_order"]:
    if tuple(o) not in shape:
        print("FAIL: replay members %s, samples' %s" % (list(o), shape))
        sys.exit(1)
    g = got.setdefault(o["order"], {"succeeded": o["succeeded"],
                                    "failed": o["failed"]})
    for t in o["by_migratetype"]:
        for k in ("succeeded", "failed"):
            if t[k]:
                g[(t["migratetype"], k)] = t[k]
want = {o: {k: v for k, v in w.items() if v or isinstance(k, str)}
        for o, w in want.items()}
if not want or got != want:
    print("FAIL: replay alloc %s, samples sum to %s" % (got, want))
    sys.exit(1)
PY
echo "ok: free_now in --json, --watch samples and flat rows; one alloc shape"
