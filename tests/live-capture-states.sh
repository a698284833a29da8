#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-capture-states.sh - capture real states of this machine, healthy and
# fragmented, as fixtures for the alert rules' replay (tests/promrules.sh)
# and goldens; run on purpose (make live-capture-states, as root), never by
# 'make check': it fragments memory, compacts it and changes
# vm.compaction_proactiveness.
#
# States, each 'fragstat --capture' into OUT/<name> (default
# tests/fixtures/states) with a PROVENANCE file:
#   healthy        the machine as it is;
#   proactive-off  vm.compaction_proactiveness 0, memory fragmented:
#                  tests/fragment-hold.py takes 4 KiB pages (with page
#                  tables and pipe buffers, unmovable, between its chunks)
#                  down to FLOOR MiB of free memory and gives every other
#                  one back; Normal's whole free blocks go into the hugetlb
#                  pool; tests/pin-pageblocks.py spreads page tables over
#                  as many pageblocks as are left whole but KEEP: what is
#                  free is then mostly 4 KiB holes (where the allocator
#                  puts the page tables is its choice: on the VM of the
#                  fixtures not in DMA32, whose 2 MiB blocks stayed free,
#                  but in Normal, which lazy initialisation grew);
#   proactive-on   the same memory with vm.compaction_proactiveness 20,
#                  once kcompactd has woken (its score above its high mark
#                  90) and worked for 2 s, or after 32 s if it did not;
#   compacted      after echo 1 >/proc/sys/vm/compact_memory, memory still
#                  held;
#   released       the holders ended and the pool emptied.
# Free memory is counted from zoneinfo's free pages as well as MemAvailable,
# the smaller: on a VM whose memory is initialised lazily MemAvailable
# counts memory that no zone manages yet. Free memory never drops below
# FLOOR MiB: the holder stops there; its holes (half of what it took, at
# least FLOOR as it starts only with 3 * FLOOR free) stay free throughout,
# and the pool and the page tables take only whole blocks beyond them,
# KEEP left. vm.compaction_proactiveness and nr_hugepages are put back and
# the holders end on any way out.
set -u
LC_ALL=C
export LC_ALL
here=$(cd "$(dirname "$0")" && pwd)
FRAGSTAT=${FRAGSTAT:-$here/../src/fragstat}
out=${STATES_OUT:-$here/fixtures/states}
copy=${STATES_COPY:-}
floor_mb=${STATES_FLOOR_MB:-768}
keep=${STATES_KEEP_BLOCKS:-32}
pool=/proc/sys/vm/nr_hugepages
pro=/proc/sys/vm/compaction_proactiveness
[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root"; exit 77; }
[ -w "$pro" ] || { echo "SKIP: no vm.compaction_proactiveness (Linux 5.9+)"; exit 77; }
[ -w /proc/sys/vm/compact_memory ] || { echo "SKIP: no compaction"; exit 77; }
[ -w "$pool" ] || { echo "SKIP: no hugetlb"; exit 77; }
[ "$(cat "$pool")" = 0 ] ||
	{ echo "SKIP: the hugetlb pool is in use: not touching it"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }

# free_mb: free memory in MiB, the smaller of MemAvailable and the zones'
# free pages.
free_mb() {
	awk -v ps="$(getconf PAGESIZE)" '
		/^MemAvailable:/ { avail = $2 / 1024 }
		$1 == "pages" && $2 == "free" { zone += $3 * ps / 1048576 }
		END { printf "%d\n", (zone < avail ? zone : avail) }' \
	    /proc/meminfo /proc/zoneinfo
}

# whole_blocks [ZONE]: free blocks of the pageblock order (9, 2 MiB with
# 4 KiB pages) and above, counted in blocks of that order, from buddyinfo:
# in ZONE, or in every zone but DMA (which the lowmem reserve keeps).
whole_blocks() {
	awk -v z="${1:-}" '(z == "" && $4 != "DMA") || $4 == z {
		for (i = 5 + 9; i <= NF; i++) n += $i * 2 ^ (i - 5 - 9) }
	    END { print n + 0 }' /proc/buddyinfo
}

start_mb=$(free_mb)
[ "$start_mb" -ge $((3 * floor_mb)) ] ||
	{ echo "SKIP: only $start_mb MiB free: this test keeps $floor_mb MiB"; exit 77; }
[ "$(getconf PAGESIZE)" = 4096 ] ||
	{ echo "SKIP: the pool's arithmetic assumes 4 KiB pages"; exit 77; }

oldpro=$(cat "$pro")
tmp=$(mktemp -d)
hpid=""
ppid=""
restore() {
	set +e
	exec 3>&- 4>&-
	[ -z "$hpid" ] || wait "$hpid"
	[ -z "$ppid" ] || wait "$ppid"
	echo 0 >"$pool"
	echo "$oldpro" >"$pro"
	rm -rf "$tmp"
}
trap restore EXIT
trap 'exit 1' INT TERM HUP

