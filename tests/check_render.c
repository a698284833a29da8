/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_render.c - every renderer against whole expected outputs; the kernel formats against the kernel's own files */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buddyinfo.h"
#include "forecast.h"
#include "jsonr.h"
#include "jsonw.h"
#include "kver.h"
#include "outcome.h"
#include "pagetypeinfo.h"
#include "psi.h"
#include "rates.h"
#include "render_watch.h"
#include "render_json.h"
#include "render_kernel.h"
#include "render_text.h"
#include "testutil.h"
#include "text.h"
#include "watch.h"

/* A report over buddyinfo text, owning what it points to. */
struct fixture {
	struct buddyinfo	 bi;
	struct frag		*frag;
	struct report		 r;
};

/* Fill FX from the buddyinfo text BUF for kernel RELEASE. */
static void
fixture_load(struct fixture *fx, const char *buf, const char *release)
{
	struct ferr e = { .path = "test" };

	ck_assert_msg(buddyinfo_parse(buf, strlen(buf), &fx->bi, &e) == 0,
	    "%lu: %s", e.line, e.msg);
	fx->frag = frag_compute_all(&fx->bi);
	ck_assert_ptr_nonnull(fx->frag);
	memset(&fx->r, 0, sizeof(fx->r));
	fx->r.buddyinfo_path = "test";
	fx->r.bi = &fx->bi;
	fx->r.frag = fx->frag;
	fx->r.release = release;
	fx->r.page_size = 4096;
	fx->r.page_size_from = "assumed";
}

static void
fixture_free(struct fixture *fx)
{
	buddyinfo_free(&fx->bi);
	free(fx->frag);
}

/* Returns S with the spaces at the end of every line removed (in place). */
static char *
rstrip_lines(char *s)
{
	char *r = s, *w = s, *sp = NULL;

	for (; *r; r++) {
		if (*r == ' ') {
			if (sp == NULL)
				sp = w;
		} else if (*r == '\n' && sp != NULL) {
			w = sp;
			sp = NULL;
		} else
			sp = NULL;
		*w++ = *r;
	}
	*w = '\0';
	return sp ? (*sp = '\0', s) : s;
}

/*
 * Kernel index files captured together with the buddyinfo they were
 * computed from (see each PROVENANCE). Mail transcriptions lost the
 * trailing spaces, so those compare with trailing spaces stripped.
 */
static const struct truth {
	const char	*buddyinfo, *kernel_file, *release;
	int		 extfrag, exact;
} truths[] = {
	{ "corpus/vm-6.18-x86-64-holes/proc/buddyinfo",
	  "corpus/vm-6.18-x86-64-holes/sys/kernel/debug/extfrag/unusable_index",
	  "6.18.44", 0, 1 },
	{ "corpus/vm-6.18-x86-64-holes/proc/buddyinfo",
	  "corpus/vm-6.18-x86-64-holes/sys/kernel/debug/extfrag/extfrag_index",
	  "6.18.44", 1, 1 },
	{ "corpus/lkml-2010-aarcange-thp-before-compact/buddyinfo",
	  "corpus/lkml-2010-aarcange-thp-before-compact/unusable_index",
	  "2.6.34", 0, 0 },
	{ "corpus/lkml-2010-aarcange-thp-before-compact/buddyinfo",
	  "corpus/lkml-2010-aarcange-thp-before-compact/extfrag_index",
	  "2.6.34", 1, 0 },
	{ "corpus/lkml-2010-aarcange-thp-after-compact/buddyinfo",
	  "corpus/lkml-2010-aarcange-thp-after-compact/unusable_index",
	  "2.6.34", 0, 0 },
	{ "corpus/lkml-2010-aarcange-thp-after-compact/buddyinfo",
	  "corpus/lkml-2010-aarcange-thp-after-compact/extfrag_index",
	  "2.6.34", 1, 0 },
	{ "corpus/lkml-2016-xqiu-8node/buddyinfo",
	  "corpus/lkml-2016-xqiu-8node/unusable_index", "4.9", 0, 0 },
	{ "corpus/lkml-2018-rharris-dma-1/buddyinfo",
	  "corpus/lkml-2018-rharris-dma-1/extfrag_index", "4.16", 1, 1 },
	{ "corpus/lkml-2018-rharris-dma-1983/buddyinfo",
	  "corpus/lkml-2018-rharris-dma-1983/extfrag_index", "4.16", 1, 0 },
};

