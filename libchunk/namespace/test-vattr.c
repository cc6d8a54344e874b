/* What stat and setattr show a POSIX mount: times to the nanosecond, stamped together on the
 * new inode and its directory; atime and mtime set apart, to a given time or to now, ctime
 * moved by every change; mode and owner in one call; a size through the file's continuations;
 * writes moving mtime; device nodes, FIFOs and sockets, their numbers where the kernel and
 * debugfs read them; link counts of directories; names too long; links past the maximum. On
 * ext4 chunks and on ext2 ones, each left e2fsck-clean. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "libchunk/base/test-assert.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/namespace/file.h"
#include "libchunk/namespace/namespace.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/volume/volume.h"

#define T 8192u  /* the volume's threshold: a file past it continues in another chunk */

static bool same_time(int64_t s1, uint32_t ns1, int64_t s2, uint32_t ns2)
{
	return s1 == s2 && ns1 == ns2;
}

static bool later(int64_t s1, uint32_t ns1, int64_t s2, uint32_t ns2)
{
	return s1 > s2 || (s1 == s2 && ns1 > ns2);
}

static void test_create_times(struct volume *v, vino_t *f)
{
	struct vstat root, st;

	CHECK(volume_create(v, VOLUME_ROOT, "f", 0644, 1000, 1000, f) == 0 && volume_stat(v, *f, &st) == 0 &&
	      volume_stat(v, VOLUME_ROOT, &root) == 0, "a file is made");
	CHECK(same_time(st.mtime, st.mtime_ns, root.mtime, root.mtime_ns) &&
	      same_time(st.ctime, st.ctime_ns, root.ctime, root.ctime_ns) &&
	      same_time(st.atime, st.atime_ns, st.mtime, st.mtime_ns),
	      "its atime, mtime and ctime, and the directory's mtime and ctime, are one instant to the nanosecond");
}

static void test_setattr_times(struct volume *v, vino_t f)
{
	struct vstat before, st;
	struct vattr a = { .set = VATTR_ATIME, .atime = 1000, .atime_ns = 5 };

	volume_stat(v, f, &before);
	CHECK(volume_setattr(v, f, &a) == 0 && volume_stat(v, f, &st) == 0 && same_time(st.atime, st.atime_ns, 1000, 5) &&
	      same_time(st.mtime, st.mtime_ns, before.mtime, before.mtime_ns) &&
	      later(st.ctime, st.ctime_ns, before.ctime, before.ctime_ns),
	      "atime alone is set to 1000.000000005; mtime stays; ctime moves on");
	a = (struct vattr){ .set = VATTR_MTIME, .mtime = (1LL << 31) + 7, .mtime_ns = 999999999 };
	CHECK(volume_setattr(v, f, &a) == 0 && volume_stat(v, f, &st) == 0 && same_time(st.atime, st.atime_ns, 1000, 5) &&
	      same_time(st.mtime, st.mtime_ns, (1LL << 31) + 7, 999999999),
	      "mtime alone is set past 2038, to the last nanosecond of a second; atime stays");
	a = (struct vattr){ .set = VATTR_ATIME_NOW };
	CHECK(volume_setattr(v, f, &a) == 0 && volume_stat(v, f, &st) == 0 &&
	      same_time(st.atime, st.atime_ns, st.ctime, st.ctime_ns) && st.mtime == (1LL << 31) + 7,
	      "atime to now: the same instant as ctime; mtime stays");
	a = (struct vattr){ .set = VATTR_MTIME_NOW | VATTR_ATIME, .atime = 1 };
	CHECK(volume_setattr(v, f, &a) == 0 && volume_stat(v, f, &st) == 0 &&
	      same_time(st.mtime, st.mtime_ns, st.ctime, st.ctime_ns) && same_time(st.atime, st.atime_ns, 1, 0),
	      "mtime to now and atime to a time, in one call");
	a = (struct vattr){ .set = VATTR_MTIME, .mtime_ns = 1000000000 };
	CHECK(volume_setattr(v, f, &a) == -EINVAL, "a nanosecond part of 10^9 is refused (-EINVAL)");
}

