#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --watch: NDJSON samples whose rates equal the vmstat deltas exactly, a
# quiet end on a closed pipe and on SIGTERM, a transient read error
# that is reported and survived, and a signal that came before an hour's
# sleep ending it at once; kcompactd woken again and again for nothing
# named as a finding, and not without wakeups; a buddyinfo that loses an
# order the watch shows is an error that names it; the notes of a root
# of buddyinfo alone; --need's change over a span under an hour.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
[ -r /proc/buddyinfo ] && [ -r /proc/vmstat ] ||
	{ echo "SKIP: no live /proc"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# 1. Live samples: valid JSON lines; each rate is the counter delta over
# the interval, in hundredths per second, exactly as printed.
"$FRAGSTAT" -q --watch 0.2 --count 4 --json > "$tmp/w.json" || fail=1
python3 - "$tmp/w.json" <<'PY' || fail=1
import json, sys
lines = open(sys.argv[1]).read().splitlines()
assert len(lines) == 4, "want 4 samples, got %d" % len(lines)
s = [json.loads(l) for l in lines]
assert s[0]["interval_s"] is None and s[0]["rates_per_s"] is None
for a, b in zip(s, s[1:]):
    ms = round(float(b["interval_s"]) * 1000)
    # A late sample shortens the next interval (absolute deadlines):
    # any positive interval will do, the rates must match it exactly.
    assert ms > 0, "interval %d ms" % ms
    for c, r in b["rates_per_s"].items():
        if r is None:
            continue
        d = b["counters"][c] - a["counters"][c]
        want = d * 100000 // ms
        got = round(float(r) * 100)
        assert got == want, "%s: rate %s, delta %d over %d ms" % (c, r, d, ms)
    for z in b["zones"]:
        for o in z["orders"]:
            assert -1 <= o["fragmentation_index"] <= 1
            assert 0 <= o["unusable_index"] <= 1
# judge_of() at the default marks (50, 90): by the share free now of what
# compaction could make, in ten-thousandths (live, without the map, what
# free memory holds is that bound too); short of memory where free memory
# holds fewer blocks than --low, which a sample does not carry.
for b in s:
    for j in b["judgement"]:
        if j["judgement"] == "short of memory":
            continue
        r = None if j["ratio"] is None else round(float(j["ratio"]) * 10000)
        want = ("severely fragmented" if r is None or r < 1000 else
                "fragmented" if r < 5000 else "fine")
        assert j["judgement"] == want, "judgement %r" % j
        assert j["ratio"] is None or float(j["ratio"]) >= 0, "ratio %r" % j
    assert [j["order"] for j in b["judgement"]], "no judgement"
print("watch: %d samples, rates consistent with vmstat deltas" % len(s))
PY

# --need's trend over a span shorter than its hour is the change over
# that span (#45: it said "+0 an hour over 0 s"); a slow host may take
# over a second.
out=$("$FRAGSTAT" -q --sysroot "$FIXTURES/states/healthy" --watch 0.2 \
    --count 2 --need 9500x2M | grep '^  need' | sed -n 2p)
case $out in
"  need 9500 x 2 MiB: at most 4195 free now, +0 in "[0-9]*" ms" | \
"  need 9500 x 2 MiB: at most 4195 free now, +0 in "[0-9]*" s") ;;
*) echo "FAIL: --need's trend under an hour: $out"; fail=1 ;;
esac
# The judgement of each size, every interval, against the marks given.
out=$("$FRAGSTAT" -q --sysroot "$FIXTURES/advise/nofragment-0" --watch 0.1 \
    --count 1 --fragmented=95 | sed -n 2p)
