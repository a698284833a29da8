/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * extraopts.c - --extra-opts[=[SECTION][@FILE]]: the options of a section
 * of the monitoring plugins' ini file, put before the command line's, as
 * every plugin of the Monitoring Plugins reads them (lib/extra_opts.c)
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "extraopts.h"
#include "ferr.h"
#include "opts.h"
#include "plugini.h"
#include "slurp.h"
#include "usage.h"

#define EXTRAOPTS	"--extra-opts"

/* The section read when --extra-opts names none: the plugin's name. */
#define EXTRAOPTS_SECTION	"fragstat"

/* The files' names in a directory of $NAGIOS_CONFIG_PATH, in order. */
static const char *const names[] = {
	"monitoring-plugins.ini", "plugins.ini", "nagios-plugins.ini",
};

/* Their standard places, in the order the plugins look. */
static const char *const places[] = {
	"/usr/local/etc/monitoring-plugins/monitoring-plugins.ini",
	"/usr/local/etc/monitoring-plugins.ini",
	"/etc/monitoring-plugins/monitoring-plugins.ini",
	"/etc/monitoring-plugins.ini",
	"/etc/nagios/plugins.ini",
	"/usr/local/nagios/etc/plugins.ini",
	"/usr/local/etc/nagios/plugins.ini",
	"/etc/opt/nagios/plugins.ini",
	"/etc/nagios-plugins.ini",
	"/usr/local/etc/nagios-plugins.ini",
	"/etc/opt/nagios-plugins.ini",
};

/*
 * Returns the file the plugins read when --extra-opts names none, in BUF,
 * or NULL when there is none.
 */
static const char *
default_file(char *buf, size_t size)
{
	const char *env = getenv("MP_CONFIG_FILE"), *dirs;
	size_t i, n;

	if (env != NULL && env[0] != '\0')
		return env;
	for (dirs = getenv("NAGIOS_CONFIG_PATH"); dirs && *dirs; dirs += n) {
		dirs += strspn(dirs, ":");
		n = strcspn(dirs, ":");
		for (i = 0; n > 0 && i < sizeof(names) / sizeof(names[0]); i++)
			if (snprintf(buf, size, "%.*s/%s", (int)n, dirs,
			    names[i]) < (int)size && access(buf, F_OK) == 0)
				return buf;
	}
	for (i = 0; i < sizeof(places) / sizeof(places[0]); i++)
		if (access(places[i], F_OK) == 0)
			return places[i];
	return NULL;
}

/*
 * Read the options LOC names ("[SECTION][@FILE]", NULL: the defaults) into
 * P. Returns 0, or EXIT_DATA after a message.
 */
static int
read_section(const char *loc, struct plugini *p)
{
	char path[PATH_MAX], *section;
	const char *file = NULL;
	struct slurp s = { NULL, 0 };
	struct ferr e = { .path = "" };
	size_t n = loc ? strcspn(loc, "@") : 0;
	int rc = -1;

	/* The section as named, whatever its length: a cut one is another. */
	if ((section = n ? strndup(loc, n) : strdup(EXTRAOPTS_SECTION)) ==
	    NULL) {
		ferr_nomem();
		return EXIT_DATA;
	}
	if (loc && loc[n] == '@' && loc[n + 1] != '\0')
		file = loc + n + 1;
	else if ((file = default_file(path, sizeof(path))) == NULL)
		ferr_say("--extra-opts: no monitoring-plugins.ini or plugins.ini "
		    "in $MP_CONFIG_FILE, $NAGIOS_CONFIG_PATH or "
		    "/etc/monitoring-plugins; name one: --extra-opts=@FILE");
	if (file != NULL) {
		e.path = file;
		if ((rc = slurp_read(file, &s, &e)) == 0)
			rc = plugini_parse(s.buf, s.len, section, p, &e);
		if (rc != 0)
			ferr_print(&e);
	}
	slurp_free(&s);
	free(section);
	return rc != 0 ? EXIT_DATA : 0;
}

int
extraopts_expand(struct cmdline *l)
{
	struct plugini p = { NULL, 0, 0, 0 };
	char **v, *w;
	int i, at = 0, n = 0, rc;
	size_t k;

	for (i = 1; i < l->argc && strcmp(l->argv[i], "--") != 0; i++) {
		if (strncmp(l->argv[i], EXTRAOPTS, strlen(EXTRAOPTS)) != 0 ||
		    (l->argv[i][strlen(EXTRAOPTS)] != '\0' &&
		    l->argv[i][strlen(EXTRAOPTS)] != '='))
			continue;
		if (at != 0)
			return usage_error("--extra-opts given twice: give it "
			    "once");
		at = i;
	}
	if (at == 0)
		return 0;
	w = strchr(l->argv[at], '=');
	if ((rc = read_section(w ? w + 1 : NULL, &p)) != 0)
		return rc;
	if ((v = calloc((size_t)l->argc + p.n + 1, sizeof(*v))) == NULL) {
		plugini_free(&p);
		ferr_nomem();
		return EXIT_DATA;
	}
	v[n++] = l->argv[0];
	for (k = 0, w = p.buf; k < p.n; k++, w += strlen(w) + 1)
		v[n++] = w;
	for (i = 1; i < l->argc; i++)
		if (i != at)
			v[n++] = l->argv[i];
	free(l->owned);
	l->owned = l->argv = v;
	l->argc = n;
	l->words = p.buf;
	l->nextra = (int)p.nopts;
	return 0;
}