START_TEST(test_kernel_truth)
{
	const struct truth *t = &truths[_i];
	char *buddy = tu_read(t->buddyinfo, NULL);
	char *want = tu_read(t->kernel_file, NULL);
	struct fixture fx;
	char *got;

	fixture_load(&fx, buddy, t->release);
	got = tu_render(t->extfrag ? render_extfrag : render_unusable, &fx.r);
	if (!t->exact) {
		rstrip_lines(got);
		rstrip_lines(want);
	}
	ck_assert_str_eq(got, want);
	free(got);
	free(want);
	free(buddy);
	fixture_free(&fx);
}
END_TEST

/*
 * kernel-facts.md section 3: one free page; the 5.16+ layout was checked
 * byte for byte against a live kernel, the old one is Harris's 2018 mail.
 */
START_TEST(test_extfrag_layouts)
{
	static const char buddy[] =
	    "Node 0, zone      DMA      1      0      0      0      0      0"
	    "      0      0      0      0      0 \n";
	struct fixture fx;
	char *got;

	fixture_load(&fx, buddy, "6.1.0");
	got = tu_render(render_extfrag, &fx.r);
	ck_assert_str_eq(got, "Node 0, zone      DMA -1.000  0.-500  0.-250 "
	    " 0.-125  0.-62  0.-31  0.-15  0.-07  0.-03  0.-01  0.000 \n");
	free(got);
	fx.r.release = "5.15.16";
	got = tu_render(render_extfrag, &fx.r);
	ck_assert_str_eq(got, "Node 0, zone      DMA -1.000 0.-500 0.-250 "
	    "0.-125 0.-62 0.-31 0.-15 0.-07 0.-03 0.-01 0.000 \n");
	free(got);
	got = tu_render(render_unusable, &fx.r);
	ck_assert_str_eq(got, "Node 0, zone      DMA 0.000 1.000 1.000 1.000 "
	    "1.000 1.000 1.000 1.000 1.000 1.000 1.000 \n");
	free(got);
	fixture_free(&fx);
}
END_TEST

/* Zone names longer than %8s are not cut, shorter ones right-aligned; sparse node ids kept. */
START_TEST(test_kernel_prefix)
{
	static const char buddy[] =
	    "Node 0, zone Normal 0 1\n"
	    "Node 3, zone LongName9 1 0\n";
	struct fixture fx;
	char *got;

	fixture_load(&fx, buddy, NULL);
	got = tu_render(render_unusable, &fx.r);
	ck_assert_str_eq(got,
	    "Node 0, zone   Normal 0.000 0.000 \n"
	    "Node 3, zone LongName9 0.000 1.000 \n");
	free(got);
	got = tu_render(render_extfrag, &fx.r);
	ck_assert_str_eq(got,
	    "Node 0, zone   Normal -1.000 -1.000 \n"
	    "Node 3, zone LongName9 -1.000  0.-500 \n");
	free(got);
	fixture_free(&fx);
}
END_TEST

static const struct {
	const char	*release;
	long		 version;
	int		 padded;
} releases[] = {
	{ "2.6.34-rc3", 2006, 0 },
	{ "3.10.0-327.el7.x86_64", 3010, 0 },
	{ "5.15.16", 5015, 0 },
	{ "5.16", 5016, 1 },
	{ "5.16.0-rc1", 5016, 1 },
	{ "6.18.44-fc-v1147", 6018, 1 },
	{ "10.0", 10000, 1 },
	{ "garbage", -1, 1 },
	{ "6", -1, 1 },
	{ "6.", -1, 1 },
	{ ".6", -1, 1 },
	{ "6.1000", -1, 1 },
	{ "6.999", 6999, 1 },
	{ "999999.0", 999999000, 1 },
	{ "1000000.0", -1, 1 },
	{ "18446744073709551616.1", -1, 1 },
	{ "+6.1", -1, 1 },
	{ "", -1, 1 },
};