# capture NAME WHAT: a capture of the machine now into OUT/NAME, with a
# PROVENANCE saying WHAT was done; also copied to COPY/NAME when set.
capture() {
	d=$out/$1
	rm -rf "$d"
	mkdir -p "$(dirname "$d")"
	"$FRAGSTAT" -q --capture "$d" >/dev/null || { echo "FAIL: --capture $d"; exit 1; }
	{
		echo "Captured by tests/live-capture-states.sh (make live-capture-states) on"
		echo "$(date -u '+%Y-%m-%d %H:%M UTC'), kernel $(uname -r) $(uname -m), one VM of"
		echo "$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)" \
		    "whose memory is initialised lazily (zoneinfo's Normal present >> managed)."
		echo "State: $2"
		echo "vm.compaction_proactiveness $(cat "$pro"), hugetlb pool $(cat "$pool")" \
		    "pages of 2 MiB, MemAvailable $(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo) kB," \
		    "zones' free memory $(free_mb) MiB."
		echo "fragstat's summary at the time of the capture:"
		"$FRAGSTAT" -q --sysroot "$d" | sed 's/^/  /'
	} >"$d/PROVENANCE"
	[ -z "$copy" ] || { rm -rf "${copy:?}/$1"; mkdir -p "$copy"; cp -a "$d" "$copy/$1"; }
	echo "captured $1: $(sed -n 4p "$d/PROVENANCE")"
}

# wait_ready PID OUT WHAT: until OUT says ready, at most 10 minutes; fails
# when WHAT, process PID, ends first.
wait_ready() {
	i=0
	while ! grep -q ready "$2" 2>/dev/null; do
		kill -0 "$1" 2>/dev/null || { echo "FAIL: $3 died"; exit 1; }
		[ $i -lt 600 ] || { echo "FAIL: $3 was not ready in 10 minutes"; exit 1; }
		sleep 1
		i=$((i + 1))
	done
}

capture healthy "the machine as it was, nothing done (other work on the host only)."

echo 0 >"$pro"
budget=$((start_mb - floor_mb))
mkfifo "$tmp/hold"
python3 "$here/fragment-hold.py" "$budget" "$floor_mb" zones <"$tmp/hold" >"$tmp/hold.out" &
hpid=$!
exec 3>"$tmp/hold"
wait_ready "$hpid" "$tmp/hold.out" "the holder"
# Normal's whole free blocks into the pool: each is free already, so the
# pool takes them without compacting (one more would grow a lazily
# initialised zone instead).
n=$(whole_blocks Normal)
echo "$n" >"$pool"
# Page tables then claim whole pageblocks, of the zone below when Normal
# has none (ALLOC_NOFRAGMENT) or of a zone that grows; all but about 2 in
# each pageblock are freed; KEEP blocks' worth are not asked for.
b=$(( $(whole_blocks) - keep ))
[ "$b" -lt 0 ] && b=0
mkfifo "$tmp/pin"
python3 "$here/pin-pageblocks.py" "$b" 256 <"$tmp/pin" >"$tmp/pin.out" &
ppid=$!
exec 4>"$tmp/pin"
wait_ready "$ppid" "$tmp/pin.out" "the page table pinner"
held="tests/fragment-hold.py $budget $floor_mb zones ($(cat "$tmp/hold.out")), then $n free 2 MiB blocks of Normal into the hugetlb pool, then tests/pin-pageblocks.py $b 256 ($(cat "$tmp/pin.out")); $(whole_blocks) whole blocks left"
echo "$held"
[ "$(free_mb)" -ge $((floor_mb / 2)) ] ||
	{ echo "FAIL: free memory fell to $(free_mb) MiB: giving it back"; exit 1; }

capture proactive-off "memory fragmented: $held; vm.compaction_proactiveness 0, so kcompactd does not compact proactively."

# kcompactd checks its score every 500 ms and works when it is above its
# high mark (90 with proactiveness 20); wait until it has woken
# (compact_daemon_wake grew), at most 30 s, and 2 s more.
vm() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }
w0=$(vm compact_daemon_wake)
echo 20 >"$pro"
i=0
while [ "$(vm compact_daemon_wake)" = "$w0" ] && [ $i -lt 60 ]; do
	sleep 0.5
	i=$((i + 1))
done
sleep 2
wakes=$(( $(vm compact_daemon_wake) - w0 ))
if [ "$wakes" -gt 0 ]; then
	did="kcompactd woke $wakes times and compacted for about 2 s"
else
	did="kcompactd did not wake in 32 s (its score not above its high mark)"
fi
capture proactive-on "the memory of proactive-off, then vm.compaction_proactiveness 20: $did; $held."

echo 1 >/proc/sys/vm/compact_memory
capture compacted "the memory of proactive-on, then echo 1 >/proc/sys/vm/compact_memory (all of it still held, proactiveness 20): $held."

exec 3>&- 4>&-
wait "$hpid" "$ppid"
hpid=""
ppid=""
echo 0 >"$pool"
sleep 2
capture released "the memory of compacted given back: the holders ended, the hugetlb pool emptied, proactiveness 20."
echo "released; vm.compaction_proactiveness back to $oldpro"
