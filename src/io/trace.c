/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * trace.c - a private tracefs instance whose events fragstat counts
 * (libtracefs); trace_decode.c decodes what its buffers hold
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"
#include "trace_decode.h"

/*
 * ppoll() the N descriptors PFD with the signal mask MASK until UNTIL
 * (CLOCK_MONOTONIC). Returns what ppoll() returns.
 */
static int
poll_until(struct pollfd *pfd, nfds_t n, const struct timespec *until,
    const sigset_t *mask)
{
	struct timespec now, left;

	clock_gettime(CLOCK_MONOTONIC, &now);
	left.tv_sec = until->tv_sec - now.tv_sec;
	left.tv_nsec = until->tv_nsec - now.tv_nsec;
	if (left.tv_nsec < 0) {
		left.tv_sec--;
		left.tv_nsec += 1000000000;
	}
	/* Past UNTIL (a slow sample) still lets a pending signal in. */
	if (left.tv_sec < 0)
		left.tv_sec = left.tv_nsec = 0;
	return ppoll(pfd, n, &left, mask);
}

/* Sleep until UNTIL with the signal mask MASK. Returns 0, or EINTR. */
static int
sleep_until(const struct timespec *until, const sigset_t *mask)
{
	return poll_until(NULL, 0, until, mask) < 0 && errno == EINTR ? EINTR :
	    0;
}

#ifndef HAVE_TRACEFS

/*
 * Built without libtracefs and libtraceevent: every entry point says so,
 * the decoder's too (trace_decode.c is then empty).
 */
static int
no_tracing(struct ferr *e)
{
	e->path = "--events";
	return ferr_set(e, 0, "built without tracing support (libtracefs, "
	    "libtraceevent)");
}

int
trace_open(struct trace **tp, struct ev_names *nm,
    const struct ev_rules *rules, char **note, struct ferr *e)
{
	(void)nm;
	(void)rules;
	*tp = NULL;
	*note = NULL;
	return no_tracing(e);
}

int
trace_read(struct trace *t, struct ev_counts *c, struct ferr *e)
{
	(void)t;
	(void)c;
	return no_tracing(e);
}

int
trace_sweep(char **removed)
{
	*removed = NULL;
	return 0;
}

int
trace_wait(struct trace *t, const struct timespec *until, const sigset_t *mask,
    struct ev_counts *c)
{
	(void)t;
	(void)c;
	return sleep_until(until, mask);
}

int
trace_close(struct trace *t, struct ferr *e)
{
	(void)t;
	(void)e;
	return 0;
}

struct trace_decoder *
trace_decoder_new(const char *dir, struct ev_names *nm,
    const struct ev_rules *rules, char **note, struct ferr *e)
{
	(void)dir;
	(void)nm;
	(void)rules;
	*note = NULL;
	no_tracing(e);
	return NULL;
}

int
trace_decode(struct trace_decoder *d, void *subbuf, struct ev_counts *c)
{
	(void)d;
	(void)subbuf;
	(void)c;
	return -1;
}

void
trace_decoder_free(struct trace_decoder *d)
{
	(void)d;
}

int
trace_settle(struct trace_decoder *d, uint64_t cut, struct ev_counts *c)
{
	(void)d;
	(void)cut;
	(void)c;
	return -1;
}

#else

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tracefs.h>

#include "text.h"

/*
 * Room for an instance's name with its NUL: "fragstat-ns", an inode's 20
 * digits and "-" (instance_prefix()), then a PID's 10 digits: 43 bytes.
 */
#define TRACE_NAME_SIZE	48

/* One CPU's buffer of the instance. */
struct trace_cpu {
	int			 cpu, fd;
	struct tracefs_cpu	*tcpu;
};

struct trace {
	struct tracefs_instance	*inst;
	struct trace_decoder	*dec;
	struct trace_cpu	*cpus;
	struct pollfd		*pfd;
	int			 ncpus;
	void			*page;		/* one sub-buffer */
	uint64_t		 dropped;	/* the stats' sum at the last read */
	bool			 mono;		/* trace_clock is mono */
	char			 name[TRACE_NAME_SIZE];	/* instance_prefix(), PID */
	char			 path[PATH_MAX];	/* the instance, for messages */
};

/* Set E to "PATH: what: strerror(errno)"; returns -1. */
static int
sys_error(struct ferr *e, const char *path, const char *what)
{
	int err = errno;

	ferr_keep_path(e, path);
	return ferr_set(e, 0, "%s: %s", what, strerror(err));
}

