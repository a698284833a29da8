#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live.sh - run fragstat on the machine running the tests: the table and the
# JSON always; as root with debugfs (mounted here if need be), also
# --verify and a comparison of --format=unusable / --format=extfrag with
# the kernel's own /sys/kernel/debug/extfrag files.
#
# Environment: FRAGSTAT (the binary). Exit 0 when every check passed, 1 when
# one failed, 77 (automake's SKIP) when this machine cannot be checked,
# with the reason on standard output.

LC_ALL=C
export LC_ALL
unset NO_COLOR

if [ -z "${FRAGSTAT:-}" ] || [ ! -x "$FRAGSTAT" ]; then
	echo "live.sh: FRAGSTAT must name the fragstat binary" >&2
	exit 99
fi
if [ ! -r /proc/buddyinfo ]; then
	echo "SKIP: no readable /proc/buddyinfo: not a Linux machine with procfs"
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-live.XXXXXX") || exit 99
debugfs=/sys/kernel/debug
mounted=
cleanup() {
	if [ -n "$mounted" ]; then
		umount "$debugfs"
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 99' HUP INT TERM

failed=0
compared=0

# Report a failed check.
fail() {
	failed=$((failed + 1))
	printf 'FAIL: %s\n' "$*"
}

# Show a file that explains a failure.
show() {
	sed 's/^/  | /' "$1"
}

# 1. The live summary, table and JSON, which need neither root nor debugfs
# (without root, pagetypeinfo cannot be read since 5.4: a note, not an
# error). The summary's judgement comes on its second line.
"$FRAGSTAT" --color=never >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" != 0 ]; then
	fail "fragstat: status $st"
	show "$tmp/err"
elif ! sed -n 2p "$tmp/out" | grep -Eq '^[0-9.]+ [KMGT]iB \(order [0-9]+\): (fine|fragmented|severely fragmented) \(score [0-9]+\)'; then
	fail "fragstat: no verdict on the second line"
	show "$tmp/out"
else
	echo "PASS: fragstat, the summary"
fi

"$FRAGSTAT" --color=never --detail >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" != 0 ]; then
	fail "fragstat: status $st"
	show "$tmp/err"
elif ! grep -q '^Node [0-9]*, zone ' "$tmp/out"; then
	fail "fragstat: no zone in the table"
	show "$tmp/out"
else
	echo "PASS: fragstat ($(grep -c '^Node ' "$tmp/out") zones)"
fi

"$FRAGSTAT" --json >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" != 0 ]; then
	fail "fragstat --json: status $st"
	show "$tmp/err"
elif ! command -v python3 >/dev/null 2>&1; then
	echo "PASS: fragstat --json (python3 not found: JSON not parsed)"
elif python3 -c '
import json, os, sys
doc = json.load(sys.stdin)
assert doc["kernel"] == os.uname().release, doc["kernel"]
assert doc["page_size_from"] == "host", doc["page_size_from"]
assert doc["zones"], "no zones"' <"$tmp/out"; then
	echo "PASS: fragstat --json parses"
else
	fail "fragstat --json: not the JSON expected"
fi

# 2. The kernel's own index files: root, debugfs, CONFIG_COMPACTION.
skip() {
	echo "SKIP: $*"
	[ "$failed" -eq 0 ] || exit 1
	exit 77
}
[ "$(id -u)" = 0 ] || skip "not root: debugfs and its extfrag files are root only"
if [ ! -d "$debugfs/extfrag" ] && ! grep -q " $debugfs debugfs " /proc/mounts; then
	if mount -t debugfs none "$debugfs" 2>"$tmp/err"; then
		mounted=yes
	else
		skip "debugfs is not mounted and cannot be mounted: $(cat "$tmp/err")"
	fi
fi
[ -r "$debugfs/extfrag/unusable_index" ] ||
	skip "no $debugfs/extfrag (kernel without CONFIG_DEBUG_FS or CONFIG_COMPACTION?)"

"$FRAGSTAT" --verify >"$tmp/out" 2>"$tmp/err"
st=$?
case $st in
0)
	echo "PASS: fragstat --verify"
	show "$tmp/out"
	compared=$((compared + 1))
	;;
1)
	if grep -q 'cannot verify a busy machine' "$tmp/err"; then
		echo "SKIP part: fragstat --verify: buddyinfo changed around the index files in every one of its 50 tries (a busy machine)"
	else
		fail "fragstat --verify: status 1"
		show "$tmp/err"
	fi
	;;
*)
	fail "fragstat --verify: status $st"
	show "$tmp/out"
	show "$tmp/err"
	;;
esac

# fragstat reads buddyinfo between two reads of ours; when those agree,
# fragstat saw the same free lists as the kernel file read in between.
for fmt in unusable extfrag; do
	kfile=$debugfs/extfrag/${fmt}_index
	try=1
	while [ "$try" -le 20 ]; do
		cat /proc/buddyinfo >"$tmp/before"
		"$FRAGSTAT" --format="$fmt" >"$tmp/mine" 2>"$tmp/err"
		st=$?
		cat "$kfile" >"$tmp/kernel"
		cat /proc/buddyinfo >"$tmp/after"
		cmp -s "$tmp/before" "$tmp/after" && break
		try=$((try + 1))
	done
	if [ "$st" != 0 ]; then
		fail "fragstat --format=$fmt: status $st"
		show "$tmp/err"
	elif [ "$try" -gt 20 ]; then
		echo "SKIP part: --format=$fmt: buddyinfo changed around fragstat in every one of 20 tries (a busy machine), not compared"
	elif cmp -s "$tmp/kernel" "$tmp/mine"; then
		echo "PASS: --format=$fmt equals $kfile (try $try)"
		compared=$((compared + 1))
	else
		fail "--format=$fmt differs from $kfile"
		diff -u "$tmp/kernel" "$tmp/mine"
		show "$tmp/before"
	fi
done

[ "$failed" -eq 0 ] || exit 1
[ "$compared" -gt 0 ] || skip "buddyinfo changed around fragstat in every one of 20 tries, for both formats (a busy machine): nothing compared"
exit 0
