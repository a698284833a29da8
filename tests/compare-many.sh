#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --compare of two sets of runs with more metrics than it shows (160): the
# most important are kept, in the table's order, and the others named in
# the table, the JSON ("dropped") and the picture. The sets are made here
# from recordings/sets (PROVENANCE): every zone given N orders (copies of
# its first), and 2 MiB THP faults that allocated and fell back.
# 22 + 7 N metrics, and 3 of the 2 MiB size: N 20 makes 165, N 23 186.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
command -v python3 > /dev/null || { echo "SKIP: python3 not found"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# make N DIR: the sets a and b of recordings/sets with N orders, in DIR.
make() {
	python3 - "$FIXTURES/recordings/sets" "$2" "$1" <<'EOF'
import os, re, sys
src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
for side in ("a", "b"):
    for run in sorted(os.listdir(os.path.join(src, side))):
        i, o = os.path.join(src, side, run), os.path.join(dst, side, run)
        os.makedirs(o)
        meta = open(os.path.join(i, "fragstat-recording")).read()
        meta = re.sub(r"(?m)^orders .*$", "orders " +
            ",".join(str(k) for k in range(n)), meta)
        open(os.path.join(o, "fragstat-recording"), "w").write(meta)
        out = []
        for line in open(os.path.join(i, "samples.ndjson")):
            def orders(m):
                first = re.match(r"\{[^{}]*\}", m.group(1)).group(0)
                return '"orders":[' + ",".join(re.sub(r'"order":\d+',
                    '"order":%d' % k, first) for k in range(n)) + "]"
            line = re.sub(r'"orders":\[(\{.*?\})\]', orders, line)
            line = line.replace('"kind":"anon_fault","alloc":0,"fallback":0',
                '"kind":"anon_fault","alloc":5,"fallback":1')
            out.append(line)
        open(os.path.join(o, "samples.ndjson"), "w").write("".join(out))
EOF
}

# want WHAT GOT EXPECTED
want() {
	[ "$2" = "$3" ] || { printf 'FAIL: %s:\n%s\nwant\n%s\n' "$1" "$2" "$3"; fail=1; }
}

# metrics FILE: the names of the metrics of a --compare --json, then "dropped:" and its names.
metrics() {
	python3 -c 'import json, sys
c = json.load(open(sys.argv[1]))["compare"]
print(" ".join(m["name"] for m in c["metrics"]))
print("dropped: " + " ".join(c["dropped"]))' "$1"
}

# 1. 165 metrics: the least important go: the THP size's three, then the
# last two of compaction's scanning in the table's order.
make 20 "$tmp/165" || { echo "FAIL: cannot make the sets"; exit 1; }
"$FRAGSTAT" --compare "$tmp/165/a" "$tmp/165/b" --json > "$tmp/165.json" 2> "$tmp/err"
want "status of 165 metrics" "$?" 0
want "stderr" "$(cat "$tmp/err")" ""
metrics "$tmp/165.json" > "$tmp/165.names"
want "metrics kept" "$(head -1 "$tmp/165.names" | wc -w)" 160
want "the last kept of compaction's scanning" "$(head -1 "$tmp/165.names" | tr ' ' '\n' | grep scanned | tail -1)" \
    "compact_daemon_free_scanned"
want "dropped" "$(tail -1 "$tmp/165.names")" \
    "dropped: direct_free_scanned compact_daemon_wake hugepages-2048kB/anon_fault_alloc hugepages-2048kB/anon_fault_fallback hugepages-2048kB/anon_fault_fallback_share"
"$FRAGSTAT" --compare "$tmp/165/a" "$tmp/165/b" --format=table > "$tmp/165.txt"
want "the table's last line" "$(tail -1 "$tmp/165.txt")" \
    "Left out, the least important past the 160 metrics a comparison shows: 5 (direct_free_scanned, compact_daemon_wake, hugepages-2048kB/anon_fault_alloc, hugepages-2048kB/anon_fault_fallback, hugepages-2048kB/anon_fault_fallback_share)"
want "rows of the table" "$(grep -c ' t=\| no spread\|n too small\|no value' "$tmp/165.txt")" 160
"$FRAGSTAT" --compare "$tmp/165/a" "$tmp/165/b" > "$tmp/165.mail"
grep -q '^Left out, the least important past the 160 metrics a comparison shows: 5' "$tmp/165.mail" ||
	{ echo "FAIL: no note of the left out in the mailing-list table"; fail=1; }
"$FRAGSTAT" --compare "$tmp/165/a" "$tmp/165/b" --format=svg > "$tmp/165.svg"
grep -q '>Left out, the least important past the 160 metrics a comparison shows: 5' "$tmp/165.svg" ||
	{ echo "FAIL: no note of the left out in the picture"; fail=1; }
# Out of memory naming them (FRAGSTAT_TEST_FAIL, ferr_inject()): one
# message and exit 1 in every format, never a table without its last line.
# The mailing-list table is the one without --format.
# Only with the test hooks built (./configure --enable-test-hooks).
[ "${TEST_HOOKS-}" = yes ] && for f in --format=table --format=svg ""; do
	FRAGSTAT_TEST_FAIL=sets-dropped "$FRAGSTAT" --compare "$tmp/165/a" \
	    "$tmp/165/b" $f > /dev/null 2> "$tmp/err"
	want "status of '$f' out of memory" "$?" 1
	want "stderr of '$f' out of memory" "$(cat "$tmp/err")" \
	    "fragstat: out of memory"
done

# 2. 186: the run, free pageblocks and indices (165) first, in the table's
# order up to 160; every other goes.
make 23 "$tmp/186" || { echo "FAIL: cannot make the sets"; exit 1; }
"$FRAGSTAT" --compare "$tmp/186/a" "$tmp/186/b" --json > "$tmp/186.json"
want "status of 186 metrics" "$?" 0
metrics "$tmp/186.json" > "$tmp/186.names"
want "kept of 186" "$(head -1 "$tmp/186.names" | tr ' ' '\n' | grep -cv '_Normal_order')" 4
want "dropped of 186" "$(tail -1 "$tmp/186.names")" \
    "dropped: thp_fault_alloc thp_fault_fallback thp_fault_fallback_charge thp_fault_success_rate compact_stall compact_success compact_fail compact_success_rate direct_scanned_per_success compact_migrate_scanned compact_daemon_migrate_scanned direct_migrate_scanned compact_free_scanned compact_daemon_free_scanned direct_free_scanned compact_daemon_wake hugepages-2048kB/anon_fault_alloc hugepages-2048kB/anon_fault_fallback hugepages-2048kB/anon_fault_fallback_share psi_some_stall_share psi_full_stall_share unusable_index_Normal_order22_end fragmentation_index_Normal_order22_min fragmentation_index_Normal_order22_max fragmentation_index_Normal_order22_end fragindex_succeeds_Normal_order22"

# 3. Up to 160 nothing goes, and the JSON says so.
"$FRAGSTAT" --compare "$FIXTURES/recordings/sets/a" "$FIXTURES/recordings/sets/b" --json > "$tmp/few.json"
want "dropped of a few" "$(metrics "$tmp/few.json" | tail -1)" "dropped: "
exit $fail
