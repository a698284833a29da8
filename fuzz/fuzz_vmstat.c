/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_vmstat.c - libFuzzer harness for vmstat_parse() */

#include "config.h"
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "vmstat.h"

#define ALL_COUNTERS	((1u << VM_NCOUNTERS) - 1)

/*
 * The lines of a 6.18 /proc/vmstat around the counters fragstat follows,
 * in vmstat_text[] order: the zone item nr_free_pages, then the events.
 * A NULL name is counter C; a name is one fragstat does not follow.
 */
static const struct kline {
	const char		*other;
	enum vm_counter		 c;
} kernel_lines[] = {
	{ NULL, VM_NR_FREE_PAGES }, { NULL, VM_NR_FREE_PAGES_BLOCKS },
	{ NULL, VM_NR_BALLOON_PAGES },
	{ NULL, VM_NR_MEMMAP_PAGES }, { NULL, VM_NR_MEMMAP_BOOT_PAGES },
	{ NULL, VM_ALLOCSTALL_DMA }, { NULL, VM_ALLOCSTALL_DMA32 },
	{ NULL, VM_ALLOCSTALL_NORMAL }, { NULL, VM_ALLOCSTALL_MOVABLE },
	{ NULL, VM_ALLOCSTALL_DEVICE },
	{ NULL, VM_PGMIGRATE_SUCCESS }, { NULL, VM_PGMIGRATE_FAIL },
	{ "thp_migration_success", 0 },
	{ NULL, VM_COMPACT_MIGRATE_SCANNED }, { NULL, VM_COMPACT_FREE_SCANNED },
	{ NULL, VM_COMPACT_ISOLATED }, { NULL, VM_COMPACT_STALL },
	{ NULL, VM_COMPACT_FAIL }, { NULL, VM_COMPACT_SUCCESS },
	{ NULL, VM_COMPACT_DAEMON_WAKE },
	{ NULL, VM_COMPACT_DAEMON_MIGRATE_SCANNED },
	{ NULL, VM_COMPACT_DAEMON_FREE_SCANNED },
	{ NULL, VM_THP_FAULT_ALLOC }, { NULL, VM_THP_FAULT_FALLBACK },
	{ NULL, VM_THP_FAULT_FALLBACK_CHARGE },
	{ NULL, VM_THP_COLLAPSE_ALLOC }, { NULL, VM_THP_COLLAPSE_ALLOC_FAILED },
	{ NULL, VM_THP_FILE_ALLOC }, { NULL, VM_THP_FILE_FALLBACK },
	{ "thp_file_fallback_charge", 0 }, { "thp_file_mapped", 0 },
	{ NULL, VM_THP_SPLIT_PAGE }, { NULL, VM_THP_SPLIT_PAGE_FAILED },
	{ "thp_deferred_split_page", 0 },
};

/*
 * What vmstat_parse() must make of the N bytes at S, worked out apart from
 * it: returns 0 with the followed counters in V and HAVE when it must
 * accept, else the number of the first line it must refuse, with the
 * start of its message in WHY. vmstat_show() prints "name value\n" per
 * counter (seq_puts, seq_put_decimal_ull): fragstat refuses a file whose
 * last line ends without its newline first, at that line, whatever the
 * lines before it hold (the cut-file rule: a counter cut short reads
 * smaller); then any line that is not that (blank lines aside), skips
 * names it does not follow (every release adds some), takes them in any
 * order, and refuses a followed counter twice (the kernel prints each
 * once: two files run together).
 */
