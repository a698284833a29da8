/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_pipeline.c - libFuzzer harness for input text to every output: parse, compute, advise, render */

#include "config.h"
#include <stdlib.h>
#include <string.h>

#include "advise.h"
#include "avail.h"
#include "buddyinfo.h"
#include "fuzz.h"
#include "jsonv.h"
#include "kver.h"
#include "pagetypeinfo.h"
#include "psi.h"
#include "render_json.h"
#include "render_kernel.h"
#include "render_text.h"
#include "report.h"
#include "text.h"
#include "validate.h"
#include "zoneinfo.h"

/*
 * The input: a flags byte, a page size byte, then up to four parts split
 * at NUL bytes (which no parser accepts): buddyinfo, pagetypeinfo,
 * pressure, zoneinfo. A missing or empty part is a file not read.
 */
enum { P_BUDDY, P_PTI, P_PSI, P_ZI, NPARTS };

#define F_RELEASE	0x03	/* which kernel's rules and layout */
#define F_COLOR		0x04
#define F_ADVISE	0x08
#define F_KERNEL_GFP	0x10
#define F_TUNING_SHIFT	5	/* 3 bits: threshold and proactiveness */

static const char *const releases[] = { NULL, "4.3.0", "5.15.0", "6.12.0" };
static const int thresholds[] = { 500, 0, 1000, 1, 999, 250, 750, 500 };

struct run {
	struct buddyinfo	 bi;
	struct frag		*frag;
	struct pagetypeinfo	 pti;
	long			*pti_zone;
	struct psi		 psi;
	struct zoneinfo		 zi;
	bool			 have_pti, have_psi, have_zi;
	struct advice		 adv;
	struct availability	 av;
	struct report		 r;
};

/* The indices the JSON document holds per zone and order, in document order. */
struct seen {
	int	*unusable, *fragindex;
	size_t	 nu, nf, max;
	bool	 bad;
};

/* Returns 0 with *V the thousandths the decimal TOK (N bytes, "-0.500") spells, or -1. */
static int
thousandths(const char *tok, size_t n, long long *v)
{
	long long x = 0;
	size_t i = 0, dot;
	bool neg = false;

	if (n > 0 && tok[0] == '-') {
		neg = true;
		i = 1;
	}
	for (dot = i; dot < n && tok[dot] != '.'; dot++)
		;
	if (dot == i || dot > i + 12 || dot + 4 != n)
		return -1;
	for (; i < n; i++) {
		if (i == dot)
			continue;
		if (tok[i] < '0' || tok[i] > '9')
			return -1;
		x = x * 10 + (tok[i] - '0');
	}
	*v = neg ? -x : x;
	return 0;
}

/* jsonv_scalar_fn: keep the elements of the two index arrays. */
static void
collect(void *arg, const char *key, size_t keylen, bool in_array,
    const char *tok, size_t toklen)
{
	struct seen *s = arg;
	long long v;
	int **dst;
	size_t *n;

	if (key == NULL || !in_array)
		return;
	if (keylen == 14 && memcmp(key, "unusable_index", 14) == 0) {
		dst = &s->unusable;
		n = &s->nu;
	} else if (keylen == 19 && memcmp(key, "fragmentation_index", 19) == 0) {
		dst = &s->fragindex;
		n = &s->nf;
	} else
		return;
	if (*n == s->max || thousandths(tok, toklen, &v) != 0 ||
	    v < INT32_MIN || v > INT32_MAX) {
		s->bad = true;
		return;
	}
	(*dst)[(*n)++] = (int)v;
}

/* Check the JSON document of M: strictly valid, and its indices are R's. */
static void
check_json(const struct fuzz_mem *m, const struct report *r)
{
	size_t off, i, z, o, max = r->bi->nzones * r->bi->norders;
	struct seen s = { NULL, NULL, 0, 0, max, false };
	const char *why;

	s.unusable = calloc(max + 1, sizeof(int));
	s.fragindex = calloc(max + 1, sizeof(int));
	FUZZ_ASSERT(s.unusable && s.fragindex, "out of memory");
	FUZZ_ASSERT(m->len > 0 && m->buf[m->len - 1] == '\n',
	    "JSON document does not end with a newline");
	if ((why = jsonv_check(m->buf, m->len, &off, collect, &s)) != NULL)
		fuzz_fail("invalid JSON at byte %zu: %s: %.*s", off, why,
		    (int)(m->len - off < 40 ? m->len - off : 40), m->buf + off);
	FUZZ_ASSERT(!s.bad && s.nu == max && s.nf == max,
	    "JSON has %zu unusable and %zu fragmentation indices, want %zu",
	    s.nu, s.nf, max);
	for (i = 0, z = 0; z < r->bi->nzones; z++)
		for (o = 0; o < r->bi->norders; o++, i++)
			FUZZ_ASSERT(s.unusable[i] == r->frag[z].unusable[o] &&
			    s.fragindex[i] == r->frag[z].fragindex[o],
			    "JSON zone %zu order %zu: %d %d, computed %d %d", z,
			    o, s.unusable[i], s.fragindex[i],
			    r->frag[z].unusable[o], r->frag[z].fragindex[o]);
	free(s.unusable);
	free(s.fragindex);
}

