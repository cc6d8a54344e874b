/* chunkctl cancel: ends one chunkscrubd job. A file of its own, not one with pause and resume:
 * those switch the daemon's automatic scheduling and leave jobs alone; cancel acts on one job. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "chunkctl/bus-client.h"
#include "chunkctl/chunkctl.h"
#include "chunkscrubd/bus-api.h"
#include "libchunk/base/macro.h"

int cmd_cancel(const struct ctl *ctl, int argc, char **argv)
{
	_cleanup_free_ uint32_t *jobs = NULL;
	int n, r = EXIT_OK;

	if (ctl_wants_help(argc, argv)) {
		printf("Usage: chunkctl cancel JOB...\n\nCancels queued or running chunkscrubd jobs; "
		       "an interrupted check leaves the chunk marked for a re-check.\n");
		return EXIT_OK;
	}
	if (getopt(argc, argv, "") >= 0)
		return ctl_usage_error("cancel", "bad option");
	if (ctl->volume)
		return ctl_usage_error("cancel", "jobs belong to chunkscrubd; -V does not apply");
	n = argc - optind;
	if (n < 1)
		return ctl_usage_error("cancel", "expected a JOB number");
	/* Every number is read before any job is cancelled: a typo cancels nothing. */
	jobs = calloc((size_t)n, sizeof(*jobs));
	if (!jobs)
		return ctl_error("out of memory");
	for (int i = 0; i < n; i++) {
		const char *arg = argv[optind + i];
		char *end;

		errno = 0;
		jobs[i] = (uint32_t)strtoul(arg, &end, 10);
		if (errno || end == arg || *end || jobs[i] == 0)
			return ctl_usage_error("cancel", "'%s' is not a job number", arg);
	}
	for (int i = 0; i < n; i++)
		r = ctl_exit_worst(r, daemon_simple("cancel", BUS_METHOD_CANCEL, "u", jobs[i]));
	return r;
}
