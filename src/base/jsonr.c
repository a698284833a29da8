/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonr.c - a small JSON reader for the one-line documents fragstat writes */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "jsonr.h"
#include "text.h"

/* Deeper than anything fragstat writes: the recursion stays bounded. */
#define JR_MAX_DEPTH	16

struct jr_in {
	const char	*p, *start, *end;
	const char	*what;
};

/* Returns a new value of type T in D, or -1 when memory runs out. */
static long
jr_new(struct jr_doc *d, enum jr_type t)
{
	struct jr_val *nv;

	if ((nv = grow_room(d->v, &d->cap, d->n, sizeof(*nv),
	    SIZE_MAX)) == NULL)
		return -1;
	d->v = nv;
	memset(&d->v[d->n], 0, sizeof(d->v[0]));
	d->v[d->n].type = t;
	d->v[d->n].child = d->v[d->n].next = -1;
	return (long)d->n++;
}

/* Skip blanks. */
static void
ws(struct jr_in *in)
{
	while (in->p < in->end && (*in->p == ' ' || *in->p == '\t'))
		in->p++;
}

/* Read a string at IN into *S, *N (quotes off, escapes kept). Returns 0 or -1. */
static int
str(struct jr_in *in, const char **s, size_t *n)
{
	const char *q;

	if (in->p == in->end || *in->p != '"') {
		in->what = "expected a string";
		return -1;
	}
	for (q = in->p + 1; q < in->end && *q != '"'; q++) {
		if ((unsigned char)*q < 0x20) {
			in->what = "control character in a string";
			return -1;
		}
		if (*q == '\\' && ++q == in->end)
			break;
	}
	if (q >= in->end) {
		in->what = "unterminated string";
		in->p = q;
		return -1;
	}
	*s = in->p + 1;
	*n = (size_t)(q - *s);
	in->p = q + 1;
	return 0;
}

static long	value(struct jr_in *, struct jr_doc *, int);

/* Parse the string at IN into D. Returns its index, or -1. */
static long
string(struct jr_in *in, struct jr_doc *d)
{
	const char *s;
	size_t n;
	long i;

	if ((i = jr_new(d, JR_STR)) < 0 || str(in, &s, &n) != 0)
		return -1;
	d->v[i].s = s;
	d->v[i].n = n;
	return i;
}

/* Parse the number at IN into D, kept as its text. Returns its index, or -1. */
static long
number(struct jr_in *in, struct jr_doc *d)
{
	long i;

	if ((i = jr_new(d, JR_NUM)) < 0)
		return -1;
	d->v[i].s = in->p;
	while (in->p < in->end && strchr("-+.eE0123456789", *in->p))
		in->p++;
	d->v[i].n = (size_t)(in->p - d->v[i].s);
	return i;
}

/* Parse null, true or false at IN into D. Returns its index, or -1. */
static long
word(struct jr_in *in, struct jr_doc *d)
{
	static const char *const words[3] = { "null", "true", "false" };
	size_t n, k;
	long i;

	for (k = 0; k < 3; k++) {
		n = strlen(words[k]);
		if ((size_t)(in->end - in->p) >= n &&
		    memcmp(in->p, words[k], n) == 0) {
			if ((i = jr_new(d, k ? JR_BOOL : JR_NULL)) < 0)
				return -1;
			d->v[i].s = in->p;
			d->v[i].n = n;
			in->p += n;
			return i;
		}
	}
	in->what = "expected a value";
	return -1;
}

/* Parse an object's "key": at IN into *S and *N. Returns 0, or -1. */
static int
key(struct jr_in *in, const char **s, size_t *n)
{
	ws(in);
	if (str(in, s, n) != 0)
		return -1;
	ws(in);
	if (in->p == in->end || *in->p != ':') {
		in->what = "expected ':'";
		return -1;
	}
	in->p++;
	return 0;
}

