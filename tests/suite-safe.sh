#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# suite-safe.sh - 'make check' changes nothing on the host (issue 44): no
# test in Makefile.am's TESTS, nor a tests/ script it sources or runs,
# writes a file under /proc/sys or /sys (a sysctl, nr_hugepages,
# compact_memory, drop_caches, a THP setting), runs sysctl to set one,
# compacts live (fragstat --compact without --sysroot) or runs a helper
# that fragments or holds memory. Tests that must are opt-in: make
# check-host, the live-* targets. A line that writes such a file where it
# cannot reach the host says why with "suite-safe: REASON" on that line.
#
# The audit is by text, so it first proves that it catches each way of
# writing and lets reads and comparisons pass (made-up scripts below).
LC_ALL=C
export LC_ALL
top=$(cd "$(dirname "$0")/.." && pwd) || exit 99
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-suite-safe.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM
failed=0

# audit FILE...: print FILE:LINE: TEXT for each line that changes the host.
audit() {
	awk '
	function unquote(t) { gsub(/["'\''{}()]/, "", t); return t }
	# Whether word T names a file under /proc/sys or /sys, literally or
	# through a variable set to one.
	function host(t,   v) {
		t = unquote(t)
		if (t ~ /^\/(proc\/sys|sys)(\/|$)/)
			return 1
		if (t !~ /^\$/)
			return 0
		v = substr(t, 2)
		sub(/[^A-Za-z0-9_].*/, "", v)
		return v in hostvar
	}
	FNR == 1 { delete hostvar }
	/^[ \t]*#/ || /suite-safe:/ { next }
	{
		line = $0
		bad = 0
		# NAME=VALUE where VALUE is a host file (or one below a host variable).
		if (match(line, /^[ \t]*(local[ \t]+)?[A-Za-z_][A-Za-z0-9_]*=[^ \t;]*/)) {
			a = substr(line, RSTART, RLENGTH)
			sub(/^[ \t]*(local[ \t]+)?/, "", a)
			name = a; sub(/=.*/, "", name)
			val = a; sub(/^[^=]*=/, "", val)
			if (host(val))
				hostvar[name] = 1
		}
		# Redirections: N> or N>> into a host file (>& duplicates); a
		# > inside quotes on its line is text (a message, a pattern).
		q = ""
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (q != "") {
				if (c == q)
					q = ""
			} else if (c == "\"" || c == "'\''") {
				q = c
			} else if (c == ">") {
				t = substr(line, i + 1)
				sub(/^>/, "", t)
				if (t ~ /^&/)
					continue
				sub(/^[ \t]*/, "", t)
				sub(/[ \t;|&<>].*/, "", t)
				if (host(t))
					bad = 1
			}
		}
		# tee into a host file.
		if (match(line, /tee([ \t]+-a)?[ \t]+[^ \t;|]+/)) {
			t = substr(line, RSTART, RLENGTH)
			sub(/^tee([ \t]+-a)?[ \t]+/, "", t)
			if (host(t))
				bad = 1
		}
		# sysctl -w NAME=VALUE, sysctl NAME=VALUE.
		if (line ~ /(^|[^A-Za-z0-9_$\/.-])sysctl[ \t]+(-[A-Za-z]+[ \t]+)*(-w|[A-Za-z0-9_.\/]+=)/)
			bad = 1
		# Python writing a host file named in the line.
		if (line ~ /["'\'']\/(proc\/sys|sys)\// &&
		    line ~ /put\(|O_WRONLY|O_RDWR|write_text|write_bytes|open\(.*["'\''][wa]["'\'']/)
			bad = 1
		# Live compaction: fragstat --compact on this machine.
		if (line ~ /(\$\{?FRAGSTAT|(^|[;&|(][ \t]*)fragstat[ \t])[^;&|]*--compact([ \t]|$)/ &&
		    line !~ /--sysroot/)
			bad = 1
		# The helpers that fragment, pin or hold memory.
		if (line ~ /fragment-hold\.py|pin-pageblocks\.py|\$\{?FRAGMENT|tests\/fragment([^.a-z]|$)|tests\/churn/)
			bad = 1
		if (bad)
			print FILENAME ":" FNR ": " line
	}' "$@"
}

# 1. The audit itself, on made-up scripts: each of these lines must be caught.
cat >"$tmp/bad.sh" <<'EOF'
echo 1 > /proc/sys/vm/compact_memory
echo 3 >/proc/sys/vm/drop_caches
pool=/proc/sys/vm/nr_hugepages
echo 256 > "$pool"
thp=/sys/kernel/mm/transparent_hugepage
echo never >"$thp/defrag"
printf 1 >> ${thp}/enabled
echo 1 | tee /proc/sys/vm/defrag_mode
echo 1 | tee -a "$pool" >/dev/null
sysctl -w vm.defrag_mode=1
sysctl -q vm.nr_hugepages=16
put("/proc/sys/vm/compact_memory", "1")
open("/sys/kernel/mm/transparent_hugepage/defrag", "w").write("never")
fd = os.open("/proc/sys/vm/nr_hugepages", os.O_WRONLY)
"$FRAGSTAT" -q --compact --force
python3 "$here/fragment-hold.py" 1024 &
"$FRAGMENT" 80
EOF
# ...and none of these.
cat >"$tmp/good.sh" <<'EOF'
# echo 1 > /proc/sys/vm/compact_memory: a comment
old=$(cat /proc/sys/vm/defrag_mode)
echo "$old" >"$tmp/saved"
grep -q x /proc/sys/vm/nr_hugepages 2>/dev/null
[ "$a" -gt 1 ] && echo x > "$tmp/out" 2>&1
if a > b: print(open("/proc/sys/vm/nr_hugepages").read())
echo "SKIP: needs root (it sets vm.defrag_mode via sysctl)"
echo "FAIL: after --compact the advice is '$va', expected 'ok'"
sed "s|/proc/sys/vm/compaction_proactiveness|$tmp/p|g" <README.md >"$tmp/r"
"$FRAGSTAT" --sysroot "$root" --compact --force
"$FRAGSTAT" -q --compact --force # suite-safe: in a namespace over our root
grep -e 'fragstat --compact' "$cases"/*/out
grep -v -x -e '    echo 1 > /proc/sys/vm/compact_memory' "$f"
echo "Compact it now, as root: echo 1 > /sys/devices/system/node/node0/compact"
EOF
n=$(grep -c -v '^[a-z]*=' "$tmp/bad.sh")
got=$(audit "$tmp/bad.sh" | wc -l)
if [ "$got" != "$n" ]; then
	failed=$((failed + 1))
	echo "FAIL: the audit caught $got of the $n host writes of a made-up script:"
	audit "$tmp/bad.sh"
fi
if audit "$tmp/good.sh" | grep .; then
	failed=$((failed + 1))
	echo "FAIL: the audit took the lines above for host writes"
fi

# 2. The tests of 'make check': Makefile.am's TESTS += lines (continuations
# joined), and the tests/ scripts they name by path.
awk '/\\$/ { sub(/\\$/, ""); printf "%s", $0; next } { print }' \
    "$top/Makefile.am" |
    awk '$1 == "TESTS" && ($2 == "+=" || $2 == "=") {
	for (i = 3; i <= NF; i++) if ($i ~ /\.sh$/) print $i }' |
    sort -u >"$tmp/tests"
[ -s "$tmp/tests" ] || { echo "FAIL: no TESTS in $top/Makefile.am"; exit 1; }
: >"$tmp/files"
while read -r t; do
	# This file: its made-up scripts above are the writes it looks for.
	[ "$t" = tests/suite-safe.sh ] && continue
	[ -f "$top/$t" ] || { echo "FAIL: $t of TESTS is not in the tree"; failed=$((failed + 1)); continue; }
	echo "$top/$t" >>"$tmp/files"
	grep -v '^[[:space:]]*#' "$top/$t" |
	    grep -o -E '/[A-Za-z0-9_-]+\.(sh|py)' | sort -u |
	    while read -r f; do
		[ -f "$top/tests$f" ] && echo "$top/tests$f"
	    done >>"$tmp/files"
done <"$tmp/tests"
sort -u "$tmp/files" >"$tmp/scan"
if audit $(cat "$tmp/scan") >"$tmp/found"; [ -s "$tmp/found" ]; then
	failed=$((failed + 1))
	sed "s|^$top/||" "$tmp/found"
	echo "FAIL: the lines above change the host in 'make check': move the test to make check-host (Makefile.am) or say why it cannot with 'suite-safe: REASON'"
fi
echo "suite-safe.sh: $(wc -l <"$tmp/tests") tests, $(wc -l <"$tmp/scan") files audited; $failed failed"
[ "$failed" = 0 ]