/* Free T's buffers and T, and remove its instance when it was created. */
static int
destroy(struct trace *t, struct ferr *e)
{
	int i, rc = 0;

	for (i = 0; i < t->ncpus; i++) {
		if (t->cpus[i].tcpu)
			tracefs_cpu_free_fd(t->cpus[i].tcpu);
		if (t->cpus[i].fd >= 0)
			close(t->cpus[i].fd);
	}
	/* The kernel removes the instance's events and buffers with it. */
	if (t->inst && (tracefs_instance_destroy(t->inst) != 0 ||
	    ferr_inject("trace-destroy")) && e != NULL)
		rc = sys_error(e, t->path, "cannot remove the tracefs instance");
	tracefs_instance_free(t->inst);
	trace_decoder_free(t->dec);
	free(t->cpus);
	free(t->pfd);
	free(t->page);
	free(t);
	return rc;
}

/*
 * Add to *SUM the counts of events the kernel dropped that the per_cpu
 * stats text BUF (LEN bytes) holds: lost to a full buffer, or never
 * written.
 */
static void
stats_sum(const char *buf, size_t len, uint64_t *sum)
{
	static const struct tok keys[] = { TOK("overrun: "),
	    TOK("commit overrun: "), TOK("dropped events: ") };
	struct ferr e = { .path = "" };
	struct lines l;
	struct tok head, tk;
	const char *s;
	uint64_t v;
	size_t n, k;

	lines_init(&l, buf, len);
	while (lines_next(&l, &s, &n, &e) > 0)
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
			/* The line's first bytes, as many as the key's. */
			head.s = s;
			head.n = keys[k].n;
			if (n <= head.n || !tok_eq(&head, &keys[k]))
				continue;
			tk.s = s + head.n;
			tk.n = n - head.n;
			if (num_u64(&tk, &v) == 0)
				*sum += v;
		}
}

/* Returns the sum of the per-CPU counts of events the kernel dropped, or -1 with E set. */
static int
dropped(struct trace *t, uint64_t *sum, struct ferr *e)
{
	char file[64], *buf;
	int i, size;

	*sum = 0;
	for (i = 0; i < t->ncpus; i++) {
		snprintf(file, sizeof(file), "per_cpu/cpu%d/stats",
		    t->cpus[i].cpu);
		if ((buf = tracefs_instance_file_read(t->inst, file, &size)) ==
		    NULL)
			return sys_error(e, t->path, "cannot read per_cpu stats");
		stats_sum(buf, (size_t)size, sum);
		free(buf);
	}
	return 0;
}

/* Open the trace_pipe_raw of every CPU of T. Returns 0, or -1 with E set. */
static int
open_cpus(struct trace *t, struct ferr *e)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);
	char file[64], *path;
	int cpu, fd, size = getpagesize();

	if (n < 1)
		n = 1;
	t->cpus = calloc((size_t)n, sizeof(*t->cpus));
	t->pfd = calloc((size_t)n, sizeof(*t->pfd));
	if (t->cpus == NULL || t->pfd == NULL || (t->page = malloc((size_t)
	    size)) == NULL) {
		e->path = t->path;
		return ferr_set(e, 0, "out of memory");
	}
	for (cpu = 0; cpu < n; cpu++) {
		snprintf(file, sizeof(file), "per_cpu/cpu%d/trace_pipe_raw", cpu);
		if ((path = tracefs_instance_get_file(t->inst, file)) == NULL)
			return sys_error(e, t->path, "out of memory");
		fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		tracefs_put_tracing_file(path);
		/* A possible CPU that never came online has no buffer. */
		if (fd < 0 && errno == ENOENT)
			continue;
		if (fd < 0)
			return sys_error(e, t->path, "cannot open trace_pipe_raw");
		t->cpus[t->ncpus].cpu = cpu;
		t->cpus[t->ncpus].fd = fd;
		t->pfd[t->ncpus].fd = fd;
		t->pfd[t->ncpus].events = POLLIN;
		t->ncpus++;
		t->cpus[t->ncpus - 1].tcpu = tracefs_cpu_alloc_fd(fd, size,
		    true);
		if (t->cpus[t->ncpus - 1].tcpu == NULL)
			return sys_error(e, t->path, "cannot read trace_pipe_raw");
	}
	return 0;
}

/*
 * The inode of the initial PID namespace's /proc/self/ns/pid: the
 * kernel's PROC_PID_INIT_INO (include/linux/proc_ns.h), fixed since 3.8.
 */
#define PID_NS_INIT_INO	0xEFFFFFFCU

/*
 * Write into BUF (SIZE bytes) the start of the names of this PID
 * namespace's instances: "fragstat-" in the initial one (the name of
 * every release before), "fragstat-nsINO-" in another (a container's,
 * INO its namespace's inode), so that no sweep takes another
 * namespace's live instance for a stale one of its own. Returns 0, or -1
 * when the namespace cannot be told (BUF is then "fragstat-").
 */
