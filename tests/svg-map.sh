#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# svg-map.sh - the --map picture beyond its golden bytes (tests/fixtures/
# render/map-svg, which check_map renders from generated zones): it parses
# as XML, its cells and bars agree with the JSON of the same map
# (tests/svg-map.py), and rsvg-convert renders it without a warning.
#
# Environment: FIXTURES (tests/fixtures). Skips (status 77) without python3;
# the rendering part without rsvg-convert.

LC_ALL=C
export LC_ALL

here=$(cd "$(dirname "$0")" && pwd) || exit 99
: "${FIXTURES:=$here/fixtures}"
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: python3 not found, the map picture is not parsed"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-svg-map.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM
svg=$FIXTURES/render/map-svg
failed=0

python3 "$here/svg-map.py" "$svg" "$FIXTURES/render/map-svg-json" ||
	failed=1
if command -v rsvg-convert >/dev/null 2>&1; then
	if ! rsvg-convert "$svg" -o "$tmp/map.png" 2>"$tmp/err" ||
	    [ -s "$tmp/err" ] || [ ! -s "$tmp/map.png" ]; then
		echo "FAIL: rsvg-convert $svg: $(cat "$tmp/err")"
		failed=1
	fi
else
	echo "rsvg-convert not found: the picture is not rendered"
fi
exit $failed
