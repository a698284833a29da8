/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz.h - what the libFuzzer harnesses share, and their entry points for the replay test */
#ifndef FRAGSTAT_FUZZ_H
#define FRAGSTAT_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ferr.h"
#include "frag.h"

/*
 * One function per harness: run DATA (SIZE bytes) through the code under
 * test and abort() with a message on stderr when a property does not hold.
 * fuzz_X.c defines LLVMFuzzerTestOneInput() as a call to fuzz_X() unless
 * FUZZ_REPLAY is defined (tests/check_fuzz.c replays the findings).
 */
void	fuzz_buddyinfo(const uint8_t *data, size_t size);
void	fuzz_pagetypeinfo(const uint8_t *data, size_t size);
void	fuzz_psi(const uint8_t *data, size_t size);
void	fuzz_vmstat(const uint8_t *data, size_t size);
void	fuzz_meminfo(const uint8_t *data, size_t size);
void	fuzz_zoneinfo(const uint8_t *data, size_t size);
void	fuzz_iomem(const uint8_t *data, size_t size);
void	fuzz_mapfile(const uint8_t *data, size_t size);
void	fuzz_pipeline(const uint8_t *data, size_t size);
void	fuzz_plugini(const uint8_t *data, size_t size);

/* Print "fuzz: property failed: MESSAGE" and abort(). */
void	fuzz_fail(const char *fmt, ...)
	    __attribute__((noreturn, format(printf, 1, 2)));

#define FUZZ_ASSERT(cond, ...)	do {					\
	if (!(cond))							\
		fuzz_fail(__VA_ARGS__);					\
} while (0)

/* A memory stream and the buffer it fills. */
struct fuzz_mem {
	FILE	*fp;
	char	*buf;
	size_t	 len;
};

/* Open M; fclose() it with fuzz_mem_close() before reading m->buf. */
void	fuzz_mem_open(struct fuzz_mem *m);
void	fuzz_mem_close(struct fuzz_mem *m);
void	fuzz_mem_free(struct fuzz_mem *m);

/* Returns how many lines lines_next() finds in the N bytes at S. */
unsigned long fuzz_lines(const char *s, size_t n);

/*
 * Check the refusal E of WHAT's parser for the N bytes at S against the
 * oracle's: line BAD (0: it must accept), its message starting with WHY.
 */
void	fuzz_check_refused(const struct ferr *e, const char *s, size_t n,
	    const char *what, unsigned long bad, const char *why);

/*
 * Returns the start of the message lines_next() gives the line from P to
 * NL, or NULL when it takes it: a NUL byte is named before a carriage
 * return on the same line.
 */
const char *fuzz_line_refused(const char *p, const char *nl);

/* Returns whether C separates fields in fragstat's parsers: a space or a tab. */
bool	fuzz_is_blank(char c);

/* Returns whether the N bytes at S are digits that spell at most 2^64 - 1, in *V. */
bool	fuzz_is_u64(const char *s, size_t n, uint64_t *v);

/*
 * Check the error record E that a parser of WHAT returned for the N bytes
 * at S: a line inside the input and a non-empty, printable message.
 */
void	fuzz_check_error(const struct ferr *e, const char *s, size_t n,
	    const char *what);

/* Check that NAME is what tok_is_name() accepts: 1 to 31 printable ASCII bytes, no space. */
void	fuzz_check_name(const char *name, const char *what);

/*
 * Check F, computed by frag_compute() from N[0..NORDERS), against an
 * independent recomputation and against the ranges the kernel's arithmetic
 * allows (kernel-facts.md sections 2, 3 and 12).
 */
void	fuzz_check_frag(const uint64_t *n, unsigned norders,
	    const struct frag *f);

#endif
