/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inputs_tunables.c - the settings of the machine the files are from: sysctls, THP sizes, hugetlb pools */
#include "config.h"

#include <stdlib.h>

#include "advice.h"
#include "hugetlb.h"
#include "inputs_path.h"
#include "inputs_tunables.h"
#include "pageorder.h"
#include "thp.h"
#include "tunables.h"
#include "valuefile.h"

/* Returns the malloc'd root path REL, or NULL with E set. */
static char *
path_or_error(const struct input_opts *o, const char *rel, struct ferr *e)
{
	char *p = inputs_path(o->sysroot, rel);

	if (p == NULL)
		ferr_set(e, 0, "out of memory");
	return p;
}

/* What sysctl() asks of a file: a number in MIN..MAX, into *V. */
struct sysctl_ask {
	long	 min, max;
	long	*v;
};

/* valuefile_parse_fn of a sysctl: tunable_parse() as ARG (a struct sysctl_ask) asks. */
static int
sysctl_parse(void *arg, const char *buf, size_t len, struct ferr *e)
{
	struct sysctl_ask *a = arg;

	return tunable_parse(buf, len, a->min, a->max, a->v, e);
}

/* Read the sysctl REL (MIN..MAX) of O's root into *V, left alone when absent. Returns 0 or -1 with E set. */
static int
sysctl(const struct input_opts *o, const char *rel, long min, long max,
    long *v, struct ferr *e)
{
	struct sysctl_ask a = { min, max, v };
	char *p;
	int rc;

	if ((p = path_or_error(o, rel, e)) == NULL)
		return -1;
	rc = valuefile_read(p, sysctl_parse, &a, e);
	free(p);
	return rc < 0 ? -1 : 0;
}

/*
 * Store in IN's thp_orders (ascending, once each) the orders of the THP
 * sizes anonymous faults may allocate.
 */
static void
thp_orders(struct inputs *in)
{
	const struct thp_size *s;
	size_t i;

	in->nthp_orders = 0;
	for (i = 0; i < in->thp.n; i++) {
		s = &in->thp.sizes[i];
		/* The sizes are ascending: so are their orders. */
		if (s->on && s->order >= 0 && in->nthp_orders < INPUTS_MAX_THP)
			in->thp_orders[in->nthp_orders++] = (unsigned)s->order;
	}
}

/* Read the sysctls and THP settings --advise uses. Returns 0 or -1 with E set. */
static int
tunables(const struct input_opts *o, struct inputs *in, struct ferr *e)
{
	long bytes = -1;
	int rc;

	if (sysctl(o, INPUTS_EXTFRAG_THRESHOLD, 0, ADVISE_THRESHOLD_MAX,
	    &in->threshold, e) != 0 ||
	    sysctl(o, INPUTS_PROACTIVENESS, 0, ADVISE_PROACTIVENESS_MAX,
	    &in->proactiveness, e) != 0 ||
	    sysctl(o, INPUTS_DEFRAG_MODE, 0, 1, &in->defrag_mode, e) != 0 ||
	    sysctl(o, INPUTS_PMD_SIZE, 1, 1L << 40, &bytes, e) != 0)
		return -1;
	if (bytes > 0)
		in->pmd_order = pageorder_of(o->page_size, (uint64_t)bytes);
	if ((rc = thp_read(o->sysroot, o->page_size, in->pmd_order,
	    !o->watching, o->thp, &in->thp, e)) < 0)
		return -1;
	in->have_thp = rc == 1;
	thp_orders(in);
	return 0;
}

/* The pools of the machine the files are from, as the tunables. Returns 0, or -1 with E set. */
static int
hugetlb_pools(const struct input_opts *o, struct inputs *in, struct ferr *e)
{
	int rc;

	if ((rc = hugetlb_read(o->sysroot, o->page_size, &in->huge, e)) < 0)
		return -1;
	in->have_hugetlb = rc == 1;
	/*
	 * No hugepages directory: a kernel without hugetlb, unless a
	 * capture lacks it without saying so (made before captures
	 * stored the pools).
	 */
	in->hugetlb_known = rc == 1 || !in->is_capture ||
	    in->capture_no_hugetlb;
	return 0;
}

int
inputs_tunables(const struct input_opts *o, struct inputs *in,
    struct ferr *e)
{
	if (tunables(o, in, e) != 0 || hugetlb_pools(o, in, e) != 0)
		return -1;
	return 0;
}
