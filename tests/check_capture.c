/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_capture.c - a signal right after publication leaves the capture whole */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "capture.h"
#include "mode_capture.h"
#include "testutil.h"

/* This suite links with -Wl,--wrap=renameat2: capture.c's call lands here. */
int	__real_renameat2(int, const char *, int, const char *, unsigned);
int	__wrap_renameat2(int, const char *, int, const char *, unsigned);

/* Publish, then be interrupted at once, as a ^C at the worst moment. */
int
__wrap_renameat2(int ofd, const char *from, int nfd, const char *to,
    unsigned flags)
{
	int rc = __real_renameat2(ofd, from, nfd, to, flags);

	raise(SIGINT);
	return rc;
}

/* Returns whether REL exists under DIR. */
static int
exists(const char *dir, const char *rel)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	return stat(path, &st) == 0;
}

START_TEST(test_signal_after_publish)
{
	char tmp[] = "/tmp/check_capture.XXXXXX", dir[64], rm[80];
	char *src = tu_path("corpus/vm-6.18-x86-64-holes");
	struct ferr e = { .path = "" };
	FILE *devnull;
	pid_t pid;
	int st;

	ck_assert_ptr_nonnull(mkdtemp(tmp));
	snprintf(dir, sizeof(dir), "%s/c", tmp);
	if ((pid = fork()) == 0) {
		devnull = fopen("/dev/null", "w");
		mode_capture_run(src, dir, 4096, NULL, devnull, &e);
		_exit(0);
	}
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	/* The signal still ends the process, after the capture is whole. */
	ck_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGINT);
	ck_assert(exists(dir, "proc/buddyinfo"));
	ck_assert(exists(dir, "proc/zoneinfo"));
	ck_assert(exists(dir, CAPTURE_META));
	free(src);
	snprintf(rm, sizeof(rm), "rm -rf %s", tmp);
	ck_assert_int_eq(system(rm), 0);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("capture");
	TCase *tc = tcase_create("publish");

	tcase_add_test(tc, test_signal_after_publish);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
