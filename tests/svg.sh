#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# svg.sh - what the pictures promise beyond their golden bytes (tests/cli/svg-*):
# every SVG fragstat writes parses as XML, zone names and paths with < & and
# quotes included; every cell's title carries the JSON's values for the same
# input, and the --map picture's cells and bars its JSON's (svg-map.py);
# rsvg-convert renders each golden without a warning, and the PNG
# shows unusable 1.000 in the scale's top colour and 0.000 in its bottom one.
#
# Environment: FRAGSTAT (the binary), FIXTURES (tests/fixtures). Skips
# (status 77) without python3; the rendering part without rsvg-convert.

LC_ALL=C
export LC_ALL

here=$(cd "$(dirname "$0")" && pwd) || exit 99
: "${FIXTURES:=$here/fixtures}"
if [ -z "${FRAGSTAT:-}" ] || [ ! -x "$FRAGSTAT" ]; then
	echo "svg.sh: FRAGSTAT must name the fragstat binary" >&2
	exit 99
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: python3 not found, SVGs are not parsed"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-svg.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM
corpus=$FIXTURES/corpus
failed=0

# fail MESSAGE: count a failed check.
fail() {
	failed=$((failed + 1))
	printf 'FAIL: %s\n' "$*"
}

# Pairs of an SVG and the JSON of the same input: 'NAME ARGS...'.
# A root whose path has < & and quotes, and zone names that have them.
odd="$tmp/a<b&c\"d'e"
cp -R "$corpus/vm-6.18-x86-64-holes" "$odd"
n=0
while read -r name args; do
	[ -n "$name" ] || continue
	subst=$(printf '%s' "$args" | sed "s|@F@|$FIXTURES|g")
	# shellcheck disable=SC2086
	set -- $subst
	case $name in
	odd-root) set -- --sysroot "$odd" ;;
	esac
	"$FRAGSTAT" -q "$@" --format=svg >"$tmp/$name.svg" 2>"$tmp/err" ||
		fail "$name: --format=svg status $?"
	[ -s "$tmp/err" ] && fail "$name: stderr: $(cat "$tmp/err")"
	"$FRAGSTAT" -q "$@" --json >"$tmp/$name.json" 2>/dev/null ||
		fail "$name: --json status $?"
	echo "$tmp/$name.svg $tmp/$name.json" >>"$tmp/pairs"
	n=$((n + 1))
done <<EOF
one-node	--sysroot @F@/corpus/vm-6.18-x86-64-holes
thp-outcomes	--sysroot @F@/outcomes/vm-6.18-fallbacks
eight-node	--buddyinfo @F@/corpus/blog-plantegg-hygon-8node-gt100000/buddyinfo --pagetypeinfo @F@/corpus/blog-plantegg-hygon-8node-gt100000/pagetypeinfo
xqiu-8node	--buddyinfo @F@/corpus/lkml-2016-xqiu-8node/buddyinfo
names		--buddyinfo @F@/svg/buddyinfo-names
odd-root	-
EOF

# Layout that scales: 8 nodes of 4 zones stay under 1 MiB, 64 nodes still
# make one document (parsed below with the others).
for nodes in 8 64; do
	awk -v n="$nodes" 'BEGIN {
		split("DMA DMA32 Normal Movable", z, " ")
		for (i = 0; i < n; i++)
			for (j = 1; j <= 4; j++) {
				printf "Node %d, zone %8s", i, z[j]
				for (k = 0; k < 11; k++)
					printf " %6d", (i * 7 + j * 13 + k * 5) % 997 * (k < 10 - j)
				printf " \n"
			}
	}' >"$tmp/buddyinfo-$nodes"
	"$FRAGSTAT" -q --buddyinfo "$tmp/buddyinfo-$nodes" --format=svg \
	    >"$tmp/nodes-$nodes.svg" || fail "$nodes nodes: status $?"
	"$FRAGSTAT" -q --buddyinfo "$tmp/buddyinfo-$nodes" --json \
	    >"$tmp/nodes-$nodes.json" || fail "$nodes nodes: --json status $?"
	echo "$tmp/nodes-$nodes.svg $tmp/nodes-$nodes.json" >>"$tmp/pairs"
