#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Opt-in live test of --map, run on purpose (sudo make live-map), never by
# 'make check': it fragments memory and compacts it. A holder process takes
# up to MAP_BUDGET_MB (default 4096) of 4 KiB anonymous pages in 64 MiB
# chunks, with unmovable allocations between them (a page table per 2 MiB
# touched in a sparse mapping, a filled pipe), then frees every other page.
# Then fragstat --map records the ceiling, 1 is written to
# /proc/sys/vm/compact_memory (full compaction), and the free blocks of the
# pageblock order afterwards (buddyinfo's S(o)) must not exceed the ceiling
# in any zone. The ratio after / ceiling is reported per zone.
#
# Safety: the holder stops taking memory while MemAvailable would drop
# below 8 GiB (checked before every chunk), and the test does not start
# with less than 8.5 GiB available. It changes no sysctl; the holder frees
# everything when its standard input closes, on any way out.
set -eu

if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP: needs root (it reads /proc/kpageflags and compacts memory)"
	exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
FRAGSTAT=${FRAGSTAT:-$here/../src/fragstat}
[ -x "$FRAGSTAT" ] || { echo "FAIL: $FRAGSTAT is not built"; exit 1; }
avail_kb=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
if [ "$avail_kb" -lt $((8 * 1024 * 1024 + 512 * 1024)) ]; then
	echo "SKIP: MemAvailable is $avail_kb kB: this test keeps 8 GiB free"
	exit 77
fi

tmp=$(mktemp -d)
pid=""
cleanup() {
	set +e
	# EOF on its standard input lets the holder exit and free it all.
	exec 3>&-
	[ -z "$pid" ] || wait "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM


mkfifo "$tmp/hold"
python3 "$here/fragment-hold.py" "${MAP_BUDGET_MB:-4096}" 8192 < "$tmp/hold" \
	> "$tmp/hold.out" &
pid=$!
exec 3> "$tmp/hold"
for i in $(seq 600); do
	grep -q ready "$tmp/hold.out" 2>/dev/null && break
	kill -0 "$pid" 2>/dev/null || { echo "FAIL: the holder died"; exit 1; }
	sleep 1
done
cat "$tmp/hold.out"

"$FRAGSTAT" --map > "$tmp/map.txt"
"$FRAGSTAT" --map --json > "$tmp/map.json"
grep -E '^(compact_|pgmigrate_)' /proc/vmstat > "$tmp/vm.before"
start=$(date +%s.%N)
echo 1 > /proc/sys/vm/compact_memory
end=$(date +%s.%N)
cat /proc/buddyinfo > "$tmp/after"
grep -E '^(compact_|pgmigrate_)' /proc/vmstat > "$tmp/vm.after"
echo "full compaction took $(awk "BEGIN { print $end - $start }") s; what it did:"
join "$tmp/vm.before" "$tmp/vm.after" |
	awk '$3 != $2 { printf "  %s %d\n", $1, $3 - $2 }' 
awk '/^MemAvailable:/ { print "MemAvailable after compaction: " $2 " kB" }' \
	/proc/meminfo
cat "$tmp/map.txt"

python3 - "$tmp/map.json" "$tmp/after" <<'PY'
import json, sys

m = json.load(open(sys.argv[1]))["map"]
o = m["pageblock_order"]
after = {}
for line in open(sys.argv[2]):
    t = line.replace(",", " ").split()
    counts = [int(x) for x in t[4:]]
    after[(int(t[1]), t[3])] = sum(c << (k - o) for k, c in
                                   enumerate(counts) if k >= o)
bad = 0
for z in m["zones"]:
    key = (z["node"], z["zone"])
    c, now, a = z["ceiling"][o], z["free_now"][o], after[key]
    print("node %d, zone %s, order %d: %d free before, ceiling %d (%s), "
          "%d free after full compaction: %s of the ceiling" %
          (key[0], key[1], o, now, c, z["limited_by"][o], a,
           "%.2f" % (a / c) if c else "-"))
    if a > c:
        print("FAIL: node %d, zone %s: compaction made %d free blocks of "
              "order %d, above the ceiling %d" % (key[0], key[1], a, o, c))
        bad = 1
print("FAIL" if bad else "PASS: the ceiling held in every zone")
sys.exit(bad)
PY
