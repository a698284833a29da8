/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bounds.h - the most nodes, zones, orders and types any array of the model holds */
#ifndef FRAGSTAT_BOUNDS_H
#define FRAGSTAT_BOUNDS_H

/*
 * Limits well above any kernel (x86 has 11 orders, arm64/64K 14; NODES_SHIFT
 * is at most 10; MAX_NR_ZONES at most 6; 6 migratetypes) that keep every
 * array bounded and every shift defined.
 */
#define FRAG_MAX_ORDERS		32
#define FRAG_MAX_NODES		1024
#define FRAG_MAX_NODE_ZONES	8
#define FRAG_MAX_TYPES		8
#define FRAG_NAME_SIZE		32

#endif
