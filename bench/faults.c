/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * faults.c - page faults in a loop: the case where kmem:mm_page_alloc
 * fires most, one order-0 allocation a fault.
 *
 *   faults MIB ROUNDS
 *
 * ROUNDS times: map MIB MiB of anonymous memory without huge pages
 * (MADV_NOHUGEPAGE), write one byte per page, unmap it. Exits 1 when a
 * mapping fails. bench/alloc-events measures its CPU time.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	size_t len, pg = (size_t)getpagesize(), i;
	volatile char *p;
	int r, rounds;

	if (argc != 3)
		return 2;
	len = (size_t)atoi(argv[1]) << 20;
	rounds = atoi(argv[2]);
	for (r = 0; r < rounds; r++) {
		p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE |
		    MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return 1;
		madvise((void *)p, len, MADV_NOHUGEPAGE);
		for (i = 0; i < len; i += pg)
			p[i] = 1;
		munmap((void *)p, len);
	}
	return 0;
}