/* Parse the array or object at IN into D at DEPTH. Returns its index, or -1. */
static long
container(struct jr_in *in, struct jr_doc *d, int depth)
{
	char close = *in->p == '[' ? ']' : '}';
	long i, c, prev = -1;
	const char *s;
	size_t n;

	if (depth == JR_MAX_DEPTH) {
		in->what = "nested too deeply";
		return -1;
	}
	if ((i = jr_new(d, close == ']' ? JR_ARR : JR_OBJ)) < 0)
		return -1;
	in->p++;
	ws(in);
	if (in->p < in->end && *in->p == close) {
		in->p++;
		return i;
	}
	for (;;) {
		s = NULL;
		n = 0;
		if (close == '}' && key(in, &s, &n) != 0)
			return -1;
		if ((c = value(in, d, depth + 1)) < 0)
			return -1;
		d->v[c].key = s;
		d->v[c].keyn = n;
		if (prev < 0)
			d->v[i].child = c;
		else
			d->v[prev].next = c;
		prev = c;
		ws(in);
		if (in->p < in->end && *in->p == ',') {
			in->p++;
			continue;
		}
		if (in->p < in->end && *in->p == close) {
			in->p++;
			return i;
		}
		in->what = close == ']' ? "expected ',' or ']'" :
		    "expected ',' or '}'";
		return -1;
	}
}

/* Parse one value at IN into D at DEPTH. Returns its index, or -1. */
static long
value(struct jr_in *in, struct jr_doc *d, int depth)
{
	ws(in);
	if (in->p == in->end) {
		in->what = "expected a value";
		return -1;
	}
	if (*in->p == '"')
		return string(in, d);
	if (*in->p == '-' || (*in->p >= '0' && *in->p <= '9'))
		return number(in, d);
	if (*in->p == '[' || *in->p == '{')
		return container(in, d, depth);
	return word(in, d);
}

int
jr_parse(struct jr_doc *d, const char *s, size_t len, size_t *col,
    const char **what)
{
	struct jr_in in = { s, s, s + len, "out of memory" };

	memset(d, 0, sizeof(*d));
	if (value(&in, d, 0) >= 0) {
		ws(&in);
		if (in.p == in.end)
			return 0;
		in.what = "text after the value";
	}
	*col = (size_t)(in.p - in.start) + 1;
	*what = in.what;
	jr_free(d);
	return -1;
}

void
jr_free(struct jr_doc *d)
{
	free(d->v);
	memset(d, 0, sizeof(*d));
}

const struct jr_val *
jr_first(const struct jr_doc *d, const struct jr_val *v)
{
	return v && (v->type == JR_ARR || v->type == JR_OBJ) && v->child >= 0 ?
	    &d->v[v->child] : NULL;
}

const struct jr_val *
jr_next(const struct jr_doc *d, const struct jr_val *v)
{
	return v->next >= 0 ? &d->v[v->next] : NULL;
}

const struct jr_val *
jr_get(const struct jr_doc *d, const struct jr_val *obj, const char *key)
{
	const struct jr_val *c;
	size_t n = strlen(key);

	if (obj == NULL || obj->type != JR_OBJ)
		return NULL;
	for (c = jr_first(d, obj); c; c = jr_next(d, c))
		if (c->keyn == n && memcmp(c->key, key, n) == 0)
			return c;
	return NULL;
}

int
jr_u64(const struct jr_val *v, uint64_t *out)
{
	struct tok t;

	if (v == NULL || v->type != JR_NUM)
		return -1;
	t.s = v->s;
	t.n = v->n;
	return num_u64(&t, out) == 0 ? 0 : -1;
}

int
jr_fixed(const struct jr_val *v, int digits, long long *out)
{
	struct tok t;
	uint64_t ip, fp, one = 1;
	bool neg;
	const char *dot;
	int i;

	if (v == NULL || v->type != JR_NUM ||
	    (dot = memchr(v->s, '.', v->n)) == NULL)
		return -1;
	neg = v->s[0] == '-';
	t.s = v->s + neg;
	t.n = (size_t)(dot - t.s);
	if (t.n + neg + 1 + (size_t)digits != v->n ||
	    num_u64(&t, &ip) != 0 || ip > 1000000)
		return -1;
	t.s += t.n + 1;
	t.n = (size_t)digits;
	if (num_u64(&t, &fp) != 0)
		return -1;
	for (i = 0; i < digits; i++)
		one *= 10;
	*out = (long long)(ip * one + fp) * (neg ? -1 : 1);
	return 0;
}

