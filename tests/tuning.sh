#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tuning.sh - "an option that does nothing in the chosen mode is a usage
# error" (#48), proved: every cell of the grid (tests/fixtures/options/grid)
# where a tuning option is accepted ('+') is run twice, with two extreme
# values of the option, on a root where it matters; the two outputs
# (stdout, stderr, status) must differ. A cell where they cannot is listed
# in EXCEPTIONS below with the reason. Then the presentation options,
# global: --color=never changes no byte where nothing is on a terminal, and
# --color=always and -q are accepted in every mode; NO_COLOR and TERM=dumb
# turn --color=auto off on a terminal, never --color=always.
#
# Environment: FRAGSTAT (the binary), FIXTURES (tests/fixtures).

LC_ALL=C
export LC_ALL
unset NO_COLOR

here=$(cd "$(dirname "$0")" && pwd) || exit 99
: "${FIXTURES:=$here/fixtures}"
grid=$FIXTURES/options/grid
corpus=$FIXTURES/corpus
[ -x "${FRAGSTAT:-}" ] || { echo "tuning.sh: FRAGSTAT must name the binary" >&2; exit 99; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-tuning.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM

# The roots where the options matter. N: fragmented (nothing above order 6
# in DMA32 and Normal), with zoneinfo, under pressure ('some' 45%, 'full'
# 2%: between the marks), so that the advice, its threshold and both PSI
# marks decide something. R: the 6.18 root (pagetypeinfo, sysctls,
# osrelease, the kernel's index files) under the same pressure. H: a 32-bit
# phone with HighMem, which kernel allocations never use (and a 3.4
# kernel's rules). E: CMA free lists, which only pagetypeinfo shows. T: two
# nodes. M: a capture with its map. V: a 2.6.34 root with the kernel's
# index files, not all -1.000, whose layout the release decides.
mkroot() {
	mkdir -p "$tmp/$1/proc/pressure" || exit 99
	printf '%s\n' "some avg10=45.49 avg60=10.23 avg300=5.41 total=76464318" \
	    "full avg10=2.00 avg60=1.05 avg300=0.29 total=58141082" \
	    >"$tmp/$1/proc/pressure/memory"
}
mkroot N
cp "$corpus/node-exporter-fixture-x86/buddyinfo" \
    "$corpus/node-exporter-fixture-x86/zoneinfo" "$tmp/N/proc/" || exit 99
cp -R "$corpus/vm-6.18-x86-64-holes" "$tmp/R" && mkroot R || exit 99
mkroot H
for f in buddyinfo pagetypeinfo zoneinfo; do
	cp "$corpus/android-goclever-i5-arm32-3.4-highmem/$f" "$tmp/H/proc/" ||
	    exit 99
done
mkroot E
for f in buddyinfo pagetypeinfo zoneinfo; do
	cp "$corpus/embedded-4.1-reserve-cma/$f" "$tmp/E/proc/" || exit 99
done
mkroot T
cp "$corpus/insights-core-test-2node/buddyinfo" "$tmp/T/proc/" || exit 99
mkdir -p "$tmp/V/proc" "$tmp/V/sys/kernel/debug/extfrag" || exit 99
v=$corpus/lkml-2010-aarcange-thp-before-compact
cp "$v/buddyinfo" "$tmp/V/proc/" || exit 99
# The kernel's lines end in a blank, which the mail that carried them lost.
for f in extfrag_index unusable_index; do
	sed 's/$/ /' "$v/$f" >"$tmp/V/sys/kernel/debug/extfrag/$f" || exit 99
done
cp -R "$FIXTURES/map/capture" "$tmp/M" && mkroot M || exit 99

# The two values of each tuning row of the grid and the root where they
# matter: "ROW|A|B|ROOT".
values='
--kernel=5.10|--kernel=2.6.16|--kernel=6.18|V
--page-size=4K|--page-size=4K|--page-size=64K|N
--advise=9|--advise=0|--advise=3|N
--gfp=kernel|--gfp=movable|--gfp=kernel|H
--threshold=500|--threshold=0|--threshold=1000|N
--psi-some=10|--psi-some=0|--psi-some=100|N
--psi-full=5|--psi-full=0|--psi-full=100|N
--orders=9|--orders=0|--orders=3|N
--count=2|--count=1|--count=3|N
--low=5|--low=1|--low=1000000000|R
--rows=sizes|--rows=orders|--rows=sizes|N
--need=10 --node=0|--need=10 --node=0|--need=10 --node=1|T
--no-pagetypeinfo||--no-pagetypeinfo|E
'

# Where a row's option matters on another root: "ROW|ACTION|FORMAT|ROOT".
roots='
--kernel=5.10|one snapshot|prom|H
--kernel=5.10|--compact|*|H
--kernel=5.10|--compare|*|H
--kernel=5.10|--fleet|*|H
--kernel=5.10|--check|*|H
'

# Cells that cannot differ, "ROW|ACTION|FORMAT|why" (FORMAT * for every one).
exceptions='
--kernel=5.10|--map|prom|acts in the metrics of one snapshot (above); the one capture with a map (4 orders) has no cell a release decides
--gfp=kernel|--map|prom|acts in the metrics of one snapshot (above); the one capture with a map has no HighMem or Movable zone
--no-pagetypeinfo|--map|prom|acts in the metrics of one snapshot (above); the one capture with a map has no CMA
--need=10 --node=0|--map|*|the one capture with a map has one node (--node=1 is refused as such)
--threshold=500|--compact|*|decides only a node not judged fragmented whose advice is compact at one threshold and reclaim at the other: no fixture has one
'

# The command line of ACTION (a grid's line name) on the root that matters.
action_args() {
	case $1 in
	"one snapshot") echo "-r $2" ;;
	"several roots") echo "--roots-from=$tmp/L" ;;
	--watch) echo "-r $2 --watch=0.01 $3" ;;
	--compare) echo "--compare $2 $tmp/R" ;;
	--verify) echo "-r $tmp/V --verify" ;;
	--capture) echo "-r $2 --capture=$tmp/cap" ;;
	--compact) echo "-r $2 --compact --dry-run" ;;
	--map) echo "-r $tmp/M --map" ;;
	--fleet) echo "--fleet --roots-from=$tmp/L" ;;
	--check) echo "-r $2 --check --crit=1" ;;
	esac
}

