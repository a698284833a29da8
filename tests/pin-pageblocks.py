#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""pin-pageblocks.py BLOCKS KEEP - spread page tables over free pageblocks.

For the opt-in make live-capture-states, never for 'make check'. Page
tables are unmovable: the allocator claims whole free pageblocks for them
where the preferred zone has none left (ALLOC_NOFRAGMENT sends them to the
next zone rather than mixing). Read-faulting one page per 2 MiB of a sparse
anonymous mapping (the zero page: no data page) makes one page table each;
BLOCKS * 512 of them fill BLOCKS pageblocks one after another. Then every
2 MiB region but one in KEEP is unmapped, which frees its page table: about
512 / KEEP page tables stay in each pageblock, which compaction cannot move.
Prints a line starting "ready:" and holds them until standard input closes.
"""
import ctypes, mmap, sys

blocks, keep = int(sys.argv[1]), int(sys.argv[2])
STEP = 2 << 20
n = blocks * 512
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                      ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
# 0x4000: MAP_NORESERVE (x86, arm64, ...). One 2 MiB step more, to start on a 2 MiB boundary: a page table maps one.
base = libc.mmap(None, (n + 1) * STEP, mmap.PROT_READ,
                 mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | 0x4000, -1, 0)
if base in (None, ctypes.c_void_p(-1).value):
    sys.exit("mmap: errno %d" % ctypes.get_errno())
base = (base + STEP - 1) // STEP * STEP
for i in range(n):
    ctypes.c_char.from_address(base + i * STEP).value
# Unmapping whole 2 MiB regions frees the page tables that mapped them; the
# range between two kept regions goes in one call.
kept = 0
for i in range(0, n, keep):
    kept += 1
    gap = min(i + keep, n) - i - 1
    if gap > 0 and libc.munmap(base + (i + 1) * STEP, gap * STEP) != 0:
        sys.exit("munmap: errno %d" % ctypes.get_errno())
print("ready: %d page tables made, 1 in %d kept (%d)" % (n, keep, kept), flush=True)
sys.stdin.read()
