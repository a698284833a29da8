#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# cli.sh - run the shipped fragstat on captured inputs and compare whole
# outputs (stdout, stderr and exit status) with golden files.
#
# Environment: FRAGSTAT (the binary), FIXTURES (absolute path of
# tests/fixtures; default: next to this script), UPDATE_GOLDEN=1 to rewrite
# the golden files of tests/cli/ instead of comparing (the kernel's own
# files under tests/fixtures are never rewritten). Exit 0 when every check
# passed, 1 when one failed (a unified diff is printed for each), 99 on a
# setup error.
#
# tests/cli/NAME/ is one case: 'cmd' holds the arguments on one line,
# split at blanks, where @F@ stands for $FIXTURES; 'stdin' is fed to
# standard input when present (else /dev/null); 'out', 'err' and 'status'
# are the golden results, with $FIXTURES written back as @F@.
# Prefixes: corpus-* run a capture of tests/fixtures/corpus, bad-* must
# fail with status 1, one message and nothing on stdout, usage-* must fail
# with status 2, check-* (--check) must print a status line whose state
# (OK, WARNING, CRITICAL, UNKNOWN) is its exit status (0 to 3).

LC_ALL=C
export LC_ALL
unset NO_COLOR

here=$(cd "$(dirname "$0")" && pwd) || exit 99
cases=$here/cli
: "${FIXTURES:=$here/fixtures}"
update=${UPDATE_GOLDEN:-0}
if [ -z "${FRAGSTAT:-}" ] || [ ! -x "$FRAGSTAT" ]; then
	echo "cli.sh: FRAGSTAT must name the fragstat binary" >&2
	exit 99
fi
if [ ! -d "$FIXTURES/corpus" ] || [ ! -d "$cases" ]; then
	echo "cli.sh: no $FIXTURES/corpus or $cases" >&2
	exit 99
fi
corpus=$FIXTURES/corpus

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-cli.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM

if command -v python3 >/dev/null 2>&1; then
	python=python3
else
	python=
	echo "SKIP: python3 not found, JSON outputs are not parsed"
fi

checks=0
failed=0

# Count one check.
check() {
	checks=$((checks + 1))
}

# Report a failed check: FAIL and the reason.
fail() {
	failed=$((failed + 1))
	printf 'FAIL: %s\n' "$*"
}

# Compare golden file $1 with actual file $2 for check $3; print a diff.
same() {
	if [ ! -f "$1" ]; then
		fail "$3: no golden file $1 (make update-golden)"
	elif ! cmp -s "$1" "$2"; then
		fail "$3"
		diff -u "$1" "$2"
	fi
}

# Set R to $1 with every @F@ replaced by $FIXTURES, without a subprocess.
subst() {
	R=
	s=$1
	while :; do
		case $s in
		*@F@*)
			R=$R${s%%@F@*}$FIXTURES
			s=${s#*@F@}
			;;
		*)
			break
			;;
		esac
	done
	R=$R$s
}

# Copy files $tmp/out.raw and $tmp/err.raw to $tmp/out and $tmp/err with
# every $FIXTURES written as @F@ (one process for both: this runs per case).
unroot() {
	F=$FIXTURES awk '
		FNR == 1 { dst = FILENAME; sub(/\.raw$/, "", dst); printf "" >dst }
		{
			out = ""; s = $0; f = ENVIRON["F"]
			while ((i = index(s, f)) > 0) {
				out = out substr(s, 1, i - 1) "@F@"
				s = substr(s, i + length(f))
			}
			print out s >dst
		}' "$tmp/out.raw" "$tmp/err.raw"
	# awk never sees an empty file.
	[ -s "$tmp/out.raw" ] || : >"$tmp/out"
	[ -s "$tmp/err.raw" ] || : >"$tmp/err"
}

