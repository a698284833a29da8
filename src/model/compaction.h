/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compaction.h - what --compact decided and did, as its renderers are handed it */
#ifndef FRAGSTAT_COMPACTION_H
#define FRAGSTAT_COMPACTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The file whose write compacts node N (the kernel's sysfs_compact_node()):
 * "%u" for snprintf, "N" for people; and the one that compacts every
 * node, where there is no per-node file (without CONFIG_NUMA;
 * sysctl_compaction_handler()).
 */
#define COMPACTION_NODE_PATH(n)	"/sys/devices/system/node/node" n "/compact"
#define COMPACTION_NODE_FILE	COMPACTION_NODE_PATH("%u")
#define COMPACTION_ALL_FILE	"/proc/sys/vm/compact_memory"

/* The size of COMPACTION_NODE_FILE with the widest node number and its nul. */
#define COMPACTION_NODE_FILE_SIZE \
	(sizeof(COMPACTION_NODE_FILE) - sizeof("%u") + sizeof("4294967295"))

struct compaction {
	const unsigned	*nodes;		/* compacted (or, not compacting, to compact) */
	size_t		 n;
	bool		 dry_run, force;	/* as asked */
	bool		 all;		/* through COMPACTION_ALL_FILE, not per node */
	uint64_t	 ms;		/* how long the writes took */
};

#endif
