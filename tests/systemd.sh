#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# systemd.sh - systemd-analyze accepts fragstat-textfile.service and .timer
# (with ExecStart= pointing at the fragstat under test) and rates the
# service's sandbox at most 2.0 of 10 ("SAFE"); skipped without systemd-analyze.
set -u
: "${srcdir:=.}"
command -v systemd-analyze >/dev/null 2>&1 ||
	{ echo "SKIP: no systemd-analyze"; exit 77; }

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
bindir=$(cd "$(dirname "$FRAGSTAT")" && pwd)

# A unit that is surely right: where even it fails, systemd-analyze cannot
# work here (a chroot without /proc, say), and that is not the units' fault.
printf '[Service]\nType=oneshot\nExecStart=/bin/true\n' >"$tmp/probe.service"
systemd-analyze verify --man=no "$tmp/probe.service" >/dev/null 2>&1 ||
	{ echo "SKIP: systemd-analyze verify fails here even on a trivial unit"; exit 77; }

sed -e "s|@bindir@|$bindir|g" "$srcdir/systemd/fragstat-textfile.service.in" \
	>"$tmp/fragstat-textfile.service" &&
	cp "$srcdir/systemd/fragstat-textfile.timer" "$tmp/" || exit 1
fail=0
# --man=no: the man page is not installed while testing.
out=$(systemd-analyze verify --man=no "$tmp/fragstat-textfile.service" \
	"$tmp/fragstat-textfile.timer" 2>&1) || fail=1
[ -z "$out" ] || { printf '%s\n' "$out"; fail=1; }
[ "$fail" -eq 0 ] || echo "FAIL: systemd-analyze verify"

# The exposure score ('systemd-analyze security'; --offline since systemd 250).
if systemd-analyze security --offline=true --threshold=100 \
	"$tmp/fragstat-textfile.service" >/dev/null 2>&1; then
	systemd-analyze security --offline=true --threshold=20 \
		"$tmp/fragstat-textfile.service" >"$tmp/security" 2>&1 ||
		{ cat "$tmp/security"; echo "FAIL: exposure above 2.0"; fail=1; }
	grep 'Overall exposure' "$tmp/security"
fi
exit "$fail"
