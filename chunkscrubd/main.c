/* chunkscrubd: schedules chunk-by-chunk checks of idle chunks and a few at each boot, repairs
 * what it finds, and reports over D-Bus. Usage: chunkscrubd [-c FILE] */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "chunkscrubd/bus.h"
#include "chunkscrubd/config.h"
#include "chunkscrubd/log.h"
#include "chunkscrubd/manager.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/version.h"

static void usage(FILE *f)
{
	fprintf(f, "Usage: chunkscrubd [-c FILE]\n\n"
		   "  -c, --config FILE  configuration (default " CONFIG_DEFAULT_PATH ")\n"
		   "  -h, --help         this text\n"
		   "      --version      the version\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'v' },
		{}
	};
	_cleanup_(manager_freep) struct manager *m = NULL;
	_cleanup_(sd_bus_flush_close_unrefp) sd_bus *bus = NULL;  /* goes before the manager */
	const char *config = CONFIG_DEFAULT_PATH;
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
		default:
			usage(stderr);
			return 2;
		}
	if (optind < argc) {
		fprintf(stderr, "chunkscrubd: unexpected argument '%s'\n", argv[optind]);
		usage(stderr);
		return 2;
	}
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
