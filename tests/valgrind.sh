#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/valgrind.sh - run fragstat under valgrind memcheck on every capture in
# tests/fixtures/corpus (each view: table, --json, --format=unusable,
# --format=extfrag, --advise, --format=svg) and on malformed inputs made
# here on the fly; fail on any memcheck error or leak, or an unexpected exit
# status.
# Not part of 'make check' (valgrind is slow and optional); .ci/sanitize runs it.
#   FRAGSTAT=build/src/fragstat FIXTURES=tests/fixtures sh tests/valgrind.sh
# FRAGSTAT must not be built with the sanitizers: they and valgrind exclude
# each other.
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${FRAGSTAT:=src/fragstat}"
: "${FIXTURES:=$here/fixtures}"
: "${VALGRIND:=valgrind}"
LC_ALL=C
export LC_ALL
corpus=$FIXTURES/corpus

if ! command -v "$VALGRIND" >/dev/null 2>&1; then
	echo "valgrind.sh: $VALGRIND not found" >&2
	exit 77
fi
if [ ! -x "$FRAGSTAT" ]; then
	echo "valgrind.sh: FRAGSTAT=$FRAGSTAT is not an executable" >&2
	exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-vg.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
runs=0
fails=0

# vg WANT ARGS...: run fragstat ARGS under memcheck with standard input
# from $STDIN (default /dev/null); WANT is the exit status it must end
# with, or "any". Memcheck's own output (with -q, only errors and leaks) goes
# to a log that must stay empty.
vg() {
	want=$1
	shift
	runs=$((runs + 1))
	log=$tmp/memcheck.log
	"$VALGRIND" -q --error-exitcode=1 --leak-check=full \
		--show-leak-kinds=all --errors-for-leak-kinds=all \
		--log-file="$log" "$FRAGSTAT" "$@" \
		<"${STDIN:-/dev/null}" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ -s "$log" ] || { [ "$want" != any ] && [ "$status" -ne "$want" ]; }; then
		fails=$((fails + 1))
		echo "FAIL: fragstat $* (exit $status, want $want)"
		sed 's/^/  memcheck: /' "$log"
		sed 's/^/  stderr: /' "$tmp/err"
	fi
}

# Print the release in capture DIR's osrelease or /proc/version copy, if any.
release() {
	for f in "$1/osrelease" "$1/proc/sys/kernel/osrelease"; do
		if [ -f "$f" ]; then
			head -n 1 "$f"
			return
		fi
	done
	if [ -f "$1/version" ]; then
		sed -n 's/^Linux version \([0-9][0-9]*\.[0-9][0-9]*[^ ]*\).*/\1/p' "$1/version"
	fi
}

# Lay capture DIR out as a root under $tmp/root/NAME (flat captures) and
# print that root; a capture that is a root already is used as it is.
root_of() {
	if [ -f "$1/proc/buddyinfo" ]; then
		echo "$1"
		return
	fi
	r=$tmp/root/$(basename "$1")
	mkdir -p "$r/proc/pressure" "$r/proc/sys/kernel"
	for f in buddyinfo pagetypeinfo zoneinfo vmstat; do
		[ -f "$1/$f" ] && cp "$1/$f" "$r/proc/$f"
	done
	[ -f "$1/pressure/memory" ] && cp "$1/pressure/memory" "$r/proc/pressure/memory"
	rel=$(release "$1")
	[ -n "$rel" ] && echo "$rel" >"$r/proc/sys/kernel/osrelease"
	echo "$r"
}

# Every capture with a buddyinfo, in every view, read as a root.
for d in "$corpus"/*/; do
	d=${d%/}
	[ -f "$d/buddyinfo" ] || [ -f "$d/proc/buddyinfo" ] || continue
	root=$(root_of "$d")
	vg 0 --sysroot="$root"
	vg 0 --sysroot="$root" --detail
	vg 0 --sysroot="$root" --json
	vg 0 --sysroot="$root" --format=unusable
	vg 0 --sysroot="$root" --format=extfrag
	vg 0 --sysroot="$root" --advise
	vg 0 --sysroot="$root" --json --gfp=kernel
	vg 0 --sysroot="$root" --format=svg
done
# The pictures of a comparison and of a batch, once.
vg 0 --compare "$root" "$root" --format=svg
vg 0 --sysroot="$root" --sysroot="$root" --format=svg

# Flat captures once more with each file named on the command line, and the
# files without a buddyinfo of their own next to one of the same layout.
base=$corpus/jc-fixture-x86-vm/buddyinfo
for d in "$corpus"/*/; do
	d=${d%/}
	[ -f "$d/proc/buddyinfo" ] && continue
	b=$d/buddyinfo
	want=0
	if [ ! -f "$b" ]; then
		b=$base
		want=any	# other orders than the base: a clean error
	fi
	set -- --buddyinfo="$b" --no-pagetypeinfo
	[ -f "$d/pagetypeinfo" ] && set -- --buddyinfo="$b" --pagetypeinfo="$d/pagetypeinfo"
	[ -f "$d/pressure/memory" ] && set -- "$@" --pressure="$d/pressure/memory"
	vg "$want" "$@" --json
	[ -f "$d/zoneinfo" ] && vg "$want" "$@" --zoneinfo="$d/zoneinfo" --advise
