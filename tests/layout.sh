#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# layout.sh - src/'s parts include only downwards (src/README, tests/layout.py).
# Environment: FIXTURES (tests/fixtures of the source tree).
: "${FIXTURES:?}"
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
exec python3 "$FIXTURES/../layout.py" "$FIXTURES/../../src"
