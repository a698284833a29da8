/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kver.c - kernel release strings */

#include "config.h"
#include <stddef.h>
#include <string.h>

#include "kver.h"
#include "text.h"

/* Returns the number the digits at *S spell (advancing past them), or -1 when none or huge. */
static long
number(const char **s)
{
	struct tok t = { *s, strspn(*s, "0123456789") };
	uint64_t v;

	*s += t.n;
	return num_u64(&t, &v) == 0 && v <= 999999 ? (long)v : -1;
}

long
kver_parse(const char *s)
{
	long major, minor;

	if ((major = number(&s)) < 0 || *s++ != '.' ||
	    (minor = number(&s)) < 0 || minor > 999)
		return -1;
	return major * 1000 + minor;
}

bool
kver_extfrag_padded(const char *s)
{
	long v;

	/* Lin Feng's "make extfrag_index show more pretty", merged for 5.16. */
	if (s == NULL || (v = kver_parse(s)) < 0)
		return true;
	return v >= 5016;
}
