/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dirtrust.h - whether a directory is one only root or we control */
#ifndef FRAGSTAT_DIRTRUST_H
#define FRAGSTAT_DIRTRUST_H

#include <stdbool.h>
#include <sys/stat.h>

#include "ferr.h"

/* Returns whether the directory of ST lets others than its owner make names in it (/tmp). */
bool	dirtrust_shared(const struct stat *st);

/*
 * Returns 0 when we may create names in the open directory FD, whose
 * status is ST, else -1 with E saying why; SHOWN names it (NULL: the
 * target itself). The rules of logrotate ("parent directory has insecure
 * permissions") and of systemd's chase(CHASE_SAFE): root's own or, when
 * we are not root, ours, and writable by no one else but root's group,
 * by its mode or by its access ACL, unless sticky (/tmp), where only new
 * names are made. Another user who could write into a directory on the
 * way could replace what we publish in it.
 */
int	dirtrust_check(int fd, const struct stat *st, const char *shown,
	    struct ferr *e);

#endif
