/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonv.h - a strict JSON validator for the fuzz harnesses and their replay test */
#ifndef FRAGSTAT_JSONV_H
#define FRAGSTAT_JSONV_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Called for every number, string, true, false and null that is a member
 * value or an element of an array that is a member value: KEY (KEYLEN
 * bytes, raw, without quotes) names that member, IN_ARRAY says which of
 * the two it is, TOK is the value's text as written. KEY is NULL at the top
 * level and in arrays nested in arrays.
 */
typedef void	(*jsonv_scalar_fn)(void *arg, const char *key, size_t keylen,
		    bool in_array, const char *tok, size_t toklen);

/*
 * Check that the LEN bytes at S are exactly one JSON text as RFC 8259
 * defines it, in UTF-8 (no overlong forms, no surrogates, nothing above
 * U+10FFFF, no lone surrogate escapes), with no member name twice in one
 * object and nesting at most 64 deep. Returns NULL, or a message with *OFF
 * set to the byte where the text stops being valid. FN may be NULL.
 */
const char	*jsonv_check(const char *s, size_t len, size_t *off,
		    jsonv_scalar_fn fn, void *arg);

#endif
