/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_fuzz.c - the fuzz harnesses' property checks over their findings and over the real captures */
#include "config.h"

#include <sys/stat.h>

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "advise.h"
#include "buddyinfo.h"
#include "fuzz.h"
#include "humanize.h"
#include "kcompactd.h"
#include "jsonv.h"
#include "pagetypeinfo.h"
#include "testutil.h"
#include "thp.h"
#include "thpsize.h"
#include "zoneinfo.h"

static const struct harness {
	const char	*name;		/* fuzz/fuzz_NAME.c, tests/fixtures/fuzz/NAME/ */
	void		(*fn)(const uint8_t *, size_t);
	const char	*file[2];	/* its file in a capture, flat or under proc/ */
} harnesses[] = {
	{ "buddyinfo", fuzz_buddyinfo, { "buddyinfo", "proc/buddyinfo" } },
	{ "pagetypeinfo", fuzz_pagetypeinfo,
	  { "pagetypeinfo", "proc/pagetypeinfo" } },
	{ "psi", fuzz_psi, { "pressure/memory", "proc/pressure/memory" } },
	{ "zoneinfo", fuzz_zoneinfo, { "zoneinfo", "proc/zoneinfo" } },
	{ "vmstat", fuzz_vmstat, { "vmstat", "proc/vmstat" } },
	{ "meminfo", fuzz_meminfo, { "meminfo", "proc/meminfo" } },
	{ "iomem", fuzz_iomem, { "iomem", "proc/iomem" } },
	{ "pipeline", fuzz_pipeline, { NULL, NULL } },
	{ "mapfile", fuzz_mapfile, { NULL, NULL } },
	{ "plugini", fuzz_plugini, { NULL, NULL } },
};

#define NHARNESS	(sizeof(harnesses) / sizeof(harnesses[0]))
/* harnesses[0..NPARTS) are fuzz_pipeline()'s texts, in its order. */
#define NPARTS		4

/* Returns the sorted, malloc'd names in fixture folder REL (NULL-terminated), or NULL when absent. */
static char **
list(const char *rel)
{
	char *dir = tu_path(rel), **names = NULL, **nn;
	struct dirent *d;
	size_t n = 0, i, j;
	DIR *dp;

	if ((dp = opendir(dir)) == NULL) {
		free(dir);
		return NULL;
	}
	while ((d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.')
			continue;
		nn = realloc(names, (n + 2) * sizeof(*names));
		ck_assert_ptr_nonnull(nn);
		names = nn;
		names[n] = strdup(d->d_name);
		ck_assert_ptr_nonnull(names[n]);
		n++;
	}
	closedir(dp);
	free(dir);
	if (names == NULL)
		return NULL;
	names[n] = NULL;
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			char *t = names[j];

			names[j] = names[j - 1];
			names[j - 1] = t;
		}
	return names;
}

static void
list_free(char **names)
{
	size_t i;

	for (i = 0; names && names[i]; i++)
		free(names[i]);
	free(names);
}

/* Documents the strict validator must accept, and must refuse: the pipeline property rests on it. */
static const char *const json_good[] = {
	"{}", "[]", "0", "-0.5e+3", "1E9", "true", " null \n",
	"\"\\ud83d\\ude00 \\u00e9 \\\" \\\\ \\/ \\b\\f\\n\\r\\t\"",
	"\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"",
	"{\"a\": [1, {\"b\": [[]]}], \"c\": -0}",
};

static const char *const json_bad[] = {
	"", " ", "{,}", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "-", "1e",
	"+1", "0x10", "NaN", "nul", "True", "\"\\x\"", "\"\x01\"", "\"abc",
	"\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"",
	"\"\xc0\xaf\"", "\"\xed\xa0\x80\"", "\"\xf5\x80\x80\x80\"",
	"\"\x80\"", "\"\xe2\x82\"", "{\"a\":1,\"a\":2}", "{\"a\" 1}",
	"{a:1}", "[1] x", "[1]]", "'a'", "[1 2]", "\"a\"\"b\"",
};

