/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * floor.c - the least a plain, byte-at-a-time program does for a --json.
 *
 *   floor INPUT... OUTPUT
 *
 * Reads each INPUT whole and turns every run of digits in it into a
 * number (the parsing any reader of /proc text must do, and nothing
 * else: no lines, no names, no structs), then writes the bytes of OUTPUT,
 * a JSON fragstat wrote, to standard output one byte at a time with
 * putc_unlocked() (the writing any writer of values through stdio must
 * do, and nothing else: no formatting, no escaping). Prints the count of
 * numbers on standard error so the scan cannot be optimised away.
 *
 * bench/json-1024 times it beside `cat` and fragstat: what fragstat
 * costs above this floor is its own work; what the floor costs above
 * `cat` is the price of looking at every byte in a loop, which no
 * program that parses and formats text without word-at-a-time scanning
 * or a buffer of its own escapes.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reads the file at path whole into a buffer sized by fstat(). */
static char *
load(const char *path, size_t *len)
{
	struct stat st;
	char *buf;
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY)) < 0 || fstat(fd, &st) != 0 ||
	    (buf = malloc((size_t)st.st_size + 1)) == NULL) {
		perror(path);
		exit(1);
	}
	*len = 0;
	while ((n = read(fd, buf + *len, (size_t)st.st_size - *len)) > 0)
		*len += (size_t)n;
	close(fd);
	return buf;
}

int
main(int argc, char **argv)
{
	unsigned long long count = 0, sum = 0;
	size_t len, k;
	char *b;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: floor INPUT... OUTPUT\n");
		return 2;
	}
	for (i = 1; i < argc - 1; i++) {
		unsigned long long v = 0;
		int digits = 0;

		b = load(argv[i], &len);
		for (k = 0; k < len; k++) {
			if (b[k] >= '0' && b[k] <= '9') {
				v = v * 10 + (unsigned)(b[k] - '0');
				digits = 1;
			} else if (digits) {
				sum += v;
				count++;
				v = 0;
				digits = 0;
			}
		}
		free(b);
	}
	b = load(argv[argc - 1], &len);
	for (k = 0; k < len; k++)
		putc_unlocked(b[k], stdout);
	free(b);
	fprintf(stderr, "%llu numbers (sum %llu)\n", count, sum);
	return fflush(stdout) == 0 ? 0 : 1;
}
