/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonw.h - a small streaming JSON writer that tracks nesting and separators */
#ifndef FRAGSTAT_JSONW_H
#define FRAGSTAT_JSONW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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
/* A newline and the indentation of the deepest level, for copies of a prefix. */
extern const char jw_indent[2 * JSONW_MAX_DEPTH];

/*
 * A run: members of the innermost object, or items of the innermost
 * array, written straight into the buffer at P, for the objects a document
 * repeats thousands of times. The state lives in the caller (in registers)
 * rather than in the writer until jw_run_end(); the jr_*() functions write
 * at P what the jw_*() functions of the same name write, and the latter
 * are made of them. The caller reserves the room: JW_*_ROOM below.
 */
struct jw_run {
	char		*p;	/* where the next byte goes */
	unsigned	 nl;	/* bytes of jw_indent before a member; 0 on one line */
	bool		 first;	/* nothing at this level yet: no comma */
	bool		 space;	/* not compact: ": " and, on one line, ", " */
};

/* The longest key jr_key() takes (the keys are this program's names). */
#define JW_KEY_MAX	32

/* The room of a separator, and of one with a key and its colon. */
#define JW_SEP_ROOM	(2 + 2 * JSONW_MAX_DEPTH)
#define JW_KEY_ROOM	(JW_SEP_ROOM + JW_KEY_MAX + 4)

/* The room of a string of LEN bytes (escapes are at most 6 bytes a byte). */
#define JW_STRING_ROOM(len)	(6 * (size_t)(len) + 2)

/* The room of N counts in a one-line array, and of N indices. */
#define JW_U64S_ROOM(n)		((size_t)(n) * (OUTBUF_DIGITS + 2) + 2)
#define JW_MILLI_ROOM(n)	((size_t)(n) * (OUTBUF_FIXED + 2) + 2)

/*
 * Returns a run of at most ROOM bytes (at most OUTBUF_SIZE) in the
 * innermost object or array of W, below the top level; nothing else
 * writes to W until jw_run_end().
 */
static inline struct jw_run
jw_run(struct jsonw *w, size_t room)
{
	struct jw_run r;
	int d = w->depth;

	if (room > OUTBUF_SIZE)	/* a programming error, folded away */
		abort();
	r.p = ob_room(&w->ob, room);
	r.nl = w->one_line[d] ? 0 : 1 + 2 * (unsigned)d;
	r.first = w->first[d];
	r.space = !w->compact;
	return r;
}

/* Take back the bytes and state of run R. */
static inline void
jw_run_end(struct jsonw *w, const struct jw_run *r)
{
	w->ob.len = (size_t)(r->p - w->ob.buf);
	w->first[w->depth] = r->first;
}

/* Like jw_run_end(), after a key whose value jw_*() functions write. */
static inline void
jw_run_end_key(struct jsonw *w, const struct jw_run *r)
{
	jw_run_end(w, r);
	w->after_key = true;
}

/* Write the comma, newline and indentation that go before a member or item. */
static inline void
jr_sep(struct jw_run *r)
{
	if (!r->first) {
		*r->p++ = ',';
		if (r->nl == 0 && r->space)
			*r->p++ = ' ';
	}
	r->first = false;
	if (r->nl != 0) {
		/* One fixed-size copy; what it writes past nl is overwritten next. */
		memcpy(r->p, jw_indent, sizeof(jw_indent));
		r->p += r->nl;
	}
}

/*
 * Write the separator, KEY (one of this program's names, as it is: no
 * escapes) and its colon. Inline, so that a literal's length and copy are
 * constants.
 */
static inline void
jr_key(struct jw_run *r, const char *key)
{
	size_t n = strlen(key);
	char *p;

	if (n > JW_KEY_MAX)	/* a programming error, folded away */
		abort();
	jr_sep(r);
	p = r->p;
	p[0] = '"';
	/* Counted bytes in the output, followed by the closing quote. */
	memcpy(p + 1, key, n);	/* NOLINT(bugprone-not-null-terminated-result) */
	p[1 + n] = '"';
	p[2 + n] = ':';
	p[3 + n] = ' ';
	r->p = p + n + 3 + r->space;
}

/* Write the count V. */
static inline void
jr_u64(struct jw_run *r, uint64_t v)
{
	r->p += ob_utoa(r->p, v);
}

/* Write null. */
static inline void
jr_null(struct jw_run *r)
{
	memcpy(r->p, "null", 4);
	r->p += 4;
}

/* Write true or false: five bytes copied, four or five kept. */
static inline void
jr_bool(struct jw_run *r, bool v)
{
	memcpy(r->p, v ? "true" : "false", 5);
	r->p += 5 - v;
}

/* Bytes a JSON string cannot hold as they are: controls, '"', '\\', DEL; and NUL. */
extern const bool jw_escape[256];

/* Write the escape of C, one of jw_escape, at P; returns the end (at most P + 6). */
char	*jw_escape_byte(char *p, unsigned char c);

/* Write S as a JSON string: quoted, with escapes. Inline: names are short. */
static inline void
jr_string(struct jw_run *r, const char *s)
{
	const unsigned char *c = (const unsigned char *)s;
	char *p = r->p;

	*p++ = '"';
	for (; *c != '\0'; c++)
		if (!jw_escape[*c])
			*p++ = (char)*c;
		else
			p = jw_escape_byte(p, *c);
	*p++ = '"';
	r->p = p;
}

/*
 * Write at run R the one-line array of the N values that PUT writes at
 * p_, in one pass: the room was reserved for the whole array. Inline, so
 * that a run's state stays in registers.
 */
#define ONE_LINE_ARRAY(r, n, put) do {					\
	/* Read once: the stores through p_ could alias it. */		\
	size_t sep_ = (r)->space ? 2 : 1;				\
	char *p_ = (r)->p;						\
	unsigned i_;							\
									\
	*p_++ = '[';							\
	for (i_ = 0; i_ < (n); i_++) {					\
		if (i_ > 0) {						\
			memcpy(p_, ", ", 2);				\
			p_ += sep_;					\
		}							\
		p_ += (put);						\
	}								\
	*p_++ = ']';							\
	(r)->p = p_;							\
} while (0)

/* Write the N counts V as a one-line array: [1, 2, 3]. */
static inline void
jr_u64s(struct jw_run *r, const uint64_t *v, unsigned n)
{
	ONE_LINE_ARRAY(r, n, ob_utoa(p_, v[i_]));
}

/* Write the N values V / 1000 (the indices) as a one-line array: [-1.000, 0.250]. */
static inline void
jr_milli(struct jw_run *r, const int *v, unsigned n)
{
	/* A constant 3, so that the loop is ob_fixed_at()'s table copies. */
	ONE_LINE_ARRAY(r, n, ob_fixed_at(p_, v[i_], 3));
}

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

/* Write KEY, one of this program's names, as it is (no escapes), and its colon. */
void	jw_key(struct jsonw *w, const char *key);
void	jw_string(struct jsonw *w, const char *s);
void	jw_u64(struct jsonw *w, uint64_t v);
void	jw_int(struct jsonw *w, long long v);
void	jw_bool(struct jsonw *w, bool v);
void	jw_null(struct jsonw *w);

/* Write V / 10^DIGITS as a decimal with exactly DIGITS fraction digits (-500, 3: -0.500). */
void	jw_fixed(struct jsonw *w, long long v, int digits);

/*
 * End the document with a newline and hand it all to the FILE. Returns 0, or
 * -1 when a value is still open.
 */
int	jw_finish(struct jsonw *w);

#endif