want="  2 MiB: fragmented (score 99), at most 0 free now of at most 4 after compaction (0.0%)"
[ "$out" = "$want" ] || { echo "FAIL: judgement: $out"; fail=1; }
# THP faults (thp_fault_alloc counts the PMD size only) only where that
# size is on.
cp -r "$FIXTURES/outcomes/vm-6.18-mthp" "$tmp/thp"
"$FRAGSTAT" -q --sysroot "$tmp/thp" --watch 0.1 --count 1 > "$tmp/thp.out"
grep -q "THP faults/s" "$tmp/thp.out" ||
	{ echo "FAIL: no THP faults/s with 2 MiB THP on"; fail=1; }
echo "always inherit madvise [never]" \
    > "$tmp/thp/sys/kernel/mm/transparent_hugepage/hugepages-2048kB/enabled"
"$FRAGSTAT" -q --sysroot "$tmp/thp" --watch 0.1 --count 1 > "$tmp/thp.out"
if grep -q "THP faults" "$tmp/thp.out"; then
	echo "FAIL: THP faults of 2 MiB, which is off:"
	cat "$tmp/thp.out"
	fail=1
fi

# The pageblock order is the snapshot's rule's (pagetypeinfo, else THP's
# PMD order, else the named guess, 9), never one of --orders.
mkdir -p "$tmp/bare/proc"
cp "$FIXTURES/corpus/arm720t-2.6.16-dma-only/buddyinfo" "$tmp/bare/proc/"
for ord in "" "--orders=3"; do
	out=$("$FRAGSTAT" -q --sysroot "$tmp/bare" --watch 0.01 --count 1 \
	    --json $ord | grep -o '"pageblock_order":[0-9]*')
	[ "$out" = '"pageblock_order":9' ] ||
		{ echo "FAIL: watch ${ord:-without --orders}: $out"; fail=1; }
done

# 2. A reader that goes away ends it quietly, with status 0.
{ "$FRAGSTAT" -q --watch 0.05 --json 2> "$tmp/pipe.err"; echo $? > "$tmp/pipe.st"; } | head -n 1 > /dev/null
if [ "$(cat "$tmp/pipe.st")" != 0 ] || [ -s "$tmp/pipe.err" ]; then
	echo "FAIL: closed pipe: status $(cat "$tmp/pipe.st"), stderr:"
	cat "$tmp/pipe.err"
	fail=1
fi

# 3. SIGTERM ends it cleanly after whole lines.
"$FRAGSTAT" -q --watch 0.05 --json > "$tmp/term.json" 2> "$tmp/term.err" &
pid=$!
sleep 0.4
kill -TERM "$pid"
wait "$pid"
st=$?
if [ "$st" != 0 ] || [ -s "$tmp/term.err" ] ||
    ! python3 -c 'import json,sys
for l in open(sys.argv[1]): json.loads(l)' "$tmp/term.json"; then
	echo "FAIL: SIGTERM: status $st"
	cat "$tmp/term.err"
	fail=1
fi

# 4. A buddyinfo that disappears for a while: reported, skipped, survived.
mkdir -p "$tmp/root/proc"
cp "$FIXTURES/corpus/vm-6.18-x86-64-holes/proc/buddyinfo" "$tmp/root/proc/"
"$FRAGSTAT" -q --sysroot "$tmp/root" --watch 0.1 --count 8 --json \
    > "$tmp/t.json" 2> "$tmp/t.err" &
pid=$!
sleep 0.25
mv "$tmp/root/proc/buddyinfo" "$tmp/root/proc/gone"
sleep 0.3
mv "$tmp/root/proc/gone" "$tmp/root/proc/buddyinfo"
wait "$pid"
st=$?
if [ "$st" != 0 ] || [ "$(wc -l < "$tmp/t.json")" -ne 8 ] ||
    ! grep -q "root/proc/buddyinfo: No such file or directory" "$tmp/t.err"; then
	echo "FAIL: transient error: status $st, $(wc -l < "$tmp/t.json") lines"
	cat "$tmp/t.err"
	fail=1
