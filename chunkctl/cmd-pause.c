/* chunkctl pause and resume: the two sides of one switch, chunkscrubd's automatic (boot and
 * idle) scrubbing, so one file. Jobs are not touched: requested scrubs still run, and `cancel`
 * (cmd-cancel.c) is the command that ends a job. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "chunkctl/bus-client.h"
#include "chunkctl/chunkctl.h"
#include "chunkscrubd/bus-api.h"

static int pause_resume(const struct ctl *ctl, int argc, char **argv, const char *method)
{
	if (ctl_wants_help(argc, argv)) {
		printf("Usage: chunkctl %s\n\n%s chunkscrubd's automatic (boot and idle) scrubbing; "
		       "requested scrubs still run.\n", argv[0], !strcmp(method, BUS_METHOD_PAUSE) ? "Pauses" : "Resumes");
		return EXIT_OK;
	}
	if (getopt(argc, argv, "") >= 0)
		return ctl_usage_error(argv[0], "bad option");
	if (ctl->volume)
		return ctl_usage_error(argv[0], "this talks to chunkscrubd; -V does not apply");
	if (argc != optind)
		return ctl_usage_error(argv[0], "takes no arguments");
	return daemon_simple(argv[0], method, NULL, 0);
}

int cmd_pause(const struct ctl *ctl, int argc, char **argv)
{
	return pause_resume(ctl, argc, argv, BUS_METHOD_PAUSE);
}

int cmd_resume(const struct ctl *ctl, int argc, char **argv)
{
	return pause_resume(ctl, argc, argv, BUS_METHOD_RESUME);
}