START_TEST(test_jsonv_good)
{
	size_t off;
	const char *doc = json_good[_i], *why;

	why = jsonv_check(doc, strlen(doc), &off, NULL, NULL);
	ck_assert_msg(why == NULL, "'%s' refused at %zu: %s", doc, off, why);
}
END_TEST

START_TEST(test_jsonv_bad)
{
	size_t off;
	const char *doc = json_bad[_i];

	ck_assert_msg(jsonv_check(doc, strlen(doc), &off, NULL, NULL) != NULL,
	    "'%s' accepted", doc);
}
END_TEST

/* jsonv_scalar_fn: append "key:in_array:token;" to the string ARG. */
static void
record(void *arg, const char *key, size_t keylen, bool in_array,
    const char *tok, size_t toklen)
{
	char *out = arg;
	size_t n = strlen(out);

	snprintf(out + n, 256 - n, "%.*s:%d:%.*s;", (int)keylen,
	    key ? key : "", in_array, (int)toklen, tok);
}

START_TEST(test_jsonv_scalars)
{
	static const char doc[] = "{\"u\": [1.000, -0.500], \"o\": {\"u\": 3,"
	    " \"n\": null}, \"a\": [[7]], \"s\": \"x\"}";
	char out[256] = "";
	size_t off;

	ck_assert_ptr_null(jsonv_check(doc, strlen(doc), &off, record, out));
	ck_assert_str_eq(out, "u:1:1.000;u:1:-0.500;u:0:3;n:0:null;:1:7;"
	    "s:0:\"x\";");
}
END_TEST

/* The golden document of check_render, and 65 nested arrays (one too deep). */
START_TEST(test_jsonv_documents)
{
	char deep[131], *doc;
	size_t len, off;

	doc = tu_read("render/small.json", &len);
	ck_assert_ptr_null(jsonv_check(doc, len, &off, NULL, NULL));
	free(doc);
	memset(deep, '[', 65);
	memset(deep + 65, ']', 65);
	ck_assert_ptr_nonnull(jsonv_check(deep, 130, &off, NULL, NULL));
	ck_assert_ptr_null(jsonv_check(deep + 1, 128, &off, NULL, NULL));
}
END_TEST

/* Every input a harness once failed on (tests/fixtures/fuzz/NAME/) passes now. */
START_TEST(test_findings)
{
	const struct harness *h = &harnesses[_i];
	char rel[256], **names;
	size_t i, len;
	char *buf;

	snprintf(rel, sizeof(rel), "fuzz/%s", h->name);
	names = list(rel);
	for (i = 0; names && names[i]; i++) {
		snprintf(rel, sizeof(rel), "fuzz/%s/%s", h->name, names[i]);
		buf = tu_read(rel, &len);
		h->fn((const uint8_t *)buf, len);
		free(buf);
	}
	list_free(names);
}
END_TEST

/* Returns the malloc'd contents of capture DIR's file for harness H, or NULL. */
static char *
capture_file(const char *dir, const struct harness *h, size_t *len)
{
	char rel[512];
	int i;

	for (i = 0; i < 2; i++) {
		snprintf(rel, sizeof(rel), "corpus/%s/%s", dir, h->file[i]);
		if (tu_exists(rel))
			return tu_read(rel, len);
	}
	*len = 0;
	return NULL;
}

/* The flag bytes of fuzz_pipeline() the captures run with (see fuzz/seed). */
static const uint8_t pipeline_flags[] = { 0x00, 0x0b, 0x1e, 0x29, 0xe8 };

