/* SPDX-License-Identifier: GPL-2.0-or-later */
/* options.h - the command line: what fragstat was asked to do */
#ifndef FRAGSTAT_OPTIONS_H
#define FRAGSTAT_OPTIONS_H

#include "opts.h"

/*
 * Fill O from ARGV. Returns EXIT_OK, -1 after --help or --version were
 * printed, or EXIT_USAGE after a message. O->roots is malloc'd.
 */
int	options_parse(int argc, char **argv, struct opts *o);

/*
 * Turn the order list of option OPT (orders or sizes such as 2M, 64K) into
 * ORDERS for pages of PAGE_SIZE and NORDERS orders. Returns how many, or
 * -1 after a usage message that names OPT.
 */
int	options_orders(const char *opt, const char *list,
	    unsigned long page_size, unsigned norders, unsigned *orders);

#endif
