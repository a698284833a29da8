/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kver.c - kernel release strings */

#include "config.h"
#include <stddef.h>

#include "kver.h"

/* Returns the number at *S (advancing it), or -1 when there is none or it is huge. */
static long
number(const char **s)
{
	long v = 0;

	if (**s < '0' || **s > '9')
		return -1;
	while (**s >= '0' && **s <= '9') {
		if (v > 99999)
			return -1;
		v = v * 10 + (**s - '0');
		(*s)++;
	}
	return v;
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
