/* SPDX-License-Identifier: GPL-2.0-or-later */
/* watch.c - sample fragmentation, compaction effort and pressure repeatedly */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/wait.h>

#include "elapsed.h"
#include "experiment.h"
#include "forecast.h"
#include "futile.h"
#include "kcompactd.h"
#include "load.h"
#include "outcome.h"
#include "rates.h"
#include "record.h"
#include "render_watch.h"
#include "slurp.h"
#include "trace.h"
#include "watch.h"
#include "watch_signals.h"

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

/* What watch_run() keeps from one sample to the next. */
struct loop {
	const struct watch_opts	*o;
	const struct report	*tmpl;
	struct inputs		 in[2];		/* IN[CUR] now, the other before */
	struct timespec		 mono[2], next;
	int			 cur;
	bool			 have_prev;
	bool			 last;	/* the command exited: this sample is the last */
	unsigned long		 n;	/* samples shown */
	struct ev_counts	 ev;
	struct futile		 fu;
	struct report		 r;	/* this sample's report */
	struct wsample		 s;	/* and the sample shown */
	struct outcome_interval	 thp;	/* S's THP outcomes since the previous */
	char			 why[128];	/* what fired a window */
	/* --need: its count free now at the first sample, and when. */
	bool			 trend_started;
	uint64_t		 trend_first;
	struct timespec		 trend_t0;
};

/* Free IN and leave it empty: freeing it again does nothing. */
static void
drop(struct inputs *in)
{
	inputs_free(in);
	memset(in, 0, sizeof(*in));
}

/*
 * Step "sample": read the files into L's current inputs. Returns 1 with a
 * sample, 0 without one (a transient failure, said: tried again next
 * time), or -1 with E set.
 */
static int
step_sample(struct loop *l, struct ferr *e)
{
	const struct watch_opts *o = l->o;
	struct inputs *in = &l->in[l->cur];
	struct ferr le = { .path = "" };
	int i;

	if (load_inputs(&o->io, in, &le) != 0) {
		ferr_print(&le);
		drop(in);
		return 0;
	}
	clock_gettime(CLOCK_MONOTONIC, &l->mono[l->cur]);
	if (lost_order(o, in, e) ||
	    (o->trace && trace_read(o->trace, &l->ev, e) != 0))
		return -1;
	if (!o->quiet && l->n == 0)
		for (i = 0; i < in->nnotes; i++)
			ferr_say("%s", in->notes[i]);
	return 1;
}

/*
 * Step "count": L's report of the current inputs, with the counts of
 * watch_opts.counts. Returns 0, or -1 with E set (out of memory).
 */
static int
step_count(struct loop *l, struct ferr *e)
{
	const struct inputs *in = &l->in[l->cur];
	struct report *r = &l->r;

	*r = *l->tmpl;
	r->bi = &in->bi;
	r->frag = in->frag;
	r->pti = in->have_pti ? &in->pti : NULL;
	r->pti_zone = in->pti_zone;
	r->psi = in->have_psi ? &in->psi : NULL;
	r->thp = in->have_thp ? &in->thp : NULL;
	r->vm = in->have_vm ? &in->vm : NULL;
	r->huge = in->have_hugetlb ? &in->huge : NULL;
	if (l->o->counts && l->o->counts(l->o->counts_arg, in, r) != 0)
		return ferr_set_nomem(e);
	return 0;
}

/* Add L's report to kcompactd's effort: its wakeups and the free memory outside whole pageblocks. */
static void
step_futile(struct loop *l)
{
	const struct vmstat *vm = l->r.vm;
	unsigned pb = l->o->pageblock_order;
	uint64_t free_pages = 0, blocks = 0;
	size_t z;

	/* Machine-wide. */
	for (z = 0; z < l->r.bi->nzones; z++) {
		free_pages += l->r.frag[z].free_pages;
		if (pb < l->r.bi->norders)
			blocks += l->r.frag[z].suitable[pb];
	}
	futile_add(&l->fu, vm != NULL && (vm->have &
	    (1u << VM_COMPACT_DAEMON_WAKE)), vm ?
	    vm->v[VM_COMPACT_DAEMON_WAKE] : 0, futile_frag(free_pages,
	    blocks, pb));
}

/*
 * With --need, set L's sample's count free now of its size and, from the
 * second sample on, its trend since the first (forecast_trend()).
 */
static void
step_trend(struct loop *l)
{
	struct wsample *s = &l->s;
	const struct avail *a = l->r.need != NULL ? l->r.need_answer.row :
	    NULL;

	if (a == NULL)
		return;
	s->need_now = a->now;
	if (!l->trend_started) {
		l->trend_started = true;
		l->trend_first = a->now;
		l->trend_t0 = l->mono[l->cur];
		return;
	}
	s->need_first = l->trend_first;
	s->trend_ms = elapsed_ms_between(&l->trend_t0, &l->mono[l->cur]);
	s->has_trend = s->trend_ms > 0;
	forecast_trend(&s->trend, l->trend_first, a->now, s->trend_ms,
	    l->r.need->count);
}

/*
 * Step "difference": L's sample of its report, with what changed since
 * the previous sample (rates, stalls) and kcompactd's effort so far.
 */
