/* Rename as renameat2 has it: a plain move, over a file, over an empty directory (not a full
 * one), never below itself, onto another name of the same inode (nothing happens); NOREPLACE;
 * EXCHANGE of two files, of a directory and a file and of two directories in different
 * parents, with ".." and the parents' link counts following. The same with the inodes in two
 * chunks (an inode's name lives in its own chunk, in a continuation of the directory), over a
 * directory, an open file and a file with another link in another chunk. Each
 * chunk is then e2fsck-clean and passes the volume's check. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "libchunk/base/test-assert.h"
#include "libchunk/check/check.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/namespace/dir.h"
#include "libchunk/namespace/namespace.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/volume/volume.h"

#define NCHUNKS 2u

static vino_t lookup(struct volume *v, vino_t dir, const char *name)
{
	vino_t ino = 0;

	return volume_lookup(v, dir, name, &ino) == 0 ? ino : 0;
}

static vino_t parent(struct volume *v, vino_t dir)
{
	vino_t p = 0;

	return volume_parent(v, dir, &p) == 0 ? p : 0;
}

static nlink_t nlink(struct volume *v, vino_t ino)
{
	struct vstat st;

	return volume_stat(v, ino, &st) == 0 ? st.nlink : 0;
}

static vino_t mkfile(struct volume *v, vino_t dir, const char *name)
{
	vino_t ino = 0;

	return volume_create(v, dir, name, 0644, 0, 0, &ino) == 0 ? ino : 0;
}

static vino_t mkdir_(struct volume *v, vino_t dir, const char *name)
{
	vino_t ino = 0;

	return volume_mkdir(v, dir, name, 0755, 0, 0, &ino) == 0 ? ino : 0;
}

/* A file or directory NAME of DIR whose inode is in chunk CHUNK, as the namespace makes one
 * when DIR's own chunk is full: in DIR's part there (a continuation made for it). */
static vino_t make_in_chunk(struct volume *v, vino_t dir, const char *name, unsigned chunk, bool isdir)
{
	struct dir_parts d;
	struct chunk *c;
	ext2_ino_t ldir, ino;
	int r = dir_open(v, dir, &d);

	if (r < 0)
		return 0;
	r = dir_local(v, &d, chunk, true, &ldir);
	dir_close(&d);
	if (r == 0)
		r = volume_chunk_writable(v, chunk, &c);
	if (r == 0)
		r = isdir ? chunk_mkdir(c, ldir, name, 0755, 0, 0, &ino) : chunk_file_create(c, ldir, name, 0644, 0, 0, &ino);
	return r == 0 ? VINO(chunk, ino) : 0;
}

static void test_move(struct volume *v)
{
	vino_t a = mkfile(v, VOLUME_ROOT, "a"), b = mkfile(v, VOLUME_ROOT, "b"), p = mkdir_(v, VOLUME_ROOT, "p");
	struct vstat before, st, root;

	volume_stat(v, a, &before);
	CHECK(volume_rename(v, VOLUME_ROOT, "a", p, "a2") == 0 && lookup(v, p, "a2") == a &&
	      lookup(v, VOLUME_ROOT, "a") == 0 && volume_stat(v, a, &st) == 0 && volume_stat(v, VOLUME_ROOT, &root) == 0 &&
	      (st.ctime > before.ctime || (st.ctime == before.ctime && st.ctime_ns > before.ctime_ns)) &&
	      st.ctime == root.mtime && st.ctime_ns == root.mtime_ns,
	      "a file moves to another directory: its ctime and its old directory's mtime are now");
	CHECK(volume_rename2(v, p, "a2", VOLUME_ROOT, "b", VOLUME_RENAME_NOREPLACE, NULL) == -EEXIST &&
	      lookup(v, p, "a2") == a && lookup(v, VOLUME_ROOT, "b") == b, "NOREPLACE onto a name taken: -EEXIST, "
	      "nothing changed");
	CHECK(volume_rename2(v, p, "a2", VOLUME_ROOT, "a", VOLUME_RENAME_NOREPLACE, NULL) == 0 &&
	      lookup(v, VOLUME_ROOT, "a") == a, "NOREPLACE onto a free name moves it");
	CHECK(volume_rename(v, VOLUME_ROOT, "a", VOLUME_ROOT, "b") == 0 && lookup(v, VOLUME_ROOT, "b") == a &&
	      lookup(v, VOLUME_ROOT, "a") == 0 && nlink(v, b) == 0, "over a file: that file is gone");
	CHECK(volume_link(v, a, p, "hard") == 0 && volume_rename(v, p, "hard", VOLUME_ROOT, "b") == 0 &&
	      lookup(v, p, "hard") == a && lookup(v, VOLUME_ROOT, "b") == a && nlink(v, a) == 2,
	      "onto another name of the same inode: nothing happens, both names stay");
	CHECK(volume_rename2(v, p, "hard", p, "x", VOLUME_RENAME_NOREPLACE | VOLUME_RENAME_EXCHANGE, NULL) == -EINVAL &&
	      volume_rename2(v, p, "hard", p, "x", VOLUME_RENAME_EXCHANGE, NULL) == -ENOENT &&
	      volume_rename2(v, p, "missing", p, "x", 0, NULL) == -ENOENT,
	      "NOREPLACE with EXCHANGE is -EINVAL; EXCHANGE with no target, or no source, -ENOENT");
}

