# fs_try_flags.m4 - probe compiler and linker flags for fragstat's configure

# FS_TRY_FLAGS(CFLAGS, LDFLAGS, [ACTION-IF-OK], [ACTION-IF-NOT], [PROGRAM])
# ------------------------------------------------------------------------
# Compile and link PROGRAM (default: an empty main) with CFLAGS added to
# $CFLAGS and LDFLAGS to $LDFLAGS, warnings as errors so that a flag the
# compiler only warns about counts as unsupported.
AC_DEFUN([FS_TRY_FLAGS],
[AC_MSG_CHECKING([whether $CC accepts m4_normalize([$1 $2])])
fs_save_CFLAGS=$CFLAGS
fs_save_LDFLAGS=$LDFLAGS
CFLAGS="$CFLAGS $1 -Werror"
LDFLAGS="$LDFLAGS $2"
AC_LINK_IFELSE([m4_default([$5], [AC_LANG_PROGRAM([], [])])],
	[AC_MSG_RESULT([yes])
	CFLAGS=$fs_save_CFLAGS
	LDFLAGS=$fs_save_LDFLAGS
	$3],
	[AC_MSG_RESULT([no])
	CFLAGS=$fs_save_CFLAGS
	LDFLAGS=$fs_save_LDFLAGS
	$4])
])
