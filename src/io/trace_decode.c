/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * trace_decode.c - the binary sub-buffers of tracefs decoded (libtraceevent):
 * the event formats loaded, the kernel's names and gfp bits from their
 * print formats, events into struct ev_record, the stalls settled with
 * task names from saved_cmdlines
 */
#include "config.h"

/* Without libtracefs and libtraceevent, trace.c's stubs stand in for it all. */
#ifdef HAVE_TRACEFS

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event-parse.h>
#include <kbuffer.h>
#include <tracefs.h>

#include "grow.h"
#include "slurp.h"
#include "text.h"
#include "trace_decode.h"

/* How a field is stored in struct ev_record. */
enum field_width {
	W_INT,		/* int, sign-extended from the field's size */
	W_I64,		/* int64_t, sign-extended: pfn -1 */
	W_U64,		/* uint64_t: flags */
};

/* The fields fragstat reads, by event: where each goes in struct ev_record. */
struct field_spec {
	enum ev_kind	 kind;
	const char	*name;
	size_t		 off;
	bool		 optional;	/* absent from some releases */
	enum field_width width;
};

#define F(k, n, m)	{ k, n, offsetof(struct ev_record, m), false, W_INT }
static const struct field_spec fields[] = {
	F(EV_EXTFRAG, "alloc_order", order),
	F(EV_EXTFRAG, "fallback_order", fallback_order),
	F(EV_EXTFRAG, "alloc_migratetype", alloc_type),
	F(EV_EXTFRAG, "fallback_migratetype", fallback_type),
	/* A field since 3.19; before, only TP_printk compared the types. */
	{ EV_EXTFRAG, "change_ownership",
	    offsetof(struct ev_record, change_ownership), true, W_INT },
	F(EV_END, "status", status),
	F(EV_TRY, "order", order),
	F(EV_SUITABLE, "nid", node),
	F(EV_SUITABLE, "idx", zone),
	F(EV_SUITABLE, "order", order),
	F(EV_SUITABLE, "ret", status),
	F(EV_FINISHED, "nid", node),
	F(EV_FINISHED, "idx", zone),
	F(EV_FINISHED, "order", order),
	F(EV_FINISHED, "ret", status),
	F(EV_KCOMPACTD_WAKE, "nid", node),
	F(EV_KCOMPACTD_WAKE, "order", order),
	F(EV_ALLOC, "order", order),
	F(EV_ALLOC, "migratetype", migratetype),
	{ EV_ALLOC, "pfn", offsetof(struct ev_record, pfn), false, W_I64 },
	{ EV_ALLOC, "gfp_flags", offsetof(struct ev_record, gfp), false,
	    W_U64 },
	F(EV_RECLAIM_BEGIN, "order", order),
};
#undef F
#define NFIELDS	(sizeof(fields) / sizeof(fields[0]))

/* Room for a tracefs system's name ("kmem", "compaction") with its NUL. */
#define SYS_NAME_SIZE	32

struct trace_decoder {
	struct tep_handle	*tep;
	struct kbuffer		*kbuf;
	int			 id[EV_NKINDS];		/* -1: not on this kernel */
	struct tep_format_field	*field[NFIELDS];	/* NULL: not in the event */
	const struct ev_names	*nm;
	const struct ev_rules	*rules;		/* kernel/evcount.c's */
	struct ev_tasks		 tasks;
	char			*dir;		/* for saved_cmdlines */
	bool			 live;		/* names may come from /proc */
	struct slurp		 cmdlines;	/* DIR/saved_cmdlines, as last read */
	bool			 cmdlines_fresh;	/* read in this settle */
};

int
trace_list_add(char **list, size_t *cap, const char *name)
{
	size_t n = *list != NULL ? strlen(*list) : 0, k = strlen(name);
	char *nl;

	/* Room for ", NAME" and its NUL, doubling as often as it takes. */
	while (n + 2 + k + 1 > *cap) {
		if (ferr_inject("trace-list") ||
		    (nl = grow_room(*list, cap, *cap, 1, SIZE_MAX)) == NULL)
			return -1;
		*list = nl;
	}
	if (n > 0) {
		memcpy(*list + n, ", ", 2);
		n += 2;
	}
	memcpy(*list + n, name, k + 1);
	return 0;
}

