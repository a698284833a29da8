/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_options.c - every option in every mode: acts or is refused, pinned as a grid */
#include "config.h"

#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"
#include "testutil.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

/* The actions, as the options that select them (R: a root). */
static const char *const actions[][2] = {
	{ "one snapshot", "" },
	{ "several roots", "--roots-from=L" },
	{ "--watch", "--watch=1" },
	{ "--compare", "--compare R R" },
	{ "--verify", "--verify" },
	{ "--capture", "--capture=D" },
	{ "--compact", "--compact" },
	{ "--map", "--map" },
	{ "--fleet", "--fleet --roots-from=L" },
	{ "--check", "--check" },
};

/* The formats, as the options that select them. */
static const char *const formats[][2] = {
	{ "summary", "" },
	{ "detail", "--detail" },
	{ "json", "--json" },
	{ "unusable", "--format=unusable" },
	{ "extfrag", "--format=extfrag" },
	{ "prom", "--format=prometheus" },
	{ "svg", "--format=svg" },
	{ "csv", "--format=csv" },
	{ "ndjson", "--format=ndjson" },
};

/* Every option, with an argument that is valid on its own. */
static const char *const options[] = {
	"", "--sysroot=R", "--buddyinfo=F", "--pagetypeinfo=F", "--pressure=F",
	"--zoneinfo=F", "--no-pagetypeinfo", "--kernel=5.10", "--page-size=4K",
	"--color=never", "--advise", "--advise=9", "--gfp=kernel",
	"--threshold=500", "--psi-some=10", "--psi-full=5", "--orders=9",
	"--count=2", "--migratetypes", "--quiet", "--detail", "--verify",
	"--watch=1",
	"--capture=D", "--compact", "--roots-from=L", "--map", "--need=10",
	"--need=10 --node=0", "--node=0", "--low=5", "--rows=sizes",
	"--rows=sizes --need=10", "--fleet",
	/* Given twice: refused in every mode (-jd and -dj alike), but
	 * --need, which is answered each time. */
	"-jd", "-dj", "--quiet -q", "--color --colour",
	"--count=2 --count=3", "--orders=9 --orders=1",
	"--warn=5", "--need=10 --need=20x4K", "--warn=5 --warn=6",
};

/* Returns options_parse()'s status for the words of A, B and C. */
static int
parse(const char *a, const char *b, const char *c)
{
	char line[256], *argv[32], *p;
	struct opts o;
	int argc = 0, rc;

	snprintf(line, sizeof(line), "fragstat %s %s %s", a, b, c);
	for (p = strtok(line, " "); p && argc < 31; p = strtok(NULL, " "))
		argv[argc++] = p;
	argv[argc] = NULL;
	optind = 0;	/* glibc: start over */
	rc = options_parse(argc, argv, &o);
	free(o.roots);
	return rc;
}

/* The grid: a line per option and action, a column per format ('+' acts, '-' refused). */
START_TEST(test_grid)
{
	char *grid = NULL;
	size_t len = 0, i, j, k;
	FILE *fp;
	int null;

	/* The refusals' messages are pinned by tests/cli, not here. */
	null = open("/dev/null", O_WRONLY);
	ck_assert_int_ge(null, 0);
	ck_assert_int_ge(dup2(null, 2), 0);
	fp = open_memstream(&grid, &len);
	ck_assert_ptr_nonnull(fp);
	fprintf(fp, "%-36s", "option / action");
	for (k = 0; k < N(formats); k++)
		fprintf(fp, " %s", formats[k][0]);
	fputc('\n', fp);
	for (i = 0; i < N(options); i++)
		for (j = 0; j < N(actions); j++) {
			char name[64];

			snprintf(name, sizeof(name), "%s %s", options[i][0] ?
			    options[i] : "(none)", actions[j][0]);
			fprintf(fp, "%-36s", name);
			for (k = 0; k < N(formats); k++)
				fprintf(fp, " %*s", (int)strlen(formats[k][0]),
				    parse(actions[j][1], formats[k][1],
				    options[i]) == EXIT_USAGE ? "-" : "+");
			fputc('\n', fp);
		}
	fclose(fp);
	close(null);
	tu_golden("options/grid", grid);
	free(grid);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("options");
	TCase *tc = tcase_create("grid");

	tcase_add_test(tc, test_grid);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
