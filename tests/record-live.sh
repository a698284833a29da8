#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --record --events, live (root and tracefs, else skipped): four samples of
# this machine make a recording whose metadata, samples and summary say
# exactly what was asked and what the samples hold, whose first/ and
# last/ are captures that --verify proves (when debugfs was there to
# capture the kernel's indices); and a recording ended by SIGINT midway
# reads back whole, its tracefs instance removed; SIGINT, SIGTERM, SIGHUP
# and SIGQUIT as the instance appears or in the sleep leave neither the
# instance nor a temporary directory behind; another PID namespace's live
# instance is never swept.
set -u
: "${FRAGSTAT:?}"
. "$(dirname "$0")/need-tracefs.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
fail=0

# 1. Four samples, as a user records them.
"$FRAGSTAT" -q --watch=0.3 --count=4 --events --record "$tmp/r" \
    > "$tmp/out" 2> "$tmp/err"
st=$?
if [ "$st" != 0 ] || [ -s "$tmp/err" ] || [ ! -s "$tmp/out" ]; then
	echo "FAIL: recording: status $st"
	cat "$tmp/err"
	exit 1
fi
"$FRAGSTAT" --sysroot "$tmp/r" --json > "$tmp/summary" 2> "$tmp/err"
st=$?
[ "$st" = 0 ] && [ ! -s "$tmp/err" ] ||
	{ echo "FAIL: --sysroot of the recording: status $st"; cat "$tmp/err"; fail=1; }
# Both captures: the kernel's own indices, when debugfs was mounted, are
# those fragstat computes from the buddyinfo captured with them.
for d in first last; do
	if [ -f "$tmp/r/$d/sys/kernel/debug/extfrag/unusable_index" ] &&
	    grep -qx 'buddyinfo_stable yes' "$tmp/r/$d/fragstat-capture"; then
		"$FRAGSTAT" --verify --sysroot "$tmp/r/$d" > "$tmp/v" 2>&1
	else
		"$FRAGSTAT" -q --sysroot "$tmp/r/$d" --json > "$tmp/v" 2>&1
	fi
	st=$?
	[ "$st" = 0 ] || { echo "FAIL: $d/: status $st"; cat "$tmp/v"; fail=1; }
done
python3 - "$tmp/r" "$tmp/summary" "$(uname -n)" "$(uname -r)" \
    "$(getconf PAGESIZE)" <<'PY' || fail=1
import json, re, sys
rec, summary, host, release, page = sys.argv[1:6]
bad = []
def want(what, got, exp):
    if got != exp:
        bad.append("%s: %r, want %r" % (what, got, exp))
def count(what, v, null=False):
    if null and v is None:	# a kernel without the compaction events
        return None
    if type(v) is not int or v < 0:
        bad.append("%s: %r is not a count" % (what, v))
    return v if type(v) is int else 0

meta = dict(l.rstrip("\n").split(" ", 1) for l in open(rec + "/fragstat-recording"))
pageblock = re.search(r"Page block order:\s+(\d+)", open("/proc/pagetypeinfo").read()).group(1)
for k, v in (("fragstat_recording", "1"), ("hostname", host), ("source", "/"),
             ("release", release), ("page_size", page), ("interval_ms", "300"),
             ("count", "4"), ("pageblock_order", pageblock),
             ("migratetypes", "no"), ("events", "yes")):
    want("metadata " + k, meta.get(k), v)
for k in ("fragstat_version", "start_utc", "orders"):
    if not meta.get(k):
        bad.append("metadata lacks " + k)

samples = [json.loads(l) for l in open(rec + "/samples.ndjson")]
want("samples.ndjson lines", len(samples), 4)
tot = {"extfrag": 0, "fragmenting": 0, "claimed": 0, "captured": 0, "lost": 0,
       "runs": 0}
for i, s in enumerate(samples):
    e = s["events"]
    tot["extfrag"] += count("sample %d extfrag" % i, e["extfrag"]["total"])
    tot["fragmenting"] += count("sample %d fragmenting" % i, e["extfrag"]["fragmenting"])
    tot["claimed"] += count("sample %d claimed" % i, e["extfrag"]["claimed"])
    tot["captured"] += count("sample %d captured" % i, e["extfrag"]["captured"])
    tot["lost"] += count("sample %d lost" % i, e["lost"])
    runs = count("sample %d runs" % i, e["compaction"]["runs"], True)
    tot["runs"] = None if runs is None else tot["runs"] + runs