/* Returns the signed decimal at *P (advancing it), or fails. */
static long long
kernel_int(const char **p, const char *end)
{
	long long v = 0;
	bool neg = false;
	int digits = 0;

	if (*p < end && **p == '-') {
		neg = true;
		(*p)++;
	}
	while (*p < end && **p >= '0' && **p <= '9' && digits < 12) {
		v = v * 10 + (**p - '0');
		(*p)++;
		digits++;
	}
	FUZZ_ASSERT(digits > 0, "kernel format: expected a number");
	return neg ? -v : v;
}

/*
 * Check the kernel-format output M of R (unusable_index when EXTFRAG is
 * false): "Node N, zone %8s " and one "%d.%03d " per order; the integer
 * and fraction parts put back together give the computed index.
 */
static void
check_kernel(const struct fuzz_mem *m, const struct report *r, bool extfrag)
{
	const char *p = m->buf, *end = m->buf + m->len, *nl, *name, *field;
	bool padded = extfrag && kver_extfrag_padded(r->release);
	size_t z, namelen, pad;
	unsigned o;
	long long node, ip, fp, v;
	int want;

	for (z = 0; z < r->bi->nzones; z++) {
		const struct bzone *bz = &r->bi->zones[z];

		nl = memchr(p, '\n', (size_t)(end - p));
		FUZZ_ASSERT(nl != NULL, "kernel format: zone %zu missing", z);
		FUZZ_ASSERT(nl - p > 5 && memcmp(p, "Node ", 5) == 0,
		    "kernel format: no 'Node '");
		p += 5;
		node = kernel_int(&p, nl);
		FUZZ_ASSERT(node == bz->node && nl - p > 7 &&
		    memcmp(p, ", zone ", 7) == 0, "kernel format: node");
		p += 7;
		for (pad = 0; p < nl && *p == ' '; pad++)
			p++;
		name = p;
		while (p < nl && *p != ' ')
			p++;
		namelen = (size_t)(p - name);
		/* "%8s" right-aligns a short name and never cuts a long one. */
		FUZZ_ASSERT(namelen == strlen(bz->name) &&
		    memcmp(name, bz->name, namelen) == 0 &&
		    pad == (namelen < 8 ? 8 - namelen : 0),
		    "kernel format: zone name");
		for (o = 0; o < r->bi->norders; o++) {
			FUZZ_ASSERT(p < nl && *p == ' ', "kernel format: no "
			    "space before order %u", o);
			p++;
			/* Since 5.16 "%2d" pads a one-character integer part. */
			field = p;
			if (padded && *p == ' ')
				p++;
			ip = kernel_int(&p, nl);
			FUZZ_ASSERT(!padded || p - field >= 2, "kernel format: "
			    "integer part not padded to two columns");
			FUZZ_ASSERT(p < nl && *p == '.', "kernel format: no '.'");
			p++;
			fp = kernel_int(&p, nl);
			/* C division truncates: both parts carry the sign. */
			v = ip * 1000 + fp;
			want = extfrag ? r->frag[z].fragindex[o] :
			    r->frag[z].unusable[o];
			FUZZ_ASSERT(v == want, "kernel format: zone %zu order "
			    "%u reads %lld, computed %d", z, o, v, want);
		}
		FUZZ_ASSERT(nl - p == 1 && *p == ' ',
		    "kernel format: zone %zu does not end in one space", z);
		p = nl + 1;
	}
	FUZZ_ASSERT(p == end, "kernel format: text after the zones");
}