START_TEST(test_kver)
{
	ck_assert_int_eq(text_kver(releases[_i].release), releases[_i].version);
	ck_assert_int_eq(kver_extfrag_padded(releases[_i].release),
	    releases[_i].padded);
}
END_TEST

START_TEST(test_kver_null)
{
	ck_assert_int_eq(kver_extfrag_padded(NULL), 1);
}
END_TEST

/* Returns the malloc'd document written by FN into a fresh writer. */
static char *
json_of(void (*fn)(struct jsonw *))
{
	char *buf = NULL;
	size_t len;
	FILE *fp = open_memstream(&buf, &len);
	struct jsonw w;

	ck_assert_ptr_nonnull(fp);
	jw_init(&w, fp);
	fn(&w);
	ck_assert_int_eq(jw_finish(&w), 0);
	ck_assert_int_eq(fclose(fp), 0);
	return buf;
}

static void
doc_values(struct jsonw *w)
{
	jw_object(w);
	jw_key(w, "fixed");
	jw_array(w, true);
	jw_fixed(w, -1000, 3);
	jw_fixed(w, -500, 3);
	jw_fixed(w, -7, 3);
	jw_fixed(w, 0, 3);
	jw_fixed(w, 805, 3);
	jw_fixed(w, 1000, 3);
	jw_fixed(w, 31, 2);
	jw_fixed(w, 10000, 2);
	jw_end(w);
	jw_key(w, "s");
	jw_string(w, "a\"b\\c\x01\x7f/");
	jw_key(w, "empty");
	jw_array(w, false);
	jw_end(w);
	jw_key(w, "o");
	jw_object(w);
	jw_key(w, "u");
	jw_u64(w, UINT64_MAX);
	jw_key(w, "i");
	jw_int(w, -3);
	jw_key(w, "t");
	jw_bool(w, true);
	jw_key(w, "n");
	jw_null(w);
	jw_end(w);
	jw_end(w);
}

START_TEST(test_jsonw)
{
	char *got = json_of(doc_values);

	ck_assert_str_eq(got,
	    "{\n"
	    "  \"fixed\": [-1.000, -0.500, -0.007, 0.000, 0.805, 1.000, 0.31, 100.00],\n"
	    "  \"s\": \"a\\\"b\\\\c\\u0001\\u007f/\",\n"
	    "  \"empty\": [],\n"
	    "  \"o\": {\n"
	    "    \"u\": 18446744073709551615,\n"
	    "    \"i\": -3,\n"
	    "    \"t\": true,\n"
	    "    \"n\": null\n"
	    "  }\n"
	    "}\n");
	free(got);
}
END_TEST

/*
 * A --watch sample whose buddyinfo lost columns since the first one: the
 * orders 2 and 9 were chosen then, the zone has 3 orders now.
 */
static void
watch_short(struct fixture *fx, struct wsample *s)
{
	static const unsigned orders[] = { 2, 9 };

	fixture_load(fx, "Node 0, zone   Normal      4      2      1 \n",
	    "6.18.0");
	memset(s, 0, sizeof(*s));
	s->r = &fx->r;
	s->orders = orders;
	s->norders = 2;
	s->pageblock_order = 9;
}

/* Returns the malloc'd output of one watch sample S, as JSON or a table. */
static char *
watch_text(const struct wsample *s, bool json)
{
	struct wsample t = *s;
	char *buf = NULL;
	size_t len;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	/* What run/watch.c's step fills in from the sample's report. */
	rate_totals(&t);
	if (json)
		render_watch_json(fp, &t);
	else
		render_watch_table(fp, &t, 0);
	ck_assert_int_eq(fclose(fp), 0);
	return buf;
}

