/* SPDX-License-Identifier: GPL-2.0-or-later */
/* slurp.c - read a file to EOF into one growing buffer */

#include "config.h"
#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "slurp.h"

/* What slurp_stoppable() set: the signals that ask to stop, the flag they set. */
static const sigset_t *stop_sigs;
static volatile sig_atomic_t *stop_flag;

/* The ticks that interrupt a slow open() or read() while it waits. */
static struct {
	struct sigaction	old;
	struct itimerval	oldit;
	sigset_t		oldmask;
	unsigned		silent;	/* ms waited since asked to stop */
} tick;

void
slurp_stoppable(const sigset_t *sigs, volatile sig_atomic_t *stop)
{
	stop_sigs = sigs;
	stop_flag = stop;
}

/*
 * SIGALRM's handler while a slow file is read: a tick (the timer's,
 * si_code SI_KERNEL) only interrupts the call; one a process sent (kill,
 * sigqueue, tgkill) goes to the handler before the ticks, as if they
 * were not there.
 */
static void
on_tick(int sig, siginfo_t *si, void *ctx)
{
	if (si->si_code == SI_KERNEL)
		return;
	if (tick.old.sa_flags & SA_SIGINFO)
		tick.old.sa_sigaction(sig, si, ctx);
	else if (tick.old.sa_handler != SIG_DFL &&
	    tick.old.sa_handler != SIG_IGN)
		tick.old.sa_handler(sig);
}

/*
 * Start (ON) or stop the ticks: SIGALRM every SLURP_TICK_MS, let in and
 * not restarting, so that a blocked open() or read() returns EINTR and
 * the loop can look whether it was asked to stop. The signals that stop
 * stay blocked: their owner sees them after the read, as without a hang.
 */
static void
ticks(bool on)
{
	struct itimerval it = { { 0, SLURP_TICK_MS * 1000L },
	    { 0, SLURP_TICK_MS * 1000L } };
	struct sigaction sa;
	sigset_t alrm;

	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	if (!on) {
		setitimer(ITIMER_REAL, &tick.oldit, NULL);
		sigaction(SIGALRM, &tick.old, NULL);
		sigprocmask(SIG_SETMASK, &tick.oldmask, NULL);
		return;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_tick;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGALRM, &sa, &tick.old);
	sigprocmask(SIG_UNBLOCK, &alrm, &tick.oldmask);
	setitimer(ITIMER_REAL, &it, &tick.oldit);
	tick.silent = 0;
}

/*
 * A slow call was interrupted: returns whether to try it again, or false
 * once a signal of slurp_stoppable() asked to stop (waiting blocked, or
 * its flag set) and nothing came for SLURP_GRACE_MS.
 */
static bool
again(void)
{
	sigset_t pending;
	int sig;
	bool asked = stop_flag != NULL && *stop_flag;

	if (!asked && sigpending(&pending) == 0)
		for (sig = 1; sig < NSIG && !asked; sig++)
			asked = sigismember(stop_sigs, sig) &&
			    sigismember(&pending, sig);
	if (!asked)
		return true;
	tick.silent += SLURP_TICK_MS;
	return tick.silent < SLURP_GRACE_MS;
}

/* Set E for the errno ERR of a read; MOST: the limit that EFBIG passed (0: SLURP_CAP). */
static void
slurp_error(struct ferr *e, int err, size_t most)
{
	if (err == EFBIG && most != 0)
		ferr_set(e, 0, "larger than the %zu bytes it may hold",
		    most);
	else if (err == EFBIG)
		ferr_set(e, 0, "larger than %u MiB, not a kernel file",
		    SLURP_CAP >> 20);
	else if (err == ECANCELED)
		ferr_set(e, 0, "read given up: asked to stop, and nothing "
		    "came for %u s", SLURP_GRACE_MS / 1000);
	else
		ferr_set(e, 0, "%s", strerror(err));
}

/*
 * Whether PATH is opened and read with the ticks on: when asked to, a
 * FIFO, a socket or a device, which may never answer. (Only a choice of
 * how to wait: a file swapped in between waits as before.)
 */
static bool
is_slow(const char *path)
{
	struct stat st;

	return stop_sigs != NULL && strcmp(path, "-") != 0 &&
	    stat(path, &st) == 0 && !S_ISREG(st.st_mode) &&
	    !S_ISDIR(st.st_mode);
}

