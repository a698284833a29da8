/* SPDX-License-Identifier: GPL-2.0-or-later */
/* watch.c - sample fragmentation, compaction effort and pressure repeatedly */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "experiment.h"
#include "record.h"
#include "slurp.h"
#include "trace.h"
#include "watch.h"

static volatile sig_atomic_t stop, child_exited;

/* The command the stopping signals go to (watch_forward()), or 0. */
static volatile pid_t forward_to;

/* The signal mask while watch_run() sleeps: the one it began with, ours let in. */
static sigset_t sleep_mask;

/* The signals that stop the loop. */
static sigset_t stop_sigs;

/*
 * The signal handler: note a command's exit, pass a signal on to the
 * command, or ask the loop to stop. A terminal's ^C reaches the whole
 * foreground process group (si_code SI_KERNEL): the command has it then.
 */
static void
on_signal(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx;
	if (sig == SIGCHLD)
		child_exited = 1;
	else if (forward_to > 0) {
		if (si == NULL || si->si_code != SI_KERNEL)
			kill(forward_to, sig);
	} else
		stop = 1;
}

void
watch_forward(pid_t pid)
{
	forward_to = pid;
}

void
watch_signals(void)
{
	static const int sigs[5] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD };
	struct sigaction sa;
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < 5; i++)
		sigaddset(&set, sigs[i]);
	/*
	 * Held blocked except in the sleep's ppoll(), which lets them in
	 * atomically: a capture, a sample or the tracefs instance is never
	 * cut midway, and a signal that came before the sleep ends it at once.
	 */
	sigprocmask(SIG_BLOCK, &set, &sleep_mask);
	for (i = 0; i < 5; i++)
		sigdelset(&sleep_mask, sigs[i]);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sigfillset(&sa.sa_mask);
	/* A signal only asks the loop to stop: no system call may fail for it. */
	sa.sa_flags = SA_RESTART | SA_SIGINFO | SA_NOCLDSTOP;
	/* --events must remove its tracefs instance whatever ends it. */
	for (i = 0; i < 5; i++)
		sigaction(sigs[i], &sa, NULL);
	/* A read that never returns (a FIFO under --sysroot) ends for them too. */
	sigemptyset(&stop_sigs);
	for (i = 0; i < 4; i++)
		sigaddset(&stop_sigs, sigs[i]);
	slurp_stoppable(&stop_sigs, &stop);
}

pid_t
watch_wait(pid_t pid, int *wstatus)
{
	pid_t got;

	/*
	 * Asleep only in sigsuspend(), which lets the signals in atomically:
	 * one sent now is forwarded while PID cannot have been reaped yet,
	 * and the SIGCHLD of an exit after the check wakes it.
	 */
	while ((got = waitpid(pid, wstatus, WNOHANG)) == 0)
		sigsuspend(&sleep_mask);
	return got;
}

/* Returns A * 100000 / MS (hundredths per second), saturating. */
static uint64_t
per_second(uint64_t delta, uint64_t ms)
{
	if (delta > UINT64_MAX / 100000)
		return UINT64_MAX / ms;
	return delta * 100000 / ms;
}

void
watch_rates(struct wsample *s, const struct vmstat *prev,
    const struct vmstat *cur, const struct psi *ppsi, const struct psi *cpsi,
    uint64_t elapsed_ms)
{
	const struct psi_line *pl, *cl;
	uint64_t dt_us = elapsed_ms * 1000, d;
	unsigned c;
	int k;

	s->elapsed_ms = elapsed_ms;
	s->rate_ok = 0;
	s->stall_ok[0] = s->stall_ok[1] = false;
	if (elapsed_ms == 0)
		return;
	for (c = 0; prev && cur && c < VM_NWATCHED; c++) {
		if (!(prev->have & cur->have & (1u << c)) ||
		    cur->v[c] < prev->v[c] || c == VM_NR_FREE_PAGES)
			continue;
		s->rate[c] = per_second(cur->v[c] - prev->v[c], elapsed_ms);
		s->rate_ok |= 1u << c;
	}
	for (k = 0; ppsi && cpsi && k < 2; k++) {
		pl = k ? &ppsi->full : &ppsi->some;
		cl = k ? &cpsi->full : &cpsi->some;
		if (!pl->present || !cl->present || cl->total_us < pl->total_us)
			continue;
		/* Stall time over wall time, in hundredths of a percent. */
		d = cl->total_us - pl->total_us;
		s->stall[k] = (uint32_t)((d > dt_us ? dt_us : d) * 10000 / dt_us);
		s->stall_ok[k] = true;
	}
}

