/* Whether the kernel holds a chunk (mounted or swap).
 *
 * libext2fs's ext2fs_check_if_mounted answers this by reading /proc/swaps and /proc/mounts
 * anew for each file: ~42 µs on our bench machine, half the cost of opening a chunk, and a
 * check opens K and each peer, an ls of a 64-chunk volume all 64. Here one reading of
 * /proc/self/mountinfo (the device of each mounted file system, and for a loop device the
 * image behind it) and of /proc/swaps serves every chunk this process opens. Both files stay
 * open, and poll() says when either table changed since it was read (POLLPRI: proc(5) for
 * mountinfo, swaps_poll() in the kernel's mm/swapfile.c for swaps), so a mount or swapon
 * made while a long cp or the daemon runs is seen at the next chunk open. */
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
#include <uuid/uuid.h>

#include "libchunk/base/macro.h"
#include "libchunk/base/mounts.h"

#define LOOP_DEVICE_MAJOR 7

struct file_id {
	dev_t dev;
	ino_t ino;
};

/* What the kernel holds, as /proc/self/mountinfo and /proc/swaps said when last read. */
static struct {
	int mountinfo_fd, swaps_fd;
	pid_t pid;             /* the process that opened them */
	bool loaded;
	dev_t *devs;           /* block devices: mounted file systems, swap devices */
	size_t ndevs;
	struct file_id *files; /* image files behind mounted loop devices, swap files */
	size_t nfiles;
} held = { .mountinfo_fd = -1, .swaps_fd = -1 };

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

static int add_dev(dev_t dev)
{
	dev_t *p = realloc(held.devs, (held.ndevs + 1) * sizeof(*held.devs));

	if (!p)
		return -ENOMEM;
	held.devs = p;
	held.devs[held.ndevs++] = dev;
	return 0;
}

static int add_file(struct file_id id)
{
	struct file_id *p = realloc(held.files, (held.nfiles + 1) * sizeof(*held.files));

	if (!p)
		return -ENOMEM;
	held.files = p;
	held.files[held.nfiles++] = id;
	return 0;
}

static int add_mount(unsigned major, unsigned minor, const char *source, _unused_ void *userdata)
{
	struct file_id id;
	int r;

	if (major == 0)
		return 0; /* proc, tmpfs, overlay...: no device a chunk could be */
	r = add_dev(makedev(major, minor));
	if (r < 0 || major != LOOP_DEVICE_MAJOR || loop_backing_file(major, minor, source, &id) < 0)
		return r;
	return add_file(id);
}

/* /proc/swaps: a header line, then a swap device or file per line, its name first. */
static int add_swaps(char *text)
{
	char *line, *save = NULL;
	int r = 0;

	strtok_r(text, "\n", &save);
	while (r == 0 && (line = strtok_r(NULL, "\n", &save))) {
		char *name = next_field(&line);
		struct stat st;

		if (!name)
			continue;
		unescape(name);
		if (stat(name, &st) < 0)
			continue;
		r = S_ISBLK(st.st_mode) ? add_dev(st.st_rdev)
					: add_file((struct file_id){ .dev = st.st_dev, .ino = st.st_ino });
	}
	return r;
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

static void close_tables(void)
{
	if (held.mountinfo_fd >= 0)
		close(held.mountinfo_fd);
	if (held.swaps_fd >= 0)
		close(held.swaps_fd);
	held.mountinfo_fd = held.swaps_fd = -1;
	held.loaded = false;
}

/* HELD as the kernel's tables are now: read again when poll() says either changed. */
static int held_update(void)
{
	struct pollfd p[2];
	_cleanup_free_ char *mountinfo = NULL, *swaps = NULL;
	int r;

	if (held.mountinfo_fd >= 0 && held.pid != getpid())
		/* A child of fork(): the open files, and with them the "changed" marks that
		 * poll() clears, are shared with the parent. Ours must be our own. */
		close_tables();
	if (held.mountinfo_fd < 0) {
		held.mountinfo_fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
		held.swaps_fd = open("/proc/swaps", O_RDONLY | O_CLOEXEC);
		if (held.mountinfo_fd < 0 || held.swaps_fd < 0) {
			r = -errno;
			close_tables();
			return r;
		}
		held.pid = getpid();
	} else if (held.loaded) {
		p[0] = (struct pollfd){ .fd = held.mountinfo_fd, .events = POLLPRI };
		p[1] = (struct pollfd){ .fd = held.swaps_fd, .events = POLLPRI };
		if (poll(p, 2, 0) == 0)
			return 0;
	}
	held.loaded = false;
	held.ndevs = held.nfiles = 0;
	r = read_all(held.mountinfo_fd, &mountinfo);
	if (r == 0)
		r = read_all(held.swaps_fd, &swaps);
	if (r == 0)
		r = mountinfo_parse(mountinfo, add_mount, NULL);
	if (r == 0)
		r = add_swaps(swaps);
	if (r < 0)
		return r;
	held.loaded = true;
	return 0;
}

bool chunk_mounted(const char *path)
{
	struct stat st;
	int flags = 0;

	if (stat(path, &st) < 0)
		return false;
	if (held_update() < 0)
		/* No tables of our own: libext2fs's way (it also knows /etc/mtab). */
		return ext2fs_check_if_mounted(path, &flags) == 0 && (flags & EXT2_MF_MOUNTED);
	if (S_ISBLK(st.st_mode)) {
		for (size_t i = 0; i < held.ndevs; i++)
			if (held.devs[i] == st.st_rdev)
				return true;
	} else {
		for (size_t i = 0; i < held.nfiles; i++)
			if (held.files[i].dev == st.st_dev && held.files[i].ino == st.st_ino)
				return true;
	}
	return false;
}

void mount_entries_free(struct mount_entry *e, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(e[i].point);
		free(e[i].source);
	}
	free(e);
}

