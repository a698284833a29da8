/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_iomem.c - libFuzzer harness for iomem_parse() */

#include "config.h"
#include <inttypes.h>
#include <string.h>

#include "fuzz.h"
#include "iomem.h"

/* The page sizes the harness reads with, by the input's first byte. */
static const unsigned long page_sizes[] = { 4096, 16384, 65536, 512 };

void
fuzz_iomem(const uint8_t *data, size_t size)
{
	unsigned long ps = page_sizes[size ? data[0] % 4 : 0];
	const char *s = (const char *)data;
	struct ferr e = { .path = "fuzz" };
	struct iomem io, again;
	struct fuzz_mem m;
	size_t i;

	if (iomem_parse(s, size, ps, &io, &e) != 0) {
		FUZZ_ASSERT(io.ram == NULL && io.nram == 0,
		    "a failed parse left ranges behind");
		fuzz_check_error(&e, s, size, "iomem");
		return;
	}
	FUZZ_ASSERT(io.nram >= 1, "no System RAM accepted");
	for (i = 0; i < io.nram; i++) {
		FUZZ_ASSERT(io.ram[i].start < io.ram[i].end, "range %zu is "
		    "empty or reversed", i);
		FUZZ_ASSERT(i == 0 || io.ram[i].start >= io.ram[i - 1].end,
		    "range %zu overlaps or precedes the one before", i);
	}

	/* Whole pages printed as the kernel prints them read back the same. */
	fuzz_mem_open(&m);
	for (i = 0; i < io.nram; i++)
		fprintf(m.fp, "%08" PRIx64 "-%08" PRIx64 " : System RAM\n",
		    io.ram[i].start * ps, io.ram[i].end * ps - 1);
	fuzz_mem_close(&m);
	if (iomem_parse(m.buf, m.len, ps, &again, &e) != 0)
		fuzz_fail("reprinted iomem rejected at line %lu: %s", e.line,
		    e.msg);
	FUZZ_ASSERT(again.nram == io.nram && memcmp(again.ram, io.ram,
	    io.nram * sizeof(*io.ram)) == 0, "reprinted iomem reads back "
	    "differently");
	iomem_free(&again);
	fuzz_mem_free(&m);
	iomem_free(&io);
}

#ifndef FUZZ_REPLAY
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_iomem(data, size);
	return 0;
}
#endif
