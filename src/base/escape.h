/* SPDX-License-Identifier: GPL-2.0-or-later */
/* escape.h - the one escaper core of the JSON and SVG writers */
#ifndef FRAGSTAT_ESCAPE_H
#define FRAGSTAT_ESCAPE_H

#include <stdio.h>

/* Room a rule may use in BUF for a replacement it formats. */
#define ESC_BUF	16

/*
 * A format's rule: returns what to write instead of the character at S,
 * *N bytes long (0: a byte that starts no valid UTF-8 sequence), or NULL
 * to write it as it is. The rule may format its answer into BUF, and set
 * *N to 0 to replace only the first byte of a sequence it refuses.
 */
typedef const char *esc_rule(const unsigned char *s, int *n, char *buf);

/*
 * Write S to FP, each character as RULE says. Printable ASCII other than
 * " & ' < > and \ is written as it is without asking RULE; characters
 * kept are written in runs, one fwrite() each, not byte by byte.
 */
void	esc_write(FILE *fp, const char *s, esc_rule *rule);

#endif
