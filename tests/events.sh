#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --events, live: fragstat's counts lie between those of two independent
# readers (tracefs instances of this script's, read as text), one on over
# a window inside fragstat's, one over a window around it, every count
# (inner <= fragstat <= outer: equal when nothing else ran at the edges),
# while light unmovable allocations run (pipes, sockets, small files; no
# compaction is forced, unless EVENTS_COMPACT=1 as 'make live-events' sets
# it); no fragstat instance is left after a normal
# end, SIGTERM, SIGHUP or a reader that goes away; and the one SIGKILL
# leaves is removed by the next fragstat --events, sixty of them too, each
# named in its note.
set -u
: "${FRAGSTAT:?}"
. "$(dirname "$0")/need-tracefs.sh"

tmp=$(mktemp -d)
chk="$T/instances/fragstat-check-$$"
inner="$T/instances/fragstat-check-inner-$$"
fpid=""
keep=""		# the instances of part 3 that fragstat must leave alone
stale=""	# and the one it must remove
cleanup() {
	[ -n "$fpid" ] && kill -TERM "$fpid" 2>/dev/null
	[ -d "$chk" ] && rmdir "$chk"
	[ -d "$inner" ] && rmdir "$inner"
	for k in $keep $stale; do
		[ -d "$k" ] && rmdir "$k"
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
fail=0

# Wait (up to 20 s) until FILE has N lines (none while it is not there yet).
wait_lines() {
	i=0
	while [ "$(cat "$1" 2>/dev/null | wc -l)" -lt "$2" ]; do
		i=$((i + 1))
		[ "$i" -gt 400 ] && return 1
		sleep 0.05
	done
}

# The load: unmovable pages for pipes, sockets and inodes, a little more
# than the Unmovable free lists hold (so that some allocations fall back to
# another migratetype), and never more than an eighth of what is available.
load() {
	python3 - "$tmp/files" <<'PY'
import os, re, resource, socket, sys
page = os.sysconf("SC_PAGESIZE")
free = 0
for l in open("/proc/pagetypeinfo"):
    m = re.match(r"Node\s+\d+, zone\s+\S+, type\s+Unmovable\s+([\d\s]+)$", l)
    if m:
        free += sum(int(n) << o for o, n in enumerate(m.group(1).split()))
avail = int(re.search(r"MemAvailable:\s+(\d+)", open("/proc/meminfo").read()).group(1)) * 1024
want = min(free * page + (32 << 20), avail // 8)
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
npipes = min(want // 65536, (hard - 2000) // 2)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
fds = []
for i in range(npipes):
    r, w = os.pipe()
    os.set_blocking(w, False)
    try:
        os.write(w, b"x" * 65536)
    except BlockingIOError:
        pass
    fds.append((r, w))
socks = [socket.socketpair() for i in range(500)]
for a, b in socks:
    a.send(b"y" * 8192)
os.mkdir(sys.argv[1])
for i in range(1500):
    with open("%s/f%d" % (sys.argv[1], i), "w") as f:
        f.write("z")
PY
	rm -rf "$tmp/files"
}

# instance DIR: a tracefs instance, off, with the events fragstat reads.
instance() {
	mkdir "$1" || return 1
	echo 0 > "$1/tracing_on"
	echo 4096 > "$1/buffer_size_kb"
	echo 1 > "$1/events/kmem/mm_page_alloc_extfrag/enable"
	for e in begin end try_to_compact_pages suitable finished deferred \
	    defer_compaction defer_reset kcompactd_wake; do
		f="$1/events/compaction/mm_compaction_$e/enable"
		[ -f "$f" ] && echo 1 > "$f"
	done
}

# One comparison: returns 0 when fragstat counted between the two readers.
# fragstat's window runs from its first sample to its last (the Nth line).
# The outer reader is on from before fragstat starts until the Nth line is
# out; the inner one from after the first line is out until before line
# N-1 is (sample N begins only after line N-1 is out). Events of other
# programs at the edges (a busy host) count in the outer reader only.
compare_once() {
	instance "$chk" || return 1
	instance "$inner" || return 1
	echo 1 > "$chk/tracing_on"
	: > "$tmp/s.json"
	"$FRAGSTAT" -q --watch 0.5 --events --json > "$tmp/s.json" 2> "$tmp/s.err" &
	fpid=$!
	# fragstat's window: from just after its first sample...
	wait_lines "$tmp/s.json" 1 || return 1
	echo 1 > "$inner/tracing_on"
	load
	# Opt-in only: compaction changes the memory it measures.
	[ "${EVENTS_COMPACT:-0}" = 1 ] && echo 1 > /proc/sys/vm/compact_memory  # suite-safe: only under make live-events
	echo 0 > "$inner/tracing_on"
	# ...to the second sample that begins after the inner reader stops.
	n=$(($(wc -l < "$tmp/s.json") + 2))
	wait_lines "$tmp/s.json" "$n" || return 1
	echo 0 > "$chk/tracing_on"
	cat "$chk/trace" > "$tmp/check.txt"
	cat "$inner/trace" > "$tmp/inner.txt"
	kill -TERM "$fpid"
	wait "$fpid"
	st=$?
	lastpid=$fpid
	fpid=""
	rmdir "$chk" "$inner"
	if [ "$st" != 0 ] || [ -s "$tmp/s.err" ]; then
		echo "FAIL: SIGTERM: status $st"
		cat "$tmp/s.err"
		return 2
	fi
	python3 - "$tmp/s.json" "$tmp/inner.txt" "$tmp/check.txt" "$n" <<'PY'
import collections, json, os, re, sys
lines = open(sys.argv[1]).read().splitlines()
n = int(sys.argv[4])
samples = [json.loads(l)["events"] for l in lines[1:n]]
types = []
for l in open("/proc/pagetypeinfo"):
    m = re.match(r"Node\s+\d+, zone\s+\S+, type\s+(\S+)", l)
    if m and m.group(1) not in types:
        types.append(m.group(1))
    elif types and not m:
        if l.startswith("Number of blocks"):
            break
got = collections.Counter()
for e in samples:
    x, c = e["extfrag"], e["compaction"]
    got["extfrag"] += x["total"]
    got["fragmenting"] += x["fragmenting"]
    got["claimed"] += x["claimed"]
    got["captured"] += x["captured"]
    for p in x["by"]:
        got[("pair", p["alloc"], p["fallback"], p["fallback_order"])] += p["count"]
    got["runs"] += c["runs"] or 0
    for s, k in (c["ends"] or {}).items():
        got[("end", s)] += k
    for o in c["by_order"]:
        got[("attempts", o["order"])] += o["attempts"] or 0
        for z in o["zones"]:
            for kind in ("suitable", "finished"):
                for s, k in z[kind].items():
                    got[(kind, z["node"], z["zone"], o["order"], s)] += k
    got["deferred"] += c["deferred"] or 0
    got["kcompactd_wakes"] += c["kcompactd_wakes"] or 0
    got["lost"] += e["lost"]
pageblock = int(re.search(r"Page block order:\s+(\d+)",
                          open("/proc/pagetypeinfo").read()).group(1))

def count(path):
    """The counts of one reader's trace, as fragstat names them."""
    want = collections.Counter()
    # Direct compaction runs by task: a capture (compaction_capture()) is an
    # extfrag event of the run's order, alloc and fallback, inside the run.
    runs = {}
    for l in open(path):
        if l.startswith("#"):
            continue
        m = re.search(r" (mm_\w+): (.*)", l)
        if not m:
            continue
        ev, f = m.group(1), dict(re.findall(r"(\w+)=(\S+)", m.group(2)))
        pid = int(re.match(r"\s*.*-(\d+)\s+\[\d+\]", l).group(1))
        if ev == "mm_page_alloc_extfrag":
            want["extfrag"] += 1
            fo = int(f["fallback_order"])
            want["fragmenting"] += fo < pageblock
            want["claimed"] += f["change_ownership"] == "1"
            a, b = int(f["alloc_migratetype"]), int(f["fallback_migratetype"])
            want[("pair", types[a], types[b], fo)] += 1
            r = runs.get(pid)
            want["captured"] += (r is not None and r[1] and
                                 int(f["alloc_order"]) == fo == r[0])
        elif ev == "mm_compaction_begin":
            want["runs"] += 1
            if pid in runs:
                runs[pid][1] = True
        elif ev == "mm_compaction_end":
            want[("end", f["status"])] += 1
            if pid in runs:
                runs[pid][1] = False
        elif ev == "mm_compaction_try_to_compact_pages":
            want[("attempts", int(f["order"]))] += 1
            runs[pid] = [int(f["order"]), False]
        elif ev in ("mm_compaction_suitable", "mm_compaction_finished"):
            kind = ev[len("mm_compaction_"):]
            zone = re.search(r"zone=(\S+)", m.group(2)).group(1)
            want[(kind, int(f["node"]), zone, int(f["order"]), f["ret"])] += 1
        elif ev == "mm_compaction_deferred":
            want["deferred"] += 1
        elif ev == "mm_compaction_kcompactd_wake":
            want["kcompactd_wakes"] += 1
    return {k: v for k, v in want.items() if v}

got = {k: v for k, v in got.items() if v}
inner, outer = count(sys.argv[2]), count(sys.argv[3])
keys = sorted(set(got) | set(inner) | set(outer) | {"lost"}, key=str)
bad = [k for k in keys
       if not inner.get(k, 0) <= got.get(k, 0) <= outer.get(k, 0)]
for k in bad:
    print("  %s: fragstat %s, inner reader %s, outer reader %s"
          % (k, got.get(k, 0), inner.get(k, 0), outer.get(k, 0)))
if bad:
    sys.exit(1)
if os.environ.get("EVENTS_COMPACT") == "1" and not got.get("runs"):
    print("  EVENTS_COMPACT=1, but no compaction run was counted")
    sys.exit(1)
exact = sum(inner.get(k, 0) == outer.get(k, 0) for k in keys)
print("events: %d samples, %d extfrag events (%d captures), %d compaction runs, "
      "between the readers in all %d counts (%d of them equal in both)"
      % (len(samples), got.get("extfrag", 0), got.get("captured", 0),
         got.get("runs", 0), len(keys), exact))
PY
}

# 1. Every count between the inner and the outer reader's.
compare_once
rc=$?
[ "$rc" = 0 ] || { echo "FAIL: fragstat's counts are not between the readers'"; fail=1; }

# 2. No instance left: after SIGTERM (above), a normal end, a closed pipe
# and SIGHUP. Each run writes its pid first, to name its instance.
pids="$tmp/pids"
[ -n "${lastpid:-}" ] && echo "$lastpid" >> "$pids"
sh -c 'echo $$ >> "$0"; exec "$@"' "$pids" "$FRAGSTAT" -q --watch 0.1 \
    --count 2 --events --json > /dev/null || fail=1
# (sh -c, not a { } group: a subshell of this script would run its EXIT trap)
sh -c '"$0" -q --watch 0.05 --events --json 2> "$1" & echo $! >> "$2"
    wait $!; echo $? > "$3"' "$FRAGSTAT" "$tmp/pipe.err" "$pids" \
    "$tmp/pipe.st" | head -n 1 > /dev/null
if [ "$(cat "$tmp/pipe.st")" != 0 ] || [ -s "$tmp/pipe.err" ]; then
	echo "FAIL: closed pipe: status $(cat "$tmp/pipe.st")"
	cat "$tmp/pipe.err"
	fail=1
fi
"$FRAGSTAT" -q --watch 0.05 --events > /dev/null &
pid=$!
echo "$pid" >> "$pids"
sleep 0.3
kill -HUP "$pid"
wait "$pid" || { echo "FAIL: SIGHUP: status $?"; fail=1; }
for p in $(cat "$pids"); do
	if [ -d "$T/instances/fragstat-$p" ]; then
		echo "FAIL: instance fragstat-$p left behind"
		fail=1
	fi
done
[ "$fail" = 0 ] && echo "events: no instance left after the end, SIGTERM, SIGHUP, a closed pipe"

# 3. SIGKILL leaves the instance, events enabled; the next fragstat
# removes it, and leaves alone the instance named after a live process
# (this shell: a PID used again) and every name not exactly fragstat-N.
"$FRAGSTAT" -q --watch 0.05 --events > /dev/null &
pid=$!
stale="$T/instances/fragstat-$pid"
i=0
# Its event enabled: the instance is all there.
while [ "$(cat "$stale/events/kmem/mm_page_alloc_extfrag/enable" 2>/dev/null)" != 1 ] &&
    [ $i -lt 400 ]; do
	sleep 0.05
	i=$((i + 1))
done
kill -KILL "$pid"
wait "$pid" 2>/dev/null
if [ $i -ge 400 ]; then
	echo "FAIL: no instance fragstat-$pid with its event enabled"
	fail=1
fi
keep="$T/instances/fragstat-$$ $T/instances/fragstat-${pid}x $T/instances/fragstat-0$pid"
for k in $keep; do
	mkdir "$k"
done
"$FRAGSTAT" --events --watch 0.2 --count 2 > /dev/null 2> "$tmp/sweep.err"
st=$?
# Another fragstat on this host may have removed it first: then no note.
note="fragstat: note: removed the tracefs instance fragstat-$pid left by a fragstat that was killed"
if [ "$st" != 0 ] || [ -d "$stale" ] || { [ -s "$tmp/sweep.err" ] &&
    [ "$(cat "$tmp/sweep.err")" != "$note" ]; }; then
	echo "FAIL: the instance of a killed fragstat: status $st, $(ls "$T/instances")"
	cat "$tmp/sweep.err"
	fail=1
fi
for k in $keep; do
	[ -d "$k" ] || { echo "FAIL: removed $k"; fail=1; }
done
[ "$fail" = 0 ] && echo "events: the instance of a fragstat killed with SIGKILL is removed by the next, and only it"

# 4. Many killed fragstats: the note names every instance removed, none
# cut (a list of 1024 bytes ended at the 49th name). PIDs above any
# pid_max are no process's; each buffer shrunk at once, so that the
# instances hold a few pages while they wait.
many=""
i=1
while [ $i -le 60 ]; do
	d="$T/instances/fragstat-$((2000000000 + i))"
	mkdir "$d" && echo 4 > "$d/buffer_size_kb" && many="$many $d"
	i=$((i + 1))
done
stale="$many"
"$FRAGSTAT" --events --watch 0.2 --count 1 > /dev/null 2> "$tmp/many.err"
st=$?
# Another fragstat on this host may have removed some first: only those
# it names must be whole names of ours; none may be left.
sed -n 's/^fragstat: note: removed the tracefs instances* \(.*\) left by fragstats* that w[a-z]* killed$/\1/p' \
    "$tmp/many.err" | tr -d , | tr ' ' '\n' | sort > "$tmp/many.named"
for d in $many; do
	basename "$d"
done | sort > "$tmp/many.ours"
if [ "$st" != 0 ] || { [ -s "$tmp/many.err" ] && [ ! -s "$tmp/many.named" ]; } ||
    [ -n "$(comm -23 "$tmp/many.named" "$tmp/many.ours")" ]; then
	echo "FAIL: 60 instances of killed fragstats: status $st, named:"
	comm -23 "$tmp/many.named" "$tmp/many.ours" | head -5
	head -c 300 "$tmp/many.err"
	fail=1
fi
for d in $many; do
	[ -d "$d" ] && { echo "FAIL: left $d"; fail=1; }
done
[ "$fail" = 0 ] && echo "events: the instances of 60 killed fragstats are removed and named, every one"
exit "$fail"
