/* SPDX-License-Identifier: GPL-2.0-or-later */
/* explain.c - every page of the map explained: its classes against the kernel's per-zone, per-node and global counters */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "kpf.h"
#include "map.h"
#include "pageorder.h"
#include "pins.h"

/* Where a counter is kept, so which zones its pages may lie in. */
enum scope { SC_ZONE, SC_NODE, SC_MACHINE };

/* Up to this many classes per counter. */
#define MAX_TARGETS	3

/*
 * A counter: its name, the kernel's source, where it is kept and the
 * classes it explains, the likeliest first. EX_NCLASSES ends a list.
 */
static const struct counter {
	const char	*name;
	const char	*source;
	enum scope	 scope;
	enum ex_class	 to[MAX_TARGETS];
} counters[EXC_NCOUNTERS] = {
	[EXC_FREE] = { "free", "zoneinfo pages free", SC_ZONE,
	    { EX_FREE, EX_NCLASSES } },
	[EXC_LRU] = { "lru", "zoneinfo nr_zone_*_anon, *_file, unevictable",
	    SC_ZONE, { EX_MOVABLE, EX_NCLASSES } },
	[EXC_ISOLATED] = { "isolated", "nr_isolated_anon, nr_isolated_file",
	    SC_NODE, { EX_MOVABLE, EX_NCLASSES } },
	/*
	 * What the zone does not manage: memblock's reservations (the
	 * memory map, the kernel image), flagged RESERVED, or flagless
	 * where the struct pages of a deferred zone were never set up.
	 */
	[EXC_UNMANAGED] = { "not_managed", "zoneinfo present - managed",
	    SC_ZONE, { EX_RESERVED, EX_UNINIT, EX_AMBIGUOUS } },
	/* Large kmalloc counts as unreclaimable slab: compound, no SLAB bit. */
	[EXC_SLAB] = { "slab", "nr_slab_reclaimable + nr_slab_unreclaimable",
	    SC_NODE, { EX_SLAB, EX_KERNEL, EX_NCLASSES } },
	[EXC_PAGETABLE] = { "page_tables", "nr_page_table_pages", SC_NODE,
	    { EX_PAGETABLE, EX_NCLASSES } },
	[EXC_HUGETLB] = { "hugetlb", "nr_hugetlb, else meminfo Hugetlb",
	    SC_NODE, { EX_HUGETLB, EX_NCLASSES } },
	[EXC_CORRUPTED] = { "hardware_corrupted", "meminfo HardwareCorrupted",
	    SC_MACHINE, { EX_POISONED, EX_NCLASSES } },
	/* map_classify() counts OFFLINE pages movable under a balloon. */
	[EXC_BALLOON] = { "balloon", "nr_balloon_pages", SC_NODE,
	    { EX_OFFLINE, EX_MOVABLE, EX_NCLASSES } },
	[EXC_ZERO] = { "zero_page", "KPF_ZERO_PAGE (the flag names it)",
	    SC_ZONE, { EX_ZERO, EX_NCLASSES } },
	/* Free pages off the buddy lists: no BUDDY, no other flag. */
	[EXC_PCP] = { "per_cpu_lists", "zoneinfo pagesets count:", SC_ZONE,
	    { EX_AMBIGUOUS, EX_NCLASSES } },
	/* Before 6.12, a zspage's first page had PG_private. */
	[EXC_ZSPAGES] = { "zsmalloc", "nr_zspages", SC_ZONE,
	    { EX_AMBIGUOUS, EX_MOVABLE, EX_NCLASSES } },
	[EXC_UNACCEPTED] = { "unaccepted", "nr_unaccepted, else meminfo "
	    "Unaccepted", SC_ZONE, { EX_AMBIGUOUS, EX_NCLASSES } },
	/* Huge vmalloc takes high-order pages that are not compound. */
	[EXC_VMALLOC] = { "vmalloc", "meminfo VmallocUsed", SC_MACHINE,
	    { EX_AMBIGUOUS, EX_KERNEL, EX_NCLASSES } },
	[EXC_STACKS] = { "kernel_stacks", "nr_kernel_stack (kB)", SC_NODE,
	    { EX_AMBIGUOUS, EX_KERNEL, EX_NCLASSES } },
	[EXC_PERCPU] = { "percpu", "meminfo Percpu", SC_MACHINE,
	    { EX_AMBIGUOUS, EX_NCLASSES } },
	[EXC_SEC_PAGETABLE] = { "secondary_page_tables",
	    "nr_sec_page_table_pages", SC_NODE, { EX_AMBIGUOUS, EX_NCLASSES } },
	[EXC_IOMMU] = { "iommu", "nr_iommu_pages", SC_NODE,
	    { EX_AMBIGUOUS, EX_KERNEL, EX_NCLASSES } },
	[EXC_MEMMAP] = { "memmap", "vmstat nr_memmap_pages", SC_MACHINE,
	    { EX_AMBIGUOUS, EX_NCLASSES } },
};

