#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# large-blocks.sh - the large-block study of issue #47: does a file system
# whose blocks are larger than the page (XFS with 16 or 64 KiB blocks on
# 4 KiB pages, so every page-cache folio of its files is 16 or 64 KiB at
# least) make memory fragmentation worse than 4 KiB blocks, under the same
# page-cache and anonymous workload? Run as root, on purpose (make study),
# never by make check. Results and what this machine said: doc/large-blocks.md.
#
#   study/large-blocks.sh [OUT]        run the study, results into OUT
#                                      (default large-blocks.YYYYmmddTHHMMSSZ)
#   study/large-blocks.sh --dry-run [OUT]
#                                      print what it would do; changes nothing
#   study/large-blocks.sh --help
#
# What it does:
# 1. One XFS file system per block size (SIZES, bytes) on a sparse image in
#    TMPDIR through a loop device with direct I/O (so the image's own pages
#    are not cached a second time), mounted under TMPDIR.
# 2. A warm-up: the workload once on each, unrecorded. Then RUNS rounds;
#    each round runs the workload once on every file system, in turn (a
#    drift of the machine over time falls on every size alike).
#    Before each run, and only there: sync, drop the clean caches
#    (vm.drop_caches=3) and compact all memory (vm.compact_memory=1), so
#    every run starts from a like state. Neither is a setting: nothing
#    persistent changes, and nothing needs restoring.
# 3. Each run is recorded by fragstat itself:
#      fragstat --record=OUT/bsBS/runR --watch=1 --orders=16K,64K,2M
#               --migratetypes --events
#               --map-every=10 -- large-blocks.sh --workload MNT PEAK
#    samples every second (fragmentation at 16 KiB, 64 KiB and the huge
#    page: the folio sizes of the two large block sizes; free now and after
#    compaction from pagetypeinfo), the kernel's fragmentation, allocation
#    and compaction events (tracefs), and every tenth sample a summary of
#    the physical map (the pollution, and the folio census where this
#    fragstat records one). PEAK (OUT/bsBS/runR.peak) is a capture with the
#    map taken while the workload's files and memory are all held.
# 4. fragstat --compare of the sets, 4 KiB against 16 KiB and against
#    64 KiB, and 16 KiB against 64 KiB: OUT/compare-A-B.txt (80 columns)
#    and OUT/compare-A-B-wide.txt (--format=table); OUT/summary-BS-runR.txt
#    is fragstat --sysroot of each run (OUT/peak-BS-runR.txt its peak map);
#    OUT/huge-pages.txt the huge pages free now and at most after
#    compaction (fragstat --need=1) at each run's first and last sample and
#    its peak.
#
# The workload (--workload MNT PEAK), in MNT, the same on every file system:
# with FILL_MB, first a sparse file of FILL_MB read whole, so that clean
# page cache of MNT's block size fills that much memory without any I/O
# (a hole reads as zeroes; the kernel reclaims it as the rest needs room:
# the workload then runs on full memory, never near the OOM killer); then
# tests/churn in the background throughout (varied anonymous regions and
# a file of its own, at most 256 MiB) while one process, in steps of
# 64 MiB, writes FILE_MB of large files (1 MiB writes; each file fsync()ed
# and dropped from the cache by posix_fadvise(DONTNEED) when complete, its
# own pages only) and after each step maps ANON_MB/(FILE_MB/64) of
# anonymous memory, touches it and gives every other 64 KiB back; then
# SMALL files of 12 KiB; then it reads every file back (readahead
# allocates the page cache anew), takes PEAK, frees everything and
# removes the files. It holds at most FILE_MB + ANON_MB/2 + 256 MiB + the
# small files (besides the clean cache of FILL_MB): about 5 GiB with the
# defaults on this 24 GiB machine, and it refuses to start with less than
# twice that available.
#
# Environment: FRAGSTAT (default: src/fragstat beside this script's
# directory), CHURN (tests/churn; make tests/churn builds it), RUNS (3),
# SIZES ("4096 16384 65536"), FILE_MB (3072), ANON_MB (1536), SMALL
# (4000), FILL_MB (0: memory is not filled first), TMPDIR (where images
# and mounts go: SIZES x (FILE_MB + 1024) MiB, sparse; default /var/tmp).
# Every mount, loop device and file it makes is removed on any way out,
# signals included; the recordings in OUT stay.
set -u
LC_ALL=C
export LC_ALL

