/* chunkctl mv: rename within or across chunks; into the destination if it is a directory.
 * --exchange swaps two names atomically (RENAME_EXCHANGE; GNU mv's option of the same name). */
#include <getopt.h>
#include <stdio.h>
#include <unistd.h>
#include <string.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"
#include "libchunk/base/macro.h"

int cmd_mv(const struct ctl *ctl, int argc, char **argv)
{
	static const struct option opts[] = { { "exchange", no_argument, NULL, 'x' }, {} };
	struct volume *v;
	int r, c, rc = EXIT_OK;
	bool exchange = false;
	const char *dst;

	if (ctl_wants_help(argc, argv)) {
		printf("Usage: chunkctl -V VOL mv :SRC... :DST\n"
		       "       chunkctl -V VOL mv --exchange :A :B\n\n"
		       "Renames within or across chunks; into DST if it is a directory.\n"
		       "  --exchange  swap the two names atomically (both must exist)\n");
		return EXIT_OK;
	}
	while ((c = getopt_long(argc, argv, "", opts, NULL)) >= 0) {
		if (c != 'x')
			return ctl_usage_error("mv", "bad option");
		exchange = true;
	}
	if (argc - optind < 2)
		return ctl_usage_error("mv", "needs a source and a destination");
	if (exchange && argc - optind != 2)
		return ctl_usage_error("mv", "--exchange takes exactly two names");
	if ((r = ctl_want_volume_paths("mv", optind, argc, argv)))
		return r;
	if ((r = ctl_open_volume(ctl, "mv", true, &v)))
		return r;
	dst = ctl_volume_path(argv[argc - 1]);
	for (int i = optind; i < argc - 1; i++) {
		_cleanup_free_ char *sname = NULL, *dname = NULL;
		vino_t sdir, ddir;
		r = ctl_resolve_parent(v, ctl_volume_path(argv[i]), &sdir, &sname);
		if (r == 0)
			r = exchange ? ctl_resolve_parent(v, dst, &ddir, &dname) :
				       ctl_resolve_target(v, ctl_volume_path(argv[i]), dst, &ddir, &dname);
		if (r == 0)
			r = volume_rename2(v, sdir, sname, ddir, dname, exchange ? VOLUME_RENAME_EXCHANGE : 0, NULL);
		if (r < 0)
			rc = ctl_error("%s -> %s: %s", ctl_quoted(argv[i]), ctl_quoted(argv[argc - 1]), strerror(-r));
	}
	if (volume_close(v) < 0)
		rc = EXIT_ERR;
	return rc;
}
