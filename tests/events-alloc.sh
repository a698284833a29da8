#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --events, live: the high-order allocations (kmem:mm_page_alloc, order >=
# 1) and the stalls --watch --events counts equal those of an independent
# reader: a second tracefs instance of this script's with the same filter,
# read as text, over exactly the same window. The window is exact: both
# instances are switched on and off by one process, back to back, and the
# second one writes a marker just after fragstat's went on and just
# before it went off; an event of another program between its own switch
# and a marker (where only one reader may have seen it) makes the round
# inconclusive, and it is tried again. The load: 64 MiB of MADV_HUGEPAGE
# memory touched once per 2 MiB, and a few forks (order-1 page tables);
# with EVENTS_COMPACT=1 also one compact_memory (opt-in, as in events.sh).
set -u
: "${FRAGSTAT:?}"
. "$(dirname "$0")/need-tracefs.sh"
[ -d "$T/events/kmem/mm_page_alloc" ] || { echo "SKIP: no kmem:mm_page_alloc"; exit 77; }

tmp=$(mktemp -d)
chk="$T/instances/fragstat-check-alloc-$$"
fpid=""
cleanup() {
	[ -n "$fpid" ] && kill -TERM "$fpid" 2>/dev/null && wait "$fpid"
	[ -d "$chk" ] && rmdir "$chk"
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# Wait (up to 20 s) until FILE has N lines (none while it is not there yet).
wait_lines() {
	i=0
	while [ "$(cat "$1" 2>/dev/null | wc -l)" -lt "$2" ]; do
		i=$((i + 1))
		[ "$i" -gt 400 ] && return 1
		sleep 0.05
	done
}

# One round: 0 when both readers counted the same, 1 when they differ,
# 3 when inconclusive, 2 on another failure.
compare_once() {
	mkdir "$chk" || return 2
	echo 0 > "$chk/tracing_on"
	echo 4096 > "$chk/buffer_size_kb"
	echo mono > "$chk/trace_clock"
	echo 'order >= 1' > "$chk/events/kmem/mm_page_alloc/filter"
	echo 1 > "$chk/events/kmem/mm_page_alloc/enable"
	for e in compaction/mm_compaction_begin compaction/mm_compaction_end \
	    compaction/mm_compaction_try_to_compact_pages \
	    vmscan/mm_vmscan_direct_reclaim_begin \
	    vmscan/mm_vmscan_direct_reclaim_end; do
		[ -f "$chk/events/$e/enable" ] && echo 1 > "$chk/events/$e/enable"
	done
	: > "$tmp/s.json"
	"$FRAGSTAT" -q --watch 0.2 --events --json > "$tmp/s.json" 2> "$tmp/s.err" &
	fpid=$!
	inst="$T/instances/fragstat-$fpid"
	wait_lines "$tmp/s.json" 1 || return 2
	# Off: from now on fragstat counts only what the window lets in. A
	# sample read before this may be printed after it, and the one after
	# that may still hold events from before: start two samples later.
	echo 0 > "$inst/tracing_on"
	k=$(wc -l < "$tmp/s.json")
	wait_lines "$tmp/s.json" $((k + 2)) || return 2
	l0=$(wc -l < "$tmp/s.json")
	python3 - "$chk" "$inst" "${EVENTS_COMPACT:-0}" <<'PY' || return 2
import mmap, os, sys
chk, inst, compact = sys.argv[1], sys.argv[2], sys.argv[3] == "1"

def put(path, s):
    fd = os.open(path, os.O_WRONLY)
    os.write(fd, s.encode())
    os.close(fd)

m = mmap.mmap(-1, 66 << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
put(chk + "/tracing_on", "1")
put(inst + "/tracing_on", "1")
put(chk + "/trace_marker", "window-open")
m.madvise(mmap.MADV_HUGEPAGE)
for off in range(0, 64 << 20, 2 << 20):
    m[off] = 1
for i in range(8):
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
if compact:
    put("/proc/sys/vm/compact_memory", "1")  # suite-safe: only under make live-events
put(chk + "/trace_marker", "window-close")
put(inst + "/tracing_on", "0")
put(chk + "/tracing_on", "0")
PY
	l1=$(wc -l < "$tmp/s.json")
	wait_lines "$tmp/s.json" $((l1 + 2)) || return 2
	cat "$chk/trace" > "$tmp/check.txt"
	cat "$chk/per_cpu"/cpu*/stats > "$tmp/check.stats"
	kill -TERM "$fpid"
	wait "$fpid"
	st=$?
	fpid=""
	rmdir "$chk"
	if [ "$st" != 0 ] || [ -s "$tmp/s.err" ]; then
		echo "FAIL: fragstat: status $st"
		cat "$tmp/s.err"
		return 2
	fi
	python3 - "$tmp/s.json" "$tmp/check.txt" "$tmp/check.stats" "$l0" \
	    "$T/events/kmem/mm_page_alloc/format" <<'PY'
import collections, json, re, sys
lines = open(sys.argv[1]).read().splitlines()
samples = [json.loads(l)["events"] for l in lines[int(sys.argv[4]):]]
got = collections.Counter()
for e in samples:
    got["lost"] += e["lost"]
    for o in e["alloc"]["by_order"]:
        got[("ok", o["order"])] += o["succeeded"]
        got[("failed", o["order"])] += o["failed"]
        for t in o["by_migratetype"]:
            got[("ok", o["order"], t["migratetype"])] += t["succeeded"]
            got[("failed", o["order"], t["migratetype"])] += t["failed"]
        got[("opportunistic", o["order"])] += o["opportunistic_failed"]
        got[("could_wait", o["order"])] += o["could_wait_failed"]
    for k, s in e["stalls"].items():
        if s is not None:
            got[("stalls", "compaction" if k != "reclaim" else k)] += s["count"]

# The gfp names of this kernel's __print_flags() table, to their bits.
fmt = open(sys.argv[5]).read()
flags = {}
for expr, name in re.findall(r'\{\(\s*unsigned long\)(.*?), "(\w+)"\}', fmt):
    expr = re.sub(r"\(\s*(unsigned long|gfp_t)\)", "", expr).replace("1UL", "1")
    flags[name] = eval(expr)
def bits(s):
    v = 0
    for n in s.split("|"):
        v |= int(n, 16) if n.startswith("0x") else flags.get(n, 0)
    return v
opp = flags["__GFP_NORETRY"] | flags["__GFP_NOWARN"]
wait = flags["__GFP_DIRECT_RECLAIM"]
types = []
for l in open("/proc/pagetypeinfo"):
    m = re.match(r"Node\s+\d+, zone\s+\S+, type\s+(\S+)", l)
    if m and m.group(1) not in types:
        types.append(m.group(1))

want = collections.Counter()
inside = None	# None before the first marker, True between, False after
outside = 0
begun = {}
for l in open(sys.argv[2]):
    if l.startswith("#"):
        continue
    if "window-open" in l:
        inside = True
        continue
    if "window-close" in l:
        inside = False
        continue
    m = re.match(r"\s*(.*)-(\d+)\s+\[\d+\]\s+\S+\s+([\d.]+): (\w+): (.*)", l)
    if not m:
        continue
    if not inside:
        outside += 1
        continue
    pid, ev, rest = m.group(2), m.group(4), m.group(5)
    if ev == "mm_page_alloc":
        f = dict(re.findall(r"(\w+)=(\S+)", rest))
        o, mt, g = int(f["order"]), int(f["migratetype"]), bits(f["gfp_flags"])
        # The format prints pfn 0 for a failure (pfn -1); x86 never hands out pfn 0.
        failed = int(f["pfn"], 16) == 0
        kind = "failed" if failed else "ok"
        want[(kind, o)] += 1
        want[(kind, o, types[mt] if mt < len(types) else "type %d" % mt)] += 1
        if failed and g & opp:
            want[("opportunistic", o)] += 1
        if failed and g & wait:
            want[("could_wait", o)] += 1
    elif ev in ("mm_compaction_begin", "mm_vmscan_direct_reclaim_begin"):
        begun[(pid, ev)] = True
    elif ev in ("mm_compaction_end", "mm_vmscan_direct_reclaim_end"):
        b = ev.replace("_end", "_begin")
        if begun.pop((pid, b), False):
            want[("stalls", "compaction" if "compaction" in ev else "reclaim")] += 1
for l in open(sys.argv[3]):
    if re.match(r"(overrun|commit overrun|dropped events): [1-9]", l):
        print("  the second instance lost events: inconclusive")
        sys.exit(3)
if outside:
    print("  %d events of other programs at the edges of the window: inconclusive" % outside)
    sys.exit(3)
got = {k: v for k, v in got.items() if v}
want = {k: v for k, v in want.items() if v}
if got != want:
    for k in sorted(set(got) | set(want), key=str):
        if got.get(k) != want.get(k):
            print("  %s: fragstat %s, second instance %s" % (k, got.get(k), want.get(k)))
    sys.exit(1)
ok = sum(v for k, v in got.items() if k[0] == "ok" and len(k) == 2)
if got.get(("ok", 9), 0) == 0 and ok == 0:
    print("  no high-order allocation in the window")
    sys.exit(1)
print("events-alloc: %d samples, %d high-order allocations (%d failed), %d stalls, the same in both readers"
      % (len(samples), ok, sum(v for k, v in got.items() if k[0] == "failed" and len(k) == 2),
         sum(v for k, v in got.items() if k[0] == "stalls")))
PY
}

rc=3
n=0
while [ "$rc" = 3 ] && [ $n -lt 5 ]; do
	n=$((n + 1))
	compare_once
	rc=$?
done
[ "$rc" = 0 ] || echo "FAIL: fragstat and the second instance differ (round $n, status $rc)"
[ "$rc" = 0 ]
