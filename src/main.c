/* main.c - fragstat: options, inputs, the chosen view, errors and exit codes */

#include "config.h"
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "buddyinfo.h"
#include "frag.h"
#include "kver.h"
#include "pagetypeinfo.h"
#include "psi.h"
#include "report.h"
#include "slurp.h"
#include "text.h"
#include "verify.h"

enum exit_code {
	EXIT_OK = 0,
	EXIT_DATA = 1,		/* bad input, unreadable file, write error */
	EXIT_USAGE = 2,
	EXIT_DIFFERS = 3,	/* --verify found a difference */
};

enum format { F_TABLE, F_JSON, F_UNUSABLE, F_EXTFRAG, F_VERIFY };

struct opts {
	const char	*sysroot;
	const char	*buddyinfo, *pagetypeinfo, *pressure;
	const char	*kernel;
	unsigned long	 page_size;
	bool		 no_pagetypeinfo, quiet;
	enum format	 format;
	int		 color;		/* -1 auto, 0 never, 1 always */
};

static const char *progname = "fragstat";

/* The kernel's utsname release holds at most 64 characters (__NEW_UTS_LEN). */
#define RELEASE_MAX	64

static void
usage(FILE *fp)
{
	fprintf(fp,
"Usage: %s [OPTION]...\n"
"Measure Linux memory fragmentation: recompute the kernel's unusable free\n"
"space index and fragmentation index for every zone and order from\n"
"/proc/buddyinfo, show where free memory sits per migratetype\n"
"(/proc/pagetypeinfo) and how much time allocation costs (PSI).\n"
"\n"
"Input:\n"
"  -r, --sysroot=DIR        read DIR/proc/... (a captured snapshot) instead of\n"
"                           the live files\n"
"      --buddyinfo=FILE     read buddyinfo from FILE ('-': standard input);\n"
"                           without --sysroot, the other files are then read\n"
"                           only when named\n"
"      --pagetypeinfo=FILE  read pagetypeinfo from FILE\n"
"      --pressure=FILE      read memory pressure (PSI) from FILE\n"
"      --no-pagetypeinfo    do not read pagetypeinfo (it walks the free lists\n"
"                           with zone locks held)\n"
"      --kernel=RELEASE     kernel release that produced the input (decides the\n"
"                           extfrag_index layout); default: the root's\n"
"                           proc/sys/kernel/osrelease, the running kernel\n"
"                           when live, else unknown (the current layout)\n"
"      --page-size=BYTES    page size of the input; default: this host's when\n"
"                           live, else 4096\n"
"\n"
"Output:\n"
"  -f, --format=FORMAT      table (default), json, unusable (the bytes of the\n"
"                           kernel's extfrag/unusable_index) or extfrag (of\n"
"                           extfrag/extfrag_index)\n"
"  -j, --json               same as --format=json\n"
"      --verify             compare with the kernel's own debugfs files\n"
"                           (live, or DIR/sys/kernel/debug/extfrag under a root)\n"
"      --color[=WHEN]       colour the table: auto (default), always, never;\n"
"                           NO_COLOR in the environment means never\n"
"  -q, --quiet              do not mention optional files that cannot be read\n"
"  -h, --help               display this help and exit\n"
"  -V, --version            output version information and exit\n"
"\n"
"Exit status: 0 success, 1 bad input or an input/output error, 2 usage error,\n"
"3 --verify found a difference.\n"
"\n"
"Report bugs to: <%s>\n"
"%s home page: <%s>\n",
	    progname, PACKAGE_BUGREPORT, PACKAGE_NAME, PACKAGE_URL);
}

static void
version(void)
{
	printf("%s %s\n"
	    "Copyright (C) 2026 the fragstat authors.\n"
	    "License GPLv2+: GNU GPL version 2 or later "
	    "<https://gnu.org/licenses/gpl.html>.\n"
	    "This is free software: you are free to change and redistribute it.\n"
	    "There is NO WARRANTY, to the extent permitted by law.\n",
	    PACKAGE_NAME, PACKAGE_VERSION);
}

/* Print "fragstat: MESSAGE" for a usage error and return EXIT_USAGE. */
static int __attribute__((format(printf, 1, 2)))
usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n", progname);
	return EXIT_USAGE;
}

/* Print E as "fragstat: FILE:LINE: message" (no LINE when 0). */
static void
print_error(const struct ferr *e)
{
	if (e->line)
		fprintf(stderr, "%s: %s:%lu: %s\n", progname, e->path, e->line,
		    e->msg);
	else
		fprintf(stderr, "%s: %s: %s\n", progname, e->path, e->msg);
}