me=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
top=$(cd "$(dirname "$0")/.." && pwd)
FRAGSTAT=${FRAGSTAT:-$top/src/fragstat}
CHURN=${CHURN:-$top/tests/churn}
RUNS=${RUNS:-3}
SIZES=${SIZES:-4096 16384 65536}
FILE_MB=${FILE_MB:-3072}
ANON_MB=${ANON_MB:-1536}
SMALL=${SMALL:-4000}
FILL_MB=${FILL_MB:-0}
TMPDIR=${TMPDIR:-/var/tmp}

usage() {
	sed -n '/^# large-blocks.sh/,/^set -u/p' "$me" | sed -e '$d' -e 's/^# \{0,1\}//'
}

die() {
	echo "large-blocks: $*" >&2
	exit 2
}

# The files and anonymous memory of one run, in one process (see above);
# the peak capture is taken while it holds them all. Run in the background
# (&), the subshell becomes python3, so that its pid is the process to kill.
workload_py() {
	exec python3 - "$1" "$2" "$FRAGSTAT" "$FILE_MB" "$ANON_MB" "$SMALL" \
	    "$FILL_MB" <<'PY'
import mmap, os, signal, subprocess, sys
mnt, peak, fragstat = sys.argv[1:4]
file_mb, anon_mb, small, fill_mb = (int(a) for a in sys.argv[4:8])
MIB, STEP, HOLE, FILES = 1 << 20, 64, 64 << 10, 4
if fill_mb:
    path = os.path.join(mnt, "fill")
    with open(path, "wb") as fp:
        fp.truncate(fill_mb * MIB)
    with open(path, "rb", buffering=0) as fp:
        while fp.read(MIB):
            pass
steps = max(FILES, file_mb // STEP)
anon_step = (anon_mb // steps) * MIB
buf = b"\x5a" * MIB
held = []
for f in range(FILES):
    fd = os.open(os.path.join(mnt, "big%d" % f), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    for s in range(steps // FILES):
        for _ in range(STEP):
            os.write(fd, buf)
        if anon_step:
            m = mmap.mmap(-1, anon_step, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
            for off in range(0, anon_step, 4096):
                m[off] = 1
            for off in range(0, anon_step, 2 * HOLE):
                m.madvise(mmap.MADV_DONTNEED, off, HOLE)
            held.append(m)
    os.fsync(fd)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    os.close(fd)
os.mkdir(os.path.join(mnt, "small"))
for i in range(small):
    with open(os.path.join(mnt, "small", "f%d" % i), "wb") as fp:
        fp.write(buf[:12288])
os.sync()
for f in range(FILES):
    with open(os.path.join(mnt, "big%d" % f), "rb") as fp:
        while fp.read(MIB):
            pass
for i in range(small):
    with open(os.path.join(mnt, "small", "f%d" % i), "rb") as fp:
        fp.read()
capture = subprocess.Popen([fragstat, "-q", "--capture=" + peak, "--map"],
                           stdout=subprocess.DEVNULL)
stopped = []
def stop(sig, frame):
    stopped.append(sig)
    capture.terminate()  # fragstat removes its unfinished capture
for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(sig, stop)
status = capture.wait()
sys.exit(1 if stopped else status)
PY
}

# --workload MNT PEAK: the command each run records. A signal (fragstat
# passes SIGINT, SIGTERM and SIGHUP on to it) ends both of its processes.
workload() {
	TMPDIR=$1 "$CHURN" 2>/dev/null &
	churn=$!
	workload_py "$1" "$2" &
	py=$!
	trap 'kill $churn $py 2>/dev/null; rm -rf "$1"/big* "$1/small" "$1/fill"; exit 1' INT TERM HUP
	wait $py
	status=$?
	kill $churn 2>/dev/null
	wait $churn
	rm -rf "$1"/big* "$1/small" "$1/fill"
	sync
	exit $status
}

case ${1-} in
--help) usage; exit 0 ;;
--workload) shift; [ $# -eq 2 ] || die "--workload MNT PEAK"; workload "$@" ;;
--dry-run) dry=1; shift ;;
-*) die "unknown option $1 (--help, --dry-run)" ;;
*) dry= ;;
esac
[ $# -le 1 ] || die "one OUT at most"
out=${1:-large-blocks.$(date -u +%Y%m%dT%H%M%SZ)}
for n in "$RUNS" "$FILE_MB" "$ANON_MB" "$SMALL" "$FILL_MB"; do
	case $n in
	''|*[!0-9]*) die "RUNS, FILE_MB, ANON_MB, SMALL and FILL_MB are whole numbers" ;;
	esac
done
[ "$RUNS" -ge 1 ] || die "RUNS >= 1"
[ "$FILE_MB" -ge 256 ] || die "FILE_MB >= 256"

# run CMD...: run it, or with --dry-run print it.
run() {
	if [ -n "$dry" ]; then echo "$*"; else "$@"; fi
}

# save FILE CMD...: CMD's output into FILE, or with --dry-run print it.
save() {
	f=$1
	shift
	if [ -n "$dry" ]; then echo "$* >$f"; else "$@" >"$f"; fi
}

# huge LABEL ROOT: LABEL and the huge pages (pageblocks) free now and at
# most after compaction in ROOT, one line added to OUT/huge-pages.txt.
huge() {
	root=$2
	[ "${1##* }" != peak ] || root=${root%/peak}.peak
	if [ -n "$dry" ]; then
		echo "$FRAGSTAT --sysroot $root --need=1 >>$out/huge-pages.txt"
		return 0
	fi
	printf '%s: ' "$1" >>"$out/huge-pages.txt"
	"$FRAGSTAT" --sysroot "$root" --need=1 | sed -n 2p >>"$out/huge-pages.txt"
}

# The amount of memory a run may hold at most, in MiB.
need_mb=$((FILE_MB + ANON_MB / 2 + 256 + SMALL * 64 / 1024))
if [ -z "$dry" ]; then
	[ "$(id -u)" -eq 0 ] || die "needs root (loop devices, mounts, tracefs, kpageflags)"
	for t in mkfs.xfs losetup mount umount mountpoint python3; do
		command -v $t >/dev/null || die "needs $t"
	done
	[ -x "$FRAGSTAT" ] || die "no $FRAGSTAT: build first (make)"
	[ -x "$CHURN" ] || die "no $CHURN: make tests/churn (or make study)"
	[ ! -e "$out" ] || die "$out exists"
	avail=$(awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo)
	[ "$avail" -ge $((2 * need_mb)) ] ||
		die "a run holds up to $need_mb MiB: needs $((2 * need_mb)) MiB available, has $avail"
	tmp=$(mktemp -d "$TMPDIR/large-blocks.XXXXXX") || exit 2
else
	tmp=$TMPDIR/large-blocks.XXXXXX
fi

# Unmount and detach what was set up (tmp/loop-BS names each device), on
# any way out (a recorded run in progress ends first: fragstat passes
# the signal on to its workload).
cleanup() {
	trap '' INT TERM HUP
	for bs in $SIZES; do
		m=$tmp/mnt-$bs
		if mountpoint -q "$m" 2>/dev/null; then
			umount "$m" 2>/dev/null || umount -l "$m"
		fi
		[ ! -s "$tmp/loop-$bs" ] || losetup -d "$(cat "$tmp/loop-$bs")"
	done
	rm -rf "$tmp"
}
# child CMD...: run CMD in the background and wait for it, so that a
# signal is handled at once: it ends CMD (a workload ends its processes;
# fragstat passes the signal on to its workload and writes its last
# sample), then everything is cleaned up. With --dry-run, print it.
rec=
child() {
	if [ -n "$dry" ]; then
		echo "$*"
		return 0
	fi
	"$@" &
	rec=$!
	wait "$rec"
	set -- $?
	rec=
	return "$1"
}
if [ -z "$dry" ]; then
	trap cleanup EXIT
	trap '[ -z "$rec" ] || { kill -TERM "$rec"; wait "$rec"; }; exit 130' INT TERM HUP
fi

# setup BS: the file system of block size BS, mounted at tmp/mnt-BS.
setup() {
	img=$tmp/xfs-$1.img
	run truncate -s $((FILE_MB + 1024))M "$img" || exit 1
	if [ -n "$dry" ]; then
		echo "losetup --find --show --direct-io=on $img"
		dev=/dev/loopN
	else
		losetup --find --show --direct-io=on "$img" >"$tmp/loop-$1" || exit 1
		dev=$(cat "$tmp/loop-$1")
	fi
	run mkfs.xfs -q -f -b size="$1" "$dev" || exit 1
	run mkdir -p "$tmp/mnt-$1" "$out/bs$1" || exit 1
	run mount "$dev" "$tmp/mnt-$1" || exit 1
}

# between: the like start of every run (see above); changes no setting.
between() {
	run sync
	if [ -n "$dry" ]; then
		echo "echo 3 >/proc/sys/vm/drop_caches"
		echo "echo 1 >/proc/sys/vm/compact_memory"
	else
		echo 3 >/proc/sys/vm/drop_caches
		echo 1 >/proc/sys/vm/compact_memory
	fi
}

# warm: the workload once on every file system, unrecorded, so that no
# set holds the first run's effects alone (the file systems' first use;
# on a kernel that initialises its memory late, deferred_init=lazy as
# here, the growth of a zone the first large use causes).
warm() {
	for bs in $SIZES; do
		[ -n "$dry" ] || echo "large-blocks: warm-up, ${bs}-byte blocks" >&2
		child sh "$me" --workload "$tmp/mnt-$bs" "$tmp/warm.peak" || exit 1
		run rm -rf "$tmp/warm.peak"
	done
}

[ -n "$dry" ] || mkdir -p "$out" || exit 1
for bs in $SIZES; do
	setup "$bs"
done
warm
r=1
while [ $r -le "$RUNS" ]; do
	for bs in $SIZES; do
		between
		[ -n "$dry" ] || echo "large-blocks: round $r, ${bs}-byte blocks" >&2
		child "$FRAGSTAT" -q --record="$out/bs$bs/run$r" --watch=1 \
		    --orders=16K,64K,2M \
		    --migratetypes --events --map-every=10 -- \
		    sh "$me" --workload "$tmp/mnt-$bs" "$out/bs$bs/run$r.peak" ||
			die "round $r, ${bs}-byte blocks: the recorded run failed"
		save "$out/summary-$bs-run$r.txt" "$FRAGSTAT" --sysroot "$out/bs$bs/run$r"
		save "$out/peak-$bs-run$r.txt" "$FRAGSTAT" --sysroot "$out/bs$bs/run$r.peak" --map
		for at in first last peak; do
			huge "$bs run$r $at" "$out/bs$bs/run$r/$at"
		done
	done
	r=$((r + 1))
done

# The sets side by side, each pair once (SIZES split into words on purpose).
# shellcheck disable=SC2086
set -- $SIZES
while [ $# -gt 1 ]; do
	a=$1
	shift
	for b in "$@"; do
		name=$out/compare-$((a / 1024))k-$((b / 1024))k
		save "$name.txt" "$FRAGSTAT" --compare "$out/bs$a" "$out/bs$b"
		save "$name-wide.txt" "$FRAGSTAT" --compare "$out/bs$a" "$out/bs$b" --format=table
	done
done
[ -n "$dry" ] || echo "large-blocks: results in $out" >&2
