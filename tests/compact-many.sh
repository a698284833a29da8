#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# compact-many.sh - --compact names every file it wrote, however many nodes:
# 20 nodes' sysfs files once cut the "wrote 1 to" line and the JSON
# "written" after node 12 (a 512-byte buffer). The run sees a made-up
# machine: in a private mount namespace, a root of our own is mounted over
# /proc and /sys, so the writes land in plain files of that root, never in
# the kernel's. Skips unless root may make mount namespaces (unshare -m).
set -u
: "${FRAGSTAT:?}"
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
command -v unshare >/dev/null 2>&1 || { echo "SKIP: no unshare"; exit 77; }
if ! unshare -m true 2>/dev/null; then
	echo "SKIP: no mount namespace (unshare -m needs root)"; exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-compact.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM
fail=0
nodes=20

# Make root $1: buddyinfo with $nodes nodes; with $2 "node" each node's
# compact file, else only /proc/sys/vm/compact_memory.
mkroot() {
	mkdir -p "$1/proc/sys/vm" "$1/sys" || exit 99
	i=0
	while [ "$i" -lt "$nodes" ]; do
		printf 'Node %d, zone   Normal      1      2      3      4      5      6      7      8      9     10     11\n' "$i"
		if [ "$2" = node ]; then
			mkdir -p "$1/sys/devices/system/node/node$i" &&
			    : >"$1/sys/devices/system/node/node$i/compact" || exit 99
		fi
		i=$((i + 1))
	done >"$1/proc/buddyinfo"
	: >"$1/proc/sys/vm/compact_memory" || exit 99
}

# Run fragstat --compact --force and the rest of "$@" with root $1 as the machine.
on() {
	root=$1
	shift
	unshare -m sh -c 'mount --make-rprivate / &&
	    mount --bind "$1/proc" /proc && mount --bind "$1/sys" /sys &&
	    shift && exec "$@"' sh "$root" "$FRAGSTAT" -q --compact --force "$@"  # suite-safe: /proc and /sys are our root's, in a mount namespace
}

# Compare $2 (what came) with $3 (what should) for check $1.
want() {
	if [ "$2" != "$3" ]; then
		echo "FAIL: $1"; echo "expected: $3"; echo "got:      $2"; fail=1
	fi
}

mkroot "$tmp/numa" node
files=/sys/devices/system/node/node0/compact
all=0
i=1
while [ "$i" -lt "$nodes" ]; do
	files="$files /sys/devices/system/node/node$i/compact"
	all="$all, $i"
	i=$((i + 1))
done
line=$(on "$tmp/numa" | head -1)
want "text names all $nodes files" "$(echo "$line" | sed 's/ in [0-9.]* s:/ in T s:/')" \
    "Compacted nodes $all in T s: wrote 1 to $files"
written=$(on "$tmp/numa" --json |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["compaction"]["written"])')
want "JSON names all $nodes files" "$written" "$files"
want "node 19 was written" "$(cat "$tmp/numa/sys/devices/system/node/node19/compact")" 1

# Without per-node files (no CONFIG_NUMA) the one file compacts every node.
mkroot "$tmp/flat" flat
line=$(on "$tmp/flat" | head -1)
want "without per-node files" "$(echo "$line" | sed 's/.*: wrote/wrote/')" \
    "wrote 1 to /proc/sys/vm/compact_memory"
want "compact_memory was written" "$(cat "$tmp/flat/proc/sys/vm/compact_memory")" 1
exit $fail
