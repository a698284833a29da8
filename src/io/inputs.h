/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inputs.h - find, read and parse every file one run needs */
#ifndef FRAGSTAT_INPUTS_H
#define FRAGSTAT_INPUTS_H

#include <stdbool.h>

#include "ferr.h"
#include "model.h"

/*
 * The kernel's files a run reads and a capture copies, as paths under the
 * root ("/"-led, as inputs_path() joins them). The last four only a
 * capture keeps, for whoever reads it later.
 */
#define INPUTS_BUDDYINFO	"/proc/buddyinfo"
#define INPUTS_PAGETYPEINFO	"/proc/pagetypeinfo"
#define INPUTS_ZONEINFO		"/proc/zoneinfo"
#define INPUTS_VMSTAT		"/proc/vmstat"
#define INPUTS_MEMINFO		"/proc/meminfo"
#define INPUTS_PSI		"/proc/pressure/memory"
#define INPUTS_OSRELEASE	"/proc/sys/kernel/osrelease"
#define INPUTS_EXTFRAG_THRESHOLD "/proc/sys/vm/extfrag_threshold"
#define INPUTS_PROACTIVENESS	"/proc/sys/vm/compaction_proactiveness"
#define INPUTS_DEFRAG_MODE	"/proc/sys/vm/defrag_mode"
#define INPUTS_PMD_SIZE		"/sys/kernel/mm/transparent_hugepage/hpage_pmd_size"
#define INPUTS_MIN_FREE_KBYTES	"/proc/sys/vm/min_free_kbytes"
#define INPUTS_WATERMARK_SCALE	"/proc/sys/vm/watermark_scale_factor"
#define INPUTS_THP_ENABLED	"/sys/kernel/mm/transparent_hugepage/enabled"
#define INPUTS_THP_DEFRAG	"/sys/kernel/mm/transparent_hugepage/defrag"

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

/*
 * Read and parse what O asks for into IN. Optional files that cannot be
 * read become notes. Returns 0, or -1 with E set. E holds its own copy
 * of every path it names (ferr_keep_path()): it outlives inputs_free(),
 * whether this load failed or a later step reuses E.
 */
int	inputs_load(const struct input_opts *o, struct inputs *in,
	    struct ferr *e);
void	inputs_free(struct inputs *in);

/*
 * Ask the C library to keep freed memory for the next inputs_load(), as
 * --watch and batches load again and again: a large machine's inputs are
 * megabytes, and giving them back to the kernel after every load means
 * faulting every page in again at the next. A no-op without mallopt().
 */
void	inputs_keep_memory(void);

/* Returns a malloc'd "ROOT/REL", or REL (the live path) when ROOT is NULL. */
char	*inputs_path(const char *root, const char *rel);

/* Returns a malloc'd "DIR/NAME", as long as it is, or NULL when out of memory. */
char	*inputs_join(const char *dir, const char *name);

/*
 * Write "DIR/NAME" into BUF, PATH_MAX bytes. Returns 0, or -1 with E set
 * on DIR when it is longer: a cut path is never read.
 */
int	inputs_join_max(char *buf, const char *dir, const char *name,
	    struct ferr *e);

/*
 * The kernel release for O into BUF: --kernel, the root's osrelease (its
 * path saved in *RPATH, malloc'd), or the running kernel. Returns 1 when
 * known, 0 when not (no osrelease), -1 with E set when osrelease cannot be
 * read or is malformed (empty, not one line of printable ASCII).
 */
int	inputs_release(const struct input_opts *o, char *buf, size_t size,
	    char **rpath, struct ferr *e);

#endif
