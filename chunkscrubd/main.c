/* chunkscrubd: schedules chunk-by-chunk checks of idle chunks and a few at each boot, repairs
 * what it finds, and reports over D-Bus. Usage: chunkscrubd [-c FILE] [--check-config] */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chunkscrubd/bus.h"
#include "chunkscrubd/config.h"
#include "chunkscrubd/log.h"
#include "chunkscrubd/manager.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/version.h"

static void usage(FILE *f)
{
	fprintf(f, "Usage: chunkscrubd [-c FILE] [--check-config]\n\n"
		   "  -c, --config FILE  configuration (default " CONFIG_DEFAULT_PATH ")\n"
		   "      --check-config check the configuration as a start would, print the one in\n"
		   "                     force and exit: 0 if it is good, 1 if not\n"
		   "  -h, --help         this text\n"
		   "      --version      the version\n");
}

/* --check-config: what a start checks of the configuration, without starting; the
 * configuration in force on stdout when it is good, the first error on stderr when not. */
static int check_config(const char *file)
{
	_cleanup_(config_freep) struct config *c = NULL;
	_cleanup_free_ char *error = NULL;
	int r = config_load(file, &c, &error);

	if (r >= 0)
		r = config_check_system(c, &error);
	if (r < 0) {
		fprintf(stderr, "chunkscrubd: %s\n", error ?: strerror(-r));
		return 1;
	}
	config_print(c, stdout);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'v' },
		{ "check-config", no_argument, NULL, 'C' },
		{}
	};
	_cleanup_(manager_freep) struct manager *m = NULL;
	_cleanup_(sd_bus_flush_close_unrefp) sd_bus *bus = NULL;  /* goes before the manager */
	const char *config = CONFIG_DEFAULT_PATH;
	bool check_only = false;
	int c, r;

	while ((c = getopt_long(argc, argv, "c:h", opts, NULL)) >= 0)
		switch (c) {
		case 'c':
			config = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'v':
			printf("chunkscrubd %s\n", CHUNKFS_VERSION);
			return 0;
		case 'C':
			check_only = true;
			break;
		default:
			usage(stderr);
			return 2;
		}
	if (optind < argc) {
		fprintf(stderr, "chunkscrubd: unexpected argument '%s'\n", argv[optind]);
		usage(stderr);
		return 2;
	}
	if (check_only)
		return check_config(config);
	log_setup();
	r = manager_new(config, &m);
	if (r < 0)
		return 1;
	r = bus_setup(m, &bus);
	if (r < 0)
		return 1;
	r = manager_start(m);
	if (r < 0)
		return 1;
	r = manager_run(m);
	if (r < 0)
		return log_error_errno(r, "Event loop failed: %m") ? 1 : 1;
	return 0;
}
