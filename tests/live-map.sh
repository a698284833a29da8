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

cat > "$tmp/hold.py" <<'PY'
import mmap, os, sys

budget = int(sys.argv[1]) << 20
FLOOR_KB = 8 << 20
CHUNK = 64 << 20
PAGE = os.sysconf("SC_PAGE_SIZE")
SPARSE = 16 << 30
anon = mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS


def available_kb():
    for line in open("/proc/meminfo"):
        if line.startswith("MemAvailable:"):
            return int(line.split()[1])
    sys.exit("no MemAvailable")


# Page tables: one per 2 MiB touched (no THP there, so 4 KiB pages).
sparse = mmap.mmap(-1, SPARSE, flags=anon)
sparse.madvise(mmap.MADV_NOHUGEPAGE)
chunks, pipes, tables = [], [], 0
lowest = available_kb()
while len(chunks) * CHUNK + CHUNK <= budget:
    lowest = min(lowest, available_kb())
    if lowest - (CHUNK >> 10) < FLOOR_KB:
        break
    m = mmap.mmap(-1, CHUNK, flags=anon)
    m.madvise(mmap.MADV_NOHUGEPAGE)
    for off in range(0, CHUNK, PAGE):
        m[off] = 1
    chunks.append(m)
    for k in range(128):
        if (tables + 1) * (2 << 20) <= SPARSE:
            sparse[tables * (2 << 20)] = 1
            tables += 1
    r, w = os.pipe()
    os.set_blocking(w, False)
    try:
        while True:
            os.write(w, b"x" * 4096)
    except BlockingIOError:
        pass
    pipes.append((r, w))
# Order-0 holes: every other page of every chunk back to the allocator.
for m in chunks:
    for off in range(PAGE, CHUNK, 2 * PAGE):
        m.madvise(mmap.MADV_DONTNEED, off, PAGE)
lowest = min(lowest, available_kb())
print("ready: %d MiB of 4 KiB pages, every other one free, %d page tables, "
      "%d full pipes; MemAvailable at least %d MiB throughout" %
      (len(chunks) * (CHUNK >> 20), tables, len(pipes), lowest >> 10),
      flush=True)
sys.stdin.read()
PY

mkfifo "$tmp/hold"
python3 "$tmp/hold.py" "${MAP_BUDGET_MB:-4096}" < "$tmp/hold" \
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