/* Returns milliseconds from A to B. */
static uint64_t
ms_between(const struct timespec *a, const struct timespec *b)
{
	return (uint64_t)((b->tv_sec - a->tv_sec) * 1000 +
	    (b->tv_nsec - a->tv_nsec) / 1000000);
}

/* Returns the output error of standard output: 0, EPIPE or another errno. */
static int
flush_out(void)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return 0;
	return errno ? errno : EIO;
}

/* Write sample S as --watch --json does: what a recording holds. */
static void
sample_json(FILE *fp, const void *s)
{
	render_watch_json(fp, s);
}

/*
 * Returns whether the sample IN lacks an order O shows (its buddyinfo was
 * rewritten with fewer), with E set: E keeps the path, as IN is freed
 * before E is printed.
 */
static bool
lost_order(const struct watch_opts *o, const struct inputs *in,
    struct ferr *e)
{
	size_t j;

	for (j = 0; j < o->norders && o->orders[j] < in->bi.norders; j++)
		;
	if (j == o->norders)
		return false;
	ferr_keep_path(e, in->bpath);
	ferr_set(e, 0, "orders 0 to %u now, but the watch shows order %u",
	    in->bi.norders - 1, o->orders[j]);
	return true;
}

int
watch_run(const struct watch_opts *o, struct report *tmpl, struct ferr *e)
{
	struct inputs in[2];
	struct timespec mono[2], next;
	struct ev_counts ev;
	struct wsample s;
	struct report r;
	struct ferr le = { .path = "" };
	struct futile fu;
	uint64_t free_pages, blocks;
	unsigned long n = 0;
	size_t z;
	int cur = 0, have_prev = 0, err, i;
	bool last = false;	/* the command exited: this sample is the last */
	bool fired;
	char why[128];

	watch_signals();
	memset(in, 0, sizeof(in));
	memset(&ev, 0, sizeof(ev));
	memset(&fu, 0, sizeof(fu));
	clock_gettime(CLOCK_MONOTONIC, &next);
	while (!stop) {
		if (inputs_load(&o->io, &in[cur], &le) != 0) {
			/* Transient: say so, try again next time. */
			ferr_print(&le);
			inputs_free(&in[cur]);
			memset(&in[cur], 0, sizeof(in[cur]));
		} else {
			clock_gettime(CLOCK_MONOTONIC, &mono[cur]);
			if (lost_order(o, &in[cur], e) ||
			    (o->trace && trace_read(o->trace, &ev, e) != 0)) {
				inputs_free(&in[cur]);
				if (have_prev)
					inputs_free(&in[!cur]);
				ev_free(&ev);
				return -1;
			}
			if (!o->quiet && n == 0)
				for (i = 0; i < in[cur].nnotes; i++)
					fprintf(stderr, "%s: %s\n", progname,
					    in[cur].notes[i]);
			r = *tmpl;
			r.bi = &in[cur].bi;
			r.frag = in[cur].frag;
			r.pti = in[cur].have_pti ? &in[cur].pti : NULL;
			r.pti_zone = in[cur].pti_zone;
			r.psi = in[cur].have_psi ? &in[cur].psi : NULL;
			r.thp = in[cur].have_thp ? &in[cur].thp : NULL;
			r.vm = in[cur].have_vm ? &in[cur].vm : NULL;
			r.huge = in[cur].have_hugetlb ? &in[cur].huge : NULL;
			if (o->counts && o->counts(o->counts_arg, &in[cur],
			    &r) != 0) {
				inputs_free(&in[cur]);
				if (have_prev)
					inputs_free(&in[!cur]);
				ev_free(&ev);
				e->path = "fragstat";
				return ferr_set(e, 0, "out of memory");
			}
			memset(&s, 0, sizeof(s));
			s.r = &r;
			s.vm = in[cur].have_vm ? &in[cur].vm : NULL;
			clock_gettime(CLOCK_REALTIME, &s.wall);
			s.interval_ms = o->interval_ms;
			s.orders = o->orders;
			s.norders = o->norders;
			s.pageblock_order = o->pageblock_order;
			if (have_prev) {
				const struct inputs *p = &in[!cur];

				watch_rates(&s, p->have_vm ? &p->vm : NULL, s.vm,
				    p->have_psi ? &p->psi : NULL, r.psi,
				    ms_between(&mono[!cur], &mono[cur]));
				s.prev_bi = &p->bi;
				s.prev_frag = p->frag;
				s.prev_thp = p->have_thp ? &p->thp : NULL;
				s.prev_vm = p->have_vm ? &p->vm : NULL;
			}
			if (o->trace) {
				s.ev = &ev;
				s.evn = o->evn;
			}
			/* Free memory outside whole pageblocks, machine-wide. */
			free_pages = blocks = 0;
			for (z = 0; z < r.bi->nzones; z++) {
				free_pages += r.frag[z].free_pages;
				if (o->pageblock_order < r.bi->norders)
					blocks += r.frag[z].suitable[
					    o->pageblock_order];
			}
			futile_add(&fu, s.vm != NULL && (s.vm->have &
			    (1u << VM_COMPACT_DAEMON_WAKE)), s.vm ?
			    s.vm->v[VM_COMPACT_DAEMON_WAKE] : 0, futile_frag(
			    free_pages, blocks, o->pageblock_order));
			s.futile = &fu;
			fired = o->win != NULL && trigger_fired(o->trig,
			    o->trace ? &ev : NULL, have_prev && in[!cur].have_psi ?
			    &in[!cur].psi : NULL, r.psi, why, sizeof(why));
			if ((o->rec && record_sample(o->rec, sample_json, &s,
			    e) != 0) || (o->win && window_sample(o->win,
			    sample_json, &s, fired ? why : NULL, e) != 0)) {
				inputs_free(&in[cur]);
				if (have_prev)
					inputs_free(&in[!cur]);
				ev_free(&ev);
				return -1;
			}
			if (o->child > 0) {
				/* Standard output is the command's. */
				if (o->rec)
					experiment_progress(n + 1);
			} else if (o->json)
				render_watch_json(stdout, &s);
			else
				render_watch_table(stdout, &s, n);
			if ((err = flush_out()) != 0) {
				inputs_free(&in[cur]);
				inputs_free(&in[!cur]);
				ev_free(&ev);
				/* A reader that went away is the normal end. */
				if (err == EPIPE)
					return 0;
				e->path = "standard output";
				return ferr_set(e, 0, "write error: %s",
				    strerror(err));
			}
			n++;
			ev_reset(&ev);
			if (have_prev)
				inputs_free(&in[!cur]);
			have_prev = 1;
			cur = !cur;
		}
		if (last || (o->count && n >= o->count))
			break;
		next.tv_sec += o->interval_ms / 1000;
		next.tv_nsec += (long)(o->interval_ms % 1000) * 1000000;
		if (next.tv_nsec >= 1000000000) {
			next.tv_sec++;
			next.tv_nsec -= 1000000000;
		}
		while (!stop && !child_exited && trace_wait(o->trace, &next,
		    &sleep_mask, &ev) == EINTR)
			;
		/* The command exited (not stopped): one sample more, at once. */
		if (child_exited && o->child > 0) {
			child_exited = 0;
			if (waitpid(o->child, o->child_status, WNOHANG) ==
			    o->child) {
				clock_gettime(CLOCK_MONOTONIC, o->child_end);
				last = true;
				watch_forward(0);
			}
		}
	}
	if (have_prev)
		inputs_free(&in[!cur]);
	ev_free(&ev);
	return 0;
}
