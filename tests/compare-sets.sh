#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# compare-sets.sh - the tables of --compare of sets fit 80 columns, the
# picture's panels come in effect order with ticks within each metric's
# domain, and no rate without a denominator or -1.000 index is averaged
# (compare-sets.py). Skips (77) without python3.
: "${FRAGSTAT:?}" "${FIXTURES:?}"
command -v python3 > /dev/null || { echo "SKIP: python3 not found"; exit 77; }
here=$(cd "$(dirname "$0")" && pwd) || exit 99
exec python3 "$here/compare-sets.py" "$FRAGSTAT" "$FIXTURES" "$here/cli"