/* Returns whether the N bytes at S are the name of a zone or migratetype of R. */
static bool
is_name(const struct report *r, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < r->bi->nzones; i++)
		if (strlen(r->bi->zones[i].name) == n &&
		    memcmp(r->bi->zones[i].name, s, n) == 0)
			return true;
	for (i = 0; r->pti && i < r->pti->ntypes; i++)
		if (strlen(r->pti->types[i]) == n &&
		    memcmp(r->pti->types[i], s, n) == 0)
			return true;
	return false;
}

/*
 * Check the table M of R: text ending in a newline, and every percentage
 * in it (a word "12.3%", maybe followed by ',' or ')': shares of free
 * memory and pageblocks, PSI averages) at most 100%. Zone and migratetype
 * names may look like percentages; they are what the input says.
 */
static void
check_table(const struct fuzz_mem *m, const struct report *r)
{
	const char *p = m->buf, *end = m->buf + m->len, *w, *dot;
	size_t n, k;

	FUZZ_ASSERT(m->len > 0 && m->buf[m->len - 1] == '\n' &&
	    memchr(m->buf, '\0', m->len) == NULL,
	    "table without a final newline or with a NUL byte");
	for (;;) {
		while (p < end && (*p == ' ' || *p == '\n'))
			p++;
		if (p == end)
			break;
		for (w = p; p < end && *p != ' ' && *p != '\n'; p++)
			;
		/* A name, or a name with the ',' or ')' the table puts after it. */
		for (n = (size_t)(p - w); n > 0 && !is_name(r, w, n) &&
		    (w[n - 1] == ',' || w[n - 1] == ')'); n--)
			;
		if (n < 4 || w[n - 1] != '%' || is_name(r, w, n))
			continue;
		for (k = 0; k < n - 1 && ((w[k] >= '0' && w[k] <= '9') ||
		    w[k] == '.'); k++)
			;
		dot = memchr(w, '.', n);
		if (k != n - 1 || dot == NULL || dot == w || dot + 2 > w + k ||
		    memchr(dot + 1, '.', (size_t)(w + k - dot - 1)) != NULL)
			continue;
		FUZZ_ASSERT(dot - w < 3 || (dot - w == 3 && w[0] == '1' &&
		    w[1] == '0' && w[2] == '0' &&
		    strspn(dot + 1, "0") >= (size_t)(w + k - dot - 1)),
		    "table shows %.*s", (int)n, w);
	}
}

/* Check the advice U built: sums that do not wrap, scores within 0..100. */
static void
check_advice(const struct run *u)
{
	const struct advice *adv = &u->adv;
	uint64_t sum;
	size_t i, j;

	for (i = 0; i < adv->nzones; i++) {
		const struct zadvice *a = &adv->zones[i];

		/* Decided before compaction_suitable() adds anything up. */
		if (a->reason == R_FREE_BLOCK || a->reason ==
		    R_RESERVE_UNKNOWN || a->verdict == VERDICT_UNUSABLE)
			continue;
		FUZZ_ASSERT(!__builtin_add_overflow(a->wmark, a->gap, &sum) &&
		    !__builtin_add_overflow(sum, a->reserve, &sum) ?
		    a->need == sum : a->need == UINT64_MAX,
		    "zone %zu order %u: watermark + gap + reserve wrapped to "
		    "%llu", a->zone, a->order, (unsigned long long)a->need);
	}
	/*
	 * The machine is never ok at an order unless a zone that says ok
	 * has a free block of that order (issue 11).
	 */
	for (j = 0; j < adv->norders; j++) {
		bool block = false;

		for (i = 0; i < adv->nzones; i++)
			if (adv->zones[i].order == adv->orders[j] &&
			    adv->zones[i].verdict == VERDICT_OK &&
			    u->frag[adv->zones[i].zone].suitable[
			    adv->orders[j]] != 0)
				block = true;
		FUZZ_ASSERT(advise_best(adv, -1, j) != VERDICT_OK || block,
		    "order %u: machine ok without a usable free block",
		    adv->orders[j]);
	}
	/*
	 * Each zone's score is 0..100 and weighed by its share of the node's
	 * present pages, unless 2^32 free pages make the kernel's 32-bit
	 * divisor wrap (kernel-facts.md section 12) or present pages times
	 * 100 wrap its unsigned long.
	 */
	for (i = 0; i < adv->nkc; i++) {
		bool small = true;
		size_t z;

		for (z = 0; z < u->bi.nzones; z++)
			if (u->bi.zones[z].node == adv->kc[i].node &&
			    u->frag[z].free_pages >= 1ULL << 32)
				small = false;
		for (z = 0; z < u->zi.nzones; z++)
			if (u->zi.zones[z].node == adv->kc[i].node &&
			    u->zi.zones[z].present > UINT64_MAX / 100)
				small = false;
		FUZZ_ASSERT(!small || adv->kc[i].score <= 100, "node %u: "
		    "kcompactd score %llu", adv->kc[i].node,
		    (unsigned long long)adv->kc[i].score);
	}
}