fi
# 5. A signal while a read blocks (here in open() of a FIFO) only ends the
# loop: it waits blocked, the sample completes, nothing is reported.
# vmstat is the FIFO as only the samples read it, after the handlers are set.
mkdir -p "$tmp/fifo"
cp -r "$FIXTURES/corpus/vm-6.18-x86-64-holes/proc" "$tmp/fifo/"
rm "$tmp/fifo/proc/vmstat"
mkfifo "$tmp/fifo/proc/vmstat"
"$FRAGSTAT" --sysroot "$tmp/fifo" --watch 0.1 --json > "$tmp/f.json" \
    2> "$tmp/f.err" &
pid=$!
i=0
while [ $i -lt 100 ] &&
    [ "$(cat /proc/$pid/wchan 2>/dev/null)" != wait_for_partner ]; do
	sleep 0.1
	i=$((i + 1))
done
if [ $i -eq 100 ]; then
	echo "note: never seen waiting for the FIFO: SA_RESTART not tested"
	kill -KILL "$pid"
	wait "$pid"
else
	kill -TERM "$pid"
	timeout 5 sh -c 'cat "$1" > "$2"' sh \
	    "$FIXTURES/corpus/vm-6.18-x86-64-holes/proc/vmstat" \
	    "$tmp/fifo/proc/vmstat"
	wait "$pid"
	st=$?
	if [ "$st" != 0 ] || [ -s "$tmp/f.err" ] ||
	    [ "$(wc -l < "$tmp/f.json")" -ne 1 ] ||
	    ! grep -q '"counters":{"' "$tmp/f.json"; then
		echo "FAIL: signal in a blocked open(): status $st, stderr:"
		cat "$tmp/f.err"
		fail=1
	fi
fi

# 6. --migratetypes: every sample shows each zone's free memory per
# migratetype, the same pages as the one-shot JSON of the same root.
vm=$FIXTURES/corpus/vm-6.18-x86-64-holes
"$FRAGSTAT" -q --sysroot "$vm" --watch 0.01 --count 1 --migratetypes --json \
    > "$tmp/m.json" || fail=1
"$FRAGSTAT" -q --sysroot "$vm" --json > "$tmp/one.json" || fail=1
python3 - "$tmp/m.json" "$tmp/one.json" <<'PY' || fail=1
import json, sys
sample = json.loads(open(sys.argv[1]).read())
whole = json.load(open(sys.argv[2]))
got = [[(m["type"], m["free_pages"]) for m in z["migratetypes"]]
       for z in sample["zones"]]
want = [[(m["type"], m["free_pages"]) for m in z["migratetypes"]
         if "free_pages" in m] for z in whole["zones"]]
assert got == want, "watch %r, one-shot %r" % (got, want)
PY
"$FRAGSTAT" -q --sysroot "$vm" --watch 0.01 --count 1 --migratetypes \
    > "$tmp/m.txt" || fail=1
if [ "$(grep -c '^    free by migratetype: Unmovable ' "$tmp/m.txt")" -ne 3 ]; then
	echo "FAIL: --watch --migratetypes: no line per zone"
	cat "$tmp/m.txt"
	fail=1
fi
# Without a readable pagetypeinfo --migratetypes would do nothing: an error
# that says why, even with -q, and no sample.
"$FRAGSTAT" -q --sysroot "$FIXTURES/roots/aarcange-before-compact" --watch 0.01 \
    --count 1 --migratetypes > "$tmp/n.out" 2> "$tmp/n.err"
st=$?
if [ "$st" -ne 1 ] || [ -s "$tmp/n.out" ] ||
    ! grep -q 'pagetypeinfo: No such file or directory (no per-migratetype view): --migratetypes needs it$' "$tmp/n.err"; then
	echo "FAIL: --watch --migratetypes without pagetypeinfo: status $st"
	cat "$tmp/n.err"
	fail=1
