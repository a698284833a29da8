/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * spawn.c - run a command many times and print what each run cost.
 *
 *   spawn RUNS COMMAND [ARG]...
 *
 * Runs COMMAND RUNS times one after another, standard input and output on
 * /dev/null, and prints one line per run: CPU microseconds (user + system),
 * peak resident KiB and wall microseconds, from wait4(). Exits 1 when a run
 * fails. bench/run uses it instead of spawning from Python because the
 * kernel counts the memory of the process that calls execve() in the peak
 * of the new program: a child that shares or copies the Python
 * interpreter's memory would report the interpreter's size, while a fork()
 * of this small program adds almost nothing.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long
us(struct timeval tv)
{
	return (long long)tv.tv_sec * 1000000 + tv.tv_usec;
}

int
main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct rusage ru;
	int runs, i, status, null;
	pid_t pid;

	if (argc < 3 || (runs = atoi(argv[1])) < 1) {
		fprintf(stderr, "usage: spawn RUNS COMMAND [ARG]...\n");
		return 2;
	}
	if ((null = open("/dev/null", O_RDWR)) == -1) {
		perror("spawn: /dev/null");
		return 1;
	}
	for (i = 0; i < runs; i++) {
		clock_gettime(CLOCK_MONOTONIC, &t0);
		if ((pid = fork()) == -1) {
			perror("spawn: fork");
			return 1;
		}
		if (pid == 0) {
			dup2(null, 0);
			dup2(null, 1);
			execvp(argv[2], argv + 2);
			perror(argv[2]);
			_exit(127);
		}
		if (wait4(pid, &status, 0, &ru) == -1) {
			perror("spawn: wait4");
			return 1;
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			fprintf(stderr, "spawn: %s failed (status %d)\n", argv[2],
			    status);
			return 1;
		}
		printf("%lld %ld %lld\n", us(ru.ru_utime) + us(ru.ru_stime),
		    ru.ru_maxrss, ((long long)(t1.tv_sec - t0.tv_sec) *
		    1000000000 + (t1.tv_nsec - t0.tv_nsec)) / 1000);
	}
	return 0;
}
