/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_meminfo.c - libFuzzer harness for meminfo_parse() */

#include "config.h"
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "meminfo.h"

/* The fields meminfo_parse() keeps, with their MI_* bits, in print order. */
static const struct field {
	const char	*name;
	unsigned	 bit;
} fields[] = {
	{ "MemTotal", MI_TOTAL }, { "MemFree", MI_FREE },
	{ "VmallocUsed", MI_VMALLOC }, { "Percpu", MI_PERCPU },
	{ "HardwareCorrupted", MI_CORRUPTED },
	{ "CmaTotal", MI_CMA_TOTAL }, { "CmaFree", MI_CMA_FREE },
	{ "Unaccepted", MI_UNACCEPTED }, { "Balloon", MI_BALLOON },
	{ "Hugetlb", MI_HUGETLB },
};

#define NFIELDS	(sizeof(fields) / sizeof(fields[0]))

/* Returns M's value of field F. */
static uint64_t
value_of(const struct meminfo *m, size_t f)
{
	switch (fields[f].bit) {
	case MI_TOTAL:
		return m->total_kb;
	case MI_FREE:
		return m->free_kb;
	case MI_UNACCEPTED:
		return m->unaccepted_kb;
	case MI_VMALLOC:
		return m->vmalloc_kb;
	case MI_PERCPU:
		return m->percpu_kb;
	case MI_CORRUPTED:
		return m->corrupted_kb;
	case MI_CMA_TOTAL:
		return m->cma_total_kb;
	case MI_CMA_FREE:
		return m->cma_free_kb;
	case MI_HUGETLB:
		return m->hugetlb_kb;
	default:
		return m->balloon_kb;
	}
}

/* Returns whether C may be in a meminfo name ("Active(anon)", "HugePages_Total"). */
static bool
is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '(' || c == ')';
}

/*
 * What meminfo_parse() must make of the N bytes at S, worked out apart
 * from it: returns 0 with the fields in V (by fields[]) and HAVE when it
 * must accept, else the line it must refuse, with the start of its
 * message in WHY. meminfo_proc_show() prints "Name:   value kB" (the
 * HugePages_ counts without the unit); fragstat refuses any other line
 * (blank ones aside), skips the names it does not keep, and refuses a
 * kept one twice, without kB, or beyond 64 bits of bytes.
 */
static unsigned long
expect(const char *s, size_t n, uint64_t *v, unsigned *have, const char **why)
{
	const char *p = s, *end = s + n, *nl, *t[4], *q;
	size_t tn[4], nt, f, i;
	unsigned long no = 0;
	uint64_t x;

	memset(v, 0, NFIELDS * sizeof(*v));
	*have = 0;
	while (p < end) {
		no++;
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if ((*why = fuzz_line_refused(p, nl)) != NULL)
			return no;
		for (nt = 0, q = p; nt < 4; nt++) {
			for (; q < nl && fuzz_is_blank(*q); q++)
				;
			if (q == nl)
				break;
			for (t[nt] = q; q < nl && !fuzz_is_blank(*q); q++)
				;
			tn[nt] = (size_t)(q - t[nt]);
		}
		p = nl + (nl < end);
		if (nt == 0)
			continue;
		*why = "expected 'Name: value kB', found '";
		if (nt < 2 || nt > 3 || tn[0] < 2 || tn[0] > 64 ||
		    t[0][tn[0] - 1] != ':' || (nt == 3 && (tn[2] != 2 ||
		    memcmp(t[2], "kB", 2) != 0)))
			return no;
		for (i = 0; i + 1 < tn[0]; i++)
			if (!is_name_char(t[0][i]))
				return no;
		*why = "value '";
		if (!fuzz_is_u64(t[1], tn[1], &x))
			return no;
		for (f = 0; f < NFIELDS; f++)
			if (strlen(fields[f].name) == tn[0] - 1 &&
			    memcmp(fields[f].name, t[0], tn[0] - 1) == 0)
				break;
		if (f == NFIELDS)
			continue;
		*why = "'";
		if (nt != 3)
			return no;
		*why = "second '";
		if (*have & fields[f].bit)
			return no;
		*why = "'";
		if (x > UINT64_MAX / 1024)
			return no;
		*have |= fields[f].bit;
		v[f] = x;
	}
	*why = no == 0 ? "empty: no MemTotal line" : "no MemTotal line";
	return *have & MI_TOTAL ? 0 : no ? no : 1;
}

void
fuzz_meminfo(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *why;
	struct ferr e = { .path = "fuzz" };
	struct meminfo m, again;
	uint64_t want[NFIELDS];
	unsigned long bad;
	struct fuzz_mem fm;
	unsigned have;
	size_t f;

	bad = expect(s, size, want, &have, &why);
	if (meminfo_parse(s, size, &m, &e) != 0) {
		fuzz_check_refused(&e, s, size, "meminfo", bad, why);
		return;
	}
	FUZZ_ASSERT(bad == 0, "meminfo accepted; want line %lu refused (%s...)",
	    bad, why);
	FUZZ_ASSERT(m.have == have, "have bits 0x%x, want 0x%x", m.have, have);
	for (f = 0; f < NFIELDS; f++)
		FUZZ_ASSERT(value_of(&m, f) == want[f], "%s %" PRIu64 ", want %"
		    PRIu64, fields[f].name, value_of(&m, f), want[f]);

	/* What fragstat accepted, printed as the kernel would, reads back the same. */
	fuzz_mem_open(&fm);
	for (f = 0; f < NFIELDS; f++)
		if (m.have & fields[f].bit)
			fprintf(fm.fp, "%s:  %8" PRIu64 " kB\nHugePages_Rsvd: "
			    "0\n", fields[f].name, value_of(&m, f));
	fuzz_mem_close(&fm);
	if (meminfo_parse(fm.buf, fm.len, &again, &e) != 0)
		fuzz_fail("reprinted meminfo rejected at line %lu: %s", e.line,
		    e.msg);
	FUZZ_ASSERT(again.have == m.have, "reprinted meminfo reads back "
	    "other fields");
	for (f = 0; f < NFIELDS; f++)
		FUZZ_ASSERT(value_of(&again, f) == value_of(&m, f), "reprinted "
		    "%s reads back differently", fields[f].name);
	fuzz_mem_free(&fm);
}

#ifndef FUZZ_REPLAY
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_meminfo(data, size);
	return 0;
}
#endif
