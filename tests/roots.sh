#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Long --sysroot paths: every note about a file not read names the whole
# path and says the whole reason, for a root of ~400 characters (once cut
# at 320 bytes) and one of ~2600 (once written past the notes: ASan).
set -u
: "${FRAGSTAT:?}" "${FIXTURES:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm="$FIXTURES/corpus/vm-6.18-x86-64-holes"
fail=0

# deep_root COMPONENTS: a new root of that many 200-character directories
# holding only buddyinfo, so that the optional files become notes.
deep_root() {
	d=$tmp/$1
	i=0
	while [ $i -lt "$1" ]; do
		d=$d/$(printf '%0200d' "$i")
		i=$((i + 1))
	done
	mkdir -p "$d/proc" && cp "$vm/proc/buddyinfo" "$d/proc/" || exit 99
	echo "$d"
}

for n in 2 13; do
	root=$(deep_root $n)
	"$FRAGSTAT" --sysroot "$root" --detail --color=never > "$tmp/out" 2> "$tmp/err"
	st=$?
	cat > "$tmp/want" <<WANT
fragstat: $root/proc/pagetypeinfo: No such file or directory (no per-migratetype view)
fragstat: $root/proc/pressure/memory: No such file or directory (PSI is off or the kernel predates 4.20; no memory pressure)
WANT
	if [ $st -ne 0 ] || ! cmp -s "$tmp/want" "$tmp/err" ||
	    ! grep -q "^Node 0, zone DMA:" "$tmp/out"; then
		echo "FAIL: root of ${#root} characters: status $st, stderr:"
		diff "$tmp/want" "$tmp/err" | cut -c 1-200
		fail=1
	fi
done

# A root whose name is not UTF-8 is a JSON string with U+FFFD for the byte,
# in --fleet's worst hosts as in the batch's snapshot member (the one
# writer): --fleet once wrote it as an array of byte values.
mkdir "$tmp/weird" &&
    cp -R "$FIXTURES/fleet/h1" "$tmp/weird/$(printf 'x\377y')" &&
    cp -R "$FIXTURES/fleet/h1" "$tmp/weird/a,b\"c" || exit 99
cat > "$tmp/want" <<'WANT'
"root": "weird/x\ufffdy",
"root": "weird/a,b\"c",
"snapshot":"weird/x\ufffdy"
"snapshot":"weird/a,b\"c"
WANT
(
	cd "$tmp" || exit 99
	"$FRAGSTAT" -q --fleet --json -r "weird/$(printf 'x\377y')" \
	    -r 'weird/a,b"c' | grep -o '"root": .*'
	"$FRAGSTAT" -q --json -r "weird/$(printf 'x\377y')" \
	    -r 'weird/a,b"c' | grep -Eo '"snapshot":"([^"\\]|\\.)*"'
) > "$tmp/out" 2>&1
if ! cmp -s "$tmp/want" "$tmp/out"; then
	echo "FAIL: roots not UTF-8 in JSON:"
	diff "$tmp/want" "$tmp/out"
	fail=1
fi
exit $fail
