/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonv.c - a strict JSON validator: RFC 8259 grammar, UTF-8, no duplicate names */

#include "config.h"
#include <stdlib.h>
#include <string.h>

#include "jsonv.h"

#define MAX_DEPTH	64

struct jv {
	const char	*s;
	size_t		 len, i;
	const char	*err;
	jsonv_scalar_fn	 fn;
	void		*arg;
};

/* One member name seen in the object being read. */
struct name {
	const char	*s;
	size_t		 n;
};

static int	value(struct jv *v, int depth, const char *key, size_t keylen,
		    bool in_array);

/* Record MSG at the current offset; returns -1. */
static int
fail(struct jv *v, const char *msg)
{
	if (v->err == NULL)
		v->err = msg;
	return -1;
}

/* Skip the four whitespace characters JSON allows. */
static void
ws(struct jv *v)
{
	while (v->i < v->len && (v->s[v->i] == ' ' || v->s[v->i] == '\t' ||
	    v->s[v->i] == '\n' || v->s[v->i] == '\r'))
		v->i++;
}

/* Returns the value of hex digit C, or -1. */
static int
hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Read the 4 hex digits after "\u" into *CP. Returns 0 or -1. */
static int
u4(struct jv *v, unsigned *cp)
{
	int i, d;

	*cp = 0;
	if (v->len - v->i < 4)
		return fail(v, "truncated \\u escape");
	for (i = 0; i < 4; i++) {
		if ((d = hex(v->s[v->i + (size_t)i])) < 0)
			return fail(v, "\\u needs four hex digits");
		*cp = *cp << 4 | (unsigned)d;
	}
	v->i += 4;
	return 0;
}

/* Check the UTF-8 sequence at the current byte (>= 0x80) and skip it. Returns 0 or -1. */
static int
utf8(struct jv *v)
{
	const unsigned char *p = (const unsigned char *)v->s + v->i;
	size_t left = v->len - v->i, n, k;
	unsigned cp, min;

	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		n = 2;
		cp = p[0] & 0x1fu;
		min = 0x80;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		n = 3;
		cp = p[0] & 0x0fu;
		min = 0x800;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		n = 4;
		cp = p[0] & 0x07u;
		min = 0x10000;
	} else
		return fail(v, "invalid UTF-8 lead byte");
	if (left < n)
		return fail(v, "truncated UTF-8 sequence");
	for (k = 1; k < n; k++) {
		if ((p[k] & 0xc0) != 0x80)
			return fail(v, "invalid UTF-8 continuation byte");
		cp = cp << 6 | (p[k] & 0x3fu);
	}
	if (cp < min)
		return fail(v, "overlong UTF-8 sequence");
	if (cp >= 0xd800 && cp <= 0xdfff)
		return fail(v, "UTF-8 encoded surrogate");
	if (cp > 0x10ffff)
		return fail(v, "UTF-8 beyond U+10FFFF");
	v->i += n;
	return 0;
}

/* Read a string starting at '"'. Returns 0 or -1. */
static int
string(struct jv *v)
{
	unsigned char c;
	unsigned cp, lo;

	v->i++;		/* the opening quote */
	for (;;) {
		if (v->i >= v->len)
			return fail(v, "unterminated string");
		c = (unsigned char)v->s[v->i];
		if (c == '"') {
			v->i++;
			return 0;
		}
		if (c < 0x20)
			return fail(v, "control character in a string");
		if (c >= 0x80) {
			if (utf8(v) != 0)
				return -1;
			continue;
		}
		v->i++;
		if (c != '\\')
			continue;
		if (v->i >= v->len)
			return fail(v, "unterminated escape");
		c = (unsigned char)v->s[v->i++];
		if (strchr("\"\\/bfnrt", c) != NULL && c != '\0')
			continue;
		if (c != 'u')
			return fail(v, "invalid escape");
		if (u4(v, &cp) != 0)
			return -1;
		if (cp >= 0xdc00 && cp <= 0xdfff)
			return fail(v, "lone low surrogate escape");
		if (cp >= 0xd800 && cp <= 0xdbff) {
			if (v->len - v->i < 2 || v->s[v->i] != '\\' ||
			    v->s[v->i + 1] != 'u')
				return fail(v, "high surrogate escape without "
				    "a low one");
			v->i += 2;
			if (u4(v, &lo) != 0)
				return -1;
			if (lo < 0xdc00 || lo > 0xdfff)
				return fail(v, "high surrogate escape without "
				    "a low one");
		}
	}
}

/* Returns whether the current byte is a decimal digit. */
static bool
digit(const struct jv *v)
{
	return v->i < v->len && v->s[v->i] >= '0' && v->s[v->i] <= '9';
}

