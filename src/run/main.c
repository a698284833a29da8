/* SPDX-License-Identifier: GPL-2.0-or-later */
/* main.c - fragstat: runs what the options ask for, turns errors into messages and exit codes */

#include "config.h"
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "check_unknown.h"
#include "endsigs.h"
#include "commands.h"
#include "compaction.h"
#include "extraopts.h"
#include "help.h"
#include "mapview.h"
#include "mode_capture.h"
#include "mode_check.h"
#include "optlist.h"
#include "mode_prepare.h"
#include "need_forecast.h"
#include "modes.h"
#include "need_status.h"
#include "options_mode.h"
#include "verify.h"

/* Run --verify for O. Returns its exit code. */
static int
run_verify(const struct opts *o)
{
	struct input_opts io = pipe_input_opts(o);
	struct ferr e = { .path = "" };
	char release[KVER_MAX_LEN + 1], *rpath = NULL;
	int rc;

	if ((rc = inputs_release(&io, release, sizeof(release), &rpath,
	    &e)) < 0) {
		ferr_print(&e);
		rc = EXIT_DATA;
	} else if ((rc = verify_run(stdout, o->sysroot, rc ? release : NULL,
	    o->format == F_JSON, &e)) < 0) {
		ferr_print(&e);
		if (o->sysroot == NULL && strstr(e.path, "extfrag") != NULL)
			ferr_say("the kernel's index files need root and "
			    "debugfs (mount -t debugfs none /sys/kernel/debug)");
		rc = EXIT_DATA;
	} else {
		rc = rc ? EXIT_DIFFERS : EXIT_OK;
		if (pipe_close_stdout() != EXIT_OK)
			rc = EXIT_DATA;
	}
	free(rpath);
	return rc;
}