/* Every real capture satisfies every property, alone and through the whole pipeline. */
START_TEST(test_corpus)
{
	char **dirs = list("corpus"), *part[NPARTS], *buf;
	size_t len[NPARTS], total, i, k, off, n;
	unsigned f;

	ck_assert_ptr_nonnull(dirs);
	for (i = 0; dirs[i]; i++) {
		for (total = 0, k = 0; k < NHARNESS; k++) {
			if (harnesses[k].file[0] == NULL)
				continue;
			buf = capture_file(dirs[i], &harnesses[k], &n);
			if (buf != NULL)
				harnesses[k].fn((const uint8_t *)buf, n);
			if (k >= NPARTS) {
				free(buf);
				continue;
			}
			part[k] = buf;
			len[k] = n;
			total += n + 1;
		}
		if (part[0] != NULL) {
			buf = malloc(total + 2);
			ck_assert_ptr_nonnull(buf);
			for (f = 0; f < sizeof(pipeline_flags); f++) {
				buf[0] = (char)pipeline_flags[f];
				buf[1] = 3;	/* 4 KiB pages */
				for (off = 2, k = 0; k < NPARTS; k++) {
					if (len[k])
						memcpy(buf + off, part[k], len[k]);
					off += len[k];
					if (k < NPARTS - 1)
						buf[off++] = '\0';
				}
				fuzz_pipeline((const uint8_t *)buf, off);
			}
			free(buf);
		}
		for (k = 0; k < NPARTS; k++)
			free(part[k]);
	}
	list_free(dirs);
}
END_TEST

/*
 * Every file of every real capture, whole, without its final newline and
 * cut mid-line at half its length, fed to every harness that reads one
 * file (each kind to every parser): the cut-file rule and each oracle
 * agree on what a capture cut short holds (issue #44: fuzz_vmstat's
 * oracle aborted on the first file without its final newline).
 */
START_TEST(test_corpus_cut)
{
	char **dirs = list("corpus"), *buf;
	size_t i, k, h, n, cut[3];
	int c;

	ck_assert_ptr_nonnull(dirs);
	for (i = 0; dirs[i]; i++)
		for (k = 0; k < NHARNESS; k++) {
			if (harnesses[k].file[0] == NULL ||
			    (buf = capture_file(dirs[i], &harnesses[k], &n)) == NULL)
				continue;
			cut[0] = n;
			cut[1] = n > 0 && buf[n - 1] == '\n' ? n - 1 : n;
			cut[2] = n / 2;
			for (c = 0; c < 3; c++)
				for (h = 0; h < NHARNESS; h++)
					if (harnesses[h].file[0] != NULL)
						harnesses[h].fn((const uint8_t *)buf,
						    cut[c]);
			free(buf);
		}
	list_free(dirs);
}
END_TEST

/*
 * What the fuzzers (and the linters) found, pinned with the messages the
 * fixes give, so that builds without sanitizers catch a regression too.
 */
static void
expect_error(int (*parse)(const char *, size_t, struct ferr *),
    const char *rel, unsigned long line, const char *msg)
{
	struct ferr e = { .path = rel };
	size_t len;
	char *buf = tu_read(rel, &len);

	ck_assert_int_eq(parse(buf, len, &e), -1);
	ck_assert_uint_eq(e.line, line);
	ck_assert_str_eq(e.msg, msg);
	free(buf);
}

static int
zoneinfo(const char *buf, size_t len, struct ferr *e)
{
	struct zoneinfo zi;
	int rc = zoneinfo_parse(buf, len, &zi, e);

	if (rc == 0)
		zoneinfo_free(&zi);
	return rc;
}

/* lowmem_reserve[] has one entry per zone: 11 values overran protection[8]. */
START_TEST(test_zoneinfo_protection_count)
{
	expect_error(zoneinfo, "fuzz/zoneinfo/protection-11-values", 4,
	    "expected 'protection: (N, ...)' with 1 to 8 values");
}
END_TEST

/* Two zones whose present pages add up to 2^64 - 1: kcompactd's divisor would be 0. */
START_TEST(test_zoneinfo_present_sum)
{
	expect_error(zoneinfo, "fuzz/zoneinfo/present-sum-2e64-1", 5,
	    "present pages of node 0 add up to more than 64 bits");
}
END_TEST

/* A zone of buddyinfo text B and zoneinfo text Z, computed, as advise.c reads them. */
struct one_zone {
	struct buddyinfo	 bi;
	struct zoneinfo		 zi;
	struct frag		*f;
};

static void
one_zone(struct one_zone *oz, const char *b, const char *z)
{
	struct ferr e = { .path = "test" };

	ck_assert_int_eq(buddyinfo_parse(b, strlen(b), &oz->bi, &e), 0);
	ck_assert_int_eq(zoneinfo_parse(z, strlen(z), &oz->zi, &e), 0);
	oz->f = frag_compute_all(&oz->bi);
	ck_assert_ptr_nonnull(oz->f);
}