static void test_setattr_owner(struct volume *v, vino_t f)
{
	struct vattr a = { .set = VATTR_MODE | VATTR_OWNER, .mode = 06755, .uid = 70000, .gid = 70001 };
	struct vstat before, st;

	volume_stat(v, f, &before);
	CHECK(volume_setattr(v, f, &a) == 0 && volume_stat(v, f, &st) == 0 && st.mode == (LINUX_S_IFREG | 06755) &&
	      st.uid == 70000 && st.gid == 70001 && later(st.ctime, st.ctime_ns, before.ctime, before.ctime_ns),
	      "mode with set-ID bits and a 32-bit owner in one call: all kept as given, ctime moves on");
	a = (struct vattr){ .set = VATTR_GID, .gid = 5 };
	CHECK(volume_setattr(v, f, &a) == 0 && volume_stat(v, f, &st) == 0 && st.uid == 70000 && st.gid == 5 &&
	      st.mode == (LINUX_S_IFREG | 06755), "the group alone: the owner and the mode stay");
}

static bool write_pattern(struct volume *v, vino_t f, size_t len)
{
	static char buf[3 * T];
	struct vfile *vf = NULL;
	bool ok;

	memset(buf, 'x', len);
	ok = vfile_open(v, f, true, &vf) == 0 && vfile_pwrite(vf, buf, len, 0) == (ssize_t)len;
	return vfile_close(vf) == 0 && ok;
}

static bool reads_as(struct volume *v, vino_t f, uint64_t off, char want, size_t len)
{
	static char buf[3 * T];
	struct vfile *vf = NULL;
	bool ok = vfile_open(v, f, false, &vf) == 0 && vfile_pread(vf, buf, len, off) == (ssize_t)len;

	for (size_t i = 0; ok && i < len; i++)
		ok = buf[i] == want;
	vfile_close(vf);
	return ok;
}

static void test_setattr_size(struct volume *v, vino_t f)
{
	struct vattr a = { .set = VATTR_MTIME, .mtime = 1000 };
	struct vstat st;
	vino_t d, l;

	CHECK(volume_setattr(v, f, &a) == 0 && write_pattern(v, f, 2 * T) && volume_stat(v, f, &st) == 0 &&
	      st.size == 2 * T && st.continuations == 1 && st.mtime > 1000 &&
	      same_time(st.mtime, st.mtime_ns, st.ctime, st.ctime_ns),
	      "a write of 2T bytes continues in another chunk and moves mtime and ctime, together");
	a = (struct vattr){ .set = VATTR_SIZE, .size = T / 2 };
	CHECK(volume_setattr(v, f, &a) == 0 && volume_stat(v, f, &st) == 0 && st.size == T / 2 &&
	      same_time(st.mtime, st.mtime_ns, st.ctime, st.ctime_ns) && reads_as(v, f, 0, 'x', T / 2),
	      "setattr cuts it to T/2: the bytes before stay, mtime and ctime are now");
	a = (struct vattr){ .set = VATTR_SIZE | VATTR_MTIME, .size = 2 * T + 1, .mtime = 77 };
	CHECK(volume_setattr(v, f, &a) == 0 && volume_stat(v, f, &st) == 0 && st.size == 2 * T + 1 &&
	      st.mtime == 77 && reads_as(v, f, T / 2, 0, T + T / 2 + 1),
	      "and grows it to 2T + 1 with an mtime given: zeros past the old end, that mtime kept");
	CHECK(volume_mkdir(v, VOLUME_ROOT, "sized", 0755, 0, 0, &d) == 0 &&
	      volume_setattr(v, d, &(struct vattr){ .set = VATTR_SIZE }) == -EISDIR,
	      "a directory has no size to set (-EISDIR)");
	CHECK(volume_symlink(v, VOLUME_ROOT, "l", "f", 0, 0, &l) == 0 &&
	      volume_setattr(v, l, &(struct vattr){ .set = VATTR_SIZE }) == -EINVAL, "nor a symlink (-EINVAL)");
}

