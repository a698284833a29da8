/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_plugini.c - libFuzzer harness for plugini_parse(), the ini file of --extra-opts */

#include "config.h"
#include <string.h>

#include "fuzz.h"
#include "plugini.h"

/* The section the harness reads, as --extra-opts does by default. */
#define SECTION	"fragstat"

/* Returns whether W is a one-letter option's word, "-K". */
static bool
letter(const char *w)
{
	return w[0] == '-' && w[1] != '\0' && w[1] != '-' && w[2] == '\0';
}

/*
 * Write P's words back as the lines of a section: "--KEY=VALUE" as
 * KEY=VALUE, "--KEY" as KEY=, "-K" and a word not an option's as K=WORD,
 * "-K" alone as K=. Returns false, writing nothing, where a one-letter
 * option is followed by a word starting with '-': its value, or the next
 * option, which the words alone cannot tell.
 */
static bool
reprint(FILE *fp, const struct plugini *p)
{
	const char *w = p->buf, *next;
	size_t i;

	for (i = 0; i + 1 < p->n; i++, w += strlen(w) + 1)
		if (letter(w) && w[strlen(w) + 1] == '-')
			return false;
	fprintf(fp, "[" SECTION "]\n");
	for (i = 0, w = p->buf; i < p->n; i++, w += strlen(w) + 1) {
		next = w + strlen(w) + 1;
		if (letter(w) && i + 1 < p->n) {
			fprintf(fp, "%c=%s\n", w[1], next);
			i++;
			w = next;
		} else if (letter(w))
			fprintf(fp, "%c=\n", w[1]);
		else
			fprintf(fp, "%s%s\n", w + 2, strchr(w, '=') ? "" : "=");
	}
	return true;
}

void
fuzz_plugini(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *w;
	struct ferr e = { .path = "fuzz" };
	struct plugini p, again;
	struct fuzz_mem m;
	size_t i, n = 0;
	bool printed;

	if (plugini_parse(s, size, SECTION, &p, &e) != 0) {
		/* The file as a whole (line 0): no section of ours in it. */
		if (e.line == 0)
			FUZZ_ASSERT(strcmp(e.msg, "no section [" SECTION "]") ==
			    0, "plugins.ini: at line 0: %s", e.msg);
		else
			fuzz_check_error(&e, s, size, "plugins.ini");
		return;
	}
	for (w = p.buf, i = 0; i < p.n; i++, w += strlen(w) + 1) {
		FUZZ_ASSERT(w[0] != '\0', "an empty word");
		FUZZ_ASSERT(strchr(w, '\n') == NULL, "a word with a newline");
		FUZZ_ASSERT(strcmp(w, "--") != 0, "a word '--' (the end of "
		    "the options)");
		n += strlen(w) + 1;
	}
	FUZZ_ASSERT(n == p.len, "%zu bytes of words, %zu found", p.len, n);
	FUZZ_ASSERT(p.n <= fuzz_lines(s, size) * 2, "more words than lines "
	    "can make");
	fuzz_mem_open(&m);
	printed = reprint(m.fp, &p);
	fuzz_mem_close(&m);
	if (printed && plugini_parse(m.buf, m.len, SECTION, &again, &e) != 0)
		fuzz_fail("reprinted section rejected at line %lu: %s", e.line,
		    e.msg);
	if (printed) {
		FUZZ_ASSERT(again.len == p.len && (p.len == 0 ||
		    memcmp(again.buf, p.buf, p.len) == 0), "reprinted section "
		    "reads back differently");
		plugini_free(&again);
	}
	plugini_free(&p);
	fuzz_mem_free(&m);
}

#ifndef FUZZ_REPLAY
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_plugini(data, size);
	return 0;
}
#endif
