#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# map-svg-live.sh - one live --map --format=svg (root: /proc/kpageflags):
# it parses as XML, its cells cover each zone's pageblocks once with counts
# that fit their colour (tests/svg-map.py), and it stays under 1 MiB.
#
# Environment: FRAGSTAT (the binary). Exit 0 when every check passed, 1 when
# one failed, 77 (automake's SKIP) with the reason when it cannot run here.

LC_ALL=C
export LC_ALL

here=$(cd "$(dirname "$0")" && pwd) || exit 99
if [ -z "${FRAGSTAT:-}" ] || [ ! -x "$FRAGSTAT" ]; then
	echo "map-svg-live.sh: FRAGSTAT must name the fragstat binary" >&2
	exit 99
fi
if ! dd if=/proc/kpageflags of=/dev/null bs=8 count=1 2>/dev/null; then
	echo "SKIP: /proc/kpageflags is not readable (--map needs root)"
	exit 77
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: python3 not found, the map picture is not parsed"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-map-svg.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM

if ! "$FRAGSTAT" --map --format=svg >"$tmp/map.svg" 2>"$tmp/err"; then
	echo "FAIL: fragstat --map --format=svg:"
	cat "$tmp/err"
	exit 1
fi
python3 "$here/svg-map.py" "$tmp/map.svg" || exit 1
size=$(wc -c <"$tmp/map.svg")
echo "--map --format=svg: $size bytes"
if [ "$size" -ge 1048576 ]; then
	echo "FAIL: $size bytes, not under 1 MiB"
	exit 1
fi
