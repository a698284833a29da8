/* jsonw.c - a small streaming JSON writer */

#include "config.h"
#include <inttypes.h>
#include <stdlib.h>

#include "jsonw.h"

void
jw_init(struct jsonw *w, FILE *fp)
{
	w->fp = fp;
	w->depth = 0;
	w->first[0] = true;
	w->one_line[0] = false;
	w->after_key = false;
	w->compact = false;
}

void
jw_init_compact(struct jsonw *w, FILE *fp)
{
	jw_init(w, fp);
	w->compact = true;
	w->one_line[0] = true;
}

/* Write a newline and the indentation of the current depth. */
static void
newline(struct jsonw *w)
{
	int i;

	fputc('\n', w->fp);
	for (i = 0; i < w->depth; i++)
		fputs("  ", w->fp);
}

/* Write the separator and indentation that go before a value or key. */
static void
sep(struct jsonw *w)
{
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (w->depth == 0)
		return;
	if (!w->first[w->depth])
		fputs(w->one_line[w->depth] && !w->compact ? ", " : ",", w->fp);
	w->first[w->depth] = false;
	if (!w->one_line[w->depth])
		newline(w);
}

static void
open_(struct jsonw *w, char open, char close, bool one_line)
{
	sep(w);
	fputc(open, w->fp);
	/* Deeper nesting than the document has is a programming error. */
	if (w->depth + 1 >= JSONW_MAX_DEPTH)
		abort();
	w->depth++;
	w->first[w->depth] = true;
	w->one_line[w->depth] = one_line || w->one_line[w->depth - 1];
	w->close[w->depth] = close;
}

void
jw_object(struct jsonw *w)
{
	open_(w, '{', '}', false);
}

void
jw_array(struct jsonw *w, bool one_line)
{
	open_(w, '[', ']', one_line);
}

void
jw_end(struct jsonw *w)
{
	char close = w->close[w->depth];
	bool nl = !w->first[w->depth] && !w->one_line[w->depth];

	if (w->depth == 0)
		abort();
	w->depth--;
	if (nl)
		newline(w);
	fputc(close, w->fp);
}

void
jw_key(struct jsonw *w, const char *key)
{
	jw_string(w, key);
	fputs(w->compact ? ":" : ": ", w->fp);
	w->after_key = true;
}

void
jw_string(struct jsonw *w, const char *s)
{
	const unsigned char *p;

	sep(w);
	fputc('"', w->fp);
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(w->fp, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(w->fp, "\\u%04x", *p);
		else
			fputc(*p, w->fp);
	}
	fputc('"', w->fp);
}

void
jw_u64(struct jsonw *w, uint64_t v)
{
	sep(w);
	fprintf(w->fp, "%" PRIu64, v);
}

void
jw_int(struct jsonw *w, long long v)
{
	sep(w);
	fprintf(w->fp, "%lld", v);
}

void
jw_bool(struct jsonw *w, bool v)
{
	sep(w);
	fputs(v ? "true" : "false", w->fp);
}

void
jw_null(struct jsonw *w)
{
	sep(w);
	fputs("null", w->fp);
}

void
jw_fixed(struct jsonw *w, long long v, int digits)
{
	unsigned long long a = v < 0 ? 0ULL - (unsigned long long)v :
	    (unsigned long long)v, scale = 1;
	int i;

	for (i = 0; i < digits; i++)
		scale *= 10;
	sep(w);
	fprintf(w->fp, "%s%llu.%0*llu", v < 0 ? "-" : "", a / scale, digits,
	    a % scale);
}

int
jw_finish(struct jsonw *w)
{
	fputc('\n', w->fp);
	return w->depth == 0 && !w->after_key ? 0 : -1;
}