/* cp -p writes, then sets the times (futimens), then closes: the times it set stay. */
static void test_times_while_open(struct volume *v, vino_t f)
{
	struct vattr a = { .set = VATTR_TIMES, .atime = 400, .mtime = 500, .mtime_ns = 6 };
	struct vfile *vf = NULL;
	struct vstat st;

	CHECK(vfile_open(v, f, true, &vf) == 0 && vfile_pwrite(vf, "w", 1, 0) == 1 && volume_setattr(v, f, &a) == 0 &&
	      vfile_close(vf) == 0 && volume_stat(v, f, &st) == 0 && same_time(st.mtime, st.mtime_ns, 500, 6),
	      "a write, then times set while the file is open, then close: the times set stay");
	vf = NULL;
	CHECK(vfile_open(v, f, true, &vf) == 0 && volume_setattr(v, f, &a) == 0 && vfile_pwrite(vf, "w", 1, 0) == 1 &&
	      vfile_close(vf) == 0 && volume_stat(v, f, &st) == 0 && st.mtime > 500 &&
	      same_time(st.mtime, st.mtime_ns, st.ctime, st.ctime_ns),
	      "times set, then a write, then close: the write's time");
	vf = NULL;
	CHECK(vfile_open(v, f, true, &vf) == 0 && vfile_pwrite(vf, "w", 1, 0) == 1 &&
	      volume_setattr(v, f, &(struct vattr){ .set = VATTR_MODE, .mode = 0640 }) == 0 && vfile_close(vf) == 0 &&
	      volume_stat(v, f, &st) == 0 && st.mtime > 500 && st.mode == (LINUX_S_IFREG | 0640) &&
	      later(st.ctime, st.ctime_ns, st.mtime, st.mtime_ns),
	      "a write, then a chmod, then close: the write's mtime all the same, the chmod's later ctime kept");
}

static void test_links(struct volume *v, vino_t f)
{
	struct vstat before, st, root;

	volume_stat(v, f, &before);
	CHECK(volume_link(v, f, VOLUME_ROOT, "f2") == 0 && volume_stat(v, f, &st) == 0 &&
	      volume_stat(v, VOLUME_ROOT, &root) == 0 && st.nlink == 2 &&
	      same_time(st.ctime, st.ctime_ns, root.mtime, root.mtime_ns) &&
	      later(st.ctime, st.ctime_ns, before.ctime, before.ctime_ns),
	      "a hard link: the file's ctime and the directory's mtime are one instant");
	before = st;
	CHECK(volume_unlink(v, VOLUME_ROOT, "f2") == 0 && volume_stat(v, f, &st) == 0 &&
	      volume_stat(v, VOLUME_ROOT, &root) == 0 && st.nlink == 1 &&
	      same_time(st.ctime, st.ctime_ns, root.ctime, root.ctime_ns) &&
	      same_time(st.mtime, st.mtime_ns, before.mtime, before.mtime_ns),
	      "unlinking it: the file's ctime moves with the directory's, its mtime stays");
}

