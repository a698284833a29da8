#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-trigger.sh - --record --trigger stall catches a forced direct
# compaction; run on purpose (make live-trigger, as root), never by 'make
# check': it fragments memory and changes THP's defrag setting.
#
# Whole free blocks go into the hugetlb pool down to 6 GiB available, then
# tests/fragment-hold.py (as make live-map uses it) takes 4 KiB pages down
# to a 2 GiB floor and gives every other one back: what is free is then
# mostly holes. fragstat --watch 0.5 --events --record DIR --trigger stall
# --before 4 --after 4 starts, THP defrag is set to 'always' (a fault
# compacts directly), and a process faults 512 MiB with MADV_HUGEPAGE.
# The fault must have stalled (vmstat's compact_stall or allocstall grew),
# and a window must hold it: a recording in DIR whose samples count a
# direct compaction or direct reclaim stall, with samples before the one
# that fired. THP defrag and nr_hugepages are put back, and the holder
# ends, on any way out. MemAvailable stays above 2 GiB less the 512 MiB
# faulted.
set -u
LC_ALL=C
export LC_ALL
here=$(cd "$(dirname "$0")" && pwd)
FRAGSTAT=${FRAGSTAT:-$here/../src/fragstat}
thp=/sys/kernel/mm/transparent_hugepage
pool=/proc/sys/vm/nr_hugepages
[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root"; exit 77; }
[ -d /sys/kernel/tracing/events/compaction ] ||
	{ echo "SKIP: no tracefs with compaction events"; exit 77; }
[ -w "$thp/defrag" ] || { echo "SKIP: no THP"; exit 77; }
[ -w "$pool" ] || { echo "SKIP: no hugetlb"; exit 77; }
[ "$(cat "$pool")" = 0 ] ||
	{ echo "SKIP: the hugetlb pool is in use: not touching it"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
avail_kb=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
[ "$avail_kb" -ge $((4 * 1024 * 1024)) ] ||
	{ echo "SKIP: MemAvailable is $avail_kb kB: this test keeps 2 GiB free"; exit 77; }

sel() { sed 's/.*\[\(.*\)\].*/\1/' "$1"; }
olddefrag=$(sel "$thp/defrag")
tmp=$(mktemp -d)
fpid=""
hpid=""
restore() {
	set +e
	[ -z "$fpid" ] || { kill -INT "$fpid"; wait "$fpid"; }
	exec 3>&-
	[ -z "$hpid" ] || wait "$hpid"
	echo 0 >"$pool"
	echo "$olddefrag" >"$thp/defrag"
	rm -rf "$tmp"
}
trap restore EXIT
trap 'exit 1' INT TERM HUP

vm() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }

n=$(( (avail_kb - 6 * 1024 * 1024) / 2048 ))
[ "$n" -lt 0 ] && n=0
echo "$n" >"$pool"
mkfifo "$tmp/hold"
python3 "$here/fragment-hold.py" 8192 2048 <"$tmp/hold" >"$tmp/hold.out" &
hpid=$!
exec 3>"$tmp/hold"
i=0
while ! grep -q ready "$tmp/hold.out" 2>/dev/null && [ $i -lt 600 ]; do
	kill -0 "$hpid" 2>/dev/null || { echo "FAIL: the holder died"; exit 1; }
	sleep 1
	i=$((i + 1))
done
echo "hugetlb pool $(cat "$pool") pages of 2 MiB; holder: $(cat "$tmp/hold.out")"

# wait_for WHAT COMMAND...: until COMMAND succeeds (at most ~5 minutes).
wait_for() {
	what=$1
	shift
	i=0
	until "$@"; do
		kill -0 "$fpid" 2>/dev/null || { echo "FAIL: fragstat ended ($what):"; cat "$tmp/err"; exit 1; }
		i=$((i + 1))
		[ $i -lt 3000 ] || { echo "FAIL: timed out: $what"; exit 1; }
		sleep 0.1
	done
}
lines_at_least() { [ "$(wc -l < "$tmp/out")" -ge "$1" ]; }
# window_ended: a window, with its last/, holds a sample after the faults.
window_ended() {
	for d in "$tmp"/w/*/last; do
		[ -d "$d" ] || continue
		[ "$(wc -l < "${d%/last}/samples.ndjson")" -ge 5 ] && return 0
	done
	return 1
}

: > "$tmp/out"
# A background job of sh ignores SIGINT and SIGQUIT, and fragstat keeps
# what it was given (issue 44): env gives them back for the kill below.
env --default-signal=INT,QUIT "$FRAGSTAT" --watch 0.5 --json --events --record "$tmp/w" --trigger stall \
    --before 4 --after 4 > "$tmp/out" 2> "$tmp/err" &
fpid=$!
# The ring holds 4 samples from before the faults.
wait_for "5 samples" lines_at_least 5
echo always >"$thp/defrag"
cs0=$(vm compact_stall); as0=$(vm allocstall_normal)
python3 -c '
import mmap
n = 512 << 20
m = mmap.mmap(-1, n, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
m.madvise(mmap.MADV_HUGEPAGE)
for i in range(0, n, 4096):
    m[i] = 1'
cs1=$(vm compact_stall); as1=$(vm allocstall_normal)
echo "$olddefrag" >"$thp/defrag"
echo "the faults: compact_stall +$((cs1 - cs0)), allocstall_normal +$((as1 - as0))"
# A window ends 4 samples after its last trigger.
wait_for "a window" window_ended
kill -INT "$fpid"
wait "$fpid"
rc=$?
fpid=""
cat "$tmp/err"
[ "$rc" -eq 0 ] || { echo "FAIL: fragstat exited $rc"; exit 1; }
if [ $((cs1 - cs0 + as1 - as0)) -eq 0 ]; then
	echo "FAIL: the faults did not stall: no direct compaction was forced"
	exit 1
fi
python3 - "$tmp/w" "$FRAGSTAT" <<'PY'
import json, os, subprocess, sys
top = sys.argv[1]
wins = sorted(os.listdir(top))
print("%d window(s): %s" % (len(wins), ", ".join(wins)))
caught = False
for name in wins:
    d = os.path.join(top, name)
    meta = open(os.path.join(d, "fragstat-recording")).read()
    fired = [l for l in meta.splitlines() if l.startswith("fired ")]
    lines = [json.loads(l) for l in open(os.path.join(d, "samples.ndjson"))]
    st = [(s["events"]["stalls"]["compaction"]["count"] or 0,
           s["events"]["stalls"]["reclaim"]["count"] or 0) for s in lines]
    first = next((i for i, x in enumerate(st) if x != (0, 0)), None)
    print("  %s: %d samples, %s; direct compaction, reclaim stalls per "
          "sample: %s" % (name, len(lines), fired[0] if fired else "?",
                          " ".join("%d/%d" % x for x in st)))
    r = subprocess.run([sys.argv[2], "--sysroot", d], capture_output=True)
    if r.returncode != 0:
        print("FAIL: --sysroot %s: %s" % (d, r.stderr.decode()))
        sys.exit(1)
    if first is not None and first > 0:
        caught = True
if not caught:
    print("FAIL: no window holds a direct compaction or reclaim stall "
          "after samples from before it")
    sys.exit(1)
print("ok: a window caught the forced direct compaction")
PY
