/* SPDX-License-Identifier: GPL-2.0-or-later */
/* humanize.h - sizes, percentages and indices as people read them */
#ifndef FRAGSTAT_HUMANIZE_H
#define FRAGSTAT_HUMANIZE_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

/* Returns BUF holding PAGES pages of PAGE_SIZE bytes as "4 KiB" or "1.19 GiB" (truncated). */
const char	*hum_size(char *buf, size_t size, uint64_t pages,
		    unsigned long page_size);

/* Returns BUF holding one block of ORDER (2^ORDER pages) as hum_size() does. */
const char	*hum_order(char *buf, size_t size, unsigned int order,
		    unsigned long page_size);

/*
 * Returns BUF holding one block of ORDER as a short label: the bytes in
 * the largest unit that divides them, "2M", "64K", "1G" ("512B" below 1K).
 */
const char	*hum_order_label(char *buf, size_t size, unsigned int order,
		    unsigned long page_size);

/* Returns BUF holding PART / WHOLE (PART <= WHOLE) as "12.3%", rounded half up. */
const char	*hum_pct(char *buf, size_t size, uint64_t part, uint64_t whole);

/* Room for a 64-bit integer in decimal: a sign, 20 digits and the NUL. */
#define HUM_INT_LEN	22

/*
 * The one integer formatter: writes V in decimal at the end of BUF
 * (HUM_INT_LEN bytes) and returns where it starts. Without printf: a JSON
 * document is mostly numbers, and its format parsing per number was a
 * fifth of --json's time at 1024 nodes (bench/results.md).
 */
const char	*hum_u64(char *buf, uint64_t v);
const char	*hum_int(char *buf, long long v);

/*
 * The one fixed-point formatter: returns BUF holding V / 10^DIGITS (DIGITS
 * at most 19) with exactly DIGITS decimals, the sign before the integer
 * part ("%s%llu.%0*llu" of the sign, |V| / 10^DIGITS and |V| % 10^DIGITS):
 * -500 with 3 digits is "-0.500", never the kernel's "0.-500".
 */
const char	*hum_fixed(char *buf, size_t size, long long v, int digits);

/*
 * Returns BUF holding counts of allocations: "NOW free now of at most AFTER
 * after compaction", "at most NOW free now ..." when NOW is only a BOUND:
 * the one wording of the two counts in every view.
 */
const char	*hum_counts(char *buf, size_t size, uint64_t now, bool bound,
		    uint64_t after);
/*
 * Returns BUF holding the count of allocations V, "<=V" when it is only a
 * BOUND (an upper one), as every view's column writes it.
 */
const char	*hum_bound(char *buf, size_t size, uint64_t v, bool bound);

/*
 * Returns BUF holding what happened to THP allocations of one size: "510
 * allocated, 16 fell back (3.0%), 0 for the memcg limit" (the last part
 * when the kernel counts it, HAVE_CHARGE).
 */
const char	*hum_outcome(char *buf, size_t size, uint64_t alloc,
		    uint64_t fallback, bool have_charge, uint64_t charge);
/*
 * Returns BUF holding the fragmentation index V as the human views spell
 * it: "succeeds" where V is SUCCEEDS, the value the kernel gives when the
 * allocation would (kernel/frag.h's FRAG_INDEX_SUCCEEDS), else as
 * hum_index().
 */
const char	*hum_fragindex(char *buf, size_t size, int v, int succeeds);

/* Returns BUF holding the thousandths V as "0.805" or "-0.500": hum_fixed(V, 3). */
const char	*hum_index(char *buf, size_t size, int v);

/* Returns BUF holding the hundredths V as "10.25%". */
const char	*hum_centi(char *buf, size_t size, uint32_t v);

/*
 * Returns BUF holding the measured value V in at most WIDTH columns: with
 * DIGITS decimals, fewer if need be, then in thousands, millions, ... with
 * two ("1.23M", the suffixes k M G T P E); past E as wide as it comes.
 */
const char	*hum_fit(char *buf, size_t size, double v, int digits,
		    int width);

/* Returns BUF holding the microseconds US as "850 us", "12.40 ms" or "3.05 s" (truncated). */
const char	*hum_us(char *buf, size_t size, uint64_t us);

/* Write the name of signal SIG into BUF (SIZE bytes): "SIGINT", or "signal 42" where the C library has none; returns BUF. */
const char *hum_signal(char *buf, size_t size, int sig);

#endif