/* Parse the N bytes at S with PARSE into OUT. Returns 1 parsed, 0 absent, -1 rejected. */
static int
parse_part(const char *s, size_t n, const char *what,
    int (*parse)(const char *, size_t, void *, struct ferr *), void *out)
{
	struct ferr e = { .path = "fuzz" };

	if (s == NULL || n == 0)
		return 0;
	if (parse(s, n, out, &e) == 0)
		return 1;
	fuzz_check_error(&e, s, n, what);
	return -1;
}

static int
bi_parse(const char *s, size_t n, void *out, struct ferr *e)
{
	if (buddyinfo_parse(s, n, out, e) != 0)
		return -1;
	if (buddyinfo_check(out, e) != 0) {
		buddyinfo_free(out);
		return -1;
	}
	return 0;
}

static int
pti_parse(const char *s, size_t n, void *out, struct ferr *e)
{
	if (pagetypeinfo_parse(s, n, out, e) != 0)
		return -1;
	if (pagetypeinfo_check(out, e) != 0) {
		pagetypeinfo_free(out);
		return -1;
	}
	return 0;
}

static int
psi_parse_(const char *s, size_t n, void *out, struct ferr *e)
{
	return psi_parse(s, n, out, e);
}

static int
zi_parse(const char *s, size_t n, void *out, struct ferr *e)
{
	return zoneinfo_parse(s, n, out, e);
}

/* Fill U's advice as main.c would for every order, from FLAGS. */
static void
advise(struct run *u, unsigned flags)
{
	const struct zadvice *a;
	struct advise_in ai;
	unsigned o, pro;
	size_t i;

	u->adv.gfp = flags & F_KERNEL_GFP ? ADVISE_KERNEL : ADVISE_MOVABLE;
	u->adv.kver = u->r.release ? text_kver(u->r.release) : -1;
	u->adv.threshold = thresholds[flags >> F_TUNING_SHIFT];
	u->adv.threshold_from = "option";
	pro = (flags >> F_TUNING_SHIFT) * 15;
	u->adv.proactiveness = pro > 100 ? 100 : pro;
	u->adv.hpage_order = u->have_pti ? u->pti.pageblock_order : 9;
	for (o = 0; o < u->bi.norders; o++)
		u->adv.orders[o] = o;
	u->adv.norders = u->bi.norders;
	u->adv.orders_from = "option";
	u->adv.psi_some = 1000;
	u->adv.psi_full = 500;
	u->adv.urgency = advise_urgency(u->have_psi ? &u->psi : NULL, 1000,
	    500);
	memset(&ai, 0, sizeof(ai));
	ai.bi = &u->bi;
	ai.frag = u->frag;
	ai.zi = u->have_zi ? &u->zi : NULL;
	ai.pti = u->have_pti ? &u->pti : NULL;
	ai.pti_zone = u->pti_zone;
	ai.kver = u->adv.kver;
	ai.threshold = u->adv.threshold;
	ai.gfp = u->adv.gfp;
	FUZZ_ASSERT(advise_build(&u->adv, &ai) == 0, "out of memory");
	u->r.advice = &u->adv;
	/* A zone counts allocations exactly where its verdict says one would succeed. */
	for (i = 0; i < u->adv.nzones; i++) {
		a = &u->adv.zones[i];
		FUZZ_ASSERT((a->now > 0) == (a->verdict == VERDICT_OK ||
		    a->reason == R_RESERVE_UNKNOWN), "zone %zu order %u: %llu "
		    "allocations now, verdict %s", a->zone, a->order,
		    (unsigned long long)a->now,
		    advise_verdict_name(a->verdict));
		FUZZ_ASSERT(a->after >= a->now, "after compaction below now");
	}
	FUZZ_ASSERT(avail_build(&u->av, &u->adv, &u->bi, u->frag, ai.zi, NULL,
	    0) == 0, "out of memory");
	u->r.avail = &u->av;
}

