/* SPDX-License-Identifier: GPL-2.0-or-later */
/* record.h - a recording of --watch: metadata, samples and two captures */
#ifndef FRAGSTAT_RECORD_H
#define FRAGSTAT_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "capture.h"
#include "ferr.h"
#include "safedir.h"

/* The file that makes a directory a recording, and the samples' file. */
#define RECORD_META	"fragstat-recording"
#define RECORD_SAMPLES	"samples.ndjson"

/*
 * Room kept under PATH_MAX for the paths inside a recording: "/", then
 * during/N staged as "during/.N.XXXXXX/" (7 + 20 + 8 + 1 = 36 bytes, N
 * at most 20 digits; "..last-new.XXXXXX/" is shorter), then the longest
 * path inside a capture (170): 1 + 36 + 170 = 207.
 */
#define RECORD_INSIDE_ROOM \
	(1 + sizeof(RECORD_DURING "/") - 1 + 20 + SAFEDIR_TMP_EXTRA + 1 + \
	    CAPTURE_INSIDE_LONGEST)

/* How often, at most, last/ is replaced during a run (and once at its end). */
#define RECORD_LAST_EVERY_S	60

/* What a recording is made of and from. */
struct record_opts {
	const char	*dir;		/* the recording, must not exist */
	const char	*src;		/* root to capture, NULL: live */
	unsigned long	 page_size;
	const char	*release;	/* "" when unknown */
	unsigned	 interval_ms;
	unsigned long	 count;		/* 0: until interrupted */
	const unsigned	*orders;
	size_t		 norders;
	unsigned	 pageblock_order;
	bool		 migratetypes, events;
	const char	*command;	/* its metadata lines (record_command_write()); NULL: none */
	unsigned long	 captures_every;	/* also capture every Nth sample; 0: never */
	unsigned long	 map_every;	/* a map summary every Nth sample; 0: never */
	uint64_t	 map_ms;	/* what one map took when measured */
	const char	*trigger;	/* a window of --trigger KIND; NULL: not */
	unsigned long	 before, after;	/* its --before and --after */
	const char	*fired;		/* what opened the window */
};

/* Where --map-every keeps its map summaries, one JSON line each. */
#define RECORD_MAPS	"map.ndjson"

/* Where --captures-every keeps its captures: DIR/during/N for sample N. */
#define RECORD_DURING	"during"


struct record;

/*
 * Append the LEN bytes of LINE to file NAME of recording R, synced.
 * Returns 0, or -1 with E set.
 */
int	record_append(struct record *r, const char *name, const char *line,
	    size_t len, struct ferr *e);

/*
 * Create the recording O->dir atomically (metadata, first/ and an empty
 * samples file under a temporary name beside it, then renamed) and open its
 * samples for appending. Its parent must pass safedir_parent()'s checks;
 * the recording is held open and written only through its descriptor. Returns 0 with *RP set, or -1 with E set (nothing
 * is left behind).
 */
int	record_open(struct record **rp, const struct record_opts *o,
	    struct ferr *e);

/*
 * record_open() of the new recording NAME in the open directory DFD
 * (checked by safedir.h), O->dir being its path in messages.
 */
int	record_open_at(struct record **rp, const struct record_opts *o,
	    int dfd, const char *name, struct ferr *e);

/*
 * Append a sample as one whole line, written by WRITE(fp, ARG) (the
 * caller's renderer: a recording holds what --watch --json prints),
 * flushed and synced before returning, and replace last/ when
 * RECORD_LAST_EVERY_S passed. Returns 0 or -1.
 */
int	record_sample(struct record *r, void (*write)(FILE *, const void *),
	    const void *arg, struct ferr *e);

/*
 * Add to R's metadata the exit status STATUS of its command, the signal
 * SIG that killed it (0: none) and the command's wall time WALL_MS,
 * replacing the file in one rename. Returns 0 or -1 with E set.
 */
int	record_end(struct record *r, int status, int sig, uint64_t wall_ms,
	    struct ferr *e);

/* Replace last/ a final time and close R (NULL: nothing). Returns 0 or -1. */
int	record_close(struct record *r, struct ferr *e);

/* Returns whether directory DIR holds a recording. */
bool	record_is(const char *dir);

/* record_is() of the directory open as DFD, its metadata not followed through a link. */
bool	record_is_at(int dfd);

/* Returns whether DIR is not a recording but holds some (the runs of an experiment). */
bool	record_set_is(const char *dir);

#endif
