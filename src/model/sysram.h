/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sysram.h - the System RAM ranges of /proc/iomem */
#ifndef FRAGSTAT_SYSRAM_H
#define FRAGSTAT_SYSRAM_H

#include <stddef.h>
#include <stdint.h>

/* The System RAM ranges of /proc/iomem, as whole page frames [start, end). */
struct iomem {
	struct iomem_range {
		uint64_t	 start, end;	/* PFNs */
	}		*ram;
	size_t		 nram;			/* in file order (ascending) */
	size_t		 ram_cap;
};

/* Free IO's ranges (iomem_parse()). */
void	iomem_free(struct iomem *io);

#endif
