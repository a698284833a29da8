#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# extraopts.sh - --extra-opts without a file finds the monitoring plugins'
# ini file as they do (lib/parse_ini.c): $MP_CONFIG_FILE first, then
# monitoring-plugins.ini, plugins.ini or nagios-plugins.ini in the
# directories of $NAGIOS_CONFIG_PATH, in that order; without one, a message
# that says where it looked. The file's syntax is pinned by tests/cli
# (check-extraopts*, bad-extraopts-*).
#
# Environment: FRAGSTAT (the binary), FIXTURES (tests/fixtures).

LC_ALL=C
export LC_ALL
unset MP_CONFIG_FILE NAGIOS_CONFIG_PATH

here=$(cd "$(dirname "$0")" && pwd) || exit 99
: "${FIXTURES:=$here/fixtures}"
[ -x "${FRAGSTAT:-}" ] || { echo "extraopts.sh: FRAGSTAT must name the binary" >&2; exit 99; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-extraopts.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
root=$FIXTURES/corpus/vm-6.18-x86-64-holes
fail=0

# want NAME WANT ENV...: the WARNING line's thresholds with ENV set are WANT.
want() {
	name=$1 want=$2
	shift 2
	got=$(env "$@" "$FRAGSTAT" --extra-opts --check --sysroot "$root" 2>&1 |
	    sed -n 's/.*(\(warning below [0-9]*, critical below [0-9]*\)).*/\1/p')
	[ "$got" = "$want" ] || { echo "FAIL: $name: '$got', want '$want'"; fail=1; }
}

mkdir "$tmp/a" "$tmp/b"
printf '[fragstat]\nwarn = 2000x2M\ncrit = 10x2M\n' >"$tmp/a/plugins.ini"
printf '[fragstat]\nwarn = 3000x2M\ncrit = 20x2M\n' >"$tmp/b/monitoring-plugins.ini"
printf '[fragstat]\nwarn = 4000x2M\ncrit = 30x2M\n' >"$tmp/b/plugins.ini"
want "MP_CONFIG_FILE" "warning below 2000, critical below 10" \
    MP_CONFIG_FILE="$tmp/a/plugins.ini" NAGIOS_CONFIG_PATH="$tmp/b"
want "NAGIOS_CONFIG_PATH, the first directory that has one" \
    "warning below 2000, critical below 10" \
    NAGIOS_CONFIG_PATH=":$tmp/none::$tmp/a:$tmp/b"
want "monitoring-plugins.ini before plugins.ini" \
    "warning below 3000, critical below 20" NAGIOS_CONFIG_PATH="$tmp/b"

# None anywhere (unless this host has one in a standard place).
found=
for f in /usr/local/etc/monitoring-plugins/monitoring-plugins.ini \
    /usr/local/etc/monitoring-plugins.ini \
    /etc/monitoring-plugins/monitoring-plugins.ini /etc/monitoring-plugins.ini \
    /etc/nagios/plugins.ini /usr/local/nagios/etc/plugins.ini \
    /usr/local/etc/nagios/plugins.ini /etc/opt/nagios/plugins.ini \
    /etc/nagios-plugins.ini /usr/local/etc/nagios-plugins.ini \
    /etc/opt/nagios-plugins.ini; do
	[ -e "$f" ] && found=$f
done
if [ -n "$found" ]; then
	echo "SKIP: no file: this host has $found"
else
	out=$(NAGIOS_CONFIG_PATH="$tmp/none" "$FRAGSTAT" --extra-opts \
	    --sysroot "$root" 2>&1)
	st=$?
	[ "$st" = 1 ] && [ "$out" = "fragstat: --extra-opts: no monitoring-plugins.ini or plugins.ini in \$MP_CONFIG_FILE, \$NAGIOS_CONFIG_PATH or /etc/monitoring-plugins; name one: --extra-opts=@FILE" ] ||
		{ echo "FAIL: no file: status $st, '$out'"; fail=1; }
fi
exit "$fail"
