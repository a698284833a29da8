/* SPDX-License-Identifier: GPL-2.0-or-later */
/* outcome.c - what happened to THP allocations of one size, from the kernel's counters */
#include "config.h"

#include <string.h>

#include "outcome.h"

/* The stats/ files of each kind (mm/huge_memory.c, DEFINE_MTHP_STAT_ATTR). */
static const char *const stat_names[OUTCOME_NKINDS][3] = {
	{ "anon_fault_alloc", "anon_fault_fallback",
	    "anon_fault_fallback_charge" },
	{ "shmem_alloc", "shmem_fallback", "shmem_fallback_charge" },
};

/* Set *V from VM's counter C. Returns whether the kernel printed it. */
static bool
vm_get(const struct vmstat *vm, enum vm_counter c, uint64_t *v)
{
	if (vm == NULL || !(vm->have & (1u << c)))
		return false;
	*v = vm->v[c];
	return true;
}

void
outcome_of(const struct thp *t, const struct vmstat *vm,
    enum outcome_kind k, unsigned o, struct outcome *out)
{
	const struct thp_size *s = t ? thp_size_of(t, o) : NULL;
	const struct thp_counter *a, *f, *c;

	memset(out, 0, sizeof(*out));
	if (s != NULL && s->have_stats) {
		a = thp_counter(s, stat_names[k][0]);
		f = thp_counter(s, stat_names[k][1]);
		c = thp_counter(s, stat_names[k][2]);
		if (a != NULL && f != NULL) {
			out->known = true;
			out->alloc = a->v;
			out->fallback = f->v;
			out->have_charge = c != NULL;
			out->charge = c ? c->v : 0;
			return;
		}
	}
	/* Before the per-size stats: the PMD size's, in /proc/vmstat. */
	if (t == NULL || t->pmd_order != (long)o)
		return;
	if (k == OUTCOME_ANON) {
		out->known = vm_get(vm, VM_THP_FAULT_ALLOC, &out->alloc) &&
		    vm_get(vm, VM_THP_FAULT_FALLBACK, &out->fallback);
		out->have_charge = vm_get(vm, VM_THP_FAULT_FALLBACK_CHARGE,
		    &out->charge);
	} else {
		out->known = vm_get(vm, VM_THP_FILE_ALLOC, &out->alloc) &&
		    vm_get(vm, VM_THP_FILE_FALLBACK, &out->fallback);
	}
	out->from_vmstat = out->known;
}

bool
outcome_delta(const struct outcome *a, const struct outcome *b,
    struct outcome *d)
{
	*d = *b;
	d->known = a->known && b->known && a->from_vmstat == b->from_vmstat;
	d->have_charge = a->have_charge && b->have_charge;
	if (!d->known)
		return true;
	if (b->alloc < a->alloc || b->fallback < a->fallback ||
	    (d->have_charge && b->charge < a->charge)) {
		d->known = false;
		return false;
	}
	d->alloc = b->alloc - a->alloc;
	d->fallback = b->fallback - a->fallback;
	d->charge = d->have_charge ? b->charge - a->charge : 0;
	return true;
}

void
outcome_interval(const struct thp *pt, const struct vmstat *pvm,
    const struct thp *t, const struct vmstat *vm,
    struct outcome_interval *out)
{
	const struct thp_size *z;
	struct outcome a, b, d;
	enum outcome_kind k;
	size_t i;

	out->n = 0;
	for (i = 0; i < t->n; i++) {
		z = &t->sizes[i];
		if (z->order < 0 || !z->on)
			continue;
		for (k = 0; k < OUTCOME_NKINDS; k++) {
			outcome_of(pt, pvm, k, (unsigned)z->order, &a);
			outcome_of(t, vm, k, (unsigned)z->order, &b);
			if (!outcome_delta(&a, &b, &d) || !d.known)
				continue;
			out->v[out->n].size = z;
			out->v[out->n].kind = k;
			out->v[out->n].d = d;
			out->n++;
		}
	}
}

/*
 * The kernel counts a charge failure as a fallback too: the PMD size's
 * vma_alloc_anon_folio_pmd() (__do_huge_pmd_anonymous_page() before 6.12,
 * mm/huge_memory.c) does count_vm_event(THP_FAULT_FALLBACK) and then
 * THP_FAULT_FALLBACK_CHARGE when mem_cgroup_charge() fails, with the
 * per-size ANON_FAULT_FALLBACK and ANON_FAULT_FALLBACK_CHARGE beside;
 * mm/memory.c's alloc_anon_folio() counts ANON_FAULT_FALLBACK_CHARGE and
 * goes on to count ANON_FAULT_FALLBACK; shmem_alloc_and_add_folio()
 * (mm/shmem.c) counts SHMEM_FALLBACK with SHMEM_FALLBACK_CHARGE. The two
 * counters are read one after the other: never below zero.
 */
uint64_t
outcome_allocator_fallbacks(const struct outcome *d)
{
	if (!d->have_charge)
		return d->fallback;
	return d->charge < d->fallback ? d->fallback - d->charge : 0;
}

bool
outcome_disagrees(enum verdict v, const struct outcome *d)
{
	uint64_t asked = d->alloc + d->fallback;
	uint64_t failed = outcome_allocator_fallbacks(d);

	if (!d->known || asked == 0)
		return false;
	/* "ok", yet the allocator failed more than one in 20 (5%). */
	if (v == VERDICT_OK)
		return failed > asked / 20;
	return (v == VERDICT_COMPACT || v == VERDICT_RECLAIM) && failed == 0;
}

const char *
outcome_kind_name(enum outcome_kind k)
{
	return k == OUTCOME_ANON ? "THP faults" : "shmem THP";
}

bool
outcome_pmd_on(const struct thp *t)
{
	const struct thp_size *z;

	if (t == NULL || t->pmd_order < 0)
		return true;
	/* Without the size's own file, the top "enabled" decides. */
	if ((z = thp_size_of(t, (unsigned)t->pmd_order)) == NULL)
		return strcmp(t->top, "never") != 0;
	return z->on;
}

const char *
outcome_stat_outcome(const char *name, const char *k)
{
	size_t n = strlen(k);

	if (strncmp(name, k, n) != 0)
		return NULL;
	if (name[n] == '\0')
		return "alloc";
	return name[n] == '_' ? name + n + 1 : NULL;
}

const char *
outcome_stat_kind(const char *name)
{
	enum outcome_kind k;

	for (k = 0; k < OUTCOME_NKINDS; k++)
		if (outcome_stat_outcome(name, outcome_kind_key(k)) != NULL)
			return outcome_kind_key(k);
	if (outcome_stat_outcome(name, "swpin") != NULL)
		return "swpin";
	return NULL;
}

enum outcome_stat
outcome_stat_of(const char *name)
{
	if (outcome_stat_kind(name) != NULL)
		return OUTCOME_STAT_ALLOCATIONS;
	/* The nr_ counters (nr_anon, nr_anon_partially_mapped) are pages now. */
	return outcome_stat_pages(name) != NULL ? OUTCOME_STAT_PAGES :
	    OUTCOME_STAT_EVENTS;
}

const char *
outcome_stat_pages(const char *name)
{
	static const char prefix[] = "nr_";

	return strncmp(name, prefix, sizeof(prefix) - 1) == 0 ?
	    name + sizeof(prefix) - 1 : NULL;
}