static int
instance_prefix(char *buf, size_t size)
{
	struct stat st;

	snprintf(buf, size, "fragstat-");
	if (stat("/proc/self/ns/pid", &st) != 0)
		return -1;
	if (st.st_ino != PID_NS_INIT_INO)
		snprintf(buf, size, "fragstat-ns%llu-",
		    (unsigned long long)st.st_ino);
	return 0;
}

/*
 * Returns whether the instance NAME is one a fragstat killed with SIGKILL
 * left: exactly "PREFIX-N" as trace_open() writes it for this PID
 * namespace (instance_prefix(); no other name, not even
 * "fragstat-check-N" of tests/events.sh, nor another namespace's), and
 * process N is gone or is this one (a PID used again after the kill).
 */
static bool
stale(const char *name)
{
	char again[TRACE_NAME_SIZE], prefix[TRACE_NAME_SIZE];
	const char *digits;
	uint64_t pid;

	if (instance_prefix(prefix, sizeof(prefix)) != 0 ||
	    strncmp(name, prefix, strlen(prefix)) != 0)
		return false;
	digits = name + strlen(prefix);
	if (num_str(digits, &pid) != 0 || pid == 0 || pid > INT32_MAX)
		return false;
	snprintf(again, sizeof(again), "%s%ld", prefix, (long)pid);
	if (strcmp(again, name) != 0)	/* "fragstat-007" is not ours */
		return false;
	if ((pid_t)pid == getpid())
		return true;
	/*
	 * Only a PID that no process has: a live process with it may be a
	 * fragstat whose instance is in use. Not /proc/N/comm to tell a
	 * fragstat from another program that got the PID again: a fragstat
	 * under valgrind or renamed has another comm, and removing a live
	 * run's instance ends its counting, while a stale one left until
	 * its PID is free again costs only memory. N is a PID of this PID
	 * namespace, as the one trace_open() names its instance after.
	 */
	return kill((pid_t)pid, 0) == -1 && errno == ESRCH;
}

int
trace_sweep(char **removed)
{
	const char *dir;
	char **names, *path;
	size_t cap = 0;
	bool gone;
	int i, n = 0;

	*removed = NULL;
	/*
	 * Every instance, no regex: tracefs_instances() of libtracefs 1.6
	 * never frees a regex it compiled (ASan, valgrind); stale() checks
	 * the name exactly anyway.
	 */
	if (geteuid() != 0 || (dir = tracefs_tracing_dir()) == NULL ||
	    (names = tracefs_instances(NULL)) == NULL)
		return 0;
	for (i = 0; names[i] != NULL; i++) {
		if (!stale(names[i]))
			continue;
		if (asprintf(&path, "%s/instances/%s", dir, names[i]) < 0) {
			n = -1;
			break;
		}
		/* Busy (a reader holds it open): left, trace_open() goes on. */
		gone = rmdir(path) == 0;
		free(path);
		if (!gone)
			continue;
		n++;
		if (trace_list_add(removed, &cap, names[i]) != 0) {
			free(*removed);
			*removed = NULL;
			n = -1;
			break;
		}
	}
	tracefs_list_free(names);
	return n;
}

/*
 * Create T's tracefs instance, size its buffer and set its clock. Returns
 * 0, or -1 with E set (T's instance, if made, left for destroy()).
 */
static int
instance_create(struct trace *t, struct ferr *e)
{
	if (tracefs_instance_exists(t->name)) {
		ferr_keep_path(e, t->path);
		return ferr_set(e, 0, "exists already (left by a fragstat that "
		    "was killed?): remove it with rmdir");
	}
	if ((t->inst = tracefs_instance_create(t->name)) == NULL)
		return sys_error(e, t->path, "cannot create the tracefs "
		    "instance");
	if (tracefs_instance_set_buffer_size(t->inst, TRACE_BUFFER_KB, -1) != 0)
		return sys_error(e, t->path, "cannot size its buffer");
	/*
	 * Stalls pair a begin and an end that may come from two CPUs: one
	 * clock for all of them, CLOCK_MONOTONIC's, that trace_read() cuts
	 * the intervals with. A kernel without it (before 4.1) keeps its
	 * local clock, and a stall counts when its end is read.
	 */
	t->mono = tracefs_instance_file_write(t->inst, "trace_clock",
	    "mono") > 0;
	return 0;
}

/*
 * Enable in T's instance the events NM has, mm_page_alloc filtered by
 * order. Returns 0, or -1 with E set.
 */
