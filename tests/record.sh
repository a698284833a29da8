#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --record: the samples file holds exactly the --watch --json lines, the
# metadata and both captures are there, an existing directory is refused,
# a recording killed with SIGKILL midway keeps every whole sample and
# a last/ capture's staging directory it left is removed the next time,
# --sysroot reads each back, a last line cut short noted and ignored, and
# whatever the writer allows reads back: 9 orders, 35 nodes of 2 zones; a
# trailing slash is accepted; on a filesystem without renameat2 flags
# (forced) last/ is still replaced; SIGINT, SIGTERM, SIGHUP and SIGQUIT at
# each phase of a recording end it whole, leaving nothing behind.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm="$FIXTURES/corpus/vm-6.18-x86-64-holes"
fail=0

# 6. Forced fallback (started first). FRAGSTAT_TEST_LAST_EVERY_S makes
# last/'s interval 1 s instead of RECORD_LAST_EVERY_S's 60: samples at 0,
# 2 and 4 s, so last/ is written during the run, after the second sample,
# and replaced at its end. FRAGSTAT_TEST_NO_RENAME_FLAGS makes renameat2()
# flags fail with EINVAL, as on NFS (capture.c).
# A directory of its own: the checks of $tmp below must not see its work.
mkdir "$tmp/n"
FRAGSTAT_TEST_LAST_EVERY_S=1 FRAGSTAT_TEST_NO_RENAME_FLAGS=1 "$FRAGSTAT" -q \
    --sysroot "$vm" --watch 2 --count 3 --record "$tmp/n/nfs" > /dev/null \
    2> "$tmp/nfs.err" &
nfs=$!
# last/ appears with the second sample, not only at the end (the third):
# watched beside the checks below, the samples counted when it appears.
(
	i=0
	while [ $i -lt 500 ] && [ ! -d "$tmp/n/nfs/last" ]; do
		sleep 0.02
		i=$((i + 1))
	done
	wc -l < "$tmp/n/nfs/samples.ndjson" > "$tmp/nfs.mid" 2>/dev/null
) &
mid=$!

