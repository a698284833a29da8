#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fragstat --record DIR -- COMMAND, live: the command's status passed
# through (its own, a failure, a signal's 128+N, a command that cannot
# run), its standard output untouched, the metadata's command, exit_status
# and wall_s, --captures-every's captures, SIGINT sent to fragstat
# reaching the command first, the recording then ended whole, and words of
# any bytes kept exact in argv and read back by dash and bash; SIGTERM
# reaching the command after the recording failed too; --repeat N runs
# the command N times, a recording each, a set that --compare reads.
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
want "signal of SIGKILL" "$(meta "$tmp/c" signal)" 9
want "the summary of SIGKILL" "$("$FRAGSTAT" --sysroot "$tmp/c" | sed -n 's/.*: killed by \(SIG[A-Z]*\) after .* (exit status \([0-9]*\))$/\1 \2/p')" "SIGKILL 137"
"$FRAGSTAT" -q --record "$tmp/c2" -- sh -c 'kill -INT $$'
want "status of SIGINT" "$?" 130
"$FRAGSTAT" --sysroot "$tmp/c2" --json | grep -q '"killed_by": "SIGINT",' ||
	{ echo "FAIL: JSON's killed_by of SIGINT"; fail=1; }
want "no signal after an exit" "$(meta "$tmp/b" signal)" ""
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
# A background job of sh ignores SIGINT and SIGQUIT, and fragstat keeps
# what it was given (issue 44): env gives them back for the kill below.
env --default-signal=INT,QUIT "$FRAGSTAT" -q --record "$tmp/f" --watch 0.2 -- \
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
# 5. The words exact: a command with spaces, quotes, a newline, a tab, a
# byte 0xff and an empty argument. "argv" holds them as JSON, byte for byte
# (0xff, not UTF-8, as its byte); the line the summary shows (the metadata
# has no "command" line: a newline would end it) is read back by dash and
# bash into the same words, NUL-separated, as the command printed them,
# but for the control bytes and the byte that is not UTF-8, which reach no
# terminal raw: each is the four characters \xNN (issue #44).
nl='x
y'
tab='	'
ff=$(printf '\377')
"$FRAGSTAT" -q --record "$tmp/g" -- printf '%s\0' 'a b' "it's" "$nl" "$tab" \
    "$ff" "" "say \"hi\"" > "$tmp/g.out"
want "status of printf" "$?" 0
printf '%s\0' printf '%s\0' 'a b' "it's" "$nl" "$tab" "$ff" "" 'say "hi"' \
    > "$tmp/g.want"
printf '%s\0' printf '%s\0' 'a b' "it's" 'x\x0ay' '\x09' '\xff' "" 'say "hi"' \
    > "$tmp/g.shown"
want "argv" "$(meta "$tmp/g" argv)" \
    '["printf","%s\\0","a b","it'"'"'s","x\u000ay","\u0009",[255],"","say \"hi\""]'
want "no command line" "$(grep -c '^command' "$tmp/g/fragstat-recording")" 0
"$FRAGSTAT" --sysroot "$tmp/g" > "$tmp/g.sum" 2>&1 ||
	{ echo "FAIL: --sysroot of the recording"; cat "$tmp/g.sum"; fail=1; }
# The line: from "Command " to ": exit status 0 after N s", one line (its
# newline is shown as \x0a).
sed -n 's/^Command \(.*\): exit status 0 after [0-9.]* s$/\1/p' "$tmp/g.sum" \
    > "$tmp/g.line"
for sh in dash bash; do
	command -v $sh > /dev/null || { echo "SKIP: no $sh"; continue; }
	# In $tmp: a line read wrong may hold a redirection.
	(cd "$tmp" && $sh -c 'eval "set -- $(cat "$1")"; printf "%s\0" "$@"' sh \
	    "$tmp/g.line") > "$tmp/g.$sh" 2>&1
	cmp -s "$tmp/g.$sh" "$tmp/g.shown" ||
		{ echo "FAIL: $sh reads the line back as other words:"; od -c "$tmp/g.$sh"; fail=1; }
done
# printf printed its arguments: the words after the first two.
printf '%s\0' 'a b' "it's" "$nl" "$tab" "$ff" "" 'say "hi"' | cmp -s "$tmp/g.out" - ||
	{ echo "FAIL: the command's own words"; od -c "$tmp/g.out"; fail=1; }
# The summary's JSON has them exact too.
if command -v python3 > /dev/null; then
	"$FRAGSTAT" --sysroot "$tmp/g" --json | python3 -c 'import json, sys