# Run case directory $1 and compare (or rewrite) its golden files.
run_case() {
	d=$1
	name=${d##*/}
	line=
	read -r line <"$d/cmd" || [ -n "$line" ] || {
		fail "$name: empty cmd"
		return
	}
	set -f
	# shellcheck disable=SC2086
	set -- $line
	set +f
	for w; do
		shift
		subst "$w"
		set -- "$@" "$R"
	done
	input=/dev/null
	if [ -f "$d/stdin" ]; then
		sed "s|@F@|$FIXTURES|g" "$d/stdin" >"$tmp/stdin"
		input=$tmp/stdin
	fi
	"$FRAGSTAT" "$@" <"$input" >"$tmp/out.raw" 2>"$tmp/err.raw"
	st=$?
	unroot
	want=
	[ -f "$d/status" ] && read -r want <"$d/status"
	check
	if [ "$update" = 1 ]; then
		[ "$st" = "$want" ] ||
			{ echo "$st" >"$d/status" && echo "updated $name/status"; }
	elif [ "$st" != "$want" ]; then
		fail "$name: status $st, golden ${want:-missing}"
	fi
	for f in out err; do
		check
		if [ "$update" = 1 ]; then
			cmp -s "$tmp/$f" "$d/$f" 2>/dev/null ||
				{ cp "$tmp/$f" "$d/$f" && echo "updated $name/$f"; }
		else
			same "$d/$f" "$tmp/$f" "$name: $f"
		fi
	done
	case " $line " in
	*" --json "* | *" --format=json "* | *" -j "*)
		# 4 to 7: --need's answers, with the whole document.
		case $st in [04567]) echo "$d/out" >>"$tmp/json.list" ;; esac
		;;
	esac
}

# 1. Every case against its golden files.
for d in "$cases"/*/; do
	d=${d%/}
	[ -f "$d/cmd" ] && run_case "$d"
done

# 2. The goldens themselves keep the promises of their prefixes.
for d in "$cases"/*/; do
	d=${d%/}
	name=${d##*/}
	[ -f "$d/status" ] || continue
	read -r st <"$d/status"
	case $name in
	bad-*)
		check
		[ "$st" = 1 ] || fail "$name: status $st, not 1"
		check
		[ -s "$d/out" ] && fail "$name: bad input wrote to stdout"
		check
		[ "$(wc -l <"$d/err")" -eq 1 ] && grep -q '^fragstat: ' "$d/err" ||
			fail "$name: stderr is not one 'fragstat: ' message"
		;;
	check-*)
		# A monitoring plugin: one status line whose state is the exit status.
		check
		word=$(sed -n '1s/^FRAGSTAT \([A-Z]*\) - .*/\1/p' "$d/out")
		case $st:$word in
		0:OK | 1:WARNING | 2:CRITICAL | 3:UNKNOWN) ;;
		*) fail "$name: status $st with status line '${word:-none}'" ;;
		esac
		;;
	usage-*)
		check
		[ "$st" = 2 ] || fail "$name: status $st, not 2"
		check
		[ -s "$d/out" ] && fail "$name: usage error wrote to stdout"
		check
		tail -n 1 "$d/err" | grep -q "^Try 'fragstat --help'" ||
			fail "$name: no 'Try fragstat --help' hint"
		;;
	esac
done

# Every --json golden parses (one python for all: it is slow to start).
if [ -n "$python" ] && [ -s "$tmp/json.list" ]; then
	check
	"$python" -c '
import json, sys
bad = 0
for path in sys.stdin.read().split("\n"):
    if path:
        try:
            text = open(path).read()
            # One document, or one per line (NDJSON from batches).
            if text.count("\n") > 1 and text.startswith("{\""):
                for line in text.splitlines():
                    json.loads(line)
            else:
                json.loads(text)
        except ValueError as e:
            print("FAIL: %s is not valid JSON: %s" % (path, e))
            bad += 1
sys.exit(bad != 0)' <"$tmp/json.list" || failed=$((failed + 1))
fi

