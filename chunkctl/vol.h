/* chunkctl helpers for the commands that work on a volume's files. */
#pragma once
#include "libchunk/namespace/namespace.h"
#include "libchunk/volume/volume.h"

/* Opens -V VOL (usage error if missing); WRITE opens chunks read-write. */
int ctl_open_volume(const struct ctl *ctl, const char *cmd, bool write, struct volume **ret);
/* The same with volume_open's FLAGS (VOLUME_STATE_ONLY: a command that reads only states). */
int ctl_open_volume_flags(const struct ctl *ctl, const char *cmd, int flags, struct volume **ret);
/* Splits ":/a/b/c" into the vino of "/a/b" and "c". */
int ctl_resolve_parent(struct volume *v, const char *path, vino_t *parent, char **name);
/* Where mv and ln put SRC given DST: when DST names an existing directory, inside it under
 * SRC's own name; else DST's parent, under DST's last name. */
int ctl_resolve_target(struct volume *v, const char *src, const char *dst, vino_t *dir, char **name);
/* "chunkctl: PATH: message" for a negative errno. Returns EXIT_ERR. */
int ctl_path_error(const char *path, int err);
