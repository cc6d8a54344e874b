/* chunkctl helpers for the commands that work on a volume's files. */
#pragma once
#include "libchunk/namespace/namespace.h"
#include "libchunk/volume/volume.h"

/* Opens -V VOL (usage error if missing); WRITE opens chunks read-write. */
int ctl_open_volume(const struct ctl *ctl, const char *cmd, bool write, struct volume **ret);
/* The same with volume_open's FLAGS (VOLUME_STATE_ONLY: a command that reads only states). */
int ctl_open_volume_flags(const struct ctl *ctl, const char *cmd, int flags, struct volume **ret);
/* Refuses (ctl_denied, CMD's exit code) a caller who can read (WRITE: and write) no chunk image
 * of V; 0 when one can be, and then each chunk that cannot is said where it is met. */
int ctl_volume_access(struct volume *v, const char *cmd, bool write);
/* Splits ":/a/b/c" into the vino of "/a/b" and "c". */
int ctl_resolve_parent(struct volume *v, const char *path, vino_t *parent, char **name);
/* Where mv and ln put SRC given DST: when DST names an existing directory, inside it under
 * SRC's own name; else DST's parent, under DST's last name. */
int ctl_resolve_target(struct volume *v, const char *src, const char *dst, vino_t *dir, char **name);
/* "chunkctl: PATH: message" for a negative errno. Returns EXIT_ERR. */
int ctl_path_error(const char *path, int err);
/* Reading file INO (PATH as the user wrote it) failed with ERR: when it is EIO for bytes a
 * repair marked lost, says so and where, else as ctl_path_error. */
int ctl_read_error(struct volume *v, const char *path, vino_t ino, int err);

/* What a file command could not read, said so that the user can tell a short listing or copy
 * from a whole one: each returns EXIT_INCOMPLETE when it named a chunk or part that was not
 * read, else EXIT_ERR. */
/* "chunkctl: :PATH: WHAT: chunk K REASON", ERR as volume_chunk gave it. */
int ctl_unavailable_error(const char *path, const char *what, unsigned chunk, int err);
/* A part of directory :PATH that volume_readdir_gaps could not list (its volume_dirgap_fn
 * arguments); WHAT is what was not done with its entries ("not listed"). */
int ctl_dir_gap_error(const char *path, const char *what, unsigned chunk, uint32_t ino, int err);
/* volume_resolve(V, PATH) failed with ERR: when a directory on the way could not be listed
 * whole (-EIO), the parts that could not be, else ERR, naming :PATH. */
int ctl_resolve_error(struct volume *v, const char *path, int err);
/* Reading inode INO (:PATH) failed with ERR: its chunk, when that is unavailable, else ERR. */
int ctl_inode_error(struct volume *v, const char *path, vino_t ino, int err);
/* Each of the N LINKS of :PATH's chain (volume_chain) whose chunk is unavailable or could not
 * be read, and WHAT that means ("not copied"); 0 when there is none. */
int ctl_chain_gaps(const char *path, const struct volume_chain_link *links, unsigned n, const char *what);
