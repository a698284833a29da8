/* SPDX-License-Identifier: GPL-2.0-or-later */
/* orders.c - a list of orders or sizes (--advise, --orders, --need's SIZE) as the orders of the input's pages */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "advice.h"
#include "model.h"
#include "orders.h"
#include "text.h"
#include "usage.h"

/*
 * Returns the bytes of one unit of UNIT, the letters after a size's
 * number: K, M or G (either case), alone or followed by B or iB; 0 for
 * anything else.
 */
static uint64_t
size_unit(const char *unit)
{
	uint64_t mul;

	if (*unit == 'K' || *unit == 'k')
		mul = 1ULL << 10;
	else if (*unit == 'M' || *unit == 'm')
		mul = 1ULL << 20;
	else if (*unit == 'G' || *unit == 'g')
		mul = 1ULL << 30;
	else
		return 0;
	unit++;
	return *unit == '\0' || strcmp(unit, "B") == 0 ||
	    strcmp(unit, "iB") == 0 ? mul : 0;
}

/*
 * Set *ORDER from V units of MUL bytes: the order of pages of PAGE_SIZE
 * that is exactly that size. Returns 0, or -1 when there is none.
 */
static int
bytes_order(uint64_t v, uint64_t mul, unsigned long page_size,
    uint64_t *order)
{
	uint64_t bytes, o;

	/* At most 2^56 bytes: no product or shift wraps. */
	if (v > (1ULL << 56) / mul)
		return -1;
	bytes = v * mul;
	for (o = 0; (uint64_t)page_size << o < bytes; o++)
		;
	*order = o;
	return (uint64_t)page_size << o == bytes ? 0 : -1;
}

/* What item_order() returns for an item that is neither an order nor a size. */
#define NOT_AN_ORDER	(-2)

/*
 * Set *ORDER from ITEM of option OPT's list: an order ("9") below NORDERS,
 * or a size ("2M", "64KiB") of pages of PAGE_SIZE. Returns 0, -1 after a
 * usage message that names OPT and ITEM, or NOT_AN_ORDER (the caller's
 * message names the whole list).
 */
static int
item_order(const char *opt, const char *item, unsigned long page_size,
    unsigned norders, uint64_t *order)
{
	struct tok t = { item, strspn(item, "0123456789") };
	const char *unit = item + t.n;
	uint64_t v, mul = 0;

	if (num_u64(&t, &v) != 0 ||
	    (*unit != '\0' && (mul = size_unit(unit)) == 0))
		return NOT_AN_ORDER;
	if (mul == 0)
		*order = v;
	else if (bytes_order(v, mul, page_size, order) != 0) {
		usage_error("%s: %s is not a power-of-two number of %lu-byte "
		    "pages", opt, item, page_size);
		return -1;
	}
	if (*order < norders)
		return 0;
	if (mul != 0)
		usage_error("%s: %s is order %llu, above the buddy allocator's "
		    "orders 0 to %u: such gigantic pages come from "
		    "alloc_contig_pages(); ask with --need COUNTx%s (and --map "
		    "for the ceiling)", opt, item, (unsigned long long)*order,
		    norders - 1, item);
	else
		usage_error("%s: %s is order %llu, but the input has orders 0 "
		    "to %u", opt, item, (unsigned long long)*order, norders - 1);
	return -1;
}

int
orders_parse(const char *opt, const char *list, unsigned long page_size,
    unsigned norders, unsigned *orders)
{
	char item[32];
	const char *p = list;
	size_t n = 0, len;
	uint64_t o;
	int rc;

	while (*p) {
		len = strcspn(p, ",");
		if (len == 0 || len >= sizeof(item) || n == FRAG_MAX_ORDERS)
			goto bad;
		memcpy(item, p, len);
		item[len] = '\0';
		p += len + (p[len] == ',');
		if ((rc = item_order(opt, item, page_size, norders, &o)) ==
		    NOT_AN_ORDER)
			goto bad;
		if (rc != 0)
			return -1;
		if (advice_order_find(orders, n, (unsigned)o) < 0)
			orders[n++] = (unsigned)o;
	}
	if (n > 0)
		return (int)n;
bad:
	usage_error("%s: '%s' is not a list of orders or sizes such as "
	    "9,2M,64K", opt, list);
	return -1;
}

int
orders_one(const char *opt, const char *size, unsigned long page_size,
    unsigned norders, unsigned *order)
{
	unsigned orders[FRAG_MAX_ORDERS];
	int n = orders_parse(opt, size, page_size, norders, orders);

	if (n == 1)
		*order = orders[0];
	else if (n > 1)
		usage_error("%s: '%s' is a list: give one size such as 2M", opt,
		    size);
	return n == 1 ? 0 : -1;
}
