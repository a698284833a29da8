/* SPDX-License-Identifier: GPL-2.0-or-later */
/* escape.c - the one escaper core of the JSON and SVG writers */

#include "config.h"
#include <stdbool.h>

#include "escape.h"
#include "text.h"

/* Whether C is printable ASCII that neither JSON nor XML escapes. */
static bool
plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '&' &&
	    c != '<' && c != '>' && c != '\'';
}

void
esc_write(FILE *fp, const char *str, esc_rule *rule)
{
	const unsigned char *s = (const unsigned char *)str, *run = s;
	const char *to;
	char buf[ESC_BUF];
	int n;

	for (;;) {
		while (plain(*s))
			s++;
		if (*s == '\0')
			break;
		n = *s < 0x80 ? 1 : text_utf8_len(s);
		to = rule(s, &n, buf);
		/* A byte that starts nothing valid is one character. */
		n = n > 0 ? n : 1;
		if (to == NULL) {
			s += n;
			continue;
		}
		/* The run kept so far, then the replacement. */
		fwrite(run, 1, (size_t)(s - run), fp);
		fputs(to, fp);
		s += n;
		run = s;
	}
	fwrite(run, 1, (size_t)(s - run), fp);
}