static void
one_zone_free(struct one_zone *oz)
{
	buddyinfo_free(&oz->bi);
	free(oz->f);
	zoneinfo_free(&oz->zi);
}

/*
 * 2^40 + 1 free pages: the kernel's extfrag_for_order() divides by the
 * 32-bit truncation 1 and returns unsigned int, 109951162777700 mod 2^32 =
 * 100; weighted 8192 * 100 / 8193 = 99. The 64-bit result was 10^14.
 */
START_TEST(test_kcompactd_unsigned_int)
{
	struct one_zone oz;
	struct kcompactd k;

	one_zone(&oz, "Node 0, zone Normal 1 0 0 0 0 0 0 0 4294967296 0 0\n",
	    "Node 0, zone Normal\n        present  8192\n");
	ck_assert_uint_eq(kcompactd_scores(&oz.bi, oz.f, &oz.zi, 9, 20, -1, &k, 1),
	    1);
	ck_assert_uint_eq(k.score, 99);
	ck_assert(k.proactive);
	one_zone_free(&oz);
}
END_TEST

/* A low watermark of 2^64 - 1 pages plus the compaction gap wrapped to "enough memory". */
START_TEST(test_advise_watermark_saturates)
{
	struct advise_in in;
	struct one_zone oz;
	struct zadvice a;

	one_zone(&oz, "Node 0, zone Normal 1 1 1 1 1 1 1 1 1 1 1\n",
	    "Node 0, zone Normal\n        min      18446744073709551615\n"
	    "        low      18446744073709551615\n");
	memset(&in, 0, sizeof(in));
	in.bi = &oz.bi;
	in.frag = oz.f;
	in.zi = &oz.zi;
	in.kver = -1;
	in.threshold = 500;
	ck_assert(advise_zone(&in, 0, 9, &a));
	ck_assert_uint_eq(a.need, UINT64_MAX);
	ck_assert_int_eq(a.verdict, VERDICT_RECLAIM);
	ck_assert_int_eq(a.reason, R_LOW_ORDER0);
	one_zone_free(&oz);
}
END_TEST

/* Shares of counts near 2^64 (pageblocks of 18446744073709551615) stay within 100%. */
START_TEST(test_hum_pct_large)
{
	char b[32];

	ck_assert_str_eq(hum_pct(b, sizeof(b), UINT64_MAX, UINT64_MAX),
	    "100.0%");
	/* (2^63 - 1) / (2^64 - 1) = 49.99999...%: rounded, 50.0%. */
	ck_assert_str_eq(hum_pct(b, sizeof(b), UINT64_MAX / 2, UINT64_MAX),
	    "50.0%");
	ck_assert_str_eq(hum_pct(b, sizeof(b), 7, UINT64_MAX), "0.0%");
	ck_assert_str_eq(hum_pct(b, sizeof(b), 1, 3), "33.3%");
}
END_TEST

static int
pagetypeinfo(const char *buf, size_t len, struct ferr *e)
{
	struct pagetypeinfo p;
	int rc = pagetypeinfo_parse(buf, len, &p, e);

	if (rc == 0)
		pagetypeinfo_free(&p);
	return rc;
}

/* Pageblock tables but no free lists: accepted with 0 orders, then "not from the same machine". */
START_TEST(test_pagetypeinfo_without_free_lists)
{
	expect_error(pagetypeinfo,
	    "fuzz/pagetypeinfo/blocks-without-free-lists", 5,
	    "no 'Free pages count per migrate type at order' table");
}
END_TEST

/* Write TEXT to DIR/REL, creating DIR/REL's folder. */
static void
put(const char *dir, const char *rel, const char *text)
{
	char path[512], *slash;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	if ((slash = strrchr(path, '/')) != NULL && slash > path + strlen(dir)) {
		*slash = '\0';
		ck_assert_int_eq(mkdir(path, 0700), 0);
		*slash = '/';
	}
	ck_assert_ptr_nonnull(fp = fopen(path, "w"));
	fputs(text, fp);
	ck_assert_int_eq(fclose(fp), 0);
}

