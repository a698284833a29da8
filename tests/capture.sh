#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --capture: a copy of a root reads back to the same numbers and passes
# --verify; existing, unwritable and symlinked targets are refused; an
# interrupted capture leaves nothing; the hugetlb pools come along, of a
# root and live (root); live (root, debugfs) the kernel's own index files
# come along and --verify on the capture passes; metadata of any length is
# kept whole.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm="$FIXTURES/corpus/vm-6.18-x86-64-holes"
fail=0

# check [ok] DESCRIPTION: fail unless the previous test held, that is unless
# "ok" comes first. A failed test passes no "ok" (check $(... && echo ok)
# DESCRIPTION): then the description is the only argument.
check() {
	if [ $# -lt 2 ] || [ "$1" != ok ]; then
		echo "FAIL: ${2-$1}"
		fail=1
	fi
}
leftovers() {	# leftovers NAME: any temporary directory or NAME in $tmp
	ls -a "$tmp" | grep -c -e "^$1\$" -e "^\.$1\."
}

# 1. A capture of a captured root reads back the same, and verifies.
"$FRAGSTAT" --sysroot "$vm" --capture "$tmp/c1" > "$tmp/out" 2>&1
r=$?
[ $r -eq 0 ] && grep -q "^captured $tmp/c1: " "$tmp/out"; check $([ $? -eq 0 ] && echo ok) "capture of a root: status $r: $(cat "$tmp/out")"
"$FRAGSTAT" --sysroot "$tmp/c1" --verify > /dev/null
check $([ $? -eq 0 ] && echo ok) "--verify on the capture"
for f in unusable extfrag table; do
	# --color acts on the table only (elsewhere it is a usage error).
	color=
	[ $f = table ] && color=--color=never
	"$FRAGSTAT" -q --sysroot "$vm" --format=$f $color > "$tmp/a.$f"
	check $([ $? -eq 0 ] && echo ok) "--format=$f of the root failed"
	"$FRAGSTAT" -q --sysroot "$tmp/c1" --format=$f $color > "$tmp/b.$f"
	check $([ $? -eq 0 ] && echo ok) "--format=$f of the capture failed"
	# The root's page size is unknown, and stays so in its capture.
	cmp -s "$tmp/a.$f" "$tmp/b.$f"
	check $([ $? -eq 0 ] && echo ok) "--format=$f differs between the root and its capture"
done
# The root's facts are not this host's: unknown, as the root has no metadata.
grep -q "^page_size unknown$" "$tmp/c1/fragstat-capture" &&
    grep -q "^hostname unknown$" "$tmp/c1/fragstat-capture" &&
    grep -q "^time_utc unknown$" "$tmp/c1/fragstat-capture"
check $([ $? -eq 0 ] && echo ok) "metadata of a root claims this host's facts: $(head -5 "$tmp/c1/fragstat-capture")"
# A capture of a capture keeps the first one's facts; --page-size states one.
cp -R "$tmp/c1" "$tmp/src"
printf 'fragstat_version 0\ntime_utc 2020-01-02T03:04:05Z\nhostname far\npage_size 65536\n' \
    > "$tmp/src/fragstat-capture"
"$FRAGSTAT" --sysroot "$tmp/src" --capture "$tmp/c6" > /dev/null &&
    grep -q "^time_utc 2020-01-02T03:04:05Z$" "$tmp/c6/fragstat-capture" &&
    grep -q "^hostname far$" "$tmp/c6/fragstat-capture" &&
    grep -q "^page_size 65536$" "$tmp/c6/fragstat-capture"
check $([ $? -eq 0 ] && echo ok) "a capture of a capture lost its facts: $(head -5 "$tmp/c6/fragstat-capture")"
"$FRAGSTAT" --sysroot "$vm" --page-size=16K --capture "$tmp/c7" > /dev/null &&
    grep -q "^page_size 16384$" "$tmp/c7/fragstat-capture"
check $([ $? -eq 0 ] && echo ok) "--page-size is not the capture's page size"
grep -q "^buddyinfo_stable yes$" "$tmp/c1/fragstat-capture"
check $([ $? -eq 0 ] && echo ok) "metadata does not say buddyinfo was stable"

# 2. An existing directory is never touched.
mkdir "$tmp/c2" && touch "$tmp/c2/mine"
"$FRAGSTAT" --sysroot "$vm" --capture "$tmp/c2" > "$tmp/out" 2> "$tmp/err"
r=$?
[ $r -eq 1 ] && [ ! -s "$tmp/out" ] &&
    [ "$(cat "$tmp/err")" = "fragstat: $tmp/c2: exists; a capture never overwrites" ] &&
    [ "$(ls "$tmp/c2")" = mine ] && [ "$(leftovers c2)" = 1 ]
check $([ $? -eq 0 ] && echo ok) "existing directory: status $r: $(cat "$tmp/err")"

# 3. Nor is a symbolic link followed.
ln -s "$tmp/elsewhere" "$tmp/c3"
"$FRAGSTAT" --sysroot "$vm" --capture "$tmp/c3" 2> "$tmp/err"
r=$?
[ $r -eq 1 ] && [ ! -e "$tmp/elsewhere" ]
check $([ $? -eq 0 ] && echo ok) "symbolic link: status $r: $(cat "$tmp/err")"

# 4. An unwritable place: below a regular file.
touch "$tmp/file"
"$FRAGSTAT" --sysroot "$vm" --capture "$tmp/file/c4" 2> "$tmp/err"
r=$?
[ $r -eq 1 ] && [ "$(cat "$tmp/err")" = "fragstat: $tmp/file/c4: cannot create a directory beside it: Not a directory" ]
check $([ $? -eq 0 ] && echo ok) "unwritable place: status $r: $(cat "$tmp/err")"

# 4b. A root without buddyinfo: the message names the file that is missing.
mkdir "$tmp/empty"
"$FRAGSTAT" --sysroot "$tmp/empty" --capture "$tmp/c4b" > "$tmp/out" 2> "$tmp/err"
r=$?
[ $r -eq 1 ] && [ ! -s "$tmp/out" ] && [ "$(leftovers c4b)" = 0 ] &&
    [ "$(cat "$tmp/err")" = "fragstat: $tmp/empty/proc/buddyinfo: No such file or directory" ]
check $([ $? -eq 0 ] && echo ok) "missing source file: status $r: $(cat "$tmp/err")"

# 5. Interrupted half-way (blocked on a FIFO in the source): nothing left,
# whichever signal that would end a process came (not only the usual four;
# 34 and 64: the first and last real-time ones; util-linux's kill knows
# the names that dash's does not).
for sig in TERM INT HUP QUIT USR1 USR2 ALRM VTALRM PROF XCPU PWR IO STKFLT \
    34 64; do
	mkdir -p "$tmp/src.$sig/proc"
	cp "$vm/proc/buddyinfo" "$tmp/src.$sig/proc/"
	mkfifo "$tmp/src.$sig/proc/zoneinfo"
	# A background job of sh ignores SIGINT and SIGQUIT, and fragstat keeps
	# what it was given (issue 44): env gives them back for the kill below.
	env --default-signal=INT,QUIT "$FRAGSTAT" --sysroot "$tmp/src.$sig" \
	    --capture "$tmp/c5" 2> /dev/null &
	pid=$!
	# A busy host may take a while to get there: up to 30 s.
	i=0
	while [ "$(ls -a "$tmp" | grep -c '^\.c5\.')" != 1 ] && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ "$(ls -a "$tmp" | grep -c '^\.c5\.')" = 1 ]
	check $([ $? -eq 0 ] && echo ok) "SIG$sig: no temporary directory while blocked"
	env kill -s $sig "$pid"
	wait "$pid"
	[ "$(leftovers c5)" = 0 ]
	check $([ $? -eq 0 ] && echo ok) "SIG$sig: a partial capture was left: $(ls -a "$tmp")"
