#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# mapstore.sh - the map survives capture and replay.
# 1. --capture --map of the synthetic root tests/fixtures/map/root writes
#    the committed fixture's fragstat-map byte for byte once its cgroups
#    are named as mkroot says (the root has no cgroup mount), and --sysroot of
#    the capture prints what --sysroot of the root prints (--map, --json,
#    --advise with the map), but for the paths.
# 2. Live (root, /proc/kpageflags; skipped otherwise): --capture --map,
#    then --sysroot --map --json: each zone's page frames by class add up
#    to its span, and its pages and pageblocks are those the file stored.
#
# Environment: FRAGSTAT (the binary), FIXTURES (tests/fixtures). Exit 0
# when every check passed, 1 when one failed.

LC_ALL=C
export LC_ALL

if [ -z "${FRAGSTAT:-}" ] || [ ! -x "$FRAGSTAT" ]; then
	echo "mapstore.sh: FRAGSTAT must name the fragstat binary" >&2
	exit 99
fi
: "${FIXTURES:=$(cd "$(dirname "$0")" && pwd)/fixtures}"
root=$FIXTURES/map/root
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-mapstore.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM
failed=0

# Report a failed check.
fail() {
	failed=1
	printf 'FAIL: %s\n' "$*"
}

if ! "$FRAGSTAT" --capture "$tmp/cap" --sysroot "$root" --map >/dev/null \
    2>"$tmp/err"; then
	fail "--capture --map of $root:"
	cat "$tmp/err"
	exit 1
fi
sed 's|^cgroup 1001 ?$|cgroup 1001 /app|; s|^cgroup 1002 ?$|cgroup 1002 /app/db\\040cache|; s|^cgroup 1 ?$|cgroup 1 /|' \
    "$tmp/cap/fragstat-map" >"$tmp/named"
cmp -s "$tmp/named" "$FIXTURES/map/capture/fragstat-map" ||
	fail "$tmp/cap/fragstat-map differs from the fixture's"
for args in "--map" "--map --json" "--advise=2,3 --map" \
    "--advise=2,3 --map --json" "--advise=2,3 --map --format=summary"; do
	# shellcheck disable=SC2086
	"$FRAGSTAT" --sysroot "$root" $args 2>&1 |
		sed "s|$root|DIR|g" >"$tmp/want"
	# shellcheck disable=SC2086
	"$FRAGSTAT" --sysroot "$tmp/cap" $args 2>&1 |
		sed "s|$tmp/cap|DIR|g" >"$tmp/got"
	cmp -s "$tmp/want" "$tmp/got" || {
		fail "--sysroot of the capture, $args: not what the root shows"
		diff -u "$tmp/want" "$tmp/got"
	}
done
echo "capture and replay of $root: $([ $failed = 0 ] && echo same || echo differ)"

if ! dd if=/proc/kpageflags of=/dev/null bs=8 count=1 2>/dev/null; then
	echo "SKIP live: /proc/kpageflags is not readable (--map needs root)"
	exit $failed
fi
if ! command -v python3 >/dev/null; then
	echo "SKIP live: no python3 to read the JSON"
	exit $failed
fi
if ! "$FRAGSTAT" --capture "$tmp/live" --map >"$tmp/out" 2>"$tmp/err" ||
    ! "$FRAGSTAT" --sysroot "$tmp/live" --map --json >"$tmp/map.json" \
    2>"$tmp/err"; then
	fail "live --capture --map, then --sysroot --map --json:"
	cat "$tmp/err"
	exit 1
fi
cat "$tmp/out"
python3 - "$tmp/map.json" "$tmp/live/fragstat-map" <<'PY' || failed=1
import json, sys

m = json.load(open(sys.argv[1]))["map"]
# The stored pageblocks: per zone, the repeats and the pages by class (then
# by kind); the cgroups section ends the zones.
stored, zone = [], None
for line in open(sys.argv[2]):
    f = line.split()
    if f[0] == "zone":
        zone = {"blocks": 0, "pages": [0] * 5}
        stored.append(zone)
    elif f[0] == "cgroups":
        zone = None
    elif zone is not None and len(f) == 14:
        zone["blocks"] += int(f[0])
        for c in range(5):
            zone["pages"][c] += int(f[0]) * int(f[1 + c])
bad = 0
classes = ("free", "movable", "unmovable", "ambiguous", "hole")
for z, s in zip(m["zones"], stored):
    name = "node %d, zone %s" % (z["node"], z["zone"])
    total = sum(z["pages"].values())
    blocks = sum(z["pageblocks"].values())
    if total != z["spanned_pages"]:
        print("FAIL: %s: classes add up to %d, span %d" %
              (name, total, z["spanned_pages"]))
        bad = 1
    if blocks != s["blocks"]:
        print("FAIL: %s: %d pageblocks, %d stored" % (name, blocks,
                                                     s["blocks"]))
        bad = 1
    for c in range(4):
        if z["pages"][classes[c]] != s["pages"][c]:
            print("FAIL: %s: %d %s pages, %d stored" % (
                name, z["pages"][classes[c]], classes[c], s["pages"][c]))
            bad = 1
    print("%s: %d pageblocks, %d pages, as stored" % (name, blocks, total))
if len(stored) != len(m["zones"]):
    print("FAIL: %d zones stored, %d shown" % (len(stored), len(m["zones"])))
    bad = 1
sys.exit(bad)
PY
exit $failed
