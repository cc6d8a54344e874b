/* chunkctl cancel: ends one chunkscrubd job. A file of its own, not one with pause and resume:
 * those switch the daemon's automatic scheduling and leave jobs alone; cancel acts on one job. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "chunkctl/bus-client.h"
#include "chunkctl/chunkctl.h"
#include "chunkscrubd/bus-api.h"

int cmd_cancel(const struct ctl *ctl, int argc, char **argv)
{
	uint32_t job;
	char *end;

	if (ctl_wants_help(argc, argv)) {
		printf("Usage: chunkctl cancel JOB\n\nCancels a queued or running chunkscrubd job; "
		       "an interrupted check leaves the chunk marked for a re-check.\n");
		return EXIT_OK;
	}
	if (getopt(argc, argv, "") >= 0)
		return ctl_usage_error("cancel", "bad option");
	if (ctl->volume)
		return ctl_usage_error("cancel", "jobs belong to chunkscrubd; -V does not apply");
	if (argc - optind != 1)
		return ctl_usage_error("cancel", "expected one JOB number");
	errno = 0;
	job = (uint32_t)strtoul(argv[optind], &end, 10);
	if (errno || end == argv[optind] || *end || job == 0)
		return ctl_usage_error("cancel", "'%s' is not a job number", argv[optind]);
	return daemon_simple("cancel", BUS_METHOD_CANCEL, "u", job);
}
