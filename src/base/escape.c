/* SPDX-License-Identifier: GPL-2.0-or-later */
/* escape.c - the one escaper core of the JSON and SVG writers, and text read from files for a terminal */

#include "config.h"
#include <stdbool.h>
#include <stdio.h>

#include "escape.h"
#include "text.h"

/*
 * Whether C is printable ASCII that neither JSON nor XML escapes. Letters
 * and '_', most of any name, are above '>' and take the first test.
 */
static bool
plain(unsigned char c)
{
	if (c > '>')
		return c < 0x7f && c != '\\';
	return c >= 0x20 && c != '"' && c != '&' && c != '<' && c != '>' &&
	    c != '\'';
}

void
esc_write(FILE *fp, const char *str, esc_rule *rule)
{
	const unsigned char *s = (const unsigned char *)str;
	const char *to;
	char buf[ESC_BUF];
	int n;

	for (;;) {
		/* stdio's macro, as in K&R's copy loop: one thread writes FP. */
		while (plain(*s))
			putc_unlocked(*s++, fp);
		if (*s == '\0')
			break;
		n = *s < 0x80 ? 1 : text_utf8_len(s);
		to = rule(s, &n, buf);
		/* A byte that starts nothing valid is one character. */
		n = n > 0 ? n : 1;
		if (to == NULL)
			fwrite(s, 1, (size_t)n, fp);
		else
			fputs(to, fp);
		s += n;
	}
}

/*
 * The rule of esc_text(): control bytes, C1 controls (U+0080 to U+009F,
 * which some terminals obey as ESC sequences) and bytes that start no
 * valid UTF-8 as \xNN each.
 */
static const char *
text_rule(const unsigned char *s, int *n, char *buf)
{
	if (*s < 0x20 || *s == 0x7f || *n == 0) {
		*n = 0;
		snprintf(buf, ESC_BUF, "\\x%02x", (unsigned)*s);
		return buf;
	}
	if (*n == 2 && s[0] == 0xc2 && s[1] < 0xa0) {
		snprintf(buf, ESC_BUF, "\\x%02x\\x%02x", (unsigned)s[0],
		    (unsigned)s[1]);
		return buf;
	}
	return NULL;
}

void
esc_text(FILE *fp, const char *s)
{
	esc_write(fp, s, text_rule);
}
