#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# map.sh - one live run of --map --json (root: /proc/kpageflags): every
# zone's page frames by class add up to its span, and the ceiling is at
# least the blocks free now at every order from the pageblock order. The
# free blocks are read just before the page flags, so a block or two (1%)
# taken in between is allowed for. The kernel's counters explain 95% of
# the pages or more, and the explanation adds up (--map's "explained").
# Run as nobody, it must fail with one line.
# --map --format=svg parses as XML, its cells cover each zone's pageblocks
# once with counts that fit their colour (tests/svg-map.py), under 1 MiB.
#
# Environment: FRAGSTAT (the binary). Exit 0 when every check passed, 1 when
# one failed, 77 (automake's SKIP) with the reason when it cannot run here.

LC_ALL=C
export LC_ALL

here=$(cd "$(dirname "$0")" && pwd) || exit 99

if [ -z "${FRAGSTAT:-}" ] || [ ! -x "$FRAGSTAT" ]; then
	echo "map.sh: FRAGSTAT must name the fragstat binary" >&2
	exit 99
fi
if ! dd if=/proc/kpageflags of=/dev/null bs=8 count=1 2>/dev/null; then
	echo "SKIP: /proc/kpageflags is not readable (--map needs root)"
	exit 77
fi
if ! command -v python3 >/dev/null; then
	echo "SKIP: no python3 to read the JSON"
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-map.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM

if ! "$FRAGSTAT" --map --json >"$tmp/map.json" 2>"$tmp/err"; then
	echo "FAIL: fragstat --map --json:"
	cat "$tmp/err"
	exit 1
fi
# Without root: one line naming the file, exit 1, nothing on stdout.
nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
if command -v setpriv >/dev/null && $nobody test -x "$FRAGSTAT"; then
	$nobody "$FRAGSTAT" --map >"$tmp/out" 2>"$tmp/err"
	rc=$?
	want="fragstat: /proc/kpageflags: Permission denied: the page flags need root"
	if [ $rc -ne 1 ] || [ -s "$tmp/out" ] || [ "$(cat "$tmp/err")" != "$want" ]; then
		echo "FAIL: --map without root: exit $rc, stderr:"
		cat "$tmp/err"
		exit 1
	fi
fi
python3 - "$tmp/map.json" <<'PY'
import json, sys

m = json.load(open(sys.argv[1]))["map"]
pbo = m["pageblock_order"]
bad = 0
for z in m["zones"]:
    name = "node %d, zone %s" % (z["node"], z["zone"])
    total = sum(z["pages"].values())
    if total != z["spanned_pages"]:
        print("FAIL: %s: classes add up to %d, span %d" %
              (name, total, z["spanned_pages"]))
        bad = 1
    # free_now is suitable_blocks' earlier name, the same values.
    if z["suitable_blocks"] != z["free_now"]:
        print("FAIL: %s: suitable_blocks is not free_now" % name)
        bad = 1
    for o, (c, f) in enumerate(zip(z["ceiling"], z["suitable_blocks"])):
        if o < pbo:
            if c is not None or f is not None:
                print("FAIL: %s: order %d below the pageblock order "
                      "is not null" % (name, o))
                bad = 1
            continue
        if c + 2 + f // 100 < f:
            print("FAIL: %s: order %d: ceiling %d below %d free now" %
                  (name, o, c, f))
            bad = 1
        print("%s order %d: %d free now, ceiling %d (%s)" %
              (name, o, f, c, z["limited_by"][o]))
# Every page explained: each class's pages add up over the zones, a
# class's counters add up to what is explained of it, never more than its
# pages, and the kernel's counters explain 95% of the pages or more.
x = m["explained"]
for k, c in x["machine"]["classes"].items():
    zs = [z["classes"][k] for z in x["zones"]]
    if sum(z["pages"] for z in zs) != c["pages"] or \
            sum(z["explained"] for z in zs) != c["explained"] or \
            sum(c["by"].values()) != c["explained"] or \
            c["explained"] > c["pages"]:
        print("FAIL: explained: class %s does not add up: %r" % (k, c))
        bad = 1
pages, done = x["pages"], x["explained_pages"]
if sum(c["pages"] for c in x["machine"]["classes"].values()) != pages:
    print("FAIL: explained: the classes do not add up to %d pages" % pages)
    bad = 1
used = pages - sum(x["machine"]["classes"][k]["pages"]
                   for k in ("free", "uninit"))
used_done = done - sum(x["machine"]["classes"][k]["explained"]
                       for k in ("free", "uninit"))
print("explained: %d of %d pages (%.2f%%), in use %d of %d (%.2f%%), "
      "regime %s" % (done, pages, 100.0 * done / pages, used_done, used,
                     100.0 * used_done / max(used, 1),
                     x["kpageflags_regime"]))
if done * 100 < pages * 95:
    print("FAIL: explained: under 95%")
    bad = 1
sys.exit(bad)
PY
[ $? -eq 0 ] || exit 1

if ! "$FRAGSTAT" --map --format=svg >"$tmp/map.svg" 2>"$tmp/err"; then
	echo "FAIL: fragstat --map --format=svg:"
	cat "$tmp/err"
	exit 1
fi
python3 "$here/svg-map.py" "$tmp/map.svg" || exit 1
size=$(wc -c <"$tmp/map.svg")
echo "--map --format=svg: $size bytes"
if [ "$size" -ge 1048576 ]; then
	echo "FAIL: --map --format=svg: $size bytes, not under 1 MiB"
	exit 1
fi