int mountinfo_list(const char *text, const char *fstype, struct mount_entry **ret, size_t *ret_n)
{
	_cleanup_free_ char *copy = strdup(text);
	struct mount_entry *list = NULL;
	char *line, *save = NULL;
	size_t n = 0;
	int r = 0;

	if (!copy)
		return -ENOMEM;
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *sep = strstr(line, " - "), *rest = line, *point = NULL, *type, *src;
		struct mount_entry *nl;
		unsigned id;

		if (!sep || sscanf(line, "%u", &id) != 1) {
			r = -EINVAL;
			break;
		}
		*sep = 0;
		for (int i = 0; i < 5; i++) /* mount ID, parent ID, major:minor, root, mount point */
			point = next_field(&rest);
		rest = sep + 3;
		type = next_field(&rest);
		src = next_field(&rest);
		if (!point || !type || !src) {
			r = -EINVAL;
			break;
		}
		if (strcmp(type, fstype))
			continue;
		unescape(point);
		unescape(src);
		nl = reallocarray(list, n + 1, sizeof(*list));
		if (!nl) {
			r = -ENOMEM;
			break;
		}
		list = nl;
		list[n] = (struct mount_entry){ .id = id, .point = strdup(point), .source = strdup(src) };
		n++;
		if (!list[n - 1].point || !list[n - 1].source) {
			r = -ENOMEM;
			break;
		}
	}
	if (r < 0) {
		mount_entries_free(list, n);
		return r;
	}
	*ret = list;
	*ret_n = n;
	return 0;
}

int mountinfo_read(int fd, char **ret)
{
	return read_all(fd, ret);
}

int mount_point_of(const char *fstype, const char *source, char **ret)
{
	_cleanup_free_ char *text = NULL;
	struct mount_entry *list = NULL;
	size_t n = 0;
	int fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC), r;

	if (fd < 0)
		return -errno;
	r = read_all(fd, &text);
	close(fd);
	if (r >= 0)
		r = mountinfo_list(text, fstype, &list, &n);
	if (r < 0)
		return r;
	r = 0;
	for (size_t i = 0; i < n && r == 0; i++)
		if (!strcmp(list[i].source, source)) {
			*ret = strdup(list[i].point);
			r = *ret ? 1 : -ENOMEM;
		}
	mount_entries_free(list, n);
	return r;
}

const char *chunkfs_run_dir(void)
{
	const char *dir = getenv("CHUNKFS_RUN_DIR");

	return dir && *dir ? dir : "/run/chunkfs";
}

int mount_control_path(const unsigned char uuid[16], char *buf, size_t size)
{
	char text[37];
	int n;

	uuid_unparse_lower(uuid, text);
	n = snprintf(buf, size, "%s/%s.sock", chunkfs_run_dir(), text);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}