fi
# The optional files a watch reads, absent from a root of buddyinfo alone:
# a note each, saying what is lost (vmstat's is said by no other mode).
root=$FIXTURES/roots/aarcange-before-compact
"$FRAGSTAT" --sysroot "$root" --watch 0.01 --count 1 > /dev/null \
    2> "$tmp/notes.err"
st=$?
printf '%s\n' \
    "fragstat: $root/proc/pressure/memory: No such file or directory (PSI is off or the kernel predates 4.20; no memory pressure)" \
    "fragstat: $root/proc/vmstat: No such file or directory (no compaction counters)" \
    "fragstat: $root/proc/zoneinfo: No such file or directory (no watermarks or kcompactd score)" \
    > "$tmp/notes.want"
if [ "$st" -ne 0 ] || ! cmp -s "$tmp/notes.want" "$tmp/notes.err"; then
	echo "FAIL: --watch of buddyinfo alone: status $st, notes:"
	cat "$tmp/notes.err"
	fail=1
fi

# 7. A signal that came just before the sleep ends it at once, not after
# the hour. Started with the signal blocked, fragstat gets it pending: the
# sleep must let it in as it begins (ppoll's atomic mask), as it must let in
# one that arrives between the last check of the stop flag and the sleep.
for sig in INT TERM HUP QUIT; do
	python3 - "$FRAGSTAT" "$vm" "$sig" <<'PY' || fail=1
import os, signal, sys, time
fragstat, root, name = sys.argv[1:4]
sig = getattr(signal, "SIG" + name)
signal.pthread_sigmask(signal.SIG_BLOCK, [sig])
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    os.dup2(w, 1)
    os.execv(fragstat, [fragstat, "-q", "--sysroot", root, "--watch", "3600",
                        "--json"])
os.close(w)
os.kill(pid, sig)
# Bounded only to fail rather than hang: the hour is what must not pass.
for _ in range(6000):
    p, st = os.waitpid(pid, os.WNOHANG)
    if p:
        break
    time.sleep(0.01)
else:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    sys.exit("FAIL: SIG%s before the sleep: still sleeping after 60 s" % name)
out = os.read(r, 1 << 20).decode()
if st != 0 or out.count("\n") != 1:
    sys.exit("FAIL: SIG%s before the sleep: status %#x, %d lines"
             % (name, st, out.count("\n")))
PY
done

# 8. kcompactd that works for nothing: compact_daemon_wake rising in every
# interval while the free pageblocks stay as they are (the root's files do
# not change) makes a 'finding:' line once 3 intervals had a wakeup; the
# same root without wakeups makes none.
fu=$tmp/futile
mkdir -p "$fu/proc"
cp "$FIXTURES/corpus/vm-6.18-x86-64-holes/proc/buddyinfo" \
    "$FIXTURES/corpus/vm-6.18-x86-64-holes/proc/vmstat" "$fu/proc/"
"$FRAGSTAT" -q --sysroot "$fu" --watch 0.1 --count 3 > "$tmp/quiet.txt" ||
	fail=1
if grep -q "finding:" "$tmp/quiet.txt"; then
	echo "FAIL: a finding without any kcompactd wakeup"
	fail=1
fi
# The writer bumps the counter far more often than fragstat samples, and
# renames each new file into place, so every interval sees a rise.
(
	i=0
	while :; do
		i=$((i + 1))
		sed "s/^compact_daemon_wake .*/compact_daemon_wake $i/" \
		    "$FIXTURES/corpus/vm-6.18-x86-64-holes/proc/vmstat" \
		    > "$fu/vmstat.new" && mv "$fu/vmstat.new" "$fu/proc/vmstat"
		sleep 0.02
	done
) &
writer=$!
"$FRAGSTAT" -q --sysroot "$fu" --watch 0.2 --count 6 > "$tmp/futile.txt" ||
	fail=1