START_TEST(test_watch_fewer_orders)
{
	struct fixture fx;
	struct wsample s;
	char *got;

	setenv("TZ", "UTC", 1);
	tzset();
	watch_short(&fx, &s);
	got = watch_text(&s, false);
	ck_assert_str_eq(got,
	    "00:00:00 free 48 KiB, 0 free pageblocks (2 MiB)\n"
	    "  Node 0, zone Normal       48 KiB free        0 free pageblocks"
	    "  order 2: unusable 0.666 fragindex succeeds"
	    "  order 9: unusable - fragindex -\n");
	free(got);
	got = watch_text(&s, true);
	ck_assert_str_eq(got,
	    "{\"time\":\"1970-01-01T00:00:00Z\",\"interval_s\":null,"
	    "\"kcompactd_seen_working\":null,"
	    "\"pageblock_order\":9,\"zones\":[{\"node\":0,"
	    "\"zone\":\"Normal\",\"free_pages\":12,\"free_pageblocks\":0,"
	    "\"orders\":[{\"order\":2,\"unusable_index\":0.666,"
	    "\"fragmentation_index\":-1.000,\"free_now\":null,"
	    "\"free_now_is_bound\":null,\"available_now\":null,"
	    "\"available_now_is_bound\":null,\"after_compaction\":null},"
	    "{\"order\":9,\"unusable_index\":null,"
	    "\"fragmentation_index\":null,\"free_now\":null,"
	    "\"free_now_is_bound\":null,\"available_now\":null,"
	    "\"available_now_is_bound\":null,\"after_compaction\":null}]}],"
	    "\"rates_per_s\":null,\"counters\":null,\"pressure\":null}\n");
	free(got);
	/* Samples faster than one a second: their times differ (ms). */
	s.interval_ms = 500;
	s.wall.tv_nsec = 250000000;
	got = watch_text(&s, true);
	ck_assert_msg(strncmp(got, "{\"time\":\"1970-01-01T00:00:00.250Z\",",
	    35) == 0, "%s", got);
	free(got);
	got = watch_text(&s, false);
	ck_assert_msg(strncmp(got, "00:00:00.250 free 48 KiB", 24) == 0, "%s",
	    got);
	free(got);
	fixture_free(&fx);
}
END_TEST

/*
 * --watch --need's line from the second sample on: the change of the
 * blocks free now where the span is under an hour (a rate would
 * extrapolate it, #45), the rate an hour from an hour on; falling, when
 * they would be below the need and none left at that rate.
 */
START_TEST(test_watch_need_trend)
{
	static const struct {
		uint64_t	 first, now, ms, need;
		const char	*want;
	} cases[] = {
		/* Two samples 0.5 s apart: it said "+0 an hour over 0 s". */
		{ 8541, 8541, 500, 9500, "  need 9500 x 2 MiB: 8541 free now, "
		    "+0 in 500 ms\n" },
		{ 1000, 1200, 30000, 100, "  need 100 x 2 MiB: 1200 free now, "
		    "+200 in 30 s\n" },
		/*
		 * -10 in 600000 ms: below 1000 in (1390 - 1000) * 600000 / 10
		 * = 23400000 ms = 6.5 h, none left in 1390 * 600000 / 10 =
		 * 83400000 ms = 23.16 h, printed 23.1 h (tenths truncated).
		 */
		{ 1400, 1390, 600000, 1000, "  need 1000 x 2 MiB: 1390 free now, "
		    "-10 in 10 min; below the need in 6.5 h; none left in "
		    "23.1 h\n" },
		/*
		 * -600 over 2 h: -300 an hour; none left in 800 * 7200000 /
		 * 600 = 9600000 ms = 2.66 h, printed 2.6 h.
		 */
		{ 1400, 800, 7200000, 1000, "  need 1000 x 2 MiB: 800 free now, "
		    "-300 an hour over 2.0 h; none left in 2.6 h\n" },
	};
	static const unsigned orders[] = { 9 };
	struct fixture fx;
	struct need n = { .order = 9, .node = -1 };
	struct avail row;
	struct wsample s;
	char *got, *line;
	size_t i;

	fixture_load(&fx, "Node 0, zone   Normal      4      2      1 \n",
	    "6.18.0");
	memset(&row, 0, sizeof(row));
	fx.r.need = &n;
	fx.r.need_answer.row = &row;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(&s, 0, sizeof(s));
		s.r = &fx.r;
		s.orders = orders;
		s.norders = 1;
		s.pageblock_order = 9;
		n.count = cases[i].need;
		s.need_first = cases[i].first;
		s.need_now = cases[i].now;
		s.trend_ms = cases[i].ms;
		s.has_trend = true;
		forecast_trend(&s.trend, cases[i].first, cases[i].now,
		    cases[i].ms, cases[i].need);
		got = watch_text(&s, false);
		ck_assert_ptr_nonnull(line = strstr(got, "  need "));
		line[strcspn(line, "\n") + 1] = '\0';
		ck_assert_str_eq(line, cases[i].want);
		free(got);
	}
	fixture_free(&fx);
}
END_TEST

