/* Whether the kernel holds a chunk (mounted or swap).
 *
 * libext2fs's ext2fs_check_if_mounted answers this by reading /proc/swaps and /proc/mounts
 * anew for each file: ~42 µs on our bench machine, half the cost of opening a chunk, and a
 * check opens K and each peer, an ls of a 64-chunk volume all 64. Here one reading of
 * /proc/self/mountinfo (the device of each mounted file system, and for a loop device the
 * image behind it) serves every chunk this process opens; the file stays open, and poll()
 * says when the mount table changed since it was read (POLLPRI, proc(5)), so a mount made
 * while a long cp or the daemon runs is seen at the next chunk open. /proc/swaps gives no
 * such notice: it is read at each call (it is short). */
#include <errno.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <ext2fs/ext2fs.h>

#include "libchunk/macro.h"
#include "libchunk/mounts.h"

#define LOOP_DEVICE_MAJOR 7

struct file_id {
	dev_t dev;
	ino_t ino;
};

static struct {
	int fd;                /* /proc/self/mountinfo, kept open for poll() */
	pid_t pid;             /* the process that opened it */
	bool loaded;
	dev_t *devs;           /* devices of the mounted file systems */
	size_t ndevs;
	struct file_id *files; /* image files behind mounted loop devices */
	size_t nfiles;
} mounts = { .fd = -1 };

/* Undoes mountinfo's and /proc/swaps' octal escapes (\040 for a space) in place. */
static void unescape(char *s)
{
	char *w = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
		    s[3] >= '0' && s[3] <= '7') {
			*w++ = (char)((s[1] - '0') << 6 | (s[2] - '0') << 3 | (s[3] - '0'));
			s += 3;
		} else
			*w++ = *s;
	}
	*w = 0;
}

/* The whitespace-delimited field at *P, NUL-terminated in place; *P moves past it. */
static char *next_field(char **p)
{
	char *s = *p, *e;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return NULL;
	for (e = s; *e && *e != ' ' && *e != '\t'; e++)
		;
	*p = *e ? e + 1 : e;
	*e = 0;
	return s;
}

int mountinfo_parse(const char *text,
		    int (*fn)(unsigned major, unsigned minor, const char *source, void *userdata),
		    void *userdata)
{
	_cleanup_free_ char *copy = strdup(text);
	char *line, *save = NULL;

	if (!copy)
		return -ENOMEM;
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *sep = strstr(line, " - "), *rest, *source;
		unsigned major, minor;
		int r;

		/* mount ID, parent ID, major:minor, root, mount point, options, optional
		 * fields, "-", file system type, source, super options */
		if (!sep || sscanf(line, "%*u %*u %u:%u", &major, &minor) != 2)
			return -EINVAL;
		rest = sep + 3;
		if (!next_field(&rest) || !(source = next_field(&rest)))
			return -EINVAL;
		unescape(source);
		r = fn(major, minor, source, userdata);
		if (r)
			return r;
	}
	return 0;
}

/* The image file behind loop device MAJOR:MINOR: its own answer (LOOP_GET_STATUS64, which
 * needs the device node open), else sysfs's name for it. */
static int loop_backing_file(unsigned major, unsigned minor, const char *source, struct file_id *ret)
{
	_cleanup_close_ int fd = open(source, O_RDONLY | O_CLOEXEC);
	struct loop_info64 info = {}; /* valgrind does not know what LOOP_GET_STATUS64 fills */
	char sys[64], name[4096];
	struct stat st;
	ssize_t n;

	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISBLK(st.st_mode) && st.st_rdev == makedev(major, minor) &&
	    ioctl(fd, LOOP_GET_STATUS64, &info) == 0) {
		/* lo_device is the kernel's "huge" encoding: minor's low byte, major, minor's rest. */
		*ret = (struct file_id){
			.dev = makedev((unsigned)(info.lo_device >> 8) & 0xfff,
				       (unsigned)(info.lo_device & 0xff) | ((unsigned)(info.lo_device >> 12) & 0xfff00)),
			.ino = (ino_t)info.lo_inode,
		};
		return 0;
	}
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u/loop/backing_file", major, minor);
	_cleanup_close_ int sfd = open(sys, O_RDONLY | O_CLOEXEC);
	if (sfd < 0)
		return -errno;
	n = read(sfd, name, sizeof(name) - 1);
	if (n <= 0)
		return n < 0 ? -errno : -ENOENT;
	name[n] = 0;
	name[strcspn(name, "\n")] = 0;
	if (stat(name, &st) < 0)
		return -errno;
	*ret = (struct file_id){ .dev = st.st_dev, .ino = st.st_ino };
	return 0;
}