static void test_dirs(struct volume *v)
{
	vino_t d1 = mkdir_(v, VOLUME_ROOT, "d1"), d2 = mkdir_(v, VOLUME_ROOT, "d2"), full = mkdir_(v, VOLUME_ROOT, "full");
	vino_t q = mkdir_(v, VOLUME_ROOT, "q"), f = mkfile(v, VOLUME_ROOT, "file"), sub;
	nlink_t root = nlink(v, VOLUME_ROOT);

	mkdir_(v, full, "inside");
	sub = mkdir_(v, d1, "sub");
	CHECK(volume_rename(v, VOLUME_ROOT, "d1", VOLUME_ROOT, "full") == -ENOTEMPTY &&
	      volume_rename(v, VOLUME_ROOT, "d1", VOLUME_ROOT, "file") == -ENOTDIR &&
	      volume_rename(v, VOLUME_ROOT, "file", VOLUME_ROOT, "d2") == -EISDIR,
	      "a directory over a full one: -ENOTEMPTY; over a file -ENOTDIR; a file over a directory -EISDIR");
	CHECK(volume_rename(v, VOLUME_ROOT, "d1", d1, "x") == -EINVAL && volume_rename(v, VOLUME_ROOT, "d1", sub, "x") == -EINVAL,
	      "a directory into itself or below: -EINVAL");
	CHECK(volume_rename(v, VOLUME_ROOT, "d1", VOLUME_ROOT, "d2") == 0 && lookup(v, VOLUME_ROOT, "d2") == d1 &&
	      nlink(v, d2) == 0 && nlink(v, VOLUME_ROOT) == root - 1 && nlink(v, d1) == 3,
	      "a directory over an empty one: it is gone, the root has one link less");
	CHECK(volume_rename(v, VOLUME_ROOT, "d2", q, "moved") == 0 && parent(v, d1) == q && nlink(v, q) == 3 &&
	      nlink(v, VOLUME_ROOT) == root - 2 && parent(v, sub) == d1,
	      "moved into q: its \"..\" is q, q has a link more, the root one less");
	(void)f;
}

/* A directory part at the most links a directory can have, set by hand. */
static void test_emlink(struct volume *v)
{
	vino_t full = mkdir_(v, VOLUME_ROOT, "emlink"), d = mkdir_(v, VOLUME_ROOT, "mover");
	struct ext2_inode_large inode;
	struct chunk *c;
	uint16_t links;

	mkfile(v, VOLUME_ROOT, "plain");
	if (volume_chunk_writable(v, VINO_CHUNK(full), &c) < 0 || chunk_inode_read(c, VINO_INO(full), &inode) < 0)
		return;
	links = inode.i_links_count;
	inode.i_links_count = EXT2_LINK_MAX;
	chunk_inode_write(c, VINO_INO(full), &inode);
	CHECK(volume_rename(v, VOLUME_ROOT, "mover", full, "d") == -EMLINK && lookup(v, VOLUME_ROOT, "mover") == d &&
	      volume_rename(v, VOLUME_ROOT, "plain", full, "plain") == 0,
	      "a directory cannot move into a directory with %d links (-EMLINK), a file can", EXT2_LINK_MAX);
	if (volume_chunk_writable(v, VINO_CHUNK(full), &c) == 0 && chunk_inode_read(c, VINO_INO(full), &inode) == 0) {
		inode.i_links_count = links;
		chunk_inode_write(c, VINO_INO(full), &inode);
	}
}