static void
step_difference(struct loop *l)
{
	const struct watch_opts *o = l->o;
	const struct inputs *p = &l->in[!l->cur];
	struct wsample *s = &l->s;

	memset(s, 0, sizeof(*s));
	s->r = &l->r;
	s->vm = l->r.vm;
	clock_gettime(CLOCK_REALTIME, &s->wall);
	s->interval_ms = o->interval_ms;
	s->orders = o->orders;
	s->norders = o->norders;
	s->pageblock_order = o->pageblock_order;
	rate_totals(s);
	if (l->have_prev) {
		rate_sample(s, p->have_vm ? &p->vm : NULL, s->vm,
		    p->have_psi ? &p->psi : NULL, l->r.psi,
		    elapsed_ms_between(&l->mono[!l->cur], &l->mono[l->cur]));
		s->prev_bi = &p->bi;
		s->prev_frag = p->frag;
		s->kc_seen = kcompactd_seen(p->have_vm ? &p->vm : NULL, s->vm);
	}
	if (l->have_prev && p->have_thp && l->r.thp != NULL) {
		outcome_interval(&p->thp, p->have_vm ? &p->vm : NULL, l->r.thp,
		    l->r.vm, &l->thp);
		s->thp_interval = &l->thp;
	}
	if (o->trace) {
		s->ev = &l->ev;
		s->evn = o->evn;
	}
	step_futile(l);
	s->futile = &l->fu;
	step_trend(l);
}

/* Step "decide triggers": returns what opens a window now (in L's WHY), or NULL. */
static const char *
step_triggers(struct loop *l)
{
	const struct watch_opts *o = l->o;
	const struct inputs *p = &l->in[!l->cur];
	struct trigger_fire why;

	if (o->win == NULL || !trigger_fired(o->trig, o->trace ? &l->ev : NULL,
	    l->have_prev && p->have_psi ? &p->psi : NULL, l->r.psi, &why))
		return NULL;
	return render_trigger(l->why, sizeof(l->why), o->trig, &why);
}

/* Step "record": L's sample into the recording and the windows. Returns 0 or -1 with E set. */
static int
step_record(struct loop *l, const char *fired, struct ferr *e)
{
	const struct watch_opts *o = l->o;

	if (o->rec && record_sample(o->rec, sample_json, &l->s, e) != 0)
		return -1;
	if (o->win && window_sample(o->win, sample_json, &l->s, fired, e) != 0)
		return -1;
	return 0;
}

/*
 * Step "render": L's sample on standard output. Returns 0, 1 when its
 * reader went away (the normal end), or -1 with E set.
 */
static int
step_render(struct loop *l, struct ferr *e)
{
	int err;

	if (l->o->child > 0) {
		/* Standard output is the command's. */
		if (l->o->rec)
			experiment_progress(l->o->progress, l->n + 1);
	} else if (l->o->json)
		render_watch_json(stdout, &l->s);
	else
		render_watch_table(stdout, &l->s, l->n);
	if ((err = flush_out()) == 0)
		return 0;
	if (err == EPIPE)
		return 1;
	e->path = "standard output";
	return ferr_set(e, 0, "write error: %s", strerror(err));
}

/*
 * One sample through every step: sample, count, difference, decide
 * triggers, record, render; then the current inputs become the previous.
 * Returns 0 to go on, 1 at the normal end, or -1 with E set.
 */
static int
one_sample(struct loop *l, struct ferr *e)
{
	const char *fired;
	int rc;

	if ((rc = step_sample(l, e)) <= 0)
		return rc;
	if (step_count(l, e) != 0)
		return -1;
	step_difference(l);
	fired = step_triggers(l);
	if (step_record(l, fired, e) != 0)
		return -1;
	if ((rc = step_render(l, e)) != 0)
		return rc;
	l->n++;
	ev_reset(&l->ev);
	drop(&l->in[!l->cur]);
	l->have_prev = true;
	l->cur = !l->cur;
	return 0;
}

/* Add MS milliseconds to T. */
static void
ts_add_ms(struct timespec *t, unsigned ms)
{
	t->tv_sec += ms / 1000;
	t->tv_nsec += (long)(ms % 1000) * 1000000;
	if (t->tv_nsec >= 1000000000) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000;
	}
}

/*
 * Step "reap": sleep until L's next sample is due (or a signal, or an
 * event of --events); when the command exited (not stopped), take one
 * sample more at once and let it be the last. A sample due while we were
 * stopped (SIGSTOP) or still sampling (a slow one) is skipped: the next
 * is an interval from now, never a burst of samples back to back whose
 * rates mean nothing.
 */
static void
step_reap(struct loop *l)
{
	const struct watch_opts *o = l->o;
	struct timespec now;

	ts_add_ms(&l->next, o->interval_ms);
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (now.tv_sec > l->next.tv_sec || (now.tv_sec == l->next.tv_sec &&
	    now.tv_nsec > l->next.tv_nsec)) {
		l->next = now;
		ts_add_ms(&l->next, o->interval_ms);
	}
	while (!watch_stopping() && !watch_child_exited(false) &&
	    trace_wait(o->trace, &l->next, watch_sleep_mask(), &l->ev) == EINTR)
		;
	if (o->child <= 0 || !watch_child_exited(true))
		return;
	if (waitpid(o->child, o->child_status, WNOHANG) == o->child) {
		clock_gettime(CLOCK_MONOTONIC, o->child_end);
		l->last = true;
		watch_forward(0);
	}
}

int
watch_run(const struct watch_opts *o, struct report *tmpl, struct ferr *e)
{
	struct loop l;
	int rc = 0;

	memset(&l, 0, sizeof(l));
	l.o = o;
	l.tmpl = tmpl;
	clock_gettime(CLOCK_MONOTONIC, &l.next);
	while (!watch_stopping() && (rc = one_sample(&l, e)) == 0 && !l.last &&
	    !(o->count && l.n >= o->count))
		step_reap(&l);
	drop(&l.in[0]);
	drop(&l.in[1]);
	ev_free(&l.ev);
	return rc < 0 ? -1 : 0;
}
