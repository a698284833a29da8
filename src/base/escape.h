/* SPDX-License-Identifier: GPL-2.0-or-later */
/* escape.h - the one escaper core of the JSON and SVG writers, and text read from files for a terminal */
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
 * " & ' < > and \ is written as it is without asking RULE, by
 * putc_unlocked(): FP is written by one thread.
 */
void	esc_write(FILE *fp, const char *s, esc_rule *rule);

/*
 * Write S, text read from a file (a recording's hostname, release or
 * command), for a terminal: printable ASCII and UTF-8 as they are, each
 * control byte (C0, DEL, C1 as UTF-8) and byte that starts no valid UTF-8
 * sequence as \xNN, so that no file can move the cursor, retitle the
 * window or ring the bell. The one quoting of the text views; JSON and
 * SVG escape with their own rules.
 */
void	esc_text(FILE *fp, const char *s);

#endif
