/* chunkctl mkdir: make directories in the volume (-p: and their parents). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"
#include "libchunk/base/macro.h"

static int mkdir_one(struct volume *v, const char *path, bool parents)
{
	_cleanup_free_ char *name = NULL;
	vino_t parent, ino;
	int r = ctl_resolve_parent(v, path, &parent, &name);

	if (r == -ENOENT && parents) {
		_cleanup_free_ char *up = strdup(path);
		char *slash = up ? strrchr(up, '/') : NULL;
		if (slash && slash != up) {
			*slash = '\0';
			r = mkdir_one(v, up, true);
			if (r == 0)
				r = ctl_resolve_parent(v, path, &parent, &name);
		}
	}
	if (r < 0)
		return r;
	r = volume_mkdir(v, parent, name, 0755, getuid(), getgid(), &ino);
	return r == -EEXIST && parents ? 0 : r;
}

int cmd_mkdir(const struct ctl *ctl, int argc, char **argv)
{
	struct volume *v;
	bool parents = false;
	int c, r, rc = EXIT_OK;

	if (ctl_wants_help(argc, argv)) {
		printf("Usage: chunkctl -V VOL mkdir [-p] :PATH...\n\n  -p   make parents as needed, no error if it exists\n");
		return EXIT_OK;
	}
	while ((c = getopt(argc, argv, "p")) >= 0) {
		if (c == 'p')
			parents = true;
		else
			return ctl_usage_error("mkdir", "bad option");
	}
	if (optind >= argc)
		return ctl_usage_error("mkdir", "needs a directory");
	if ((r = ctl_want_volume_paths("mkdir", optind, argc, argv)))
		return r;
	if ((r = ctl_open_volume(ctl, "mkdir", true, &v)))
		return r;
	for (int i = optind; i < argc; i++) {
		r = mkdir_one(v, ctl_volume_path(argv[i]), parents);
		if (r < 0)
			rc = ctl_path_error(argv[i], r);
	}
	if (volume_close(v) < 0)
		rc = EXIT_ERR;
	return rc;
}