/* Returns 0 with *OUT set from the page size S ("4096", "64K"), or -1. */
static int
parse_page_size(const char *s, unsigned long *out)
{
	struct tok t = { s, strlen(s) };
	uint64_t v, mul = 1;

	if (t.n > 1 && (s[t.n - 1] == 'K' || s[t.n - 1] == 'k')) {
		mul = 1024;
		t.n--;
	}
	if (num_u64(&t, &v) != 0 || v > (1u << 24) / mul)
		return -1;
	v *= mul;
	if (v < 512 || (v & (v - 1)) != 0)
		return -1;
	*out = (unsigned long)v;
	return 0;
}

/* Returns whether a file that could not be read is merely absent for this kernel. */
static const char *
absent_hint(int err, const char *what)
{
	if (strcmp(what, "pagetypeinfo") == 0)
		return err == -EACCES || err == -EPERM ?
		    "root only since Linux 5.4; no per-migratetype view" :
		    "no per-migratetype view";
	if (err == -EOPNOTSUPP)
		return "PSI is disabled (boot with psi=1); no memory pressure";
	return "PSI is off or the kernel predates 4.20; no memory pressure";
}

/*
 * Read and parse the optional file PATH of kind WHAT. Returns 1 when it was
 * parsed, 0 when it could not be read (a note is printed unless QUIET), or
 * -1 after printing an error for malformed contents or an explicit FILE.
 */
static int
load_optional(const char *path, const char *what, bool explicit, bool quiet,
    int (*parse)(const char *, size_t, void *, struct ferr *), void *out)
{
	struct ferr e = { .path = path };
	struct slurp s;
	int rc;

	if ((rc = slurp_read(path, &s, &e)) != 0) {
		if (explicit || rc == -EFBIG) {
			print_error(&e);
			return -1;
		}
		if (!quiet)
			fprintf(stderr, "%s: %s: %s (%s)\n", progname, path,
			    e.msg, absent_hint(rc, what));
		return 0;
	}
	if (s.len == 0 && !explicit) {
		if (!quiet)
			fprintf(stderr, "%s: %s: empty (%s)\n", progname, path,
			    absent_hint(-EACCES, what));
		slurp_free(&s);
		return 0;
	}
	rc = parse(s.buf, s.len, out, &e);
	slurp_free(&s);
	if (rc != 0) {
		print_error(&e);
		return -1;
	}
	return 1;
}

static int
parse_pti(const char *b, size_t n, void *out, struct ferr *e)
{
	return pagetypeinfo_parse(b, n, out, e);
}

static int
parse_psi(const char *b, size_t n, void *out, struct ferr *e)
{
	return psi_parse(b, n, out, e);
}

/*
 * Returns whether O reads this host's own files: no root and no buddyinfo
 * FILE. Only then may a default come from the running system; a captured
 * buddyinfo must not be paired with the host's pagetypeinfo, PSI, kernel
 * release or page size.
 */
static bool
is_live(const struct opts *o)
{
	return o->sysroot == NULL && o->buddyinfo == NULL;
}

/* Returns a malloc'd "ROOT/REL", or REL's live path when ROOT is NULL. */
static char *
rooted(const char *root, const char *rel)
{
	char *p;

	if (root == NULL)
		return strdup(rel);
	if (asprintf(&p, "%s%s", root, rel) < 0)
		return NULL;
	return p;
}

/*
 * Find the kernel release that produced the input into BUF: --kernel, the
 * root's osrelease, or the running kernel when live. Returns BUF, NULL when
 * unknown, or sets *BAD after printing an error.
 */
static const char *
release_of(const struct opts *o, char *buf, size_t size, bool *bad)
{
	struct ferr e;
	struct utsname u;
	struct slurp s;
	char *path;
	size_t n;

	*bad = false;
	if (o->kernel) {
		snprintf(buf, size, "%s", o->kernel);
		return buf;
	}
	if (o->sysroot == NULL) {
		if (!is_live(o) || uname(&u) != 0)
			return NULL;
		snprintf(buf, size, "%s", u.release);
		return buf;
	}
	if ((path = rooted(o->sysroot, "/proc/sys/kernel/osrelease")) == NULL)
		return NULL;
	e.path = path;
	if (slurp_read(path, &s, &e) != 0) {
		free(path);
		return NULL;	/* unknown: the current layout */
	}
	n = strcspn(s.buf, "\n");
	if (n == 0 || n > RELEASE_MAX || n >= size || kver_parse(s.buf) < 0) {
		ferr_set(&e, 1, "not a kernel release such as '6.1.0'");
		print_error(&e);
		*bad = true;
		slurp_free(&s);
		free(path);
		return NULL;
	}
	memcpy(buf, s.buf, n);
	buf[n] = '\0';
	slurp_free(&s);
	free(path);
	return buf;
}

