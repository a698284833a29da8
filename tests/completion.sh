#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# completion.sh - the bash and zsh completions know every long option that
# 'fragstat --help' lists and every value that --format, --color and --gfp
# accept (their usage errors list them); with bash-completion installed,
# bash completes them as it would for a user pressing TAB.
set -u
: "${srcdir:=.}"
case $srcdir in /*) ;; *) srcdir=$(pwd)/$srcdir ;; esac
bashcomp=$srcdir/completions/fragstat
zshcomp=$srcdir/completions/_fragstat
fail=0

# The long options at the start of an option line of --help.
help_opts=$("$FRAGSTAT" --help |
	sed -n -E 's/^ {2,6}(-[A-Za-z0-9], )?(--[a-z0-9][a-z0-9-]*).*/\2/p' | sort -u)
[ -n "$help_opts" ] || { echo "FAIL: no long option found in --help"; exit 1; }

# The values OPTION accepts, from its usage error ("is not one of a, b, c").
values()
{
	"$FRAGSTAT" "$1=@" 2>&1 >/dev/null |
		sed -n "s/^.*'@' is not \(one of \)\{0,1\}//p" |
		tr -c 'a-z0-9\n' ' ' | tr -s ' ' '\n' | grep -v -x -e '' -e or | sort -u
}

for file in "$bashcomp" "$zshcomp"; do
	for o in $help_opts; do
		grep -q -E -e "(^|[^a-z0-9-])$o([^a-z0-9-]|\$)" "$file" ||
			{ echo "FAIL: $file lacks $o (in fragstat --help)"; fail=1; }
	done
	for opt in --format --color --gfp; do
		for v in $(values $opt); do
			grep -q -E -e "(^|[^a-z0-9-])$v([^a-z0-9-]|\$)" "$file" ||
				{ echo "FAIL: $file lacks $opt=$v"; fail=1; }
		done
	done
done

# Per mode (#48): the options fragstat offers the completions
# (--list-options=MODE) are those the grid (tests/fixtures/options/grid)
# accepts in that mode, in at least one format. Not compared: the options
# of the grid's own command for the mode (given twice there), and an
# option that acts only beside one the grid's row does not give (--psi-full
# with --record --trigger=psi, --sysroot with --compact --dry-run).
grid=$srcdir/tests/fixtures/options/grid
gridopts=$(grep -v '^option' "$grid" |
	sed -E 's/ (one snapshot|several roots|--[a-z]+)( +[-+]){9}$//' |
	tr ' ' '\n' | sed 's/=.*//' | grep -v -x -e '(none)' -e '-jd' -e '-dj' |
	sed 's/^-q$/--quiet/; s/^--colour$/--color/' | sort -u)
cmpdir=$(mktemp -d) || exit 1
while IFS='|' read -r action mode own; do
	[ -n "$action" ] || continue
	# The options of each row with a '+' (given-twice rows have none).
	grep -E "^.* $action( +[-+]){9}\$" "$grid" | grep -E '\+( |$)' |
		sed -E "s/ $action( +[-+]){9}\$//" | grep -v -x '(none)' |
		tr ' ' '\n' | sed 's/=.*//; s/^-q$/--quiet/; s/^--colour$/--color/' |
		sort -u >"$cmpdir/grid"
	"$FRAGSTAT" --list-options="$mode" | cut -f1 | grep -x -F -e "$gridopts" |
		sort -u >"$cmpdir/listed"
	for o in $own; do
		for f in grid listed; do
			grep -v -x -e "$o" "$cmpdir/$f" >"$cmpdir/x"
			mv "$cmpdir/x" "$cmpdir/$f"
		done
	done
	cmp -s "$cmpdir/grid" "$cmpdir/listed" || {
		echo "FAIL: --list-options=$mode is not what the grid accepts in '$action':"
		diff -u "$cmpdir/grid" "$cmpdir/listed"
		fail=1
	}
done <<'EOF'
one snapshot|show|
several roots|batch|--roots-from --sysroot
--watch|watch|--watch --psi-full
--compare|compare|--compare
--verify|verify|--verify
--capture|capture|--capture
--compact|compact|--compact --sysroot
--map|map|--map
--fleet|fleet|--fleet --roots-from --sysroot
--check|check|--check
EOF
rm -rf "$cmpdir"

if command -v zsh >/dev/null 2>&1; then
	zsh -n "$zshcomp" || { echo "FAIL: zsh -n $zshcomp"; fail=1; }
fi

# bash itself, through bash-completion's _init_completion as in a terminal.
framework=""
for f in ${BASH_COMPLETION:-} \
	"$(pkg-config --variable=prefix bash-completion 2>/dev/null)/share/bash-completion/bash_completion" \
	/usr/share/bash-completion/bash_completion; do
	[ -f "$f" ] && { framework=$f; break; }
done
if ! command -v bash >/dev/null 2>&1 || [ -z "$framework" ]; then
	[ "$fail" -eq 0 ] || exit 1
	echo "SKIP: bash-completion is not installed; only the option lists were checked"
	exit 77
fi

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/snapshot" && : >"$tmp/buddyinfo.txt"
formats=$(values --format | tr '\n' ' ')
colors=$(values --color | tr '\n' ' ')
gfps=$(values --gfp | tr '\n' ' ')
opts=$(echo $help_opts)