/* Read a number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?. Returns 0 or -1. */
static int
number(struct jv *v)
{
	if (v->i < v->len && v->s[v->i] == '-')
		v->i++;
	if (!digit(v))
		return fail(v, "expected a digit");
	if (v->s[v->i] == '0') {
		v->i++;
		if (digit(v))
			return fail(v, "leading zero");
	} else
		while (digit(v))
			v->i++;
	if (v->i < v->len && v->s[v->i] == '.') {
		v->i++;
		if (!digit(v))
			return fail(v, "expected a digit after '.'");
		while (digit(v))
			v->i++;
	}
	if (v->i < v->len && (v->s[v->i] == 'e' || v->s[v->i] == 'E')) {
		v->i++;
		if (v->i < v->len && (v->s[v->i] == '+' || v->s[v->i] == '-'))
			v->i++;
		if (!digit(v))
			return fail(v, "expected a digit in the exponent");
		while (digit(v))
			v->i++;
	}
	return 0;
}

/* Read the literal WORD. Returns 0 or -1. */
static int
literal(struct jv *v, const char *word)
{
	size_t n = strlen(word);

	if (v->len - v->i < n || memcmp(v->s + v->i, word, n) != 0)
		return fail(v, "expected a value");
	v->i += n;
	return 0;
}

/* Read an object starting at '{'. Returns 0 or -1. */
static int
object(struct jv *v, int depth)
{
	struct name *names = NULL, *nn;
	size_t nnames = 0, cap = 0, k, start;
	int rc = -1;

	v->i++;
	ws(v);
	if (v->i < v->len && v->s[v->i] == '}') {
		v->i++;
		return 0;
	}
	for (;;) {
		ws(v);
		if (v->i >= v->len || v->s[v->i] != '"') {
			fail(v, "expected a member name");
			break;
		}
		start = v->i;
		if (string(v) != 0)
			break;
		/* Names compare as written; the writer never escapes them. */
		for (k = 0; k < nnames; k++)
			if (names[k].n == v->i - start - 2 &&
			    memcmp(names[k].s, v->s + start + 1,
			    names[k].n) == 0)
				break;
		if (k < nnames) {
			v->i = start;
			fail(v, "member name repeated in one object");
			break;
		}
		if (nnames == cap) {
			cap = cap ? cap * 2 : 16;
			if ((nn = realloc(names, cap * sizeof(*nn))) == NULL) {
				fail(v, "out of memory");
				break;
			}
			names = nn;
		}
		names[nnames].s = v->s + start + 1;
		names[nnames].n = v->i - start - 2;
		nnames++;
		ws(v);
		if (v->i >= v->len || v->s[v->i] != ':') {
			fail(v, "expected ':'");
			break;
		}
		v->i++;
		if (value(v, depth + 1, names[nnames - 1].s,
		    names[nnames - 1].n, false) != 0)
			break;
		ws(v);
		if (v->i < v->len && v->s[v->i] == ',') {
			v->i++;
			continue;
		}
		if (v->i < v->len && v->s[v->i] == '}') {
			v->i++;
			rc = 0;
		} else
			fail(v, "expected ',' or '}'");
		break;
	}
	free(names);
	return rc;
}

/* Read an array starting at '[' that is the value of KEY. Returns 0 or -1. */
static int
array(struct jv *v, int depth, const char *key, size_t keylen)
{
	v->i++;
	ws(v);
	if (v->i < v->len && v->s[v->i] == ']') {
		v->i++;
		return 0;
	}
	for (;;) {
		if (value(v, depth + 1, key, keylen, true) != 0)
			return -1;
		ws(v);
		if (v->i < v->len && v->s[v->i] == ',') {
			v->i++;
			continue;
		}
		if (v->i < v->len && v->s[v->i] == ']') {
			v->i++;
			return 0;
		}
		return fail(v, "expected ',' or ']'");
	}
}

/* Read one value, with whitespace before it. Returns 0 or -1. */
static int
value(struct jv *v, int depth, const char *key, size_t keylen, bool in_array)
{
	size_t start;
	int rc;

	if (depth >= MAX_DEPTH)
		return fail(v, "nested too deeply");
	ws(v);
	if (v->i >= v->len)
		return fail(v, "expected a value");
	start = v->i;
	switch (v->s[v->i]) {
	case '{':
		return object(v, depth);
	case '[':
		/* An array in an array has no member name of its own. */
		return array(v, depth, in_array ? NULL : key, in_array ? 0 :
		    keylen);
	case '"':
		rc = string(v);
		break;
	case 't':
		rc = literal(v, "true");
		break;
	case 'f':
		rc = literal(v, "false");
		break;
	case 'n':
		rc = literal(v, "null");
		break;
	default:
		rc = number(v);
		break;
	}
	if (rc == 0 && v->fn != NULL)
		v->fn(v->arg, key, keylen, in_array, v->s + start,
		    v->i - start);
	return rc;
}

const char *
jsonv_check(const char *s, size_t len, size_t *off, jsonv_scalar_fn fn,
    void *arg)
{
	struct jv v = { s, len, 0, NULL, fn, arg };

	if (value(&v, 0, NULL, 0, false) == 0) {
		ws(&v);
		if (v.i != v.len)
			fail(&v, "text after the value");
	}
	*off = v.i;
	return v.err;
}
