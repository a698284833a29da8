/* SPDX-License-Identifier: GPL-2.0-or-later */
/* record_command.h - a command's run in a recording's metadata: its arguments exact, and a line sh reads back */
#ifndef FRAGSTAT_RECORD_COMMAND_H
#define FRAGSTAT_RECORD_COMMAND_H

#include <stddef.h>

#include "ferr.h"
#include "recording.h"

/* The longest "argv" line the metadata keeps, newline included. */
#define RECORD_ARGV_MAX		EXPERIMENT_MAX_ARGV

/*
 * Set *OUT to the metadata lines of a run of ARGV (NULL-terminated;
 * malloc'd, the caller frees): "argv" and the arguments as a JSON array on
 * one line, each exact (jw_bytes(): a string, or its bytes where it is not
 * UTF-8); then, where no argument holds a newline or a carriage return
 * (either would end the metadata's line), "command" and the line a POSIX sh
 * reads back as the same words (text_sh_quote()), for people and for
 * readers of the recordings before "argv". Returns 0, or -1 when the lines
 * do not fit what a recording keeps (RECORD_ARGV_MAX, SIZE bytes for the
 * command line as the reader shows it) or out of memory.
 */
int	record_command_write(char *const *argv, size_t size, char **out);

/*
 * Read the value of an "argv" line, the N bytes at S, into BUF (SIZE
 * bytes) as the line a POSIX sh reads back as the same words, and into
 * ARGS (ARGS_SIZE bytes) as the arguments, each ended by a NUL, *ARGS_LEN
 * bytes in all. Returns 0, or -1 with E set (line LINE) when it is not a
 * JSON array of arguments or does not fit.
 */
int	record_command_read(const char *s, size_t n, char *buf, size_t size,
	    char *args, size_t args_size, size_t *args_len, unsigned long line,
	    struct ferr *e);

#endif
