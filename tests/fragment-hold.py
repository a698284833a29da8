#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""fragment-hold.py BUDGET_MB FLOOR_MB [zones] [hole=KIB] - fragment memory and hold it.

For the opt-in live tests (make live-map, make live-outcomes), never for
'make check'. Takes up to BUDGET_MB of 4 KiB anonymous pages in 64 MiB
chunks, with unmovable allocations between them (a page table per 2 MiB
touched in a sparse mapping, a filled pipe), stopping before MemAvailable
would drop below FLOOR_MB; then gives every other page back (with
hole=KIB, every other KIB: holes of that size), prints a line starting
"ready:", and holds the rest until its standard input closes.
With "zones", the floor applies to the zones' free pages (zoneinfo) where
they are fewer than MemAvailable: on a VM whose memory is initialised
lazily MemAvailable counts memory that no zone manages yet.
"""
import mmap, os, sys

budget = int(sys.argv[1]) << 20
FLOOR_KB = int(sys.argv[2]) << 10
ZONES = "zones" in sys.argv[3:]
CHUNK = 64 << 20
PAGE = os.sysconf("SC_PAGE_SIZE")
HOLE = PAGE
for a in sys.argv[3:]:
    if a.startswith("hole="):
        HOLE = int(a[5:]) << 10
SPARSE = 16 << 30
anon = mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS


def available_kb():
    avail = None
    for line in open("/proc/meminfo"):
        if line.startswith("MemAvailable:"):
            avail = int(line.split()[1])
    if avail is None:
        sys.exit("no MemAvailable")
    if ZONES:
        zone = sum(int(w[2]) for w in (l.split() for l in open("/proc/zoneinfo"))
                   if w[:2] == ["pages", "free"]) * (PAGE >> 10)
        avail = min(avail, zone)
    return avail


# Page tables: one per 2 MiB touched (no THP there, so 4 KiB pages).
sparse = mmap.mmap(-1, SPARSE, flags=anon)
sparse.madvise(mmap.MADV_NOHUGEPAGE)
chunks, pipes, tables = [], [], 0
lowest = available_kb()
while len(chunks) * CHUNK + CHUNK <= budget:
    lowest = min(lowest, available_kb())
    if lowest - (CHUNK >> 10) < FLOOR_KB:
        break
    m = mmap.mmap(-1, CHUNK, flags=anon)
    m.madvise(mmap.MADV_NOHUGEPAGE)
    for off in range(0, CHUNK, PAGE):
        m[off] = 1
    chunks.append(m)
    for k in range(128):
        if (tables + 1) * (2 << 20) <= SPARSE:
            sparse[tables * (2 << 20)] = 1
            tables += 1
    r, w = os.pipe()
    os.set_blocking(w, False)
    try:
        while True:
            os.write(w, b"x" * 4096)
    except BlockingIOError:
        pass
    pipes.append((r, w))
# Holes of HOLE bytes: every other HOLE of every chunk back to the allocator.
for m in chunks:
    for off in range(HOLE, CHUNK, 2 * HOLE):
        m.madvise(mmap.MADV_DONTNEED, off, HOLE)
lowest = min(lowest, available_kb())
print("ready: %d MiB of 4 KiB pages, every other %d KiB free, %d page tables, "
      "%d full pipes; MemAvailable at least %d MiB throughout" %
      (len(chunks) * (CHUNK >> 20), HOLE >> 10, tables, len(pipes), lowest >> 10),
      flush=True)
sys.stdin.read()