enum ex_regime
explain_regime(const char *release)
{
	long v = release ? text_kver(release) : -1;

	if (v < 0)
		return EX_REGIME_UNKNOWN;
	if (v >= KPF_SNAPSHOT_KVER)
		return EX_REGIME_SNAPSHOT;
	if (v >= KPF_FOLIO_KVER)
		return EX_REGIME_FOLIO;
	return EX_REGIME_PAGE;
}

/* Fill X's zone I with map zone Z's pages by class. */
static void
zone_pages(struct ex_zone *x, const struct map_zone *z)
{
	uint64_t pin[MAP_NPINS] = { 0 };
	size_t k;
	unsigned p;

	for (k = 0; k < z->nblocks; k++)
		for (p = 0; p < MAP_NPINS; p++)
			pin[p] += z->blocks[k].pin[p];
	x->pages[EX_FREE] = z->pages[MAP_FREE];
	x->pages[EX_MOVABLE] = z->pages[MAP_MOVABLE];
	x->pages[EX_SLAB] = pin[MAP_PIN_SLAB];
	x->pages[EX_PAGETABLE] = pin[MAP_PIN_PAGETABLE];
	x->pages[EX_RESERVED] = pin[MAP_PIN_RESERVED];
	x->pages[EX_HUGETLB] = pin[MAP_PIN_HUGETLB];
	x->pages[EX_ZERO] = pin[MAP_PIN_ZERO];
	x->pages[EX_POISONED] = pin[MAP_PIN_POISONED];
	x->pages[EX_OFFLINE] = pin[MAP_PIN_OFFLINE];
	/* pin[KERNEL] holds every ambiguous page and the compound kernel ones. */
	x->pages[EX_KERNEL] = pin[MAP_PIN_KERNEL] - z->pages[MAP_AMBIGUOUS];
	x->pages[EX_AMBIGUOUS] = map_zone_class(z, MAP_AMBIGUOUS);
	x->pages[EX_UNINIT] = z->uninit_pages;
}

/*
 * Returns stat S added up over the zones of NODE in ZI, setting *HAVE when
 * one printed it.
 */
static uint64_t
node_stat(const struct zoneinfo *zi, unsigned node, enum zi_stat s,
    bool *have)
{
	uint64_t n = 0;
	size_t i;

	for (i = 0; i < zi->nzones; i++)
		if (zi->zones[i].node == node &&
		    (zi->zones[i].have_stat & (1u << s))) {
			n += zi->zones[i].stat[s];
			*have = true;
		}
	return n;
}

/*
 * Returns the value of zone-kept counter C in zoneinfo's zone Z (X: the
 * same zone's pages), setting *HAVE when the files said it.
 */
