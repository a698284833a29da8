/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verification.h - what --verify found, as its renderers are handed it */
#ifndef FRAGSTAT_VERIFICATION_H
#define FRAGSTAT_VERIFICATION_H

#include <stdbool.h>
#include <stddef.h>

/* How one of the kernel's index files and fragstat's rendering of it differ. */
struct kfile_diff {
	const char	*name;		/* "unusable_index", "extfrag_index" */
	const char	*path;		/* the kernel's file read */
	bool		 equal;
	unsigned long	 line;		/* the first that differs (1-based) */
	const char	*kernel, *mine;	/* that line of each */
	long		 nkernel, nmine;	/* their lengths, -1: past the end */
};

/* The kernel's index files --verify compares: unusable_index, extfrag_index. */
#define VERIFICATION_NFILES	2

/* Both files compared, and what they were compared over. */
struct verification {
	struct kfile_diff	 files[VERIFICATION_NFILES];
	size_t			 zones;
	unsigned		 orders;
	bool			 live;		/* buddyinfo was read around them */
	int			 reads;		/* of buddyinfo, when live */
};

/* Returns whether every file of V is identical to fragstat's rendering of it. */
bool	verification_identical(const struct verification *v);

#endif