/*
 * Open PATH ("-": standard input), with the ticks on when SLOW. Returns
 * the descriptor, or -1 with *ERR set and the ticks off again.
 */
static int
open_input(const char *path, bool slow, int *err)
{
	int fd;

	if (strcmp(path, "-") == 0)
		return STDIN_FILENO;
	if (slow)
		ticks(true);
	/* A FIFO's open() waits for a writer: the ticks end it too. */
	while ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1 && slow &&
	    errno == EINTR && again())
		;
	if (fd == -1) {
		*err = slow && errno == EINTR ? ECANCELED : errno;
		if (slow)
			ticks(false);
	}
	return fd;
}

/*
 * Read up to N bytes of FD into BUF as read() does, a slow file's EINTR
 * tried again until asked to stop. Returns the bytes read (0: EOF), or
 * -errno (-ECANCELED: given up).
 */
static ssize_t
read_some(int fd, bool slow, char *buf, size_t n)
{
	ssize_t r;

	for (;;) {
		if ((r = read(fd, buf, n)) >= 0) {
			if (r > 0)
				tick.silent = 0;
			return r;
		}
		if (errno == EINTR && (!slow || again()))
			continue;
		return slow && errno == EINTR ? -ECANCELED : -errno;
	}
}

/*
 * Read FD to EOF into *BUF (allocated here, NUL-terminated) and *LEN; past
 * *MOST bytes (LIMIT(ARG, BUF, LEN) after each read, when not NULL) is
 * EFBIG. Returns 0 or an errno; *BUF is the caller's to free either way.
 */
static int
read_all(int fd, bool slow, slurp_limit_fn *limit, void *arg, char **buf,
    size_t *len, size_t *most)
{
	size_t cap = 16384;
	struct stat st;
	char *nbuf;
	ssize_t n;

	/*
	 * A regular file's size, up to *MOST, and a byte for the read that
	 * sees EOF and one for the NUL: a large file is read without copies
	 * as the buffer grows.
	 */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
		cap = ((uintmax_t)st.st_size < *most ? (size_t)st.st_size :
		    *most) + 2;
	if ((*buf = malloc(cap)) == NULL)
		return ENOMEM;
	/* procfs reports size 0, and a file may grow: grow until read() says EOF. */
	for (;;) {
		/* LEN <= MOST here: one byte more shows whether EOF follows. */
		if (*len + 1 == cap) {
			if (cap > SIZE_MAX / 2 ||
			    (nbuf = realloc(*buf, cap * 2)) == NULL)
				return ENOMEM;
			*buf = nbuf;
			cap *= 2;
		}
		n = read_some(fd, slow, *buf + *len, cap - 1 - *len);
		if (n == 0)
			break;
		if (n < 0)
			return (int)-n;
		*len += (size_t)n;
		if (limit != NULL)
			*most = limit(arg, *buf, *len);
		if (*len > *most)
			return EFBIG;
	}
	(*buf)[*len] = '\0';
	return 0;
}

/*
 * Read PATH into S, at most LIMIT(ARG, BUF, LEN) bytes after each read
 * (NULL: SLURP_CAP). Returns 0, or -errno with E set.
 */
static int
slurp_bounded(const char *path, struct slurp *s, slurp_limit_fn *limit,
    void *arg, struct ferr *e)
{
	size_t len = 0, most = SLURP_CAP;
	char *buf = NULL;
	bool slow;
	int fd, err;

	s->buf = NULL;
	s->len = 0;
	slow = is_slow(path);
	if ((fd = open_input(path, slow, &err)) == -1) {
		slurp_error(e, err, 0);
		return -err;
	}
	err = read_all(fd, slow, limit, arg, &buf, &len, &most);
	if (fd != STDIN_FILENO)
		close(fd);
	if (slow)
		ticks(false);
	if (err != 0) {
		free(buf);
		slurp_error(e, err, limit != NULL ? most : 0);
		return -err;
	}
	s->buf = buf;
	s->len = len;
	return 0;
}

int
slurp_read(const char *path, struct slurp *s, struct ferr *e)
{
	return slurp_bounded(path, s, NULL, NULL, e);
}

int
slurp_read_limit(const char *path, struct slurp *s, slurp_limit_fn *limit,
    void *arg, struct ferr *e)
{
	return slurp_bounded(path, s, limit, arg, e);
}

void
slurp_free(struct slurp *s)
{
	free(s->buf);
	s->buf = NULL;
	s->len = 0;
}

