#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# record-signals.sh - signals as a shell keeps them (issue 44), live, no
# root needed: under nohup, SIGHUP leaves a recording running and its
# COMMAND alive (ignored on entry, ignored for both); ^C on a terminal
# reaches a COMMAND that left the foreground process group (setsid),
# through a pty; kill -ABRT from another process ends a recording whole
# and a --capture leaving nothing, like SIGTERM; after SIGSTOP and
# SIGCONT no two samples are closer than half an interval (the missed
# ones are skipped, not taken back to back); --capture under valgrind
# restores only the signal actions it saved.
#
# Environment: FRAGSTAT, FIXTURES. Exit 0 when it passed, 1 when it failed.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
[ -r /proc/buddyinfo ] || { echo "SKIP: no /proc/buddyinfo"; exit 77; }
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d)
pid=""
cleanup() {
	[ -z "$pid" ] || kill -KILL "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
fail=0
vm=$FIXTURES/corpus/vm-6.18-x86-64-holes

# want WHAT GOT EXPECTED
want() {
	[ "$2" = "$3" ] || { echo "FAIL: $1: '$2', want '$3'"; fail=1; }
}
# until_true WHAT COMMAND...: until COMMAND succeeds, at most ~60 s (a
# bound for a hung fragstat, not a measure of speed); 1 when it never did.
until_true() {
	what=$1
	shift
	i=0
	until "$@"; do
		i=$((i + 1))
		[ $i -lt 1200 ] || { echo "note: timed out: $what"; return 1; }
		sleep 0.05
	done
}
lines() { [ "$(cat "$1" 2>/dev/null | wc -l)" -ge "$2" ]; }
exists() { [ -e "$1" ]; }

# 1. nohup: SIGHUP, ignored when fragstat began, stays ignored by it and
# by COMMAND, which runs to its end.
nohup "$FRAGSTAT" -q --watch 0.05 --record "$tmp/h" -- \
    sh -c 'while [ ! -e "$1" ]; do sleep 0.05; done; echo done' sh "$tmp/go" \
    > "$tmp/h.out" 2> "$tmp/h.err" &
pid=$!
if until_true "samples under nohup" lines "$tmp/h/samples.ndjson" 2; then
	kill -HUP "$pid"
	n=$(wc -l < "$tmp/h/samples.ndjson")
	# Still sampling after the SIGHUP: two samples more.
	until_true "samples after SIGHUP" lines "$tmp/h/samples.ndjson" $((n + 2))
	: > "$tmp/go"
fi
wait "$pid"
r=$?
pid=""
want "status under nohup after SIGHUP" "$r" 0
want "COMMAND's output under nohup after SIGHUP" "$(cat "$tmp/h.out")" done
want "the recording's exit_status" \
    "$(sed -n 's/^exit_status //p' "$tmp/h/fragstat-recording")" 0

# 2. ^C on a terminal: COMMAND in a session of its own (setsid) is not in
# the terminal's foreground group; fragstat passes the SIGINT on.
if command -v python3 > /dev/null && command -v setsid > /dev/null; then
	python3 - "$tmp/t" "$FRAGSTAT" -q --watch 0.05 --record "$tmp/t" -- \
	    setsid sleep 60 > "$tmp/t.out" 2>&1 <<'PY'
import os, pty, select, sys, time
rec, argv = sys.argv[1], sys.argv[2:]
try:
	pid, fd = pty.fork()
except OSError as e:
	print("no pty:", e)
	sys.exit(0)
if pid == 0:
	os.execvp(argv[0], argv)
open_ = [fd]
def drain(until):
	"""Read the terminal (EIO once no one holds it) until UNTIL or the exit."""
	while time.monotonic() < until:
		r, _, _ = select.select(open_, [], [], 0.05)
		if not open_:
			time.sleep(0.05)
		elif r:
			try:
				os.read(fd, 4096)
			except OSError:
				open_.clear()
		done, status = os.waitpid(pid, os.WNOHANG)
		if done:
			return status
	return None
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
	drain(time.monotonic() + 0.05)
	try:
		with open(rec + "/samples.ndjson") as f:
			if len(f.readlines()) >= 2:
				break
	except OSError:
		pass
os.write(fd, b"\x03")
status = drain(time.monotonic() + 30)
if status is None:
	os.kill(pid, 9)
	print("still running 30 s after ^C")
else:
	print("exit", os.waitstatus_to_exitcode(status))
PY
	if grep -q '^no pty' "$tmp/t.out"; then
		echo "note: $(cat "$tmp/t.out"): ^C through a terminal is not tested"
	else
		want "^C to a recording whose COMMAND left the foreground group" \
		    "$(cat "$tmp/t.out")" "exit 130"
	fi
else
	echo "note: no python3 or setsid: ^C through a terminal is not tested"
fi

# 3. kill -ABRT from another process (a watchdog's, si_code SI_USER) is
# no fault: a recording ends whole (status 0, last/ there) ...
"$FRAGSTAT" -q --watch 0.05 --record "$tmp/a" > /dev/null 2> "$tmp/a.err" &
pid=$!
until_true "samples before SIGABRT" lines "$tmp/a/samples.ndjson" 2 &&
    kill -ABRT "$pid"
wait "$pid"
r=$?
pid=""
want "status of a recording after kill -ABRT" "$r" 0
[ -d "$tmp/a/last" ] || { echo "FAIL: no last/ after kill -ABRT"; fail=1; }
# ... and a --capture held reading a FIFO is removed, then ends by it.
mkdir "$tmp/fifo" "$tmp/c"
cp -R "$vm/proc" "$vm/sys" "$tmp/fifo/"
rm "$tmp/fifo/proc/vmstat"
mkfifo "$tmp/fifo/proc/vmstat"
(ulimit -c 0; exec "$FRAGSTAT" -q --sysroot "$tmp/fifo" --capture "$tmp/c/x") \
    > /dev/null 2>&1 &
pid=$!
staged() { ls -d "$tmp"/c/.x.* > /dev/null 2>&1; }
until_true "the capture's temporary directory" staged && kill -ABRT "$pid"
wait "$pid"
r=$?
pid=""
want "status of a --capture after kill -ABRT" "$r" 134
want "left by a --capture after kill -ABRT" "$(ls -A "$tmp/c")" ""

# 4. SIGSTOP for 1 s (ten intervals), then SIGCONT: the samples due
# meanwhile are skipped; none comes less than half an interval after
# the one before.
"$FRAGSTAT" --watch 0.1 --count 12 --json > "$tmp/s.out" 2> "$tmp/s.err" &
pid=$!
if until_true "samples before SIGSTOP" lines "$tmp/s.out" 3; then
	kill -STOP "$pid"
	sleep 1
	kill -CONT "$pid"
fi
wait "$pid"
pid=""
close=$(grep -o '"interval_s":[0-9.][0-9.]*' "$tmp/s.out" | cut -d: -f2 |
    awk '$1 < 0.05' | tr '\n' ' ')
want "intervals under 0.05 s after SIGSTOP and SIGCONT" "$close" ""

# 5. --capture puts back only the signal actions it saved (valgrind keeps
# SIGRTMAX for itself: restoring it passed uninitialised bytes).
# A sanitizer build cannot run under valgrind (.ci/sanitize runs this
# test once each way).
if grep -qa -e __asan_init -e __ubsan_handle "$FRAGSTAT"; then
	echo "note: a sanitizer build: --capture under valgrind is not checked"
elif command -v valgrind > /dev/null; then
	valgrind -q --error-exitcode=99 "$FRAGSTAT" -q --sysroot "$vm" \
	    --capture "$tmp/v" > /dev/null 2> "$tmp/v.err"
	want "--capture under valgrind: status and messages" \
	    "$? $(grep -c '^==' "$tmp/v.err")" "0 0"
else
	echo "note: no valgrind: --capture's signal actions are not checked"
fi
exit $fail
