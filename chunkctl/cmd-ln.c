/* chunkctl ln: a hard link (across chunks too), or with -s a symbolic link, in the volume. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"
#include "libchunk/base/macro.h"

int cmd_ln(const struct ctl *ctl, int argc, char **argv)
{
	_cleanup_free_ char *dname = NULL;
	struct volume *v;
	bool symbolic = false;
	const char *wrong;
	vino_t ddir, target;
	int c, r, rc = EXIT_OK;

	if (ctl_wants_help(argc, argv)) {
		printf("Usage: chunkctl -V VOL ln :TARGET :LINK\n       chunkctl -V VOL ln -s TARGET-TEXT :LINK\n\n"
		       "Makes a hard link (across chunks too), or with -s a symbolic link.\n");
		return EXIT_OK;
	}
	while ((c = getopt(argc, argv, "s")) >= 0) {
		if (c == 's')
			symbolic = true;
		else
			return ctl_usage_error("ln", "bad option");
	}
	if (argc - optind != 2)
		return ctl_usage_error("ln", "needs a target and a link name");
	if (!ctl_volume_path(argv[optind + 1]) || (!symbolic && !ctl_volume_path(argv[optind])))
		return ctl_usage_error("ln", "volume paths are written as :/path");
	if ((r = ctl_open_volume(ctl, "ln", true, &v)))
		return r;
	wrong = argv[optind + 1];
	r = ctl_resolve_target(v, symbolic ? "x" : ctl_volume_path(argv[optind]), ctl_volume_path(argv[optind + 1]), &ddir, &dname);
	if (r == 0 && symbolic)
		r = volume_symlink(v, ddir, dname, argv[optind], getuid(), getgid(), &target);
	else if (r == 0) {
		r = volume_resolve(v, ctl_volume_path(argv[optind]), &target);
		if (r < 0)
			wrong = argv[optind]; /* the target, not the link, is not there */
		else
			r = volume_link(v, target, ddir, dname);
	}
	if (r < 0)
		rc = ctl_error("%s: %s", ctl_quoted(wrong), strerror(-r));
	if (volume_close(v) < 0)
		rc = EXIT_ERR;
	return rc;
}
