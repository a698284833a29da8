/* SPDX-License-Identifier: GPL-2.0-or-later */
/* orders.h - a list of orders or sizes (--advise, --orders, --need's SIZE) as the orders of the input's pages */
#ifndef FRAGSTAT_ORDERS_H
#define FRAGSTAT_ORDERS_H

/*
 * Turn the order list of option OPT (orders or sizes such as 2M, 64K) into
 * ORDERS for pages of PAGE_SIZE and NORDERS orders. Returns how many, or
 * -1 after a usage message that names OPT. Read once the input is: a
 * size's order depends on its page size.
 */
int	orders_parse(const char *opt, const char *list,
	    unsigned long page_size, unsigned norders, unsigned *orders);

/*
 * Set *ORDER from SIZE, the one order or size of option OPT (--need's,
 * --warn's and --crit's SIZE). Returns 0, or -1 after a usage message.
 */
int	orders_one(const char *opt, const char *size, unsigned long page_size,
	    unsigned norders, unsigned *order);

#endif