static unsigned long
expect(const char *s, size_t n, uint64_t *v, uint32_t *have, const char **why)
{
	const char *p = s, *end = s + n, *nl, *name, *num, *q;
	size_t nname, nnum, i;
	unsigned long no = 0;
	uint64_t x;
	unsigned c;

	memset(v, 0, VM_NCOUNTERS * sizeof(*v));
	*have = 0;
	if (n == 0) {
		*why = "empty: no counters";
		return 1;
	}
	if (s[n - 1] != '\n') {
		*why = "the last line ends without a newline: the file is cut "
		    "short";
		return fuzz_lines(s, n);
	}
	while (p < end) {
		no++;
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if ((*why = fuzz_line_refused(p, nl)) != NULL)
			return no;
		for (q = p; q < nl && fuzz_is_blank(*q); q++)
			;
		for (name = q; q < nl && !fuzz_is_blank(*q); q++)
			;
		nname = (size_t)(q - name);
		for (; q < nl && fuzz_is_blank(*q); q++)
			;
		for (num = q; q < nl && !fuzz_is_blank(*q); q++)
			;
		nnum = (size_t)(q - num);
		for (; q < nl && fuzz_is_blank(*q); q++)
			;
		p = nl + (nl < end);
		if (nname == 0)
			continue;
		*why = "expected 'counter_name value', found '";
		if (nnum == 0 || q != nl || nname >= 64)
			return no;
		for (i = 0; i < nname; i++)
			if (!((name[i] >= 'a' && name[i] <= 'z') ||
			    (name[i] >= '0' && name[i] <= '9') || name[i] == '_'))
				return no;
		*why = "counter value '";
		if (!fuzz_is_u64(num, nnum, &x))
			return no;
		for (c = 0; c < VM_NCOUNTERS; c++)
			if (strlen(vmstat_name(c)) == nname &&
			    memcmp(vmstat_name(c), name, nname) == 0)
				break;
		if (c == VM_NCOUNTERS)
			continue;
		*why = "second '";
		if (*have & (1u << c))
			return no;
		*have |= 1u << c;
		v[c] = x;
	}
	return 0;
}

/* Write V the way vmstat_show() does, among counters fragstat does not follow. */
static void
print(FILE *fp, const struct vmstat *v)
{
	size_t i;

	for (i = 0; i < sizeof(kernel_lines) / sizeof(kernel_lines[0]); i++) {
		const struct kline *k = &kernel_lines[i];

		if (k->other != NULL)
			fprintf(fp, "%s %" PRIu64 "\n", k->other, UINT64_MAX);
		else if (v->have & (1u << k->c))
			fprintf(fp, "%s %" PRIu64 "\n", vmstat_name(k->c),
			    v->v[k->c]);
	}
}

/* Returns whether A and B hold the same counters. */
static bool
same(const struct vmstat *a, const struct vmstat *b)
{
	return a->have == b->have &&
	    memcmp(a->v, b->v, sizeof(a->v)) == 0;
}

void
fuzz_vmstat(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *why = "";
	struct ferr e = { .path = "fuzz" };
	struct vmstat v, again;
	uint64_t want[VM_NCOUNTERS];
	uint32_t have;
	unsigned long bad;
	struct fuzz_mem m;
	unsigned c;

	bad = expect(s, size, want, &have, &why);
	if (vmstat_parse(s, size, &v, &e) != 0) {
		fuzz_check_refused(&e, s, size, "vmstat", bad, why);
		return;
	}
	FUZZ_ASSERT(bad == 0, "vmstat accepted; want line %lu refused (%s...)",
	    bad, why);
	FUZZ_ASSERT((v.have & ~ALL_COUNTERS) == 0, "have bits 0x%" PRIx32
	    " beyond the %d counters", v.have, VM_NCOUNTERS);
	for (c = 0; c < VM_NCOUNTERS; c++)
		FUZZ_ASSERT((v.have & (1u << c)) || v.v[c] == 0,
		    "absent %s with value %" PRIu64, vmstat_name(c), v.v[c]);
	/* A blank file, or a 2.6.16 one without these counters, has none. */
	FUZZ_ASSERT(v.have == have, "have bits 0x%" PRIx32 ", want 0x%" PRIx32,
	    v.have, have);
	for (c = 0; c < VM_NCOUNTERS; c++)
		FUZZ_ASSERT(v.v[c] == want[c], "%s %" PRIu64 ", want %" PRIu64,
		    vmstat_name(c), v.v[c], want[c]);

	/* What fragstat accepted, printed as the kernel would, reads back the same. */
	fuzz_mem_open(&m);
	print(m.fp, &v);
	fuzz_mem_close(&m);
	if (vmstat_parse(m.buf, m.len, &again, &e) != 0)
		fuzz_fail("reprinted vmstat rejected at line %lu: %s", e.line,
		    e.msg);
	FUZZ_ASSERT(same(&again, &v), "reprinted vmstat reads back "
	    "differently");
	fuzz_mem_free(&m);
}

#ifndef FUZZ_REPLAY
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_vmstat(data, size);
	return 0;
}
#endif