static uint64_t
zone_value(enum ex_counter c, const struct zizone *z, const struct ex_zone *x,
    bool *have)
{
	static const enum zi_stat lru[] = { ZS_INACTIVE_ANON, ZS_ACTIVE_ANON,
	    ZS_INACTIVE_FILE, ZS_ACTIVE_FILE, ZS_UNEVICTABLE };
	uint64_t n = 0;
	size_t i;

	switch (c) {
	case EXC_FREE:
		*have = (z->have & ZI_FREE) != 0;
		return z->free;
	case EXC_LRU:
		for (i = 0; i < sizeof(lru) / sizeof(lru[0]); i++)
			if (z->have_stat & (1u << lru[i])) {
				n += z->stat[lru[i]];
				*have = true;
			}
		return n;
	case EXC_UNMANAGED:
		*have = (z->have & ZI_PRESENT) && (z->have & ZI_MANAGED);
		return *have && z->present > z->managed ?
		    z->present - z->managed : 0;
	case EXC_ZERO:
		*have = true;
		return x->pages[EX_ZERO];
	case EXC_PCP:
		*have = (z->have & ZI_PCP) != 0;
		return z->pcp;
	case EXC_ZSPAGES:
		*have = (z->have_stat & (1u << ZS_ZSPAGES)) != 0;
		return z->stat[ZS_ZSPAGES];
	case EXC_UNACCEPTED:
		*have = (z->have_stat & (1u << ZS_UNACCEPTED)) != 0;
		return z->stat[ZS_UNACCEPTED];
	default:
		return 0;
	}
}

/* Returns node-kept counter C of NODE in ZI, in pages, setting *HAVE. */
static uint64_t
node_value(enum ex_counter c, const struct zoneinfo *zi, unsigned node,
    const struct meminfo *mi, unsigned long page_size, bool *have)
{
	bool h = false;
	uint64_t n;

	switch (c) {
	case EXC_ISOLATED:
		return node_stat(zi, node, ZS_ISOLATED_ANON, have) +
		    node_stat(zi, node, ZS_ISOLATED_FILE, have);
	case EXC_SLAB:
		return node_stat(zi, node, ZS_SLAB_RECLAIMABLE, have) +
		    node_stat(zi, node, ZS_SLAB_UNRECLAIMABLE, have);
	case EXC_PAGETABLE:
		return node_stat(zi, node, ZS_PAGE_TABLE, have);
	case EXC_HUGETLB:
		n = node_stat(zi, node, ZS_HUGETLB, &h);
		*have |= h;
		/*
		 * Before NR_HUGETLB (6.13, Joshua Hahn's hugetlb counters for
		 * memcg: lruvec_stat_mod_folio() in alloc_hugetlb_folio()),
		 * only the machine's pools: one node's.
		 */
		if (!h && mi && (mi->have & MI_HUGETLB) && node == 0) {
			*have = true;
			return pageorder_kb_pages(mi->hugetlb_kb, page_size);
		}
		return n;
	case EXC_BALLOON:
		return node_stat(zi, node, ZS_BALLOON, have);
	case EXC_STACKS:
		return pageorder_kb_pages(node_stat(zi, node,
		    ZS_KERNEL_STACK_KB, have), page_size);
	case EXC_SEC_PAGETABLE:
		return node_stat(zi, node, ZS_SEC_PAGE_TABLE, have);
	case EXC_IOMMU:
		return node_stat(zi, node, ZS_IOMMU, have);
	default:
		return 0;
	}
}

/* Returns machine-kept counter C in pages, setting *HAVE. */
static uint64_t
machine_value(enum ex_counter c, const struct meminfo *mi,
    const struct vmstat *vm, unsigned long page_size, bool *have)
{
	switch (c) {
	case EXC_CORRUPTED:
		*have = mi && (mi->have & MI_CORRUPTED);
		return *have ? pageorder_kb_pages(mi->corrupted_kb, page_size) :
		    0;
	case EXC_VMALLOC:
		*have = mi && (mi->have & MI_VMALLOC);
		return *have ? pageorder_kb_pages(mi->vmalloc_kb, page_size) : 0;
	case EXC_PERCPU:
		*have = mi && (mi->have & MI_PERCPU);
		return *have ? pageorder_kb_pages(mi->percpu_kb, page_size) : 0;
	case EXC_MEMMAP:
		*have = vm && (vm->have & (1u << VM_NR_MEMMAP_PAGES));
		return *have ? vm->v[VM_NR_MEMMAP_PAGES] : 0;
	default:
		return 0;
	}
}