/*
 * Copy into NAMES (MAX of them) the value names that the __print_symbolic()
 * of field FIELD in EV's print format gives: the kernel's own names for its
 * enum compact_result and enum zone_type, whatever their values in this
 * release.
 */
static void
symbols_of(const struct tep_event *ev, const char *field,
    char (*names)[FRAG_NAME_SIZE], int max)
{
	const struct tep_print_arg *a, *f;
	const struct tep_print_flag_sym *s;
	struct tok t;
	uint64_t v;

	for (a = ev->print_fmt.args; a != NULL; a = a->next) {
		if (a->type != TEP_PRINT_SYMBOL)
			continue;
		f = a->symbol.field;
		if (f == NULL || f->type != TEP_PRINT_FIELD ||
		    strcmp(f->field.name, field) != 0)
			continue;
		for (s = a->symbol.symbols; s != NULL; s = s->next) {
			t.s = s->value;
			t.n = strlen(s->value);
			if (num_u64(&t, &v) == 0 && v < (uint64_t)max)
				snprintf(names[v], FRAG_NAME_SIZE, "%s", s->str);
		}
	}
}

/* Returns the __print_flags() of field FIELD within print argument A, or NULL. */
static const struct tep_print_arg *
flags_in(const struct tep_print_arg *a, const char *field)
{
	const struct tep_print_arg *f;

	if (a == NULL)
		return NULL;
	if (a->type == TEP_PRINT_FLAGS) {
		f = a->flags.field;
		if (f != NULL && f->type == TEP_PRINT_FIELD &&
		    strcmp(f->field.name, field) == 0)
			return a;
		return NULL;
	}
	/* mm_page_alloc: (REC->gfp_flags) ? __print_flags(...) : "none" */
	if (a->type == TEP_PRINT_OP) {
		if ((f = flags_in(a->op.left, field)) != NULL)
			return f;
		return flags_in(a->op.right, field);
	}
	return NULL;
}

/*
 * Fill NM's gfp bits from the __print_flags() of gfp_flags in EV's print
 * format: the values of __GFP_DIRECT_RECLAIM, __GFP_NORETRY and
 * __GFP_NOWARN on this kernel (they moved between releases).
 */
static void
gfp_bits(const struct tep_event *ev, struct ev_names *nm)
{
	static const char *const names[] = { "__GFP_DIRECT_RECLAIM",
	    "__GFP_NORETRY", "__GFP_NOWARN" };
	uint64_t *bits[] = { &nm->gfp_direct_reclaim, &nm->gfp_noretry,
	    &nm->gfp_nowarn };
	const struct tep_print_arg *a, *fl = NULL;
	const struct tep_print_flag_sym *s;
	bool found[] = { false, false, false };
	struct tok t;
	uint64_t v;
	size_t i;

	for (a = ev->print_fmt.args; a != NULL && fl == NULL; a = a->next)
		fl = flags_in(a, "gfp_flags");
	for (s = fl ? fl->flags.flags : NULL; s != NULL; s = s->next)
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			t.s = s->value;
			t.n = strlen(s->value);
			if (strcmp(s->str, names[i]) != 0 ||
			    num_u64(&t, &v) != 0 || v == 0)
				continue;
			*bits[i] = v;
			found[i] = true;
		}
	nm->have_gfp = found[0] && found[1] && found[2];
	if (!nm->have_gfp)
		nm->gfp_direct_reclaim = nm->gfp_noretry = nm->gfp_nowarn = 0;
}

/* Store in SYS and NAME the system and event of kind K ("kmem", "mm_page_alloc_extfrag"). */
void
trace_split_name(enum ev_kind k, char *sys, size_t size, const char **name)
{
	const char *full = ev_event_name(k);

	*name = strchr(full, ':') + 1;
	snprintf(sys, size, "%.*s", (int)(*name - 1 - full), full);
}

