/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sysname.c - the numbered names of sysfs directories: "node3", "memory42" */
#include "config.h"

#include <string.h>

#include "sysname.h"
#include "text.h"

bool
sysname_id(const char *name, const char *prefix, uint64_t *id)
{
	size_t n = strlen(prefix);

	/* The kernel names them "%s%d": a leading zero is no name of its. */
	if (strncmp(name, prefix, n) != 0 || name[n] == '\0' ||
	    strspn(name + n, "0123456789") != strlen(name + n) ||
	    (name[n] == '0' && name[n + 1] != '\0'))
		return false;
	return num_str(name + n, id) == 0;
}
