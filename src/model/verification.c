/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verification.c - what --verify found, as a whole */
#include "config.h"

#include "verification.h"

bool
verification_identical(const struct verification *v)
{
	size_t i;

	for (i = 0; i < VERIFICATION_NFILES; i++)
		if (!v->files[i].equal)
			return false;
	return true;
}