/* Returns 0 after writing and closing stdout, or EXIT_DATA when that failed. */
static int
close_stdout(void)
{
	if (ferror(stdout) | (fclose(stdout) != 0)) {
		fprintf(stderr, "%s: write error: %s\n", progname,
		    errno ? strerror(errno) : "unknown");
		return EXIT_DATA;
	}
	return EXIT_OK;
}

enum { OPT_BUDDYINFO = 256, OPT_PAGETYPEINFO, OPT_PRESSURE, OPT_NO_PTI,
	OPT_KERNEL, OPT_PAGE_SIZE, OPT_VERIFY, OPT_COLOR };

static const struct option longopts[] = {
	{ "sysroot",		required_argument, NULL, 'r' },
	{ "buddyinfo",		required_argument, NULL, OPT_BUDDYINFO },
	{ "pagetypeinfo",	required_argument, NULL, OPT_PAGETYPEINFO },
	{ "pressure",		required_argument, NULL, OPT_PRESSURE },
	{ "no-pagetypeinfo",	no_argument,	   NULL, OPT_NO_PTI },
	{ "kernel",		required_argument, NULL, OPT_KERNEL },
	{ "page-size",		required_argument, NULL, OPT_PAGE_SIZE },
	{ "format",		required_argument, NULL, 'f' },
	{ "json",		no_argument,	   NULL, 'j' },
	{ "verify",		no_argument,	   NULL, OPT_VERIFY },
	{ "color",		optional_argument, NULL, OPT_COLOR },
	{ "colour",		optional_argument, NULL, OPT_COLOR },
	{ "quiet",		no_argument,	   NULL, 'q' },
	{ "help",		no_argument,	   NULL, 'h' },
	{ "version",		no_argument,	   NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* Returns EXIT_OK with O filled from ARGV, -1 after --help/--version, or EXIT_USAGE. */
static int
parse_options(int argc, char **argv, struct opts *o)
{
	int c, stdin_users;

	memset(o, 0, sizeof(*o));
	o->color = -1;
	/* getopt's own messages name argv[0]: make them say "fragstat:" as ours do. */
	argv[0] = (char *)progname;
	while ((c = getopt_long(argc, argv, "r:f:jqhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			o->sysroot = optarg;
			break;
		case OPT_BUDDYINFO:
			o->buddyinfo = optarg;
			break;
		case OPT_PAGETYPEINFO:
			o->pagetypeinfo = optarg;
			break;
		case OPT_PRESSURE:
			o->pressure = optarg;
			break;
		case OPT_NO_PTI:
			o->no_pagetypeinfo = true;
			break;
		case OPT_KERNEL:
			if (kver_parse(optarg) < 0)
				return usage_error("--kernel: '%s' is not a "
				    "release such as 5.15 or 6.1.0", optarg);
			if (strlen(optarg) > RELEASE_MAX)
				return usage_error("--kernel: longer than the "
				    "kernel's %d characters", RELEASE_MAX);
			o->kernel = optarg;
			break;
		case OPT_PAGE_SIZE:
			if (parse_page_size(optarg, &o->page_size) != 0)
				return usage_error("--page-size: '%s' is not a "
				    "power of two from 512 to 16M", optarg);
			break;
		case 'f':
			if (strcmp(optarg, "table") == 0)
				o->format = F_TABLE;
			else if (strcmp(optarg, "json") == 0)
				o->format = F_JSON;
			else if (strcmp(optarg, "unusable") == 0)
				o->format = F_UNUSABLE;
			else if (strcmp(optarg, "extfrag") == 0)
				o->format = F_EXTFRAG;
			else
				return usage_error("--format: '%s' is not one "
				    "of table, json, unusable, extfrag", optarg);
			break;
		case 'j':
			o->format = F_JSON;
			break;
		case OPT_VERIFY:
			o->format = F_VERIFY;
			break;
		case OPT_COLOR:
			if (optarg == NULL || strcmp(optarg, "always") == 0)
				o->color = 1;
			else if (strcmp(optarg, "never") == 0)
				o->color = 0;
			else if (strcmp(optarg, "auto") == 0)
				o->color = -1;
			else
				return usage_error("--color: '%s' is not one "
				    "of auto, always, never", optarg);
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'h':
			usage(stdout);
			return -1;
		case 'V':
			version();
			return -1;
		default:
			fprintf(stderr, "Try '%s --help' for more information.\n",
			    progname);
			return EXIT_USAGE;
		}
	}
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	stdin_users = (o->buddyinfo && strcmp(o->buddyinfo, "-") == 0) +
	    (o->pagetypeinfo && strcmp(o->pagetypeinfo, "-") == 0) +
	    (o->pressure && strcmp(o->pressure, "-") == 0);
	if (stdin_users > 1)
		return usage_error("%s", "only one input can be standard input");
	if (o->format == F_VERIFY && (o->buddyinfo || o->pagetypeinfo ||
	    o->pressure))
		return usage_error("%s", "--verify reads a whole root: use "
		    "--sysroot, not single files");
	return EXIT_OK;
}

/* Everything read for one run, owned here and freed by inputs_free(). */
struct inputs {
	char			*bpath, *ppath, *spath;
	struct buddyinfo	 bi;
	struct frag		*frag;
	struct pagetypeinfo	 pti;
	long			*pti_zone;
	struct psi		 psi;
	bool			 have_pti, have_psi;
	char			 release[RELEASE_MAX + 1];
};

static void
inputs_free(struct inputs *in)
{
	buddyinfo_free(&in->bi);
	pagetypeinfo_free(&in->pti);
	free(in->frag);
	free(in->pti_zone);
	free(in->bpath);
	free(in->ppath);
	free(in->spath);
}

/* Parse buddyinfo held in S (named PATH) and compute every zone. Returns 0 or -1 after a message. */
static int
load_buddyinfo(const char *path, const struct slurp *s,
    struct buddyinfo *bi, struct frag **frag)
{
	struct ferr e = { .path = path };
	size_t i;

	if (buddyinfo_parse(s->buf, s->len, bi, &e) != 0) {
		print_error(&e);
		return -1;
	}
	if ((*frag = calloc(bi->nzones, sizeof(**frag))) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		buddyinfo_free(bi);
		return -1;
	}
	for (i = 0; i < bi->nzones; i++)
		frag_compute(bi->zones[i].free, bi->norders, &(*frag)[i]);
	return 0;
}

/* Read everything format O needs into IN. Returns 0 or EXIT_DATA after a message. */
static int
load(const struct opts *o, struct inputs *in)
{
	bool need_more = o->format == F_TABLE || o->format == F_JSON, bad;
	bool defaults = o->sysroot != NULL || is_live(o);
	const char *sr = o->sysroot;
	struct ferr e;
	struct slurp s;
	size_t i;
	long j, hint = 0;
	int rc;

	in->bpath = o->buddyinfo ? strdup(o->buddyinfo) :
	    rooted(sr, "/proc/buddyinfo");
	in->ppath = o->pagetypeinfo ? strdup(o->pagetypeinfo) :
	    rooted(sr, "/proc/pagetypeinfo");
	in->spath = o->pressure ? strdup(o->pressure) :
	    rooted(sr, "/proc/pressure/memory");
	if (!in->bpath || !in->ppath || !in->spath) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_DATA;
	}
	e.path = in->bpath;
	if (slurp_read(in->bpath, &s, &e) != 0) {
		print_error(&e);
		return EXIT_DATA;
	}
	rc = load_buddyinfo(in->bpath, &s, &in->bi, &in->frag);
	slurp_free(&s);
	if (rc != 0)
		return EXIT_DATA;
	if (release_of(o, in->release, sizeof(in->release), &bad) == NULL) {
		if (bad)
			return EXIT_DATA;
		in->release[0] = '\0';
	}
	if (!need_more)
		return 0;
	if (!o->no_pagetypeinfo && (defaults || o->pagetypeinfo != NULL)) {
		rc = load_optional(in->ppath, "pagetypeinfo",
		    o->pagetypeinfo != NULL, o->quiet, parse_pti, &in->pti);
		if (rc < 0)
			return EXIT_DATA;
		in->have_pti = rc == 1;
	}
	if (in->have_pti && in->pti.norders != in->bi.norders) {
		fprintf(stderr, "%s: %s: %u orders, but %s has %u: not from the "
		    "same machine\n", progname, in->ppath, in->pti.norders,
		    in->bpath, in->bi.norders);
		return EXIT_DATA;
	}
	if (in->have_pti) {
		in->pti_zone = malloc(in->bi.nzones * sizeof(*in->pti_zone));
		if (in->pti_zone == NULL) {
			fprintf(stderr, "%s: out of memory\n", progname);
			return EXIT_DATA;
		}
		/* Both files list zones in the kernel's order: try the next one first. */
		for (i = 0; i < in->bi.nzones; i++) {
			const struct bzone *z = &in->bi.zones[i];

			if ((size_t)hint < in->pti.nzones &&
			    in->pti.zones[hint].node == z->node &&
			    strcmp(in->pti.zones[hint].name, z->name) == 0)
				j = hint;
			else
				j = pagetypeinfo_find(&in->pti, z->node, z->name);
			in->pti_zone[i] = j;
			hint = j + 1;
		}
	}
	if (!defaults && o->pressure == NULL)
		return 0;
	rc = load_optional(in->spath, "pressure", o->pressure != NULL,
	    o->quiet, parse_psi, &in->psi);
	if (rc < 0)
		return EXIT_DATA;
	in->have_psi = rc == 1;
	return 0;
}

/* Run --verify for O. Returns its exit code. */
static int
run_verify(const struct opts *o)
{
	char *bpath, *upath, *epath, buf[RELEASE_MAX + 1];
	struct ferr e = { .path = "" };
	const char *release;
	bool bad;
	int rc;

	bpath = rooted(o->sysroot, "/proc/buddyinfo");
	upath = rooted(o->sysroot, "/sys/kernel/debug/extfrag/unusable_index");
	epath = rooted(o->sysroot, "/sys/kernel/debug/extfrag/extfrag_index");
	release = release_of(o, buf, sizeof(buf), &bad);
	if (bpath == NULL || upath == NULL || epath == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		rc = EXIT_DATA;
	} else if (bad)
		rc = EXIT_DATA;
	else if ((rc = verify_run(stdout, bpath, upath, epath, release,
	    o->sysroot == NULL, &e)) < 0) {
		print_error(&e);
		if (o->sysroot == NULL && strstr(e.path, "extfrag") != NULL)
			fprintf(stderr, "%s: the kernel's index files need root "
			    "and debugfs (mount -t debugfs none "
			    "/sys/kernel/debug)\n", progname);
		rc = EXIT_DATA;
	} else {
		rc = rc ? EXIT_DIFFERS : EXIT_OK;
		if (close_stdout() != EXIT_OK)
			rc = EXIT_DATA;
	}
	free(bpath);
	free(upath);
	free(epath);
	return rc;
}

int
main(int argc, char **argv)
{
	struct report r;
	struct inputs in;
	struct opts o;
	long ps;
	int rc;

	/* A closed pipe becomes a reported write error, not a silent death. */
	signal(SIGPIPE, SIG_IGN);
	if ((rc = parse_options(argc, argv, &o)) != EXIT_OK)
		return rc < 0 ? close_stdout() : rc;
	if (o.format == F_VERIFY)
		return run_verify(&o);
	memset(&in, 0, sizeof(in));
	if ((rc = load(&o, &in)) != 0) {
		inputs_free(&in);
		return rc;
	}
	memset(&r, 0, sizeof(r));
	r.buddyinfo_path = in.bpath;
	r.bi = &in.bi;
	r.frag = in.frag;
	r.pagetypeinfo_path = in.have_pti ? in.ppath : NULL;
	r.pti = in.have_pti ? &in.pti : NULL;
	r.pti_zone = in.pti_zone;
	r.pressure_path = in.have_psi ? in.spath : NULL;
	r.psi = in.have_psi ? &in.psi : NULL;
	r.release = in.release[0] ? in.release : NULL;
	if (o.page_size) {
		r.page_size = o.page_size;
		r.page_size_from = "option";
	} else if (is_live(&o) && (ps = sysconf(_SC_PAGESIZE)) > 0) {
		r.page_size = (unsigned long)ps;
		r.page_size_from = "host";
	} else {
		r.page_size = 4096;
		r.page_size_from = "assumed";
	}
	r.color = o.color == 1 || (o.color == -1 && getenv("NO_COLOR") == NULL &&
	    isatty(STDOUT_FILENO));
	if (getenv("NO_COLOR") != NULL && getenv("NO_COLOR")[0] != '\0')
		r.color = false;
	switch (o.format) {
	case F_TABLE:
		render_table(stdout, &r);
		break;
	case F_JSON:
		render_json(stdout, &r);
		break;
	case F_UNUSABLE:
		render_unusable(stdout, &r);
		break;
	case F_EXTFRAG:
		render_extfrag(stdout, &r);
		break;
	case F_VERIFY:
		break;
	}
	inputs_free(&in);
	if (close_stdout() != EXIT_OK)
		return EXIT_DATA;
	return rc;
}
