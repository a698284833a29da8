/* SPDX-License-Identifier: GPL-2.0-or-later */
/* endsigs.h - the signals that would end fragstat, which it catches to leave nothing behind */
#ifndef FRAGSTAT_ENDSIGS_H
#define FRAGSTAT_ENDSIGS_H

#include <signal.h>

/*
 * Fill SET with every signal whose default action ends the process and
 * that fragstat catches, so that none leaves a partial capture or
 * recording (endsigs.c says which are left out, and why).
 */
void	endsigs_fill(sigset_t *set);

#endif
