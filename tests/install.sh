#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# install.sh - 'make uninstall' leaves nothing that 'make install' made,
# and nothing else is removed (issue #44): installed with make -j2 into an
# empty DESTDIR (twice, as a reinstall does), uninstalled, the DESTDIR is
# empty again; installed where the binary's directory is there already
# (empty, as a system's /usr/local/bin), that directory and its parents
# stay, and only they. Runs make in the build tree of $FRAGSTAT.
set -u
command -v "${MAKE:-make}" >/dev/null 2>&1 ||
	{ echo "SKIP: no make"; exit 77; }
build=$(cd "$(dirname "$FRAGSTAT")/.." && pwd) || exit 99
[ -f "$build/Makefile" ] || { echo "SKIP: no Makefile in $build"; exit 77; }

tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# Run make TARGET into DESTDIR $1 in the build tree, quietly; the test's
# own make (its jobserver, its TESTS=) is not this one's.
mk() {
	dest=$1
	shift
	(cd "$build" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		"${MAKE:-make}" "$@" DESTDIR="$dest") >"$tmp/make.log" 2>&1 ||
		{ cat "$tmp/make.log"; echo "FAIL: make $* DESTDIR=$dest"; exit 1; }
}

# Every path under $1 but $1, sorted.
left() {
	(cd "$1" && find . -mindepth 1 | LC_ALL=C sort)
}

# An empty DESTDIR: empty again after install, install, uninstall.
mkdir "$tmp/fresh" || exit 99
mk "$tmp/fresh" -j2 install
mk "$tmp/fresh" -j2 install
bin=$(cd "$tmp/fresh" && find . -type f -name fragstat -path '*/bin/*')
[ -n "$bin" ] || { echo "FAIL: no bin/fragstat installed"; exit 1; }
bindir=$(dirname "$bin")
mk "$tmp/fresh" uninstall
if [ -n "$(left "$tmp/fresh")" ]; then
	left "$tmp/fresh"
	echo "FAIL: make uninstall left the above in an empty DESTDIR"
	fail=1
fi

# The binary's directory there before: it and its parents stay, no more.
mkdir -p "$tmp/kept/$bindir" || exit 99
want=$(left "$tmp/kept")
mk "$tmp/kept" -j2 install
mk "$tmp/kept" uninstall
got=$(left "$tmp/kept")
if [ "$got" != "$want" ]; then
	printf 'wanted:\n%s\ngot:\n%s\n' "$want" "$got"
	echo "FAIL: make uninstall removed a directory it did not make, or left one"
	fail=1
fi
[ "$fail" -eq 0 ] && echo "ok: uninstall removes what install made, and only that"
exit "$fail"
