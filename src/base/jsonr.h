/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonr.h - a small JSON reader for the one-line documents fragstat writes */
#ifndef FRAGSTAT_JSONR_H
#define FRAGSTAT_JSONR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum jr_type { JR_NULL, JR_BOOL, JR_NUM, JR_STR, JR_ARR, JR_OBJ };

/* One value; its children are a list through NEXT, indices into the tree's array. */
struct jr_val {
	enum jr_type	 type;
	const char	*key, *s;	/* member name, text (strings: escapes kept) */
	size_t		 keyn, n;
	long		 child, next;	/* -1: none */
};

/* A parsed document: V[0] is its root. */
struct jr_doc {
	struct jr_val	*v;
	size_t		 n, cap;
};

/*
 * Parse the LEN bytes at S, which stay referenced, into D. Returns 0, or
 * -1 with *COL (1-based) and *WHAT saying where and what is wrong and D
 * freed (jr_free() on it again does nothing).
 */
int	jr_parse(struct jr_doc *d, const char *s, size_t len, size_t *col,
	    const char **what);
void	jr_free(struct jr_doc *d);

/* Returns member KEY of object I of D, or NULL. */
const struct jr_val *jr_get(const struct jr_doc *d, const struct jr_val *obj,
	    const char *key);

/* Returns the first child of array or object V, or the next after V; NULL at the end. */
const struct jr_val *jr_first(const struct jr_doc *d, const struct jr_val *v);
const struct jr_val *jr_next(const struct jr_doc *d, const struct jr_val *v);

/* Returns 0 with a number without fraction in *OUT, or -1 (also for null). */
int	jr_u64(const struct jr_val *v, uint64_t *out);

/*
 * Returns 0 with a number of exactly DIGITS decimals in *OUT as an integer
 * ("-0.500", 3: -500), or -1 (also for null).
 */
int	jr_fixed(const struct jr_val *v, int digits, long long *out);

/*
 * Write the bytes of V into BUF (SIZE bytes) with a NUL after them: a
 * string with its escapes undone (\uXXXX as UTF-8, a surrogate pair as one
 * character), or an array of numbers 0-255 (jw_bytes()). Returns 0, or -1
 * for anything else, a bad escape, a NUL byte, or bytes that do not fit.
 */
int	jr_bytes(const struct jr_doc *d, const struct jr_val *v, char *buf,
	    size_t size);

#endif
