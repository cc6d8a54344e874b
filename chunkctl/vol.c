/* chunkctl helpers for the commands that work on a volume's files. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"

int ctl_open_volume_flags(const struct ctl *ctl, const char *cmd, int flags, struct volume **ret)
{
	int r;

	if (!ctl->volume)
		return ctl_usage_error(cmd, "needs a volume: chunkctl -V VOL %s ...", cmd);
	r = volume_open(ctl->volume, flags, ret);
	return r < 0 ? EXIT_ERR : 0;
}

int ctl_open_volume(const struct ctl *ctl, const char *cmd, bool write, struct volume **ret)
{
	return ctl_open_volume_flags(ctl, cmd, write ? VOLUME_RDWR : 0, ret);
}

int ctl_resolve_parent(struct volume *v, const char *path, vino_t *parent, char **name)
{
	char *copy = strdup(path), *slash;
	int r;

	if (!copy)
		return -ENOMEM;
	while (strlen(copy) > 1 && copy[strlen(copy) - 1] == '/')
		copy[strlen(copy) - 1] = '\0';
	slash = strrchr(copy, '/');
	if (!slash) {
		*parent = VOLUME_ROOT;
		*name = copy;
		return 0;
	}
	*slash = '\0';
	if (slash[1] == '\0') {
		free(copy);
		return -EINVAL;
	}
	r = volume_resolve(v, copy, parent);
	if (r < 0) {
		free(copy);
		return r;
	}
	*name = strdup(slash + 1);
	free(copy);
	return *name ? 0 : -ENOMEM;
}

int ctl_path_error(const char *path, int err)
{
	return ctl_error("%s: %s", path, strerror(-err));
}

int ctl_resolve_target(struct volume *v, const char *src, const char *dst, vino_t *dir, char **name)
{
	struct vstat st;
	vino_t ino;

	if (volume_resolve(v, dst, &ino) == 0 && volume_stat(v, ino, &st) == 0 && S_ISDIR(st.mode)) {
		vino_t sp;
		int r = ctl_resolve_parent(v, src, &sp, name);
		*dir = ino;
		return r;
	}
	return ctl_resolve_parent(v, dst, dir, name);
}