static void test_mknod(struct volume *v, vino_t *chr, vino_t *blk)
{
	struct vstat st;
	vino_t ino;

	CHECK(volume_mknod(v, VOLUME_ROOT, "null", LINUX_S_IFCHR | 0666, makedev(1, 3), 0, 0, chr) == 0 &&
	      volume_stat(v, *chr, &st) == 0 && st.mode == (LINUX_S_IFCHR | 0666) && st.rdev == makedev(1, 3) &&
	      st.size == 0 && st.nlink == 1, "a character device 1:3");
	CHECK(volume_mknod(v, VOLUME_ROOT, "nvme", LINUX_S_IFBLK | 0660, makedev(259, 70000), 0, 6, blk) == 0 &&
	      volume_stat(v, *blk, &st) == 0 && st.mode == (LINUX_S_IFBLK | 0660) && st.rdev == makedev(259, 70000) &&
	      st.gid == 6, "a block device 259:70000, past what the old encoding holds");
	CHECK(volume_mknod(v, VOLUME_ROOT, "fifo", LINUX_S_IFIFO | 0600, 0, 0, 0, &ino) == 0 &&
	      volume_stat(v, ino, &st) == 0 && LINUX_S_ISFIFO(st.mode) && st.rdev == 0, "a FIFO");
	CHECK(volume_mknod(v, VOLUME_ROOT, "sock", LINUX_S_IFSOCK | 0600, 0, 0, 0, &ino) == 0 &&
	      volume_stat(v, ino, &st) == 0 && LINUX_S_ISSOCK(st.mode), "a socket");
	CHECK(volume_mknod(v, VOLUME_ROOT, "plain", 0600, 0, 0, 0, &ino) == 0 && volume_stat(v, ino, &st) == 0 &&
	      st.mode == (LINUX_S_IFREG | 0600), "mode without a type: a regular file");
	CHECK(volume_mknod(v, VOLUME_ROOT, "d", LINUX_S_IFDIR | 0700, 0, 0, 0, &ino) == -EPERM &&
	      volume_mknod(v, VOLUME_ROOT, "l", LINUX_S_IFLNK | 0700, 0, 0, 0, &ino) == -EINVAL,
	      "a directory is -EPERM, a symlink -EINVAL");
	CHECK(volume_mknod(v, VOLUME_ROOT, "fifo", LINUX_S_IFIFO | 0600, 0, 0, 0, &ino) == -EEXIST, "a name taken: -EEXIST");
}

static void test_dir_links(struct volume *v)
{
	struct vstat root0, root, st;
	vino_t d, sub;

	volume_stat(v, VOLUME_ROOT, &root0);
	CHECK(volume_mkdir(v, VOLUME_ROOT, "d", 0755, 0, 0, &d) == 0 && volume_stat(v, d, &st) == 0 &&
	      volume_stat(v, VOLUME_ROOT, &root) == 0 && st.nlink == 2 && root.nlink == root0.nlink + 1,
	      "mkdir: the new directory has 2 links, its parent one more");
	CHECK(volume_mkdir(v, d, "sub", 0755, 0, 0, &sub) == 0 && volume_rmdir(v, VOLUME_ROOT, "d") == -ENOTEMPTY,
	      "rmdir of a directory holding one: -ENOTEMPTY");
	CHECK(volume_rmdir(v, d, "sub") == 0 && volume_stat(v, d, &st) == 0 && st.nlink == 2 &&
	      volume_rmdir(v, VOLUME_ROOT, "d") == 0 && volume_stat(v, VOLUME_ROOT, &root) == 0 &&
	      root.nlink == root0.nlink, "rmdir: the parent's count goes back");
	CHECK(volume_rmdir(v, VOLUME_ROOT, "f") == -ENOTDIR && volume_unlink(v, VOLUME_ROOT, "sized") == -EISDIR,
	      "rmdir of a file -ENOTDIR, unlink of a directory -EISDIR");
}

static void test_names(struct volume *v)
{
	char name[300];
	vino_t ino;

	memset(name, 'n', 255);
	name[255] = '\0';
	CHECK(volume_create(v, VOLUME_ROOT, name, 0644, 0, 0, &ino) == 0 && volume_lookup(v, VOLUME_ROOT, name, &ino) == 0,
	      "a name of 255 bytes is made and found");
	strcat(name, "n");
	CHECK(volume_create(v, VOLUME_ROOT, name, 0644, 0, 0, &ino) == -ENAMETOOLONG &&
	      volume_mkdir(v, VOLUME_ROOT, name, 0755, 0, 0, &ino) == -ENAMETOOLONG &&
	      volume_lookup(v, VOLUME_ROOT, name, &ino) == -ENAMETOOLONG &&
	      volume_unlink(v, VOLUME_ROOT, name) == -ENAMETOOLONG &&
	      volume_rename(v, VOLUME_ROOT, "f", VOLUME_ROOT, name) == -ENAMETOOLONG,
	      "256 bytes: -ENAMETOOLONG from create, mkdir, lookup, unlink and rename");
	name[255] = '\0';
	CHECK(volume_unlink(v, VOLUME_ROOT, name) == 0, "the 255-byte name is unlinked");
}

