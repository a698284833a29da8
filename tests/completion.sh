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
sizes=$(_fragstat_orders | grep -c '[KMG]$')
orders=$(_fragstat_orders | grep -c -v '[KMG]$')
[[ $sizes -ge 1 && $sizes -eq $orders ]] ||
	{ echo "FAIL: $orders orders but $sizes sizes"; fail=1; }
exit $fail
EOS
exit "$fail"
