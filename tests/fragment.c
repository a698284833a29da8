/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fragment.c - fragment this machine's free memory on purpose, for the
 * opt-in live test of --advise and --compact (tests/live-advise.sh).
 *
 * 1. fill free memory with 4 KiB anonymous pages, in 64 MiB chunks, until
 *    MemFree would drop below the margin (never near the OOM killer);
 * 2. give back every other page, leaving order-0 holes between held pages;
 * 3. take the free huge-page-sized blocks that are left with THP faults
 *    (run with THP defrag "never" so that faults do not compact), until
 *    faults fall back to small pages.
 * Then print "ready" and hold the memory until SIGTERM, SIGINT or EOF on
 * standard input.
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define CHUNK		(64UL << 20)
#define HUGE		(2UL << 20)
#define MAX_CHUNKS	65536
#define MAX_FALLBACKS	64

/* Returns the value of FIELD in /proc/FILE ("MemFree:" in meminfo), or -1. */
static long long
proc_value(const char *file, const char *field)
{
	char line[256], path[64];
	long long v = -1;
	size_t n = strlen(field);
	FILE *fp;

	snprintf(path, sizeof(path), "/proc/%s", file);
	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), fp))
		if (strncmp(line, field, n) == 0 && line[n] == ' ') {
			v = atoll(line + n + 1);
			break;
		}
	fclose(fp);
	return v;
}

int
main(int argc, char **argv)
{
	long long margin_kb = argc > 1 ? atoll(argv[1]) : 1LL << 20, free_kb;
	long ps = sysconf(_SC_PAGESIZE);
	static char *chunks[MAX_CHUNKS];
	size_t n = 0, i, off, huge = 0, fallbacks = 0;
	long long before;
	char *p, c;

	/* 1. Fill. */
	while (n < MAX_CHUNKS) {
		free_kb = proc_value("meminfo", "MemFree:");
		if (free_kb < 0 || free_kb - (long long)(CHUNK >> 10) < margin_kb)
			break;
		p = mmap(NULL, CHUNK, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (p == MAP_FAILED)
			break;
		madvise(p, CHUNK, MADV_NOHUGEPAGE);
		for (off = 0; off < CHUNK; off += (size_t)ps)
			p[off] = 1;
		chunks[n++] = p;
	}
	/* 2. Holes. */
	for (i = 0; i < n; i++)
		for (off = (size_t)ps; off < CHUNK; off += 2 * (size_t)ps)
			madvise(chunks[i] + off, (size_t)ps, MADV_DONTNEED);
	/* 3. Huge pages that are left, until faults keep falling back. */
	while (fallbacks < MAX_FALLBACKS) {
		p = mmap(NULL, CHUNK + HUGE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (p == MAP_FAILED)
			break;
		p = (char *)(((unsigned long)p + HUGE - 1) & ~(HUGE - 1));
		madvise(p, CHUNK, MADV_HUGEPAGE);
		for (off = 0; off < CHUNK && fallbacks < MAX_FALLBACKS;
		    off += HUGE) {
			before = proc_value("vmstat", "thp_fault_alloc");
			p[off] = 1;
			if (proc_value("vmstat", "thp_fault_alloc") > before) {
				huge++;
				fallbacks = 0;
			} else
				fallbacks++;
		}
	}
	printf("ready: %zu MiB in 4 KiB pages with every other page free, "
	    "%zu huge pages taken\n", n * (CHUNK >> 20) / 2, huge);
	fflush(stdout);
	/* Hold everything until told to stop. */
	while (read(STDIN_FILENO, &c, 1) > 0)
		;
	return 0;
}
