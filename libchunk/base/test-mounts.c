/* Whether the kernel holds a chunk: mountinfo lines as the kernel writes them; a real loop
 * mount and a real swap file, each made and undone while this process keeps its reading of
 * the tables (the change must be seen at the next call, both ways). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libchunk/base/mounts.h"
#include "libchunk/base/test-assert.h"

struct seen {
	unsigned n, major[4], minor[4];
	char source[4][64];
};

static int collect(unsigned major, unsigned minor, const char *source, void *userdata)
{
	struct seen *s = userdata;

	if (s->n == 4)
		return -E2BIG;
	s->major[s->n] = major;
	s->minor[s->n] = minor;
	snprintf(s->source[s->n], sizeof(s->source[0]), "%s", source);
	s->n++;
	return 0;
}

static void test_parse(void)
{
	/* From proc(5), a line with optional fields, and an image name with a space in it. */
	const char *text =
		"36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue\n"
		"22 1 0:21 / /proc rw,nosuid - proc proc rw\n"
		"90 36 7:3 / /mnt/my\\040chunk ro,relatime shared:9 - ext4 /dev/loop3 ro\n";
	struct seen s = {};

	CHECK(mountinfo_parse(text, collect, &s) == 0, "mountinfo parses");
	CHECK(s.n == 3, "three mounts (%u)", s.n);
	CHECK(s.major[0] == 98 && s.minor[0] == 0 && strcmp(s.source[0], "/dev/root") == 0,
	      "device and source past the optional fields");
	CHECK(s.major[1] == 0 && strcmp(s.source[1], "proc") == 0, "a virtual file system has major 0");
	CHECK(s.major[2] == 7 && s.minor[2] == 3 && strcmp(s.source[2], "/dev/loop3") == 0, "a loop device");

	memset(&s, 0, sizeof(s));
	CHECK(mountinfo_parse("36 35 98:0 /mnt1 /mnt2 rw ext3 /dev/sda1 rw\n", collect, &s) == -EINVAL,
	      "a line without the \" - \" separator is refused");
	CHECK(mountinfo_parse("x y z - ext4 /dev/sda1 rw\n", collect, &s) == -EINVAL,
	      "a line without major:minor is refused");
	CHECK(mountinfo_parse("", collect, &s) == 0 && s.n == 0, "an empty table has no mounts");
}

static void test_list(void)
{
	/* Two chunkfs mounts among others, one with a space in its mount point. */
	const char *text =
		"36 35 98:0 / / rw - ext4 /dev/root rw\n"
		"51 36 0:52 / /mnt/a rw,nosuid,nodev shared:7 - fuse.chunkfs /srv/a/volume.conf rw,user_id=0\n"
		"22 1 0:21 / /proc rw,nosuid - proc proc rw\n"
		"60 36 0:60 / /mnt/my\\040b rw - fuse.chunkfs /srv/b/volume.conf rw\n";
	struct mount_entry *e = NULL;
	size_t n = 0;

	CHECK(mountinfo_list(text, "fuse.chunkfs", &e, &n) == 0, "the mount table lists");
	CHECK(n == 2, "two chunkfs mounts (%zu)", n);
	CHECK(e[0].id == 51 && strcmp(e[0].point, "/mnt/a") == 0 && strcmp(e[0].source, "/srv/a/volume.conf") == 0,
	      "the first: its mount ID, mount point and volume file");
	CHECK(e[1].id == 60 && strcmp(e[1].point, "/mnt/my b") == 0, "an escaped mount point is unescaped (%s)",
	      e[1].point);
	mount_entries_free(e, n);
	CHECK(mountinfo_list(text, "fuse.other", &e, &n) == 0 && n == 0, "no mount of another type");
	mount_entries_free(e, n);
	CHECK(mountinfo_list("36 35 98:0 / / rw ext4 /dev/sda1 rw\n", "ext4", &e, &n) == -EINVAL,
	      "a line without the \" - \" separator is refused");
}

/* chunk_mounted(IMG) in a child running as nobody: 1 held, 0 not, -1 the child failed. */
static int held_as_nobody(const char *dir, const char *img)
{
	int status;
	pid_t pid;

	if (chmod(dir, 0755) < 0 || chmod(img, 0644) < 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		if (setgid(65534) < 0 || setuid(65534) < 0)
			_exit(2);
		_exit(chunk_mounted(img) ? 1 : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) > 1)
		return -1;
	return WEXITSTATUS(status);
}

static void test_loop_mount(void)
{
	char dir[] = "/tmp/chunkfs-test-mounts.XXXXXX", img[64], mnt[64];

	if (!mkdtemp(dir)) {
		CHECK(0, "temporary directory: %m");
		return;
	}
	snprintf(img, sizeof(img), "%s/chunk.img", dir);
	snprintf(mnt, sizeof(mnt), "%s/mnt", dir);
	CHECK(test_sh("mkfs.ext4 -q -F %s 8M >/dev/null && mkdir %s", img, mnt) == 0, "an ext4 image to mount");
	CHECK(!chunk_mounted(img), "an image nobody mounted is not held");
	if (geteuid() != 0 || test_sh("mount -o loop,ro %s %s 2>/dev/null", img, mnt) != 0) {
		printf("skip %d - a loop mount is seen at the next call (skipped: cannot loop-mount "
		       "here, needs root and loop devices)\n", ++test_n);
	} else {
		CHECK(held_as_nobody(dir, img) == 1,
		      "a user who cannot open the loop device sees the image held (sysfs names it)");
		CHECK(chunk_mounted(img), "an image mounted after the table was read is held");
		CHECK(!chunk_mounted(mnt), "a directory is not a mounted image");
		CHECK(test_sh("umount %s", mnt) == 0, "unmounted");
		CHECK(!chunk_mounted(img), "after the umount it is free again");
	}
	CHECK(!chunk_mounted("/nonexistent/chunk.img"), "a path that does not exist is not held");
	test_sh("umount %s 2>/dev/null; rm -rf %s", mnt, dir);
}

static void test_swap(void)
{
	char dir[] = "/tmp/chunkfs-test-swap.XXXXXX", swap[64];

	if (!mkdtemp(dir)) {
		CHECK(0, "temporary directory: %m");
		return;
	}
	snprintf(swap, sizeof(swap), "%s/swap.img", dir);
	CHECK(test_sh("dd if=/dev/zero of=%s bs=1M count=8 status=none && chmod 600 %s && mkswap %s >/dev/null",
		 swap, swap, swap) == 0, "a swap file");
	CHECK(!chunk_mounted(swap), "a swap file not in use is not held");
	if (geteuid() != 0 || test_sh("swapon %s 2>/dev/null", swap) != 0) {
		printf("skip %d - a swapon is seen at the next call (skipped: cannot swapon here, "
		       "needs root and a file system that takes swap files)\n", ++test_n);
	} else {
		CHECK(chunk_mounted(swap), "a file swapped on after the tables were read is held");
		CHECK(test_sh("swapoff %s", swap) == 0, "swapped off");
		CHECK(!chunk_mounted(swap), "after the swapoff it is free again");
	}
	test_sh("swapoff %s 2>/dev/null; rm -rf %s", swap, dir);
}

int main(void)
{
	test_parse();
	test_list();
	test_loop_mount();
	test_swap();
	return test_exit();
}