/* Link counts at the maximum, set by hand (65000 real links would take minutes). */
static void test_emlink(struct volume *v, vino_t f)
{
	struct ext2_inode_large inode;
	struct chunk *c;
	uint16_t links;
	vino_t ino;

	if (volume_chunk_writable(v, VINO_CHUNK(f), &c) < 0 || chunk_inode_read(c, VINO_INO(f), &inode) < 0)
		return;
	links = inode.i_links_count;
	inode.i_links_count = EXT2_LINK_MAX;
	chunk_inode_write(c, VINO_INO(f), &inode);
	CHECK(volume_link(v, f, VOLUME_ROOT, "one-too-many") == -EMLINK, "a file with %d links takes no more (-EMLINK)",
	      EXT2_LINK_MAX);
	inode.i_links_count = links;
	chunk_inode_write(c, VINO_INO(f), &inode);

	if (volume_chunk_writable(v, 0, &c) < 0 || chunk_inode_read(c, EXT2_ROOT_INO, &inode) < 0)
		return;
	links = inode.i_links_count;
	inode.i_links_count = EXT2_LINK_MAX;
	chunk_inode_write(c, EXT2_ROOT_INO, &inode);
	CHECK(volume_mkdir(v, VOLUME_ROOT, "one-too-many", 0755, 0, 0, &ino) == -EMLINK,
	      "a directory part with %d links takes no more subdirectories (-EMLINK)", EXT2_LINK_MAX);
	inode.i_links_count = links;
	chunk_inode_write(c, EXT2_ROOT_INO, &inode);
}

static void test_debugfs_sees(const char *dir, vino_t chr, vino_t blk)
{
	CHECK(test_sh("debugfs -R 'stat <%u>' '%s/chunk-%04u.img' 2>/dev/null | "
		      "grep -q '^Device major/minor number: 01:03'", VINO_INO(chr), dir, VINO_CHUNK(chr)) == 0,
	      "debugfs reads 1:3 in the old encoding");
	CHECK(test_sh("debugfs -R 'stat <%u>' '%s/chunk-%04u.img' 2>/dev/null | "
		      "grep -q '^(New-style) Device major/minor number: 259:70000'", VINO_INO(blk), dir,
		      VINO_CHUNK(blk)) == 0, "debugfs reads 259:70000 in the new one");
}

/* Everything above on a volume of ext4 chunks, or of ext2 ones. */
static void test_volume(bool ext4)
{
	char dir[] = "/tmp/chunkfs-test-vattr.XXXXXX";
	struct volume_mkfs_opts mo = { .nchunks = 2, .chunk_size = 8u << 20, .threshold = T, .ext4 = ext4 };
	struct volume *v = NULL;
	uuid_t uuid = { 0 };
	vino_t f = 0, chr = 0, blk = 0;

	if (!mkdtemp(dir))
		return;
	mo.dir = dir;
	CHECK(volume_mkfs(&mo, uuid) == 0 && volume_open(dir, VOLUME_RDWR, &v) == 0,
	      "a 2-chunk volume of %s chunks with a threshold of %u bytes", ext4 ? "ext4" : "ext2", T);
	if (v) {
		test_create_times(v, &f);
		test_setattr_times(v, f);
		test_setattr_owner(v, f);
		test_setattr_size(v, f);
		test_times_while_open(v, f);
		test_links(v, f);
		test_mknod(v, &chr, &blk);
		test_dir_links(v);
		test_names(v);
		test_emlink(v, f);
	}
	CHECK(volume_close(v) == 0, "the volume is closed");
	test_debugfs_sees(dir, chr, blk);
	test_chunks_e2fsck_clean(dir, 2);
	CHECK(test_remove_dir(dir), "its temp dir is removed");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(120);
	test_volume(true);
	test_volume(false);
	return test_exit();
}
