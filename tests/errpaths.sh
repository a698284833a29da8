#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# errpaths.sh - the error messages of --watch, --record, --trigger, --map,
# --capture, --check and --verify (src/run/mode_watch.c, mode_map.c,
# mode_check.c, src/render/render_verify.c, src/io/record.c, window.c,
# capture.c, safedir.c), each reached by a case of the table below: the
# exact message, the exit status, and nothing else on standard error.
# Built with .ci/sanitize, every path runs under AddressSanitizer
# and UBSan, which abort with a report of their own on a use after free, a
# leak or undefined behaviour (found on these paths: the cases named
# "leak" and "ub"; the use after free of a watch that loses an order is in
# watch.sh).
#
# Errors that no input can cause (out of memory, fork() failing, a tracefs
# instance that will not go, fsync(), close(), rename() or fstat()
# failing) are made by FRAGSTAT_TEST_FAIL=SITE, the test-only hook of
# ferr_inject(), which fails with ENOMEM. Errors of a full or read-only
# disk need root to mount a small tmpfs; the cases that run a command
# (--record DIR -- COMMAND) or --events read the live /proc: each part
# skips with a reason when it cannot run. Where a failure must leave
# nothing behind (a temporary .NAME.XXXXXX, .last-new, .last-old, a
# half-made recording or capture), the case checks that too (left). Not
# reached: a race that makes the new name exist between the check and the
# rename (record.c, capture.c), buddyinfo unreadable on its second read or
# a live capture's required file unreadable (capture.c), and safedir.c's
# "path too long" of a whole path under --record and --trigger, which
# record.c and window.c check first (capture.c leaves it to safedir.c).
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
[ "${TEST_HOOKS-}" = yes ] ||
	{ echo "SKIP: fragstat built without ./configure --enable-test-hooks"; exit 77; }
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d)
mounts=
cleanup() {
	for m in $mounts; do
		umount "$m" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
fail=0
cases=0
as=
vm=$FIXTURES/corpus/vm-6.18-x86-64-holes

# t NAME STATUS SITE LINE... -- ARG...: run fragstat with ARGS (and
# FRAGSTAT_TEST_FAIL=SITE unless SITE is -); want exit STATUS and exactly
# the LINEs on standard error, in that order.
t() {
	name=$1
	want=$2
	site=$3
	shift 3
	: > "$tmp/want"
	while [ "$1" != -- ]; do
		printf '%s\n' "$1" >> "$tmp/want"
		shift
	done
	shift
	cases=$((cases + 1))
	# $as: a command that runs fragstat as another user, or nothing.
	if [ "$site" = - ]; then
		$as "$FRAGSTAT" "$@" > "$tmp/out" 2> "$tmp/err" < /dev/null
	else
		FRAGSTAT_TEST_FAIL=$site $as "$FRAGSTAT" "$@" > "$tmp/out" \
		    2> "$tmp/err" < /dev/null
	fi
	st=$?
	# A tracefs instance is named by fragstat's process id.
	# A temporary directory (.NAME.XXXXXX) is named at random.
	sed -e 's/instances\/fragstat-[0-9][0-9]*/instances\/fragstat-PID/g' \
	    -e 's/\(\/\.[^/]*\.\)[A-Za-z0-9]\{6\}:/\1XXXXXX:/g' \
	    "$tmp/err" > "$tmp/err.n"
	mv "$tmp/err.n" "$tmp/err"
	if [ "$st" -ne "$want" ] || ! cmp -s "$tmp/want" "$tmp/err"; then
		echo "FAIL: $name: status $st (want $want), stderr:"
		diff "$tmp/want" "$tmp/err" | head -40
		fail=1
	fi
}

# left NAME DIR WHAT...: DIR holds exactly WHAT (file names, sorted), no
# more (nothing when none is given): a failure left nothing behind.
left() {
	name=$1
	dir=$2
	shift 2
	have=$(ls -A "$dir" | tr '\n' ' ')
	want=$(for f in "$@"; do echo "$f"; done | tr '\n' ' ')
	if [ "$have" != "$want" ]; then
		echo "FAIL: $name: left in $dir: $have(want: $want)"
		fail=1
	fi
}

# A path longer than any directory fragstat writes may be named by.
# 4090 bytes: past what they allow (PATH_MAX less 207 or 16), short of
# what a message keeps of a path (4095).
long=$tmp/$(printf "%0$((4089 - ${#tmp}))d" 0)
mkdir "$tmp/dir"
: > "$tmp/file"
mkdir -p "$tmp/empty" "$tmp/rec"
cp "$FIXTURES/recordings/kcompactd-futile/"* "$tmp/rec/"

# --check (mode_check.c): with no file to keep standard error in, the
# message stays there and the status line points to it; still UNKNOWN.
t check-keep 3 check-keep \
    "fragstat: $tmp/none: No such file or directory" -- \
    --buddyinfo "$tmp/none" --check --need 1
if [ "$(cat "$tmp/out")" != "FRAGSTAT UNKNOWN - fragstat failed: see its standard error" ]; then
	echo "FAIL: check-keep: stdout: $(cat "$tmp/out")"
	fail=1
fi

# --watch (mode_watch.c)
t watch-no-buddyinfo 1 - \
    "fragstat: $tmp/none: No such file or directory" -- \
    -q --buddyinfo "$tmp/none" --watch 0.1 --count 1
t watch-migratetypes 1 - \
    "fragstat: $FIXTURES/roots/aarcange-before-compact/proc/pagetypeinfo: No such file or directory (no per-migratetype view): --migratetypes needs it" -- \
    -q --sysroot "$FIXTURES/roots/aarcange-before-compact" --watch 0.01 \
    --count 1 --migratetypes
t watch-counts-oom 1 watch-counts \
    "fragstat: out of memory" -- \
    -q --sysroot "$vm" --watch 0.01 --count 2

# --events not as root: its error, the samples not yet begun.
nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
if [ "$(id -u)" -ne 0 ] || ! command -v setpriv > /dev/null ||
    [ ! -r /proc/buddyinfo ] || $nobody "$FRAGSTAT" -q --watch 0.01 \
    --count 1 --events 2>&1 > /dev/null | grep -q "without tracing support"; then
	echo "SKIP: --events as another user: not root, no setpriv, no live /proc or no libtracefs"
else
	as=$nobody
	t events-not-root 1 - \
	    "fragstat: --events: needs root: it creates a tracefs instance" -- \
	    -q --watch 0.01 --count 1 --events
	as=
fi

# --events whose tracefs instance cannot be removed (trace-destroy: the
# instance is removed, then the removal said to fail), at the end of the
# watch and after a recording that could not start.
T=$(awk '$3 == "tracefs" { print $2; exit }' /proc/mounts)
if [ "$(id -u)" -ne 0 ] || [ -z "$T" ] || [ ! -d "$T/instances" ] ||
    "$FRAGSTAT" -q --watch 0.01 --count 1 --events 2>&1 > /dev/null |
    grep -q .; then
	echo "SKIP: --events whose instance stays: not root, no tracefs or no libtracefs"
else
	t events-destroy 1 trace-destroy \
	    "fragstat: $T/instances/fragstat-PID: cannot remove the tracefs instance: Cannot allocate memory" -- \
	    -q --watch 0.01 --count 1 --events
	t events-destroy-record 1 trace-destroy \
	    "fragstat: $tmp/dir: exists; a recording never overwrites" \
	    "fragstat: $T/instances/fragstat-PID: cannot remove the tracefs instance: Cannot allocate memory" -- \
	    -q --watch 0.01 --count 1 --events --record "$tmp/dir"
	# The list of the instances of killed fragstats it removed cannot
	# grow: said, not a short note (a PID above any pid_max is no
	# process's; another fragstat may sweep it first: then no case).
	stale="$T/instances/fragstat-2000000077"
	if mkdir "$stale" 2>/dev/null; then
		echo 4 > "$stale/buffer_size_kb"
		t events-sweep-list 1 trace-list "fragstat: out of memory" -- \
		    -q --watch 0.01 --count 1 --events
		[ -d "$stale" ] && rmdir "$stale" &&
			{ echo "FAIL: events-sweep-list: left $stale"; fail=1; }
	fi
fi

# --record (mode_watch.c's record_start(), record.c)
t record-exists 1 - \
    "fragstat: $tmp/dir: exists; a recording never overwrites" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/dir"
t record-too-long 1 - \
    "fragstat: $long: path too long" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$long"
# --record makes missing parents (#34), not through a file.
: > "$tmp/afile"
t record-parent-file 1 - \
    "fragstat: $tmp/afile/r: cannot create a directory beside it: Not a directory" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/afile/r"
# A name longer than a directory entry (safedir.c), or too long for the
# temporary name beside it (".NAME.XXXXXX", record.c and capture.c).
t record-long-name 1 - \
    "fragstat: $tmp/$(printf '%0300d' 0): path too long" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/$(printf '%0300d' 0)"
t record-long-tmp-name 1 - \
    "fragstat: $tmp/$(printf '%0250d' 0): path too long" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/$(printf '%0250d' 0)"
t capture-long-tmp-name 1 - \
    "fragstat: $tmp/$(printf '%0250d' 0): path too long" -- \
    -q --sysroot "$vm" --capture "$tmp/$(printf '%0250d' 0)"
# The longest name that fits: 247 + 8 (".NAME.XXXXXX") = NAME_MAX, 255.
t capture-longest-tmp-name 0 - -- \
    -q --sysroot "$vm" --capture "$tmp/$(printf '%0247d' 0)"
t capture-too-long-tmp-name 1 - \
    "fragstat: $tmp/$(printf '%0248d' 0): path too long" -- \
    -q --sysroot "$vm" --capture "$tmp/$(printf '%0248d' 0)"

# Each failure of record_open_at() removes what it made: the parent
# $tmp/p holds nothing after it.
mkdir "$tmp/p"
# rec NAME SITE MESSAGE: --record $tmp/p/r fails at SITE with MESSAGE.
rec() {
	t "$1" 1 "$2" "fragstat: $tmp/p/r: $3" -- \
	    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/p/r"
	left "$1" "$tmp/p"
}
rec record-meta-create record-meta-create \
    "cannot create fragstat-recording: Cannot allocate memory"
rec record-meta-close record-meta-close \
    "cannot write fragstat-recording: Cannot allocate memory"
rec record-samples-create record-samples-create \
    "cannot create samples.ndjson: Cannot allocate memory"
rec record-samples-sync record-samples-sync \
    "cannot create samples.ndjson: Cannot allocate memory"
rec record-rename record-rename \
    "cannot rename $tmp/p/.r.XXXXXX: Cannot allocate memory"
rec record-parent-sync record-parent-sync \
    "cannot sync $tmp/p: Cannot allocate memory"
rec record-alloc-oom record-alloc "out of memory"
rec record-fdopen record-fdopen \
    "cannot open samples.ndjson: Cannot allocate memory"
# The directories --record made on the way go too (mkdir -p's).
t record-made-parents 1 record-samples-create \
    "fragstat: $tmp/p/m/n/r: cannot create samples.ndjson: Cannot allocate memory" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/p/m/n/r"
left record-made-parents "$tmp/p"

# Failures once the recording is made: it stays, whole up to the error,
# and neither .last-new nor .last-old is left in it.
# made NAME SITE MESSAGE WHAT... -- ARG...: fragstat ARGS fails at SITE
# with MESSAGE and leaves WHAT in the recording $tmp/p/r.
made() {
	name=$1
	site=$2
	msg=$3
	shift 3
	keep=
	while [ "$1" != -- ]; do
		keep="$keep $1"
		shift
	done
	shift
	t "$name" 1 "$site" "$msg" -- "$@"
	# shellcheck disable=SC2086
	left "$name" "$tmp/p/r" $keep
	rm -rf "$tmp/p/r"
}
made record-replace record-replace \
    "fragstat: $tmp/p/r/last: cannot replace: Cannot allocate memory" \
    first fragstat-recording samples.ndjson -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/p/r"
made record-last-sync record-last-sync \
    "fragstat: $tmp/p/r: cannot sync: Cannot allocate memory" \
    first fragstat-recording last samples.ndjson -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/p/r"
made record-close record-close \
    "fragstat: $tmp/p/r: cannot write samples.ndjson: Cannot allocate memory" \
    first fragstat-recording last samples.ndjson -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/p/r"
made record-during record-during \
    "fragstat: $tmp/p/r/during: cannot create: Cannot allocate memory" \
    first fragstat-recording last samples.ndjson -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --captures-every 1 \
    --record "$tmp/p/r"

# --trigger (window.c)
t trigger-file 1 - \
    "fragstat: $tmp/file: cannot create: Not a directory" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/file" \
    --trigger psi
t trigger-recording 1 - \
    "fragstat: $tmp/rec: is a recording: the windows of --trigger go into a directory of their own" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/rec" \
    --trigger psi
t trigger-too-long 1 - \
    "fragstat: $long: path too long" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$long" \
    --trigger psi
# deepdir DIR LEN: DIR with components of zeros added, LEN bytes long.
deepdir() {
	d=$1
	while [ $((${#d} + 152)) -lt "$2" ]; do
		d=$d/$(printf '%0150d' 0)
	done
	printf '%s/%0*d' "$d" $(($2 - ${#d} - 1)) 0
}
# A directory with room for a recording but not for a window's name
# inside it (DIR/20261205T074355Z-999/during/...): refused at the start,
# not at the first trigger. 3879 bytes: 3879 + 207 (record.h's
# RECORD_INSIDE_ROOM) < 4096 = PATH_MAX, 3879 + 1 + 20 + 207 >= 4096.
wdir=$(deepdir "$tmp/deep" $((4096 - 207 - 10)))
mkdir -p "${wdir%/*}"
t trigger-too-long-inside 1 - \
    "fragstat: $wdir: path too long" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$wdir" \
    --trigger psi
# A recording read for a picture (replay_events.c) whose counts of events
# find no memory: said as such, not as events --watch does not write.
ev=$FIXTURES/recordings/vm-6.18-events
t replay-counts-oom 1 replay-counts \
    "fragstat: $ev/samples.ndjson:4: out of memory" -- \
    --sysroot "$ev" --format=svg
# A set of runs of --compare (replay_sets.c) with an entry whose path is
# longer than PATH_MAX: said, not skipped as no recording.
sets=$(deepdir "$tmp/sets" 3860)
mkdir -p "$sets/$(printf '%0255d' 0)"
cp -R "$FIXTURES/recordings/sets/a/run1" "$sets/run1"
t compare-sets-too-long 1 - \
    "fragstat: $sets: a path under it is longer than PATH_MAX" -- \
    --compare "$sets" "$FIXTURES/recordings/sets/b"
t trigger-alloc-oom 1 window-alloc \
    "fragstat: $tmp/tw: out of memory" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/tw" \
    --trigger psi
left trigger-alloc-oom "$tmp/tw"
t trigger-ring-oom 1 window-ring \
    "fragstat: $tmp/tw: out of memory" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/tw" \
    --trigger psi --before 2
left trigger-ring-oom "$tmp/tw"
# safedir.c: a directory whose status cannot be read on the way.
t trigger-open 1 safedir-open \
    "fragstat: $tmp/tw: cannot create: Cannot allocate memory" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/tw" \
    --trigger psi
t trigger-stat 1 safedir-stat \
    "fragstat: $tmp/tw: cannot create: Cannot allocate memory" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/tw" \
    --trigger psi
t trigger-enter-stat 1 safedir-enter-stat \
    "fragstat: $tmp/tw: cannot open: Cannot allocate memory" -- \
    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/tw" \
    --trigger psi
left trigger-stat "$tmp/tw"

# As another user: a directory of root's in a sticky (shared) one.
if [ "$(id -u)" -ne 0 ] || ! command -v setpriv > /dev/null ||
    ! $nobody test -r "$vm/proc/buddyinfo"; then
	echo "SKIP: --trigger into another's directory: not root, no setpriv or fixtures unreadable"
else
	mkdir -m 1777 "$tmp/stk"
	mkdir "$tmp/stk/theirs"
	chmod 755 "$tmp"
	as=$nobody
	t trigger-theirs 1 - \
	    "fragstat: $tmp/stk/theirs: refusing to write into a directory owned by uid 0 in a shared directory" -- \
	    -q --sysroot "$vm" --watch 0.01 --count 1 \
	    --record "$tmp/stk/theirs" --trigger psi
	as=
	chmod 700 "$tmp"
	left trigger-theirs "$tmp/stk/theirs"
fi

# A --trigger window whose directory becomes a file while it is open:
# closing it at the end fails (window_close()). Waits for what fragstat
# wrote, never for a time.
cp -R "$vm" "$tmp/wroot"
chmod -R u+w "$tmp/wroot"
# pressure FULL: the root's full avg10, in one rename.
pressure() {
	printf 'some avg10=%s avg60=0.00 avg300=0.00 total=0\nfull avg10=%s avg60=0.00 avg300=0.00 total=0\n' \
	    "$1" "$1" > "$tmp/wroot/psi.new"
	mv "$tmp/wroot/psi.new" "$tmp/wroot/proc/pressure/memory"
}
# until WHAT COMMAND...: wait for COMMAND (a bound for a hung fragstat).
until_() {
	what=$1
	shift
	i=0
	until "$@"; do
		i=$((i + 1))
		if [ $i -ge 6000 ] || ! kill -0 "$pid" 2>/dev/null; then
			echo "FAIL: window-gone: never $what"
			fail=1
			return 1
		fi
		sleep 0.05
	done
}
lines() { [ -e "$tmp/w.out" ] && [ "$(wc -l < "$tmp/w.out")" -ge "$1" ]; }
opened() { [ -n "$(ls "$tmp/w" 2>/dev/null)" ]; }
pressure 0.00
cases=$((cases + 1))
# A background job of sh ignores SIGINT and SIGQUIT, and fragstat keeps
# what it was given (issue 44): env gives them back for the kill below.
env --default-signal=INT,QUIT "$FRAGSTAT" -q --sysroot "$tmp/wroot" --watch 0.05 --json --record "$tmp/w" \
    --trigger psi --psi-full 5 --before 0 --after 100000 > "$tmp/w.out" \
    2> "$tmp/w.err" &
pid=$!
name=
if until_ "2 samples" lines 2 && { pressure 40.00; until_ "a window" opened; }
then
	name=$(ls "$tmp/w")
	mv "$tmp/w/$name" "$tmp/w.moved"
	: > "$tmp/w/$name"
	n=$(wc -l < "$tmp/w.out")
	# The sample after the move, then the end.
	until_ "a sample more" lines $((n + 1))
fi
kill -INT "$pid" 2> /dev/null
wait "$pid"
st=$?
# The window's directory moved, a file in its place: the window goes on
# in the moved directory it holds open (#32), the file is never written.
if [ "$st" -ne 0 ] || [ -s "$tmp/w.err" ] || [ -s "$tmp/w/$name" ] ||
    [ ! -d "$tmp/w.moved/last" ]; then
	echo "FAIL: window-gone: status $st, stderr:"
	cat "$tmp/w.err"
	ls -la "$tmp/w" "$tmp/w.moved" 2>&1
	fail=1
fi

# --compare of sets as a picture (render_svg_sets.c): out of memory
# before a byte of it is written, not abort().
t sets-svg-oom 1 sets-svg \
    "fragstat: out of memory" -- \
    --compare "$FIXTURES/recordings/sets/a" "$FIXTURES/recordings/sets/b" \
    --format=svg
if [ -s "$tmp/out" ]; then
	echo "FAIL: sets-svg-oom: stdout: $(head -c 80 "$tmp/out")"
	fail=1
fi

# --compare of sets: the free pageblocks' sums (sets_metrics.c's blocks())
# run out of memory: said once, the run ends 1, not "metric absent".
t sets-blocks-oom 1 sets-blocks \
    "fragstat: out of memory" -- \
    --compare "$FIXTURES/recordings/sets/a" "$FIXTURES/recordings/sets/b"
# The metrics' room (sets.c's sets_compute()): no memory is no fault of
# the first set read, so no file is named.
t sets-metrics-oom 1 sets-metrics \
    "fragstat: out of memory" -- \
    --compare "$FIXTURES/recordings/sets/a" "$FIXTURES/recordings/sets/b"

# A sentence a renderer builds (render_fold.c's render_say()): the run
# ends 1, whatever the renderer returns, and says it once (ferr_nomem()).
t sentence-oom 1 sentence \
    "fragstat: out of memory" -- \
    --sysroot "$vm"

# --verify --json (render_verify.c): a line that differs is copied to be
# written; out of memory it must not pass for null ("the file ended
# here"): ferr_nomem() says so and the run exits 1, not 3 (differs).
cp -R "$vm" "$tmp/verify"
ef=$tmp/verify/sys/kernel/debug/extfrag/extfrag_index
sed '2s/-1\.000 $/-1.001 /' "$vm/sys/kernel/debug/extfrag/extfrag_index" > "$ef"
t verify-line-oom 1 verify-line \
    "fragstat: out of memory" -- \
    --sysroot "$tmp/verify" --verify --json

# --map (mode_map.c)
t map-no-buddyinfo 1 - \
    "fragstat: $tmp/empty/proc/buddyinfo: No such file or directory" -- \
    -q --sysroot "$tmp/empty" --map
t map-none 1 - \
    "fragstat: $vm: holds no map: a capture stores one with 'fragstat --capture DIR --map' (as root)" -- \
    -q --sysroot "$vm" --map
t map-paths-oom 1 map-paths \
    "fragstat: out of memory" -- \
    -q --sysroot "$FIXTURES/map/root" --map
t map-compute-oom 1 map-compute \
    "fragstat: out of memory" -- \
    -q --sysroot "$FIXTURES/map/root" --map
t map-pins-oom 1 map-pins \
    "fragstat: out of memory" -- \
    -q --sysroot "$FIXTURES/map/root" --map --cgroups
# leak: the cgroups of the zones read before kpageflags ended were lost.
cp -r "$FIXTURES/map/root" "$tmp/cut"
dd if="$FIXTURES/map/root/proc/kpageflags" of="$tmp/cut/proc/kpageflags" \
    bs=8 count=40 2> /dev/null
t map-cut-cgroups-leak 1 - \
    "fragstat: $tmp/cut/proc/kpageflags: ends before page frame 40 of node 0, zone Normal" -- \
    -q --sysroot "$tmp/cut" --map --cgroups
# ub: qsort() of no owners was passed NULL.
cp -r "$FIXTURES/map/root" "$tmp/owner"
: > "$tmp/owner/sys/kernel/debug/page_owner"
t map-no-owner-ub 0 - -- \
    -q --sysroot "$tmp/owner" --map --cgroups

# page_owner (owners_read.c): memory that runs out while a record's room
# grows is said as such in the note of the stacks (on standard output),
# not as "a record longer than" the room it had.
cp -r "$FIXTURES/map/root" "$tmp/owner-grow"
{ echo 'Page allocated via order 0, mask 0x0(), pid 1, tgid 1 (x), ts 1 ns'
  head -c 70000 /dev/zero | tr '\0' a; printf '\n\n'; } \
    >> "$tmp/owner-grow/sys/kernel/debug/page_owner"
t map-owner-grow-oom 0 lines-grow -- \
    -q --sysroot "$tmp/owner-grow" --map --cgroups
if ! grep -qx 'page_owner: Cannot allocate memory' "$tmp/out"; then
	echo "FAIL: map-owner-grow-oom: no note of the memory on standard output"
	fail=1
fi

# --capture (capture.c)
t capture-exists 1 - \
    "fragstat: $tmp/dir: exists; a capture never overwrites" -- \
    -q --sysroot "$vm" --capture "$tmp/dir"
t capture-too-long 1 - \
    "fragstat: $long: path too long" -- \
    -q --sysroot "$vm" --capture "$long"
# Longer than PATH_MAX: safedir.c says it, the path cut in the message.
huge=$tmp/$(printf "%0$((4100 - ${#tmp}))d" 0)
t capture-whole-too-long 1 - \
    "fragstat: $(printf '%s' "$huge" | cut -c1-4095): path too long" -- \
    -q --sysroot "$vm" --capture "$huge"
t capture-no-parent 1 - \
    "fragstat: $tmp/none/c: cannot create a directory beside it: No such file or directory" -- \
    -q --sysroot "$vm" --capture "$tmp/none/c"
t capture-no-buddyinfo 1 - \
    "fragstat: $tmp/empty/proc/buddyinfo: No such file or directory" -- \
    -q --sysroot "$tmp/empty" --capture "$tmp/c"
# Each failure removes the temporary capture: $tmp/p holds nothing after.
# cap NAME SITE MESSAGE [ROOT [ARG...]]: --capture $tmp/p/c of ROOT
# (the corpus's vm by default) fails at SITE with MESSAGE.
cap() {
	name=$1
	site=$2
	msg=$3
	root=${4:-$vm}
	shift 3
	[ $# -gt 0 ] && shift
	t "$name" 1 "$site" "fragstat: $tmp/p/c: $msg" -- \
	    -q --sysroot "$root" --capture "$tmp/p/c" "$@"
	left "$name" "$tmp/p"
}
cap capture-fsync capture-fsync \
    "cannot write proc/buddyinfo: Cannot allocate memory"
cap capture-close capture-close \
    "cannot write proc/buddyinfo: Cannot allocate memory"
cap capture-sync capture-sync "cannot sync: Cannot allocate memory"
cap capture-rename capture-rename \
    "cannot rename $tmp/p/.c.XXXXXX: Cannot allocate memory"
cap capture-memstream-oom capture-memstream "out of memory" \
    "$FIXTURES/map/root" --map
cap capture-memstream-close capture-memstream-close "out of memory" \
    "$FIXTURES/map/root" --map
t capture-memcg-oom 1 capture-memcg \
    "fragstat: $FIXTURES/map/root/proc/kpageflags: out of memory" -- \
    -q --sysroot "$FIXTURES/map/root" --capture "$tmp/p/c" --map
left capture-memcg-oom "$tmp/p"

# A full disk: a tmpfs of one page, or of two or three inodes (its root
# and the temporary directory take two).
# fs NAME OPTIONS: mount a tmpfs with OPTIONS at $tmp/NAME; false if none.
fs() {
	mkdir -p "$tmp/$1" &&
	    mount -t tmpfs -o "$2" fragstat-test "$tmp/$1" 2> /dev/null &&
	    mounts="$tmp/$1 $mounts"
}
if [ "$(id -u)" -ne 0 ] || ! fs probe size=4k; then
	echo "SKIP: full-disk cases: no tmpfs to mount (root needed)"
else
	fs ino2 size=64k,nr_inodes=2
	t capture-no-inode-dir 1 - \
	    "fragstat: $tmp/ino2/c: cannot create proc: No space left on device" -- \
	    -q --sysroot "$vm" --capture "$tmp/ino2/c"
	fs ino3 size=64k,nr_inodes=3
	t capture-no-inode-file 1 - \
	    "fragstat: $tmp/ino3/c: cannot create proc/buddyinfo: No space left on device" -- \
	    -q --sysroot "$vm" --capture "$tmp/ino3/c"
	# A read-only disk: no temporary directory, no window directory.
	fs ro size=4k,ro
	t capture-read-only 1 - \
	    "fragstat: $tmp/ro/c: cannot create a directory beside it: Read-only file system" -- \
	    -q --sysroot "$vm" --capture "$tmp/ro/c"
	t record-read-only 1 - \
	    "fragstat: $tmp/ro/r: cannot create a directory beside it: Read-only file system" -- \
	    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/ro/r"
	t record-read-only-parent 1 - \
	    "fragstat: $tmp/ro/p/r: cannot create a directory beside it: Read-only file system" -- \
	    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/ro/p/r"
	t trigger-read-only 1 - \
	    "fragstat: $tmp/ro/r: cannot create: Read-only file system" -- \
	    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/ro/r" \
	    --trigger psi
	fs page size=4k
	t capture-no-space 1 - \
	    "fragstat: $tmp/page/c: cannot write sys/kernel/debug/extfrag/unusable_index: No space left on device" -- \
	    -q --sysroot "$vm" --capture "$tmp/page/c"
	dd if=/dev/zero of="$tmp/page/fill" bs=4k 2> /dev/null
	t record-meta-no-space 1 - \
	    "fragstat: $tmp/page/r: cannot write fragstat-recording: No space left on device" -- \
	    -q --sysroot "$vm" --watch 0.01 --count 1 --record "$tmp/page/r"
	# A command fills the disk its recording is on, after padding the
	# first sample to a whole page so that the next sample needs one more.
	if [ -r /proc/buddyinfo ] && fs big size=16m; then
		t record-full 125 - \
		    "fragstat: $tmp/big/r: cannot write samples.ndjson: No space left on device" \
		    "fragstat: $tmp/big/r/fragstat-recording: cannot write: No space left on device" \
		    "fragstat: $tmp/big/r/.last-new: cannot write proc/buddyinfo: No space left on device" -- \
		    -q --record "$tmp/big/r" -- sh -c '
			while [ ! -s "$0/samples.ndjson" ]; do sleep 0.05; done
			s=$(wc -c < "$0/samples.ndjson")
			head -c $((4096 - s % 4096)) /dev/zero >> "$0/samples.ndjson"
			cat /dev/zero > "$0/fill" 2> /dev/null
			exit 0' "$tmp/big/r"
	fi
fi

# A command under --record (mode_watch.c, record.c): it runs on this
# host, so these read the live /proc. Each command breaks the recording
# it runs under, from outside, in a way no check can prevent.
if [ ! -r /proc/buddyinfo ]; then
	echo "SKIP: the cases of a command: no live /proc/buddyinfo"
else
	t command-too-long 2 - \
	    "fragstat: the command is longer than a recording keeps (4096 bytes quoted, 8192 as JSON)" -- \
	    -q --record "$tmp/c1" -- echo "$(printf '%05000d' 0)"
	t command-spawn 125 spawn \
	    "fragstat: true: cannot start: Cannot allocate memory" -- \
	    -q --record "$tmp/c2" -- true
	t record-end-no-meta 125 - \
	    "fragstat: $tmp/c3/fragstat-recording: cannot read: No such file or directory" -- \
	    -q --record "$tmp/c3" -- sh -c 'rm "$0/fragstat-recording"' "$tmp/c3"
	t record-end-long-meta 125 - \
	    "fragstat: $tmp/c4/fragstat-recording: cannot read: too long or unreadable" -- \
	    -q --record "$tmp/c4" -- sh -c \
	    'head -c 20000 /dev/zero >> "$0/fragstat-recording"' "$tmp/c4"
	# The end of a command's recording: the metadata is replaced in
	# one rename, its temporary file never left.
	t record-end-rename 125 record-end-rename \
	    "fragstat: $tmp/c7/fragstat-recording: cannot replace: Cannot allocate memory" -- \
	    -q --record "$tmp/c7" -- true
	left record-end-rename "$tmp/c7" first fragstat-recording last \
	    samples.ndjson
	t record-end-sync 125 record-end-sync \
	    "fragstat: $tmp/c8/fragstat-recording: cannot sync: Cannot allocate memory" -- \
	    -q --record "$tmp/c8" -- true
	left record-end-sync "$tmp/c8" first fragstat-recording last \
	    samples.ndjson
	t record-end-new-taken 125 - \
	    "fragstat: $tmp/c5/fragstat-recording: cannot create $tmp/c5/.fragstat-recording-new: File exists" -- \
	    -q --record "$tmp/c5" -- sh -c \
	    'mkdir "$0/.fragstat-recording-new"' "$tmp/c5"
	# The recording's directory is moved away once the first sample's
	# capture is in, and a file takes its name: fragstat writes on
	# through the directory it opened (#32), never through the name, so
	# the run ends whole in the moved directory and the file stays empty.
	t record-moved 0 - -- \
	    -q --record "$tmp/c6" --watch 3600 --captures-every 1 -- sh -c '
		while [ ! -d "$0/during/1" ]; do sleep 0.05; done
		mv "$0" "$0.moved" && : > "$0"' "$tmp/c6"
	if [ -s "$tmp/c6" ] || ! "$FRAGSTAT" -q --sysroot "$tmp/c6.moved" \
	    > /dev/null 2>&1 || [ ! -d "$tmp/c6.moved/last" ]; then
		echo "FAIL: record-moved: the recording did not end whole where it was moved"
		fail=1
	fi
fi

echo "errpaths: $cases cases"
exit $fail
