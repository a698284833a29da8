#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fragstat --record DIR -- COMMAND, live: the command's status passed
# through (its own, a failure, a signal's 128+N, a command that cannot
# run), its standard output untouched, the metadata's command, exit_status
# and wall_s, --captures-every's captures, and SIGINT sent to fragstat
# reaching the command first, the recording then ended whole.
set -u
: "${FRAGSTAT:?}"
[ -r /proc/buddyinfo ] || { echo "SKIP: no /proc/buddyinfo"; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
fail=0

# meta DIR KEY: the value of KEY in DIR's metadata.
meta() { sed -n "s/^$2 //p" "$1/fragstat-recording"; }

# want WHAT GOT EXPECTED
want() {
	[ "$2" = "$3" ] || { echo "FAIL: $1: '$2', want '$3'"; fail=1; }
}

# 1. The command's own status and output; its command line as a shell reads it.
"$FRAGSTAT" -q --record "$tmp/a" --watch 0.2 -- \
    sh -c 'printf "%s\n" "$@"; exit 7' sh 'a b' "it's" > "$tmp/out" 2> "$tmp/err"
want "status of exit 7" "$?" 7
want "the command's output" "$(cat "$tmp/out")" "a b
it's"
[ -s "$tmp/err" ] && { echo "FAIL: stderr:"; cat "$tmp/err"; fail=1; }
want "command" "$(meta "$tmp/a" command)" \
    "sh -c 'printf \"%s\\n\" \"\$@\"; exit 7' sh 'a b' 'it'\\''s'"
want "exit_status" "$(meta "$tmp/a" exit_status)" 7
meta "$tmp/a" wall_s | grep -Eqx '[0-9]+\.[0-9]{3}' ||
	{ echo "FAIL: wall_s '$(meta "$tmp/a" wall_s)'"; fail=1; }
# The quoted line, read back by a shell, is the same words.
eval "set -- $(meta "$tmp/a" command)"
want "words read back" "$#:${5-}:${6-}" "6:a b:it's"
n=$(wc -l < "$tmp/a/samples.ndjson")
[ "$n" -ge 2 ] || { echo "FAIL: $n samples, want the first and one after the exit"; fail=1; }
"$FRAGSTAT" --sysroot "$tmp/a" --json > "$tmp/s" 2> "$tmp/err" ||
	{ echo "FAIL: --sysroot of the recording"; cat "$tmp/err"; fail=1; }
grep -q '"exit_status": 7,' "$tmp/s" || { echo "FAIL: summary's exit_status"; fail=1; }

# 2. A command that fails, one killed by a signal, one that cannot run.
"$FRAGSTAT" -q --record "$tmp/b" -- false
want "status of false" "$?" 1
want "exit_status of false" "$(meta "$tmp/b" exit_status)" 1
"$FRAGSTAT" -q --record "$tmp/c" -- sh -c 'kill -KILL $$'
want "status of SIGKILL" "$?" 137
want "exit_status of SIGKILL" "$(meta "$tmp/c" exit_status)" 137
"$FRAGSTAT" -q --record "$tmp/d" -- "$tmp/no-such-command" 2> "$tmp/err"
want "status of a missing command" "$?" 127
want "its message" "$(cat "$tmp/err")" \
    "fragstat: $tmp/no-such-command: cannot run: No such file or directory"

# 3. --captures-every 1: every sample's state beside the samples.
"$FRAGSTAT" -q --record "$tmp/e" --watch 0.2 --captures-every 1 -- sleep 0.3
want "status of sleep" "$?" 0
n=$(wc -l < "$tmp/e/samples.ndjson")
want "captures" "$(ls "$tmp/e/during" | sort -n | tr '\n' ' ')" \
    "$(seq 1 "$n" | tr '\n' ' ')"
"$FRAGSTAT" -q --sysroot "$tmp/e/during/1" --json > /dev/null ||
	{ echo "FAIL: during/1 is not a capture"; fail=1; }

# 4. SIGINT to fragstat goes to the command, which ends its own way (42);
# the recording ends one sample later, whole.
"$FRAGSTAT" -q --record "$tmp/f" --watch 0.2 -- \
    sh -c 'trap "exit 42" INT; touch "$0"; while :; do sleep 0.1; done' \
    "$tmp/started" &
pid=$!
i=0
while [ ! -e "$tmp/started" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.3
kill -INT $pid
wait $pid
want "status after SIGINT" "$?" 42
want "exit_status after SIGINT" "$(meta "$tmp/f" exit_status)" 42
"$FRAGSTAT" --sysroot "$tmp/f" > /dev/null 2> "$tmp/err" && [ ! -s "$tmp/err" ] ||
	{ echo "FAIL: the interrupted recording"; cat "$tmp/err"; fail=1; }
[ -d "$tmp/f/last" ] || { echo "FAIL: no last/ after SIGINT"; fail=1; }
exit $fail