# 3. The kernel's own debugfs files are the golden output for the captures
# that include them (tests/fixtures/corpus/*/PROVENANCE). Mail
# transcriptions lost the trailing spaces, so 'strip' compares without
# them; the release picks the extfrag layout: '%d.%03d' up to 5.15,
# '%2d.%03d' from 5.16. Not here: lkml-2016-hannes-*, whose index files
# were not read at the same moment as buddyinfo.
#	capture				release	format	 kernel file	compare
truth_table='
lkml-2010-aarcange-thp-before-compact	2.6.34	unusable unusable_index	strip
lkml-2010-aarcange-thp-before-compact	2.6.34	extfrag	 extfrag_index	strip
lkml-2010-aarcange-thp-after-compact	2.6.34	unusable unusable_index	strip
lkml-2010-aarcange-thp-after-compact	2.6.34	extfrag	 extfrag_index	strip
lkml-2016-xqiu-8node			4.9	unusable unusable_index	strip
lkml-2018-rharris-dma-1			4.15	extfrag	 extfrag_index	exact
lkml-2018-rharris-dma-1983		4.15	extfrag	 extfrag_index	exact
vm-6.18-x86-64-holes			root	unusable unusable_index	exact
vm-6.18-x86-64-holes			root	extfrag	 extfrag_index	exact
'

# Returns whether capture $1 has --format=$2 in the table above.
has_truth() {
	printf '%s\n' "$truth_table" | awk -v c="$1" -v f="$2" '
		$1 == c && $3 == f { found = 1 } END { exit !found }'
}

while read -r cap rel fmt file mode; do
	[ -n "$cap" ] || continue
	dir=$corpus/$cap
	check
	if [ "$rel" = root ]; then
		kfile=$dir/sys/kernel/debug/extfrag/$file
		"$FRAGSTAT" --sysroot "$dir" --format="$fmt" >"$tmp/mine" 2>"$tmp/err"
	else
		kfile=$dir/$file
		# The unusable index reads the same on every release.
		kernel=--kernel=$rel
		[ "$fmt" = unusable ] && kernel=
		"$FRAGSTAT" --buddyinfo="$dir/buddyinfo" $kernel \
		    --format="$fmt" >"$tmp/mine" 2>"$tmp/err"
	fi
	st=$?
	if [ "$st" != 0 ] || [ -s "$tmp/err" ]; then
		fail "truth $cap $fmt: status $st"
		cat "$tmp/err"
		continue
	fi
	if [ "$mode" = strip ]; then
		sed 's/ *$//' "$kfile" >"$tmp/kernel"
		sed 's/ *$//' "$tmp/mine" >"$tmp/mine.stripped"
		mv "$tmp/mine.stripped" "$tmp/mine"
	else
		cp "$kfile" "$tmp/kernel"
	fi
	same "$tmp/kernel" "$tmp/mine" \
	    "truth $cap --format=$fmt differs from the kernel's $file ($mode)"
done <<EOF
$truth_table
EOF

# 4. Every capture with a buddyinfo is covered in all four formats, by a
# golden case or by the kernel's own file.
for dir in "$corpus"/*/; do
	dir=${dir%/}
	cap=${dir##*/}
	[ -f "$dir/buddyinfo" ] || [ -f "$dir/proc/buddyinfo" ] || continue
	for fmt in table json unusable extfrag; do
		check
		[ -f "$cases/corpus-$cap-$fmt/cmd" ] || has_truth "$cap" "$fmt" ||
			fail "coverage: no case corpus-$cap-$fmt"
	done
done

# 4b. Every capture is whole: read with each zoneinfo and pagetypeinfo it
# has (a root with all its files), none may be refused as cut short. An
# empty pagetypeinfo (a copy made without root) stays a file not read.
for dir in "$corpus"/*/; do
	dir=${dir%/}
	cap=${dir##*/}
	if [ -f "$dir/proc/buddyinfo" ]; then
		set -- --sysroot="$dir"
	elif [ -f "$dir/buddyinfo" ]; then
		set -- --buddyinfo="$dir/buddyinfo"
		[ -f "$dir/zoneinfo" ] && set -- "$@" --zoneinfo="$dir/zoneinfo"
		[ -s "$dir/pagetypeinfo" ] &&
			set -- "$@" --pagetypeinfo="$dir/pagetypeinfo"
	else
		continue
	fi
	check
	"$FRAGSTAT" "$@" --json >/dev/null 2>"$tmp/err" ||
		{ fail "whole: $cap refused"; cat "$tmp/err"; }