static void test_exchange(struct volume *v)
{
	vino_t p1 = mkdir_(v, VOLUME_ROOT, "p1"), p2 = mkdir_(v, VOLUME_ROOT, "p2");
	vino_t x = mkfile(v, p1, "x"), y = mkfile(v, p1, "y"), d = mkdir_(v, p1, "d"), f = mkfile(v, p2, "f");
	vino_t e = mkdir_(v, p2, "e"), dsub = mkdir_(v, d, "dsub");
	struct vstat before, st;

	volume_stat(v, x, &before);
	CHECK(volume_rename2(v, p1, "x", p1, "y", VOLUME_RENAME_EXCHANGE, NULL) == 0 && lookup(v, p1, "x") == y &&
	      lookup(v, p1, "y") == x && volume_stat(v, x, &st) == 0 &&
	      (st.ctime > before.ctime || (st.ctime == before.ctime && st.ctime_ns > before.ctime_ns)),
	      "EXCHANGE of two files of one directory: the names swap, ctimes move on");
	CHECK(volume_rename2(v, p1, "d", p2, "f", VOLUME_RENAME_EXCHANGE, NULL) == 0 && lookup(v, p2, "f") == d &&
	      lookup(v, p1, "d") == f && parent(v, d) == p2 && nlink(v, p1) == 2 && nlink(v, p2) == 4,
	      "a directory and a file in two parents: \"..\" follows, p1 loses a link, p2 gains one");
	CHECK(volume_rename2(v, p2, "f", p2, "e", VOLUME_RENAME_EXCHANGE, NULL) == 0 && lookup(v, p2, "e") == d &&
	      lookup(v, p2, "f") == e && nlink(v, p2) == 4, "two directories of one parent: its count stays");
	CHECK(volume_rename2(v, p2, "e", p1, "d", VOLUME_RENAME_EXCHANGE, NULL) == 0 && lookup(v, p1, "d") == d &&
	      lookup(v, p2, "e") == f && parent(v, d) == p1 && nlink(v, p1) == 3 && nlink(v, p2) == 3 &&
	      parent(v, dsub) == d, "a directory and a file back, across parents again");
	mkdir_(v, p2, "e2");
	CHECK(volume_rename2(v, p1, "d", p2, "e2", VOLUME_RENAME_EXCHANGE, NULL) == 0 && parent(v, d) == p2 &&
	      parent(v, lookup(v, p1, "d")) == p1 && nlink(v, p1) == 3 && nlink(v, p2) == 4,
	      "two directories in two parents: each \"..\" follows, the counts stay");
	CHECK(volume_rename2(v, p2, "e2", dsub, "x", VOLUME_RENAME_EXCHANGE, NULL) == -ENOENT &&
	      mkfile(v, dsub, "inner") && volume_rename2(v, p2, "e2", dsub, "inner", VOLUME_RENAME_EXCHANGE, NULL) == -EINVAL &&
	      volume_rename2(v, dsub, "inner", p2, "e2", VOLUME_RENAME_EXCHANGE, NULL) == -EINVAL,
	      "EXCHANGE of a directory with a name below it, either way round: -EINVAL");
}

static void test_across_chunks(struct volume *v)
{
	vino_t p = mkdir_(v, VOLUME_ROOT, "cp"), here = mkfile(v, p, "here"), there = make_in_chunk(v, p, "there", 1, false);
	vino_t dir1 = make_in_chunk(v, VOLUME_ROOT, "dir1", 1, true), local = mkfile(v, p, "local");
	nlink_t root = nlink(v, VOLUME_ROOT), pl = nlink(v, p);

	CHECK(VINO_CHUNK(here) == 0 && VINO_CHUNK(there) == 1 && VINO_CHUNK(dir1) == 1,
	      "a file of chunk 0 and one of chunk 1 in one directory, and a directory of chunk 1 in the root");
	CHECK(volume_rename(v, p, "there", p, "here") == 0 && lookup(v, p, "here") == there && lookup(v, p, "there") == 0 &&
	      nlink(v, here) == 0, "chunk 1's file over chunk 0's: the name is chunk 1's, chunk 0's file is gone");
	CHECK(volume_rename2(v, VOLUME_ROOT, "dir1", p, "local", VOLUME_RENAME_EXCHANGE, NULL) == 0 &&
	      lookup(v, p, "local") == dir1 && lookup(v, VOLUME_ROOT, "dir1") == local && parent(v, dir1) == p &&
	      nlink(v, VOLUME_ROOT) == root - 1 && nlink(v, p) == pl + 1,
	      "EXCHANGE of chunk 1's directory and chunk 0's file: \"..\" and both parents' counts follow");
	CHECK(volume_rename(v, p, "local", VOLUME_ROOT, "dir1") == -ENOTDIR &&
	      volume_unlink(v, VOLUME_ROOT, "dir1") == 0 && volume_rename(v, p, "local", VOLUME_ROOT, "dir1") == 0 &&
	      parent(v, dir1) == VOLUME_ROOT && nlink(v, VOLUME_ROOT) == root && nlink(v, p) == pl,
	      "and moved back to the root under its old name");
}