/*
 * A --watch interval of 100 THP faults of the PMD size (order 9), of which
 * FALLBACK fell back and CHARGE (-1: a kernel that does not count them)
 * for the memcg limit, while the verdict for order 9 says ok: the table of
 * sample S, its THP lines and finding, appended to OUT.
 */
static void
watch_thp(struct fixture *fx, FILE *out, uint64_t fallback, int charge)
{
	static const unsigned orders[] = { 9 };
	struct vmstat prev, now;
	struct thp thp;
	struct advice adv;
	enum verdict best[FRAG_MAX_NODES + 1];
	struct outcome_interval iv;
	struct wsample s;
	char *got;
	size_t i;

	/* A kernel before the per-size stats: the PMD size's, in vmstat. */
	memset(&thp, 0, sizeof(thp));
	thp.pmd_order = 9;
	thp.n = 1;
	thp.sizes[0].kb = 2048;
	thp.sizes[0].order = 9;
	thp.sizes[0].on = true;
	memset(&prev, 0, sizeof(prev));
	prev.have = 1u << VM_THP_FAULT_ALLOC | 1u << VM_THP_FAULT_FALLBACK;
	if (charge >= 0)
		prev.have |= 1u << VM_THP_FAULT_FALLBACK_CHARGE;
	now = prev;
	now.v[VM_THP_FAULT_ALLOC] = 100 - fallback;
	now.v[VM_THP_FAULT_FALLBACK] = fallback;
	now.v[VM_THP_FAULT_FALLBACK_CHARGE] = charge >= 0 ? (uint64_t)charge : 0;
	memset(&adv, 0, sizeof(adv));
	adv.orders[0] = 9;
	adv.norders = 1;
	for (i = 0; i <= FRAG_MAX_NODES; i++)
		best[i] = VERDICT_OK;
	adv.best = best;
	fx->r.thp = &thp;
	fx->r.vm = &now;
	fx->r.advice = &adv;
	memset(&s, 0, sizeof(s));
	s.r = &fx->r;
	s.vm = &now;
	outcome_interval(&thp, &prev, &thp, &now, &iv);
	s.thp_interval = &iv;
	s.orders = orders;
	s.norders = 1;
	s.pageblock_order = 9;
	got = watch_text(&s, false);
	fputs(got, out);
	free(got);
	fx->r.thp = NULL;
	fx->r.vm = NULL;
	fx->r.advice = NULL;
}

/*
 * The finding judges the allocator: faults that fell back for the memcg
 * limit (thp_fault_fallback counts them too) are not its failures, and a
 * kernel that does not count them apart gets a word that they may be in.
 */
START_TEST(test_watch_thp_charge)
{
	struct fixture fx;
	char *out = NULL, *p;
	size_t len;
	FILE *fp;

	setenv("TZ", "UTC", 1);
	tzset();
	fixture_load(&fx, "Node 0, zone   Normal      4      2      1      0"
	    "      0      0      0      0      0      0      9 \n", "6.18.0");
	ck_assert_ptr_nonnull(fp = open_memstream(&out, &len));
	fputs("# 95 fell back, all for the memcg limit\n", fp);
	watch_thp(&fx, fp, 95, 95);
	fputs("# 95 fell back, 40 for the memcg limit\n", fp);
	watch_thp(&fx, fp, 95, 40);
	fputs("# 95 fell back, none for the memcg limit\n", fp);
	watch_thp(&fx, fp, 95, 0);
	fputs("# 95 fell back, the kernel does not count the memcg limit's\n",
	    fp);
	watch_thp(&fx, fp, 95, -1);
	ck_assert_int_eq(fclose(fp), 0);
	tu_golden("render/watch-thp-charge.table", out);
	/* The first interval, all for the memcg limit, blames nothing. */
	ck_assert_ptr_nonnull(p = strstr(out, "# 95 fell back, 40"));
	*p = '\0';
	ck_assert_ptr_null(strstr(out, "finding"));
	free(out);
	fixture_free(&fx);
}
END_TEST