kill "$writer"
wait "$writer" 2>/dev/null
n=$(grep -c "finding: kcompactd woke .* times in [3-5] of the last [3-5] intervals, and free memory outside whole 2 MiB pageblocks did not fall" "$tmp/futile.txt")
# Samples 4, 5 and 6 follow 3, 4 and 5 intervals with a wakeup.
if [ "$n" -ne 3 ]; then
	echo "FAIL: kcompactd woken in every interval: $n finding lines, want 3"
	cat "$tmp/futile.txt"
	fail=1
fi
# 9. A watched buddyinfo rewritten with fewer orders than --orders shows:
# an error that names the file, status 1, and under AddressSanitizer no
# use of the name after the inputs that held it were freed. No race on
# time: the rewrite waits for the first sample, then the test for the end.
# The file named alone, as the report that found it did: no sysctl is
# read after it, so the error record still names it when the loop starts.
lo=$tmp/lost
mkdir -p "$lo"
cp "$vm/proc/buddyinfo" "$lo/"
"$FRAGSTAT" -q --buddyinfo "$lo/buddyinfo" --watch 0.1 --orders 10 --json \
    > "$tmp/lo.json" 2> "$tmp/lo.err" &
pid=$!
i=0
while [ ! -s "$tmp/lo.json" ] && kill -0 "$pid" 2>/dev/null &&
    [ $i -lt 1200 ]; do
	sleep 0.05
	i=$((i + 1))
done
sed 's/ *[0-9]* *$//' "$vm/proc/buddyinfo" > "$lo/new"
mv "$lo/new" "$lo/buddyinfo"
wait "$pid"
st=$?
if [ "$st" -ne 1 ] || [ "$(cat "$tmp/lo.err")" != \
    "fragstat: $lo/buddyinfo: orders 0 to 9 now, but the watch shows order 10" ]; then
	echo "FAIL: buddyinfo that lost an order: status $st, stderr:"
	cat "$tmp/lo.err"
	fail=1
fi
# 11. kcompactd said from what was observed: its counters over each
# interval, from fixture vmstat pairs (tests/fixtures/kcompactd/README) fed
# through a FIFO one read per sample. A sample's line is printed after its
# reads, so the next file is written only once the previous sample is out:
# no read can see two files. Sample 1 has no interval (null, no line);
# first -> scanned moved (working); scanned -> scanned did not (not seen
# working); a kernel without the counters is unseen (null).
kc=$tmp/kc
mkdir -p "$kc/proc"
cp "$vm/proc/buddyinfo" "$kc/proc/"
mkfifo "$kc/proc/vmstat"
for fmt in json text; do
	python3 - "$FRAGSTAT" "$kc" "$FIXTURES/kcompactd" "$fmt" <<'PY' || fail=1
import json, subprocess, sys
fragstat, root, fx, fmt = sys.argv[1:5]
feed = ["vmstat-first", "vmstat-scanned", "vmstat-scanned", "vmstat-4.5"]
z = open(root + "/proc/buddyinfo").read().splitlines()[-1].split()
last = "  Node %s zone %s " % (z[1], z[3])
args = [fragstat, "-q", "--sysroot", root, "--watch", "0.01", "--count",
        str(len(feed))] + (["--json"] if fmt == "json" else [])
p = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
# Bounded only to fail rather than hang should a sample read twice.
def stuck(sig, frame):
    p.kill()
    sys.exit("FAIL: kcompactd seen (%s): stuck on the FIFO" % fmt)
import signal
signal.signal(signal.SIGALRM, stuck)
signal.alarm(120)
out = []
for name in feed:
    with open(root + "/proc/vmstat", "w") as f:
        f.write(open(fx + "/" + name).read())
    # The sample's whole output, so that it has read this file: one line
    # in JSON, up to its last zone's line (buddyinfo's last) in text.
    line = p.stdout.readline()
    while fmt == "text" and line and not line.startswith(last):
        out.append(line)
        line = p.stdout.readline()
    out.append(line)
