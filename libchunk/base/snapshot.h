/* A private copy of a chunk's image, for checking it while its user goes on writing: an
 * unnamed file (O_TMPFILE) that disappears with its last descriptor, so a crash leaves
 * nothing behind. */
#pragma once
#include <stddef.h>

/* Copies the image or block device at PATH into an unnamed file, keeping holes as holes, and
 * returns its descriptor (O_RDWR, close-on-exec) in *RET_FD. The copy is made in the image's
 * own directory (same file system: a reflink or an in-kernel copy where it can be), and for a
 * block device in $TMPDIR or /var/tmp. Returns 0 or -errno. */
int image_snapshot(const char *path, int *ret_fd);
/* A path under which another process (e2fsck) opens snapshot FD of this process. */
void image_snapshot_path(int fd, char *buf, size_t size);