/*
 * jw_bytes() keeps every byte and jr_bytes() gets them back: each byte
 * 1-255 alone, invalid UTF-8 beside valid, control characters, quotes.
 */
START_TEST(test_jsonw_bytes)
{
	static const char *const words[] = { "plain", "caf\xc3\xa9 \xf0\x9f\x98\x80",
	    "a\xff" "b", "x\ny\t\"q\"\\", "\xed\xa0\x80", "" };
	char in[2], got[64], *out;
	const struct jr_val *v;
	struct jr_doc d;
	struct jsonw w;
	const char *what, *bad;
	size_t len, col, i;
	FILE *fp;
	int c;

	ck_assert_ptr_nonnull(fp = open_memstream(&out, &len));
	jw_init_compact(&w, fp);
	jw_array(&w, true);
	for (c = 1; c < 256; c++) {
		in[0] = (char)c;
		in[1] = '\0';
		jw_bytes(&w, in);
	}
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		jw_bytes(&w, words[i]);
	jw_end(&w);
	ck_assert_int_eq(jw_finish(&w), 0);
	ck_assert_int_eq(fclose(fp), 0);
	/* Not UTF-8: its bytes; UTF-8: a string. */
	ck_assert_ptr_nonnull(strstr(out, ",[255],\"plain\",\"caf\xc3\xa9 "
	    "\xf0\x9f\x98\x80\",[97,255,98],\"x\\u000ay\\u0009\\\"q\\\"\\\\\","
	    "[237,160,128],\"\"]"));
	ck_assert_int_eq(jr_parse(&d, out, len - 1, &col, &what), 0);
	v = jr_first(&d, &d.v[0]);
	for (c = 1; c < 256; c++, v = jr_next(&d, v)) {
		ck_assert_int_eq(jr_bytes(&d, v, got, sizeof(got)), 0);
		ck_assert_msg(got[0] == (char)c && got[1] == '\0', "byte %d", c);
	}
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++, v = jr_next(&d, v)) {
		ck_assert_int_eq(jr_bytes(&d, v, got, sizeof(got)), 0);
		ck_assert_str_eq(got, words[i]);
	}
	ck_assert_ptr_null(v);
	/* What jr_bytes() refuses: a NUL, a byte past 255, a lone surrogate, no room. */
	jr_free(&d);
	bad = "[\"a\\u0000\",[256],\"\\udc00\",\"abc\"]";
	ck_assert_int_eq(jr_parse(&d, bad, strlen(bad), &col, &what), 0);
	v = jr_first(&d, &d.v[0]);
	ck_assert_int_eq(jr_bytes(&d, v, got, sizeof(got)), -1);
	ck_assert_int_eq(jr_bytes(&d, v = jr_next(&d, v), got, sizeof(got)), -1);
	ck_assert_int_eq(jr_bytes(&d, v = jr_next(&d, v), got, sizeof(got)), -1);
	ck_assert_int_eq(jr_bytes(&d, v = jr_next(&d, v), got, 3), -1);
	ck_assert_int_eq(jr_bytes(&d, v, got, 4), 0);
	jr_free(&d);
	free(out);
}
END_TEST

/* Strings: UTF-8 as it is, every byte of invalid UTF-8 as U+FFFD. */
static void
doc_utf8(struct jsonw *w)
{
	jw_array(w, false);
	jw_string(w, "/sys\xc3\xa9/\xe2\x82\xac/\xf0\x9f\x98\x80/\xf4\x8f\xbf\xbf");
	jw_string(w, "/tmp/\xe9/");		/* Latin-1 */
	jw_string(w, "\xc0\xaf");		/* overlong '/' */
	jw_string(w, "\xed\xa0\x80");		/* a surrogate */
	jw_string(w, "\xf4\x90\x80\x80");	/* past U+10FFFF */
	jw_string(w, "a\xe2\x82");		/* cut at the end */
	jw_string(w, "\x80\xbf\xfe\xff");	/* no lead byte */
	jw_end(w);
}

