/* SPDX-License-Identifier: GPL-2.0-or-later */
/* humanize.c - sizes, percentages and indices as people read them, in integers; measured values to fit a column */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "humanize.h"

const char *
hum_size(char *buf, size_t size, uint64_t pages, unsigned long page_size)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB",
	    "PiB", "EiB" };
	uint64_t v, rem = 0;
	int u = 0;

	if (pages != 0 && page_size > UINT64_MAX / pages) {
		snprintf(buf, size, "%" PRIu64 " pages", pages);
		return buf;
	}
	v = pages * page_size;
	while (v >= 1024 && u < 6) {
		rem = v % 1024;
		v /= 1024;
		u++;
	}
	/* Whole units print bare; otherwise two truncated decimals. */
	if (rem != 0)
		snprintf(buf, size, "%" PRIu64 ".%02" PRIu64 " %s", v,
		    rem * 100 / 1024, unit[u]);
	else
		snprintf(buf, size, "%" PRIu64 " %s", v, unit[u]);
	return buf;
}

const char *
hum_order(char *buf, size_t size, unsigned int order, unsigned long page_size)
{
	return hum_size(buf, size, 1ULL << order, page_size);
}

const char *
hum_order_label(char *buf, size_t size, unsigned int order,
    unsigned long page_size)
{
	uint64_t b = (uint64_t)page_size << order;
	const char *units = "KMGTP";
	int u = -1;

	while (u < 4 && b % 1024 == 0) {
		b /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, size, "%" PRIu64 "B", b);
	else
		snprintf(buf, size, "%" PRIu64 "%c", b, units[u]);
	return buf;
}

const char *
hum_pct(char *buf, size_t size, uint64_t part, uint64_t whole)
{
	uint64_t permille;

	/* Keep part * 1000 + whole / 2 in 64 bits; the bits shifted out never show in 0.1%. */
	while (whole > UINT64_MAX / 1001) {
		part >>= 1;
		whole >>= 1;
	}
	/* Rounded to the nearest 0.1%, half up: 1 of 6 is 16.7%, not 16.6%. */
	permille = whole ? (part * 1000 + whole / 2) / whole : 0;
	snprintf(buf, size, "%" PRIu64 ".%" PRIu64 "%%", permille / 10,
	    permille % 10);
	return buf;
}

const char *
hum_counts(char *buf, size_t size, uint64_t now, bool bound, uint64_t after)
{
	/* "Of at most": the ceiling is after compaction, never "free now". */
	snprintf(buf, size, "%s%" PRIu64 " free now of at most %" PRIu64
	    " after compaction", bound ? "at most " : "", now, after);
	return buf;
}

const char *
hum_bound(char *buf, size_t size, uint64_t v, bool bound)
{
	snprintf(buf, size, "%s%" PRIu64, bound ? "<=" : "", v);
	return buf;
}

const char *
hum_outcome(char *buf, size_t size, uint64_t alloc, uint64_t fallback,
    bool have_charge, uint64_t charge)
{
	char p[32], pct[40] = "";
	int n;

	if (fallback > 0)
		snprintf(pct, sizeof(pct), " (%s)", hum_pct(p, sizeof(p),
		    fallback, alloc + fallback));
	n = snprintf(buf, size, "%" PRIu64 " allocated, %" PRIu64 " fell "
	    "back%s", alloc, fallback, pct);
	if (have_charge && n > 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, ", %" PRIu64 " for the "
		    "memcg limit", charge);
	return buf;
}

const char *
hum_fragindex(char *buf, size_t size, int v, int succeeds)
{
	if (v == succeeds) {
		snprintf(buf, size, "succeeds");
		return buf;
	}
	return hum_index(buf, size, v);
}

const char *
hum_u64(char *buf, uint64_t v)
{
	char *p = &buf[HUM_INT_LEN - 1];

	*p = '\0';
	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	return p;
}

const char *
hum_int(char *buf, long long v)
{
	char *p;

	if (v >= 0)
		return hum_u64(buf, (uint64_t)v);
	/* Through unsigned: -LLONG_MIN does not fit a long long. */
	p = (char *)hum_u64(buf, 0ULL - (unsigned long long)v);
	*--p = '-';
	return p;
}

const char *
hum_fixed(char *buf, size_t size, long long v, int digits)
{
	/* Through unsigned: -LLONG_MIN does not fit a long long. */
	unsigned long long a = v < 0 ? 0ULL - (unsigned long long)v :
	    (unsigned long long)v, scale = 1;
	char ib[HUM_INT_LEN], fb[HUM_INT_LEN], out[48];
	const char *ip, *fp;
	size_t n = 0, k;
	int i;

	for (i = 0; i < digits; i++)
		scale *= 10;
	ip = hum_u64(ib, a / scale);
	fp = hum_u64(fb, a % scale);
	if (v < 0)
		out[n++] = '-';
	k = strlen(ip);
	memcpy(out + n, ip, k);
	n += k;
	out[n++] = '.';
	/* Zeros to DIGITS places, as printf's "%0*llu". */
	for (k = strlen(fp); (int)k < digits && k < 19; k++)
		out[n++] = '0';
	k = strlen(fp);
	memcpy(out + n, fp, k);
	n += k;
	/* Cut to SIZE as snprintf() would. */
	if (size == 0)
		return buf;
	n = n < size - 1 ? n : size - 1;
	memcpy(buf, out, n);
	buf[n] = '\0';
	return buf;
}

const char *
hum_index(char *buf, size_t size, int v)
{
	return hum_fixed(buf, size, v, 3);
}

const char *
hum_centi(char *buf, size_t size, uint32_t v)
{
	snprintf(buf, size, "%" PRIu32 ".%02" PRIu32 "%%", v / 100, v % 100);
	return buf;
}

const char *
hum_fit(char *buf, size_t size, double v, int digits, int width)
{
	static const char suffix[] = "kMGTPE";
	size_t i;
	int d;

	/* No locale is ever set: the decimal point is '.'. */
	for (d = digits; d >= 0; d--)
		if (snprintf(buf, size, "%.*f", d, v) <= width)
			return buf;
	/* A count past WIDTH digits: thousands, millions, ... */
	for (i = 0; i < sizeof(suffix) - 1; i++) {
		v /= 1000;
		if (snprintf(buf, size, "%.2f%c", v, suffix[i]) <= width)
			return buf;
	}
	return buf;
}

const char *
hum_us(char *buf, size_t size, uint64_t us)
{
	/* Three significant digits or so, truncated: 850 us, 12.40 ms, 3.05 s. */
	if (us < 1000)
		snprintf(buf, size, "%" PRIu64 " us", us);
	else if (us < 1000000)
		snprintf(buf, size, "%" PRIu64 ".%02" PRIu64 " ms", us / 1000,
		    us % 1000 / 10);
	else
		snprintf(buf, size, "%" PRIu64 ".%02" PRIu64 " s", us / 1000000,
		    us % 1000000 / 10000);
	return buf;
}

const char *
hum_signal(char *buf, size_t size, int sig)
{
#ifdef HAVE_SIGABBREV_NP
	const char *abbrev = sigabbrev_np(sig);

	if (abbrev != NULL) {
		snprintf(buf, size, "SIG%s", abbrev);
		return buf;
	}
#endif
	snprintf(buf, size, "signal %d", sig);
	return buf;
}