done
size=$(wc -c <"$tmp/nodes-8.svg")
[ "$size" -lt 1048576 ] || fail "8 nodes of 4 zones: $size bytes, not under 1 MiB"

# Comparisons and batches parse too; their titles are checked as far as
# they are a snapshot's.
R=$FIXTURES/roots
"$FRAGSTAT" -q --compare "$R/aarcange-before-compact" "$odd" \
    --format=svg >"$tmp/compare.svg" || fail "compare: status $?"
echo "$tmp/compare.svg -" >>"$tmp/pairs"
"$FRAGSTAT" -q --sysroot "$odd" --sysroot "$R/aarcange-after-compact" \
    --format=svg >"$tmp/batch.svg" || fail "batch: status $?"
echo "$tmp/batch.svg -" >>"$tmp/pairs"

# Recordings: every cell and point of one sample against the sample's line
# as --watch --json wrote it ('rec:' pairs); a compare of two parses.
rec=$FIXTURES/recordings
for name in vm-6.18-events edited-events vm-6.18-alloc vm-6.18-thp-edited; do
	"$FRAGSTAT" -q --sysroot "$rec/$name" --format=svg >"$tmp/rec-$name.svg" ||
		fail "recording $name: status $?"
	echo "$tmp/rec-$name.svg rec:$rec/$name/samples.ndjson" >>"$tmp/pairs"
done
# A run of order 9 that ends partial_skipped made no block: not green
# (compaction_failed(), compaction_withdrawn()); a whole-zone run that ends
# complete is (compact_memory's normal end).
grep -q '<title>[^<]*compaction order 9: attempts 3, ended 3, success 2<' \
    "$tmp/rec-edited-events.svg" &&
grep -q 'compaction of whole zones (order -1): ended 2, success or complete 2<' \
    "$tmp/rec-edited-events.svg" ||
	fail "edited-events: compaction runs not grouped as mm/compaction.c means them"
"$FRAGSTAT" -q --compare "$rec/vm-6.18-events" "$rec/edited-events" \
    --format=svg >"$tmp/rec-compare.svg" || fail "recordings compare: status $?"
echo "$tmp/rec-compare.svg -" >>"$tmp/pairs"
"$FRAGSTAT" -q --compare "$rec/vm-6.18-thp" "$rec/vm-6.18-thp-edited" \
    --format=svg >"$tmp/rec-compare-thp.svg" ||
	fail "recordings compare (THP): status $?"
echo "$tmp/rec-compare-thp.svg -" >>"$tmp/pairs"
# The THP lanes: each size's faults, fell back and allocated, in the titles.
grep -q '<title>2026-12-04T08:23:46.985Z (sample 6): 2 MiB THP faults: 10 allocated, 30 fell back (75.0%)</title>' \
    "$tmp/rec-vm-6.18-thp-edited.svg" ||
	fail "recording vm-6.18-thp-edited: no lane says what 2 MiB THP faults got"

# The pollution chart (--map-every): a point per map and zone, its title
# the count map.ndjson says (a last line cut short is not drawn).
"$FRAGSTAT" -q --sysroot "$rec/map-every" --format=svg \
    >"$tmp/rec-map-every.svg" || fail "recording map-every: status $?"
echo "$tmp/rec-map-every.svg rec:$rec/map-every/samples.ndjson" >>"$tmp/pairs"
python3 - "$tmp/rec-map-every.svg" "$rec/map-every/map.ndjson" <<'EOF' ||
import json, re, sys
got = re.findall(r"map at ([0-9.]+) s: (\d+) of (\d+) pageblocks polluted",
                 open(sys.argv[1]).read())
want = []
for line in open(sys.argv[2]):
    if not line.endswith("\n"):
        continue
    d = json.loads(line)
    first = d["elapsed_ms"] if not want else first
    for z in d["zones"]:
        want.append(("%.3f" % ((d["elapsed_ms"] - first) / 1000),
                     str(z["polluted_pageblocks"]), str(z["pageblocks"])))
sys.exit(0 if want and sorted(got) == sorted(want) else 1)
EOF
	fail "recording map-every: the pollution chart's points are not map.ndjson's"

