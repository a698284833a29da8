/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ferr.h - error records that parsers fill and main.c turns into messages */
#ifndef FRAGSTAT_FERR_H
#define FRAGSTAT_FERR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * What went wrong with one input: the name the user knows it by (NULL
 * when no input is to blame, as out of memory), the 1-based line (0 when
 * the problem is the file as a whole) and a message.
 */
struct ferr {
	const char	*path;
	unsigned long	 line;
	char		 msg[256];
	char		 own[4096];	/* holds PATH when its owner goes away */
};

/* The program's name at the start of every message: "fragstat". */
extern const char *const progname;

/* Record a message for line LINE of E's file; returns -1 for "return ferr_set(...)". */
int	ferr_set(struct ferr *e, unsigned long line, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));

/* Record "out of memory" in E, which no input is to blame for; returns -1. */
int	ferr_set_nomem(struct ferr *e);

/*
 * Print E on standard error as "fragstat: FILE:LINE: message" (no LINE
 * when 0, no FILE either when E's path is NULL): the one place an error
 * record becomes a message.
 */
void	ferr_print(const struct ferr *e);

/*
 * Print "fragstat: out of memory" on standard error, once a run: an
 * allocation failed where no input is to blame.
 */
void	ferr_nomem(void);

/* Whether ferr_nomem() was called: the run then exits 1 whatever it found. */
bool	ferr_nomem_seen(void);

/*
 * Print "fragstat: " and FMT's message on standard error, with a newline:
 * a note, or an error no input's record holds (a refused option, a
 * command that cannot run). One write, as ferr_print() makes.
 */
void	ferr_say(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));

/* ferr_say() with the arguments in AP. */
void	ferr_vsay(const char *fmt, va_list ap)
	    __attribute__((format(printf, 1, 0)));

/*
 * From now on, also keep the last message said (ferr_print(),
 * ferr_nomem(), ferr_say()) for --check's status line. Standard error
 * stays where it is, so that what the C library or a sanitizer writes
 * there when fragstat crashes is never lost.
 */
void	ferr_keep_begin(void);

/* Returns the last message kept, without "fragstat: "; NULL: none, or no memory to keep it. */
const char *ferr_kept(void);

/* Stop keeping, and free the message kept. */
void	ferr_keep_end(void);

/* Copy PATH into E so that E->path outlives the caller's string. */
void	ferr_keep_path(struct ferr *e, const char *path);

/*
 * Test only: returns whether the environment's FRAGSTAT_TEST_FAIL names
 * SITE, so that tests/errpaths.sh reaches an error that no input can
 * cause (out of memory) and runs its message under the sanitizers.
 * Sets errno to ENOMEM when it does. Unset, nothing fails. Built only
 * with ./configure --enable-test-hooks (FRAGSTAT_TEST_HOOKS): otherwise
 * always false, whatever the environment says.
 */
bool	ferr_inject(const char *site);

/*
 * Test only: the environment's NAME (a FRAGSTAT_TEST_* hook), or NULL;
 * always NULL unless built with --enable-test-hooks, so that a hook left
 * in a real run's environment changes nothing.
 */
const char *ferr_test_env(const char *name);

/* Returns BUF holding the N bytes at S made safe to print in a message. */
const char *ferr_quote(char *buf, size_t size, const char *s, size_t n);

#endif
