#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-culprits.sh - 'make live-culprits' (root; opt-in: it pins kernel
# memory): a process in a new memory cgroup fills pipes of 1 MiB each with
# 1 GiB in all (pipe buffers are kernel pages charged to the cgroup,
# which compaction cannot move); 'fragstat --map --cgroups --json' must then
# rank that cgroup first, with 80% to 120% of those pages pinned. Packed
# pipe pages fill whole pageblocks, so the ranking (by pinned pageblocks)
# needs more than the few hundred blocks that a busy host's page tables
# scatter over: hence 1 GiB. The
# holder is killed and the cgroup removed on any exit, failure or
# interrupt. It refuses to start with less than the pipes' size and 2 GiB
# more available (MemAvailable), and never grows beyond it.
#
# Environment: FRAGSTAT (the binary), CULPRIT_MIB (default 1024). Exit 0
# when every check passed, 1 when one failed, 77 when it cannot run here.

LC_ALL=C
export LC_ALL

mib=${CULPRIT_MIB:-1024}
if [ -z "${FRAGSTAT:-}" ] || [ ! -x "$FRAGSTAT" ]; then
	echo "live-culprits.sh: FRAGSTAT must name the fragstat binary" >&2
	exit 99
fi
if ! dd if=/proc/kpagecgroup of=/dev/null bs=8 count=1 2>/dev/null; then
	echo "SKIP: /proc/kpagecgroup is not readable (root, CONFIG_MEMCG)"
	exit 77
fi
# The memory controller: a v1 hierarchy, else cgroup2 with memory in it.
mnt=$(awk '$3 == "cgroup" && $4 ~ /(^|,)memory(,|$)/ { print $2; exit }' /proc/mounts)
if [ -z "$mnt" ]; then
	mnt=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
	if [ -z "$mnt" ] || ! grep -qw memory "$mnt/cgroup.controllers" 2>/dev/null; then
		echo "SKIP: no memory cgroup controller mounted"
		exit 77
	fi
fi
avail=$(awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo)
if [ "$avail" -lt $((mib + 2048)) ]; then
	echo "SKIP: $avail MiB available, fewer than $mib MiB of pipes and 2 GiB"
	exit 77
fi

name=fragstat-culprits.$$
cg=$mnt/$name
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-culprits.XXXXXX") || exit 99
holder=
cleanup() {
	# The pipes close with their holder: the pages are freed, then uncharged.
	[ -n "$holder" ] && kill "$holder" 2>/dev/null && wait "$holder" 2>/dev/null
	[ -d "$cg" ] && rmdir "$cg" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 99' HUP INT TERM

mkdir "$cg" || exit 99
# The holder joins the cgroup, then fills the pipes and waits to be killed.
python3 - "$cg" "$mib" "$tmp/ready" <<'PY' &
import fcntl, os, sys, time

cg, mib, ready = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(os.path.join(cg, "cgroup.procs"), "w") as f:
    f.write(str(os.getpid()))
F_SETPIPE_SZ = 1031
chunk = b"x" * (1 << 20)
pipes = []
for i in range(mib):
    r, w = os.pipe()
    fcntl.fcntl(w, F_SETPIPE_SZ, 1 << 20)
    os.set_blocking(w, False)
    n = 0
    while n < len(chunk):
        try:
            n += os.write(w, chunk[n:])
        except BlockingIOError:
            break
    pipes.append((r, w))
open(ready, "w").close()
while True:
    time.sleep(60)
PY
holder=$!
i=0
while [ ! -e "$tmp/ready" ]; do
	if ! kill -0 "$holder" 2>/dev/null || [ $i -ge 600 ]; then
		echo "FAIL: the holder did not fill its pipes"
		exit 1
	fi
	sleep 0.1
	i=$((i + 1))
done

if ! "$FRAGSTAT" --map --cgroups --json >"$tmp/map.json" 2>"$tmp/err"; then
	echo "FAIL: fragstat --map --cgroups --json:"
	cat "$tmp/err"
	exit 1
fi
"$FRAGSTAT" --map --cgroups | sed -n '/^Memory cgroups/,/^$/p'
python3 - "$tmp/map.json" "/$name" "$mib" <<'PY'
import json, sys

m = json.load(open(sys.argv[1]))["map"]
want, pages = sys.argv[2], int(sys.argv[3]) * 256
ranked = [g for g in m["cgroups"] if g["inode"] != 0]
if not ranked:
    print("FAIL: no charged cgroup at all")
    sys.exit(1)
top = ranked[0]
print("top: %s, %d pinned pageblocks, %d pinned pages (%d expected)" %
      (top["path"], top["pinned_pageblocks"], top["pinned_pages"], pages))
if top["path"] != want:
    print("FAIL: the top cgroup is %s, not %s" % (top["path"], want))
    sys.exit(1)
if not pages * 8 // 10 <= top["pinned_pages"] <= pages * 12 // 10:
    print("FAIL: %d pinned pages, not about %d" % (top["pinned_pages"], pages))
    sys.exit(1)
PY
