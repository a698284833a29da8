#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# live-folios.sh - every zone's folios by kind and order (--map's folio
# census) against an independent count of the same page flags (root:
# /proc/kpageflags): tests/pageflags.py copies the flags once into a root,
# runs fragstat --sysroot ROOT --map --json on it and counts the copy's
# compound head and tail runs itself, from the kernel's fs/proc/page.c.
# Both read the same bytes, so every count must be equal.
#
# Environment: FRAGSTAT (the binary). Exit 0 when every check passed, 1 when
# one failed, 77 (automake's SKIP) with the reason when it cannot run here.

command -v python3 >/dev/null ||
	{ echo "SKIP: no python3 to count the page flags"; exit 77; }
here=$(cd "$(dirname "$0")" && pwd) || exit 99
LC_ALL=C exec python3 "$here/pageflags.py" folios