/* Render R with every renderer and check each output. */
static void
render_all(const struct report *r)
{
	struct fuzz_mem m;

	fuzz_mem_open(&m);
	render_json(m.fp, r);
	fuzz_mem_close(&m);
	check_json(&m, r);
	fuzz_mem_free(&m);

	fuzz_mem_open(&m);
	render_table(m.fp, r);
	fuzz_mem_close(&m);
	check_table(&m, r);
	fuzz_mem_free(&m);

	/* The summary needs the advice; it must not crash on any. */
	if (r->advice) {
		fuzz_mem_open(&m);
		render_summary(m.fp, r);
		fuzz_mem_close(&m);
		fuzz_mem_free(&m);
	}

	fuzz_mem_open(&m);
	render_unusable(m.fp, r);
	fuzz_mem_close(&m);
	check_kernel(&m, r, false);
	fuzz_mem_free(&m);

	fuzz_mem_open(&m);
	render_extfrag(m.fp, r);
	fuzz_mem_close(&m);
	check_kernel(&m, r, true);
	fuzz_mem_free(&m);
}

void
fuzz_pipeline(const uint8_t *data, size_t size)
{
	const char *part[NPARTS] = { NULL }, *p, *end, *nul;
	size_t len[NPARTS] = { 0 }, i;
	unsigned flags;
	struct run u;
	int rc;

	if (size < 2)
		return;
	flags = data[0];
	memset(&u, 0, sizeof(u));
	u.r.page_size = 1UL << (9 + data[1] % 16);	/* 512 B to 16 MiB */
	p = (const char *)data + 2;
	end = (const char *)data + size;
	for (i = 0; i < NPARTS && p <= end; i++) {
		nul = memchr(p, '\0', (size_t)(end - p));
		part[i] = p;
		len[i] = nul ? (size_t)(nul - p) : (size_t)(end - p);
		p += len[i] + 1;
	}
	if (parse_part(part[P_BUDDY], len[P_BUDDY], "buddyinfo", bi_parse,
	    &u.bi) != 1)
		return;
	u.frag = frag_compute_all(&u.bi);
	FUZZ_ASSERT(u.frag != NULL, "out of memory");
	for (i = 0; i < u.bi.nzones; i++)
		fuzz_check_frag(u.bi.zones[i].free, u.bi.norders, &u.frag[i]);
	if ((rc = parse_part(part[P_PTI], len[P_PTI], "pagetypeinfo",
	    pti_parse, &u.pti)) < 0)
		goto out;
	/* inputs.c refuses a pagetypeinfo with other orders. */
	if (rc == 1 && u.pti.norders != u.bi.norders)
		goto out;
	if ((u.have_pti = rc == 1)) {
		u.pti_zone = calloc(u.bi.nzones, sizeof(*u.pti_zone));
		FUZZ_ASSERT(u.pti_zone != NULL, "out of memory");
		for (i = 0; i < u.bi.nzones; i++)
			u.pti_zone[i] = pagetypeinfo_find(&u.pti,
			    u.bi.zones[i].node, u.bi.zones[i].name);
	}
	if ((rc = parse_part(part[P_PSI], len[P_PSI], "pressure", psi_parse_,
	    &u.psi)) < 0)
		goto out;
	u.have_psi = rc == 1;
	if ((rc = parse_part(part[P_ZI], len[P_ZI], "zoneinfo", zi_parse,
	    &u.zi)) < 0)
		goto out;
	u.have_zi = rc == 1;

	u.r.buddyinfo_path = "buddyinfo";
	u.r.bi = &u.bi;
	u.r.frag = u.frag;
	u.r.pagetypeinfo_path = u.have_pti ? "pagetypeinfo" : NULL;
	u.r.pti = u.have_pti ? &u.pti : NULL;
	u.r.pti_zone = u.pti_zone;
	u.r.pressure_path = u.have_psi ? "pressure" : NULL;
	u.r.psi = u.have_psi ? &u.psi : NULL;
	u.r.zoneinfo_path = u.have_zi ? "zoneinfo" : NULL;
	u.r.release = releases[flags & F_RELEASE];
	u.r.page_size_from = "option";
	u.r.color = (flags & F_COLOR) != 0;
	if (flags & F_ADVISE) {
		advise(&u, flags);
		check_advice(&u);
	}
	render_all(&u.r);
out:
	advise_free(&u.adv);
	avail_free(&u.av);
	zoneinfo_free(&u.zi);
	pagetypeinfo_free(&u.pti);
	buddyinfo_free(&u.bi);
	free(u.pti_zone);
	free(u.frag);
}

#ifndef FUZZ_REPLAY
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_pipeline(data, size);
	return 0;
}
#endif
