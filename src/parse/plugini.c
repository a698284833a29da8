/* SPDX-License-Identifier: GPL-2.0-or-later */
/* plugini.c - the monitoring plugins' ini file of --extra-opts: a section's lines as options */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "plugini.h"
#include "text.h"

/* Set *S and *N to the N bytes at S without the blanks around them. */
static void
trim(const char **s, size_t *n)
{
	while (*n > 0 && ((*s)[0] == ' ' || (*s)[0] == '\t')) {
		(*s)++;
		(*n)--;
	}
	while (*n > 0 && ((*s)[*n - 1] == ' ' || (*s)[*n - 1] == '\t'))
		(*n)--;
}

/*
 * Append to P's words DASHES, the KN bytes at KEY, and when VN is not 0
 * SEP and the VN bytes at VAL, then a NUL. Returns 0 or -ENOMEM.
 */
static int
add(struct plugini *p, const char *dashes, const char *key, size_t kn,
    const char *sep, const char *val, size_t vn)
{
	size_t dn = strlen(dashes), sn = vn ? strlen(sep) : 0;
	char *nb = realloc(p->buf, p->len + dn + kn + sn + vn + 1), *w;

	if (nb == NULL)
		return -ENOMEM;
	p->buf = nb;
	w = p->buf + p->len;
	memcpy(w, dashes, dn);
	memcpy(w + dn, key, kn);
	memcpy(w + dn + kn, sep, sn);
	memcpy(w + dn + kn + sn, val, vn);
	w[dn + kn + sn + vn] = '\0';
	p->len += dn + kn + sn + vn + 1;
	p->n++;
	return 0;
}

/*
 * Returns whether the N bytes at S name an option: letters, digits and
 * '-', not '-' first (a key "-" would make "--", the end of the options).
 */
static bool
name_ok(const char *s, size_t n)
{
	size_t i;

	if (n == 0 || s[0] == '-')
		return false;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '-')
			return false;
	return true;
}

/*
 * Add the option of line L (S, N bytes, trimmed), "KEY = VALUE", to P.
 * Returns 0, or -1 with E set.
 */
static int
option(struct plugini *p, unsigned long l, const char *s, size_t n,
    struct ferr *e)
{
	const char *eq = memchr(s, '=', n), *key = s, *val;
	size_t kn, vn;
	int rc;

	if (eq == NULL || eq == s)
		return ferr_set(e, l, "not an option: a line of a section is "
		    "KEY = VALUE, or KEY = for an option without one");
	kn = (size_t)(eq - s);
	val = eq + 1;
	vn = n - kn - 1;
	trim(&key, &kn);
	trim(&val, &vn);
	if (!name_ok(key, kn))
		return ferr_set(e, l, "not an option's name: letters, digits "
		    "and '-', a letter or digit first");
	/* A word "--" would end the options: what follows would be a command. */
	if (kn == 1 && vn == 2 && memcmp(val, "--", 2) == 0)
		return ferr_set(e, l, "'--' as a one-letter option's value: it "
		    "would end the options");
	/* A letter: -K and VALUE, two words, as getopt reads a short option. */
	if (kn == 1)
		rc = add(p, "-", key, 1, "", "", 0) != 0 ||
		    (vn > 0 && add(p, "", val, vn, "", "", 0) != 0);
	else
		rc = add(p, "--", key, kn, "=", val, vn);
	if (rc != 0)
		return ferr_set(e, l, "out of memory");
	p->nopts++;
	return 0;
}

int
plugini_parse(const char *buf, size_t len, const char *section,
    struct plugini *p, struct ferr *e)
{
	enum { NONE, OTHER, OURS } in = NONE;
	bool found = false;
	struct lines l;
	const char *s;
	size_t n;
	int rc;

	memset(p, 0, sizeof(*p));
	lines_init(&l, buf, len);
	while ((rc = lines_next(&l, &s, &n, e)) == 1) {
		trim(&s, &n);
		if (n == 0 || s[0] == '#' || s[0] == ';')
			continue;
		if (s[0] == '[') {
			if (s[n - 1] != ']') {
				rc = ferr_set(e, l.no, "a section's name ends "
				    "with ']'");
				break;
			}
			s++;
			n -= 2;
			trim(&s, &n);
			in = strlen(section) == n && memcmp(s, section, n) == 0 ?
			    OURS : OTHER;
			found |= in == OURS;
		} else if (in == NONE) {
			rc = ferr_set(e, l.no, "an option before every [section]");
			break;
		} else if (in == OURS && (rc = option(p, l.no, s, n, e)) != 0)
			break;
	}
	if (rc == 0 && !found)
		rc = ferr_set(e, 0, "no section [%s]", section);
	if (rc != 0)
		plugini_free(p);
	return rc;
}

void
plugini_free(struct plugini *p)
{
	free(p->buf);
	memset(p, 0, sizeof(*p));
}
