#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# untrusted.sh - captures and recordings are untrusted input (issue #44):
# a file made to amplify (blank lines, /dev/zero, a map file whose lines
# name huge zones) ends with a clear message under 64 MB of address space
# (ulimit -v; skipped with a reason where fragstat cannot start under it,
# as a sanitizer build cannot); control bytes in a capture's osrelease,
# map cgroups or page_owner, or a recording's hostname, release, command,
# zone names or times reach no view raw (ESC, BEL, CSI: text, JSON, CSV,
# SVG, Prometheus, advice, --check, --fleet, --compare).
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
vm=$FIXTURES/corpus/vm-6.18-x86-64-holes
fail=0
# The address space every run of a memory case gets, in KiB.
limit=65536

# dash's and bash's ulimit have -v; a shell without it skips as well.
# shellcheck disable=SC3045
if (ulimit -v $limit && "$FRAGSTAT" --version) >/dev/null 2>&1; then
	small=yes
else
	small=
	echo "SKIP: the memory cases: fragstat does not start under ulimit -v $limit (a sanitizer build?)"
fi

# root NAME: a copy of the capture vm-6.18-x86-64-holes at $tmp/NAME.
root() {
	cp -R "$vm" "$tmp/$1" || exit 99
}

# blank FILE: FILE with 8 MB of blank lines after its own.
blank() {
	head -c 8000000 /dev/zero | tr '\0' '\n' >> "$1" || exit 99
}

# mem NAME STATUS LINE -- ARG...: fragstat ARGS, in $limit KiB of address
# space, exits with STATUS and writes exactly LINE to standard error (no
# line when LINE is empty).
mem() {
	name=$1
	want=$2
	line=$3
	shift 4
	[ -n "$small" ] || return 0
	# shellcheck disable=SC3045
	(ulimit -v $limit && exec "$FRAGSTAT" "$@") > "$tmp/out" 2> "$tmp/err" < /dev/null
	st=$?
	if [ -n "$line" ]; then
		printf '%s\n' "$line" > "$tmp/want"
	else
		: > "$tmp/want"
	fi
	if [ $st -ne "$want" ] || ! cmp -s "$tmp/want" "$tmp/err"; then
		echo "FAIL: $name: status $st (want $want), stderr:"
		diff "$tmp/want" "$tmp/err" | head -20
		fail=1
	fi
}

# Finding 12: buddyinfo and pagetypeinfo were sized by their lines (2 GB
# asked for 8 MB of blank lines); blank lines are tolerated, so both read.
root blank-bi
blank "$tmp/blank-bi/proc/buddyinfo"
mem blank-buddyinfo 0 "" -- --sysroot "$tmp/blank-bi"
root blank-pti
blank "$tmp/blank-pti/proc/pagetypeinfo"
mem blank-pagetypeinfo 0 "" -- --sysroot "$tmp/blank-pti"

# Finding 5: a recording's samples were read by an uncapped getline(): as
# /dev/zero they grew to 2 GB, and "no whole sample" was said for ENOMEM.
cp -R "$FIXTURES/recordings/vm-6.18-counts" "$tmp/zero-samples" || exit 99
ln -sf /dev/zero "$tmp/zero-samples/samples.ndjson"
mem zero-samples 1 "fragstat: $tmp/zero-samples/samples.ndjson:1: a line longer than 16777216 bytes" \
    -- --sysroot "$tmp/zero-samples"

# The same rule for map.ndjson, once sized by its lines (a line of zones
# then 8 MB of blank lines asked for 768 MB): the blank line is refused.
cp -R "$FIXTURES/recordings/map-every" "$tmp/blank-maps" || exit 99
head -n 1 "$FIXTURES/recordings/map-every/map.ndjson" > "$tmp/blank-maps/map.ndjson"
blank "$tmp/blank-maps/map.ndjson"
mem blank-maps 1 "fragstat: $tmp/blank-maps/map.ndjson:2: column 1: expected a value" \
    -- --sysroot "$tmp/blank-maps"

# The list of --fleet, read by the same capped line reader: a line is a
# root, so one past PATH_MAX is refused, not grown without end.
mem fleet-zero 1 "fragstat: /dev/zero:1: a line longer than 4095 bytes" \
    -- -q --fleet --roots-from=/dev/zero

# page_owner was read by a reader of its own, to 64 MiB a record; it goes
# through the same capped reader now, and a record past SLURP_CAP is the
# note of the stacks (on standard output), the map still shown.
cp -R "$FIXTURES/map/root" "$tmp/long-owner" || exit 99
{ echo 'Page allocated via order 0, mask 0x0(), pid 1, tgid 1 (x), ts 1 ns'
  head -c 16777300 /dev/zero | tr '\0' a; printf '\n\n'; } \
    > "$tmp/long-owner/sys/kernel/debug/page_owner" || exit 99