a = json.load(sys.stdin)["argv"]
sys.stdout.buffer.write(b"".join((bytes(x) if isinstance(x, list) else x.encode()) + b"\0" for x in a))' \
	    > "$tmp/g.json"
	cmp -s "$tmp/g.json" "$tmp/g.want" ||
		{ echo "FAIL: the summary's argv"; od -c "$tmp/g.json"; fail=1; }
fi
# Without a newline or carriage return the metadata has the line as well,
# the one dash and bash read back.
"$FRAGSTAT" -q --record "$tmp/h" -- printf '%s\0' "it's" "$tab" "$ff" "" \
    > /dev/null
want "command line" "$(meta "$tmp/h" command)" \
    "printf '%s\\0' 'it'\\''s' '$tab' '$ff' ''"
# 6. Words longer than a recording keeps: as the quoted line (4096 bytes)
# or as argv (8192: 1500 control characters are 9000 bytes of \u0001):
# a usage error, and no recording.
long=$(printf '%05000d' 0)
ctl=$(printf '%01500d' 0 | tr 0 '\001')
for w in "$long" "$ctl"; do
	"$FRAGSTAT" -q --record "$tmp/i" -- echo "$w" > /dev/null 2> "$tmp/err"
	want "status of a long command" "$?" 2
	want "its message" "$(cat "$tmp/err")" "fragstat: the command is longer than a recording keeps (4096 bytes quoted, 8192 as JSON)"
	[ -e "$tmp/i" ] && { echo "FAIL: a recording of a long command"; fail=1; }
done
# 7. A recording that fails while the command runs (during/ a file where a
# directory goes): SIGTERM to fragstat still reaches the command, which
# ends at once, not when its minute is up; nothing is left running.
# No race on time: the file waits for the recording, the signal for the
# error message, and the bound (10 s) only stops a test that would hang.
"$FRAGSTAT" -q --record "$tmp/j" --watch 1 --captures-every 2 -- \
    sh -c 'echo $$ > "$0"; exec sleep 60' "$tmp/j.pid" 2> "$tmp/j.err" &
pid=$!
i=0
while [ ! -e "$tmp/j/samples.ndjson" ] && [ $i -lt 600 ]; do
	sleep 0.05
	i=$((i + 1))
done
: > "$tmp/j/during"
i=0
while [ ! -s "$tmp/j.err" ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done
kill -TERM $pid
i=0
while kill -0 $pid 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
if kill -0 $pid 2>/dev/null; then
	echo "FAIL: SIGTERM after a failed recording: still running after 10 s"
	kill -KILL "$(cat "$tmp/j.pid")" $pid 2>/dev/null
	fail=1
fi
wait $pid
want "status after a failed recording (fragstat's own, as env's)" "$?" 125
want "its message" "$(cat "$tmp/j.err")" \
    "fragstat: $tmp/j/during: cannot create: Not a directory"
kill -0 "$(cat "$tmp/j.pid")" 2>/dev/null &&
	{ echo "FAIL: the command outlived fragstat"; fail=1; }
ls -a "$tmp" | grep -q '^\.j\.' &&
	{ echo "FAIL: a temporary directory left: $(ls -a "$tmp")"; fail=1; }
# 8. --repeat 3: three runs, DIR/1 .. DIR/3, each a whole recording of
# the command, that --compare reads as a set (#48); a run whose status is
# not 0 ends the repeat with that status, the runs so far kept.
"$FRAGSTAT" -q --repeat 3 --record "$tmp/rep" --watch 0.2 -- true
want "status of --repeat 3" "$?" 0
want "its runs" "$(ls "$tmp/rep" | tr '\n' ' ')" "1 2 3 "
for r in 1 2 3; do
	want "exit_status of run $r" "$(meta "$tmp/rep/$r" exit_status)" 0
done
"$FRAGSTAT" --compare "$tmp/rep" "$tmp/rep" > "$tmp/rep.out" 2> "$tmp/err"
want "--compare of the runs" "$?:$(cat "$tmp/err")" "0:"
want "its sets" "$(sed -n 's/^[AB]: .* (\([0-9]*\) runs)$/\1/p' "$tmp/rep.out" | tr '\n' ' ')" "3 3 "
"$FRAGSTAT" -q --repeat 3 --record "$tmp/rep2" -- sh -c 'exit 3'
want "status of a failing run" "$?" 3
want "the runs of a failing repeat" "$(ls "$tmp/rep2" | tr '\n' ' ')" "1 "
exit $fail