# The completion asks the fragstat it completes (words[0]) for each mode's options.
PATH=$(cd "$(dirname "$FRAGSTAT")" && pwd):$PATH
export PATH
cd "$tmp" && bash --norc --noprofile -s "$framework" "$bashcomp" \
	"$opts" "$formats" "$colors" "$gfps" <<'EOS' || fail=1
source "$1" && source "$2" || exit 1
opts=$3 formats=$4 colors=$5 gfps=$6 fail=0
compopt() { :; }	# only works inside a completion that readline started
# expect LINE WORD... -- WANT: what TAB after LINE offers (sorted) is WANT.
expect()
{
	local line=$1 want got
	shift
	COMP_WORDS=()
	while [[ $1 != -- ]]; do COMP_WORDS+=("$1"); shift; done
	want=$(printf '%s\n' $2 | sort | tr '\n' ' ')
	COMP_LINE=$line COMP_POINT=${#line} COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
	COMPREPLY=()
	_fragstat fragstat "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
	got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')
	if [[ $got != "$want" ]]; then
		echo "FAIL: '$line<TAB>' offers '$got', expected '$want'"
		fail=1
	fi
}
[[ $(complete -p fragstat) == *_fragstat* ]] || { echo "FAIL: complete -p fragstat"; exit 1; }
# Every option of --help, '=' kept for those that take an argument.
COMP_WORDS=(fragstat --) COMP_LINE="fragstat --" COMP_POINT=11 COMP_CWORD=1
_fragstat fragstat -- fragstat
for o in $opts; do
	[[ " ${COMPREPLY[*]} " == *" $o "* || " ${COMPREPLY[*]} " == *" $o= "* ]] ||
		{ echo "FAIL: 'fragstat --<TAB>' does not offer $o"; fail=1; }
done
expect "fragstat --adv" fragstat --adv -- --advise
expect "fragstat --format " fragstat --format "" -- "$formats"
expect "fragstat --format=" fragstat --format = "" -- "$formats"
expect "fragstat -f " fragstat -f "" -- "$formats"
expect "fragstat --format=pro" fragstat --format = pro -- prometheus
expect "fragstat --color=" fragstat --color = "" -- "$colors"
expect "fragstat --color " fragstat --color "" -- snapshot
expect "fragstat --gfp " fragstat --gfp "" -- "$gfps"
expect "fragstat --sysroot " fragstat --sysroot "" -- snapshot
expect "fragstat --capture=" fragstat --capture = "" -- snapshot
expect "fragstat --compare " fragstat --compare "" -- snapshot
expect "fragstat --buddyinfo b" fragstat --buddyinfo b -- buddyinfo.txt
expect "fragstat --threshold " fragstat --threshold "" -- ""
# Orders 0 to the largest this machine has, then the same as sizes.
expect "fragstat --advise=0" fragstat --advise = 0 -- 0
expect "fragstat --advise=9,1" fragstat --advise = 9,1 -- \
	"$(_fragstat_orders | grep '^1' | sed 's/^/9,/')"
# Per mode, what fragstat --list-options says acts there (#48): '=' after
# those that take a value; nothing else, whether the mode is a command or
# a flag; every option before a mode is chosen.
for line in "check:fragstat --check --" "check:fragstat check --" \
    "watch:fragstat --watch=1 --" "compare:fragstat compare --" \
    "map:fragstat map --" "compact:fragstat --compact --" \
    "fleet:fragstat fleet --" "need:fragstat need 10 --" \
    "batch:fragstat -r a -r b --" ":fragstat --"; do
	mode=${line%%:*}
	read -r -a COMP_WORDS <<<"${line#*:}"
	COMP_LINE=${line#*:} COMP_POINT=${#COMP_LINE}
	COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
	COMPREPLY=()
	_fragstat fragstat -- "${COMP_WORDS[-2]}"
	got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')
	want=$(fragstat --list-options="$mode" | awk -F '\t' \
		'{ print $1 ($2 != "" && $2 !~ /^\[/ ? "=" : "") }' | sort | tr '\n' ' ')
	[[ -n $want && $got == "$want" ]] || {
		echo "FAIL: '$COMP_LINE<TAB>' offers '$got', not --list-options=$mode's '$want'"
		fail=1
	}
done
expect "fragstat --check --c" fragstat --check --c -- "--color --crit="
expect "fragstat ne" fragstat ne -- need
expect "fragstat help ch" fragstat help ch -- check
# --need's hint: after the count, the sizes (2000x2M).
expect "fragstat --need 20" fragstat --need 20 -- \
	"$(_fragstat_orders | grep '[KMG]$' | sed 's/^/20x/')"
expect "fragstat need 3x" fragstat need 3x -- \
	"$(_fragstat_orders | grep '[KMG]$' | sed 's/^/3x/')"
sizes=$(_fragstat_orders | grep -c '[KMG]$')
orders=$(_fragstat_orders | grep -c -v '[KMG]$')
[[ $sizes -ge 1 && $sizes -eq $orders ]] ||
	{ echo "FAIL: $orders orders but $sizes sizes"; fail=1; }
exit $fail
EOS
exit "$fail"
