/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_verify.h - --verify's answer: the kernel's index files against fragstat's, as text or JSON */
#ifndef FRAGSTAT_RENDER_VERIFY_H
#define FRAGSTAT_RENDER_VERIFY_H

#include <stdio.h>

#include "verification.h"

/*
 * Say on FP how many reads buddyinfo took (when V is live), then per file
 * "identical" or where it differs, with the kernel's line and fragstat's.
 */
void	render_verify_text(FILE *fp, const struct verification *v);

/* Write the same as render_verify_text() as one JSON document to FP. */
void	render_verify_json(FILE *fp, const struct verification *v);

#endif