/* The room a line reader starts with: most lines fragstat reads fit. */
#define LINES_FIRST	65536

/*
 * Open PATH into L, whose lines (or records: ENDS newlines end one) may
 * be MOST bytes long at most. Returns 0, or -errno with E set.
 */
static int
lines_open(const char *path, struct slurp_lines *l, size_t most,
    size_t ends, struct ferr *e)
{
	int err = 0;

	memset(l, 0, sizeof(*l));
	l->most = most;
	l->ends = ends;
	l->next = 1;
	/* The longest with its end fits: it is then known whole. */
	l->cap = most < LINES_FIRST ? most + ends : LINES_FIRST;
	if ((l->buf = malloc(l->cap)) == NULL) {
		slurp_error(e, ENOMEM, 0);
		return -ENOMEM;
	}
	l->slow = is_slow(path);
	if ((l->fd = open_input(path, l->slow, &err)) == -1) {
		free(l->buf);
		l->buf = NULL;
		slurp_error(e, err, 0);
		return -err;
	}
	/* The ticks run only while a read waits: see refill(). */
	if (l->slow)
		ticks(false);
	return 0;
}

int
slurp_lines_open(const char *path, struct slurp_lines *l, size_t most,
    struct ferr *e)
{
	return lines_open(path, l, most, 1, e);
}

int
slurp_records_open(const char *path, struct slurp_lines *l, size_t most,
    struct ferr *e)
{
	return lines_open(path, l, most, 2, e);
}

/*
 * Read more of L's file after the bytes it holds, the line begun moved to
 * the front first and the room grown up to L's longest line and its end.
 * Returns 0 (L->eof set at the end), or -errno.
 */
static int
refill(struct slurp_lines *l)
{
	size_t want;
	ssize_t n;
	char *nbuf;

	memmove(l->buf, l->buf + l->off, l->len - l->off);
	l->len -= l->off;
	l->off = 0;
	if (l->len == l->cap) {
		want = 2 * l->cap;
		if (want > l->most + l->ends)
			want = l->most + l->ends;
		if (ferr_inject("lines-grow") ||
		    (nbuf = realloc(l->buf, want)) == NULL)
			return -ENOMEM;
		l->buf = nbuf;
		l->cap = want;
	}
	if (l->slow)
		ticks(true);
	n = read_some(l->fd, l->slow, l->buf + l->len, l->cap - l->len);
	if (l->slow)
		ticks(false);
	if (n < 0)
		return (int)n;
	l->eof = n == 0;
	l->len += (size_t)n;
	return 0;
}

/* Returns the newlines in the N bytes at S. */
static unsigned long
newlines(const char *s, size_t n)
{
	const char *nl, *end = s + n;
	unsigned long count = 0;

	for (; (nl = memchr(s, '\n', (size_t)(end - s))) != NULL; s = nl + 1)
		count++;
	return count;
}

int
slurp_lines_next(struct slurp_lines *l, const char **s, size_t *n,
    bool *whole, struct ferr *e)
{
	const char *end;
	size_t held;
	int rc;

	for (;;) {
		held = l->len - l->off;
		/* Only the bytes not yet looked at: a long line is read in parts. */
		end = memmem(l->buf + l->off + l->seen, held - l->seen, "\n\n",
		    l->ends);
		/* A record's end may start in the last byte held. */
		l->seen = held < l->ends ? 0 : held - (l->ends - 1);
		*s = l->buf + l->off;
		*whole = end != NULL;
		if (end != NULL || (l->eof && held > 0)) {
			*n = end ? (size_t)(end - *s) : held;
			l->off += *n + (end ? l->ends : 0);
			l->seen = 0;
			l->no = l->next;
			/* A line holds no newline; a record holds its lines'. */
			if (l->ends > 1)
				l->next += newlines(*s, *n);
			l->next += l->ends;
			return 1;
		}
		if (held >= l->most + l->ends) {
			ferr_set(e, l->next, "a %s longer than %zu bytes",
			    l->ends == 1 ? "line" : "record", l->most);
			return -EFBIG;
		}
		if (l->eof)
			return 0;
		if ((rc = refill(l)) != 0) {
			slurp_error(e, -rc, 0);
			return rc;
		}
	}
}

void
slurp_lines_close(struct slurp_lines *l)
{
	if (l->fd != STDIN_FILENO)
		close(l->fd);
	free(l->buf);
	memset(l, 0, sizeof(*l));
	l->fd = -1;
}