/* --capture DIR. Returns an exit code. */
static int
run_capture(const struct opts *o)
{
	struct ferr e = { .path = "" };
	const char *from;

	if (o->map && o->sysroot == NULL && geteuid() != 0) {
		ferr_say("--capture --map needs root: it reads "
		    "/proc/kpageflags");
		return EXIT_DATA;
	}
	/* A root's page size is its own: given, in its metadata, or unknown. */
	if (mode_capture_run(o->sysroot, o->capture, o->sysroot &&
	    !o->page_size ? 0 : pipe_page_size(o, NULL, &from),
	    o->map ? &map_rules : NULL, stdout, &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	return pipe_close_stdout() != EXIT_OK ? EXIT_DATA : EXIT_OK;
}

/*
 * Run the modes that are programs of their own on O (every one but a
 * snapshot's view, --compact and --check). Returns its exit code, or -1
 * when O's mode is not one of them.
 */
static int
run_mode(struct opts *o)
{
	int rc;

	switch (o->action) {
	case A_VERIFY:
		return run_verify(o);
	case A_WATCH:
		inputs_keep_memory();
		return run_watch(o);
	case A_CAPTURE:
		return run_capture(o);
	case A_REPLAY:
		return run_replay(o);
	case A_REPLAY_COMPARE:
		return run_replay_compare(o);
	case A_MAP:
		return run_map(o);
	case A_FLEET:
		inputs_keep_memory();
		rc = run_fleet(o);
		break;
	case A_BATCH:
		inputs_keep_memory();
		rc = o->format == F_SVG ? run_batch_svg(o) : run_batch(o);
		break;
	case A_COMPARE:
		rc = run_compare(o);
		break;
	case A_SHOW:
	case A_COMPACT:
	case A_CHECK:
	case A_NACTIONS:
	default:
		return -1;
	}
	if (pipe_close_stdout() != EXIT_OK)
		rc = EXIT_DATA;
	return rc;
}

/*
 * One snapshot of O: its view, --compact or --check, with the map and
 * how far the unmovable pages spread where --map asks. Returns the exit
 * code.
 */
static int
run_show(struct opts *o)
{
	struct forecast fc[OPTS_NEEDS_MAX];
	size_t nfc = 0;
	struct verdicts adv;
	struct mapview v;
	struct report r;
	struct inputs in;
	unsigned gig = 0;
	bool stored;
	int rc;

	if ((o->compact || o->prepare) && !o->dry_run && geteuid() != 0) {
		ferr_say("%s needs root: it writes " COMPACTION_NODE_PATH("N")
		    " (--dry-run plans as any user)", o->compact ? "--compact" :
		    "--prepare");
		return EXIT_DATA;
	}
	/* --prepare's pinned limit is the map's: where it can be read. */
	if (o->prepare)
		o->map = prepare_wants_map(o);
	memset(&adv, 0, sizeof(adv));
	mapview_init(&v);
	/*
	 * --advise --map: the advice with the ceiling beside it, the map's
	 * regions of the size of a gigantic --need where one asks for it.
	 */
	if ((rc = pipe_load(o, &in, &r, &adv)) == 0 && o->map) {
		gig = pipe_need_gigantic(&adv, &in);
		if ((rc = run_map_load(o, &in, gig ? gig : adv.need.order,
		    &r.page_size, &v.m, NULL, &stored)) == 0)
			rc = pipe_count(o, &in, &r, &adv, &v.m);
	}
	/*
	 * How far the unmovable pages spread, for the views that show it;
	 * the Prometheus gauges count the 1 GiB regions and memory blocks
	 * too, and a gigantic --need says what keeps its regions.
	 */
	if (rc == 0 && o->map && mapview_compute(o->sysroot, &v, r.page_size,
	    o->format == F_PROM || o->prepare || gig != 0) != 0)
		rc = EXIT_DATA;
	if (rc == 0) {
		if (o->map)
			mapview_report(&v, &r);
		/* vmstat read again for the views that say kcompactd's state. */
		if (o->action != A_CHECK && !o->prepare)
			pipe_kcompactd_seen(o, &in, &adv);
		if (o->action == A_CHECK)
			rc = run_check(o, &in, &r);
		else if (o->compact)
			rc = run_compact(o, &r);
		else if (o->prepare)
			rc = run_prepare(o, &in, &r, o->map ? &v : NULL);
		else if (need_forecasts(fc, &r, &in, o->map ? &v : NULL) != 0)
			rc = EXIT_DATA;
		else {
			nfc = r.nneeds;
			pipe_render(o->format, &r, stdout);
			/* Scripts act on --need's answer by the exit status. */
			if (r.need)
				rc = need_status(&r);
		}
		if (pipe_close_stdout() != EXIT_OK)
			rc = EXIT_DATA;
	}
	need_forecasts_free(fc, nfc);
	mapview_free(&v);
	pipe_verdicts_free(&adv);
	inputs_free(&in);
	return rc;
}

/*
 * Whether --color=auto colours: a terminal that can (TERM=dumb cannot)
 * and no NO_COLOR (https://no-color.org: a non-empty value). An explicit
 * --color=always wins over both.
 */
static bool
color_auto(void)
{
	const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");

	if (nc != NULL && nc[0] != '\0')
		return false;
	if (term != NULL && strcmp(term, "dumb") == 0)
		return false;
	return isatty(STDOUT_FILENO);
}

/*
 * Set CL to the words the options are read from: ARGV with a command's
 * flags (fragstat need 2000x2M) and --extra-opts's options, and start
 * --check's way of ending (*CHECK) where they ask for it. Returns
 * EXIT_OK, -1 when help was asked for (*HELP: the mode), or an exit code
 * after a message.
 */
static int
command_line(int argc, char **argv, struct cmdline *cl, const char **help,
    bool *check)
{
	int rc;

	if ((rc = commands_expand(argc, argv, cl, help)) != EXIT_OK)
		return rc;
	/* --check ends as UNKNOWN on any error, a usage error too. */
	if ((*check = check_wanted(cl->argc, cl->argv)))
		check_begin();
	/* The plugins' ini file: its options first, then the command line's. */
	if ((rc = extraopts_expand(cl)) != EXIT_OK)
		return rc;
	if (!*check && (*check = check_wanted(cl->argc, cl->argv)))
		check_begin();
	return EXIT_OK;
}

/* The hidden option of the completions: --list-options=MODE. */
#define LIST_OPTIONS	"--list-options="

int
main(int argc, char **argv)
{
	static char obuf[1 << 16];
	struct slurp list = { NULL, 0 };
	struct cmdline cl;
	const char *help = NULL;
	struct opts o;
	bool check = false;
	int rc;

	/* Before any is changed: nohup's SIGHUP stays ignored. */
	endsigs_note_entry();
	/* A closed pipe is seen as EPIPE at pipe_close_stdout(), not a death. */
	signal(SIGPIPE, SIG_IGN);
	/* A write past the file size limit fails (EFBIG): nothing is left. */
	signal(SIGXFSZ, SIG_IGN);
	/*
	 * Into a file or a pipe, a --watch sample, a snapshot or a whole
	 * document of up to 64 KiB reaches write() at once; a terminal still
	 * sees each line. glibc ignores the size without a buffer: give one.
	 */
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, obuf, _IOFBF, sizeof(obuf));
	memset(&o, 0, sizeof(o));
	/* Nothing to free until commands_expand() fills it. */
	memset(&cl, 0, sizeof(cl));
	/* The completions ask which options act in a mode (not in --help). */
	if (argc == 2 && strncmp(argv[1], LIST_OPTIONS, strlen(LIST_OPTIONS))
	    == 0) {
		if ((rc = help_list_options(stdout, argv[1] +
		    strlen(LIST_OPTIONS))) == EXIT_OK)
			rc = pipe_close_stdout();
		goto out;
	}
	if ((rc = command_line(argc, argv, &cl, &help, &check)) != EXIT_OK)
		goto out;
	options_extra_opts(cl.nextra);
	if ((rc = options_parse(cl.argc, cl.argv, &o)) != EXIT_OK) {
		/* --help: of the mode the line names (fragstat --check --help). */
		if (o.help)
			help = optlist_mode_of(cl.argc, cl.argv);
		goto out;
	}
	/* Once, not per snapshot: auto colour means a terminal. */
	if (o.color == -1)
		o.color = color_auto();
	/* --fleet streams its list: memory does not grow with it. */
	if (o.roots_from && o.action != A_FLEET)
		rc = run_batch_roots(&o, &list);
	/* Once, when every root is known: --roots-from's are read just above. */
	if (rc == EXIT_OK)
		rc = options_refuse_recordings(&o);
	if (rc == EXIT_OK && (rc = run_mode(&o)) < 0)
		rc = run_show(&o);
out:
	/* -1: --help (printed here) or --version (printed). */
	if (rc < 0 && help)
		help_print(stdout, help[0] ? help : NULL);
	if (rc < 0)
		rc = pipe_close_stdout();
	/* Memory ran out where no status could carry it (in a renderer). */
	if (ferr_nomem_seen())
		rc = o.command ? EXIT_RUN_FAILED : EXIT_DATA;
	slurp_free(&list);
	free(o.roots);
	free(cl.owned);
	free(cl.words);
	return check ? check_end(rc) : rc;
}
