/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_svgroom.c - a picture that cannot have its room writes nothing and says so; a wrapped line takes none */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "recording.h"
#include "render_pictures.h"
#include "render_svg_parts.h"
#include "testutil.h"

/*
 * AddressSanitizer stops the program at an allocation that cannot be
 * made rather than returning NULL (allocator_may_return_null=0): there,
 * the failure cannot be seen from inside, so the test says it skipped.
 */
#if defined(__SANITIZE_ADDRESS__)
#define TU_ASAN	1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TU_ASAN	1
#endif
#endif

/*
 * A recording of more samples than memory can hold a pointer for: its
 * picture's room (a zone's points, one per sample) cannot be had, so the
 * renderer returns -1 before its first byte, for run/ to say "out of
 * memory" and exit 1 with nothing half-printed.
 */
START_TEST(test_recording_no_room)
{
#ifdef TU_ASAN
	fprintf(stderr, "SKIP: an impossible allocation stops ASan builds\n");
#else
	struct replay r;
	char *buf = NULL;
	size_t size = 0;
	FILE *fp;

	memset(&r, 0, sizeof(r));
	r.nsamples = ULONG_MAX / 4;
	r.interval_ms = 1000;
	r.page_size = 4096;
	ck_assert_ptr_nonnull(fp = open_memstream(&buf, &size));
	ck_assert_int_eq(render_svg_recording(fp, "dir", &r, NULL), -1);
	ck_assert_int_eq(render_svg_recordings(fp, "a", &r, "b", &r), -1);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_uint_eq(size, 0);
	free(buf);
#endif
}
END_TEST

/*
 * svgr_text_wrap() writes a line from a buffer on the stack, a part at a
 * time, never cutting a UTF-8 character: one line longer than a part,
 * its parts' ends moved across 3-byte characters and a run of bytes that
 * continue no character, writes what svgr_text() writes for it whole.
 */
START_TEST(test_wrap_long_line)
{
	char line[1024], *got = NULL, *want = NULL;
	size_t glen = 0, wlen = 0, k;
	struct svgw w;
	FILE *fp;
	int pad, i;

	for (pad = 0; pad < 4; pad++) {
		k = 0;
		for (i = 0; i < pad; i++)
			line[k++] = 'a';
		for (i = 0; i < 85; i++)
			k += (size_t)sprintf(line + k, "\u20ac");
		for (i = 0; i < 8; i++)
			line[k++] = (char)0x80;
		for (i = 0; i < 50; i++)
			k += (size_t)sprintf(line + k, "\u00e9<");
		line[k] = '\0';
		ck_assert_ptr_nonnull(fp = open_memstream(&got, &glen));
		svg_init(&w, fp);
		svg_open(&w, "svg");
		ck_assert_int_eq(svgr_text_wrap(&w, 1, 2, 10, 100000, 12, "",
		    line), 1);
		svg_close(&w);
		ck_assert_int_eq(svg_finish(&w), 0);
		ck_assert_int_eq(fclose(fp), 0);
		ck_assert_ptr_nonnull(fp = open_memstream(&want, &wlen));
		svg_init(&w, fp);
		svg_open(&w, "svg");
		svgr_text(&w, 1, 2, 10, NULL, NULL, line);
		svg_close(&w);
		ck_assert_int_eq(svg_finish(&w), 0);
		ck_assert_int_eq(fclose(fp), 0);
		ck_assert_str_eq(got, want);
		free(got);
		free(want);
	}
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("svgroom");
	TCase *tc = tcase_create("svgroom");

	tcase_add_test(tc, test_recording_no_room);
	tcase_add_test(tc, test_wrap_long_line);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