/* Over a target in another chunk than the source: the target is marked deleted before the
 * source's name goes, and released after; what it was must not change what is left. */
static void test_over_across_chunks(struct volume *v)
{
	vino_t p = mkdir_(v, VOLUME_ROOT, "op"), d1 = make_in_chunk(v, p, "d1", 1, true), empty = mkdir_(v, p, "empty");
	vino_t kept = mkfile(v, p, "kept"), k1 = make_in_chunk(v, p, "k1", 1, false), orphan = 0;
	vino_t linked = mkfile(v, p, "linked"), l1 = make_in_chunk(v, p, "l1", 1, false);
	nlink_t pl = nlink(v, p);

	CHECK(VINO_CHUNK(d1) == 1 && VINO_CHUNK(empty) == 0 && VINO_CHUNK(k1) == 1 && VINO_CHUNK(kept) == 0,
	      "directories and files of chunk 1 and of chunk 0 in one directory");
	CHECK(volume_rename(v, p, "d1", p, "empty") == 0 && lookup(v, p, "empty") == d1 && lookup(v, p, "d1") == 0 &&
	      nlink(v, empty) == 0 && nlink(v, p) == pl - 1 && parent(v, d1) == p,
	      "chunk 1's directory over chunk 0's empty one: that one is gone, the parent has a link less");
	CHECK(volume_rename2(v, p, "k1", p, "kept", VOLUME_KEEP_ORPHAN, &orphan) == 0 && orphan == kept &&
	      lookup(v, p, "kept") == k1 && volume_orphan_release(v, orphan) == 0 && nlink(v, kept) == 0,
	      "over an open file of chunk 0 (KEEP_ORPHAN): it is kept as an orphan, then released");
	CHECK(volume_link(v, linked, VOLUME_ROOT, "alias") == 0 && volume_rename(v, p, "l1", p, "linked") == 0 &&
	      lookup(v, p, "linked") == l1 && lookup(v, VOLUME_ROOT, "alias") == linked && nlink(v, linked) == 1,
	      "over a file of chunk 0 with another link: it loses one, and keeps the other name");
}

static void test_volume_checks_clean(struct volume *v)
{
	struct chunk_check_opts check = { .repair = false };

	for (unsigned id = 0; id < NCHUNKS; id++)
		CHECK(volume_check_chunk(v, id, &check, NULL) == 0, "chunk %u passes the volume's check", id);
}

int main(void)
{
	char dir[] = "/tmp/chunkfs-test-rename.XXXXXX";
	struct volume_mkfs_opts mo = { .nchunks = NCHUNKS, .chunk_size = 8u << 20, .ext4 = true };
	struct volume *v = NULL;
	uuid_t uuid = { 0 };

	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(120);
	if (!mkdtemp(dir))
		return 1;
	mo.dir = dir;
	CHECK(volume_mkfs(&mo, uuid) == 0 && volume_open(dir, VOLUME_RDWR, &v) == 0, "a %u-chunk volume", NCHUNKS);
	if (v) {
		test_move(v);
		test_dirs(v);
		test_emlink(v);
		test_exchange(v);
		test_across_chunks(v);
		test_over_across_chunks(v);
	}
	CHECK(volume_close(v) == 0, "the volume is closed");
	test_chunks_e2fsck_clean(dir, NCHUNKS);
	v = NULL;
	CHECK(volume_open(dir, VOLUME_RDWR, &v) == 0, "the volume opens again");
	if (v)
		test_volume_checks_clean(v);
	CHECK(v && volume_close(v) == 0, "and closes");
	if (!test_remove_dir(dir))
		return 1;
	return test_exit();
}