/* A size's "inherit" is on while the top-level setting is: always or madvise. */
START_TEST(test_thp_inherit)
{
	static const struct {
		const char	*top, *size;
		bool		 on;
	} c[] = {
		{ "always", "inherit", true }, { "madvise", "inherit", true },
		{ "never", "inherit", false }, { "never", "always", true },
		{ "never", "madvise", true }, { "always", "never", false },
		{ "always", "", false },	/* no file: only shmem may use it */
	};
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		ck_assert_msg(thpsize_on(c[i].top, c[i].size) == c[i].on,
		    "top %s, size %s", c[i].top, c[i].size);
}
END_TEST

/*
 * THP size folders are "hugepages-NkB" with N digits only: sscanf()'s
 * "%llukB" also took "+128", " 256", "-1" (wrapped) and trailing junk.
 */
START_TEST(test_thp_folder_names)
{
	static const char *const names[] = { "hugepages-64kB",
	    "hugepages-+128kB", "hugepages- 256kB", "hugepages-512kBx",
	    "hugepages-kB", "hugepages-1024" };
	char root[] = "/tmp/fragstat-thp.XXXXXX", dir[512], rel[64],
	    path[600];
	struct ferr e = { .path = "thp" };
	struct thp t;
	size_t i;

	ck_assert_ptr_nonnull(mkdtemp(root));
	snprintf(dir, sizeof(dir), "%s/sys/kernel/mm", root);
	snprintf(path, sizeof(path), "%s/sys", root);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/sys/kernel", root);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	snprintf(dir, sizeof(dir), "%s/" THP_DIR, root);
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	put(dir, "enabled", "always [madvise] never\n");
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(rel, sizeof(rel), "%s/enabled", names[i]);
		put(dir, rel, "[always] inherit madvise never\n");
	}
	ck_assert_int_eq(thp_read(root, 4096, 9, true, &thp_rules, &t, &e),
	    1);
	ck_assert_uint_eq(t.n, 1);
	ck_assert_int_eq(t.sizes[0].order, 4);
	ck_assert(t.sizes[0].on);
	ck_assert(!t.sizes[0].have_stats);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s/enabled", dir, names[i]);
		unlink(path);
		*strrchr(path, '/') = '\0';
		rmdir(path);
	}
	snprintf(path, sizeof(path), "%s/enabled", dir);
	unlink(path);
	/* The directories up to the root, innermost first. */
	while (strcmp(dir, root) != 0) {
		ck_assert_int_eq(rmdir(dir), 0);
		*strrchr(dir, '/') = '\0';
	}
	ck_assert_int_eq(rmdir(root), 0);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("fuzz");
	TCase *tc = tcase_create("jsonv");

	tcase_add_loop_test(tc, test_jsonv_good, 0,
	    (int)(sizeof(json_good) / sizeof(json_good[0])));
	tcase_add_loop_test(tc, test_jsonv_bad, 0,
	    (int)(sizeof(json_bad) / sizeof(json_bad[0])));
	tcase_add_test(tc, test_jsonv_scalars);
	tcase_add_test(tc, test_jsonv_documents);
	suite_add_tcase(s, tc);
	tc = tcase_create("findings");
	tcase_add_loop_test(tc, test_findings, 0, (int)NHARNESS);
	suite_add_tcase(s, tc);
	tc = tcase_create("corpus");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_corpus);
	tcase_add_test(tc, test_corpus_cut);
	suite_add_tcase(s, tc);
	tc = tcase_create("regressions");
	tcase_add_test(tc, test_zoneinfo_protection_count);
	tcase_add_test(tc, test_zoneinfo_present_sum);
	tcase_add_test(tc, test_kcompactd_unsigned_int);
	tcase_add_test(tc, test_advise_watermark_saturates);
	tcase_add_test(tc, test_hum_pct_large);
	tcase_add_test(tc, test_pagetypeinfo_without_free_lists);
	tcase_add_test(tc, test_thp_folder_names);
	tcase_add_test(tc, test_thp_inherit);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
