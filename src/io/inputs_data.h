/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inputs_data.h - what a run asks to read (struct input_opts), and what it read (struct inputs) */
#ifndef FRAGSTAT_INPUTS_DATA_H
#define FRAGSTAT_INPUTS_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "model.h"

/* Which files to read and where from. */
struct input_opts {
	const char	*sysroot;	/* NULL: the live files */
	const char	*buddyinfo, *pagetypeinfo, *pressure, *zoneinfo;
	const char	*kernel;	/* --kernel, or NULL */
	bool		 want_pti, want_psi;
	bool		 want_advise;	/* zoneinfo, sysctls, THP, hugetlb, vmstat */
	bool		 want_zoneinfo;	/* zoneinfo, without advice */
	bool		 want_vmstat;
	bool		 no_release;	/* the output depends on no release */
	bool		 watching;	/* --watch: the cheap THP stats, vmstat
					 * only with want_vmstat */
	unsigned long	 page_size;
	const struct thp_rules *thp;	/* kernel/'s; NULL: every THP size off */
};

#define INPUTS_MAX_NOTES	8
#define INPUTS_MAX_THP		FRAG_MAX_ORDERS

struct inputs {
	char			*bpath, *ppath, *spath, *zpath, *rpath, *vpath, *mpath;
	struct buddyinfo	 bi;
	struct frag		*frag;		/* one per bi.zones[]: load_inputs() */
	struct pagetypeinfo	 pti;
	long			*pti_zone;	/* per bi zone: pti index or -1 */
	struct psi		 psi;
	struct zoneinfo		 zi;
	struct vmstat		 vm;
	bool			 have_pti, have_psi, have_zi, have_vm;
	struct timespec		 vm_at;		/* CLOCK_MONOTONIC when vmstat was read */
	char			*mipath;	/* /proc/meminfo, or NULL */
	struct meminfo		 mi;
	bool			 have_mi;	/* with zoneinfo, when readable */
	struct hugetlb		 huge;		/* with advice: the hugetlb pools */
	bool			 have_hugetlb;	/* the kernel has hugetlb sizes */
	bool			 hugetlb_known;	/* read: which sizes it has is known */
	bool			 is_capture;	/* the root is a capture of fragstat's */
	bool			 capture_no_hugetlb;	/* its metadata says so */
	char			 release[KVER_MAX_LEN + 1];	/* "" when unknown */
	long			 threshold;	/* sysctls, -1 when absent */
	long			 proactiveness;
	long			 defrag_mode;	/* vm.defrag_mode (6.15+), -1 when absent */
	long			 pmd_order;	/* from THP hpage_pmd_size, or -1 */
	unsigned long		 capture_page_size;	/* from a capture's metadata, or 0 */
	struct thp		 thp;		/* with advice: the THP sizes */
	bool			 have_thp;	/* the kernel has THP */
	unsigned		 thp_orders[INPUTS_MAX_THP];	/* of the sizes on */
	size_t			 nthp_orders;
	char			*notes[INPUTS_MAX_NOTES];	/* optional files not read */
	int			 nnotes;
};

#endif