/*
 * Let counter C explain up to *V pages of class K of X's zone I: those
 * earlier counters left. Takes them off *V.
 */
static void
take(struct explain *x, size_t i, enum ex_counter c, enum ex_class k,
    uint64_t *v)
{
	struct ex_zone *z = &x->zones[i];
	uint64_t left = z->pages[k] - z->explained[k];
	uint64_t n = *v < left ? *v : left;

	z->explained[k] += n;
	z->by[c] += n;
	z->by_class[c][k] += n;
	*v -= n;
}

/*
 * Let counter C explain *V pages of the zones of map M from FROM to TO
 * (exclusive), class by class of its list, each class from the highest
 * zone down (the order the page allocator tries them: a kernel
 * allocation falls back to DMA32 only when Normal cannot serve it).
 */
static void
pour(struct explain *x, enum ex_counter c, size_t from, size_t to,
    uint64_t *v)
{
	size_t t, i;

	for (t = 0; t < MAX_TARGETS && counters[c].to[t] != EX_NCLASSES; t++)
		for (i = to; i > from && *v > 0; i--)
			take(x, i - 1, c, counters[c].to[t], v);
}

/* Returns the index past the last zone of M's node at FROM. */
static size_t
node_end(const struct map *m, size_t from)
{
	size_t i = from;

	while (i < m->nzones && m->zones[i].node == m->zones[from].node)
		i++;
	return i;
}

/* Explain what counter C says of M's zones with ZI, MI, VM into X. */
static void
explain_counter(struct explain *x, enum ex_counter c, const struct map *m,
    const struct zoneinfo *zi, const struct meminfo *mi,
    const struct vmstat *vm, unsigned long page_size)
{
	const struct zizone *z;
	uint64_t v;
	size_t i, end;
	bool have;

	for (i = 0; i < m->nzones; i = end) {
		have = false;
		if (counters[c].scope == SC_ZONE) {
			end = i + 1;
			z = zoneinfo_find(zi, m->zones[i].node, m->zones[i].name);
			v = z ? zone_value(c, z, &x->zones[i], &have) : 0;
		} else if (counters[c].scope == SC_NODE) {
			end = node_end(m, i);
			v = node_value(c, zi, m->zones[i].node, mi, page_size,
			    &have);
		} else {
			end = m->nzones;
			v = machine_value(c, mi, vm, page_size, &have);
		}
		/*
		 * Stacks vmalloc()ed (CONFIG_VMAP_STACK, x86-64's and
		 * arm64's default) are in VmallocUsed too: apart only when
		 * more than it.
		 */
		if (c == EXC_STACKS && x->have[EXC_VMALLOC] &&
		    v <= x->value[EXC_VMALLOC]) {
			x->stacks_in_vmalloc += v;
			v = 0;
		}
		x->have[c] |= have;
		x->value[c] += v;
		pour(x, c, i, end, &v);
		x->beyond[c] += v;
	}
}

/*
 * Unaccepted memory of the machine (meminfo) when the zones do not say
 * (nr_unaccepted): poured like a machine's counter.
 */
static void
explain_unaccepted(struct explain *x, const struct meminfo *mi,
    unsigned long page_size, const struct map *m)
{
	uint64_t v;

	if (x->value[EXC_UNACCEPTED] != 0 || !mi ||
	    !(mi->have & MI_UNACCEPTED))
		return;
	v = pageorder_kb_pages(mi->unaccepted_kb, page_size);
	x->have[EXC_UNACCEPTED] = true;
	x->value[EXC_UNACCEPTED] = v;
	pour(x, EXC_UNACCEPTED, 0, m->nzones, &v);
	x->beyond[EXC_UNACCEPTED] += v;
}

