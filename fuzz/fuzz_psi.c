/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_psi.c - libFuzzer harness for psi_parse() */

#include "config.h"
#include <inttypes.h>
#include <string.h>

#include "fuzz.h"
#include "psi.h"

/* Write line L as psi_show() does ("%s avg10=%lu.%02lu ... total=%llu"). */
static void
print_line(FILE *fp, const char *name, const struct psi_line *l)
{
	if (!l->present)
		return;
	fprintf(fp, "%s avg10=%u.%02u avg60=%u.%02u avg300=%u.%02u "
	    "total=%" PRIu64 "\n", name, l->avg10 / 100, l->avg10 % 100,
	    l->avg60 / 100, l->avg60 % 100, l->avg300 / 100, l->avg300 % 100,
	    l->total_us);
}

/* Check one parsed line. */
static void
check_line(const struct psi_line *l, const char *name)
{
	if (!l->present) {
		FUZZ_ASSERT(l->avg10 == 0 && l->avg60 == 0 && l->avg300 == 0 &&
		    l->total_us == 0, "absent %s line with values", name);
		return;
	}
	FUZZ_ASSERT(l->avg10 <= 10000 && l->avg60 <= 10000 &&
	    l->avg300 <= 10000, "%s average above 100.00%%", name);
}

/* Returns whether A and B hold the same line. */
static bool
same(const struct psi_line *a, const struct psi_line *b)
{
	return a->present == b->present && a->avg10 == b->avg10 &&
	    a->avg60 == b->avg60 && a->avg300 == b->avg300 &&
	    a->total_us == b->total_us;
}

void
fuzz_psi(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct ferr e = { .path = "fuzz" };
	struct fuzz_mem m;
	struct psi p, again;

	if (psi_parse(s, size, &p, &e) != 0) {
		fuzz_check_error(&e, s, size, "pressure");
		return;
	}
	FUZZ_ASSERT(p.some.present, "accepted without a 'some' line");
	/* psi_show() ends every line: one without its newline was cut. */
	FUZZ_ASSERT(size > 0 && s[size - 1] == '\n', "accepted a file whose "
	    "last line ends without a newline");
	check_line(&p.some, "some");
	check_line(&p.full, "full");

	fuzz_mem_open(&m);
	print_line(m.fp, "some", &p.some);
	print_line(m.fp, "full", &p.full);
	fuzz_mem_close(&m);
	if (psi_parse(m.buf, m.len, &again, &e) != 0)
		fuzz_fail("reprinted pressure rejected at line %lu: %s", e.line,
		    e.msg);
	FUZZ_ASSERT(same(&again.some, &p.some) && same(&again.full, &p.full),
	    "reprinted pressure reads back differently");
	fuzz_mem_free(&m);
}

#ifndef FUZZ_REPLAY
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_psi(data, size);
	return 0;
}
#endif