d = json.load(open(summary))
for k, v in (("recording", rec), ("hostname", host), ("release", release),
             ("page_size", int(page)), ("interval_s", 0.3), ("samples", 4),
             ("truncated", False), ("first", samples[0]["time"]),
             ("last", samples[-1]["time"])):
    want(k, d.get(k), v)
ev = d["events"]
for k, t in (("extfrag", "extfrag"), ("fragmenting", "fragmenting"),
             ("claimed", "claimed"), ("captured", "captured"), ("lost", "lost"),
             ("compaction_runs", "runs")):
    want("events " + k, count("events " + k, ev[k], tot[t] is None), tot[t])
count("events extfrag_peak", ev["extfrag_peak"])
for o in ev["by_order"]:
    for k in ("attempts", "ended", "success"):
        count("events order %s %s" % (o["order"], k), o[k], True)
# Each zone's free memory at the first and the last sample.
zs = [(z["node"], z["zone"]) for z in d["zones"]]
want("zones", zs, [(z["node"], z["zone"]) for z in samples[0]["zones"]])
for i, z in enumerate(d["zones"]):
    want("zone %s free_pages" % z["zone"], z["free_pages"],
         [samples[0]["zones"][i]["free_pages"], samples[-1]["zones"][i]["free_pages"]])
if bad:
    print("FAIL: the recording:\n  " + "\n  ".join(bad))
    sys.exit(1)
print("record-live: 4 samples, %d extfrag events, %s compaction runs, %d lost, "
      "in the samples and the summary alike" % (tot["extfrag"], tot["runs"], tot["lost"]))
PY

# 2. SIGINT midway: every sample written reads back, nothing is left behind.
# A background job of sh ignores SIGINT and SIGQUIT, and fragstat keeps
# what it was given (issue 44): env gives them back for the kill below.
env --default-signal=INT,QUIT "$FRAGSTAT" -q --watch=0.1 --events --record "$tmp/i" > /dev/null \
    2> "$tmp/err" &
pid=$!
i=0
while { [ ! -f "$tmp/i/samples.ndjson" ] ||
    [ "$(wc -l < "$tmp/i/samples.ndjson")" -lt 2 ]; } && [ $i -lt 400 ]; do
	sleep 0.05
	i=$((i + 1))
done
kill -INT "$pid"
wait "$pid"
st=$?
n=$(wc -l < "$tmp/i/samples.ndjson")
if [ "$st" != 0 ] || [ -s "$tmp/err" ] || [ "$n" -lt 2 ]; then
	echo "FAIL: SIGINT: status $st, $n samples"
	cat "$tmp/err"
	fail=1
fi
[ -d "$T/instances/fragstat-$pid" ] &&
	{ echo "FAIL: SIGINT left instance fragstat-$pid"; fail=1; }
[ -z "$(ls -A "$tmp" | grep '^\.')" ] && [ ! -e "$tmp/i/.last-new" ] &&
    [ -d "$tmp/i/last/proc" ] ||
	{ echo "FAIL: SIGINT: last/ missing or temporary files left: $(ls -A "$tmp" "$tmp/i")"; fail=1; }
"$FRAGSTAT" --sysroot "$tmp/i" --json > "$tmp/s" 2> "$tmp/err"
st=$?
if [ "$st" != 0 ] || [ -s "$tmp/err" ] ||
    ! grep -q "^  \"samples\": $n,\$" "$tmp/s" ||
    ! grep -q '^  "truncated": false,$' "$tmp/s" ||
    ! grep -qx 'count 0' "$tmp/i/fragstat-recording"; then
	echo "FAIL: reading the recording ended by SIGINT: status $st ($n samples)"
	cat "$tmp/err"
	fail=1
fi
[ "$fail" = 0 ] && echo "record-live: SIGINT after $n samples leaves a recording that reads back whole"

