/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compaction.h - what --compact decided and did, as its renderers are handed it */
#ifndef FRAGSTAT_COMPACTION_H
#define FRAGSTAT_COMPACTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct compaction {
	const unsigned	*nodes;		/* compacted (or, not compacting, to compact) */
	size_t		 n;
	bool		 dry_run, force;	/* as asked */
	const char	*method;	/* the file(s) written: "" when none */
	uint64_t	 ns;		/* how long the writes took */
};

#endif