# An hour at 1 s of 4 zones with events in every sample: drawn in buckets
# of whole samples, under 1 MiB.
mkdir "$tmp/hour" || exit 99
sed 's/^interval_ms .*/interval_ms 1000/' \
    "$rec/edited-events/fragstat-recording" >"$tmp/hour/fragstat-recording"
python3 - "$rec/edited-events/samples.ndjson" "$tmp/hour/samples.ndjson" \
    <<'EOF' || fail "hour: no recording made"
import json, sys
line = open(sys.argv[1]).readlines()[1].rstrip("\n")
# The zones as written, and a fourth: node 1's copy of Normal.
end = line.index('],"rates_per_s"')
normal = line[line.index('{"node":0,"zone":"Normal"'):end]
line = line[:end] + "," + normal.replace('"node":0', '"node":1', 1) + \
    line[end:]
with open(sys.argv[2], "w") as out:
    for i in range(3600):
        t = "2026-12-03T20:%02d:%02dZ" % (i // 60, i % 60)
        out.write(line.replace('"2026-12-03T22:04:24Z"', '"%s"' % t, 1) +
                  "\n")
EOF
"$FRAGSTAT" -q --sysroot "$tmp/hour" --format=svg >"$tmp/hour.svg" ||
	fail "hour: status $?"
size=$(wc -c <"$tmp/hour.svg")
[ "$size" -lt 1048576 ] ||
	fail "an hour of 4 zones: $size bytes, not under 1 MiB"
grep -q '(samples 1-24): Node 1, zone Normal, order 9: unusable max ' \
    "$tmp/hour.svg" || fail "hour: no bucket of samples 1-24"
echo "$tmp/hour.svg -" >>"$tmp/pairs"

# The series has a cap: one sample more is an error naming the line,
# with nothing on stdout; the summary reads it.
mkdir "$tmp/long" || exit 99
cp "$rec/vm-6.18-events/fragstat-recording" "$tmp/long/"
awk 'BEGIN { for (i = 0; i < 172801; i++) print "{\"time\":\"t\",\"zones\":[]}" }' \
    >"$tmp/long/samples.ndjson"
"$FRAGSTAT" -q --sysroot "$tmp/long" --format=svg >"$tmp/long.out" \
    2>"$tmp/long.err"
st=$?
[ "$st" = 1 ] && [ ! -s "$tmp/long.out" ] &&
    grep -q 'samples.ndjson:172801: more samples than --format=svg draws' \
    "$tmp/long.err" || fail "past the cap: status $st, $(cat "$tmp/long.err")"
"$FRAGSTAT" -q --sysroot "$tmp/long" >/dev/null ||
	fail "past the cap: the summary fails"

python3 - "$tmp/pairs" <<'EOF' || failed=$((failed + 1))
import json, re, sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
CELL = re.compile(r"^Node (\d+), zone (.*), order (\d+): "
                  r"unusable (-?\d+\.\d{3}), fragmentation (-?\d+\.\d{3})$")
SAMPLE = re.compile(r"^\S+ \(sample (\d+)\): Node (\d+), zone (.*?)"
                    r"(?:, order (\d+): unusable (\S+), fragmentation (\S+)"
                    r"|: (free_pages|free_pageblocks) (\d+)(?: \(.*\))?)$")
bad = 0


def recording(svg, root, path):
    """Every cell and point title of one sample equals that sample's JSON."""
    got, want = {}, {}
    for t in root.iter(NS + "title"):
        m = SAMPLE.match(t.text or "")
        if not m:
            continue
        s, node, zone = m.group(1, 2, 3)
        if m.group(4):
            got[(s, node, zone, m.group(4))] = m.group(5, 6)
        else:
            got[(s, node, zone, m.group(7))] = m.group(8)
    for i, line in enumerate(open(path)):
        doc = json.loads(line, parse_float=str, parse_int=str)
        for z in doc["zones"]:
            key = (str(i + 1), z["node"], z["zone"])
            for o in z["orders"]:
                want[key + (o["order"],)] = tuple(
                    "null" if o[k] is None else o[k]
                    for k in ("unusable_index", "fragmentation_index"))
            for k in ("free_pages", "free_pageblocks"):
                want[key + (k,)] = z[k]
    if got != want:
        print("FAIL: %s: titles differ from %s" % (svg, path))
        for k in sorted(set(got) | set(want)):
            if got.get(k) != want.get(k):
                print("  %s: svg %s, json %s" % (k, got.get(k), want.get(k)))
        return 1
    return 0
for line in open(sys.argv[1]):
    svg, js = line.split()
    try:
        root = ET.parse(svg).getroot()
    except ET.ParseError as e:
        print("FAIL: %s does not parse: %s" % (svg, e))
        bad += 1
        continue
    if root.findall(".//" + NS + "script") or root.findall(".//" + NS + "image"):
        print("FAIL: %s has a script or an image" % svg)
        bad += 1
    cells = {}
    for t in root.iter(NS + "title"):
        m = CELL.match(t.text or "")
        if m:
            cells.setdefault(m.group(1, 2, 3), []).append(m.group(4, 5))
    if js == "-":
        continue
    if js.startswith("rec:"):
        bad += recording(svg, root, js[4:])
        continue
    # The JSON's numbers as it prints them, not as floats.
    doc = json.load(open(js), parse_float=str, parse_int=str)
    want = {}
    for z in doc["zones"]:
        for k, (u, f) in enumerate(zip(z["unusable_index"],
                                       z["fragmentation_index"])):
            want[(z["node"], z["zone"], str(k))] = [(u, f)]
    if cells != want:
        print("FAIL: %s: cell titles differ from %s" % (svg, js))
        for k in sorted(set(cells) | set(want)):
            if cells.get(k) != want.get(k):
                print("  %s: svg %s, json %s" % (k, cells.get(k), want.get(k)))
        bad += 1
sys.exit(bad != 0)
EOF

# The --map pictures, check_map's and a stored map's: against their JSON.
python3 "$here/svg-map.py" "$FIXTURES/render/map-svg" \
    "$FIXTURES/render/map-svg-json" || fail "map: tests/svg-map.py"
python3 "$here/svg-map.py" "$here/cli/map-capture-svg/out" \
    "$here/cli/map-capture-json/out" || fail "map capture: tests/svg-map.py"
python3 "$here/svg-map.py" "$here/cli/unmanaged-map-svg/out" \
    "$here/cli/unmanaged-map-json/out" ||
	fail "map not initialised: tests/svg-map.py"
grep -q 'fill="#d9d9d9"' "$here/cli/unmanaged-map-svg/out" ||
	fail "map not initialised: no cell in its colour"

# Rendering: each golden picture to PNG, silently; then the colours.
if ! command -v rsvg-convert >/dev/null 2>&1; then
	echo "SKIP: rsvg-convert not found (Debian librsvg2-bin), pictures not rendered"
	[ "$failed" = 0 ]
	exit $?
fi
for out in "$here"/cli/svg-*/out "$FIXTURES/render/map-svg" \
    "$here/cli/map-capture-svg/out" "$here/cli/fleet-svg/out"; do
	[ -s "$out" ] || continue
	name=$(basename "$(dirname "$out")")
	rsvg-convert "$out" -o "$tmp/$name.png" 2>"$tmp/err" ||
		fail "$name: rsvg-convert status $?"
	[ -s "$tmp/err" ] && fail "$name: rsvg-convert: $(cat "$tmp/err")"
	# The colours below are the unusable index's: not the map's.
	case $out in
	*/cli/svg-*) echo "$out $tmp/$name.png" >>"$tmp/pngs" ;;
	esac