/*
 * Returns whether a path of snprintf()'s N bytes fitted its PATH_MAX; else
 * says so in E, of tracefs directory DIR: a cut path is never read.
 */
static bool
path_fits(int n, const char *dir, struct ferr *e)
{
	if (n >= 0 && n < PATH_MAX)
		return true;
	e->path = dir;
	ferr_set(e, 0, "a path under it is longer than PATH_MAX");
	return false;
}

/*
 * Returns a tep handle that knows this host's sub-buffer header and the
 * formats of the events of events.h under DIR/events that exist there,
 * or NULL with E set. Only these: tracefs_local_events_system() would
 * also parse every other event of the systems and all of /proc/kallsyms,
 * a tenth of a second of CPU at every start.
 */
static struct tep_handle *
load_formats(const char *dir, struct ferr *e)
{
	enum tep_endian en = tep_is_bigendian() ? TEP_BIG_ENDIAN :
	    TEP_LITTLE_ENDIAN;
	struct tep_handle *tep;
	struct slurp s;
	char path[PATH_MAX], sys[SYS_NAME_SIZE];
	const char *name;
	int k, rc;

	if ((tep = tep_alloc()) == NULL) {
		e->path = dir;
		ferr_set(e, 0, "out of memory");
		return NULL;
	}
	tep_set_file_bigendian(tep, en);
	tep_set_local_bigendian(tep, en);
	tep_set_long_size(tep, (int)sizeof(long));
	tep_set_page_size(tep, getpagesize());
	if (!path_fits(snprintf(path, sizeof(path), "%s/events/header_page",
	    dir), dir, e) || slurp_read(path, &s, e) != 0)
		goto fail;
	rc = tep_parse_header_page(tep, s.buf, s.len, (int)sizeof(long));
	slurp_free(&s);
	if (rc != 0) {
		ferr_set(e, 0, "cannot parse the ring buffer's header");
		goto fail;
	}
	for (k = 0; k < EV_NKINDS; k++) {
		trace_split_name(k, sys, sizeof(sys), &name);
		if (!path_fits(snprintf(path, sizeof(path),
		    "%s/events/%s/%s/format", dir, sys, name), dir, e))
			goto fail;
		/* An event this kernel lacks: trace_decoder_new() decides. */
		if (access(path, F_OK) != 0 && errno == ENOENT)
			continue;
		if (slurp_read(path, &s, e) != 0)
			goto fail;
		rc = tep_parse_event(tep, s.buf, s.len, sys);
		slurp_free(&s);
		if (rc != 0) {
			ferr_set(e, 0, "cannot parse this event format");
			goto fail;
		}
	}
	return tep;
fail:
	/* path_fits() named DIR: the cut PATH is never shown either. */
	if (e->path != dir)
		ferr_keep_path(e, path);
	tep_free(tep);
	return NULL;
}

/*
 * Find event K in D's formats, with the fields fragstat reads of it and
 * the kernel's names for its values in NM. Returns 1 when found, 0 when
 * this kernel lacks it and it is optional, -1 with E's message set.
 */
static int
decoder_event(struct trace_decoder *d, int k, struct ev_names *nm,
    struct ferr *e)
{
	struct tep_event *ev;
	char sys[SYS_NAME_SIZE];
	const char *name;
	size_t i;

	trace_split_name(k, sys, sizeof(sys), &name);
	d->id[k] = -1;
	if ((ev = tep_find_event_by_name(d->tep, sys, name)) == NULL)
		return ev_required(k) ? ferr_set(e, 0,
		    "this kernel has no event %s", ev_event_name(k)) : 0;
	d->id[k] = ev->id;
	nm->have[k] = true;
	symbols_of(ev, "ret", nm->status, EV_MAX_STATUS);
	symbols_of(ev, "status", nm->status, EV_MAX_STATUS);
	symbols_of(ev, "idx", nm->zone, FRAG_MAX_NODE_ZONES);
	if (k == EV_ALLOC)
		gfp_bits(ev, nm);
	for (i = 0; i < NFIELDS; i++) {
		if (fields[i].kind != (enum ev_kind)k)
			continue;
		d->field[i] = tep_find_field(ev, fields[i].name);
		if (d->field[i] == NULL && !fields[i].optional)
			return ferr_set(e, 0, "%s has no field %s",
			    ev_event_name(k), fields[i].name);
	}
	return 1;
}

