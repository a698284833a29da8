/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * churn.c - keep this machine's memory busy the way other programs do, so
 * that the live tests can be run on a busy host (make check-busy).
 *
 * One worker per online CPU, each in a loop until told to stop:
 * - frees one of its regions and maps another of a varied size (a page,
 *   a few pages, 64 KiB, 512 KiB, a 2 MiB-aligned region with
 *   MADV_HUGEPAGE, 4 MiB), so that allocations and frees interleave;
 * - touches every page of the new region, gives half of them back with
 *   MADV_DONTNEED and touches some of them again;
 * - now and then grows and then truncates a file of its own, unlinked as
 *   soon as it is created (page cache churn that leaves nothing behind).
 * All workers together hold at most 5% of MemAvailable or 256 MiB,
 * whichever is smaller: never near the OOM killer.
 *
 * Usage: churn [SECONDS]: stops after SECONDS (default: never), on SIGTERM,
 * SIGINT or SIGHUP, and when its parent dies (PR_SET_PDEATHSIG), so that it
 * is never left behind. Prints one line saying what it does on stderr.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define MIB		(1UL << 20)
#define HUGE		(2UL << 20)
#define MAX_TOTAL	(256UL << 20)
#define SLOTS		16
#define MAX_WORKERS	1024
#define FILE_STEP	(256UL << 10)

static volatile sig_atomic_t stop;

/* The signal handler: ask the loop to end. */
static void
on_stop(int sig)
{
	(void)sig;
	stop = 1;
}

/* Returns MemAvailable in bytes from /proc/meminfo, or 0 if unknown. */
static unsigned long
mem_available(void)
{
	char line[256];
	unsigned long kb = 0;
	FILE *fp;

	if ((fp = fopen("/proc/meminfo", "r")) == NULL)
		return 0;
	while (fgets(line, sizeof(line), fp))
		if (strncmp(line, "MemAvailable:", 13) == 0) {
			kb = strtoul(line + 13, NULL, 10);
			break;
		}
	fclose(fp);
	return kb * 1024;
}

/* Stop with SIGTERM when the parent ends, and now if PARENT is already gone. */
static void
follow_parent(pid_t parent)
{
	if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0)
		perror("churn: prctl");
	if (getppid() != parent)
		stop = 1;
}

/* Returns a region size for slot use: varied, at most MAX bytes, PS-aligned. */
static size_t
pick_size(unsigned int *seed, size_t ps, size_t max)
{
	size_t s;

	switch (rand_r(seed) % 6) {
	case 0:
		s = ps;
		break;
	case 1:
		s = ps * (size_t)(1 + rand_r(seed) % 16);
		break;
	case 2:
		s = 64UL << 10;
		break;
	case 3:
		s = 512UL << 10;
		break;
	case 4:
		s = HUGE;
		break;
	default:
		s = 4 * MIB;
		break;
	}
	return s < max ? s : max / ps * ps;
}

/*
 * Map SIZE bytes; a huge-page-sized request gets a 2 MiB-aligned region
 * with MADV_HUGEPAGE, so that its fault can take a whole huge page.
 * Returns the region (its mapping in *BASE, *LEN) or NULL.
 */
