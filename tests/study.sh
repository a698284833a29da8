#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# study.sh - study/large-blocks.sh (make study, root, opt-in) is sound
# without running it: it parses (sh -n; shellcheck where installed), its
# --help is its header, its --dry-run prints exactly the steps of
# tests/study/dry-run.out (one round on two sizes) and, by default, three
# rounds of three sizes and the three pairs compared, and makes nothing:
# no OUT, no image, no mount (--dry-run runs no command but echo). Bad
# settings and usage are refused with status 2. Changes nothing on the host.
LC_ALL=C
export LC_ALL
here=$(cd "$(dirname "$0")" && pwd) || exit 99
script=$(cd "$here/../study" && pwd)/large-blocks.sh || exit 99
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
failed=0

# fail MESSAGE: count a failed check.
fail() {
	failed=$((failed + 1))
	printf 'FAIL: %s\n' "$*"
}

# dry [VAR=VALUE]...: the dry run's output, with this tree's paths as @S@,
# into tmp/out (status in tmp/status).
dry() {
	env FRAGSTAT=/F CHURN=/C TMPDIR=/T "$@" sh "$script" --dry-run "$tmp/o" \
	    >"$tmp/raw" 2>"$tmp/err"
	echo $? >"$tmp/status"
	sed "s|$script|@S@|g; s|$tmp/o|@O@|g" "$tmp/raw" >"$tmp/out"
}

sh -n "$script" || fail "sh -n"
if command -v shellcheck >/dev/null 2>&1; then
	shellcheck -s sh "$script" || fail "shellcheck"
fi

sh "$script" --help >"$tmp/help" 2>&1 || fail "--help: status $?"
head -n 1 "$tmp/help" | grep -q '^large-blocks.sh - the large-block study' ||
	fail "--help: first line: $(head -n 1 "$tmp/help")"

dry RUNS=1 SIZES="4096 65536"
[ "$(cat "$tmp/status")" = 0 ] || fail "dry run: status $(cat "$tmp/status"): $(cat "$tmp/err")"
diff -u "$here/study/dry-run.out" "$tmp/out" || fail "dry run: output differs"
[ ! -e "$tmp/o" ] || fail "dry run: made OUT"
[ ! -e /T ] || fail "dry run: made /T"

dry
[ "$(cat "$tmp/status")" = 0 ] || fail "default dry run: status $(cat "$tmp/status")"
n=$(grep -c -- '--record=@O@/bs[0-9]*/run[123] ' "$tmp/out")
[ "$n" = 9 ] || fail "default dry run: $n recorded runs, not 3 rounds x 3 sizes"
n=$(grep -c '^echo 3 >/proc/sys/vm/drop_caches$' "$tmp/out")
[ "$n" = 9 ] || fail "default dry run: caches dropped $n times, not once before each run"
for pair in 4k-16k 4k-64k 16k-64k; do
	grep -q "^/F --compare .* >@O@/compare-$pair.txt$" "$tmp/out" ||
		fail "default dry run: no compare-$pair"
done

# check_refused DESCRIPTION COMMAND...: COMMAND exits 2 with a message.
check_refused() {
	what=$1
	shift
	"$@" >"$tmp/raw" 2>"$tmp/err"
	st=$?
	if [ "$st" != 2 ] || ! grep -q '^large-blocks: ' "$tmp/err"; then
		fail "$what: status $st, stderr: $(cat "$tmp/err")"
	fi
}
check_refused "RUNS=x" env RUNS=x sh "$script" --dry-run "$tmp/o"
check_refused "RUNS=0" env RUNS=0 sh "$script" --dry-run "$tmp/o"
check_refused "FILE_MB=100" env FILE_MB=100 sh "$script" --dry-run "$tmp/o"
check_refused "FILL_MB=1G" env FILL_MB=1G sh "$script" --dry-run "$tmp/o"
check_refused "--bogus" sh "$script" --bogus
check_refused "two OUTs" sh "$script" --dry-run a b
check_refused "--workload MNT" sh "$script" --workload /nonexistent

[ "$failed" -eq 0 ] || exit 1
echo "PASS: study/large-blocks.sh parses, helps, dry-runs and refuses"
