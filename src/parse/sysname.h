/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sysname.h - the numbered names of sysfs directories: "node3", "memory42" */
#ifndef FRAGSTAT_SYSNAME_H
#define FRAGSTAT_SYSNAME_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Returns whether NAME is PREFIX and a number as the kernel prints it
 * (decimal digits, no leading zero, no overflow), with it in *ID.
 */
bool	sysname_id(const char *name, const char *prefix, uint64_t *id);

#endif