static char *
map_region(size_t size, char **base, size_t *len)
{
	char *p, *q;

	*len = size >= HUGE ? size + HUGE : size;
	p = mmap(NULL, *len, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	*base = p;
	if (size < HUGE)
		return p;
	q = p + (HUGE - (unsigned long)p % HUGE) % HUGE;
	madvise(q, size, MADV_HUGEPAGE);
	return q;
}

/* Touch every page of P (SIZE bytes), give back half, touch a few again. */
static void
churn_region(char *p, size_t size, size_t ps, unsigned int *seed)
{
	size_t off;

	for (off = 0; off < size; off += ps)
		p[off] = (char)off;
	for (off = 0; off + ps <= size; off += 2 * ps)
		madvise(p + off, ps, MADV_DONTNEED);
	for (off = 0; off < size; off += ps * (size_t)(1 + rand_r(seed) % 8))
		p[off] = 1;
}

/* Grow FD by a step of page cache; past MAX bytes, truncate it to nothing. */
static void
churn_file(int fd, size_t *len, size_t max, const char *buf)
{
	if (fd < 0)
		return;
	if (*len + FILE_STEP > max) {
		if (ftruncate(fd, 0) == 0)
			*len = 0;
		lseek(fd, 0, SEEK_SET);
		return;
	}
	if (write(fd, buf, FILE_STEP) == (ssize_t)FILE_STEP)
		*len += FILE_STEP;
}

/* One worker: churn within BUDGET bytes until stopped. */
static void
worker(size_t budget, unsigned int seed)
{
	char *addr[SLOTS] = { NULL }, *base[SLOTS] = { NULL };
	size_t size[SLOTS] = { 0 }, len[SLOTS] = { 0 }, held = 0, ps, s;
	size_t file_len = 0, file_max = budget / 8;
	static char buf[FILE_STEP];
	char path[4096];
	const char *dir = getenv("TMPDIR");
	unsigned long n;
	int fd, i;

	ps = (size_t)sysconf(_SC_PAGESIZE);
	budget -= file_max;
	snprintf(path, sizeof(path), "%s/churn.XXXXXX", dir ? dir : "/tmp");
	if ((fd = mkstemp(path)) >= 0)
		unlink(path);
	memset(buf, 'c', sizeof(buf));
	for (n = 0; !stop; n++) {
		i = rand_r(&seed) % SLOTS;
		if (base[i]) {
			munmap(base[i], len[i]);
			held -= size[i];
			base[i] = NULL;
		}
		s = pick_size(&seed, ps, budget - held);
		if (s == 0 || (addr[i] = map_region(s, &base[i], &len[i])) == NULL)
			continue;
		size[i] = s;
		held += s;
		churn_region(addr[i], s, ps, &seed);
		if (n % 8 == 0)
			churn_file(fd, &file_len, file_max, buf);
	}
	for (i = 0; i < SLOTS; i++)
		if (base[i])
			munmap(base[i], len[i]);
	if (fd >= 0)
		close(fd);
}

int
main(int argc, char **argv)
{
	static pid_t pid[MAX_WORKERS];
	struct sigaction sa;
	sigset_t block, old;
	unsigned long avail, total;
	long cpus, seconds = 0, i, n = 0;
	pid_t self = getpid();
	int status, rc = 0;

	if (argc > 2 || (argc == 2 && (seconds = atol(argv[1])) <= 0)) {
		fprintf(stderr, "usage: churn [SECONDS]\n");
		return 2;
	}
	/* Signals wait until sigsuspend(), so that none is lost before it. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGALRM);
	sigaddset(&block, SIGCHLD);
	sigprocmask(SIG_BLOCK, &block, &old);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGALRM, &sa, NULL);
	sigaction(SIGCHLD, &sa, NULL);
	follow_parent(getppid());
	if ((cpus = sysconf(_SC_NPROCESSORS_ONLN)) < 1)
		cpus = 1;
	if (cpus > MAX_WORKERS)
		cpus = MAX_WORKERS;
	avail = mem_available();
	total = avail / 20 < MAX_TOTAL ? avail / 20 : MAX_TOTAL;
	if (total / (unsigned long)cpus < MIB) {
		fprintf(stderr, "churn: %lu MiB available: too little to churn\n",
		    avail / MIB);
		return 1;
	}
	fprintf(stderr, "churn: %ld workers, at most %lu MiB each, of %lu MiB "
	    "available\n", cpus, total / (unsigned long)cpus / MIB, avail / MIB);
	for (i = 0; i < cpus; i++) {
		if ((pid[n] = fork()) < 0) {
			perror("churn: fork");
			rc = 1;
			break;
		}
		if (pid[n] == 0) {
			sa.sa_handler = SIG_DFL;
			sigaction(SIGCHLD, &sa, NULL);
			sigprocmask(SIG_SETMASK, &old, NULL);
			follow_parent(self);
			worker(total / (unsigned long)cpus, (unsigned int)(getpid() + i));
			_exit(0);
		}
		n++;
	}
	if (seconds > 0)
		alarm((unsigned int)seconds);
	/* Until a signal (a worker's end is one: SIGCHLD), then stop them all. */
	while (!stop && n > 0)
		sigsuspend(&old);
	for (i = 0; i < n; i++)
		kill(pid[i], SIGTERM);
	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			rc = 1;
	return rc;
}
