#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# promrules.sh - prometheus/fragstat.rules.yml passes 'promtool check rules'
# and its unit tests: fragstat.rules.test.yml (made-up series) and
# fragstat.states.test.yml (the real states of tests/fixtures/states
# replayed; it must be what tests/promstates.sh writes from them now, so
# that it follows fragstat's output), and names only metrics that fragstat
# writes: a renamed metric would otherwise silence an alert for good.
# Skips (77) without promtool (Debian's prometheus package).
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
: "${PROMDIR:=$FIXTURES/../../prometheus}"
command -v promtool >/dev/null 2>&1 || { echo "SKIP: no promtool"; exit 77; }
rules=$PROMDIR/fragstat.rules.yml
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0

promtool check rules "$rules" || { echo "FAIL: promtool check rules"; fail=1; }
# promtool finds the rules file beside the tests, wherever it runs from.
promtool test rules "$PROMDIR/fragstat.rules.test.yml" ||
	{ echo "FAIL: promtool test rules"; fail=1; }
states=$PROMDIR/fragstat.states.test.yml
if ! FRAGSTAT=$FRAGSTAT sh "$(dirname "$0")/promstates.sh" "$FIXTURES/states" >"$tmp/states.yml"; then
	echo "FAIL: tests/promstates.sh"
	fail=1
elif ! diff -u "$states" "$tmp/states.yml"; then
	echo "FAIL: $states is not what tests/promstates.sh writes now (run it and commit its output)"
	fail=1
fi
promtool test rules "$states" || { echo "FAIL: promtool test rules $states"; fail=1; }

# A root with zoneinfo (kcompactd) and PSI, so that every family is written,
# and a capture that stores the map, for the ceiling.
root=$FIXTURES/corpus/vm-6.18-x86-64-holes
if ! "$FRAGSTAT" -q --format=prometheus --sysroot "$root" >"$tmp/m.prom" ||
    ! "$FRAGSTAT" -q --format=prometheus --map --sysroot "$FIXTURES/map/capture" \
    >>"$tmp/m.prom"; then
	echo "FAIL: fragstat --format=prometheus"
	exit 1
fi
sed -n 's/^# TYPE \([^ ]*\) .*/\1/p' "$tmp/m.prom" | sort -u >"$tmp/written"

# Every word that starts with fragstat_; recording rules (level:name:ops)
# have colons and are checked against the rules that record them instead.
grep -o '[A-Za-z0-9_:]*fragstat_[A-Za-z0-9_:]*' "$rules" | sort -u >"$tmp/used"
grep '^fragstat_[A-Za-z0-9_]*$' "$tmp/used" >"$tmp/metrics"
grep ':' "$tmp/used" >"$tmp/recorded"
[ -s "$tmp/metrics" ] || { echo "FAIL: no fragstat metric found in $rules"; fail=1; }
while read -r m; do
	grep -qx "$m" "$tmp/written" ||
		{ echo "FAIL: $rules uses $m, which fragstat does not write"; fail=1; }
done <"$tmp/metrics"
while read -r m; do
	grep -q "^ *- record: $m\$" "$rules" ||
		{ echo "FAIL: $rules uses $m, which no rule records"; fail=1; }
done <"$tmp/recorded"
echo "$(wc -l <"$tmp/metrics") metrics and $(wc -l <"$tmp/recorded") recorded series checked"
exit $fail
