/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * loop.c - the per-sample cost of fragstat without a process per sample.
 *
 *   loop N [--no-pagetypeinfo] [--table] [--list=FILE] [ROOT]...
 *
 * Loads ROOT (a captured root, or '-' for this machine's /proc; --list
 * reads more, one a line, from FILE), computes and renders JSON (or the
 * table) to /dev/null N times, cycling through the roots, in one process,
 * with the library fragstat is built from (src/libfragstat.a), as fragstat
 * --watch or a batch (--roots-from) does. Prints the iterations, the CPU
 * (user + system) and wall seconds they took. It is a benchmark harness, not fragstat: the
 * options, notes and error messages of src/main.c are not here.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "inputs.h"
#include "report.h"

static double
cpu_seconds(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
	    (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static double
wall_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/*
 * fragstat --watch and batches call this before their loop; a library
 * from before it existed leaves the symbol null, and the loop runs as
 * that fragstat's would.
 */
void	inputs_keep_memory(void) __attribute__((weak));

static char	**roots;
static int	  nroots;

/* Append a copy of ROOT to the roots; exits when out of memory. */
static void
add_root(const char *root)
{
	char **r;

	if ((r = realloc(roots, (size_t)(nroots + 1) * sizeof(*r))) == NULL ||
	    (r[nroots] = strdup(root)) == NULL) {
		perror("loop");
		exit(1);
	}
	roots = r;
	nroots++;
}

/* Append the lines of FILE to the roots. Returns 0 or -1. */
static int
read_list(const char *file)
{
	char line[4096];
	FILE *fp;

	if ((fp = fopen(file, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), fp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] != '\0')
			add_root(line);
	}
	fclose(fp);
	return 0;
}

int
main(int argc, char **argv)
{
	bool table = false, no_pti = false;
	struct input_opts io;
	struct inputs in;
	struct report r;
	struct ferr e;
	double c0, w0;
	long n, i;
	FILE *out;
	int a;

	if (argc < 3 || (n = atol(argv[1])) < 1) {
		fprintf(stderr, "usage: loop N [--no-pagetypeinfo] [--table] "
		    "[--list=FILE] [ROOT]...\n");
		return 2;
	}
	for (a = 2; a < argc && argv[a][0] == '-' && argv[a][1] == '-'; a++) {
		if (strcmp(argv[a], "--table") == 0)
			table = true;
		else if (strcmp(argv[a], "--no-pagetypeinfo") == 0)
			no_pti = true;
		else if (strncmp(argv[a], "--list=", 7) == 0 &&
		    read_list(argv[a] + 7) != 0) {
			perror(argv[a] + 7);
			return 1;
		}
	}
	for (; a < argc; a++)
		add_root(argv[a]);
	if (nroots < 1 || (out = fopen("/dev/null", "w")) == NULL) {
		fprintf(stderr, "loop: no root, or no /dev/null\n");
		return 2;
	}
	if (inputs_keep_memory)
		inputs_keep_memory();
	c0 = cpu_seconds();
	w0 = wall_seconds();
	for (i = 0; i < n; i++) {
		const char *root = roots[i % nroots];

		memset(&io, 0, sizeof(io));
		io.sysroot = strcmp(root, "-") == 0 ? NULL : root;
		io.want_pti = !no_pti;
		io.want_psi = true;
		io.page_size = io.sysroot ? 4096 :
		    (unsigned long)sysconf(_SC_PAGESIZE);
		if (inputs_load(&io, &in, &e) != 0) {
			fprintf(stderr, "loop: %s:%lu: %s\n", e.path, e.line,
			    e.msg);
			return 1;
		}
		/* As report_of() in src/main.c fills it. */
		memset(&r, 0, sizeof(r));
		r.buddyinfo_path = in.bpath;
		r.bi = &in.bi;
		r.frag = in.frag;
		r.pagetypeinfo_path = in.have_pti ? in.ppath : NULL;
		r.pti = in.have_pti ? &in.pti : NULL;
		r.pti_zone = in.pti_zone;
		r.pressure_path = in.have_psi ? in.spath : NULL;
		r.psi = in.have_psi ? &in.psi : NULL;
		r.release = in.release[0] ? in.release : NULL;
		r.page_size = io.page_size;
		r.page_size_from = io.sysroot ? "assumed" : "host";
		if (table)
			render_table(out, &r);
		else
			render_json(out, &r);
		fflush(out);
		inputs_free(&in);
	}
	printf("%ld %.6f %.6f\n", n, cpu_seconds() - c0, wall_seconds() - w0);
	return ferror(out) ? 1 : 0;
}
