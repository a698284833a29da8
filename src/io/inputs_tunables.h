/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inputs_tunables.h - the settings of the machine the files are from */
#ifndef FRAGSTAT_INPUTS_TUNABLES_H
#define FRAGSTAT_INPUTS_TUNABLES_H

#include "ferr.h"
#include "inputs_data.h"

/*
 * Read into IN what --advise uses beside the kernel files, from O's root
 * (or the live system): the sysctls extfrag_threshold,
 * compaction_proactiveness and defrag_mode, the PMD size and THP sizes,
 * and the hugetlb pools (IN's capture metadata read first). Absent
 * settings are left unknown. Returns 0, or -1 with E set.
 */
int	inputs_tunables(const struct input_opts *o, struct inputs *in,
	    struct ferr *e);

#endif