struct trace_decoder *
trace_decoder_new(const char *dir, struct ev_names *nm,
    const struct ev_rules *rules, char **note, struct ferr *e)
{
	struct trace_decoder *d;
	size_t i, cap = 0;
	int k, rc = 0;

	*note = NULL;
	if ((d = calloc(1, sizeof(*d))) == NULL)
		goto oom;
	d->nm = nm;
	d->rules = rules;
	tep_set_loglevel(TEP_LOG_NONE);
	tracefs_set_loglevel(TEP_LOG_NONE);
	/* Its error names the format file that failed. */
	if ((d->tep = load_formats(dir, e)) == NULL)
		goto fail;
	memset(nm->have, 0, sizeof(nm->have));
	nm->have_gfp = false;
	if ((d->kbuf = tep_kbuffer(d->tep)) == NULL ||
	    (d->dir = strdup(dir)) == NULL)
		goto oom;
	for (k = 0; k < EV_NKINDS && rc >= 0; k++)
		if ((rc = decoder_event(d, k, nm, e)) == 0 &&
		    trace_list_add(note, &cap, ev_event_name(k)) != 0)
			goto oom;
	if (rc < 0) {
		/* decoder_event() said what the tracefs at DIR lacks. */
		e->path = dir;
		goto fail;
	}
	for (i = 0; i < NFIELDS; i++)
		if (fields[i].kind == EV_EXTFRAG &&
		    strcmp(fields[i].name, "change_ownership") == 0)
			nm->have_claimed = d->field[i] != NULL;
	return d;
oom:
	e->path = dir;
	ferr_set(e, 0, "out of memory");
fail:
	free(*note);
	*note = NULL;
	trace_decoder_free(d);
	return NULL;
}

/* Returns V, read from a field of SIZE bytes, sign-extended from that size. */
static int64_t
sign_extend(unsigned long long v, int size)
{
	/* tep_read_number_field() zero-extends: order -1, pfn -1UL. */
	if (size == 4)
		return (int32_t)(uint32_t)v;
	if (size == 2)
		return (int16_t)(uint16_t)v;
	if (size == 1)
		return (int8_t)(uint8_t)v;
	return (int64_t)v;
}

/* Fill R from the event of kind K at DATA (record REC), recorded at TS. */
static void
decode(const struct trace_decoder *d, int k, struct tep_record *rec,
    unsigned long long ts, struct ev_record *r)
{
	unsigned long long v;
	char *at;
	size_t i;

	memset(r, -1, sizeof(*r));
	r->kind = k;
	r->pid = tep_data_pid(d->tep, rec);
	r->ts = ts;
	for (i = 0; i < NFIELDS; i++) {
		if (fields[i].kind != (enum ev_kind)k || d->field[i] == NULL ||
		    tep_read_number_field(d->field[i], rec->data, &v) != 0)
			continue;
		at = (char *)r + fields[i].off;
		if (fields[i].width == W_U64)
			*(uint64_t *)at = v;
		else if (fields[i].width == W_I64)
			*(int64_t *)at = sign_extend(v, d->field[i]->size);
		else
			*(int *)at = (int)sign_extend(v, d->field[i]->size);
	}
}