done

# The kernel's own index files against the recomputation.
vg 0 --verify --sysroot="$corpus/vm-6.18-x86-64-holes"
STDIN=$corpus/jc-fixture-x86-vm/buddyinfo vg 0 --buddyinfo=- --no-pagetypeinfo --json

# Malformed and odd inputs: each must end in a clean error (exit 1), or a
# usage error (exit 2), with nothing lost on the way.
m=$tmp/bad
mkdir -p "$m"
good='Node 0, zone   Normal      1      2      3 '
: >"$m/empty"
printf 'Node 0, zone Normal 1 2\000 3\n' >"$m/nul"
printf 'Node 0, zone Normal 1 2 3\r\n' >"$m/crlf"
printf 'Node 0, zone Normal' >"$m/truncated"
printf 'Node 0, zone Normal 1 -2 3\n' >"$m/negative"
printf 'Node 0, zone Normal 1 123456789012345678901 3\n' >"$m/21digits"
printf 'Node 0, zone Normal%s\n' "$(printf ' 1%.0s' $(seq 33))" >"$m/33orders"
printf 'Node 0, zone Normal%s\n' "$(printf ' 1%.0s' $(seq 32))" >"$m/32orders"
printf '%s\nNode 0, zone Normal 1 2 3\n' "$good" >"$m/duplicate"
printf 'Node 0, zone "Nor\\mal 1 2 3\n' >"$m/quotes"
printf '%s\n' "$good" >"$m/good"
printf 'Page block order: 9\nPages per block:  512\n' >"$m/pti-header-only"
printf 'Page block order: 9\nPages per block:  512\n\nFree pages count per migrate type at order 0 1 2 3\nNode 0, zone Normal, type Movable 1 2 3 4\n' >"$m/pti-4-orders"
printf 'some avg10=0.00 avg60=0.00 total=0\n' >"$m/psi-missing"
printf 'some avg10=0.00 avg60=0.00 avg300=0.00 total=0 extra\n' >"$m/psi-extra"
printf 'Node 0, zone Normal\n  pages free 1\n        protection: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)\n' >"$m/zi-protection"
printf 'Node 0, zone Normal\n        min 1\n        low 2\n        present 18446744073709551615\n' >"$m/zi-present"
# A whole zone (zoneinfo_whole()), its low watermark at 2^64 - 1.
printf 'Node 0, zone Normal\n  pages free 8\n        min 1\n        low 18446744073709551615\n        high 18446744073709551615\n        spanned 8\n        present 8\n        protection: (0)\n  start_pfn: 0\n' >"$m/zi-watermark"
for f in empty nul crlf truncated negative 21digits 33orders duplicate; do
	vg 1 --buddyinfo="$m/$f" --no-pagetypeinfo
done
vg 1 --buddyinfo="$m/does-not-exist"
vg 1 --buddyinfo="$m"		# a directory
vg 1 --sysroot="$m/does-not-exist"
vg 0 --buddyinfo="$m/quotes" --no-pagetypeinfo --json
vg 1 --buddyinfo="$m/good" --pagetypeinfo="$m/pti-header-only"
vg 1 --buddyinfo="$m/good" --pagetypeinfo="$m/pti-4-orders"
vg 1 --buddyinfo="$m/good" --no-pagetypeinfo --pressure="$m/psi-missing"
vg 1 --buddyinfo="$m/good" --no-pagetypeinfo --pressure="$m/psi-extra"
vg 1 --buddyinfo="$m/good" --no-pagetypeinfo --zoneinfo="$m/zi-protection" --advise
vg 1 --buddyinfo="$m/good" --no-pagetypeinfo --zoneinfo="$m/zi-present" --advise
vg 0 --buddyinfo="$m/good" --no-pagetypeinfo --zoneinfo="$m/zi-watermark" --json
vg 2 --buddyinfo="$m/good" --format=bogus
vg 2 --buddyinfo="$m/good" --no-pagetypeinfo --advise=64K,99
# 2^64 + 2^30 bytes: wrapped to 1 GiB, order 18, before sizes were capped.
vg 2 --buddyinfo="$m/32orders" --no-pagetypeinfo --advise=17179869185G
STDIN=$m/nul vg 1 --buddyinfo=- --no-pagetypeinfo

# --map reads this machine's page flags (root only): once as JSON, once drawn.
if dd if=/proc/kpageflags of=/dev/null bs=8 count=1 2>/dev/null; then
	vg 0 --map --json
	vg 0 --map --format=svg
fi

echo "valgrind.sh: $runs runs, $fails failed"
[ "$fails" -eq 0 ]
