/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thpenabled.c - a THP size's "enabled" file: the setting in brackets */
#include "config.h"

#include <string.h>

#include "thpenabled.h"

int
thpenabled_parse(const char *buf, size_t len, char *word, size_t size,
    struct ferr *e)
{
	const char *open, *close;

	/* The kernel's *_enabled_show() brackets the word in force. */
	open = memchr(buf, '[', len);
	close = open ? memchr(open, ']', len - (size_t)(open - buf)) : NULL;
	if (open == NULL || close == NULL || close == open + 1 ||
	    (size_t)(close - open - 1) >= size)
		return ferr_set(e, 1, "expected the selected setting in "
		    "brackets, as in 'always [madvise] never'");
	memcpy(word, open + 1, (size_t)(close - open - 1));
	word[close - open - 1] = '\0';
	return 0;
}