# The option of format column $1 of the grid.
format_args() {
	case $1 in
	summary) ;;
	detail) echo --detail ;;
	json) echo --json ;;
	prom) echo --format=prometheus ;;
	*) echo "--format=$1" ;;
	esac
}

# Run fragstat with the words given into $tmp/$OUT, its times made equal
# (--watch's clock) and its status appended.
run() {
	rm -rf "$tmp/cap"
	# shellcheck disable=SC2068
	"$FRAGSTAT" $@ >"$tmp/raw" 2>&1
	echo "status $?" >>"$tmp/raw"
	# A capture keeps what it was told in its metadata.
	[ -f "$tmp/cap/fragstat-capture" ] &&
		grep -v '^time_utc' "$tmp/cap/fragstat-capture" >>"$tmp/raw"
	sed -E -e 's/[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}/TIME/g' \
	    -e 's/"time":"[^"]*"/"time":T/g' \
	    -e 's/"interval_s":[0-9.]+/"interval_s":I/g' "$tmp/raw" >"$tmp/$OUT"
}

formats=$(sed -n '1s/^option \/ action *//p' "$grid")
printf '%s\n' "$values" | while IFS='|' read -r row a b r0; do
	[ -n "$row" ] || continue
	grep -F -e "$row " "$grid" | while read -r line; do
		rest=${line#"$row "}
		action=$(printf '%s\n' "$rest" | sed -E 's/( +[-+]){9}$//')
		cells=$(printf '%s\n' "$rest" | sed -E 's/^.*(( +[-+]){9})$/\1/')
		# --watch counts its samples: --count=2 unless that is the row.
		count=--count=2
		[ "$row" = --count=2 ] && count=
		set -- $cells
		for f in $formats; do
			cell=$1
			shift
			[ "$cell" = + ] || continue
			why=$(printf '%s\n' "$exceptions" | awk -F'|' -v r="$row" \
			    -v a="$action" -v f="$f" '$1 == r && $2 == a &&
			    ($3 == f || $3 == "*") { print $4 }')
			[ -z "$why" ] || continue
			r=$(printf '%s\n' "$roots" | awk -F'|' -v r="$row" \
			    -v a="$action" -v f="$f" -v d="$r0" '$1 == r &&
			    $2 == a && ($3 == f || $3 == "*") { d = $4 }
			    END { print d }')
			# Several roots: the row's and the 6.18 root (or N).
			other=$tmp/R
			[ "$r" = R ] && other=$tmp/N
			printf '%s\n' "$tmp/$r" "$other" >"$tmp/L"
			args="$(action_args "$action" "$tmp/$r" "$count") $(format_args "$f")"
			OUT=a run "$args $a"
			OUT=b run "$args $b"
			if grep -q "^Try 'fragstat --help'" "$tmp/a" "$tmp/b"; then
				echo "FAIL: $row accepted by the grid in '$action' $f, refused: fragstat $args $a / $b"
			elif cmp -s "$tmp/a" "$tmp/b"; then
				echo "FAIL: $row acts in '$action' $f but $a and $b print the same: fragstat $args"
			else
				echo ok
			fi
		done
	done
done >"$tmp/report"

# Presentation options are global (#48): in every cell of the grid that a
# mode shows, --color=never prints the same bytes as no option when not on
# a terminal, and --color=always and -q are accepted.
grep '^(none) ' "$grid" | while read -r line; do
	rest=${line#"(none) "}
	action=$(printf '%s\n' "$rest" | sed -E 's/( +[-+]){9}$//')
	set -- $(printf '%s\n' "$rest" | sed -E 's/^.*(( +[-+]){9})$/\1/')
	printf '%s\n' "$tmp/N" "$tmp/R" >"$tmp/L"
	for f in $formats; do
		cell=$1
		shift
		[ "$cell" = + ] || continue
		args="$(action_args "$action" "$tmp/N" --count=2) $(format_args "$f")"
		OUT=a run "$args"
		OUT=b run "$args --color=never"
		if cmp -s "$tmp/a" "$tmp/b"; then
			echo ok
		else
			echo "FAIL: --color=never changes '$action' $f: fragstat $args"
		fi
		for opt in --color=always -q; do
			OUT=b run "$args $opt"
			if grep -q "^Try 'fragstat --help'" "$tmp/b"; then
				echo "FAIL: $opt refused in '$action' $f: fragstat $args"
			else
				echo ok
			fi
		done
	done
done >>"$tmp/report"

# The colour of a terminal: NO_COLOR and TERM=dumb turn auto off;
# --color=always wins over NO_COLOR. script(1) gives fragstat a terminal.
esc=$(printf '\033')
colored() {
	if grep -q "$esc\\[" "$tmp/out"; then echo yes; else echo no; fi
}
# on_tty WANT ENV...: fragstat on a terminal with ENV set colours or not.
on_tty() {
	want=$1
	shift
	env "$@" script -qec "$FRAGSTAT -r $tmp/R" /dev/null >"$tmp/out" 2>&1
	if [ "$(colored)" = "$want" ]; then echo ok; else
		echo "FAIL: on a terminal with $*: colour $(colored), expected $want"
	fi
}
if command -v script >/dev/null 2>&1 &&
    script -qec true /dev/null >/dev/null 2>&1; then
	{
		on_tty yes TERM=xterm
		on_tty no TERM=dumb
		on_tty no TERM=xterm NO_COLOR=1
		on_tty yes TERM=xterm NO_COLOR=
	} >>"$tmp/report"
else
	echo "SKIP: no script(1): colour on a terminal not checked"
fi
NO_COLOR=1 "$FRAGSTAT" -r "$tmp/R" --color=always >"$tmp/out" 2>&1
[ "$(colored)" = yes ] && echo ok >>"$tmp/report" ||
	echo "FAIL: NO_COLOR beats --color=always" >>"$tmp/report"

grep '^FAIL' "$tmp/report"
n=$(grep -c '^FAIL' "$tmp/report")
echo "tuning.sh: $(grep -c '^ok' "$tmp/report") checks passed, $n failed"
[ "$n" = 0 ]