done

# 5. --verify: the 6.18 root agrees with its kernel files; a copy whose
# extfrag_index has one digit changed must exit 3 and name the line.
vroot=$corpus/vm-6.18-x86-64-holes
check
"$FRAGSTAT" --sysroot "$vroot" --verify >"$tmp/out" 2>"$tmp/err"
st=$?
cat >"$tmp/want" <<'EOF'
unusable_index: identical (3 zones, 11 orders)
extfrag_index: identical (3 zones, 11 orders)
EOF
[ "$st" = 0 ] && [ ! -s "$tmp/err" ] || fail "verify: status $st"
same "$tmp/want" "$tmp/out" "verify: report for the 6.18 root"

check
cp -R "$vroot" "$tmp/root"
ef=$tmp/root/sys/kernel/debug/extfrag/extfrag_index
sed '2s/-1\.000 -1\.000 $/-1.000 -1.001 /' "$ef" >"$ef.new" && mv "$ef.new" "$ef"
if cmp -s "$ef" "$vroot/sys/kernel/debug/extfrag/extfrag_index"; then
	fail "verify: could not alter the copy of extfrag_index"
fi
"$FRAGSTAT" --sysroot "$tmp/root" --verify >"$tmp/out" 2>"$tmp/err"
st=$?
cat >"$tmp/want" <<'EOF'
unusable_index: identical (3 zones, 11 orders)
extfrag_index: DIFFERS at line 2
  kernel:   Node 0, zone    DMA32 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.001 
  fragstat: Node 0, zone    DMA32 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 
EOF
[ "$st" = 3 ] && [ ! -s "$tmp/err" ] || fail "verify altered: status $st, not 3"
same "$tmp/want" "$tmp/out" "verify altered: report"
tampered=$tmp/root

# 6. Output errors are reported, never silent: a full device. A pipe whose
# reader has gone (SIGPIPE is ignored, so write() fails with EPIPE) is the
# normal end, as with cat and grep: fragstat stops quietly with status 0.
for args in "--color=never" "--json" "--format=unusable" "--verify" \
    "--help" "--version"; do
	check
	# shellcheck disable=SC2086
	"$FRAGSTAT" --sysroot "$vroot" $args >/dev/full 2>"$tmp/err"
	st=$?
	echo "fragstat: write error: No space left on device" >"$tmp/want"
	[ "$st" = 1 ] || fail "/dev/full $args: status $st, not 1"
	same "$tmp/want" "$tmp/err" "/dev/full $args: stderr"
done
# Under --check every error is UNKNOWN (3), a write error too: the state
# computed (CRITICAL here, 2) is not what a lost status line says.
check
"$FRAGSTAT" -q --sysroot "$FIXTURES/fleet/h1" --check \
    >/dev/full 2>"$tmp/err"
st=$?
echo "fragstat: write error: No space left on device" >"$tmp/want"
[ "$st" = 3 ] || fail "/dev/full --check: status $st, not 3"
same "$tmp/want" "$tmp/err" "/dev/full --check: stderr"

# A write end whose every reader is gone, made without a race: open a
# FIFO read-write (so the write-only open does not block), open it
# write-only, then close the read-write descriptor. Every mode ends the
# same way: quietly, with the status it would have had.
: >"$tmp/empty"
mkfifo "$tmp/fifo"
closed_pipe() {
	want=$1
	shift
	check
	exec 3<>"$tmp/fifo"
	exec 4>"$tmp/fifo"
	exec 3<&-
	"$FRAGSTAT" "$@" >&4 2>"$tmp/err"
	st=$?
	exec 4>&-
	[ "$st" = "$want" ] || fail "closed pipe $*: status $st, not $want"
	same "$tmp/empty" "$tmp/err" "closed pipe $*: stderr"
}
while read -r want args; do
	[ -n "$want" ] || continue
	subst "$args"
	# shellcheck disable=SC2086
	closed_pipe "$want" $R