rest = p.stdout.read()
if p.wait() != 0:
    sys.exit("FAIL: kcompactd seen (%s): status %d" % (fmt, p.returncode))
if fmt == "json":
    got = [json.loads(l)["kcompactd_seen_working"] for l in out]
    want = [None, True, False, None]
else:
    text = "".join(out) + rest
    got = [l.strip() for l in text.splitlines() if "kcompactd:" in l]
    ms = r"in the last 0\.[0-9]{3} s\)"
    want = ["kcompactd: working (its scan counters moved",
            "kcompactd: not seen working (its scan counters did not move"]
    import re
    ok = len(got) == 2 and all(g.startswith(w) and re.search(ms, g)
                               for g, w in zip(got, want))
    got, want = (want, want) if ok else (got, want)
if got != want:
    sys.exit("FAIL: kcompactd seen (%s): %r, want %r" % (fmt, got, want))
PY
done
# The live summary reads vmstat again before it prints: kcompactd's state
# is said with what its counters did meanwhile, not from the score alone.
"$FRAGSTAT" -q --color=never | tr '\n' ' ' | tr -s ' ' |
    grep -Eq "Background compaction: [^;]*\(its scan counters (moved|did not move) in the last [0-9]+\.[0-9]{3} s\)" ||
	{ echo "FAIL: live summary: kcompactd not said as seen"; fail=1; }
"$FRAGSTAT" -q --advise |
    grep -Eq "^kcompactd: (working|not seen working) on the machine \(its scan counters (moved|did not move) in the last [0-9]+\.[0-9]{3} s\)$" ||
	{ echo "FAIL: live --advise: kcompactd not said as seen"; fail=1; }
# --compact's JSON holds the whole report before (here a plan: --dry-run
# changes nothing), kcompactd as seen with it.
"$FRAGSTAT" -q --compact --dry-run --json | tr -d ' \n' | # suite-safe: --dry-run only plans, it compacts nothing
    grep -Eq '"kcompactd_seen":\{"working":(true|false),"over_s":[0-9]+\.[0-9]{3}\}' ||
	{ echo "FAIL: live --compact --json: kcompactd not said as seen"; fail=1; }

# 10. A recording whose file passes the file size limit (ulimit -f): the
# write fails (SIGXFSZ is ignored), the error says so, nothing is left;
# SIGUSR1 (not one of the usual four) ends a recording whole. Output
# through a pipe, which the limit does not apply to.
r=$(ulimit -f 0; "$FRAGSTAT" -q --sysroot "$vm" --watch 0.1 --count 2 \
    --record "$tmp/xfsz" 2>&1; echo "status $?")
if [ "$r" != "fragstat: $tmp/xfsz: cannot write fragstat-recording: File too large
status 1" ] || [ "$(ls -a "$tmp" | grep -c xfsz)" != 0 ]; then
	echo "FAIL: recording past ulimit -f: $r, left: $(ls -a "$tmp")"
	fail=1
fi
"$FRAGSTAT" -q --sysroot "$vm" --watch 3600 --count 2 --record "$tmp/usr1" \
    > /dev/null 2> "$tmp/usr1.err" &
pid=$!
i=0
while [ ! -s "$tmp/usr1/samples.ndjson" ] && [ $i -lt 600 ]; do
	sleep 0.05
	i=$((i + 1))
done
kill -USR1 "$pid"
wait "$pid"
st=$?
if [ $st -ne 0 ] || [ -s "$tmp/usr1.err" ] ||
    [ "$(ls -A "$tmp/usr1" | tr '\n' ' ')" != "first fragstat-recording last samples.ndjson " ] ||
    [ "$(ls -a "$tmp" | grep -c '^\.usr1')" != 0 ]; then
	echo "FAIL: SIGUSR1 in a recording: status $st: $(cat "$tmp/usr1.err"), $(ls -A "$tmp" "$tmp/usr1")"
	fail=1
fi
exit $fail
