#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Opt-in live test of --advise and --compact, run on purpose (sudo make
# live-advise), never by 'make check': it fragments most of this machine's
# free memory. It checks that --advise=9 says "compact" for a fragmented
# machine, that --need one more than are free says "compact", and that
# --compact then produces free order-9 blocks, its counts saying so within
# the bound they gave.
#
# Safety: tests/fragment stops filling memory while MemFree is still above
# a margin (1 GiB, or $MARGIN_KB), THP defrag is set to "never" and
# proactive compaction off only for the test, and both are restored on exit.
set -eu

if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP: needs root (it writes sysctls and compacts memory)"
	exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
FRAGSTAT=${FRAGSTAT:-$here/../src/fragstat}
FRAGMENT=${FRAGMENT:-$here/fragment}
thp=/sys/kernel/mm/transparent_hugepage
for f in "$FRAGSTAT" "$FRAGMENT"; do
	[ -x "$f" ] || { echo "FAIL: $f is not built (make check builds it)"; exit 1; }
done
[ -w $thp/defrag ] || { echo "SKIP: no THP defrag setting"; exit 77; }

tmp=$(mktemp -d)
old_defrag=$(sed 's/.*\[\([a-z+]*\)\].*/\1/' $thp/defrag)
old_pro=$(cat /proc/sys/vm/compaction_proactiveness)
pid=""
cleanup() {
	set +e
	# The machine's settings first, whatever happens after.
	echo "$old_defrag" > $thp/defrag
	echo "$old_pro" > /proc/sys/vm/compaction_proactiveness
	# EOF on its standard input lets the fragmenter exit and free it all.
	exec 3>&-
	[ -z "$pid" ] || wait "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# Free blocks of order 9 and above, all zones.
high_blocks() {
	awk '{ for (i = 14; i <= NF; i++) s += $i } END { print s + 0 }' /proc/buddyinfo
}
machine_verdict() {
	python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
d = d.get(sys.argv[2], d) if len(sys.argv) > 2 else d
print(d["advice"]["machine"][0]["verdict"])' "$@"
}

echo never > $thp/defrag
echo 0 > /proc/sys/vm/compaction_proactiveness
mkfifo "$tmp/hold"
"$FRAGMENT" ${MARGIN_KB:-1048576} < "$tmp/hold" > "$tmp/fragment.out" &
pid=$!
exec 3> "$tmp/hold"
for i in $(seq 600); do
	grep -q ready "$tmp/fragment.out" 2>/dev/null && break
	kill -0 "$pid" 2>/dev/null || { echo "FAIL: fragment died"; exit 1; }
	sleep 1
done
cat "$tmp/fragment.out"
before=$(high_blocks)
echo "free blocks of order >= 9 after fragmenting: $before"
"$FRAGSTAT" --advise=9 > "$tmp/advise.txt"
cat "$tmp/advise.txt"
"$FRAGSTAT" --advise=9 --json > "$tmp/advise.json"
v=$(machine_verdict "$tmp/advise.json")
[ "$v" = compact ] || { echo "FAIL: --advise=9 says '$v', expected 'compact'"; exit 1; }
# The request one more than are free now: there after compaction.
need=$(python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
print([a for a in d["availability"] if a["node"] is None and a["order"] == 9][0]["now"] + 1)' "$tmp/advise.json")
# Its exit status is the answer: 4, compact.
st=0
"$FRAGSTAT" --need "$need" --json > "$tmp/need.json" || st=$?
nv=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["need"]["verdict"])' "$tmp/need.json")
[ "$nv" = compact ] || { echo "FAIL: --need $need says '$nv', expected 'compact'"; exit 1; }
[ "$st" = 4 ] || { echo "FAIL: --need $need exited $st, expected 4 (compact)"; exit 1; }

"$FRAGSTAT" --compact --advise=9 --json > "$tmp/compact.json"
after=$(high_blocks)
echo "free blocks of order >= 9 after --compact: $after"
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
print("compaction:", d["compaction"])' "$tmp/compact.json"
va=$(machine_verdict "$tmp/compact.json" after)
[ "$after" -gt "$before" ] ||
	{ echo "FAIL: compaction made no order-9 blocks ($before -> $after)"; exit 1; }
[ "$va" = ok ] || { echo "FAIL: after --compact the advice is '$va', expected 'ok'"; exit 1; }
# --compact's counts: more free now after it, within the bound it gave.
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
for c in d["counts"]:
    print("node %d order %d: %d -> %d (at most %d)" % (c["node"], c["order"],
          c["before"], c["after"], c["after_compaction"]))
    assert c["after"] > c["before"], "no more free after --compact"
    assert c["after"] <= c["after_compaction"] * 101 // 100, "above the bound"' \
    "$tmp/compact.json" || { echo "FAIL: --compact counts"; exit 1; }
echo "PASS: advice 'compact' was right: $before -> $after free order-9 blocks"
