/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kver.h - kernel release strings */
#ifndef FRAGSTAT_KVER_H
#define FRAGSTAT_KVER_H

#include <stdbool.h>

/* The kernel's utsname release holds at most 64 characters (__NEW_UTS_LEN). */
#define KVER_MAX_LEN	64

/*
 * Parse the leading "MAJOR.MINOR" of a release such as "6.18.44-fc" into a
 * single number MAJOR * 1000 + MINOR. Returns it, or -1 when S does not
 * start that way.
 */
long	kver_parse(const char *s);

/* Returns whether release S prints extfrag_index with "%2d.%03d" (5.16+; NULL: yes). */
bool	kver_extfrag_padded(const char *s);

#endif