START_TEST(test_jsonw_utf8)
{
	char *got = json_of(doc_utf8);

	ck_assert_str_eq(got,
	    "[\n"
	    "  \"/sys\xc3\xa9/\xe2\x82\xac/\xf0\x9f\x98\x80/\xf4\x8f\xbf\xbf\",\n"
	    "  \"/tmp/\\ufffd/\",\n"
	    "  \"\\ufffd\\ufffd\",\n"
	    "  \"\\ufffd\\ufffd\\ufffd\",\n"
	    "  \"\\ufffd\\ufffd\\ufffd\\ufffd\",\n"
	    "  \"a\\ufffd\\ufffd\",\n"
	    "  \"\\ufffd\\ufffd\\ufffd\\ufffd\"\n"
	    "]\n");
	free(got);
}
END_TEST

static void
doc_open(struct jsonw *w)
{
	jw_object(w);
	jw_key(w, "a");
}

START_TEST(test_jsonw_unbalanced)
{
	char *buf = NULL;
	size_t len;
	FILE *fp = open_memstream(&buf, &len);
	struct jsonw w;

	jw_init(&w, fp);
	doc_open(&w);
	ck_assert_int_eq(jw_finish(&w), -1);
	fclose(fp);
	free(buf);
}
END_TEST

/* The whole JSON document for a small machine with pagetypeinfo and PSI. */
START_TEST(test_json_document)
{
	static const char buddy[] =
	    "Node 0, zone      DMA      1      0      0 \n"
	    "Node 2, zone   Normal      3      2      1 \n";
	static const char pti[] =
	    "Page block order: 2\n"
	    "Pages per block:  4\n"
	    "\n"
	    "Free pages count per migrate type at order       0      1      2 \n"
	    "Node    2, zone   Normal, type    Unmovable      3      0      0 \n"
	    "Node    2, zone   Normal, type      Movable      0 >100000      1 \n"
	    "\n"
	    "Number of blocks type     Unmovable      Movable \n"
	    "Node 2, zone   Normal            1            3 \n";
	static const char psi[] =
	    "some avg10=1.50 avg60=0.07 avg300=100.00 total=123\n";
	struct pagetypeinfo p;
	struct psi ps;
	struct ferr e = { .path = "t" };
	struct fixture fx;
	long map[2];
	char *got;

	fixture_load(&fx, buddy, "6.1.0");
	ck_assert_int_eq(pagetypeinfo_parse(pti, strlen(pti), &p, &e), 0);
	ck_assert_int_eq(psi_parse(psi, strlen(psi), &ps, &e), 0);
	map[0] = pagetypeinfo_find(&p, 0, "DMA");
	map[1] = pagetypeinfo_find(&p, 2, "Normal");
	fx.r.pagetypeinfo_path = "pti";
	fx.r.pti = &p;
	fx.r.pti_zone = map;
	fx.r.pressure_path = "psi";
	fx.r.psi = &ps;
	got = tu_render(render_json, &fx.r);
	tu_golden("render/small.json", got);
	free(got);
	got = tu_render(render_table, &fx.r);
	tu_golden("render/small.table", got);
	free(got);
	fx.r.color = true;
	got = tu_render(render_table, &fx.r);
	tu_golden("render/small-color.table", got);
	free(got);
	pagetypeinfo_free(&p);
	fixture_free(&fx);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("render");
	TCase *tc = tcase_create("kernel");

	tcase_add_loop_test(tc, test_kernel_truth, 0,
	    (int)(sizeof(truths) / sizeof(truths[0])));
	tcase_add_test(tc, test_extfrag_layouts);
	tcase_add_test(tc, test_kernel_prefix);
	tcase_add_loop_test(tc, test_kver, 0,
	    (int)(sizeof(releases) / sizeof(releases[0])));
	tcase_add_test(tc, test_kver_null);
	suite_add_tcase(s, tc);
	tc = tcase_create("json");
	tcase_add_test(tc, test_jsonw);
	tcase_add_test(tc, test_jsonw_unbalanced);
	tcase_add_test(tc, test_jsonw_utf8);
	tcase_add_test(tc, test_watch_fewer_orders);
	tcase_add_test(tc, test_watch_need_trend);
	tcase_add_test(tc, test_watch_thp_charge);
	tcase_add_test(tc, test_jsonw_bytes);
	tcase_add_test(tc, test_json_document);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