mem long-owner 0 "" -- -q --sysroot "$tmp/long-owner" --map --cgroups
if [ -n "$small" ] &&
    ! grep -qx 'page_owner: a record longer than 16777216 bytes' "$tmp/out"; then
	echo "FAIL: long-owner: no note of the long record on standard output"
	fail=1
fi

# Finding 6: a map file's own lines set what it could take: 198 bytes whose
# DMA zone spans 16777216 pages cost 117 MB. Its zones are the capture's
# zoneinfo's now, and this one is refused at its zone line.
mem map-span 1 "fragstat: $FIXTURES/map/bad-span/fragstat-map:8: node 0, zone DMA: start_pfn, spanned, free, pcp 2, 16777216, 16777216, 1; the capture's zoneinfo says 2, 30, 19, 1: not this capture's map" \
    -- --sysroot "$FIXTURES/map/bad-span" --map

# Finding 3: terminal control sequences in a capture's osrelease, or a
# recording's hostname, release or command, reached the terminal raw.
esc=$(printf '\033')
bel=$(printf '\007')
# U+009B, CSI to some terminals, as UTF-8.
csi=$(printf '\302\233')
# views NAME ARG...: run fragstat ARGS in each view (text, JSON, CSV, SVG,
# Prometheus, advice, --check) and expect no ESC or BEL byte in what any
# of them writes, on standard output or error, whatever it exits with.
views() {
	name=$1
	shift
	for v in "" --json --format=csv --format=svg --format=prometheus \
	    --advise --check; do
		"$FRAGSTAT" "$@" $v > "$tmp/out" 2>&1 < /dev/null
		if grep -q "[$esc$bel]" "$tmp/out" || grep -qF "$csi" "$tmp/out"; then
			echo "FAIL: $name $v: an ESC, BEL or CSI reached the output"
			fail=1
		fi
	done
}

root esc-root
printf '6.18.44\033]0;owned\007\033[2J\n' > "$tmp/esc-root/proc/sys/kernel/osrelease"
views capture --sysroot "$tmp/esc-root"
printf '%s\n%s\n' "$tmp/esc-root" "$vm" > "$tmp/roots"
views fleet --fleet --roots-from="$tmp/roots"
views compare --compare "$tmp/esc-root" "$vm"

# A recording of before argv (its command line as it is), and one whose
# argv holds ESC and BEL as JSON escapes.
for r in cmd argv; do
	cp -R "$FIXTURES/recordings/vm-6.18-counts" "$tmp/rec-$r" || exit 99
	grep -v '^hostname \|^release ' "$FIXTURES/recordings/vm-6.18-counts/fragstat-recording" |
	    sed '1a\
hostname vm\x1b]0;owned\x07\
release 6.18\x1b[2J' > "$tmp/rec-$r/fragstat-recording" || exit 99
done
printf 'command printf \033[31m\007\n' >> "$tmp/rec-cmd/fragstat-recording"
printf 'argv ["printf","\\u001b[31m\\u0007"]\n' >> "$tmp/rec-argv/fragstat-recording"
for r in cmd argv; do
	if ! grep -q "[$esc]" "$tmp/rec-$r/fragstat-recording"; then
		echo "FAIL: rec-$r: the recording holds no ESC byte to test with"
		fail=1
	fi
	views "recording-$r" --sysroot "$tmp/rec-$r"
	views "compare-recordings-$r" --compare "$tmp/rec-$r" "$tmp/rec-$r"
done

# A recording's zone names and times, printed as they are in every view.
cp -R "$FIXTURES/recordings/vm-6.18-counts" "$tmp/rec-csi" || exit 99
sed "s/\"DMA\"/\"D${csi}[2JMA\"/; s/\"time\":\"2026/\"time\":\"${csi}2026/" \
    "$FIXTURES/recordings/vm-6.18-counts/samples.ndjson" > "$tmp/rec-csi/samples.ndjson"
views recording-csi --sysroot "$tmp/rec-csi"

# A capture's map names its memory cgroups (a directory's name, which any
# user who may make one chose), and page_owner's stacks are a file of the
# root: both are printed.
cp -R "$FIXTURES/map/capture" "$tmp/esc-map" || exit 99
sed 's|^cgroup 1001 /app$|cgroup 1001 /app\\033]0;owned\\007|' \
    "$FIXTURES/map/capture/fragstat-map" > "$tmp/esc-map/fragstat-map"
views map-cgroups --sysroot "$tmp/esc-map" --map --cgroups
cp -R "$FIXTURES/map/root" "$tmp/esc-owner" || exit 99
sed "s/^ allocate_slab+/ allocate_slab${esc}]0;owned${bel}+/" \
    "$FIXTURES/map/root/sys/kernel/debug/page_owner" \
    > "$tmp/esc-owner/sys/kernel/debug/page_owner"
views page-owner --sysroot "$tmp/esc-owner" --map --cgroups

exit $fail