done

# 5a. A file size limit (ulimit -f) that a capture's file passes: the
# write fails (SIGXFSZ ignored), the error says so and nothing is left.
# (Its output goes through pipes, which the limit does not apply to.)
r=$(ulimit -f 0; "$FRAGSTAT" --sysroot "$vm" --capture "$tmp/c5a" 2>&1;
    echo "status $?")
[ "$(leftovers c5a)" = 0 ] && [ "$r" = "fragstat: $tmp/c5a: cannot write proc/buddyinfo: File too large
status 1" ]
check $([ $? -eq 0 ] && echo ok) "ulimit -f 0: $r, left: $(ls -a "$tmp" | tr '\n' ' ')"

# 5b. The hugetlb pools, machine-wide and per node, under the same paths:
# every count of the root is in the capture, byte for byte.
huge="$FIXTURES/hugetlb/two-nodes"
"$FRAGSTAT" --sysroot "$huge" --capture "$tmp/h1" > /dev/null
check $([ $? -eq 0 ] && echo ok) "capture of the hugetlb root"
n=0
for f in $(cd "$huge" && find sys -path '*hugepages/hugepages-*kB/*' -type f); do
	n=$((n + 1))
	cmp -s "$huge/$f" "$tmp/h1/$f"
	check $([ $? -eq 0 ] && echo ok) "hugetlb: $f not captured as it is"
done
[ $n = 22 ] && [ "$(cd "$tmp/h1" && find sys -name '*_hugepages' | wc -l)" = 22 ]
check $([ $? -eq 0 ] && echo ok) "hugetlb: $n files in the root, not 22 in both"
"$FRAGSTAT" -q --sysroot "$tmp/h1" --advise > /dev/null
check $([ $? -eq 0 ] && echo ok) "--advise on the hugetlb capture"

# 5b. Metadata longer than 8 KiB is kept whole: 60 hugetlb sizes with none
# of their 5 files list 300 absent files (about 20 KiB), each line whole;
# it was cut at 8192 bytes, in the middle of a line.
cp -R "$vm" "$tmp/many"
for i in $(seq 1 60); do
	mkdir -p "$tmp/many/sys/kernel/mm/hugepages/hugepages-$((i * 64))kB"
done
"$FRAGSTAT" --sysroot "$tmp/many" --capture "$tmp/m1" > /dev/null &&
    [ "$(grep -c '^absent sys/kernel/mm/hugepages/hugepages-[0-9]*kB/[a-z_]*hugepages$' "$tmp/m1/fragstat-capture")" = 300 ] &&
    [ "$(tail -c 1 "$tmp/m1/fragstat-capture" | od -An -c | tr -d ' ')" = '\n' ]
check $([ $? -eq 0 ] && echo ok) "metadata of 300 absent files cut: $(wc -c < "$tmp/m1/fragstat-capture") bytes, ends: $(tail -c 40 "$tmp/m1/fragstat-capture")"

# 6. Live, as root: the hugetlb pools come along when the kernel has them.
if [ "$(id -u)" -eq 0 ]; then
	"$FRAGSTAT" --capture "$tmp/hlive" > /dev/null
	check $([ $? -eq 0 ] && echo ok) "live capture"
	f=sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages
	if [ -r "/$f" ]; then
		grep -Eqx '[0-9]+' "$tmp/hlive/$f"
		check $([ $? -eq 0 ] && echo ok) "live capture without $f"
	else
		echo "note: no 2 MiB hugetlb pages here: $f not tested"
	fi
	"$FRAGSTAT" -q --sysroot "$tmp/hlive" --advise > /dev/null
	check $([ $? -eq 0 ] && echo ok) "--advise on the live capture"
else
	echo "note: not root: live hugetlb capture not tested"
fi

# 6a. A 6.18 THP layout: hugepages-8kB holds only shmem_enabled (anonymous
# THP has no order-1 size). Nothing is missing: the capture copies the
# other sizes' 'enabled', does not say "unreadable", and lists the index
# files, absent without debugfs, as absent.
mkdir -p "$tmp/thp/proc" "$tmp/thp/sys/kernel/mm/transparent_hugepage/hugepages-8kB" \
    "$tmp/thp/sys/kernel/mm/transparent_hugepage/hugepages-64kB"
cp "$FIXTURES/corpus/vm-6.18-x86-64-holes/proc/buddyinfo" "$tmp/thp/proc/"
echo "always within_size advise [never] deny force" \
    > "$tmp/thp/sys/kernel/mm/transparent_hugepage/hugepages-8kB/shmem_enabled"
echo "always inherit madvise [never]" \
    > "$tmp/thp/sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled"
out=$("$FRAGSTAT" --sysroot "$tmp/thp" --capture "$tmp/thpcap")
check $([ $? -eq 0 ] && echo ok) "capture of the 6.18 THP layout"
case $out in
*unreadable*) check no "capture of the 6.18 THP layout says unreadable: $out" ;;
esac
cmp -s "$tmp/thp/sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled" \
    "$tmp/thpcap/sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled"