check() {	# check ok|... DESCRIPTION: fail unless the previous test held
	# $(... && echo ok) that failed leaves DESCRIPTION alone: say it, not set -u.
	if [ $# -lt 2 ]; then
		echo "FAIL: $1"
		fail=1
	elif [ "$1" != ok ]; then
		echo "FAIL: $2"
		fail=1
	fi
}

# 1. Three samples of a root: stdout and samples.ndjson are the same lines.
"$FRAGSTAT" -q --sysroot "$vm" --watch 0.01 --count 3 --json \
    --record "$tmp/r1" > "$tmp/out" 2> "$tmp/err"
r=$?
[ $r -eq 0 ] && [ ! -s "$tmp/err" ]; check $([ $? -eq 0 ] && echo ok) "record: status $r: $(cat "$tmp/err")"
cmp -s "$tmp/out" "$tmp/r1/samples.ndjson"
check $([ $? -eq 0 ] && echo ok) "samples.ndjson differs from the --watch --json lines"
[ "$(wc -l < "$tmp/r1/samples.ndjson")" -eq 3 ]
check $([ $? -eq 0 ] && echo ok) "want 3 samples"
for k in "fragstat_recording 1" "page_size 4096" "interval_ms 10" \
    "count 3" "orders 9" "pageblock_order 9" "release 6.18.44-fc-v1098" \
    "migratetypes no" "events no" "source $vm"; do
	grep -qx "$k" "$tmp/r1/fragstat-recording"
	check $([ $? -eq 0 ] && echo ok) "metadata lacks '$k'"
done
for d in first last; do
	"$FRAGSTAT" -q --sysroot "$tmp/r1/$d" --format=unusable > "$tmp/$d.u" &&
	    "$FRAGSTAT" -q --sysroot "$vm" --format=unusable | cmp -s - "$tmp/$d.u"
	check $([ $? -eq 0 ] && echo ok) "$d/ does not read as the root"
done
[ "$(ls -A "$tmp" | grep -c '^\.')" -eq 0 ] && [ ! -e "$tmp/r1/.last-new" ]
check $([ $? -eq 0 ] && echo ok) "temporary directories left: $(ls -A "$tmp" "$tmp/r1")"

# 2. An existing directory is never touched.
mkdir "$tmp/r2"
"$FRAGSTAT" -q --sysroot "$vm" --watch 1 --count 1 --record "$tmp/r2" \
    > "$tmp/out" 2> "$tmp/err"
r=$?
[ $r -eq 1 ] && [ ! -s "$tmp/out" ] && [ -z "$(ls -A "$tmp/r2")" ] &&
    [ "$(cat "$tmp/err")" = "fragstat: $tmp/r2: exists; a recording never overwrites" ]
check $([ $? -eq 0 ] && echo ok) "existing directory: status $r: $(cat "$tmp/err")"

# samples REC N: wait until REC's samples.ndjson holds N lines (a bound
# of ~10 s for a hung fragstat, not a measure of speed).
samples() {
	i=0
	while [ $i -lt 500 ] && { [ ! -f "$1/samples.ndjson" ] ||
	    [ "$(wc -l < "$1/samples.ndjson")" -lt "$2" ]; }; do
		sleep 0.02
		i=$((i + 1))
	done
}

# 3. SIGKILL midway: the samples written so far are whole lines.
"$FRAGSTAT" -q --sysroot "$vm" --watch 0.02 --record "$tmp/r3" \
    > /dev/null 2>&1 &
pid=$!
samples "$tmp/r3" 3
kill -9 $pid
wait $pid 2>/dev/null
n=$(wc -l < "$tmp/r3/samples.ndjson")
[ "$n" -ge 3 ] && [ "$(tail -c 1 "$tmp/r3/samples.ndjson" | od -An -c | tr -d ' ')" = '\n' ]
check $([ $? -eq 0 ] && echo ok) "killed recording: $n lines, last one not whole"
[ -d "$tmp/r3/first" ] && [ -f "$tmp/r3/fragstat-recording" ]
check $([ $? -eq 0 ] && echo ok) "killed recording lacks first/ or its metadata"

# 3b. What a last/ capture killed midway (SIGKILL) leaves in a recording,
# ..last-new.XXXXXX, is removed when last/ is next replaced; a name that
# only looks like it is left alone.
"$FRAGSTAT" -q --sysroot "$vm" --watch 0.02 --record "$tmp/r3b" \
    > /dev/null 2> "$tmp/r3b.err" &
pid=$!
samples "$tmp/r3b" 1
mkdir "$tmp/r3b/..last-new.Ab3xY9" "$tmp/r3b/..last-new.Ab3xY" \
    "$tmp/r3b/..last-new.Ab3-Y9"
touch "$tmp/r3b/..last-new.Ab3xY9/buddyinfo"
kill -TERM $pid
wait $pid
r=$?
[ $r -eq 0 ] && [ ! -s "$tmp/r3b.err" ] &&
    [ "$(LC_ALL=C ls -A "$tmp/r3b" | tr '\n' ' ')" = "..last-new.Ab3-Y9 ..last-new.Ab3xY first fragstat-recording last samples.ndjson " ]
check $([ $? -eq 0 ] && echo ok) "stale ..last-new.XXXXXX: status $r: $(cat "$tmp/r3b.err"), left: $(ls -A "$tmp/r3b" | tr '\n' ' ')"

# 3c. --record DIR alone records as perf record does, a sample every
# second until it is stopped (#48): SIGTERM, or SIGINT (a background job
# of sh ignores it: env gives it back), ends it whole, status 0.
for sig in TERM INT; do
	env --default-signal=INT "$FRAGSTAT" -q --sysroot "$vm" \
	    --record "$tmp/r3c$sig" > /dev/null 2> "$tmp/r3c.err" &
	pid=$!
	samples "$tmp/r3c$sig" 1
	kill -$sig $pid
	wait $pid
	r=$?
	[ $r -eq 0 ] && [ ! -s "$tmp/r3c.err" ] &&
	    [ "$(sed -n 's/^interval_ms //p' "$tmp/r3c$sig/fragstat-recording")" = 1000 ] &&
	    [ "$(LC_ALL=C ls -A "$tmp/r3c$sig" | tr '\n' ' ')" = "first fragstat-recording last samples.ndjson " ] &&
	    "$FRAGSTAT" --sysroot "$tmp/r3c$sig" > /dev/null 2>> "$tmp/r3c.err" &&
	    [ ! -s "$tmp/r3c.err" ]
	check $([ $? -eq 0 ] && echo ok) "--record alone, SIG$sig: status $r: $(cat "$tmp/r3c.err"), left: $(ls -A "$tmp/r3c$sig" | tr '\n' ' ')"
	rm -rf "$tmp/r3c$sig"
done

# 4. Each reads back: as many samples as whole lines.
"$FRAGSTAT" --sysroot "$tmp/r1" --json > "$tmp/s1" 2> "$tmp/err" &&
    grep -q '^  "samples": 3,$' "$tmp/s1" && [ ! -s "$tmp/err" ]
check $([ $? -eq 0 ] && echo ok) "reading the recording: $(cat "$tmp/err")"
"$FRAGSTAT" --sysroot "$tmp/r3" --json > "$tmp/s3" 2> "$tmp/err" &&
    grep -q "^  \"samples\": $n,\$" "$tmp/s3"
check $([ $? -eq 0 ] && echo ok) "reading the killed recording: $(cat "$tmp/err")"
# A crash in the middle of a line: the whole ones count, with a note.
head -c -100 "$tmp/r3/samples.ndjson" > "$tmp/cut" &&
    cat "$tmp/cut" > "$tmp/r3/samples.ndjson"
"$FRAGSTAT" --sysroot "$tmp/r3" --json > "$tmp/s3" 2> "$tmp/err" &&
    grep -q "^  \"samples\": $((n - 1)),\$" "$tmp/s3" &&
    grep -q '^  "truncated": true,$' "$tmp/s3" &&
    grep -q "the last line is cut short" "$tmp/err"
check $([ $? -eq 0 ] && echo ok) "reading a cut recording: $(cat "$tmp/err")"

# 5a. What the writer allows, the reader reads: 9 orders (the reader once
# stopped at 8) and 35 nodes of two zones (once 64 zones), in the summary,
# --json and the picture.
mkdir -p "$tmp/root35/proc"
n=0
while [ $n -lt 35 ]; do
	for z in DMA32 Normal; do
		printf 'Node %d, zone %8s %d %d %d %d %d %d %d %d %d %d %d\n' \
		    $n $z $((n + 1)) 2 3 4 5 6 7 8 9 10 $n
	done
	n=$((n + 1))
done > "$tmp/root35/proc/buddyinfo"
"$FRAGSTAT" -q --sysroot "$vm" --watch 0.01 --count 2 \
    --orders 0,1,2,3,4,5,6,7,8 --record "$tmp/r9" > /dev/null 2> "$tmp/err"
check $([ $? -eq 0 ] && echo ok) "recording 9 orders: $(cat "$tmp/err")"
"$FRAGSTAT" -q --sysroot "$tmp/root35" --watch 0.01 --count 2 \
    --record "$tmp/r35" > /dev/null 2> "$tmp/err"
check $([ $? -eq 0 ] && echo ok) "recording 35 nodes: $(cat "$tmp/err")"
for r in r9 r35; do
	for f in summary json svg; do
		"$FRAGSTAT" -q --sysroot "$tmp/$r" --format=$f > "$tmp/$r.$f" \
		    2> "$tmp/err" && [ ! -s "$tmp/err" ] && [ -s "$tmp/$r.$f" ]
		check $([ $? -eq 0 ] && echo ok) "reading $r as $f: $(cat "$tmp/err")"
	done
done
[ "$(grep -c '^  order ' "$tmp/r9.summary")" -eq $((3 * 9)) ] &&
    [ "$(grep -c '"order": 8,' "$tmp/r9.json")" -eq 3 ]
check $([ $? -eq 0 ] && echo ok) "9 orders: not 3 zones of 9 orders each"
[ "$(grep -c '^Node ' "$tmp/r35.summary")" -eq 70 ] &&
    grep -q '^Node 34, zone Normal ' "$tmp/r35.summary" &&
    [ "$(grep -c '"zone": "DMA32",' "$tmp/r35.json")" -eq 35 ] &&
    grep -q 'Node 34, zone Normal' "$tmp/r35.svg"
check $([ $? -eq 0 ] && echo ok) "35 nodes: not 70 zones in each view"
# 5b. A trailing slash names the same directory.
"$FRAGSTAT" -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/r5/" \
    > /dev/null 2> "$tmp/err"
r=$?
[ $r -eq 0 ] && [ ! -s "$tmp/err" ] && [ -f "$tmp/r5/fragstat-recording" ] &&
    [ -d "$tmp/r5/last/proc" ] && [ "$(ls -A "$tmp" | grep -c '^\.')" -eq 0 ]
check $([ $? -eq 0 ] && echo ok) "--record DIR/: status $r: $(cat "$tmp/err")"

# 7. A signal at each phase: the recording ends after the step it arrived
# in, whole, and nothing is left beside it. proc/vmstat is a FIFO, read by
# each capture and each sample: opening it for writing waits until
# fragstat opens it, so the signal comes while that read is held.
mkdir -p "$tmp/fifo"
cp -r "$vm/proc" "$vm/sys" "$tmp/fifo/"
rm "$tmp/fifo/proc/vmstat"
mkfifo "$tmp/fifo/proc/vmstat"
fifo=$(readlink -f "$tmp/fifo/proc/vmstat")
# held PID FIFO: whether PID has FIFO open (a script: feed's writer runs it).
cat > "$tmp/held" <<'EOF'
for f in /proc/$1/fd/*; do
	[ "$(readlink "$f" 2>/dev/null)" = "$2" ] && exit 0
done
exit 1
EOF
held() {	# held PID: whether PID has the FIFO open
	sh "$tmp/held" "$1" "$fifo"
}
# feed PID [SIG]: once PID has the FIFO open, send SIG (if any) and write
# one copy of vmstat; return once PID closed it. The writer's open returns
# once PID's open has counted itself in the pipe, before PID's descriptor
# shows in /proc/PID/fd, and a close hides the descriptor before the pipe
# lets go of its reader: held() alone let a writer finish unseen, and the
# next one join the same open (two copies in one read) or one closing (a
# copy lost). So the writer, open, waits until the descriptor shows (PID
# sees no EOF meanwhile) and only then writes, to that open alone.
feed() {
	timeout 60 sh -c '{ until sh "$5" "$2" "$1"; do sleep 0.01; done
	    [ -z "$3" ] || kill -"$3" "$2"; cat "$4"; } > "$1"' \
	    sh "$fifo" "$1" "${2:-}" "$vm/proc/vmstat" "$tmp/held" || return 1
	# Its next open must not meet this writer: wait for the close.
	while held "$1"; do
		sleep 0.01
	done
}
# phase SIG WHEN: WHEN is first (in first/), sample (in the first sample),
# sleep (in the hour-long sleep after it) or last (in the final last/).
phase() {
	rm -rf "$tmp/p"
	count=2
	[ "$2" = last ] && count=1
	# A background job of sh ignores SIGINT and SIGQUIT, and fragstat keeps
	# what it was given (issue 44): env gives them back for the kill below.
	env --default-signal=INT,QUIT "$FRAGSTAT" -q --sysroot "$tmp/fifo" --watch 3600 --count $count \
	    --record "$tmp/p" > /dev/null 2> "$tmp/p.err" &
	pid=$!
	# Three reads, whatever the phase: first/, one sample, last/.
	ok=ok
	for k in first sample last; do
		if [ "$2" = sleep ] && [ $k = last ]; then
			i=0
			while [ "$(wc -l < "$tmp/p/samples.ndjson")" -lt 1 ] &&
			    [ $i -lt 3000 ]; do
				sleep 0.02
				i=$((i + 1))
			done
			kill -"$1" $pid
		fi
		if [ "$2" = $k ]; then
			feed $pid "$1" || ok="no: no read in $k"
		else
			feed $pid || ok="no: no read in $k"
		fi
		[ "$ok" = ok ] || break
	done
	[ "$ok" = ok ] || kill -KILL $pid 2>/dev/null
	wait $pid
	st=$?
	[ "$ok" = ok ] && [ $st -eq 0 ] && [ ! -s "$tmp/p.err" ] &&
	    [ "$(ls -A "$tmp" | grep -c '^\.')" -eq 0 ] &&
	    [ "$(ls -A "$tmp/p" | tr '\n' ' ')" = "first fragstat-recording last samples.ndjson " ] &&
	    [ "$(wc -l < "$tmp/p/samples.ndjson")" -eq 1 ] &&
	    "$FRAGSTAT" --sysroot "$tmp/p" --json 2>&1 |
	    grep -q '^  "samples": 1,$'
	check $([ $? -eq 0 ] && echo ok) "SIG$1 in $2: $ok, status $st: $(cat "$tmp/p.err"), left: $(ls -A "$tmp" "$tmp/p" | tr '\n' ' ')"
}
for sig in INT TERM HUP QUIT; do
	for when in first sample sleep last; do
		phase $sig $when
	done
done

# 6. (started at the top) the forced fallback replaced last/ twice:
# during the run, then at its end.
wait $nfs
r=$?
wait $mid
nfs_mid=$(cat "$tmp/nfs.mid" 2>/dev/null)
[ $r -eq 0 ] && [ ! -s "$tmp/nfs.err" ] && [ -d "$tmp/n/nfs/last/proc" ] &&
    [ "$(ls -A "$tmp/n")" = nfs ] &&
    [ "$(ls -A "$tmp/n/nfs" | tr '\n' ' ')" = "first fragstat-recording last samples.ndjson " ] &&
    "$FRAGSTAT" -q --sysroot "$tmp/n/nfs/last" --format=unusable > /dev/null
check $([ $? -eq 0 ] && echo ok) "without rename flags: status $r: $(cat "$tmp/nfs.err"), $(ls -A "$tmp/n" "$tmp/n/nfs")"
if [ "${TEST_HOOKS-}" = yes ]; then
	[ "$nfs_mid" = 2 ]
	check $([ $? -eq 0 ] && echo ok) "last/ first seen with '$nfs_mid' samples, want 2 (replaced during the run)"
else
	echo "note: built without --enable-test-hooks: last/ during the run and without rename flags are not tested"
fi

exit $fail
