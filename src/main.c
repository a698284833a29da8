/* main.c - fragstat: options, inputs, the chosen view, errors and exit codes */

#include "config.h"
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "advise.h"
#include "compact.h"
#include "inputs.h"
#include "kver.h"
#include "report.h"
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
	const char	*buddyinfo, *pagetypeinfo, *pressure, *zoneinfo;
	const char	*kernel;
	unsigned long	 page_size, page_size_live;
	bool		 no_pagetypeinfo, quiet;
	enum format	 format;
	int		 color;		/* -1 auto, 0 never, 1 always */
	bool		 advise, compact;
	const char	*advise_list;	/* NULL: the default orders */
	enum advise_gfp	 gfp;
	int		 threshold;	/* -1: the sysctl */
	uint32_t	 psi_some, psi_full;	/* hundredths of a percent */
};

/* Default PSI urgency thresholds (avg10, percent of wall time). */
#define PSI_SOME_DEFAULT	1000
#define PSI_FULL_DEFAULT	500

static const char *progname = "fragstat";

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
"      --buddyinfo=FILE     read buddyinfo from FILE ('-': standard input)\n"
"      --pagetypeinfo=FILE  read pagetypeinfo from FILE\n"
"      --pressure=FILE      read memory pressure (PSI) from FILE\n"
"      --no-pagetypeinfo    do not read pagetypeinfo (it walks the free lists\n"
"                           with zone locks held)\n"
"      --kernel=RELEASE     kernel release that produced the input (decides the\n"
"                           extfrag_index layout); default: the root's\n"
"                           proc/sys/kernel/osrelease or the running kernel\n"
"      --page-size=BYTES    page size of the input; default: this host's when\n"
"                           live, else 4096\n"
"      --zoneinfo=FILE      read zoneinfo (watermarks) from FILE for --advise\n"
"\n"
"Advice:\n"
"      --advise[=ORDERS]    say per zone, node and machine whether an allocation\n"
"                           of each order would succeed, needs compaction or\n"
"                           needs reclaim, by the kernel's own rules; ORDERS is\n"
"                           a list of orders or sizes (9,2M,64K); default: the\n"
"                           pageblock order and every enabled THP size\n"
"      --gfp=KIND           movable (default: user memory, THP) or kernel\n"
"                           (never uses the Movable or HighMem zones)\n"
"      --threshold=N        vm.extfrag_threshold to apply (0-1000); default:\n"
"                           the sysctl, else 500\n"
"      --psi-some=PCT       memory pressure is elevated when 'some avg10'\n"
"                           reaches PCT (default 10)\n"
"      --psi-full=PCT       memory pressure is severe when 'full avg10'\n"
"                           reaches PCT (default 5)\n"
"      --compact            as root, trigger compaction on the nodes whose\n"
"                           advice is compact, then measure again\n"
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
	OPT_KERNEL, OPT_PAGE_SIZE, OPT_VERIFY, OPT_COLOR, OPT_ZONEINFO,
	OPT_ADVISE, OPT_GFP, OPT_THRESHOLD, OPT_PSI_SOME, OPT_PSI_FULL,
	OPT_COMPACT };

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
	{ "zoneinfo",		required_argument, NULL, OPT_ZONEINFO },
	{ "advise",		optional_argument, NULL, OPT_ADVISE },
	{ "gfp",		required_argument, NULL, OPT_GFP },
	{ "threshold",		required_argument, NULL, OPT_THRESHOLD },
	{ "psi-some",		required_argument, NULL, OPT_PSI_SOME },
	{ "psi-full",		required_argument, NULL, OPT_PSI_FULL },
	{ "compact",		no_argument,	   NULL, OPT_COMPACT },
	{ "quiet",		no_argument,	   NULL, 'q' },
	{ "help",		no_argument,	   NULL, 'h' },
	{ "version",		no_argument,	   NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* Returns 0 with *OUT set from a percentage such as "10" or "2.25" (hundredths), or -1. */
static int
parse_percent(const char *s, uint32_t *out)
{
	struct tok t = { s, strcspn(s, ".") };
	uint64_t ip, fp = 0;

	if (num_u64(&t, &ip) != 0 || ip > 100)
		return -1;
	if (s[t.n] == '.') {
		t.s = s + t.n + 1;
		t.n = strlen(t.s);
		if (t.n == 0 || t.n > 2 || num_u64(&t, &fp) != 0)
			return -1;
		if (t.n == 1)
			fp *= 10;
	}
	if (ip * 100 + fp > 10000)
		return -1;
	*out = (uint32_t)(ip * 100 + fp);
	return 0;
}

/* Returns whether "NAME=..." (NAME possibly abbreviated) names a long option without argument. */
static bool
takes_no_argument(const char *name)
{
	size_t n = strcspn(name, "=");
	const struct option *lo;

	if (name[n] != '=')
		return false;
	for (lo = longopts; lo->name; lo++)
		if (strncmp(lo->name, name, n) == 0 && lo->has_arg == no_argument)
			return true;
	return false;
}

/* Returns EXIT_OK with O filled from ARGV, -1 after --help/--version, or EXIT_USAGE. */
static int
parse_options(int argc, char **argv, struct opts *o)
{
	const char *arg;
	struct tok t;
	uint64_t v;
	int c, stdin_users;

	memset(o, 0, sizeof(*o));
	o->color = -1;
	o->threshold = -1;
	o->psi_some = PSI_SOME_DEFAULT;
	o->psi_full = PSI_FULL_DEFAULT;
	opterr = 0;	/* our own messages, named "fragstat" whatever argv[0] is */
	while ((c = getopt_long(argc, argv, ":r:f:jqhV", longopts, NULL)) != -1) {
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
		case OPT_ZONEINFO:
			o->zoneinfo = optarg;
			break;
		case OPT_ADVISE:
			o->advise = true;
			o->advise_list = optarg;
			break;
		case OPT_GFP:
			if (strcmp(optarg, "movable") == 0)
				o->gfp = ADVISE_MOVABLE;
			else if (strcmp(optarg, "kernel") == 0)
				o->gfp = ADVISE_KERNEL;
			else
				return usage_error("--gfp: '%s' is not movable or "
				    "kernel", optarg);
			break;
		case OPT_THRESHOLD:
			t.s = optarg;
			t.n = strlen(optarg);
			if (num_u64(&t, &v) != 0 || v > 1000)
				return usage_error("--threshold: '%s' is not a "
				    "number from 0 to 1000", optarg);
			o->threshold = (int)v;
			break;
		case OPT_PSI_SOME:
		case OPT_PSI_FULL:
			if (parse_percent(optarg, c == OPT_PSI_SOME ?
			    &o->psi_some : &o->psi_full) != 0)
				return usage_error("--psi-%s: '%s' is not a "
				    "percentage such as 10 or 2.5",
				    c == OPT_PSI_SOME ? "some" : "full", optarg);
			break;
		case OPT_COMPACT:
			o->compact = true;
			o->advise = true;
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
		case ':':
			return usage_error("option '%s' needs an argument",
			    argv[optind - 1]);
		default:
			arg = argv[optind - 1];
			if (strncmp(arg, "--", 2) != 0)
				return usage_error("unknown option '-%c'", optopt);
			if (takes_no_argument(arg + 2))
				return usage_error("option '%.*s' takes no "
				    "argument", (int)strcspn(arg, "="), arg);
			return usage_error("unknown option '%s'", arg);
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
	if (o->format == F_VERIFY && o->advise)
		return usage_error("%s", "--verify and --advise do not mix");
	if (o->compact && (o->sysroot || o->buddyinfo || o->pagetypeinfo ||
	    o->pressure || o->zoneinfo))
		return usage_error("%s", "--compact acts on this host: it does "
		    "not take --sysroot or input files");
	if (o->compact && (o->format == F_UNUSABLE || o->format == F_EXTFRAG))
		return usage_error("%s", "--compact shows a table or JSON");
	return EXIT_OK;
}

/* Returns the input options O asks for. */
static struct input_opts
input_opts(const struct opts *o)
{
	struct input_opts io;

	memset(&io, 0, sizeof(io));
	io.sysroot = o->sysroot;
	io.buddyinfo = o->buddyinfo;
	io.pagetypeinfo = o->pagetypeinfo;
	io.pressure = o->pressure;
	io.zoneinfo = o->zoneinfo;
	io.kernel = o->kernel;
	io.page_size = o->page_size;
	/* Never read a file the chosen output does not need. */
	io.want_pti = (o->format == F_TABLE || o->format == F_JSON) &&
	    !o->no_pagetypeinfo;
	io.want_psi = o->format == F_TABLE || o->format == F_JSON;
	io.want_advise = o->advise;
	return io;
}

/* Run --verify for O. Returns its exit code. */
static int
run_verify(const struct opts *o)
{
	struct input_opts io = input_opts(o);
	struct ferr e = { .path = "" };
	char *bpath, *dir, *rpath = NULL, release[128];
	int rc;

	bpath = inputs_path(o->sysroot, "/proc/buddyinfo");
	dir = inputs_path(o->sysroot, "/sys/kernel/debug/extfrag");
	if (bpath == NULL || dir == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		rc = EXIT_DATA;
	} else if ((rc = inputs_release(&io, release, sizeof(release), &rpath,
	    &e)) < 0) {
		print_error(&e);
		rc = EXIT_DATA;
	} else if ((rc = verify_run(stdout, bpath, dir, rc ? release : NULL,
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
	free(rpath);
	free(bpath);
	free(dir);
	return rc;
}

/*
 * Turn the --advise list (orders or sizes such as 2M, 64K) into ORDERS for
 * pages of PAGE_SIZE and NORDERS orders. Returns the number, or -1 after a
 * usage message.
 */
static int
advise_orders(const char *list, unsigned long page_size, unsigned norders,
    unsigned *orders)
{
	char item[32];
	const char *p = list;
	unsigned long long v, mul;
	size_t n = 0, len, i;
	unsigned o;
	char *end;

	while (*p) {
		len = strcspn(p, ",");
		if (len == 0 || len >= sizeof(item) || n == FRAG_MAX_ORDERS)
			goto bad;
		memcpy(item, p, len);
		item[len] = '\0';
		p += len + (p[len] == ',');
		if (item[0] < '0' || item[0] > '9')
			goto bad;
		errno = 0;
		v = strtoull(item, &end, 10);
		mul = 0;
		if (*end == 'K' || *end == 'k')
			mul = 1ULL << 10;
		else if (*end == 'M' || *end == 'm')
			mul = 1ULL << 20;
		else if (*end == 'G' || *end == 'g')
			mul = 1ULL << 30;
		if (errno != 0 || (mul == 0 && *end != '\0') ||
		    (mul != 0 && end[1] != '\0' && strcmp(end + 1, "B") != 0 &&
		    strcmp(end + 1, "iB") != 0))
			goto bad;
		if (mul == 0)
			o = v < 64 ? (unsigned)v : 64;
		else {
			/* At most 2^56 bytes: no product or shift wraps. */
			for (o = 0; v <= (1ULL << 56) / mul &&
			    (unsigned long long)page_size << o < v * mul; o++)
				;
			if (v > (1ULL << 56) / mul ||
			    (unsigned long long)page_size << o != v * mul) {
				usage_error("--advise: %s is not a power-of-two "
				    "number of %lu-byte pages", item, page_size);
				return -1;
			}
		}
		if (o >= norders) {
			usage_error("--advise: %s is order %u, but the input has "
			    "orders 0 to %u", item, o, norders - 1);
			return -1;
		}
		for (i = 0; i < n && orders[i] != o; i++)
			;
		if (i == n)
			orders[n++] = o;
	}
	if (n > 0)
		return (int)n;
bad:
	usage_error("--advise: '%s' is not a list of orders or sizes such as "
	    "9,2M,64K", list);
	return -1;
}

/* Fill ADV from O and IN for the report. Returns 0, or an exit code after a message. */
static int
advise(const struct opts *o, const struct inputs *in, unsigned long page_size,
    struct advice *adv)
{
	struct advise_in ai;
	int n;
	size_t i;

	memset(adv, 0, sizeof(*adv));
	adv->gfp = o->gfp;
	adv->kver = in->release[0] ? kver_parse(in->release) : -1;
	if (o->threshold >= 0) {
		adv->threshold = o->threshold;
		adv->threshold_from = "option";
	} else if (in->threshold >= 0) {
		adv->threshold = (int)in->threshold;
		adv->threshold_from = "sysctl";
	} else {
		adv->threshold = ADVISE_THRESHOLD;
		adv->threshold_from = "default";
	}
	adv->proactiveness = in->proactiveness >= 0 ?
	    (unsigned)in->proactiveness : ADVISE_PROACTIVENESS;
	/* COMPACTION_HPAGE_ORDER: the PMD order with THP, else pageblocks. */
	adv->hpage_order = in->pmd_order >= 0 ? (unsigned)in->pmd_order :
	    in->have_pti ? in->pti.pageblock_order : 9;
	if (o->advise_list) {
		n = advise_orders(o->advise_list, page_size, in->bi.norders,
		    adv->orders);
		if (n < 0)
			return EXIT_USAGE;
		adv->norders = (size_t)n;
		adv->orders_from = "option";
	} else {
		if (in->have_pti && in->pti.pageblock_order < in->bi.norders)
			adv->orders[adv->norders++] = in->pti.pageblock_order;
		for (i = 0; i < in->nthp; i++)
			if (in->thp[i] < in->bi.norders &&
			    (adv->norders == 0 || in->thp[i] != adv->orders[0]))
				adv->orders[adv->norders++] = in->thp[i];
		adv->orders_from = "pageblock and THP";
		if (adv->norders == 0) {
			adv->orders[adv->norders++] = 9 < in->bi.norders ? 9 :
			    in->bi.norders - 1;
			adv->orders_from = "default";
		}
	}
	adv->psi_some = o->psi_some;
	adv->psi_full = o->psi_full;
	adv->urgency = advise_urgency(in->have_psi ? &in->psi : NULL,
	    o->psi_some, o->psi_full);
	memset(&ai, 0, sizeof(ai));
	ai.bi = &in->bi;
	ai.frag = in->frag;
	ai.zi = in->have_zi ? &in->zi : NULL;
	ai.pti = in->have_pti ? &in->pti : NULL;
	ai.pti_zone = in->pti_zone;
	ai.kver = adv->kver;
	ai.threshold = adv->threshold;
	ai.gfp = adv->gfp;
	if (advise_build(adv, &ai) != 0) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_DATA;
	}
	return 0;
}

/* Fill R from IN for the options O. */
static void
report_of(const struct opts *o, const struct inputs *in, struct report *r)
{
	const char *nc = getenv("NO_COLOR");
	long ps;

	memset(r, 0, sizeof(*r));
	r->buddyinfo_path = in->bpath;
	r->bi = &in->bi;
	r->frag = in->frag;
	r->pagetypeinfo_path = in->have_pti ? in->ppath : NULL;
	r->pti = in->have_pti ? &in->pti : NULL;
	r->pti_zone = in->pti_zone;
	r->pressure_path = in->have_psi ? in->spath : NULL;
	r->psi = in->have_psi ? &in->psi : NULL;
	r->zoneinfo_path = in->have_zi ? in->zpath : NULL;
	r->release = in->release[0] ? in->release : NULL;
	if (o->page_size) {
		r->page_size = o->page_size;
		r->page_size_from = "option";
	} else if (o->sysroot == NULL && o->buddyinfo == NULL &&
	    (ps = sysconf(_SC_PAGESIZE)) > 0) {
		r->page_size = (unsigned long)ps;
		r->page_size_from = "host";
	} else {
		r->page_size = 4096;
		r->page_size_from = "assumed";
	}
	r->color = o->color == 1 || (o->color == -1 && isatty(STDOUT_FILENO));
	if (nc != NULL && nc[0] != '\0')
		r->color = false;
}

/* Load what O needs into IN, R and ADV. Returns 0, or an exit code after a message. */
static int
load(struct opts *o, struct inputs *in, struct report *r, struct advice *adv)
{
	struct input_opts io;
	struct ferr e;
	long ps;
	int i, rc;

	/* THP sizes and --advise=2M need the page size before reading. */
	if (o->page_size == 0 && o->sysroot == NULL && o->buddyinfo == NULL &&
	    (ps = sysconf(_SC_PAGESIZE)) > 0)
		o->page_size_live = (unsigned long)ps;
	io = input_opts(o);
	if (io.page_size == 0)
		io.page_size = o->page_size_live ? o->page_size_live : 4096;
	if (inputs_load(&io, in, &e) != 0) {
		print_error(&e);
		return EXIT_DATA;
	}
	if (!o->quiet)
		for (i = 0; i < in->nnotes; i++)
			fprintf(stderr, "%s: %s\n", progname, in->notes[i]);
	report_of(o, in, r);
	if (o->advise) {
		if ((rc = advise(o, in, r->page_size, adv)) != 0)
			return rc;
		r->advice = adv;
	}
	return 0;
}

/* Store in NODES the nodes whose advice is compact for some order; returns how many. */
static size_t
compact_targets(const struct report *r, unsigned *nodes, size_t max)
{
	const struct advice *adv = r->advice;
	size_t i, j, k, n = 0;
	unsigned node;

	for (i = 0; i < r->bi->nzones; i++) {
		node = r->bi->zones[i].node;
		for (k = 0; k < n && nodes[k] != node; k++)
			;
		if (k < n || n == max)
			continue;
		for (j = 0; j < adv->norders; j++)
			if (advise_best(adv->zones, adv->nzones, r->bi, (int)node,
			    adv->orders[j]) == VERDICT_COMPACT) {
				nodes[n++] = node;
				break;
			}
	}
	return n;
}

/*
 * --compact: show the advice, compact the nodes it says to, and show it
 * again with the time compaction took. Returns an exit code.
 */
static int
compact_run(struct opts *o, const struct report *before)
{
	unsigned nodes[FRAG_MAX_NODES];
	struct inputs in2;
	struct report after;
	struct advice adv2;
	struct jsonw w;
	struct ferr e;
	char method[512];
	uint64_t ns = 0;
	size_t n, i;
	int rc;

	n = compact_targets(before, nodes, FRAG_MAX_NODES);
	method[0] = '\0';
	if (n > 0 && compact_nodes(nodes, n, &ns, method, sizeof(method),
	    &e) != 0) {
		print_error(&e);
		return EXIT_DATA;
	}
	memset(&adv2, 0, sizeof(adv2));
	if ((rc = load(o, &in2, &after, &adv2)) != 0) {
		advise_free(&adv2);
		inputs_free(&in2);
		return rc;
	}
	if (o->format == F_JSON) {
		jw_init(&w, stdout);
		jw_object(&w);
		jw_key(&w, "before");
		render_json_object(&w, before);
		jw_key(&w, "compaction");
		jw_object(&w);
		jw_key(&w, "nodes");
		jw_array(&w, true);
		for (i = 0; i < n; i++)
			jw_int(&w, nodes[i]);
		jw_end(&w);
		jw_key(&w, "written");
		jw_string(&w, method);
		jw_key(&w, "seconds");
		jw_fixed(&w, (long long)(ns / 1000000), 3);
		jw_end(&w);
		jw_key(&w, "after");
		render_json_object(&w, &after);
		jw_end(&w);
		if (jw_finish(&w) != 0)
			abort();
	} else {
		printf("Before compaction:\n");
		render_table(stdout, before);
		if (n == 0)
			printf("\nNo node's advice is compact: nothing to do.\n");
		else
			printf("\nCompacted in %" PRIu64 ".%03" PRIu64 " s: wrote "
			    "1 to %s\n", ns / 1000000000, ns / 1000000 % 1000,
			    method);
		printf("\nAfter compaction:\n");
		render_table(stdout, &after);
	}
	advise_free(&adv2);
	inputs_free(&in2);
	return EXIT_OK;
}

/* Render R in format F. */
static void
render(enum format f, const struct report *r)
{
	switch (f) {
	case F_TABLE:
		render_table(stdout, r);
		break;
	case F_JSON:
		render_json(stdout, r);
		break;
	case F_UNUSABLE:
		render_unusable(stdout, r);
		break;
	case F_EXTFRAG:
		render_extfrag(stdout, r);
		break;
	case F_VERIFY:
		break;
	}
}

int
main(int argc, char **argv)
{
	struct advice adv;
	struct report r;
	struct inputs in;
	struct opts o;
	int rc;

	/* A closed pipe becomes a reported write error, not a silent death. */
	signal(SIGPIPE, SIG_IGN);
	if ((rc = parse_options(argc, argv, &o)) != EXIT_OK)
		return rc < 0 ? close_stdout() : rc;
	if (o.format == F_VERIFY)
		return run_verify(&o);
	if (o.compact && geteuid() != 0) {
		fprintf(stderr, "%s: --compact needs root: it writes "
		    "/sys/devices/system/node/nodeN/compact\n", progname);
		return EXIT_DATA;
	}
	memset(&adv, 0, sizeof(adv));
	if ((rc = load(&o, &in, &r, &adv)) != 0) {
		advise_free(&adv);
		inputs_free(&in);
		return rc;
	}
	if (o.compact)
		rc = compact_run(&o, &r);
	else
		render(o.format, &r);
	advise_free(&adv);
	inputs_free(&in);
	if (close_stdout() != EXIT_OK)
		return EXIT_DATA;
	return rc;
}
