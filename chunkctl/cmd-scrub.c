/* chunkctl scrub: asks chunkscrubd to check chunks and, with --wait, follows the jobs; with
 * -V VOL, or when the daemon is not running, checks them here, offline, and says so. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chunkctl/bus-client.h"
#include "chunkctl/chunkctl.h"
#include "chunkctl/offline-check.h"
#include "chunkctl/scrubd-config.h"
#include "chunkscrubd/bus-api.h"
#include "libchunk/base/fsck-result.h"
#include "libchunk/base/macro.h"

int cmd_scrub(const struct ctl *ctl, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "all", no_argument, NULL, 'a' }, { "wait", no_argument, NULL, 'w' },
		{ "json", no_argument, NULL, 'j' }, { "help", no_argument, NULL, 'h' }, {}
	};
	_cleanup_free_ uint32_t *chunks = NULL;
	_cleanup_free_ char *offline = NULL;
	bool all = false, wait = false, json = false;
	const char *name = NULL;
	size_t n = 0;
	int c, r;

	while ((c = getopt_long(argc, argv, "awh", opts, NULL)) >= 0)
		switch (c) {
		case 'a': all = true; break;
		case 'w': wait = true; break;
		case 'j': json = true; break;
		case 'h':
			printf("Usage: chunkctl scrub VOLUME [CHUNK...|--all] [--wait] [--json]\n"
			       "       chunkctl -V VOL scrub [CHUNK...|--all] [--wait] [--json]\n\n"
			       "Asks chunkscrubd to check chunks (and, with auto_repair, to repair them);\n"
			       "--wait follows the jobs to the end; Ctrl-C ends the wait (exit 32), not the\n"
			       "jobs, and says how to cancel them. With -V the check runs here, offline, and\n"
			       "--wait waits for a chunk another process holds, as chunkctl --wait does.\n"
			       "--json prints one document: through the daemon {\"volume\", \"jobs\": [{\"chunk\",\n"
			       "\"job\", \"kind\", \"result\"}], \"result\"}, offline the one check --json prints.\n");
			return EXIT_OK;
		default: return ctl_usage_error("scrub", "bad option");
		}
	if (!ctl->volume) {
		if (optind >= argc)
			return ctl_usage_error("scrub", "expected a VOLUME name");
		name = argv[optind++];
		/* No volume name holds '/': here it is a '-' that a unit's %I unescaped. */
		if (strchr(name, '/'))
			return ctl_usage_error("scrub", "no volume is named '%s' ('/' is in no volume name): the "
					       "instance of a chunkscrub@ unit not named with systemd-escape turns each '-' "
					       "into '/'; name it with: systemd-escape --template=chunkscrub@.timer NAME", name);
	}
	chunks = calloc((size_t)(argc - optind) + 1, sizeof(uint32_t));
	if (!chunks)
		return FSCK_ERROR;
	for (; optind < argc; optind++)
		if (ctl_parse_chunk_id(argv[optind], &chunks[n++]) < 0)
			return ctl_usage_error("scrub", "'%s' is not a chunk number", argv[optind]);
	if (!all && n == 0)
		return ctl_usage_error("scrub", "name chunks or give --all");
	if (all && n > 0)
		return ctl_usage_error("scrub", "give chunks or --all, not both");
	if (ctl->volume) {
		fprintf(stderr, "chunkctl: checking %s offline (not through chunkscrubd)\n", ctl_quoted(ctl->volume));
		if (wait) /* offline, the global --wait: a chunk another process holds is waited for */
			ctl_set_lock_wait(NULL);
		return offline_check(ctl->volume, chunks, n, all, false, json);
	}
	r = daemon_start_jobs(BUS_METHOD_SCRUB, name, chunks, n, all, wait, json);
	if (r != -EHOSTDOWN)
		return r;
	offline = config_volume_path(name);
	if (!offline)
		return ctl_error("chunkscrubd is not running and its configuration names no volume '%s' "
				 "(use -V VOL to check offline)", name), FSCK_ERROR;
	fprintf(stderr, "chunkctl: chunkscrubd is not running; checking %s offline\n", ctl_quoted(offline));
	return offline_check(offline, chunks, n, all, false, json);
}
