#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-pollution.sh - 'make live-pollution' (root; opt-in: it fragments
# memory and pins kernel memory): records with --record --map-every while
# a workload spreads unmovable pages over memory, and checks that the
# polluted pageblocks rise, then fall after it frees everything.
#   1. a quiet start (about 10 s);
#   2. tests/fragment-hold.py takes up to POLLUTION_MIB MiB of anonymous
#      pages and gives every other page back (free memory in holes of
#      movable pageblocks), then a spreader fills PIPES pipes with one page
#      each and creates FILES empty files in a tmpfs (dentries, inodes:
#      slab): kernel pages that land in those holes (about 20 s);
#   3. everything is freed: the pipes closed, the files removed, the
#      anonymous pages released (about 20 s).
# It refuses to start with less than POLLUTION_MIB and 4 GiB available,
# keeps 2 GiB available while fragmenting, changes no setting, and kills
# its processes and removes its files and mount on any exit.
#
# Environment: FRAGSTAT (the binary), POLLUTION_MIB (default 2048), PIPES
# (default 9000, fewer where the descriptors' hard limit is lower), FILES
# (default 50000). Exit 0 when every check passed, 1 when one failed, 77
# when it cannot run here.

LC_ALL=C
export LC_ALL

mib=${POLLUTION_MIB:-2048}
pipes=${PIPES:-9000}
files=${FILES:-50000}
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${FRAGSTAT:-}" ] || [ ! -x "$FRAGSTAT" ]; then
	echo "live-pollution.sh: FRAGSTAT must name the fragstat binary" >&2
	exit 99
fi
if ! dd if=/proc/kpageflags of=/dev/null bs=8 count=1 2>/dev/null; then
	echo "SKIP: /proc/kpageflags is not readable (--map-every needs root)"
	exit 77
fi
avail=$(awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo)
if [ "$avail" -lt $((mib + 4096)) ]; then
	echo "SKIP: $avail MiB available, fewer than $mib MiB and 4 GiB"
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fragstat-pollution.XXXXXX") || exit 99
rec= holder= spreader= mounted=
cleanup() {
	[ -n "$spreader" ] && kill "$spreader" 2>/dev/null && wait "$spreader" 2>/dev/null
	[ -n "$holder" ] && kill "$holder" 2>/dev/null && wait "$holder" 2>/dev/null
	[ -n "$rec" ] && kill -INT "$rec" 2>/dev/null && wait "$rec" 2>/dev/null
	[ -n "$mounted" ] && umount "$tmp/fs" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 99' HUP INT TERM

# A map every N seconds, the smallest N fragstat accepts here (it refuses
# an N whose map takes more than half of N intervals).
for every in 5 10 20; do
	# A background job of sh ignores SIGINT and SIGQUIT, and fragstat keeps
	# what it was given (issue 44): env gives them back for the kill below.
	env --default-signal=INT,QUIT "$FRAGSTAT" -q --watch 1 --record "$tmp/rec" --map-every $every \
	    >/dev/null 2>"$tmp/rec.err" &
	rec=$!
	sleep 5
	kill -0 "$rec" 2>/dev/null && break
	wait "$rec"
	rec=
	rm -rf "$tmp/rec"
done
if [ -z "$rec" ]; then
	echo "SKIP: a map takes too long here even every 20 s:"
	cat "$tmp/rec.err"
	exit 77
fi
echo "recording with --map-every $every"
sleep $((every * 2))

# Fragment, then spread kernel pages into the holes.
mkfifo "$tmp/hold"
python3 "$here/fragment-hold.py" "$mib" 2048 <"$tmp/hold" >"$tmp/holder.out" &
holder=$!
exec 3>"$tmp/hold"
i=0
until grep -q '^ready:' "$tmp/holder.out" 2>/dev/null; do
	if ! kill -0 "$holder" 2>/dev/null || [ $i -ge 1200 ]; then
		echo "FAIL: the fragmenter did not get ready"
		exit 1
	fi
	sleep 0.1
	i=$((i + 1))
done
mkdir "$tmp/fs" && mount -t tmpfs -o size=64m,nr_inodes=$((files + 100)) \
    fragstat-pollution "$tmp/fs" && mounted=1 || exit 99
python3 - "$pipes" "$files" "$tmp/fs" "$tmp/spread" <<'PY' &
import os, resource, sys, time

pipes, files, fs, ready = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
# Two descriptors a pipe, within the hard limit (a container may not raise it).
hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
pipes = min(pipes, (hard - 64) // 2)
resource.setrlimit(resource.RLIMIT_NOFILE, (2 * pipes + 64, hard))
held = []
page = b"x" * 4096
for i in range(pipes):
    r, w = os.pipe()
    os.write(w, page)
    held.append((r, w))
for i in range(files):
    open(os.path.join(fs, "f%d" % i), "w").close()
open(ready, "w").close()
while True:
    time.sleep(60)
PY
spreader=$!
i=0
while [ ! -e "$tmp/spread" ]; do
	if ! kill -0 "$spreader" 2>/dev/null || [ $i -ge 1200 ]; then
		echo "FAIL: the spreader did not fill its pipes and files"
		exit 1
	fi
	sleep 0.1
	i=$((i + 1))
done
sleep $((every * 3))

# Free everything, then watch a while longer.
kill "$spreader" && wait "$spreader" 2>/dev/null
spreader=
umount "$tmp/fs" && mounted=
exec 3>&-
wait "$holder" 2>/dev/null
holder=
sleep $((every * 3))
kill -INT "$rec" && wait "$rec"
rec=

"$FRAGSTAT" --sysroot "$tmp/rec" | sed -n '/^Pollution over time/,$p'
python3 - "$tmp/rec/map.ndjson" <<'PY'
import json, sys

maps = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
pol = [sum(z["polluted_pageblocks"] for z in m["zones"]) for m in maps]
t = [m["elapsed_ms"] // 1000 for m in maps]
print("machine polluted pageblocks: " +
      ", ".join("%d at %d s" % (p, s) for p, s in zip(pol, t)))
first, peak, last = pol[0], max(pol), pol[-1]
bad = False
if len(maps) < 5:
    print("FAIL: %d maps, fewer than 5" % len(maps))
    bad = True
elif peak < first + 64:
    print("FAIL: the polluted pageblocks did not rise by 64 (%d -> %d)" %
          (first, peak))
    bad = True
elif last > peak - 32:
    print("FAIL: they did not fall by 32 after the workload ended "
          "(%d -> %d)" % (peak, last))
    bad = True
else:
    print("rose %d -> %d, fell to %d" % (first, peak, last))
sys.exit(1 if bad else 0)
PY
