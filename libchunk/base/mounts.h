/* Whether the kernel holds a chunk: mounted (a block device, or an image file behind a mounted
 * loop device) or in use as swap. chunkfs uses a chunk only while the kernel does not. */
#pragma once
#include <stdbool.h>
#include <sys/types.h>

/* Whether the kernel holds PATH: true or false (false too when PATH cannot be stat'ed:
 * opening it will say why). One reading of /proc/self/mountinfo serves every call until the
 * kernel reports a change to the mount table; /proc/swaps is read each time. When the mount
 * table cannot be read, libext2fs answers (ext2fs_check_if_mounted). */
bool chunk_mounted(const char *path);

/* For the unit test: calls FN for each line of a mountinfo text (proc(5)) with the mounted
 * file system's device and its source, unescaped. Returns FN's first non-zero result, -EINVAL
 * for a line that is not mountinfo, else 0. */
int mountinfo_parse(const char *text,
		    int (*fn)(unsigned major, unsigned minor, const char *source, void *userdata),
		    void *userdata);

/* A mounted file system of one type, as /proc/self/mountinfo lists it. */
struct mount_entry {
	unsigned id;        /* the kernel's mount ID, unique while it is mounted */
	char *point;        /* where it is mounted */
	char *source;       /* what is mounted: for chunkfs, the volume file's absolute path */
};

/* The mounts of type FSTYPE in a mountinfo TEXT, unescaped, in the table's order: *RET
 * (mount_entries_free() it) and *RET_N. -EINVAL for a line that is not mountinfo. */
int mountinfo_list(const char *text, const char *fstype, struct mount_entry **ret, size_t *ret_n);
void mount_entries_free(struct mount_entry *e, size_t n);
/* The whole text of the mount table open on FD (/proc/self/mountinfo), read from its start:
 * a caller that polls FD for the kernel's POLLPRI reads the table through it. */
int mountinfo_read(int fd, char **ret);

/* Where a file system of type FSTYPE (e.g. "fuse.chunkfs") from SOURCE is mounted: 1 and a
 * malloc'd *RET, 0 when it is not mounted, -errno when the mount table cannot be read. */
int mount_point_of(const char *fstype, const char *source, char **ret);

/* Where chunkfs's programs keep what lives while they run: $CHUNKFS_RUN_DIR, /run/chunkfs
 * by default (the mounts' control sockets, chunkscrubd's job notes in jobs/). */
const char *chunkfs_run_dir(void);
/* The control channel of the mount serving the volume with UUID (docs/MOUNT.md): a unix
 * socket $CHUNKFS_RUN_DIR/UUID.sock, /run/chunkfs/UUID.sock by default. -ENAMETOOLONG when
 * it does not fit BUF. */
int mount_control_path(const unsigned char uuid[16], char *buf, size_t size);