done
python3 - "$tmp/pngs" <<'EOF' || failed=$((failed + 1))
import re, struct, sys, zlib
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
TOP, BOTTOM = (0xfd, 0xe7, 0x25), (0x44, 0x01, 0x54)


def png(path):
    """Returns (bytes per pixel, rows) of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, lace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and lace == 0, (depth, ctype)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    bpp = 4 if ctype == 6 else 3
    raw, stride = zlib.decompress(idat), w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pr) & 255
        rows.append(line)
        prev = line
    return bpp, rows


seen = {TOP: 0, BOTTOM: 0}
bad = 0
for line in open(sys.argv[1]):
    svg, pngpath = line.split()
    bpp, rows = png(pngpath)
    for r in ET.parse(svg).getroot().iter(NS + "rect"):
        t = r.find(NS + "title")
        m = re.search(r": unusable (\S+), fragmentation", t.text or "") \
            if t is not None else None
        if not m or m.group(1) not in ("1.000", "0.000"):
            continue
        want = TOP if m.group(1) == "1.000" else BOTTOM
        # Inside the cell, off its text and its corner mark.
        x, y = int(r.get("x")) + 3, int(r.get("y")) + 3
        got = tuple(rows[y][bpp * x:bpp * x + 3])
        seen[want] += 1
        if got != want:
            print("FAIL: %s: %s drawn %s, not %s" % (svg, t.text, got, want))
            bad += 1
if not seen[TOP] or not seen[BOTTOM]:
    print("FAIL: no cell at 1.000 or at 0.000 in the goldens: %s" % seen)
    bad += 1
sys.exit(bad != 0)
EOF

# No label is cut or overlaps another (svg-bounds.py), in every golden and in
# pictures made to have the longest labels: every fallback pair of
# migratetypes and a 64-character host (recording), node 1023 and a
# 200-character root (snapshot, comparison, batch), five orders advised,
# and a comparison whose B has more advice orders than its A.
long=$tmp/$(printf 'a-directory-name-of-forty-characters-xx/%.0s' 1 2 3 4 5)root
mkdir -p "$long/proc"
printf 'Node 1023, zone  HighMem 1 2 3 4 5 6 7 8 9 10 11 \nNode 1023, zone  Movable 100 2 3 4 5 6 7 0 0 0 0 \n' \
    >"$long/proc/buddyinfo"
rec=$FIXTURES/recordings/long-labels
"$FRAGSTAT" -q --sysroot "$long" --format=svg >"$tmp/b1.svg" &&
"$FRAGSTAT" -q --compare "$long" "$long" --format=svg >"$tmp/b2.svg" &&
"$FRAGSTAT" -q --sysroot "$long" --sysroot "$long" --format=svg >"$tmp/b3.svg" &&
"$FRAGSTAT" -q --sysroot "$rec" --format=svg >"$tmp/b4.svg" &&
"$FRAGSTAT" -q --compare "$rec" "$rec" --format=svg >"$tmp/b5.svg" &&
"$FRAGSTAT" -q --compare "$FIXTURES/states/healthy" \
    "$FIXTURES/outcomes/vm-6.18-mthp" --format=svg >"$tmp/b8.svg" &&
mkdir -p "$long/runs" && cp -R "$rec" "$long/runs/1" &&
"$FRAGSTAT" -q --compare "$long/runs" "$long/runs" --format=svg >"$tmp/b7.svg" &&
"$FRAGSTAT" -q --sysroot "$corpus/vm-6.18-x86-64-holes" --advise=9,3,4,5,6 \
    --format=svg >"$tmp/b6.svg" ||
	fail "a picture with the longest labels"
n=$((n + 1))

# The longest zone names (31 characters, the widest 'W' among them) on
# node 1023, in every picture: copies of fixtures with their zones renamed.
# long_zones SRC DST
long_zones() {
	cp -R "$1" "$2" || exit 99
	find "$2" -type f ! -name kpageflags | while read -r f; do
		sed -e 's/\bDMA32\b/ZONE_DEVICE_COHERENT_PRIVATE_31/g' \
		    -e 's/\bDMA\b/WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW/g' \
		    -e 's/\bNormal\b/Normal_HighMem_Movable_Device_X/g' \
		    -e 's/Node\( *\)0,/Node\11023,/g' \
		    -e 's/"node":0,/"node":1023,/g' \
		    -e 's/^zone 0 /zone 1023 /' "$f" >"$f.new" &&
		    mv "$f.new" "$f" || exit 99
	done
}
long_zones "$corpus/vm-6.18-x86-64-holes" "$tmp/z-snap"
long_zones "$R/aarcange-before-compact" "$tmp/z-before"
long_zones "$FIXTURES/recordings/vm-6.18-events" "$tmp/z-rec"
long_zones "$FIXTURES/map/capture" "$tmp/z-map"
"$FRAGSTAT" -q --sysroot "$tmp/z-snap" --advise=9,3 --format=svg \
    >"$tmp/z1.svg" &&
"$FRAGSTAT" -q --compare "$tmp/z-before" "$tmp/z-snap" --format=svg \
    >"$tmp/z2.svg" &&
"$FRAGSTAT" -q --sysroot "$tmp/z-snap" --sysroot "$tmp/z-before" \
    --format=svg >"$tmp/z3.svg" &&
"$FRAGSTAT" -q --sysroot "$tmp/z-rec" --format=svg >"$tmp/z4.svg" &&
"$FRAGSTAT" -q --compare "$tmp/z-rec" "$FIXTURES/recordings/vm-6.18-events" \
    --format=svg >"$tmp/z5.svg" &&
"$FRAGSTAT" -q --sysroot "$tmp/z-map" --map --format=svg >"$tmp/z6.svg" ||
	fail "a picture with the longest zone names"
for f in "$tmp"/z[1-6].svg; do
	grep -q 'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW' "$f" ||
		fail "$f: no zone of the longest name"
done
n=$((n + 1))
python3 "$here/svg-bounds.py" "$tmp"/b[1-8].svg "$tmp"/z[1-6].svg \
    "$here"/cli/svg-*/out "$here"/cli/map-capture-svg/out \
    "$FIXTURES"/render/map-svg ||
	fail "a label is cut or overlaps"

# The comparison of two snapshots fits a screen: A, B and the change of a
# zone stack, not stand side by side.
wd=$(sed -n 's/^<svg [^>]*width="\([0-9]*\)".*/\1/p' \
    "$here/cli/svg-compare-aarcange/out")
[ "${wd:-9999}" -le 1200 ] ||
	fail "the comparison of two snapshots is ${wd:-no} pixels wide"

# A migratetype has one colour on every kernel: before 4.4 pagetypeinfo
# lists Reclaimable second, where 4.4+ lists Movable (the legend's swatch
# before each name, 4.1 against 6.18).
swatches() {
	"$FRAGSTAT" -q --buddyinfo "$corpus/$1/buddyinfo" \
	    --pagetypeinfo "$corpus/$1/pagetypeinfo" --format=svg |
		sed -n '/<rect .*width="11" height="11"/{N;s/.*fill="\([^"]*\)".*>\([A-Za-z]*\)<\/text>.*/\2 \1/p}'
}
swatches embedded-4.1-reserve-cma >"$tmp/types-4.1"
swatches blog-plantegg-hygon-8node-gt100000 >"$tmp/types-new"
for t in Unmovable Movable Reclaimable; do
	a=$(sed -n "s/^$t //p" "$tmp/types-4.1")
	b=$(sed -n "s/^$t //p" "$tmp/types-new")
	[ -n "$a" ] && [ "$a" = "$b" ] ||
		fail "$t is '$a' before 4.4 and '$b' after"
done

# A chart whose scale does not start at 0 marks its axis broken: every
# such foot label of the recording's charts has its break, and no other.
python3 - "$here/cli/svg-recording-vm/out" <<'PY' || fail "axis breaks"
import re, sys
s = open(sys.argv[1]).read()
breaks = re.findall(r"axis break: the scale starts at ([^,]*), not 0", s)
# A chart's scale: its top's label, then its foot's, CHART_H - 9 below.
lab = [(int(y), t) for y, t in re.findall(
    r'<text x="\d+" y="(\d+)" font-size="10" text-anchor="end">([^<]*)<', s)]
feet = [b[1] for a, b in zip(lab, lab[1:]) if b[0] - a[0] == 55]
zoomed = [f for f in feet if f != "0"]
if not zoomed or sorted(zoomed) != sorted(breaks):
    print("FAIL: feet not at 0 %s, axis breaks %s" % (zoomed, breaks))
    sys.exit(1)
PY

echo "svg.sh: $n inputs; $failed failed"
[ "$failed" = 0 ]
