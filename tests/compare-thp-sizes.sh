#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The picture of two recordings whose THP sizes differ: each may hold
# REPLAY_MAX_OUTCOMES (32) anon_fault sizes, so the union drawn is up to
# 64 lanes; a room of 32 overflowed the stack (SIGSEGV at 32 each).
# Made here from recordings/vm-6.18-thp: every outcomes_interval replaced
# by N anon_fault sizes, A's 4, 8, .. KB and B's the N after them.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
command -v python3 > /dev/null || { echo "SKIP: python3 not found"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# make N DIR: the recordings a and b with N sizes each, in DIR.
make() {
	python3 - "$FIXTURES/recordings/vm-6.18-thp" "$2" "$1" <<'PY'
import os, re, shutil, sys
src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
for side, base in (("a", 4), ("b", 4 + 4 * n)):
    o = os.path.join(dst, side)
    shutil.copytree(src, o)
    p = os.path.join(o, "samples.ndjson")
    out = []
    for k, line in enumerate(open(p)):
        sizes = ",".join('{"size_kb":%d,"order":4,"kind":"anon_fault",'
            '"alloc":%d,"fallback":%d,"fallback_charge":0}'
            % (base + 4 * j, (k + j) % 3, (k + j) % 2) for j in range(n))
        out.append(re.sub(r'"outcomes_interval":\[.*\]\}$',
            '"outcomes_interval":[' + sizes + ']}', line.rstrip("\n")) + "\n")
    open(p, "w").write("".join(out))
PY
}

for n in 17 32; do
	make $n "$tmp/$n" || { echo "FAIL: cannot make the recordings"; exit 1; }
	"$FRAGSTAT" -q --compare "$tmp/$n/a" "$tmp/$n/b" --format=svg \
	    > "$tmp/$n.svg" 2> "$tmp/err"
	st=$?
	[ $st -eq 0 ] || { echo "FAIL: $n sizes each: status $st: $(cat "$tmp/err")"; fail=1; continue; }
	# A lane per size and recording, labelled with the size: 2 N sizes, twice.
	got=$(grep -c '>[0-9]* KiB</text>' "$tmp/$n.svg")
	[ "$got" -eq $((4 * n)) ] ||
		{ echo "FAIL: $n sizes each: $got size labels, want $((4 * n))"; fail=1; }
	tail -1 "$tmp/$n.svg" | grep -q '^</svg>$' ||
		{ echo "FAIL: $n sizes each: the picture is not whole"; fail=1; }
done
exit $fail
