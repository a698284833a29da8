/* SPDX-License-Identifier: GPL-2.0-or-later */
/* record_command.c - a command's run in a recording's metadata: its arguments exact, and a line sh reads back */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonr.h"
#include "jsonw.h"
#include "record_command.h"
#include "text.h"

int
record_command_write(char *const *argv, size_t size, char **out)
{
	struct jsonw w;
	bool one_line = true;
	char *line;
	size_t len, i;
	FILE *fp;
	int rc;

	*out = NULL;
	if ((line = malloc(size)) == NULL)
		return -1;
	/* The line is what the reader makes of "argv": it must fit, one line or not. */
	if (text_sh_quote(line, size, argv) != 0 ||
	    (fp = open_memstream(out, &len)) == NULL) {
		free(line);
		return -1;
	}
	fputs("argv ", fp);
	jw_init_compact(&w, fp);
	jw_array(&w, true);
	for (i = 0; argv[i] != NULL; i++) {
		jw_bytes(&w, argv[i]);
		one_line &= strpbrk(argv[i], "\n\r") == NULL;
	}
	jw_end(&w);
	rc = jw_finish(&w);
	if (ftell(fp) > RECORD_ARGV_MAX)
		rc = -1;
	if (one_line)
		fprintf(fp, "command %s\n", line);
	free(line);
	if (fclose(fp) != 0 || rc != 0) {
		free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}

int
record_command_read(const char *s, size_t n, char *buf, size_t size,
    char *args, size_t args_size, size_t *args_len, unsigned long line,
    struct ferr *e)
{
	char *argv[RECORD_ARGV_MAX / 3 + 1];
	const struct jr_val *a;
	struct jr_doc d;
	const char *what;
	size_t col, at = 0, k = 0;
	int rc = -1;

	memset(&d, 0, sizeof(d));
	if (jr_parse(&d, s, n, &col, &what) != 0 || d.v[0].type != JR_ARR)
		goto out;
	/* Each argument takes 3 bytes of the line at least: "",. */
	for (a = jr_first(&d, &d.v[0]); a != NULL; a = jr_next(&d, a)) {
		if (k == RECORD_ARGV_MAX / 3 || at >= args_size ||
		    jr_bytes(&d, a, args + at, args_size - at) != 0)
			goto out;
		argv[k++] = args + at;
		at += strlen(args + at) + 1;
	}
	argv[k] = NULL;
	if (k > 0 && text_sh_quote(buf, size, argv) == 0)
		rc = 0;
out:
	jr_free(&d);
	*args_len = rc == 0 ? at : 0;
	if (rc != 0)
		return ferr_set(e, line, "argv is not the JSON array of a "
		    "command's arguments that fragstat writes");
	return 0;
}