# 3. Each signal as the instance appears (the setup, first/ and the first
# sample are still to come) or in the hour's sleep after the first sample:
# the recording ends after that one sample, nothing is left behind.
for sig in INT TERM HUP QUIT; do
	for when in setup sleep; do
		d="$tmp/$sig-$when"
		# A background job of sh ignores SIGINT and SIGQUIT, and fragstat keeps
		# what it was given (issue 44): env gives them back for the kill below.
		env --default-signal=INT,QUIT "$FRAGSTAT" -q --watch=3600 --events --record "$d" > /dev/null \
		    2> "$tmp/err" &
		pid=$!
		i=0
		if [ $when = setup ]; then
			# Before the instance a signal could beat the handlers.
			while [ ! -d "$T/instances/fragstat-$pid" ] && [ $i -lt 6000 ]; do
				sleep 0.01
				i=$((i + 1))
			done
		else
			while { [ ! -f "$d/samples.ndjson" ] ||
			    [ "$(wc -l < "$d/samples.ndjson")" -lt 1 ]; } &&
			    [ $i -lt 1200 ]; do
				sleep 0.05
				i=$((i + 1))
			done
		fi
		kill -"$sig" $pid
		i=0
		while kill -0 $pid 2>/dev/null && [ $i -lt 1200 ]; do
			sleep 0.05
			i=$((i + 1))
		done
		kill -KILL $pid 2>/dev/null
		wait $pid
		st=$?
		if [ "$st" != 0 ] || [ -s "$tmp/err" ] ||
		    [ -d "$T/instances/fragstat-$pid" ] ||
		    [ -n "$(ls -A "$tmp" | grep '^\.')" ] ||
		    [ "$(ls -A "$d" | tr '\n' ' ')" != "first fragstat-recording last samples.ndjson " ] ||
		    [ "$(wc -l < "$d/samples.ndjson")" != 1 ]; then
			echo "FAIL: SIG$sig in $when: status $st, left: $(ls -A "$tmp" "$d" | tr '\n' ' ')"
			cat "$tmp/err"
			[ -d "$T/instances/fragstat-$pid" ] &&
				rmdir "$T/instances/fragstat-$pid"
			fail=1
		fi
	done
done
[ "$fail" = 0 ] && echo "record-live: SIGINT, SIGTERM, SIGHUP, SIGQUIT in the setup and the sleep leave nothing behind"

# 3. A live instance of a fragstat in another PID namespace (a
# container's) is not taken for a stale one, though its PID is no
# process here: the sweep of a fragstat here leaves it (issue 44).
if ! command -v unshare > /dev/null || ! unshare --pid --fork true 2>/dev/null; then
	echo "note: no unshare --pid: another PID namespace's instance is not tested"
	exit "$fail"
fi
n=30000
while [ -e "/proc/$n" ] && [ $n -lt 32000 ]; do n=$((n + 1)); done
unshare --pid --fork --mount-proc sh -c 'echo $(($1 - 1)) > /proc/sys/kernel/ns_last_pid
	"$2" -q --watch=3600 --events --record "$3" & wait' sh $n "$FRAGSTAT" "$tmp/ns" \
    > /dev/null 2> "$tmp/ns.err" &
ns=$!
theirs() { ls "$T/instances" | grep -E "^fragstat-(ns[0-9]+-)?$n\$"; }
i=0
while [ -z "$(theirs)" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
inst=$(theirs)
"$FRAGSTAT" -q --events --watch 0.1 --count 1 > /dev/null 2> "$tmp/sweep.err"
if [ -z "$inst" ] || [ ! -d "$T/instances/$inst" ]; then
	echo "FAIL: the instance of a fragstat in another PID namespace: '$inst', there after a sweep: $(ls "$T/instances") $(cat "$tmp/sweep.err")"
	fail=1
fi
# Ended by SIGTERM, its own: the fragstat whose PID there is $n.
for s in /proc/[0-9]*/status; do
	grep -q "^NSpid:.*[^0-9]$n\$" "$s" 2>/dev/null &&
	    kill -TERM "$(sed -n 's/^Pid:[^0-9]*//p' "$s")"
done
wait "$ns"
[ -n "$inst" ] && [ -d "$T/instances/$inst" ] && rmdir "$T/instances/$inst"
exit "$fail"
