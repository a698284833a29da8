/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mode_watch.c - --watch: samples, with --events, --record and a command run under recording */

#include "config.h"
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "advise.h"
#include "elapsed.h"
#include "evcount.h"
#include "experiment.h"
#include "load.h"
#include "map_every.h"
#include "modes.h"
#include "record.h"
#include "record_command.h"
#include "trace.h"
#include "watch.h"
#include "watch_signals.h"

/*
 * --events: name the migratetypes as IN's pagetypeinfo does, then start
 * counting into a tracefs instance. Returns 0, or EXIT_DATA after a message.
 */
static int
events_start(const struct opts *o, const struct inputs *in,
    unsigned pageblock_order, struct ev_names *nm, struct trace **tp)
{
	struct ferr e = { .path = "" };
	char *note;
	unsigned i;
	int n;

	memset(nm, 0, sizeof(*nm));
	/* pagetypeinfo lists the migratetypes in the kernel's enum order. */
	for (i = 0; in->have_pti && i < in->pti.ntypes; i++)
		memcpy(nm->type[i], in->pti.types[i], sizeof(nm->type[i]));
	nm->ntypes = in->have_pti ? in->pti.ntypes : 0;
	nm->pageblock_order = pageblock_order;
	nm->alloc_min_order = o->events_min_order;
	if ((n = trace_sweep(&note)) < 0) {
		ferr_nomem();
		return EXIT_DATA;
	}
	if (n > 0 && !o->quiet)
		ferr_say(n > 1 ? "note: removed the tracefs instances %s "
		    "left by fragstats that were killed" : "note: removed the "
		    "tracefs instance %s left by a fragstat that was killed",
		    note);
	free(note);
	if (trace_open(tp, nm, &ev_count_rules, &note, &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	if (note != NULL && !o->quiet)
		ferr_say("note: this kernel has no %s: shown as null",
		    note);
	free(note);
	return 0;
}

/*
 * --record: create the recording of the watch W over IN (--trigger: its
 * windows' directory), a map taking MAP_MS. Returns 0, or an exit code
 * after a message.
 */
static int
record_start(const struct opts *o, const struct inputs *in,
    struct watch_opts *w, const unsigned *orders, int n, uint64_t map_ms)
{
	char *cmd = NULL;
	struct record_opts ro;
	struct ferr e = { .path = "" };
	const char *from;
	int rc;

	memset(&ro, 0, sizeof(ro));
	ro.dir = o->record;
	ro.src = o->sysroot;
	ro.page_size = pipe_page_size(o, in, &from);
	ro.release = in->release;
	ro.interval_ms = o->watch_ms;
	ro.count = o->count;
	ro.orders = orders;
	ro.norders = (size_t)n;
	ro.pageblock_order = w->pageblock_order;
	ro.migratetypes = o->migratetypes;
	ro.events = o->events;
	ro.captures_every = o->captures_every;
	ro.map_every = o->map_every;
	ro.map_ms = map_ms;
	if (o->trigger_arg) {
		/* Each window is a recording of its own, of its own length. */
		ro.count = 0;
		ro.trigger = o->trigger_arg;
		ro.before = o->before;
		ro.after = o->after;
		if (window_open(&w->win, &ro, o->before, o->after, &e) != 0) {
			ferr_print(&e);
			return EXIT_DATA;
		}
		w->trig = &o->trigger;
		return 0;
	}
	if (o->command) {
		if (record_command_write(o->command, EXPERIMENT_MAX_COMMAND,
		    &cmd) != 0) {
			ferr_say("the command is longer than a recording "
			    "keeps (%d bytes quoted, %d as JSON)",
			    EXPERIMENT_MAX_COMMAND, RECORD_ARGV_MAX);
			return EXIT_USAGE;
		}
		ro.command = cmd;
	}
	rc = record_open(&w->rec, &ro, &e);
	free(cmd);
	if (rc != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	return 0;
}

/* What watch_counts() keeps from one sample to the next. */
struct watch_count {
	const struct opts	*o;
	struct verdicts		 v;
	struct map_every	*me;		/* --map-every, or NULL */
};

/*
 * Fill R's advice and counts for the sample IN (watch_opts.counts).
 * Returns 0, or -1 when out of memory.
 */
static int
watch_counts(void *arg, const struct inputs *in, struct report *r)
{
	struct watch_count *wc = arg;
	struct ferr e = { .path = "" };

	pipe_verdicts_free(&wc->v);
	memset(&wc->v, 0, sizeof(wc->v));
	/* watch_run() saw every order in IN: only memory can fail. */
	if (ferr_inject("watch-counts") ||
	    pipe_advise(wc->o, in, r->page_size, &wc->v) != 0)
		return -1;
	r->advice = &wc->v.adv;
	if (pipe_count(wc->o, in, r, &wc->v, NULL) != 0)
		return -1;
	/* Transient, as a sample that cannot be read: say so, go on. */
	if (wc->me && map_every_sample(wc->me, &e) != 0)
		ferr_print(&e);
	return 0;
}

/*
 * Wait for the command PID unless it was reaped already, setting *WSTATUS
 * and *END. Returns whether it was still to be reaped.
 */
static bool
wait_child(pid_t pid, int *wstatus, struct timespec *end)
{
	if (watch_wait(pid, wstatus) != pid)
		return false;
	clock_gettime(CLOCK_MONOTONIC, end);
	return true;
}

/* What run_watch() sets up, samples with and takes down. */
struct watch_state {
	struct watch_opts	 w;
	struct watch_count	 wc;
	struct inputs		 in;		/* the first sample (see watch_first()) */
	struct report		 r;		/* the samples' template */
	struct ev_names		 evn;
	struct trace		*t;		/* --events, or NULL */
	struct map_every	 me;
	unsigned		 orders[FRAG_MAX_ORDERS];
	int			 n;		/* orders used */
	uint64_t		 map_ms;	/* what a map costs */
	struct timespec		 start, end;	/* the command's */
	int			 wstatus;	/* the command's */
	struct experiment_progress progress;	/* its line */
};

/* Say why --migratetypes cannot work: IN's note on pagetypeinfo, or that there is none. */
static void
migratetypes_missing(const struct inputs *in)
{
	int n;

	for (n = 0; n < in->nnotes && (in->ppath == NULL || strncmp(
	    in->notes[n], in->ppath, strlen(in->ppath)) != 0); n++)
		;
	ferr_say("%s: --migratetypes needs it",
	    n < in->nnotes ? in->notes[n] : "no pagetypeinfo");
}

/*
 * From the first sample IN: the orders that matter, the pageblock order,
 * --events' counting, --map-every's cost and --record's recording. Returns
 * 0, or an exit code after a message with the counting stopped again.
 */
static int
watch_begin(const struct opts *o, const struct inputs *in,
    struct watch_state *s)
{
	struct ferr e = { .path = "" };
	const char *from;
	struct advice hp;
	int rc;

	/* Without pagetypeinfo --migratetypes would do nothing: say why. */
	if (o->migratetypes && !in->have_pti) {
		migratetypes_missing(in);
		return EXIT_DATA;
	}
	/* Not pipe_report(): nothing in the samples' template may point into IN. */
	memset(&s->r, 0, sizeof(s->r));
	s->r.page_size = pipe_page_size(o, in, &s->r.page_size_from);
	if ((s->n = pipe_orders(o, in, s->r.page_size, s->orders, &from)) < 0)
		return EXIT_USAGE;
	/*
	 * The snapshot's pageblock order, by the advice's own rule: never
	 * one of --orders. Unknown (no pagetypeinfo, no THP), the one named
	 * guess, as the timeline's: the watch's JSON has no null for it.
	 */
	memset(&hp, 0, sizeof(hp));
	hp.hpage_order = advise_hpage_order(in->pmd_order, in->have_pti ?
	    &in->pti : NULL);
	s->w.pageblock_order = advise_block_order(in->have_pti ? &in->pti :
	    NULL, &hp);
	if (o->events && (rc = events_start(o, in, s->w.pageblock_order,
	    &s->evn, &s->t)) != 0)
		return rc;
	s->w.io.want_pti = o->migratetypes;
	s->w.trace = s->t;
	s->w.evn = &s->evn;
	rc = EXIT_OK;
	/* What a map costs, measured before the recording exists. */
	if (o->map_every)
		rc = map_every_measure(o, &s->map_ms);
	if (rc == EXIT_OK && o->record)
		rc = record_start(o, in, &s->w, s->orders, s->n, s->map_ms);
	/* Its own error went first: this one only says the cleanup failed. */
	if (rc != EXIT_OK && trace_close(s->t, &e) != 0)
		ferr_print(&e);
	return rc;
}

/*
 * Read the first sample and begin from it (watch_begin()). It is read into
 * S, not this frame: --trigger's windows keep pointing at its release after
 * the rest is freed. Returns 0, or an exit code after a message.
 */
static int
watch_first(const struct opts *o, struct watch_state *s)
{
	struct ferr e = { .path = "" };
	int rc;

	s->w.io = pipe_input_opts(o);
	s->w.io.watching = true;
	/* Reading pagetypeinfo takes zone locks: only when asked. */
	s->w.io.want_pti = o->migratetypes || o->events;
	s->w.io.want_advise = true;
	if (load_inputs(&s->w.io, &s->in, &e) != 0) {
		ferr_print(&e);
		rc = EXIT_DATA;
	} else
		rc = watch_begin(o, &s->in, s);
	inputs_free(&s->in);
	return rc;
}

/* Say what each sample reads and counts, --map-every's maps with their share of the time. */
static void
watch_samples(const struct opts *o, struct watch_state *s)
{
	uint64_t share;

	/* zoneinfo and the sysctls for the counts, in every sample. */
	s->w.io.want_advise = true;
	s->w.counts = watch_counts;
	s->w.counts_arg = &s->wc;
	s->wc.o = o;
	if (o->map_every) {
		s->me.o = o;
		s->me.rec = s->w.rec;
		s->wc.me = &s->me;
		/* Its share of the time, in hundredths of a percent. */
		share = s->map_ms * 10000 / ((uint64_t)o->map_every *
		    o->watch_ms);
		if (!o->quiet)
			ferr_say("--map-every %lu: a map takes %" PRIu64
			    " ms here, %" PRIu64 ".%02" PRIu64 "%% of the "
			    "time", o->map_every, s->map_ms,
			    share / 100, share % 100);
	}
	s->w.io.want_psi = true;
	s->w.io.want_vmstat = true;
	s->w.interval_ms = o->watch_ms;
	s->w.count = o->count;
	s->w.json = o->format == F_JSON;
	s->w.quiet = o->quiet;
	s->w.orders = s->orders;
	s->w.norders = (size_t)s->n;
}

/*
 * Sample until the count or a signal ends it, with the command running if
 * there is one, and reap the command. Returns an exit code.
 */
static int
watch_sample(const struct opts *o, struct watch_state *s)
{
	struct ferr e = { .path = "" };
	int rc = EXIT_OK;

	clock_gettime(CLOCK_MONOTONIC, &s->start);
	experiment_progress_begin(&s->progress, o->command &&
	    isatty(STDERR_FILENO), o->record);
	s->w.progress = &s->progress;
	if (o->command && (s->w.child = experiment_spawn(o->command,
	    &e)) == -1) {
		ferr_print(&e);
		rc = EXIT_DATA;
	} else {
		watch_forward(s->w.child);
		s->w.child_status = &s->wstatus;
		s->w.child_end = &s->end;
		if (watch_run(&s->w, &s->r, &e) != 0) {
			ferr_print(&e);
			rc = EXIT_DATA;
		}
	}
	experiment_progress_end(&s->progress);
	/* The command outlived a failed recording: wait for it still. */
	if (s->w.child > 0 && wait_child(s->w.child, &s->wstatus, &s->end))
		watch_forward(0);
	return rc;
}

/*
 * Stop counting, end and close the recording or its windows. Returns RC,
 * the command's status when all went well, or after a message EXIT_DATA,
 * or EXIT_RUN_FAILED with a command (never a status it could exit with).
 */
static int
watch_finish(const struct opts *o, struct watch_state *s, int rc)
{
	struct ferr e = { .path = "" };
	struct watch_opts *w = &s->w;
	int ws = s->wstatus;

	if (trace_close(s->t, &e) != 0) {
		ferr_print(&e);
		rc = EXIT_DATA;
	}
	if (w->child > 0 && w->rec && record_end(w->rec, experiment_status(
	    ws), WIFSIGNALED(ws) ? WTERMSIG(ws) : 0,
	    elapsed_ms_between(&s->start, &s->end), &e) != 0) {
		ferr_print(&e);
		rc = EXIT_DATA;
	}
	if (record_close(w->rec, &e) != 0) {
		ferr_print(&e);
		rc = EXIT_DATA;
	}
	if (w->win && !o->quiet)
		ferr_say("%lu window%s written into %s",
		    window_count(w->win), window_count(w->win) == 1 ? "" : "s",
		    o->record);
	if (window_close(w->win, &e) != 0) {
		ferr_print(&e);
		rc = EXIT_DATA;
	}
	/* The command's status, unless fragstat failed: then env(1)'s 125. */
	if (o->command && rc != EXIT_OK)
		return EXIT_RUN_FAILED;
	return w->child > 0 ? experiment_status(ws) : rc;
}

/* One watch: find the orders that matter once, then sample. Returns an exit code. */
static int
watch_once(struct opts *o)
{
	struct watch_state s;
	int rc;

	/*
	 * From here on a signal ends the run after the current step, through
	 * trace_close() and record_close(): nothing is cut midway.
	 */
	watch_signals();
	memset(&s, 0, sizeof(s));
	/* A command that cannot be recorded is not run: fragstat failed. */
	if ((rc = watch_first(o, &s)) != EXIT_OK)
		return o->command && rc == EXIT_DATA ? EXIT_RUN_FAILED : rc;
	watch_samples(o, &s);
	rc = watch_sample(o, &s);
	rc = watch_finish(o, &s, rc);
	pipe_verdicts_free(&s.wc.v);
	return rc;
}

/*
 * --repeat N: the command's runs, each a recording DIR/1 .. DIR/N (a set
 * that --compare reads), one after another until a run's status is not 0
 * or a signal came between two runs. Returns the last run's status, or
 * 128+N after signal N.
 */
static int
watch_repeat(struct opts *o)
{
	const char *dir = o->record;
	char run[PATH_MAX];
	unsigned i;
	int rc = EXIT_OK, sig;

	for (i = 1; i <= o->repeat && rc == EXIT_OK; i++) {
		if (i > 1 && (sig = watch_between()) != 0)
			return EXPERIMENT_SIGNALLED + sig;
		if ((size_t)snprintf(run, sizeof(run), "%s/%u", dir, i) >=
		    sizeof(run)) {
			ferr_say("%s: path too long", dir);
			return EXIT_RUN_FAILED;
		}
		o->record = run;
		rc = watch_once(o);
	}
	o->record = dir;
	return rc;
}

/* --watch, once or as many runs as --repeat says. Returns an exit code. */
int
run_watch(struct opts *o)
{
	return o->repeat ? watch_repeat(o) : watch_once(o);
}
