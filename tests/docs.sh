#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# docs.sh - what the README and the man page promise a newcomer (#21): the
# README stays short (at most 315 lines: 300, and 15 for --prepare's
# calibration table from a real run, #46; the reference is in doc/ and the
# man page); no command in the README, doc/reference.md or the man page's
# examples starts with a literal sudo, which a root user on a fresh machine
# (no sudo installed) would paste and fail; the man page has one EXIT STATUS;
# every "$ fragstat" example of the README and the reference prints what it shows (#31);
# --help is laid out by task, describes the summary's columns, and the man
# page has a SYNOPSIS line per mode (#48).
#
# Environment: FRAGSTAT (the binary: the man page is built beside it).

LC_ALL=C
export LC_ALL

top=$(cd "$(dirname "$0")/.." && pwd) || exit 99
failed=0

# fail MESSAGE: count a failed check.
fail() {
	failed=$((failed + 1))
	printf 'FAIL: %s\n' "$*"
}

n=$(wc -l <"$top/README.md")
[ "$n" -le 315 ] || fail "README.md: $n lines, more than 315"

# Commands: the lines of ```sh blocks (README, reference) and the man page's
# .B lines (its examples). sudo as a command: first, or after ; & | ( or $(.
for f in "$top/README.md" "$top/doc/reference.md"; do
	awk '/^```/ { code = !code; next } code { print FILENAME ":" FNR ": " $0 }' \
	    "$f"
done >"${TMPDIR:-/tmp}/fragstat-docs.$$"
grep '^\.B ' "$top/man/fragstat.h2m" | sed 's/^\.B /fragstat.h2m: /' \
    >>"${TMPDIR:-/tmp}/fragstat-docs.$$"
if grep -E ':( |.*[;&|(] *)sudo( |$)' "${TMPDIR:-/tmp}/fragstat-docs.$$"; then
	fail "a command above is written with sudo"
fi
rm -f "${TMPDIR:-/tmp}/fragstat-docs.$$"

# The man page as built (beside the binary), else as shipped.
man=$(dirname "${FRAGSTAT:-.}")/../man/fragstat.1
[ -f "$man" ] || man=$top/man/fragstat.1
n=$(grep -c '^\.SH "EXIT STATUS"' "$man")
[ "$n" = 1 ] || fail "$man: $n EXIT STATUS sections"
# help2man reads an example of --help whose text goes on under a column
# other than its first line's as two paragraphs: .IP cuts it in two. The
# Makefile's sed drops --help's exit status, and nothing after it.
if awk '/^\.SH/ { ex = $2 == "EXAMPLES"; next } ex && /^\.IP/' "$man" |
    grep -q .; then
	fail "$man: an example of EXAMPLES is cut in two (.IP)"
fi
grep -q '^\.SH "SEE ALSO"' "$man" || fail "$man: no SEE ALSO: the page is cut"

# --help by task (#48): the five tasks and every mode on its first screen
# (40 lines); every column of the summary's header described, in order;
# each mode's synopsis ('fragstat MODE --help', from the rules) in the man
# page's SYNOPSIS.
if [ -x "${FRAGSTAT:-}" ]; then
	"$FRAGSTAT" --help | head -n 40 >"${TMPDIR:-/tmp}/fragstat-help.$$"
	for w in "How many huge pages" "Who pins memory" "Record and compare" \
	    "Check from Nagios" "Summarise many hosts" --need --advise \
	    --detail --compact --verify --map --watch --record --capture \
	    --compare --check --format=prometheus --fleet --roots-from; do
		grep -q -e "$w" "${TMPDIR:-/tmp}/fragstat-help.$$" ||
			fail "--help: '$w' is not in its first 40 lines"
	done
	rm -f "${TMPDIR:-/tmp}/fragstat-help.$$"
	header=$("$FRAGSTAT" --color=never \
	    --sysroot="$top/tests/fixtures/corpus/vm-6.18-x86-64-holes" |
	    grep '^Node ')
	rest=$header
	for name in $("$FRAGSTAT" --help | sed -n '/column by column:$/,/^$/{
	    s/^  \([A-Za-z][a-z]*\( [a-z][a-z]*\)\{0,1\}\)  .*/\1/p; }' |
	    tr ' ' '_'); do
		name=$(printf '%s' "$name" | tr '_' ' ')
		case $rest in
		*"$name"*) rest=${rest#*"$name"} ;;
		*) fail "--help describes the column '$name', not in order in '$header'" ;;
		esac
		header=${header%%"$rest"}
	done
	[ -z "$(printf '%s' "$rest" | tr -d ' ')" ] ||
		fail "--help does not describe the columns '$rest' of the summary"
	for m in --need=1 --roots-from=L --watch=1 --record=D --compare \
	    --capture=D --compact --map --check --fleet --verify; do
		syn=$("$FRAGSTAT" $m --help | sed -n 's/^Usage: fragstat //p')
		sed -n '/^\[SYNOPSIS\]/,/^$/s/^\.B //p' "$top/man/fragstat.h2m" |
		    sed 's/\\f[IRB]//g; s/\\-/-/g' | grep -q -x -F "fragstat $syn" ||
			fail "man page SYNOPSIS lacks 'fragstat $syn' ($m --help)"
	done
else
	echo "SKIP: --help by task: no FRAGSTAT"
fi

# The examples of the README and the reference are the binary's output
# (tests/readme.py).
if command -v python3 >/dev/null 2>&1 && [ -x "${FRAGSTAT:-}" ]; then
	for f in README.md doc/reference.md; do
		python3 "$top/tests/readme.py" "$top/$f" ||
			fail "$f: an example differs from what fragstat prints (UPDATE_README=1 tests/readme.py $f)"
	done
else
	echo "SKIP: README examples: no python3 or no FRAGSTAT"
fi

echo "docs.sh: $failed failed"
[ "$failed" = 0 ]
