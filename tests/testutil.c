/* SPDX-License-Identifier: GPL-2.0-or-later */
/* testutil.c - helpers shared by the Check suites */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "slurp.h"
#include "testutil.h"

char *
tu_path(const char *rel)
{
	const char *dir = getenv("FIXTURES");
	char *p;

	ck_assert_msg(dir != NULL, "FIXTURES is not set");
	ck_assert_int_ge(asprintf(&p, "%s/%s", dir, rel), 0);
	return p;
}

char *
tu_read(const char *rel, size_t *len)
{
	struct ferr e = { .path = rel };
	struct slurp s;
	char *p = tu_path(rel);
	int rc = slurp_read(p, &s, &e);

	ck_assert_msg(rc == 0, "%s: %s", p, e.msg);
	free(p);
	if (len)
		*len = s.len;
	return s.buf;
}

int
tu_exists(const char *rel)
{
	char *p = tu_path(rel);
	int ok = access(p, R_OK) == 0;

	free(p);
	return ok;
}

char *
tu_render(void (*fn)(FILE *, const struct report *), const struct report *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	fn(fp, r);
	ck_assert_int_eq(fclose(fp), 0);
	return buf;
}

void
tu_golden(const char *rel, const char *got)
{
	const char *update = getenv("UPDATE_GOLDEN");
	char *want, *p;
	FILE *fp;

	if (update != NULL && strcmp(update, "1") == 0) {
		p = tu_path(rel);
		fp = fopen(p, "w");
		ck_assert_msg(fp != NULL, "cannot write %s", p);
		fputs(got, fp);
		ck_assert_int_eq(fclose(fp), 0);
		free(p);
		return;
	}
	want = tu_read(rel, NULL);
	ck_assert_str_eq(got, want);
	free(want);
}

int
tu_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
