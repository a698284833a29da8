#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# duckdb.sh - the flat rows of 10,000 roots (bench/gen-root --mixed: 1, 2
# or 3 nodes, every fourth of 64 KiB pages) loaded into a
# real DuckDB (the npm package @duckdb/node-api in tests/duckdb/, which
# .ci/run installs) give the same aggregates as fragstat's own --fleet:
# per size, over hosts and over nodes, the count, min, max, nearest-rank
# percentiles (quantile_disc), the hosts with none free now; --need's
# verdicts; the worst hosts; the kernels and page sizes. The CSV and NDJSON
# rows must hold the same values. Skipped without node or the package.
#
# The roots are generated once into the build tree (tests/duckdb-roots,
# about 400 MB, 40 s) and kept for later runs; 'make clean' removes them.
set -u
LC_ALL=C
export LC_ALL
here=$(cd "$(dirname "$0")" && pwd) || exit 99
roots=${DUCKDB_ROOTS:-$(pwd)/tests/duckdb-roots}
count=10000
need=2000x2M

command -v node >/dev/null 2>&1 ||
	{ echo "SKIP: node not found (apt-get install nodejs)"; exit 77; }
[ -d "$here/duckdb/node_modules/@duckdb/node-api" ] ||
	{ echo "SKIP: no @duckdb/node-api (cd tests/duckdb && npm install)"; exit 77; }
command -v python3 >/dev/null 2>&1 ||
	{ echo "SKIP: python3 not found for bench/gen-root"; exit 77; }
[ -n "${FRAGSTAT:-}" ] && [ -x "$FRAGSTAT" ] ||
	{ echo "duckdb.sh: FRAGSTAT must name the fragstat binary" >&2; exit 99; }

# The generator's own text stamps its roots: a changed generator makes new ones.
stamp=$(cksum <"$here/../bench/gen-root")" $count mixed"
if [ "$(cat "$roots/.stamp" 2>/dev/null)" != "$stamp" ]; then
	rm -rf "$roots"
	python3 "$here/../bench/gen-root" --mixed --count "$count" --minimal \
		"$roots" || exit 99
	echo "$stamp" >"$roots/.stamp"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-duckdb.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM
ls -d "$roots"/[0-9]* >"$tmp/list"
[ "$(wc -l <"$tmp/list")" -eq "$count" ] || { echo "FAIL: not $count roots"; exit 1; }

# A batch and --fleet exit with the worst root's answer to --need (4 to 8);
# only a failure (1, 2) is one here.
answered() {
	case $1 in 0 | 4 | 5 | 6 | 7 | 8) return 0 ;; esac
	return 1
}
for f in csv ndjson; do
	rc=0
	"$FRAGSTAT" -q --roots-from="$tmp/list" --format=$f --rows=sizes \
		--need=$need >"$tmp/rows.$f" || rc=$?
	answered $rc || { echo "FAIL: --format=$f exit $rc"; exit 1; }
done
rc=0
"$FRAGSTAT" -q --fleet --roots-from="$tmp/list" --need=$need --json \
	>"$tmp/fleet.json" || rc=$?
answered $rc || { echo "FAIL: --fleet --json exit $rc"; exit 1; }
node "$here/duckdb/check.mjs" "$tmp/rows.csv" "$tmp/rows.ndjson" \
	"$tmp/fleet.json"
