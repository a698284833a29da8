# SPDX-License-Identifier: GPL-2.0-or-later
# need-tracefs.sh - sourced by the live --events tests: exit 77 (skip)
# with a one-line reason unless this is root, with python3, tracefs
# mounted (not here: 'make check' changes nothing on the host; systemd
# mounts it, .ci/run too) and kmem:mm_page_alloc_extfrag, and a fragstat
# built with libtracefs. Sets T to the tracefs mount point.
[ "$(id -u)" -eq 0 ] || { echo "SKIP: --events needs root"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
grep -qw tracefs /proc/filesystems || { echo "SKIP: no tracefs in this kernel"; exit 77; }
T=$(awk '$3 == "tracefs" { print $2; exit }' /proc/mounts)
[ -n "$T" ] && [ -d "$T/instances" ] ||
	{ echo "SKIP: tracefs not mounted (mount -t tracefs nodev /sys/kernel/tracing)"; exit 77; }
[ -d "$T/events/kmem/mm_page_alloc_extfrag" ] ||
	{ echo "SKIP: no kmem:mm_page_alloc_extfrag"; exit 77; }
if "$FRAGSTAT" --watch 1 --count 1 --events 2>&1 >/dev/null |
    grep -q "without tracing support"; then
	echo "SKIP: fragstat built without libtracefs"
	exit 77
fi
