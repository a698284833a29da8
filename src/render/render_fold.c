/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_fold.c - text of the human views: sentences folded at spaces, lists at their items */
#include "config.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ferr.h"
#include "render_text.h"

/* Returns the columns the N bytes at S take: colour sequences take none. */
static size_t
columns(const char *s, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '\033') {
			while (i < n && s[i] != 'm')
				i++;
			continue;
		}
		c++;
	}
	return c;
}

/* Returns whether the word at S is a unit of hum_size() ("MiB", "GiB;"). */
static bool
unit(const char *s)
{
	static const char *const units[] = { "KiB", "MiB", "GiB", "TiB", "PiB",
	    "EiB" };
	size_t i, n;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		n = strlen(units[i]);
		if (strncmp(s, units[i], n) == 0 && (s[n] == '\0' ||
		    strchr(" ,;:.)", s[n]) != NULL))
			return true;
	}
	return false;
}

void
render_say(struct render_sentence *t, const char *fmt, ...)
{
	va_list ap;
	char *more, *s;
	int w;

	if (t->failed || (t->failed = ferr_inject("sentence")))
		return;
	va_start(ap, fmt);
	w = vasprintf(&more, fmt, ap);
	va_end(ap);
	if (w < 0) {
		t->failed = true;
		return;
	}
	if ((s = realloc(t->s, t->n + (size_t)w + 1)) == NULL)
		t->failed = true;
	else {
		memcpy(s + t->n, more, (size_t)w + 1);
		t->s = s;
		t->n += (size_t)w;
	}
	free(more);
}

char *
render_sentence_take(struct render_sentence *t)
{
	char *s = t->s;

	if (t->failed) {
		ferr_nomem();
		free(s);
		s = NULL;
	}
	memset(t, 0, sizeof(*t));
	return s;
}

int
render_said(struct render_sentence *t, FILE *fp, const char *prefix)
{
	bool failed = t->failed;
	char *s = render_sentence_take(t);

	if (failed)
		return -1;
	render_fold(fp, prefix, s != NULL ? s : "");
	free(s);
	return 0;
}

void
render_items_start(struct render_items *t, FILE *fp, const char *label,
    size_t indent)
{
	t->fp = fp;
	t->indent = indent;
	t->col = (size_t)fprintf(fp, "  %-*s", (int)indent - 2, label);
}

void
render_items_add(struct render_items *t, const char *sep, const char *item)
{
	if (t->col > t->indent && t->col + strlen(sep) + strlen(item) >
	    RENDER_WIDTH) {
		fprintf(t->fp, "\n%*s", (int)t->indent, "");
		t->col = t->indent;
	}
	if (t->col > t->indent)
		t->col += (size_t)fprintf(t->fp, "%s", sep);
	t->col += (size_t)fprintf(t->fp, "%s", item);
}

void
render_fold(FILE *fp, const char *prefix, const char *text)
{
	size_t col = columns(prefix, strlen(prefix)), n;

	fputs(prefix, fp);
	while (*text) {
		n = strcspn(text, " ");
		/* A number and its unit stay on one line ("2 MiB"). */
		if (text[n] == ' ' && unit(text + n + 1))
			n += 1 + strcspn(text + n + 1, " ");
		/* A folded line leaves the last column empty. */
		if (col + 1 + columns(text, n) > RENDER_WIDTH - 1) {
			fputs("\n ", fp);
			col = 1;
		}
		fputc(' ', fp);
		fwrite(text, 1, n, fp);
		col += columns(text, n) + 1;
		text += n;
		text += strspn(text, " ");
	}
	fputc('\n', fp);
}
