/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonw.h - a small streaming JSON writer that tracks nesting and separators */
#ifndef FRAGSTAT_JSONW_H
#define FRAGSTAT_JSONW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JSONW_MAX_DEPTH	16

/*
 * Objects are printed one member per line, indented by two spaces; arrays
 * opened with jw_array(w, true) stay on one line (vectors by order).
 * Everything is written to the FILE as it comes; errors stay in ferror().
 */
struct jsonw {
	FILE	*fp;
	int	 depth;
	bool	 first[JSONW_MAX_DEPTH];	/* nothing written at this level yet */
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
void	jw_key(struct jsonw *w, const char *key);

/*
 * Write S as a JSON string. Valid UTF-8 passes through; every byte that
 * does not start a valid UTF-8 sequence becomes \ufffd (U+FFFD, the
 * replacement character), so that the document is always valid JSON.
 */
void	jw_string(struct jsonw *w, const char *s);

/*
 * Write S exactly, every byte kept: as jw_string() where S is valid UTF-8,
 * else as the array of its bytes as numbers ("\xffa": [255, 97]), still
 * valid JSON. jr_bytes() reads either back.
 */
void	jw_bytes(struct jsonw *w, const char *s);
void	jw_u64(struct jsonw *w, uint64_t v);
void	jw_int(struct jsonw *w, long long v);
void	jw_bool(struct jsonw *w, bool v);
void	jw_null(struct jsonw *w);

/*
 * Write KEY of a member that may be absent: with null as its value unless
 * HAVE. Returns HAVE, so that "if (jw_key_or_null(w, k, x)) jw_u64(w, v)"
 * writes the value when there is one. Inline, so that a static analyser
 * sees that the value is written only when HAVE.
 */
static inline bool
jw_key_or_null(struct jsonw *w, const char *key, bool have)
{
	jw_key(w, key);
	if (!have)
		jw_null(w);
	return have;
}

/* Write V / 10^DIGITS as a decimal with exactly DIGITS fraction digits (-500, 3: -0.500). */
void	jw_fixed(struct jsonw *w, long long v, int digits);

/* End the document with a newline. Returns 0, or -1 when a value is still open. */
int	jw_finish(struct jsonw *w);

/*
 * End a document a renderer built from data already checked: as
 * jw_finish(), but a value left open is a bug in that renderer, never in
 * the input, so it aborts here rather than at every caller.
 */
void	jw_done(struct jsonw *w);

#endif
