#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --record --trigger psi on a copied root whose pressure file the test
# rewrites (no root needed): every time 'full avg10' rises above
# --psi-full a window DIR/<UTC time> is written holding the --before
# samples, the one that fired and --after more, each line as --watch
# --json printed it, with first/ and last/ and its metadata; a pressure
# that stays high fires once; --sysroot reads a window back and --compare
# takes DIR as a set of runs. The test waits for what fragstat wrote,
# never for a time: a slow machine only makes it slower.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
LC_ALL=C
export LC_ALL
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
tmp=$(mktemp -d)
pid=""
cleanup() {
	[ -z "$pid" ] || kill "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
fail=0
cp -R "$FIXTURES/corpus/vm-6.18-x86-64-holes" "$tmp/root"
chmod -R u+w "$tmp/root"
psi=$tmp/root/proc/pressure/memory

# pressure FULL: set full avg10 to FULL percent, in one rename.
pressure() {
	printf 'some avg10=%s avg60=0.00 avg300=0.00 total=0\nfull avg10=%s avg60=0.00 avg300=0.00 total=0\n' \
	    "$1" "$1" > "$psi.new"
	mv "$psi.new" "$psi"
}

# wait_for WHAT COMMAND...: until COMMAND succeeds (at most ~5 minutes, a
# bound for a hung fragstat, not a measure of speed).
wait_for() {
	what=$1
	shift
	i=0
	until "$@"; do
		kill -0 "$pid" 2>/dev/null || { echo "FAIL: fragstat ended early ($what)"; exit 1; }
		i=$((i + 1))
		[ $i -lt 6000 ] || { echo "FAIL: timed out: $what"; exit 1; }
		sleep 0.05
	done
}
lines_at_least() { [ "$(wc -l < "$tmp/out")" -ge "$1" ]; }
# windows_done N: N windows, each with its last/ (it ended).
windows_done() { [ "$(ls -d "$tmp"/w/*/last 2>/dev/null | wc -l)" -ge "$1" ]; }

pressure 0.00
# A background job of sh ignores SIGINT and SIGQUIT, and fragstat keeps
# what it was given (issue 44): env gives them back for the kill below.
env --default-signal=INT,QUIT "$FRAGSTAT" -q --sysroot "$tmp/root" --watch 0.02 --json --record "$tmp/w" \
    --trigger psi --psi-full 5 --before 2 --after 2 > "$tmp/out" 2> "$tmp/err" &
pid=$!
wait_for "4 samples" lines_at_least 4
pressure 40.00
wait_for "the first window" windows_done 1
# Still high: no second window. Then low for 3 samples and high again.
n=$(wc -l < "$tmp/out")
wait_for "3 more samples" lines_at_least $((n + 3))
pressure 0.00
n=$(wc -l < "$tmp/out")
wait_for "3 more samples" lines_at_least $((n + 3))
pressure 12.50
wait_for "the second window" windows_done 2
kill -INT "$pid"
wait "$pid"
rc=$?
pid=""
[ "$rc" -eq 0 ] || { echo "FAIL: exit $rc after SIGINT"; cat "$tmp/err"; fail=1; }
[ ! -s "$tmp/err" ] || { echo "FAIL: -q, yet it said:"; cat "$tmp/err"; fail=1; }

python3 - "$tmp/out" "$tmp/w" <<'PY' || fail=1
import json, os, sys
out = open(sys.argv[1]).read().splitlines(keepends=True)
wins = sorted(os.listdir(sys.argv[2]))
ok = True
def bad(msg):
    global ok
    print("FAIL:", msg)
    ok = False
if len(wins) != 2:
    bad("%d windows, not 2: %s" % (len(wins), wins))
full = [json.loads(l)["pressure"]["full_avg10"] for l in out]
for name, want in zip(wins, (40.0, 12.5)):
    d = os.path.join(sys.argv[2], name)
    for f in ("fragstat-recording", "samples.ndjson", "first", "last"):
        if not os.path.exists(os.path.join(d, f)):
            bad("%s has no %s" % (name, f))
    meta = open(os.path.join(d, "fragstat-recording")).read()
    for line in ("trigger psi\n", "before 2\n", "after 2\n",
                 "fired full avg10 %.2f%% above 5.00%%\n" % want):
        if line not in meta:
            bad("%s: no %r in its metadata" % (name, line))
    got = open(os.path.join(d, "samples.ndjson")).read().splitlines(True)
    if len(got) != 5:
        bad("%s holds %d samples, not 2 + 1 + 2" % (name, len(got)))
        continue
    # The window is a run of the printed samples, the rise in its middle.
    at = [i for i in range(len(out) - 4) if out[i:i + 5] == got]
    if len(at) != 1:
        bad("%s: its samples are not a run of what --watch printed" % name)
        continue
    f = full[at[0]:at[0] + 5]
    if f[:2] != [0.0, 0.0] or f[2:] != [want] * 3:
        bad("%s: full avg10 %s, not two low, then %s" % (name, f, want))
print("windows:", ", ".join(wins))
sys.exit(0 if ok else 1)
PY

for d in "$tmp"/w/*; do
	"$FRAGSTAT" --sysroot "$d" > "$tmp/replay" 2>&1 ||
		{ echo "FAIL: --sysroot $d:"; cat "$tmp/replay"; fail=1; }
	grep -q '^5 samples every 0.020 s' "$tmp/replay" ||
		{ echo "FAIL: --sysroot $d does not read 5 samples"; cat "$tmp/replay"; fail=1; }
done
"$FRAGSTAT" --compare "$tmp/w" "$tmp/w" > "$tmp/cmp" 2>&1 ||
	{ echo "FAIL: --compare of the windows as runs:"; cat "$tmp/cmp"; fail=1; }

# A recording is not a directory of windows.
"$FRAGSTAT" -q --sysroot "$tmp/root" --watch 0.02 --count 1 --record "$tmp/r" \
    > /dev/null || fail=1
"$FRAGSTAT" -q --sysroot "$tmp/root" --watch 0.02 --count 1 --record "$tmp/r" \
    --trigger psi > /dev/null 2> "$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "^fragstat: $tmp/r: is a recording" "$tmp/err" ||
	{ echo "FAIL: --trigger into a recording: exit $rc"; cat "$tmp/err"; fail=1; }
# No rise, no window, and the directory says so.
"$FRAGSTAT" --sysroot "$tmp/root" --watch 0.02 --count 3 --record "$tmp/none" \
    --trigger psi --psi-full 50 > /dev/null 2> "$tmp/err" || fail=1
[ -d "$tmp/none" ] && [ -z "$(ls "$tmp/none")" ] ||
	{ echo "FAIL: a window without a trigger"; fail=1; }
grep -q "0 windows written into" "$tmp/err" ||
	{ echo "FAIL: no count of windows"; cat "$tmp/err"; fail=1; }
[ $fail -eq 0 ] && echo "ok: --trigger psi windows"
exit $fail
