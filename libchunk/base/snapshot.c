/* image_snapshot: an unnamed, sparse copy of a chunk image (snapshot.h). */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <linux/fs.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libchunk/base/macro.h"
#include "libchunk/base/snapshot.h"

static int tmpfile_near(const char *path, bool regular)
{
	_cleanup_free_ char *copy = strdup(path);
	const char *dir;

	if (!copy)
		return -ENOMEM;
	dir = regular ? dirname(copy) : getenv("TMPDIR");
	if (!dir || !*dir)
		dir = "/var/tmp";
	return open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
}

static bool all_zero(const char *p, size_t n)
{
	return n == 0 || (p[0] == 0 && memcmp(p, p + 1, n - 1) == 0);
}

/* Copies LEN bytes at OFF, in the kernel when it can, else through a buffer. */
static int copy_range(int from, int to, off_t off, off_t len)
{
	static const size_t BUF = 1 << 20;
	_cleanup_free_ char *buf = NULL;
	off_t in = off, out = off;

	while (len > 0) {
		ssize_t n = copy_file_range(from, &in, to, &out, (size_t)len, 0);
		if (n > 0) {
			len -= n;
			continue;
		}
		if (n == 0)
			return -EIO; /* the image got shorter under us */
		if (errno == EINTR)
			continue;
		if (errno != EXDEV && errno != EINVAL && errno != EOPNOTSUPP && errno != ENOSYS)
			return -errno;
		break;
	}
	while (len > 0) {
		size_t want = len < (off_t)BUF ? (size_t)len : BUF;
		ssize_t n;
		if (!buf && !(buf = malloc(BUF)))
			return -ENOMEM;
		n = pread(from, buf, want, in);
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		if (!all_zero(buf, (size_t)n)) { /* the copy is sized already: zeros stay a hole */
			ssize_t w = pwrite(to, buf, (size_t)n, out);
			if (w < 0)
				return -errno;
			if (w != n)
				return -EIO;
		}
		in += n;
		out += n;
		len -= n;
	}
	return 0;
}

/* The data regions of FROM (SEEK_DATA/SEEK_HOLE), copied; all of it where holes are unknown. */
static int copy_sparse(int from, int to, off_t size)
{
	off_t pos = 0;
	int r;

	while (pos < size) {
		off_t data = lseek(from, pos, SEEK_DATA), hole;
		if (data < 0 && errno == ENXIO)
			break; /* nothing but a hole to the end */
		if (data < 0)
			return copy_range(from, to, pos, size - pos);
		hole = lseek(from, data, SEEK_HOLE);
		if (hole < 0 || hole > size)
			hole = size;
		r = copy_range(from, to, data, hole - data);
		if (r < 0)
			return r;
		pos = hole;
	}
	return 0;
}

int image_snapshot(const char *path, int *ret_fd)
{
	_cleanup_close_ int from = open(path, O_RDONLY | O_CLOEXEC), to = -1;
	struct stat st;
	off_t size;
	int r;

	if (from < 0 || fstat(from, &st) < 0)
		return -errno;
	size = S_ISREG(st.st_mode) ? st.st_size : lseek(from, 0, SEEK_END);
	if (size < 0)
		return -errno;
	to = tmpfile_near(path, S_ISREG(st.st_mode));
	if (to < 0)
		return to == -ENOMEM ? to : -errno;
	if (ftruncate(to, size) < 0)
		return -errno;
	/* A reflink costs nothing where the file system has them (btrfs, XFS). */
	if (!S_ISREG(st.st_mode) || ioctl(to, FICLONE, from) < 0) {
		r = S_ISREG(st.st_mode) ? copy_sparse(from, to, size) : copy_range(from, to, 0, size);
		if (r < 0)
			return r;
	}
	*ret_fd = TAKE_FD(to);
	return 0;
}

void image_snapshot_path(int fd, char *buf, size_t size)
{
	snprintf(buf, size, "/proc/%d/fd/%d", (int)getpid(), fd);
}