check $([ $? -eq 0 ] && echo ok) "hugepages-64kB/enabled not captured"
grep -q "hugepages-8kB" "$tmp/thpcap/fragstat-capture"
check $([ $? -ne 0 ] && echo ok) "hugepages-8kB listed as missing"
grep -qx "absent sys/kernel/debug/extfrag/unusable_index" "$tmp/thpcap/fragstat-capture"
check $([ $? -eq 0 ] && echo ok) "the index files not listed as absent"
# A kernel without hugetlb is said, so that a 1 GiB page reads impossible,
# not unknown as in a capture made before this line was written.
grep -qx "absent sys/kernel/mm/hugepages" "$tmp/thpcap/fragstat-capture"
check $([ $? -eq 0 ] && echo ok) "no hugepages directory not listed as absent"
out=$("$FRAGSTAT" --sysroot "$tmp/thpcap" --need 1x1G 2>/dev/null | sed -n 2,3p |
    tr -s '\n ' '  ')
case $out in
*"1 GiB pages cannot be allocated on this host (no hugepages-1048576kB)"*)
	check ok "" ;;
*) check no "capture without hugetlb: --need 1x1G says: $out" ;;
esac

# 6b. Live, as root with debugfs: the kernel's own index files come along,
# and --verify on the capture passes when buddyinfo held still around them.
# A busy machine changes buddyinfo between any two reads: up to 5 captures
# (each reads up to its own limit), else a SKIP that says so, never a FAIL.
# Whatever it says, the capture reads back and says stable "yes" or "no".
if [ "$(id -u)" -eq 0 ] && [ -r /sys/kernel/debug/extfrag/unusable_index ]; then
	try=1
	while :; do
		rm -rf "$tmp/live"
		"$FRAGSTAT" --capture "$tmp/live" > /dev/null
		check $([ $? -eq 0 ] && echo ok) "live capture"
		grep -Eq "^buddyinfo_stable (yes|no)$" "$tmp/live/fragstat-capture"
		check $([ $? -eq 0 ] && echo ok) "live capture: no buddyinfo_stable yes or no: $(cat "$tmp/live/fragstat-capture")"
		"$FRAGSTAT" -q --sysroot "$tmp/live" > /dev/null
		check $([ $? -eq 0 ] && echo ok) "the live capture does not read back"
		grep -q "^buddyinfo_stable yes$" "$tmp/live/fragstat-capture" && break
		if [ $try -eq 5 ]; then
			echo "SKIP: --verify on a live capture: buddyinfo changed around the index files in every one of 5 captures (a busy machine)"
			break
		fi
		try=$((try + 1))
	done
	if grep -q "^buddyinfo_stable yes$" "$tmp/live/fragstat-capture"; then
		"$FRAGSTAT" --sysroot "$tmp/live" --verify
		check $([ $? -eq 0 ] && echo ok) "--verify on the live capture (capture $try)"
	fi
else
	echo "note: not root with debugfs: live capture not tested"
fi
exit $fail
