/* SPDX-License-Identifier: GPL-2.0-or-later */
/* humanize.c - sizes, percentages and indices as people read them, in integers */
#include "config.h"

#include <string.h>

#include "humanize.h"
#include "outbuf.h"

/* Longer than anything below writes (26 bytes: "18446744073709551615 pages"). */
#define HUM_MAX	64

/* Copy the N bytes at T into BUF of SIZE, cut and terminated as snprintf() would; returns BUF. */
static const char *
finish(char *buf, size_t size, const char *t, size_t n)
{
	if (size == 0)
		return buf;
	if (n >= size)
		n = size - 1;
	memcpy(buf, t, n);
	buf[n] = '\0';
	return buf;
}

/* Write the last N decimal digits of V, zero-padded, at T; returns N. */
static size_t
digits(char *t, uint64_t v, size_t n)
{
	size_t i;

	for (i = n; i-- > 0; v /= 10)
		t[i] = (char)('0' + v % 10);
	return n;
}

const char *
hum_size(char *buf, size_t size, uint64_t pages, unsigned long page_size)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB",
	    "PiB", "EiB" };
	char t[HUM_MAX];
	uint64_t v, rem = 0;
	size_t n;
	int u = 0;

	if (pages != 0 && page_size > UINT64_MAX / pages) {
		n = ob_utoa(t, pages);
		/* Counted bytes; finish() terminates. */
		memcpy(t + n, " pages", 6);	/* NOLINT(bugprone-not-null-terminated-result) */
		return finish(buf, size, t, n + 6);
	}
	v = pages * page_size;
	while (v >= 1024 && u < 6) {
		rem = v % 1024;
		v /= 1024;
		u++;
	}
	n = ob_utoa(t, v);
	/* Whole units print bare; otherwise two truncated decimals. */
	if (rem != 0) {
		t[n++] = '.';
		n += digits(t + n, rem * 100 / 1024, 2);
	}
	t[n++] = ' ';
	memcpy(t + n, unit[u], strlen(unit[u]));	/* NOLINT(bugprone-not-null-terminated-result) */
	return finish(buf, size, t, n + strlen(unit[u]));
}

const char *
hum_pct(char *buf, size_t size, uint64_t part, uint64_t whole)
{
	uint64_t permille;
	char t[HUM_MAX];
	size_t n;

	/* Keep part * 1000 in 64 bits; the bits shifted out never show in 0.1%. */
	while (whole > UINT64_MAX / 1000) {
		part >>= 1;
		whole >>= 1;
	}
	permille = whole ? part * 1000 / whole : 0;

	n = ob_utoa(t, permille / 10);
	t[n++] = '.';
	n += digits(t + n, permille % 10, 1);
	t[n++] = '%';
	return finish(buf, size, t, n);
}

const char *
hum_index(char *buf, size_t size, int v)
{
	long long a = v < 0 ? -(long long)v : v;
	char t[HUM_MAX];
	size_t n = 0;

	if (v < 0)
		t[n++] = '-';
	n += ob_utoa(t + n, (uint64_t)(a / 1000));
	t[n++] = '.';
	n += digits(t + n, (uint64_t)(a % 1000), 3);
	return finish(buf, size, t, n);
}

const char *
hum_centi(char *buf, size_t size, uint32_t v)
{
	char t[HUM_MAX];
	size_t n;

	n = ob_utoa(t, v / 100);
	t[n++] = '.';
	n += digits(t + n, v % 100, 2);
	t[n++] = '%';
	return finish(buf, size, t, n);
}