static int
events_enable(struct trace *t, const struct ev_names *nm, struct ferr *e)
{
	char sys[32], file[128], filter[32];
	const char *name;
	int k;

	if (nm->have[EV_ALLOC] && nm->alloc_min_order > 0) {
		/* Dropped before the ring buffer: an order-0 fault pays the test only. */
		snprintf(filter, sizeof(filter), "order >= %u\n",
		    nm->alloc_min_order);
		if (tracefs_instance_file_write(t->inst,
		    "events/kmem/mm_page_alloc/filter", filter) < 1)
			return sys_error(e, t->path, "cannot filter "
			    "kmem:mm_page_alloc");
	}
	for (k = 0; k < EV_NKINDS; k++) {
		if (!nm->have[k])
			continue;
		trace_split_name(k, sys, sizeof(sys), &name);
		snprintf(file, sizeof(file), "events/%s/%s/enable", sys, name);
		/* Not tracefs_event_enable(): it matches every event's name. */
		if (tracefs_instance_file_write(t->inst, file, "1") != 1)
			return sys_error(e, t->path, ev_event_name(k));
	}
	return 0;
}

int
trace_open(struct trace **tp, struct ev_names *nm,
    const struct ev_rules *rules, char **note, struct ferr *e)
{
	const char *dir;
	struct trace *t;

	*tp = NULL;
	*note = NULL;
	e->path = "--events";
	if (geteuid() != 0)
		return ferr_set(e, 0, "needs root: it creates a tracefs "
		    "instance");
	/* As trace-cmd: where tracefs is mounted, else mounted at its place. */
	if ((dir = tracefs_tracing_dir()) == NULL)
		return ferr_set(e, 0, "no tracefs (a kernel without "
		    "CONFIG_TRACING, or it cannot be mounted at "
		    "/sys/kernel/tracing)");
	if ((t = calloc(1, sizeof(*t))) == NULL)
		return ferr_set(e, 0, "out of memory");
	instance_prefix(t->name, sizeof(t->name));
	snprintf(t->name + strlen(t->name), sizeof(t->name) - strlen(t->name),
	    "%ld", (long)getpid());
	snprintf(t->path, sizeof(t->path), "%s/instances/%s", dir, t->name);
	if ((t->dec = trace_decoder_new(dir, nm, rules, note, e)) == NULL ||
	    instance_create(t, e) != 0)
		goto fail;
	trace_decoder_live(t->dec);
	if (events_enable(t, nm, e) != 0 || open_cpus(t, e) != 0 ||
	    dropped(t, &t->dropped, e) != 0)
		goto fail;
	*tp = t;
	return 0;
fail:
	free(*note);
	*note = NULL;
	destroy(t, NULL);
	return -1;
}

/* Count the events in CPU I's buffer into C. Returns how many sub-buffers it read. */
static int
drain(struct trace *t, int i, struct ev_counts *c)
{
	int n = 0;

	while (tracefs_cpu_read(t->cpus[i].tcpu, t->page, true) > 0) {
		trace_decode(t->dec, t->page, c);
		n++;
	}
	return n;
}

int
trace_read(struct trace *t, struct ev_counts *c, struct ferr *e)
{
	struct timespec now;
	uint64_t sum;
	int i;

	/* Every event before now is in the buffers: the stalls end here. */
	clock_gettime(CLOCK_MONOTONIC, &now);
	for (i = 0; i < t->ncpus; i++)
		drain(t, i, c);
	if (trace_settle(t->dec, t->mono ? (uint64_t)now.tv_sec * 1000000000 +
	    (uint64_t)now.tv_nsec : UINT64_MAX, c) != 0) {
		e->path = t->path;
		return ferr_set(e, 0, "out of memory");
	}
	if (dropped(t, &sum, e) != 0)
		return -1;
	/* The counters only grow while the instance lives. */
	c->lost += sum - t->dropped;
	t->dropped = sum;
	return 0;
}

int
trace_wait(struct trace *t, const struct timespec *until, const sigset_t *mask,
    struct ev_counts *c)
{
	int i, n, got;

	if (t == NULL)
		return sleep_until(until, mask);
	for (;;) {
		/* A buffer wakes us when half full (its buffer_percent). */
		n = poll_until(t->pfd, (nfds_t)t->ncpus, until, mask);
		if (n < 0)
			return errno == EINTR ? EINTR : 0;
		if (n == 0)
			return 0;
		for (got = 0, i = 0; i < t->ncpus; i++)
			if (t->pfd[i].revents & POLLIN)
				got += drain(t, i, c);
		/* Never spin on a buffer that says ready and holds nothing. */
		if (got == 0)
			return sleep_until(until, mask);
	}
}

int
trace_close(struct trace *t, struct ferr *e)
{
	if (t == NULL)
		return 0;
	return destroy(t, e);
}

#endif
