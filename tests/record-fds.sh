#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# record-fds.sh - out of descriptors (ulimit -n 5 to 12), a capture or a
# recording that cannot be made leaves no temporary directory (issue 44:
# .M6.*/.first.* and during/.1.* stayed), each directory of it removed
# through a descriptor held back for that; a message names what the user
# asked for, never a temporary ".NAME.XXXXXX".
#
# Environment: FRAGSTAT, FIXTURES. Exit 0 when it passed, 1 when it failed.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
vm=$FIXTURES/corpus/vm-6.18-x86-64-holes

# left DIR: the temporary names under DIR, one a line.
left() { find "$1" -name '.*' 2>/dev/null; }
# run N WHAT ARGS...: fragstat ARGS under ulimit -n N into $tmp/N-WHAT; nothing
# temporary may stay, and no message may name a temporary directory.
run() {
	n=$1 what=$2
	shift 2
	d=$tmp/$n-$what
	mkdir "$d"
	(ulimit -n "$n" && cd "$d" && exec "$FRAGSTAT" "$@") \
	    > /dev/null 2> "$d.err"
	r=$?
	if [ -n "$(left "$d")" ] || grep -q '/\.[A-Za-z0-9]*\.[A-Za-z0-9]\{6\}' "$d.err"; then
		echo "FAIL: ulimit -n $n, $what: status $r, $(cat "$d.err"), left: $(left "$d")"
		fail=1
	fi
}
for n in 5 6 7 8 9 10 11 12; do
	run $n capture -q --sysroot "$vm" --capture c
	run $n record -q --sysroot "$vm" --watch 0.01 --count 3 \
	    --captures-every 1 --record r
	run $n record-live -q --watch 0.01 --count 3 --captures-every 1 \
	    --record r
done
# At some limits a recording is cut while it is made: the message names
# the recording or its part (first, during/N) that was not made, or the
# file of the source that could not be opened.
cat "$tmp"/*-record*.err |
    grep -v '^fragstat: r\(/first\|/during/[0-9]*\)\?: ' |
    grep -v '^fragstat: [^ ]*/proc/[a-z]*: Too many open files$' > "$tmp/other"
if [ -s "$tmp/other" ]; then
	echo "FAIL: messages of --record that name something else:"
	cat "$tmp/other"
	fail=1
fi
exit $fail