done <<EOF
0 --sysroot @F@/corpus/vm-6.18-x86-64-holes
0 --sysroot @F@/corpus/vm-6.18-x86-64-holes --json
0 --sysroot @F@/corpus/vm-6.18-x86-64-holes --advise
0 --sysroot @F@/corpus/vm-6.18-x86-64-holes --format=unusable
0 --sysroot @F@/corpus/vm-6.18-x86-64-holes --format=extfrag
0 --sysroot @F@/corpus/vm-6.18-x86-64-holes --format=prometheus
0 --sysroot @F@/corpus/vm-6.18-x86-64-holes --verify
0 --sysroot @F@/corpus/vm-6.18-x86-64-holes --verify --json
0 --sysroot @F@/corpus/vm-6.18-x86-64-holes --sysroot @F@/corpus/vm-6.18-x86-64-holes -q
0 --compare @F@/corpus/vm-6.18-x86-64-holes @F@/corpus/vm-6.18-x86-64-holes
0 --buddyinfo @F@/corpus/vm-6.18-x86-64-holes/proc/buddyinfo --watch 0.01 --count 2 -q
0 --help
0 --version
EOF

# The same as JSON: where the first difference is, and status 3.
check
"$FRAGSTAT" --sysroot "$tampered" --verify --json >"$tmp/out" 2>"$tmp/err"
st=$?
sed "s|$tmp|@T@|" "$tmp/out" >"$tmp/out.t"
cat >"$tmp/want" <<'EOF'
{
  "buddyinfo_reads": null,
  "files": [
    {
      "file": "unusable_index",
      "path": "@T@/root/sys/kernel/debug/extfrag/unusable_index",
      "identical": true,
      "zones": 3,
      "orders": 11
    },
    {
      "file": "extfrag_index",
      "path": "@T@/root/sys/kernel/debug/extfrag/extfrag_index",
      "identical": false,
      "zones": 3,
      "orders": 11,
      "line": 2,
      "kernel": "Node 0, zone    DMA32 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.001 ",
      "fragstat": "Node 0, zone    DMA32 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 "
    }
  ],
  "identical": false
}
EOF
[ "$st" = 3 ] && [ ! -s "$tmp/err" ] || fail "verify --json altered: status $st, not 3"
same "$tmp/want" "$tmp/out.t" "verify --json altered: report"
closed_pipe 3 --sysroot "$tampered" --verify
rm -rf "$tampered"

# The everyday case, '| head -c1', made certain: the JSON of 600 zones is
# larger than a pipe holds, so some write must meet the closed pipe.
check
awk 'BEGIN {
	for (n = 0; n < 200; n++) {
		printf "Node %d, zone      DMA      1      2      3 \n", n
		printf "Node %d, zone    DMA32      4      5      6 \n", n
		printf "Node %d, zone   Normal      7      8      9 \n", n
	}
}' >"$tmp/big"
first=$({
	"$FRAGSTAT" --buddyinfo="$tmp/big" --json 2>"$tmp/err"
	echo $? >"$tmp/status"
} | head -c1)
st=$(cat "$tmp/status")
: >"$tmp/want"
[ "$first" = "{" ] || fail "| head -c1: read '$first', not '{'"
[ "$st" = 0 ] || fail "| head -c1: status $st, not 0"
same "$tmp/want" "$tmp/err" "| head -c1: stderr"

# /dev/zero never ends: the 16 MiB cap must stop it at once.
if command -v timeout >/dev/null 2>&1; then
	check
	timeout 10 "$FRAGSTAT" --buddyinfo=/dev/zero >/dev/null 2>&1
	st=$?
	[ "$st" = 124 ] && fail "/dev/zero: still reading after 10 s"
