#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# subcommands.sh - every case of tests/cli that has a command form (#48:
# "fragstat need 2000x2M" for "fragstat --need=2000x2M") runs both ways and
# prints the same standard output, standard error and exit status. The
# command replaces the first flag of its mode, in this order: --check,
# --compact, --fleet, --compare, --capture, --verify, --record (with
# --watch or a command: alone, "record DIR" also records every second),
# --watch (and --count, as "watch SECS COUNT"), --map, --need. Then a few
# lines of the layout itself: help, a command's --help, fleet's operands.
#
# Environment: FRAGSTAT (the binary), FIXTURES (tests/fixtures).

LC_ALL=C
export LC_ALL
unset NO_COLOR

here=$(cd "$(dirname "$0")" && pwd) || exit 99
: "${FIXTURES:=$here/fixtures}"
cases=$here/cli
[ -x "${FRAGSTAT:-}" ] || { echo "subcommands.sh: FRAGSTAT must name the binary" >&2; exit 99; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-subcommands.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM

checks=0 failed=0

# Print the command form of the flags in $1 (one line of words), or nothing.
command_form() {
	printf '%s\n' "$1" | awk '
	# The index of the first option NAME or NAME=VALUE before "--", or 0.
	function find(name,    i) {
		for (i = 1; i <= end; i++)
			if (w[i] == name || index(w[i], name "=") == 1)
				return i
		return 0
	}
	# The index of the first word NAME before "--", or 0.
	function exact(name,    i) {
		for (i = 1; i <= end; i++)
			if (w[i] == name)
				return i
		return 0
	}
	# The value of the option at I (NAME=VALUE or NAME VALUE); marks its words.
	function take(i) {
		drop[i] = 1
		if (index(w[i], "=") > 0)
			return substr(w[i], index(w[i], "=") + 1)
		drop[i + 1] = 1
		return w[i + 1]
	}
	{
		n = split($0, w, " ")
		end = n
		for (i = 1; i <= n; i++)
			if (w[i] == "--") { end = i - 1; break }
		head = ""
		split("check compact fleet compare", plain, " ")
		# A flag without a value, as it is: "--check=x" is an error of its own.
		for (k = 1; k <= 4 && head == ""; k++)
			if ((i = exact("--" plain[k])) > 0) { drop[i] = 1; head = plain[k] }
		if (head == "" && (i = find("--capture")) > 0)
			head = "capture " take(i)
		if (head == "" && (i = exact("--verify")) > 0) { drop[i] = 1; head = "verify" }
		if (head == "" && (i = find("--record")) > 0 &&
		    (find("--watch") > 0 || end < n))
			head = "record " take(i)
		if (head == "" && (i = find("--watch")) > 0) {
			head = "watch " take(i)
			if ((i = find("--count")) > 0)
				head = head " " take(i)
		}
		if (head == "" && (i = exact("--map")) > 0) { drop[i] = 1; head = "map" }
		if (head == "" && (i = find("--need")) > 0)
			head = "need " take(i)
		if (head == "")
			exit
		line = head
		for (i = 1; i <= n; i++)
			if (!drop[i])
				line = line " " w[i]
		print line
	}'
}

# Run fragstat with the words of line $1 (@F@: $FIXTURES) into $tmp/$2.
run() {
	set -f
	# shellcheck disable=SC2086
	set -- $(printf '%s\n' "$1" | sed "s|@F@|$FIXTURES|g") "$2"
	set +f
	eval "out=\${$#}"
	words=
	i=1
	while [ "$i" -lt "$#" ]; do
		eval "words=\"\$words \${$i}\""
		i=$((i + 1))
	done
	# shellcheck disable=SC2086
	(cd "$tmp" && "$FRAGSTAT" $words <"$input" >"$tmp/$out.out" \
	    2>"$tmp/$out.err"; echo $? >"$tmp/$out.status")
}

# Compare run $1 with run $2 for check $3.
same() {
	checks=$((checks + 1))
	for f in out err status; do
		if ! cmp -s "$tmp/$1.$f" "$tmp/$2.$f"; then
			failed=$((failed + 1))
			echo "FAIL: $3: $f differs"
			diff -u "$tmp/$1.$f" "$tmp/$2.$f" | head -n 20
			return
		fi
	done
}

for d in "$cases"/*/; do
	d=${d%/}
	[ -f "$d/cmd" ] || continue
	read -r line <"$d/cmd" || [ -n "$line" ] || continue
	alt=$(command_form "$line")
	[ -n "$alt" ] || continue
	input=/dev/null
	if [ -f "$d/stdin" ]; then
		sed "s|@F@|$FIXTURES|g" "$d/stdin" >"$tmp/stdin"
		input=$tmp/stdin
	fi
	run "$line" flags
	run "$alt" command
	same flags command "${d##*/}: fragstat $alt"
done

# The layout itself: help and a command's --help are the mode's help;
# fleet's roots are operands as --fleet's are.
input=/dev/null
root=@F@/corpus/vm-6.18-x86-64-holes
while IFS='|' read -r a b; do
	[ -n "$a" ] || continue
	run "$a" a
	run "$b" b
	same a b "fragstat $a / fragstat $b"
done <<EOF
help|--help
help check|--check --help
check --help|--check --help
need --help|--need=1 --help
help record|--record=D --help
fleet @F@/fleet/h1 @F@/fleet/h2|--fleet --sysroot @F@/fleet/h1 --sysroot @F@/fleet/h2
fleet @F@/fleet/h1 @F@/fleet/h2 --json|--fleet @F@/fleet/h1 @F@/fleet/h2 --json
EOF
# Usage errors of the commands themselves.
for a in "need" "record" "capture" "help nothing" "help check map"; do
	run "$a" a
	checks=$((checks + 1))
	if [ "$(cat "$tmp/a.status")" != 2 ] || [ -s "$tmp/a.out" ] ||
	    ! grep -q "^fragstat: $a\\|^fragstat: help takes" "$tmp/a.err"; then
		failed=$((failed + 1))
		echo "FAIL: fragstat $a: not a usage error naming it"
		cat "$tmp/a.err"
	fi
done

echo "subcommands.sh: $checks checks, $failed failed"
[ "$failed" = 0 ]
