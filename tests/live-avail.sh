#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-avail.sh - the count is real: read how many allocations of the
# pageblock order the machine has now (fragstat --json, availability of the
# machine), reserve that many minus a margin as hugetlb pages with
# /proc/sys/vm/nr_hugepages, and check they all came without compaction or
# reclaim: compact_stall and the allocstall_* counters of /proc/vmstat
# unchanged (compaction skipped for lack of free memory would leave
# compact_stall alone and reclaim). The pool is restored on every exit.
#
# In 'make check-host' (root, hugetlb of the pageblock size) the
# reservation is capped at 256 pages (512 MiB on x86), so that programs
# running beside it keep their memory; 'sudo make live-avail' (LIVE_AVAIL_FULL=1) reserves
# the whole count minus the margin. The margin is a tenth of the count, at
# least 16: the count is a snapshot, and other allocations go on.
#
# Environment: FRAGSTAT. Exit 0 when it passed, 1 when it failed, 77 (SKIP)
# with the reason when it cannot run here.
LC_ALL=C
export LC_ALL
: "${FRAGSTAT:?}"
pool=/proc/sys/vm/nr_hugepages
[ "$(id -u)" -eq 0 ] || { echo "SKIP: reserving huge pages needs root"; exit 77; }
[ -w "$pool" ] || { echo "SKIP: no hugetlb ($pool)"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
# One run of this suite at a time changes this machine's settings: a second
# build tree's 'make check' on the same host waits here (root: /run).
if command -v flock >/dev/null 2>&1 && [ -w /run ]; then
	exec 9>>/run/fragstat-tests.lock
	flock -w 300 9 ||
		{ echo "SKIP: another fragstat test held /run/fragstat-tests.lock for 5 minutes"; exit 77; }
fi
size_kb=$(awk '/^Hugepagesize:/ { print $2 }' /proc/meminfo)
orig=$(cat "$pool")
if [ "$orig" != 0 ]; then
	echo "SKIP: the hugetlb pool is in use ($orig pages): not touching it"
	exit 77
fi
trap 'echo "$orig" > "$pool"' EXIT
trap 'exit 1' INT TERM HUP

# count: the machine's count at the order of the default huge page size,
# into order, now and bound.
count() {
	read -r order now bound <<EOT
$("$FRAGSTAT" -q --json --advise="${size_kb}K" | python3 -c '
import json, sys
d = json.load(sys.stdin)
r = [a for a in d["availability"] if a["node"] is None][0]
print(r["order"], r["now"], r["now_is_bound"])')
EOT
}
stalls() {
	awk '$1 == "compact_stall" || $1 ~ /^allocstall_/ { n += $2 } END { print n + 0 }' /proc/vmstat
}

# Up to 5 tries: on a busy host other programs take free blocks between the
# count and the reservation, or stall in compaction or reclaim meanwhile
# (the counters are the machine's). A try that fails is excused only by
# what others did: the count read again below what was asked, or stalls
# while nothing was reserved, in a window as long as the reservation's.
busy=""
try=1
while :; do
	now=""
	count
	[ -n "${now:-}" ] || { echo "FAIL: no count from fragstat --json"; exit 1; }
	if [ "$bound" = True ]; then
		echo "SKIP: the count is only a bound here (pagetypeinfo or zoneinfo unreadable)"
		exit 77
	fi
	margin=$((now / 10))
	[ "$margin" -ge 16 ] || margin=16
	want=$((now - margin))
	[ "${LIVE_AVAIL_FULL:-0}" = 1 ] || [ "$want" -le 256 ] || want=256
	if [ "$want" -le 0 ]; then
		echo "SKIP: only $now allocations of order $order free now"
		exit 77
	fi
	t0=$(date +%s%N)
	stall0=$(stalls)
	echo "$want" > "$pool"
	got=$(cat "$pool")
	stall1=$(stalls)
	t1=$(date +%s%N)
	echo "$orig" > "$pool"
	echo "order $order: $now free now; reserved $got of $want; compaction and reclaim stalls $stall0 -> $stall1"
	[ "$got" = "$want" ] && [ "$stall1" = "$stall0" ] && break
	# Others: the same length of time without the reservation; the count now.
	quiet0=$(stalls)
	ms=$(( (t1 - t0) / 1000000 + 1 ))
	sleep "$((ms / 1000)).$(printf %03d $((ms % 1000)))"
	quiet1=$(stalls)
	now0=$now
	count
	if [ "$got" != "$want" ] && [ "${now:-0}" -ge "$want" ]; then
		echo "FAIL: only $got of $want huge pages came (count $now0 before, $now after)"
		exit 1
	fi
	if [ "$stall1" != "$stall0" ] && [ "$quiet1" = "$quiet0" ]; then
		echo "FAIL: the reservation stalled in direct compaction or reclaim, nothing else did"
		exit 1
	fi
	busy="count $now0 then $now, stalls of others $quiet0 -> $quiet1"
	if [ "$try" -eq 5 ]; then
		echo "SKIP: huge pages taken or stalls by others in every one of 5 tries (a busy machine: $busy)"
		exit 77
	fi
	try=$((try + 1))
done
echo "PASS: $want huge pages reserved without compaction or reclaim (try $try)"
