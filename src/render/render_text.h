/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_text.h - the text views of a snapshot: the summary, the table, the advice in words, text folded */
#ifndef FRAGSTAT_RENDER_TEXT_H
#define FRAGSTAT_RENDER_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "report.h"

struct advice;
struct zadvice;

/* The columns of a line of the text views (a terminal's 80). */
#define RENDER_WIDTH	80

/*
 * Print PREFIX and TEXT folded at spaces into lines of at most
 * RENDER_WIDTH - 1 columns (colour sequences take none; render_fold.c).
 */
void	render_fold(FILE *fp, const char *prefix, const char *text);

/*
 * A sentence built in parts, of any length (start it zeroed):
 * render_say() appends the formatted text; render_said() prints it after
 * PREFIX folded as render_fold() does, and frees it. Returns 0, or -1 after
 * ferr_nomem() when memory ran out while it was built (nothing printed).
 */
struct render_sentence {
	char		*s;
	size_t		 n;
	bool		 failed;
};
void	render_say(struct render_sentence *t, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
int	render_said(struct render_sentence *t, FILE *fp, const char *prefix);

/*
 * Returns T's text for the caller to free (NULL when nothing was said),
 * or NULL after ferr_nomem() when memory ran out; T is empty again.
 */
char	*render_sentence_take(struct render_sentence *t);

/* A line of items that wraps at RENDER_WIDTH columns, going on at its indent. */
struct render_items {
	FILE		*fp;
	size_t		 col, indent;
};

/* Start a line of items of T with "  " and LABEL, up to column INDENT. */
void	render_items_start(struct render_items *t, FILE *fp, const char *label,
	    size_t indent);

/* Add ITEM to T, SEP before it unless it starts a line. */
void	render_items_add(struct render_items *t, const char *sep,
	    const char *item);

/* Say to T a sentence saying why A's verdict is what it is. */
void	render_advice_say(struct render_sentence *t, const struct report *r,
	    const struct zadvice *a);

/*
 * Returns render_advice_say()'s sentence for A whole, for the caller to free: a
 * picture's tooltip. NULL after ferr_nomem() when memory ran out.
 */
char	*render_advice_text(const struct report *r, const struct zadvice *a);

/*
 * Say to T what R->map says full compaction could make for A, a compact
 * verdict at an order the map bounds; returns whether there is one. The
 * verdict stays the kernel's: this only adds the ceiling beside it.
 */
bool	render_advice_ceiling(struct render_sentence *t, const struct report *r,
	    const struct zadvice *a);

/* Returns the words of the advice table for kcompactd's state S: "working now", ... */
const char *render_kcompactd_words(enum kcompactd_state s);

/*
 * Returns in BUF what two reads of vmstat MS milliseconds apart saw of
 * kcompactd (SEEN): "its scan counters moved in the last 0.200 s", or
 * "... did not move ..."; NULL when not seen (one snapshot).
 */
const char *render_kcompactd_seen(char *buf, size_t size,
	    enum kcompactd_seen seen, uint64_t ms);

/* Returns kcompactd as SEEN shows it: "working" or "not seen working". */
const char *render_kcompactd_seen_word(enum kcompactd_seen seen);

/* Say to T what ADV assumed, in clauses joined by "; " (nothing when nothing). */
void	render_advice_assumed(struct render_sentence *t,
	    const struct advice *adv);

/* The advice part of the table, with attributes BOLD and OFF around headings. */
void	render_advice_table(FILE *fp, const struct report *r, const char *bold,
	    const char *off);

/* The human-readable table (--detail). */
void	render_table(FILE *fp, const struct report *r);

/* The default view: the verdict first, then one line per zone (needs R->advice). */
void	render_summary(FILE *fp, const struct report *r);

/* The summary's zone table: its columns, as its header names them. */
enum { SUMMARY_COL_NODE, SUMMARY_COL_ZONE, SUMMARY_COL_FREE,
	SUMMARY_COL_PAGEBLOCKS, SUMMARY_COL_NOW, SUMMARY_COL_SCORE,
	SUMMARY_COL_FRAGINDEX, SUMMARY_COL_VERDICT, SUMMARY_NCOLS };
extern const char *const summary_columns[SUMMARY_NCOLS];

/* Print the summary's next step for R's worst verdict and judgement (render_next.c). */
void	render_next_step(FILE *fp, const struct report *r);

#endif
