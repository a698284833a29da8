/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dirtrust.c - whether a directory is one only root or we control: its owner, mode and ACL */
#include "config.h"

#include <endian.h>
#include <errno.h>
#include <linux/posix_acl.h>
#include <linux/posix_acl_xattr.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "dirtrust.h"

/* The access ACL's extended attribute (acl(5), the kernel's XATTR_NAME_POSIX_ACL_ACCESS). */
#define ACL_XATTR	"system.posix_acl_access"

/*
 * An access ACL read whole: more entries than this are refused rather
 * than half read (a directory's ACL holds a handful).
 */
#define ACL_MAX_ENTRIES	256

bool
dirtrust_shared(const struct stat *st)
{
	return (st->st_mode & S_ISVTX) && (st->st_mode & (S_IWGRP | S_IWOTH));
}

/*
 * Say in WHY (SIZE bytes) who else but root and us can write into the
 * directory FD (status ST) by an entry of its access ACL: a named user or
 * group, or its owning group, each with write allowed by the mask (with
 * an ACL, the mode's group bits are the mask). *HAS: whether it has an
 * ACL. Returns 1 when one can (or the ACL cannot be read whole), 0 when
 * none can.
 */
static int
acl_writer(int fd, const struct stat *st, bool *has, char *why, size_t size)
{
	struct {
		struct posix_acl_xattr_header	h;
		struct posix_acl_xattr_entry	a[ACL_MAX_ENTRIES];
	} acl;
	const struct posix_acl_xattr_entry *x;
	bool mask_w = st->st_mode & S_IWGRP;
	uint32_t id;
	ssize_t n;
	size_t i, count;

	*has = false;
	if ((n = fgetxattr(fd, ACL_XATTR, &acl, sizeof(acl))) == -1) {
		if (errno == ENODATA || errno == ENOTSUP)
			return 0;
		snprintf(why, size, "whose ACL cannot be read (%s)",
		    strerror(errno));
		return 1;
	}
	*has = true;
	if ((size_t)n < sizeof(acl.h) ||
	    le32toh(acl.h.a_version) != POSIX_ACL_XATTR_VERSION) {
		snprintf(why, size, "whose ACL is not one fragstat knows");
		return 1;
	}
	count = ((size_t)n - sizeof(acl.h)) / sizeof(acl.a[0]);
	for (i = 0; i < count; i++) {
		x = &acl.a[i];
		id = le32toh(x->e_id);
		if (!(le16toh(x->e_perm) & ACL_WRITE) || !mask_w)
			continue;
		if (le16toh(x->e_tag) == ACL_USER && id != 0 && id != geteuid())
			snprintf(why, size, "writable by uid %u by its ACL",
			    (unsigned)id);
		else if (le16toh(x->e_tag) == ACL_GROUP && id != 0)
			snprintf(why, size, "writable by gid %u by its ACL",
			    (unsigned)id);
		else if (le16toh(x->e_tag) == ACL_GROUP_OBJ && st->st_gid != 0)
			snprintf(why, size, "writable by gid %u by its ACL",
			    (unsigned)st->st_gid);
		else
			continue;
		return 1;
	}
	return 0;
}

/*
 * Say in WHY (SIZE bytes) who else but root and us controls the directory
 * FD (status ST): its owner, or one its mode or its ACL lets write into
 * it unless it is sticky. Returns 1 when someone does, else 0.
 */
static int
other_writer(int fd, const struct stat *st, char *why, size_t size)
{
	uid_t me = geteuid();
	bool group = (st->st_mode & S_IWGRP) && st->st_gid != 0, has;

	if (st->st_uid != 0 && st->st_uid != me) {
		snprintf(why, size, "owned by uid %u", (unsigned)st->st_uid);
		return 1;
	}
	if (st->st_mode & S_ISVTX)
		return 0;
	if (st->st_mode & S_IWOTH) {
		snprintf(why, size, "writable by others, mode %04o",
		    (unsigned)(st->st_mode & 07777));
		return 1;
	}
	/* With an ACL the group bits are its mask: the ACL says who writes. */
	if (acl_writer(fd, st, &has, why, size))
		return 1;
	if (group && !has) {
		snprintf(why, size, "writable by gid %u, mode %04o",
		    (unsigned)st->st_gid, (unsigned)(st->st_mode & 07777));
		return 1;
	}
	return 0;
}

int
dirtrust_check(int fd, const struct stat *st, const char *shown,
    struct ferr *e)
{
	char why[96], as[32];

	if (!other_writer(fd, st, why, sizeof(why)))
		return 0;
	if (geteuid() == 0)
		snprintf(as, sizeof(as), "root");
	else
		snprintf(as, sizeof(as), "uid %u", (unsigned)geteuid());
	if (shown == NULL)
		return ferr_set(e, 0, "refusing to write into a directory %s "
		    "(running as %s)", why, as);
	return ferr_set(e, 0, "refusing to write into %s, a directory %s "
	    "(running as %s)", shown, why, as);
}
