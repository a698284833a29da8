#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# rootsafe.sh - fragstat writes only into the directories it opened and
# checked (issue 32): a symbolic link as the --trigger directory is
# refused; a recording or a --trigger directory renamed and replaced by a
# symbolic link while fragstat runs, or a capture's parent swapped between
# its check and its use (FRAGSTAT_TEST_SWAP_HOOK), is still written where
# it was opened, never through the link; a hung FIFO read under --sysroot
# ends on SIGTERM and leaves no temporary directory. As root: a directory
# of another user, or one others can write to, is refused with nothing
# written into it, and a sticky root-owned one (a private /tmp) works;
# one another user may write into by its ACL, or reached by a link of
# root's through another user's directory, is refused too; as
# nobody the same holds: another user's directory on the way, or one of
# ours others can write to, is refused, and our own works. The test waits for what fragstat does, never for a time.
#
# Environment: FRAGSTAT, FIXTURES. Exit 0 when it passed, 1 when it failed.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d)
pid=""
cleanup() {
	[ -z "$pid" ] || kill -KILL "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
fail=0
vm=$FIXTURES/corpus/vm-6.18-x86-64-holes

check() {	# check ok|no DESCRIPTION: fail unless ok
	if [ "$1" != ok ]; then
		echo "FAIL: $2"
		fail=1
	fi
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
# reap WHAT: wait (bounded) for fragstat to end, else kill it; its status
# in r, whether it ended by itself in ended.
reap() {
	ended=yes
	until_true "$1" dead || ended=no
	kill -KILL "$pid" 2>/dev/null
	wait "$pid"
	r=$?
	pid=""
}
# state: fragstat's process state (R, S, T, Z...), empty once reaped.
state() { cut -d' ' -f3 "/proc/$pid/stat" 2>/dev/null; }
alive() { kill -0 "$pid" 2>/dev/null && [ "$(state)" != Z ]; }
dead() { ! alive; }
lines() { [ "$(cat "$1" 2>/dev/null | wc -l)" -ge "$2" ]; }
empty() { [ -z "$(ls -A "$1")" ]; }
# stopped: fragstat stopped itself (SIGSTOP) at the test hook, or ended.
stopped() { dead || [ "$(state)" = T ]; }

# A root whose pressure fires --trigger psi on the first sample.
cp -R "$vm" "$tmp/root"
chmod -R u+w "$tmp/root"
psi=$tmp/root/proc/pressure/memory
pressure() {	# pressure FULL: full avg10 FULL percent, in one rename
	printf 'some avg10=%s avg60=0.00 avg300=0.00 total=0\nfull avg10=%s avg60=0.00 avg300=0.00 total=0\n' \
	    "$1" "$1" > "$psi.new"
	mv "$psi.new" "$psi"
}
pressure 40.00
# trig DIR: a --trigger psi run of three samples into DIR, its window fired at once.
trig() {
	"$FRAGSTAT" -q --sysroot "$tmp/root" --watch 0.02 --count 3 --json \
	    --record "$1" --trigger psi --psi-full 5 --before 0 --after 0 \
	    > /dev/null 2> "$tmp/err"
}
# refused WHAT UNTOUCHED MESSAGE COMMAND...: COMMAND exits 1 saying
# "fragstat: MESSAGE" (any message when empty), nothing written into UNTOUCHED.
refused() {
	what=$1 untouched=$2 msg=$3
	shift 3
	"$@" > /dev/null 2> "$tmp/err"
	r=$?
	[ $r -eq 1 ] && empty "$untouched" &&
	    { [ -z "$msg" ] || [ "$(cat "$tmp/err")" = "fragstat: $msg" ]; } &&
	    ok=ok || ok=no
	check $ok "$what: status $r, $(cat "$tmp/err"), written: $(ls -A "$untouched")"
}

# 1. A symbolic link as the --trigger directory is refused.
mkdir "$tmp/victim1"
ln -s "$tmp/victim1" "$tmp/link1"
refused "symbolic link as the --trigger directory" "$tmp/victim1" \
    "$tmp/link1: is a symbolic link: fragstat writes into no directory through one" \
    trig "$tmp/link1"

# 2. A recording renamed and replaced by a link while it runs: its last/
# goes into the recording, not through the link.
mkdir "$tmp/victim2"
"$FRAGSTAT" -q --sysroot "$vm" --watch 0.05 --record "$tmp/rec" \
    > /dev/null 2> "$tmp/rec.err" &
pid=$!
if until_true "two samples recorded" lines "$tmp/rec/samples.ndjson" 2; then
	mv "$tmp/rec" "$tmp/rec.moved"
	ln -s "$tmp/victim2" "$tmp/rec"
	kill -TERM "$pid"
fi
reap "the end of the recording"
[ $r -eq 0 ] && [ ! -s "$tmp/rec.err" ] && empty "$tmp/victim2" &&
    [ -f "$tmp/rec.moved/last/fragstat-capture" ] && ok=ok || ok=no
check $ok "recording swapped for a link: status $r, $(cat "$tmp/rec.err"), written through it: $(ls -A "$tmp/victim2")"

# 3. A --trigger directory renamed and replaced by a link: the next
# window goes into the directory opened.
mkdir "$tmp/victim3"
pressure 0.00
"$FRAGSTAT" -q --sysroot "$tmp/root" --watch 0.02 --json --record "$tmp/w3" \
    --trigger psi --psi-full 5 --before 0 --after 0 > "$tmp/w3.out" \
    2> "$tmp/w3.err" &
pid=$!
window3() { [ -n "$(ls -A "$tmp/victim3")" ] || ls -d "$tmp"/w3.moved/*/last > /dev/null 2>&1; }
if until_true "two samples" lines "$tmp/w3.out" 2; then
	mv "$tmp/w3" "$tmp/w3.moved"
	ln -s "$tmp/victim3" "$tmp/w3"
	pressure 40.00
	until_true "a window" window3
	kill -TERM "$pid"
fi
reap "the end of the --trigger run"
[ $r -eq 0 ] && empty "$tmp/victim3" &&
    [ "$(ls -d "$tmp"/w3.moved/*/last 2>/dev/null | wc -l)" -eq 1 ] &&
    ok=ok || ok=no
check $ok "--trigger directory swapped for a link: status $r, $(cat "$tmp/w3.err"), written through it: $(ls -A "$tmp/victim3")"

# 4. The parent of a capture swapped between its check and its use (the
# test hook stops fragstat there): the capture is where it was checked.
if [ "${TEST_HOOKS-}" = yes ]; then
	mkdir "$tmp/P" "$tmp/victim4"
	FRAGSTAT_TEST_SWAP_HOOK=1 "$FRAGSTAT" -q --sysroot "$vm" --capture "$tmp/P/c" \
	    > /dev/null 2> "$tmp/err" &
	pid=$!
	until_true "the test hook" stopped
	if alive; then
		mv "$tmp/P" "$tmp/P.orig"
		ln -s "$tmp/victim4" "$tmp/P"
		hooked=yes
		kill -CONT "$pid"
	else
		hooked=no
	fi
	wait "$pid"
	r=$?
	pid=""
	[ $hooked = yes ] && [ $r -eq 0 ] && empty "$tmp/victim4" &&
	    [ -f "$tmp/P.orig/c/fragstat-capture" ] && ok=ok || ok=no
	check $ok "capture's parent swapped at the hook (stopped there: $hooked): status $r, $(cat "$tmp/err"), written through it: $(ls -A "$tmp/victim4")"
else
	echo "note: built without --enable-test-hooks: the swap at the check is not tested"
fi

# 5. SIGTERM while first/ of a recording waits on a FIFO nobody writes:
# the read is given up, the run ends, no .R.* directory is left. SIGALRM
# too, though the read's own ticks are SIGALRM: one that a process sent
# is not taken for a tick, with kill(2) or with tgkill(2) (si_code
# SI_TKILL; sent through python3's ctypes, where there is python3).
# send SIG: kill(2) to fragstat, or tgkill(2) for ALRM-tgkill.
send() {
	if [ "$1" = ALRM-tgkill ]; then
		python3 -c 'import ctypes, signal, sys; p = int(sys.argv[1]);
sys.exit(ctypes.CDLL(None).tgkill(p, p, signal.SIGALRM))' "$pid"
	else
		kill -"$1" "$pid"
	fi
}
# hung SIG ROOT FIFO: SIG to a recording of ROOT whose FIFO is not written.
hung() {
	mkdir "$tmp/f5"
	"$FRAGSTAT" -q --sysroot "$2" --watch 0.1 --count 2 \
	    --record "$tmp/f5/R" > /dev/null 2> "$tmp/f5.err" &
	pid=$!
	tmpdir() { ls -d "$tmp"/f5/.R.* > /dev/null 2>&1; }
	until_true "the temporary directory" tmpdir && send "$1"
	reap "the end after SIG$1"
	[ $ended = yes ] && [ $r -eq 1 ] && empty "$tmp/f5" &&
	    [ "$(cat "$tmp/f5.err")" = "fragstat: $3: read given up: asked to stop, and nothing came for 2 s" ] &&
	    ok=ok || ok=no
	check $ok "SIG$1 in a hung read of $3: ended: $ended, status $r, $(cat "$tmp/f5.err"), left: $(ls -A "$tmp/f5")"
	rm -rf "$tmp/f5"
}
mkdir "$tmp/fifo"
cp -R "$vm/proc" "$vm/sys" "$tmp/fifo/"
rm "$tmp/fifo/proc/vmstat"
mkfifo "$tmp/fifo/proc/vmstat"
sigs="TERM ALRM"
command -v python3 > /dev/null && sigs="$sigs ALRM-tgkill"
for sig in $sigs; do
	hung $sig "$tmp/fifo" "$tmp/fifo/proc/vmstat"
done
# 5b. The same in a read of an index file, read around buddyinfo
# (capture_stable.c): the capture ends, it is not published with the
# file listed unreadable.
mkdir "$tmp/fifo2"
cp -R "$vm/proc" "$vm/sys" "$tmp/fifo2/"
idx=$tmp/fifo2/sys/kernel/debug/extfrag/unusable_index
rm "$idx"
mkfifo "$idx"
hung TERM "$tmp/fifo2" "$idx"

# 6-9. As root: whose directories fragstat writes into.
if [ "$(id -u)" -ne 0 ]; then
	echo "note: not root: the owner and mode checks are not tested"
	exit $fail
fi
nuid=$(id -u nobody 2>/dev/null || echo 65534)
# 6. Another user's directory: no window, capture or recording in it.
mkdir "$tmp/nob"
chown "$nuid" "$tmp/nob"
refused "--trigger into uid $nuid's directory" "$tmp/nob" \
    "$tmp/nob: refusing to write into a directory owned by uid $nuid (running as root)" \
    trig "$tmp/nob"
refused "--capture into uid $nuid's directory" "$tmp/nob" \
    "$tmp/nob/c: refusing to write into $tmp/nob, a directory owned by uid $nuid (running as root)" \
    "$FRAGSTAT" -q --sysroot "$vm" --capture "$tmp/nob/c"
# 7. Below it, though the directory itself is root's: it can be swapped.
mkdir "$tmp/nob/sub"
refused "--record below uid $nuid's directory" "$tmp/nob/sub" \
    "$tmp/nob/sub/r: refusing to write into $tmp/nob, a directory owned by uid $nuid (running as root)" \
    "$FRAGSTAT" -q --sysroot "$vm" --watch 0.02 --count 1 --record "$tmp/nob/sub/r"
# 7b. The same reached by a relative path from inside it: the working
# directory's own parents are on the way too.
refused "relative --capture below uid $nuid's directory" "$tmp/nob/sub" \
    "c: refusing to write into .., a directory owned by uid $nuid (running as root)" \
    sh -c 'cd "$1" && shift && exec "$@"' sh "$tmp/nob/sub" \
    "$FRAGSTAT" -q --sysroot "$vm" --capture c
# 8. Writable by a group other than root's.
mkdir -m 0775 "$tmp/grp"
chgrp 65534 "$tmp/grp"
refused "--capture into a group-writable directory" "$tmp/grp" \
    "$tmp/grp/c: refusing to write into $tmp/grp, a directory writable by gid 65534, mode 0775 (running as root)" \
    "$FRAGSTAT" -q --sysroot "$vm" --capture "$tmp/grp/c"
# 9. A sticky directory of root's, as /tmp: new names work; another
# user's directory or symbolic link in it is refused.
mkdir -m 1777 "$tmp/stk" "$tmp/victim9"
"$FRAGSTAT" -q --sysroot "$vm" --capture "$tmp/stk/c" > /dev/null 2> "$tmp/err" &&
    "$FRAGSTAT" -q --sysroot "$vm" --watch 0.02 --count 2 --record "$tmp/stk/r" \
    > /dev/null 2>> "$tmp/err" && trig "$tmp/stk/w" &&
    [ -f "$tmp/stk/c/fragstat-capture" ] && [ -d "$tmp/stk/r/last" ] &&
    [ "$(ls -d "$tmp"/stk/w/*/last | wc -l)" -eq 1 ] && ok=ok || ok=no
check $ok "a sticky directory of root's: $(cat "$tmp/err")"
mkdir "$tmp/stk/theirs"
chown "$nuid" "$tmp/stk/theirs"
refused "--trigger into uid $nuid's directory in a sticky one" \
    "$tmp/stk/theirs" "" trig "$tmp/stk/theirs"
ln -s "$tmp/victim9" "$tmp/stk/lnk"
chown -h "$nuid" "$tmp/stk/lnk"
refused "uid $nuid's symbolic link in a sticky directory" "$tmp/victim9" \
    "$tmp/stk/lnk/c: refusing to follow $tmp/stk/lnk, a symbolic link of uid $nuid in a shared directory" \
    "$FRAGSTAT" -q --sysroot "$vm" --capture "$tmp/stk/lnk/c"
# 9b. An ACL that lets another user write (issue 44): the mode alone
# (0775, root's group) would pass; user:nobody:rwx is another writer.
mkdir -m 0775 "$tmp/acl"
if command -v setfacl > /dev/null && setfacl -m "u:$nuid:rwx" "$tmp/acl" 2>/dev/null; then
	refused "--capture into a directory uid $nuid may write by its ACL" "$tmp/acl" \
	    "$tmp/acl/c: refusing to write into $tmp/acl, a directory writable by uid $nuid by its ACL (running as root)" \
	    "$FRAGSTAT" -q --sysroot "$vm" --capture "$tmp/acl/c"
	refused "--record into a directory uid $nuid may write by its ACL" "$tmp/acl" \
	    "$tmp/acl/r: refusing to write into $tmp/acl, a directory writable by uid $nuid by its ACL (running as root)" \
	    "$FRAGSTAT" -q --sysroot "$vm" --watch 0.02 --count 1 --record "$tmp/acl/r"
else
	echo "note: no setfacl or no ACLs on $tmp: the ACL check is not tested"
fi
# 9c. Root's own symbolic link whose target goes through another user's
# directory (issue 44): lnk -> nob/rootsub, rootsub root's but nob not,
# so nob's owner could swap rootsub; each directory of the target is checked.
mkdir "$tmp/nob/rootsub"
ln -s nob/rootsub "$tmp/lnk"
refused "a link of root's through uid $nuid's directory" "$tmp/nob/rootsub" \
    "$tmp/lnk/c: refusing to write into $tmp/lnk -> nob, a directory owned by uid $nuid (running as root)" \
    "$FRAGSTAT" -q --sysroot "$vm" --capture "$tmp/lnk/c"
ln -s "$tmp/nob/rootsub" "$tmp/alnk"
refused "an absolute link of root's through uid $nuid's directory" "$tmp/nob/rootsub" \
    "$tmp/alnk/c: refusing to write into $tmp/alnk -> $tmp/nob, a directory owned by uid $nuid (running as root)" \
    "$FRAGSTAT" -q --sysroot "$vm" --capture "$tmp/alnk/c"
# 10. As nobody: a directory on the way owned by another user (who could
# replace the capture once published) or one of ours others can write
# to is refused; our own directory works.
nobody="setpriv --reuid=$nuid --regid=$nuid --clear-groups"
chmod 755 "$tmp"
if ! command -v setpriv > /dev/null || ! $nobody test -r "$vm/proc/buddyinfo" ||
    ! $nobody test -x "$FRAGSTAT"; then
	echo "note: no setpriv or fixtures unreadable as nobody: the non-root checks are not tested"
	exit $fail
fi
mkdir -m 0777 "$tmp/other"
chown 1234 "$tmp/other"
refused "--capture as uid $nuid into uid 1234's directory" "$tmp/other" \
    "$tmp/other/cap: refusing to write into $tmp/other, a directory owned by uid 1234 (running as uid $nuid)" \
    $nobody "$FRAGSTAT" -q --sysroot "$vm" --capture "$tmp/other/cap"
mkdir -m 0777 "$tmp/other/sub"
refused "--capture as uid $nuid below uid 1234's directory" "$tmp/other/sub" \
    "$tmp/other/sub/cap: refusing to write into $tmp/other, a directory owned by uid 1234 (running as uid $nuid)" \
    $nobody "$FRAGSTAT" -q --sysroot "$vm" --capture "$tmp/other/sub/cap"
mkdir "$tmp/mine"
chown "$nuid" "$tmp/mine"
chmod 0777 "$tmp/mine"
refused "--capture as uid $nuid into its own directory writable by others" \
    "$tmp/mine" \
    "$tmp/mine/cap: refusing to write into $tmp/mine, a directory writable by others, mode 0777 (running as uid $nuid)" \
    $nobody "$FRAGSTAT" -q --sysroot "$vm" --capture "$tmp/mine/cap"
chmod 0755 "$tmp/mine"
$nobody "$FRAGSTAT" -q --sysroot "$vm" --capture "$tmp/mine/cap" \
    > /dev/null 2> "$tmp/err" && [ -f "$tmp/mine/cap/fragstat-capture" ] &&
    ok=ok || ok=no
check $ok "--capture as uid $nuid into its own directory: $(cat "$tmp/err")"
exit $fail
