#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-prepare.sh - --prepare gets what it forecast, and the kernel agrees:
# fragment this machine within modest memory (tests/fragment-hold.py: 4 KiB
# pages with every other PREPARE_HOLE_KB given back, page tables and full
# pipes between them), forecast a need of the default huge page size
# between what is free now and the ceiling after compaction, then run
# 'fragstat --need NxSIZE --prepare'. No step may get more than its
# forecast (an upper bound). First, for the need at the ceiling,
# compaction alone (the kernel's node compaction may end early, at the
# first large folio no free hole can hold): the count it says is free
# must go into the hugetlb pool whole. Then the need (below the ceiling)
# must be reached, by that compaction or else with --reclaim (writeback
# and the page cache dropped, then compaction, up to three rounds), and go
# into the pool whole. Measured, not asserted: what the pool's own
# compaction takes of the ceiling. Then a need above the pinned limit must
# be refused as pinned before any step. The pool, and the memory held, are
# given back on every exit (trap). Opt-in, root: 'make check-prepare'
# (never make check: it compacts, and drops the page cache).
#
# Each run prints one 'calibration:' line: the state, the forecast after
# compaction and after reclaim, what each step got, and the reservations
# (README.md's table).
#
# Environment: FRAGSTAT, PREPARE_BUDGET_MB (what the holder may take,
# default 2048), PREPARE_FLOOR_MB (it stops before the zones' free memory
# falls below, default 1024), PREPARE_NEED (the count; default a fifth of
# the way from free now to the ceiling, which is an upper bound: the
# scanners meet before it), PREPARE_HOLE_KB (default 256; 4 leaves only
# order-0 holes, which no large folio fits), PREPARE_RECLAIM=0 (no
# --reclaim run). Exit 0 when it passed, 1 when it failed, 77 (SKIP) with
# the reason when it cannot run.
LC_ALL=C
export LC_ALL
: "${FRAGSTAT:?}"
here=$(cd "$(dirname "$0")" && pwd) || exit 99
pool=/proc/sys/vm/nr_hugepages
[ "$(id -u)" -eq 0 ] || { echo "SKIP: --prepare and hugetlb need root"; exit 77; }
[ -w "$pool" ] || { echo "SKIP: no hugetlb ($pool)"; exit 77; }
[ -r /proc/kpageflags ] || { echo "SKIP: no /proc/kpageflags: no map, no pinned limit"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
if command -v flock >/dev/null 2>&1 && [ -w /run ]; then
	exec 9>>/run/fragstat-tests.lock
	flock -w 300 9 ||
		{ echo "SKIP: another fragstat test held /run/fragstat-tests.lock for 5 minutes"; exit 77; }
fi
orig=$(cat "$pool")
if [ "$orig" != 0 ]; then
	echo "SKIP: the hugetlb pool is in use ($orig pages): not touching it"
	exit 77
fi
size_kb=$(awk '/^Hugepagesize:/ { print $2 }' /proc/meminfo)
size=${size_kb}K
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-prepare.XXXXXX") || exit 99
hpid=
cleanup() {
	echo "$orig" >"$pool"
	exec 3>&-
	[ -n "$hpid" ] && { kill "$hpid" 2>/dev/null; wait "$hpid" 2>/dev/null; }
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# field JSON KEY...: print what the keys name in the JSON file, one per line.
field() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for k in sys.argv[2:]:
    v = d
    for p in k.split("."):
        v = v[int(p)] if isinstance(v, list) else v[p]
    print("null" if v is None else v)' "$@"
}

mkfifo "$tmp/hold"
python3 "$here/fragment-hold.py" "${PREPARE_BUDGET_MB:-2048}" \
    "${PREPARE_FLOOR_MB:-1024}" zones "hole=${PREPARE_HOLE_KB:-256}" \
    <"$tmp/hold" >"$tmp/hold.out" &
hpid=$!
exec 3>"$tmp/hold"
i=0
while ! grep -q ready "$tmp/hold.out" 2>/dev/null; do
	kill -0 "$hpid" 2>/dev/null || { echo "FAIL: the holder died"; exit 1; }
	[ $i -lt 600 ] || { echo "FAIL: the holder was not ready in 10 minutes"; exit 1; }
	sleep 1
	i=$((i + 1))
done
echo "state: $(cat "$tmp/hold.out")"

# The forecast, as any run of --prepare --dry-run says it.
"$FRAGSTAT" -q --need "1x$size" --prepare --dry-run --json >"$tmp/f.json"
set -- $(field "$tmp/f.json" target.free_now target.after_compaction \
    target.after_reclaim target.pinned_limit target.uninitialised)
now=$1 after=$2 reclaim=$3 limit=$4 uninit=$5
echo "forecast for $size: $now free now, at most $after after compaction, $reclaim after reclaim, pinned limit $limit (+$uninit not yet initialised)"
want=${PREPARE_NEED:-$((now + (after - now) / 5))}
if [ "$want" -le "$now" ]; then
	echo "SKIP: compaction can add little here ($now free now, at most $after after)"
	exit 77
fi
# prepare COUNT FLAGS: run --prepare for COUNT (JSON in $tmp/p.json); check
# no step got more than its forecast (an upper bound); set result, got
# (free now at the end), st (the exit status) and steps (each step done).
prepare() {
	"$FRAGSTAT" -q --need "${1}x$size" --prepare $2 --json >"$tmp/p.json"
	st=$?
	steps=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
bad = 0
for s in d["steps"]:
    if not s["done"]:
        continue
    print("%s %s -> %s of at most %s in %s s;" % (s["action"], s["before"],
          s["after"], s["forecast"], s["seconds"]), end=" ")
    bad |= s["after"] > s["forecast"]
print("%s, %s free now" % (d["result"], d["free_now"]))
sys.exit(bad)' "$tmp/p.json") ||
		{ echo "FAIL: a step got more than its forecast, an upper bound: $steps"; exit 1; }
	set -- $(field "$tmp/p.json" result free_now)
	result=$1 got=$2
	case $st/$result in
	0/ready|0/recovered|[45]/short) ;;
	*) echo "FAIL: --prepare for $1 exited $st: $steps"; exit 1 ;;
	esac
}

