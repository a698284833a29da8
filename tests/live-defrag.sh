#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-defrag.sh - fragstat reads vm.defrag_mode as it is set (issue 23).
#
# Linux 6.15 added vm.defrag_mode (e3aa7df331bc "mm: page_alloc:
# defrag_mode"; 0 or 1, proc_dointvec_minmax, default 0) and, beside it,
# nr_free_pages_blocks in /proc/zoneinfo and /proc/vmstat (a211c6550efc).
# For each setting this test sets the sysctl, then checks that the advice
# reports the value and applies the rules it names: with 1 the kswapd and
# kcompactd view in whole pageblocks appears, with 0 it does not; that
# --capture stores the value and --sysroot reads it back; and that zoneinfo
# has nr_free_pages_blocks. The setting found is restored on every exit,
# interrupt included.
set -u

if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP: needs root (it sets vm.defrag_mode)"
	exit 77
fi
sysctl=/proc/sys/vm/defrag_mode
if [ ! -w $sysctl ]; then
	echo "SKIP: no $sysctl (a kernel before 6.15)"
	exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
FRAGSTAT=${FRAGSTAT:-$here/../src/fragstat}
[ -x "$FRAGSTAT" ] || { echo "FAIL: $FRAGSTAT is not built"; exit 1; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }

# One run of this suite at a time changes this machine's settings: a second
# build tree's 'make check' on the same host waits here (root: /run).
if command -v flock >/dev/null 2>&1 && [ -w /run ]; then
	exec 9>>/run/fragstat-tests.lock
	flock -w 300 9 ||
		{ echo "SKIP: another fragstat test held /run/fragstat-tests.lock for 5 minutes"; exit 77; }
fi
old=$(cat $sysctl)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-defrag.XXXXXX") || exit 99
cleanup() {
	echo "$old" > $sysctl
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM

fail=0
grep -q nr_free_pages_blocks /proc/zoneinfo ||
	{ echo "FAIL: 6.15+ zoneinfo without nr_free_pages_blocks"; fail=1; }
for v in 1 0; do
	echo "$v" > $sysctl
	"$FRAGSTAT" --advise=9 --json > "$tmp/live.json" ||
		{ echo "FAIL: fragstat --advise --json, defrag_mode $v"; fail=1; }
	"$FRAGSTAT" --advise=9 --color=never > "$tmp/live.txt" ||
		{ echo "FAIL: fragstat --advise, defrag_mode $v"; fail=1; }
	rm -rf "$tmp/cap"
	"$FRAGSTAT" -q --capture "$tmp/cap" > /dev/null ||
		{ echo "FAIL: --capture, defrag_mode $v"; fail=1; }
	echo "$old" > $sysctl
	[ "$(cat "$tmp/cap/proc/sys/vm/defrag_mode" 2>/dev/null)" = "$v" ] ||
		{ echo "FAIL: the capture does not hold defrag_mode $v"; fail=1; }
	"$FRAGSTAT" --sysroot "$tmp/cap" --advise=9 --json > "$tmp/cap.json" ||
		{ echo "FAIL: --sysroot of the capture, defrag_mode $v"; fail=1; }
	grep -q "rules: vm.defrag_mode $v:" "$tmp/live.txt" ||
		{ echo "FAIL: the table does not say vm.defrag_mode $v"; fail=1; }
	python3 - "$v" "$tmp/live.json" "$tmp/cap.json" <<'PY' || fail=1
import json, sys
v = int(sys.argv[1])
for path in sys.argv[2:]:
    a = json.load(open(path))
    adv = a["advice"]
    if adv.get("defrag_mode") != v or adv.get("defrag_mode_rules") != (v == 1):
        print("FAIL: %s: defrag_mode %r, rules %r; set %d" % (path,
              adv.get("defrag_mode"), adv.get("defrag_mode_rules"), v))
        sys.exit(1)
    for k in a["kcompactd"]:
        if ("balanced_in_pageblocks" in k) != (v == 1):
            print("FAIL: %s: the view in whole pageblocks %s with "
                  "defrag_mode %d" % (path, "shown" if v == 0 else
                  "missing", v))
            sys.exit(1)
        if v == 1 and k["balanced_in_pageblocks"] is None:
            print("FAIL: %s: nr_free_pages_blocks not read" % path)
            sys.exit(1)
print("defrag_mode %d: reported and its rules applied (%s)" % (v, sys.argv[2]))
PY
done
[ "$(cat $sysctl)" = "$old" ] || { echo "FAIL: vm.defrag_mode not restored"; fail=1; }
[ $fail -eq 0 ] && echo "PASS: vm.defrag_mode read as set, live and captured"
exit $fail