int
trace_decode(struct trace_decoder *d, void *subbuf, struct ev_counts *c)
{
	struct tep_record rec;
	struct ev_record r;
	unsigned long long ts;
	void *data;
	int type, k, rc = 0;

	if (kbuffer_load_subbuffer(d->kbuf, subbuf) < 0)
		return -1;
	memset(&rec, 0, sizeof(rec));
	for (data = kbuffer_read_event(d->kbuf, &ts); data != NULL;
	    data = kbuffer_next_event(d->kbuf, &ts)) {
		rec.data = data;
		rec.size = kbuffer_event_size(d->kbuf);
		type = tep_data_type(d->tep, &rec);
		for (k = 0; k < EV_NKINDS && d->id[k] != type; k++)
			;
		if (k == EV_NKINDS)
			continue;
		decode(d, k, &rec, ts, &r);
		if (d->rules->add(c, &d->tasks, &r, d->nm) != 0)
			rc = -1;
	}
	return rc;
}

void
trace_decoder_free(struct trace_decoder *d)
{
	if (d == NULL)
		return;
	if (d->kbuf)
		kbuffer_free(d->kbuf);
	if (d->tep)
		tep_free(d->tep);
	ev_tasks_free(&d->tasks);
	slurp_free(&d->cmdlines);
	free(d->dir);
	free(d);
}

/* Let D name a task from /proc/PID/comm too: trace_open()'s events are live. */
void
trace_decoder_live(struct trace_decoder *d)
{
	d->live = true;
}

/* Write the N bytes of NAME to COMM (EV_COMM_LEN) as the kernel keeps it: 15 at most. */
static void
task_name(char *comm, const char *name, size_t n)
{
	size_t most = EV_COMM_LEN - 1;

	snprintf(comm, EV_COMM_LEN, "%.*s", (int)(n < most ? n : most), name);
}

/*
 * Copy into COMM the name of task PID in the saved_cmdlines text S (N
 * bytes: "PID COMM" lines). Returns whether it was there.
 */
static bool
cmdline_find(const char *s, size_t n, int pid, char *comm)
{
	struct ferr e = { .path = "" };
	struct lines l;
	struct tok t;
	const char *line, *sp;
	uint64_t v;
	size_t len;

	lines_init(&l, s, n);
	while (lines_next(&l, &line, &len, &e) > 0) {
		if ((sp = memchr(line, ' ', len)) == NULL)
			continue;
		t.s = line;
		t.n = (size_t)(sp - line);
		if (num_u64(&t, &v) != 0 || v != (uint64_t)pid)
			continue;
		len -= (size_t)(sp + 1 - line);
		task_name(comm, sp + 1, len);
		return true;
	}
	return false;
}

/*
 * The name of task PID for the rules' settle(): the tracing's own record of it
 * (saved_cmdlines, read again once per settle when PID is not there),
 * then, live, /proc/PID/comm; else "<...>", as the kernel's trace says.
 */
static void
comm_of(void *arg, int pid, char *comm)
{
	struct trace_decoder *d = arg;
	struct ferr e = { .path = "" };
	struct slurp s;
	char path[PATH_MAX];
	size_t n;

	if (d->cmdlines.buf != NULL && cmdline_find(d->cmdlines.buf,
	    d->cmdlines.len, pid, comm))
		return;
	if (!d->cmdlines_fresh && path_fits(snprintf(path, sizeof(path),
	    "%s/saved_cmdlines", d->dir), d->dir, &e) && slurp_read(path, &s,
	    &e) == 0) {
		slurp_free(&d->cmdlines);
		d->cmdlines = s;
		d->cmdlines_fresh = true;
		if (cmdline_find(s.buf, s.len, pid, comm))
			return;
	}
	d->cmdlines_fresh = true;
	snprintf(path, sizeof(path), "/proc/%d/comm", pid);
	if (d->live && slurp_read(path, &s, &e) == 0) {
		n = s.len && s.buf[s.len - 1] == '\n' ? s.len - 1 : s.len;
		task_name(comm, s.buf, n);
		slurp_free(&s);
		if (n > 0)
			return;
	}
	task_name(comm, "<...>", strlen("<...>"));
}

int
trace_settle(struct trace_decoder *d, uint64_t cut, struct ev_counts *c)
{
	d->cmdlines_fresh = false;
	return d->rules->settle(c, &d->tasks, cut, comm_of, d);
}

#endif
