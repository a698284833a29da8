#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fdleak.sh - a failed fsync() leaves no descriptor open (issue 26).
#
# strace counts the fsync() calls of a successful --capture and of a short
# --record (of a two-file root, so that the runs stay few and quick), then runs each again once for every one of those calls with
# that call failing (strace -e inject=fsync:error=EIO:when=K). Each run must
# fail with one 'fragstat: ...' line and exit 1, and every descriptor it
# opened must be closed again before it exits: what a long-running
# recording would otherwise leak on each failure.
#
# Environment: FRAGSTAT, FIXTURES. Exit 0 when it passed, 1 when it failed, 77 (SKIP)
# with the reason when it cannot run here.
LC_ALL=C
export LC_ALL
: "${FRAGSTAT:?}" "${FIXTURES:?}"
root=$FIXTURES/hugetlb/none
command -v strace >/dev/null 2>&1 || { echo "SKIP: no strace"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
strace -qq -o /dev/null true 2>/dev/null ||
	{ echo "SKIP: strace cannot trace here (ptrace not permitted)"; exit 77; }

# LeakSanitizer cannot run under ptrace: the sanitizer build checks leaks
# in the other tests.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fdleak.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
fail=0

# The system calls that make or drop a descriptor.
calls=openat,open,creat,close,dup,dup2,dup3,pipe,pipe2,socket,fcntl,fsync
calls=$calls,signalfd4,eventfd2,timerfd_create,memfd_create,inotify_init1

# leaks LOG: the descriptors opened and never closed, one a line.
leaks() {
	python3 - "$1" <<'EOF'
import re, sys
open_fds = set()
for line in open(sys.argv[1]):
    m = re.match(r'(\w+)\((.*)\)\s+= (-?\d+)', line)
    if not m:
        continue
    call, args, ret = m.group(1), m.group(2), int(m.group(3))
    if call == "close" and ret == 0:
        open_fds.discard(int(args))
    elif call == "fcntl" and "F_DUPFD" not in args:
        continue
    elif call in ("pipe", "pipe2") and ret == 0:
        open_fds.update(int(x) for x in re.findall(r'\d+', args.split("]")[0]))
    elif call not in ("close", "fsync", "pipe", "pipe2") and ret >= 0:
        open_fds.add(ret)
for fd in sorted(open_fds):
    print(fd)
EOF
}

# check NAME CMD...: run CMD once as it is, then once for each of its
# fsync() calls with that one failing.
check() {
	name=$1
	shift
	rm -rf "$tmp/out"
	strace -qq -o "$tmp/log" -e trace=fsync "$@" >/dev/null 2>"$tmp/err" || {
		echo "FAIL: $name: does not run without a failure:"
		cat "$tmp/err"
		fail=1
		return
	}
	n=$(grep -c '^fsync(' "$tmp/log")
	if [ "$n" -lt 2 ]; then
		echo "FAIL: $name: only $n fsync() calls; the test has nothing to fail"
		fail=1
		return
	fi
	k=1
	while [ "$k" -le "$n" ]; do
		rm -rf "$tmp/out"
		strace -qq -o "$tmp/log" -e trace=$calls \
			-e inject=fsync:error=EIO:when=$k "$@" \
			>"$tmp/stdout" 2>"$tmp/err"
		rc=$?
		if [ "$rc" != 1 ] || ! grep -q 'Input/output error' "$tmp/err"; then
			echo "FAIL: $name, fsync $k of $n failing: exit $rc, stderr:"
			cat "$tmp/err"
			fail=1
		fi
		left=$(leaks "$tmp/log" | tr '\n' ' ')
		if [ -n "$left" ]; then
			echo "FAIL: $name, fsync $k of $n failing: descriptors left open: $left"
			grep -v '^fsync\|^fcntl' "$tmp/log" | tail -8
			fail=1
		fi
		k=$((k + 1))
	done
	echo "ok: $name: each of $n fsync() calls failing, nothing left open"
}

check "--capture" "$FRAGSTAT" -q --sysroot "$root" --capture "$tmp/out"
check "--record" "$FRAGSTAT" -q --sysroot "$root" --record "$tmp/out" \
	--watch 0.01 --count 2
exit $fail