# reserve COUNT: the pool must take COUNT huge pages whole; it is emptied after.
reserve() {
	echo "$1" >"$pool"
	res=$(cat "$pool")
	echo "$orig" >"$pool"
	[ "$res" = "$1" ] || { echo "FAIL: the pool took $res of $1 huge pages"; exit 1; }
}

# Calibration: the need at the ceiling, compaction alone (it runs whole;
# the kernel's node compaction may end early, at a large folio no free
# hole can hold); what it says is free now must go into the pool whole.
prepare "$after" ""
reserve "$got"
cal="compaction alone got $got ($steps); reserved $got"
# The need below the ceiling: reached by compaction alone, else with
# --reclaim (PREPARE_RECLAIM=0: not tried); then reserved whole.
if [ "$got" -lt "$want" ] && [ "${PREPARE_RECLAIM:-1}" = 1 ]; then
	# Others allocate meanwhile: a fifth of the way from free now again.
	"$FRAGSTAT" -q --need "1x$size" --prepare --dry-run --json >"$tmp/f.json"
	set -- $(field "$tmp/f.json" target.free_now)
	want=${PREPARE_NEED:-$(($1 + (after - $1) / 5))}
	prepare "$want" --reclaim
	cal="$cal; for $want with --reclaim: $steps"
fi
echo "calibration: $(cat "$tmp/hold.out"); forecast now $now, after compaction <= $after, after reclaim <= $reclaim, limit $limit; $cal"
[ "$got" -ge "$want" ] ||
	{ echo "FAIL: --prepare for $want (of at most $after) got $got"; exit 1; }
reserve "$want"
result="$got >= $want free"
# Measured, not asserted: what the pool's own compaction (and reclaim)
# takes of the ceiling, asked at once.
echo "$after" >"$pool"
echo "pool: asked $after (the ceiling), took $(cat "$pool") ($(awk '/^MemFree:/ { print int($2 / 1024) }' /proc/meminfo) MiB free)"
echo "$orig" >"$pool"

# Halfway from the pinned limit (and what the kernel may still
# initialise) to what the zones' memory holds (above it a need is short,
# not pinned; both move as others allocate): pinned, said before any step
# (none in the JSON), exit 8.
if [ "$limit" = null ]; then
	echo "SKIP: no pinned limit (no map)"
	exit 77
fi
room=$(awk -v kb="$size_kb" -v pk="$(($(getconf PAGESIZE) / 1024))" '$1 == "managed" { p += $2 }
    END { print int(p * pk / kb) }' /proc/zoneinfo)
big=$(((limit + uninit + room) / 2 + 1))
[ "$big" -lt "$room" ] || { echo "SKIP: no room above the pinned limit ($limit of $room)"; exit 77; }
"$FRAGSTAT" -q --need "${big}x$size" --prepare --json >"$tmp/b.json"
st=$?
set -- $(field "$tmp/b.json" result forecast.word)
nsteps=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["steps"]))' "$tmp/b.json")
[ "$st" = 8 ] && [ "$1" = pinned ] && [ "$nsteps" = 0 ] ||
	{ echo "FAIL: --need ${big}x$size --prepare: exit $st, result $1, $nsteps steps (want 8, pinned, 0)"; exit 1; }
echo "PASS: need $want x $size: $result, reserved whole; ${big} refused as pinned before any step"
