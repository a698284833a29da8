#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# recipe.sh - the README's A/B recipe runs as written (#34): its sh block,
# taken from README.md, runs in a directory without runs/, with ./workload
# a trivial command and the sysctl it sets a file of its own (the machine's
# compaction_proactiveness is never touched). Every run must be a recording
# with --events, and the comparison a table of 80 columns that compares the
# events. Then what --record -- CMD shows on standard error: nothing when
# it is not a terminal, a progress line when it is (script(1), if present).
# Root and tracefs (--events) needed: skips with a reason otherwise.
: "${FRAGSTAT:?}"
here=$(cd "$(dirname "$0")" && pwd) || exit 99
. "$here/need-tracefs.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-recipe.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
fail=0

# want WHAT GOT EXPECTED
want() {
	[ "$2" = "$3" ] || { printf 'FAIL: %s:\n%s\nwant\n%s\n' "$1" "$2" "$3"; fail=1; }
}

# The block of the README that sets compaction_proactiveness, as it is but
# for the sysctl's path.
awk '/^```sh$/ { b = ""; on = 1; next }
	/^```$/ { if (on && b ~ /compaction_proactiveness/) printf "%s", b; on = 0; next }
	on { b = b $0 "\n" }' "$here/../README.md" |
    sed "s|/proc/sys/vm/compaction_proactiveness|$tmp/proactiveness|g" > "$tmp/recipe.sh"
grep -q -- '--events --record runs/p\$p/\$i -- ./workload' "$tmp/recipe.sh" ||
	{ echo "FAIL: no recipe with --events in README.md"; cat "$tmp/recipe.sh"; exit 1; }
mkdir "$tmp/d" && echo 20 > "$tmp/proactiveness" &&
printf '#!/bin/sh\nexit 0\n' > "$tmp/d/workload" && chmod +x "$tmp/d/workload" ||
	exit 99
fragstat_dir=$(dirname "$FRAGSTAT")
(cd "$tmp/d" && PATH=$fragstat_dir:$PATH sh "$tmp/recipe.sh") \
    > "$tmp/out" 2> "$tmp/err"
want "status of the recipe" "$?" 0
want "its stderr" "$(cat "$tmp/err")" ""
want "the sysctl restored" "$(cat "$tmp/proactiveness")" 20
for r in p0/1 p0/2 p0/3 p20/1 p20/2 p20/3; do
	m=$tmp/d/runs/$r/fragstat-recording
	want "$r: events, command's status" \
	    "$(sed -n 's/^events //p; s/^exit_status //p' "$m" 2>&1)" "yes
0"
done
head -3 "$tmp/out" | tail -2 > "$tmp/head"
want "the sets" "$(cat "$tmp/head")" "A: runs/p0 (3 runs)
B: runs/p20 (3 runs)"
want "lines past 80 columns" "$(awk 'length > 80' "$tmp/out")" ""
grep -q 'extfrag' "$tmp/out" || { echo "FAIL: the events are not compared"; fail=1; }

# Missing parents are made with the recording's care: never below a
# directory another user controls (root refuses it, and makes nothing).
mkdir "$tmp/o" && chown 65534 "$tmp/o" || exit 99
"$FRAGSTAT" -q --record "$tmp/o/new/run" -- true 2> "$tmp/err3"
want "status below another user's directory (fragstat's own failure: 125)" "$?" 125
want "its message" "$(sed "s|$tmp|TMP|g" "$tmp/err3")" \
    "fragstat: TMP/o/new/run: refusing to write into TMP/o, a directory owned by uid 65534 (running as root)"
want "what it made there" "$(ls -A "$tmp/o")" ""

# The progress line: only on a terminal.
(cd "$tmp/d" && "$FRAGSTAT" -q --record runs/x -- true 2> "$tmp/err2")
want "stderr of --record -- CMD, not a terminal" "$(cat "$tmp/err2")" ""
if command -v script > /dev/null 2>&1; then
	(cd "$tmp/d" && script -qec "'$FRAGSTAT' -q --record runs/y -- true" \
	    /dev/null > "$tmp/tty" 2>&1 < /dev/null)
	grep -q 'fragstat: recording runs/y: [0-9]*\.[0-9] s, [0-9]* samples\{0,1\} written' "$tmp/tty" ||
		{ echo "FAIL: no progress line on a terminal"; od -c "$tmp/tty" | head; fail=1; }
else
	echo "no script(1): the terminal's progress line is not checked"
fi
exit $fail