/*
 * Count into X's zones the compound kernel and the flagless pages of M's
 * pageblocks that P calls pinned: the pins' kernel kind.
 */
static void
pinned(struct explain *x, const struct map *m, const struct pins *p)
{
	const struct map_zone *z;
	const struct map_block *b;
	size_t i, k;

	for (i = 0; p && i < m->nzones; i++) {
		z = &m->zones[i];
		for (k = 0; k < z->nblocks; k++) {
			if (pins_block_state(p, m, z, k) != PINS_PINNED)
				continue;
			b = &z->blocks[k];
			x->zones[i].pinned_kernel += (uint64_t)b->pin[MAP_PIN_KERNEL] -
			    b->n[MAP_AMBIGUOUS];
			x->zones[i].pinned_ambiguous += b->n[MAP_AMBIGUOUS];
		}
	}
}

/* Add X's zones up into its machine. */
static void
add_up(struct explain *x)
{
	struct ex_zone *s = &x->machine;
	size_t i;
	unsigned c, k;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < x->nzones; i++) {
		for (k = 0; k < EX_NCLASSES; k++) {
			s->pages[k] += x->zones[i].pages[k];
			s->explained[k] += x->zones[i].explained[k];
		}
		s->pinned_kernel += x->zones[i].pinned_kernel;
		s->pinned_ambiguous += x->zones[i].pinned_ambiguous;
		for (c = 0; c < EXC_NCOUNTERS; c++) {
			s->by[c] += x->zones[i].by[c];
			for (k = 0; k < EX_NCLASSES; k++)
				s->by_class[c][k] += x->zones[i].by_class[c][k];
		}
	}
}

int
explain_compute(struct explain *x, const struct map *m, const struct pins *p,
    const struct zoneinfo *zi, const struct meminfo *mi,
    const struct vmstat *vm, const char *release, unsigned long page_size)
{
	size_t i;
	unsigned c;

	memset(x, 0, sizeof(*x));
	x->regime = explain_regime(release);
	if ((x->zones = calloc(m->nzones + 1, sizeof(*x->zones))) == NULL)
		return -1;
	x->nzones = m->nzones;
	for (i = 0; i < m->nzones; i++)
		zone_pages(&x->zones[i], &m->zones[i]);
	pinned(x, m, p);
	for (c = 0; c < EXC_NCOUNTERS; c++)
		explain_counter(x, (enum ex_counter)c, m, zi, mi, vm, page_size);
	explain_unaccepted(x, mi, page_size, m);
	x->have_memmap_boot = vm && (vm->have & (1u <<
	    VM_NR_MEMMAP_BOOT_PAGES));
	x->memmap_boot = x->have_memmap_boot ? vm->v[VM_NR_MEMMAP_BOOT_PAGES] :
	    0;
	add_up(x);
	return 0;
}

bool
explain_counted(const struct explain *x, enum ex_class k)
{
	unsigned c, t;

	for (c = 0; c < EXC_NCOUNTERS; c++)
		for (t = 0; t < MAX_TARGETS && counters[c].to[t] != EX_NCLASSES;
		    t++)
			if (counters[c].to[t] == k && x->have[c])
				return true;
	return false;
}

void
explain_free(struct explain *x)
{
	free(x->zones);
	memset(x, 0, sizeof(*x));
}

const char *
explain_class_name(enum ex_class c)
{
	static const char *const names[EX_NCLASSES] = {
		"free", "movable", "slab", "pagetable", "reserved", "hugetlb",
		"zero", "poisoned", "offline", "kernel", "ambiguous", "uninit",
	};

	return names[c];
}

const char *
explain_counter_name(enum ex_counter c)
{
	return counters[c].name;
}

const char *
explain_counter_source(enum ex_counter c)
{
	return counters[c].source;
}

const char *
explain_regime_name(enum ex_regime r)
{
	static const char *const names[] = { NULL, "page", "folio",
	    "snapshot" };

	return names[r];
}