/* Returns the value of the 4 hex digits at S, or -1. */
static long
hex4(const char *s)
{
	struct tok t = { s, 4 };
	uint64_t v;

	return num_hex(&t, &v) == 0 ? (long)v : -1;
}

/* Append byte C to BUF (SIZE bytes) at *AT, room kept for a NUL. Returns 0 or -1. */
static int
put_byte(char *buf, size_t size, size_t *at, unsigned long c)
{
	if (c == 0 || *at + 1 >= size)
		return -1;
	buf[(*at)++] = (char)c;
	return 0;
}

/* Append code point U as UTF-8. Returns 0 or -1. */
static int
put_utf8(char *buf, size_t size, size_t *at, unsigned long u)
{
	if (u < 0x80)
		return put_byte(buf, size, at, u);
	if (u < 0x800)
		return put_byte(buf, size, at, 0xc0 | u >> 6) ||
		    put_byte(buf, size, at, 0x80 | (u & 0x3f)) ? -1 : 0;
	if (u < 0x10000)
		return put_byte(buf, size, at, 0xe0 | u >> 12) ||
		    put_byte(buf, size, at, 0x80 | (u >> 6 & 0x3f)) ||
		    put_byte(buf, size, at, 0x80 | (u & 0x3f)) ? -1 : 0;
	return put_byte(buf, size, at, 0xf0 | u >> 18) ||
	    put_byte(buf, size, at, 0x80 | (u >> 12 & 0x3f)) ||
	    put_byte(buf, size, at, 0x80 | (u >> 6 & 0x3f)) ||
	    put_byte(buf, size, at, 0x80 | (u & 0x3f)) ? -1 : 0;
}

/* Returns the byte escape \C stands for (not \u), or -1. */
static int
escaped(char c)
{
	switch (c) {
	case '"':
	case '\\':
	case '/':
		return c;
	case 'b':
		return '\b';
	case 'f':
		return '\f';
	case 'n':
		return '\n';
	case 'r':
		return '\r';
	case 't':
		return '\t';
	}
	return -1;
}

/* Undo the escapes of the N bytes of string text S into BUF. Returns 0 or -1. */
static int
unescape(const char *s, size_t n, char *buf, size_t size, size_t *at)
{
	const char *end = s + n;
	long u, lo;
	int c;

	for (; s < end; s++) {
		if (*s != '\\') {
			if (put_byte(buf, size, at, (unsigned char)*s) != 0)
				return -1;
			continue;
		}
		if (++s == end)
			return -1;
		if ((c = escaped(*s)) >= 0) {
			if (put_byte(buf, size, at, (unsigned long)c) != 0)
				return -1;
			continue;
		}
		if (*s != 'u' || end - s < 5 || (u = hex4(s + 1)) < 0)
			return -1;
		s += 4;
		/* A high surrogate takes the low one after it. */
		if (u >= 0xd800 && u <= 0xdbff) {
			if (end - s < 7 || s[1] != '\\' || s[2] != 'u' ||
			    (lo = hex4(s + 3)) < 0xdc00 || lo > 0xdfff)
				return -1;
			u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
			s += 6;
		} else if (u >= 0xdc00 && u <= 0xdfff)
			return -1;
		if (put_utf8(buf, size, at, (unsigned long)u) != 0)
			return -1;
	}
	return 0;
}

int
jr_bytes(const struct jr_doc *d, const struct jr_val *v, char *buf,
    size_t size)
{
	const struct jr_val *b;
	uint64_t x;
	size_t at = 0;

	if (size == 0 || v == NULL)
		return -1;
	if (v->type == JR_STR) {
		if (unescape(v->s, v->n, buf, size, &at) != 0)
			return -1;
	} else if (v->type == JR_ARR) {
		for (b = jr_first(d, v); b != NULL; b = jr_next(d, b))
			if (jr_u64(b, &x) != 0 || x > 255 ||
			    put_byte(buf, size, &at, (unsigned long)x) != 0)
				return -1;
	} else
		return -1;
	buf[at] = '\0';
	return 0;
}