static int add_mount(unsigned major, unsigned minor, const char *source, _unused_ void *userdata)
{
	struct file_id id;
	void *p;

	if (major == 0)
		return 0; /* proc, tmpfs, overlay...: no device a chunk could be */
	p = realloc(mounts.devs, (mounts.ndevs + 1) * sizeof(*mounts.devs));
	if (!p)
		return -ENOMEM;
	mounts.devs = p;
	mounts.devs[mounts.ndevs++] = makedev(major, minor);
	if (major != LOOP_DEVICE_MAJOR || loop_backing_file(major, minor, source, &id) < 0)
		return 0;
	p = realloc(mounts.files, (mounts.nfiles + 1) * sizeof(*mounts.files));
	if (!p)
		return -ENOMEM;
	mounts.files = p;
	mounts.files[mounts.nfiles++] = id;
	return 0;
}

static int read_all(int fd, char **ret)
{
	size_t size = 4096, len = 0;
	_cleanup_free_ char *buf = malloc(size);
	ssize_t n;

	if (!buf)
		return -ENOMEM;
	if (lseek(fd, 0, SEEK_SET) < 0)
		return -errno;
	while ((n = read(fd, buf + len, size - len - 1)) > 0) {
		len += (size_t)n;
		if (len + 1 == size) {
			char *p = realloc(buf, size *= 2);
			if (!p)
				return -ENOMEM;
			buf = p;
		}
	}
	if (n < 0)
		return -errno;
	buf[len] = 0;
	*ret = TAKE_PTR(buf);
	return 0;
}

/* The mount table as it is now: read again when poll() says it changed since the last read. */
static int mounts_update(void)
{
	struct pollfd p;
	_cleanup_free_ char *text = NULL;
	int r;

	if (mounts.fd >= 0 && mounts.pid != getpid()) {
		/* A child of fork(): the open file, and with it the "changed" mark that poll()
		 * clears, is shared with the parent. Ours must be our own. */
		close(mounts.fd);
		mounts.fd = -1;
	}
	if (mounts.fd < 0) {
		mounts.fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
		if (mounts.fd < 0)
			return -errno;
		mounts.pid = getpid();
	} else if (mounts.loaded) {
		p = (struct pollfd){ .fd = mounts.fd, .events = POLLPRI };
		if (poll(&p, 1, 0) == 0)
			return 0;
	}
	mounts.loaded = false;
	mounts.ndevs = mounts.nfiles = 0;
	r = read_all(mounts.fd, &text);
	if (r == 0)
		r = mountinfo_parse(text, add_mount, NULL);
	if (r < 0)
		return r;
	mounts.loaded = true;
	return 0;
}

/* Whether /proc/swaps names the file or device ST. */
static bool swap_holds(const struct stat *st)
{
	_cleanup_close_ int fd = open("/proc/swaps", O_RDONLY | O_CLOEXEC);
	_cleanup_free_ char *text = NULL;
	char *line, *save = NULL;

	if (fd < 0 || read_all(fd, &text) < 0)
		return false;
	strtok_r(text, "\n", &save); /* the header */
	while ((line = strtok_r(NULL, "\n", &save))) {
		char *name = next_field(&line);
		struct stat s;

		if (!name)
			continue;
		unescape(name);
		if (stat(name, &s) < 0)
			continue;
		if (S_ISBLK(st->st_mode) ? S_ISBLK(s.st_mode) && s.st_rdev == st->st_rdev
					 : s.st_dev == st->st_dev && s.st_ino == st->st_ino)
			return true;
	}
	return false;
}

bool chunk_mounted(const char *path)
{
	struct stat st;
	int flags = 0;

	if (stat(path, &st) < 0)
		return false;
	if (mounts_update() < 0)
		/* No mount table of our own: libext2fs's way (it also knows /etc/mtab). */
		return ext2fs_check_if_mounted(path, &flags) == 0 && (flags & EXT2_MF_MOUNTED);
	if (S_ISBLK(st.st_mode)) {
		for (size_t i = 0; i < mounts.ndevs; i++)
			if (mounts.devs[i] == st.st_rdev)
				return true;
	} else {
		for (size_t i = 0; i < mounts.nfiles; i++)
			if (mounts.files[i].dev == st.st_dev && mounts.files[i].ino == st.st_ino)
				return true;
	}
	return swap_holds(&st);
}
