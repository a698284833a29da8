#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# promfleet.sh - the fleet's recording rules (prometheus/
# fragstat.fleet.rules.yml) pass 'promtool check rules' and give over the
# hosts' series what --fleet --json gives over their roots, mixed page
# sizes and node counts (promfleet.py). Skips (77) without promtool or
# python3.
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
here=$(cd "$(dirname "$0")" && pwd) || exit 99
: "${PROMDIR:=$here/../prometheus}"
command -v promtool >/dev/null 2>&1 || { echo "SKIP: no promtool"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }
rules=$PROMDIR/fragstat.fleet.rules.yml
promtool check rules "$rules" || { echo "FAIL: promtool check rules $rules"; exit 1; }
exec python3 "$here/promfleet.py" "$FRAGSTAT" "$FIXTURES" "$rules" \
	"$here/../bench/gen-root"
