/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_safedir.c - new names only, trees removed without following a link, renames that never replace */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "safedir.h"
#include "testutil.h"

static char top[] = "/tmp/check_safedir.XXXXXX";
static int topfd = -1;

/* Each test in a fresh directory TOP, open as TOPFD. */
static void
setup(void)
{
	strcpy(top, "/tmp/check_safedir.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(top));
	topfd = open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ck_assert_int_ge(topfd, 0);
}

static void
teardown(void)
{
	char cmd[80];

	close(topfd);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", top);
	ck_assert_int_eq(system(cmd), 0);
}

/* Returns whether REL exists under TOP, not following a last link. */
static int
has(const char *rel)
{
	struct stat st;

	return fstatat(topfd, rel, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

START_TEST(test_mkdtemp_new_names)
{
	char a[NAME_MAX + 1], b[NAME_MAX + 1];
	struct stat st;
	int fa, fb;

	fa = safedir_mkdtemp(topfd, "rec", a, sizeof(a));
	fb = safedir_mkdtemp(topfd, "rec", b, sizeof(b));
	ck_assert_int_ge(fa, 0);
	ck_assert_int_ge(fb, 0);
	ck_assert_int_eq(strlen(a), strlen(".rec.XXXXXX"));
	ck_assert_int_eq(strncmp(a, ".rec.", 5), 0);
	ck_assert_str_ne(a, b);
	ck_assert_int_eq(fstat(fa, &st), 0);
	ck_assert(S_ISDIR(st.st_mode));
	ck_assert_int_eq(st.st_mode & 07777, 0700);
	close(fa);
	close(fb);
	/* A name too long for a directory entry is refused, not cut. */
	memset(a, 'x', sizeof(a) - 1);
	a[sizeof(a) - 1] = '\0';
	ck_assert_int_eq(safedir_mkdtemp(topfd, a, b, sizeof(b)), -1);
}
END_TEST

START_TEST(test_rm_tree_never_follows)
{
	char path[PATH_MAX];

	ck_assert_int_eq(mkdirat(topfd, "outside", 0755), 0);
	ck_assert_int_eq(close(openat(topfd, "outside/keep", O_CREAT | O_WRONLY,
	    0644)), 0);
	ck_assert_int_eq(mkdirat(topfd, "t", 0755), 0);
	ck_assert_int_eq(mkdirat(topfd, "t/a", 0755), 0);
	ck_assert_int_eq(mkdirat(topfd, "t/a/b", 0755), 0);
	ck_assert_int_eq(close(openat(topfd, "t/a/b/f", O_CREAT | O_WRONLY,
	    0644)), 0);
	snprintf(path, sizeof(path), "%s/outside", top);
	ck_assert_int_eq(symlinkat(path, topfd, "t/a/link"), 0);
	ck_assert_int_eq(safedir_rm_tree(topfd, "t"), 0);
	ck_assert(!has("t"));
	ck_assert(has("outside/keep"));
	/* Absent: nothing to do. A link itself: removed, not its target. */
	ck_assert_int_eq(safedir_rm_tree(topfd, "t"), 0);
	ck_assert_int_eq(symlinkat(path, topfd, "l"), 0);
	ck_assert_int_eq(safedir_rm_tree(topfd, "l"), 0);
	ck_assert(!has("l"));
	ck_assert(has("outside/keep"));
}
END_TEST

/*
 * A tree six directories deep, a file in each, removed through the
 * descriptor held with one descriptor free (issue 44: out of descriptors,
 * nothing could be removed); a directory put in the held one's place is
 * left with what it holds.
 */
START_TEST(test_rm_held_one_descriptor)
{
	static const char *const dirs[] = { "t", "t/a", "t/a/b", "t/a/b/c",
	    "t/a/b/c/d", "t/a/b/c/d/e" };
	struct rlimit rl;
	char file[PATH_MAX];
	size_t i;
	int fd, next;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		ck_assert_int_eq(mkdirat(topfd, dirs[i], 0755), 0);
		snprintf(file, sizeof(file), "%s/f", dirs[i]);
		ck_assert_int_eq(close(openat(topfd, file, O_CREAT | O_WRONLY,
		    0644)), 0);
	}
	fd = openat(topfd, "t", O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fd, 0);
	/* The lowest free descriptor is the only one left (forked: CK_FORK). */
	next = dup(fd);
	ck_assert_int_ge(next, 0);
	close(next);
	ck_assert_int_eq(getrlimit(RLIMIT_NOFILE, &rl), 0);
	rl.rlim_cur = (rlim_t)next + 1;
	ck_assert_int_eq(setrlimit(RLIMIT_NOFILE, &rl), 0);
	ck_assert_int_eq(safedir_rm_held(topfd, "t", fd), 0);
	ck_assert(!has("t"));
	close(fd);
	/* Swapped: what is held is emptied, the one in its place left. */
	ck_assert_int_eq(mkdirat(topfd, "u", 0755), 0);
	ck_assert_int_eq(close(openat(topfd, "u/f", O_CREAT | O_WRONLY, 0644)),
	    0);
	fd = openat(topfd, "u", O_RDONLY | O_DIRECTORY);
	ck_assert_int_eq(renameat(topfd, "u", topfd, "u.moved"), 0);
	ck_assert_int_eq(mkdirat(topfd, "u", 0755), 0);
	ck_assert_int_eq(close(openat(topfd, "u/theirs", O_CREAT | O_WRONLY,
	    0644)), 0);
	ck_assert_int_eq(safedir_rm_held(topfd, "u", fd), -1);
	ck_assert(has("u/theirs") && has("u.moved") && !has("u.moved/f"));
	close(fd);
}
END_TEST

/* The renames, with the flags and (FRAGSTAT_TEST_NO_RENAME_FLAGS) as on NFS. */
START_TEST(test_renames)
{
	int nfs = _i;

	if (nfs)
		setenv("FRAGSTAT_TEST_NO_RENAME_FLAGS", "1", 1);
	ck_assert_int_eq(mkdirat(topfd, "a", 0755), 0);
	ck_assert_int_eq(mkdirat(topfd, "b", 0755), 0);
	ck_assert_int_eq(safedir_rename_new(topfd, "a", "b"), -1);
	ck_assert_int_eq(errno, EEXIST);
	ck_assert_int_eq(safedir_rename_new(topfd, "a", "c"), 0);
	ck_assert(has("c") && !has("a"));
	/* replace: into an absent place, then over one that exists. */
	ck_assert_int_eq(mkdirat(topfd, "c/mark", 0755), 0);
	ck_assert_int_eq(safedir_replace(topfd, "c", "last", "old"), 0);
	ck_assert(has("last/mark"));
	ck_assert_int_eq(safedir_replace(topfd, "b", "last", "old"), 0);
	ck_assert(!has("last/mark"));
	ck_assert(has(nfs ? "old/mark" : "b/mark"));
	unsetenv("FRAGSTAT_TEST_NO_RENAME_FLAGS");
}
END_TEST

START_TEST(test_parent_and_enter)
{
	struct ferr e = { .path = "" };
	struct safedir p, d;
	char name[NAME_MAX + 1], path[PATH_MAX];

	ck_assert_int_eq(mkdirat(topfd, "d", 0755), 0);
	snprintf(path, sizeof(path), "%s/d/new//", top);
	ck_assert_int_eq(safedir_parent(&p, path, name, sizeof(name), "w", &e),
	    0);
	ck_assert_str_eq(name, "new");
	/* The directory itself: its path ends in ".". */
	snprintf(path, sizeof(path), "%s/d/.", top);
	ck_assert_int_eq(safedir_parent(&d, path, name, sizeof(name), "w", &e),
	    0);
	ck_assert_str_eq(name, ".");
	safedir_close(&d);
	/* Made when absent, taken when there, a link refused. */
	ck_assert_int_eq(safedir_enter(&d, &p, "new", &e), 0);
	safedir_close(&d);
	ck_assert(has("d/new"));
	ck_assert_int_eq(safedir_enter(&d, &p, "new", &e), 0);
	safedir_close(&d);
	ck_assert_int_eq(symlinkat(top, p.fd, "lnk"), 0);
	ck_assert_int_eq(safedir_enter(&d, &p, "lnk", &e), -1);
	ck_assert_str_eq(e.msg, "is a symbolic link: fragstat writes into no "
	    "directory through one");
	safedir_close(&p);
	/* A file on the way: WHAT and the reason. */
	ck_assert_int_eq(close(openat(topfd, "file", O_CREAT | O_WRONLY, 0644)),
	    0);
	snprintf(path, sizeof(path), "%s/file/x", top);
	ck_assert_int_eq(safedir_parent(&p, path, name, sizeof(name),
	    "cannot create", &e), -1);
	ck_assert_str_eq(e.msg, "cannot create: Not a directory");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("safedir");
	TCase *tc = tcase_create("safedir");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_mkdtemp_new_names);
	tcase_add_test(tc, test_rm_tree_never_follows);
	tcase_add_test(tc, test_rm_held_one_descriptor);
#ifdef FRAGSTAT_TEST_HOOKS
	/* 1: as on NFS, through a test hook only --enable-test-hooks builds. */
	tcase_add_loop_test(tc, test_renames, 0, 2);
#else
	tcase_add_loop_test(tc, test_renames, 0, 1);
#endif
	tcase_add_test(tc, test_parent_and_enter);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