fi

# 7. What the JSON means, not only its bytes.
if [ -n "$python" ]; then
	# A zone name with a quote and a backslash is accepted and escaped.
	check
	"$FRAGSTAT" --buddyinfo="$FIXTURES/bad/buddyinfo-zone-quote" --json \
	    >"$tmp/quote.json" 2>"$tmp/err"
	"$python" -m json.tool <"$tmp/quote.json" >/dev/null ||
		fail "json: zone names with a quote do not parse"

	# Index values equal the kernel's files: 'JSON KEY KERNEL-FILE' lines.
	: >"$tmp/pairs"
	while read -r cap key file; do
		[ -n "$cap" ] || continue
		if [ -d "$corpus/$cap/proc" ]; then
			"$FRAGSTAT" --sysroot "$corpus/$cap" --json
		else
			"$FRAGSTAT" --buddyinfo="$corpus/$cap/buddyinfo" --json
		fi >"$tmp/$cap-$key.json"
		echo "$tmp/$cap-$key.json $key $corpus/$cap/$file" >>"$tmp/pairs"
	done <<EOF
vm-6.18-x86-64-holes	  unusable_index      sys/kernel/debug/extfrag/unusable_index
vm-6.18-x86-64-holes	  fragmentation_index sys/kernel/debug/extfrag/extfrag_index
lkml-2018-rharris-dma-1	  fragmentation_index extfrag_index
lkml-2018-rharris-dma-1983 fragmentation_index extfrag_index
lkml-2010-aarcange-thp-before-compact unusable_index unusable_index
lkml-2010-aarcange-thp-before-compact fragmentation_index extfrag_index
lkml-2016-xqiu-8node	  unusable_index      unusable_index
EOF
	checks=$((checks + $(wc -l <"$tmp/pairs")))
	# The kernel prints index v as v / 1000, ".", v % 1000 with C's
	# truncating division, so "I.F" is I * 1000 + F, also for "0.-500"
	# (-500, which the JSON writes -0.500) and "-1.000".
	"$python" -c '
import decimal, json, sys
names = [z["zone"] for z in json.load(open(sys.argv[1]))["zones"]]
bad = 0
if names != ["DMA", "Nor\"mal", "back\\slash"]:
    print("FAIL: json: zone names read back as %r" % names)
    bad += 1
for line in sys.stdin:
    path, key, kfile = line.split()
    doc = json.load(open(path), parse_float=decimal.Decimal)
    mine = [[int(x * 1000) for x in z[key]] for z in doc["zones"]]
    want = [[int(t.split(".")[0]) * 1000 + int(t.split(".")[1])
             for t in row.split()[4:]] for row in open(kfile)]
    if mine != want:
        print("FAIL: json: %s differs from %s" % (key, kfile))
        print("  json:  ", mine)
        print("  kernel:", want)
        bad += 1
sys.exit(bad)' "$tmp/quote.json" <"$tmp/pairs" || failed=$((failed + 1))
fi

# A command fragstat suggests is copied whole: it stands on a line of its
# own, indented, never wrapped inside (the next step, in every golden but
# --help's, which lists the modes as commands beside what they do).
checks=$((checks + 1))
# shellcheck disable=SC2046
if grep -h -e 'echo 1 >' -e 'fragstat --compact' $(printf '%s\n' \
    "$cases"/*/out | grep -v '/help[^/]*/out$') |
    grep -v -x -e '    echo 1 > /proc/sys/vm/compact_memory' \
    -e '    fragstat --compact' | grep -q .; then
	echo "FAIL: a suggested command shares or wraps its line:"
	grep -h -e 'echo 1 >' -e 'fragstat --compact' "$cases"/*/out | sort -u
	failed=$((failed + 1))
fi

if [ "$update" = 1 ]; then
	echo "cli.sh: goldens updated; review them with git diff"
fi
echo "cli.sh: $checks checks, $failed failed"
[ "$failed" -eq 0 ]
