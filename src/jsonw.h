/* jsonw.h - a small streaming JSON writer that tracks nesting and separators */
#ifndef FRAGSTAT_JSONW_H
#define FRAGSTAT_JSONW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "outbuf.h"

#define JSONW_MAX_DEPTH	16

/*
 * Objects are printed one member per line, indented by two spaces; arrays
 * opened with jw_array(w, true) stay on one line (vectors by order). The
 * document reaches the FILE in large blocks, the last at jw_finish().
 */
struct jsonw {
	struct outbuf	 ob;
	int	 depth;
	bool	 first[JSONW_MAX_DEPTH];
	bool	 one_line[JSONW_MAX_DEPTH];
	char	 close[JSONW_MAX_DEPTH];
	bool	 after_key;
	bool	 compact;	/* everything on one line (NDJSON) */
};

void	jw_init(struct jsonw *w, FILE *fp);

/* Like jw_init, for a document written on one line without spaces. */
void	jw_init_compact(struct jsonw *w, FILE *fp);
void	jw_object(struct jsonw *w);
void	jw_array(struct jsonw *w, bool one_line);
void	jw_end(struct jsonw *w);
/* jw_sep() of a value that does not follow its key. */
void	jw_sep_list(struct jsonw *w);

/* Write the separator and indentation that go before a value or key. */
static inline void
jw_sep(struct jsonw *w)
{
	/* Most values follow their key: nothing to write. */
	if (w->after_key)
		w->after_key = false;
	else
		jw_sep_list(w);
}

/* A newline and the indentation of the deepest level, for copies of a prefix. */
extern const char jw_indent[2 * JSONW_MAX_DEPTH];

/*
 * Write KEY, one of this program's short names, as it is (no escapes).
 * Inline, so that a literal's length and copy are constants; a member of
 * a multi-line object, nearly every key, takes its comma and indentation
 * in the same copy.
 */
static inline void
jw_key(struct jsonw *w, const char *key)
{
	size_t n = strlen(key), d = (size_t)w->depth;
	char *p;

	if (!w->one_line[d] && !w->after_key) {
		p = ob_room(&w->ob, 1 + sizeof(jw_indent) + n + 4);
		*p = ',';
		p += !w->first[d];
		memcpy(p, jw_indent, sizeof(jw_indent));
		p += 1 + 2 * d;
		w->first[d] = false;
	} else {
		jw_sep(w);
		p = ob_room(&w->ob, n + 4);
	}
	p[0] = '"';
	/* Counted bytes in the output, followed by the closing quote. */
	memcpy(p + 1, key, n);	/* NOLINT(bugprone-not-null-terminated-result) */
	p[1 + n] = '"';
	p[2 + n] = ':';
	p[3 + n] = ' ';
	w->ob.len = (size_t)(p - w->ob.buf) + n + (w->compact ? 3 : 4);
	w->after_key = true;
}
void	jw_string(struct jsonw *w, const char *s);
void	jw_u64(struct jsonw *w, uint64_t v);
void	jw_int(struct jsonw *w, long long v);
void	jw_bool(struct jsonw *w, bool v);
void	jw_null(struct jsonw *w);

/* Write V / 10^DIGITS as a decimal with exactly DIGITS fraction digits (-500, 3: -0.500). */
void	jw_fixed(struct jsonw *w, long long v, int digits);

/* Write the N counts V as a one-line array: [1, 2, 3]. */
void	jw_u64s(struct jsonw *w, const uint64_t *v, unsigned n);

/* Write the N values V / 1000 (the indices) as a one-line array: [-1.000, 0.250]. */
void	jw_milli(struct jsonw *w, const int *v, unsigned n);

/*
 * End the document with a newline and hand it all to the FILE. Returns 0, or
 * -1 when a value is still open.
 */
int	jw_finish(struct jsonw *w);

#endif
