/* Extended attributes (xattr.c) as getxattr(2) and its siblings give them: sizes, flags,
 * namespaces, POSIX ACLs, the records hidden and untouchable, ctime, the room kept for a
 * head record; then the chunks pass real e2fsck -fn and chunkfs's own check. */
#include <errno.h>
#include <linux/limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libchunk/base/macro.h"
#include "libchunk/base/test-assert.h"
#include "libchunk/check/check.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/cont-record.h"
#include "libchunk/chunk/state.h"
#include "libchunk/namespace/file.h"
#include "libchunk/namespace/namespace.h"
#include "libchunk/namespace/xattr.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/volume/volume.h"

#define NCHUNKS 2
#define T (64u << 10)

/* A POSIX ACL in the xattr format: user::rw-, user:1000:r--, group::r--, mask::r--, other::r--. */
static const unsigned char acl[] = {
	2, 0, 0, 0,
	0x01, 0, 6, 0, 0xff, 0xff, 0xff, 0xff,
	0x02, 0, 4, 0, 0xe8, 0x03, 0, 0,
	0x04, 0, 4, 0, 0xff, 0xff, 0xff, 0xff,
	0x10, 0, 4, 0, 0xff, 0xff, 0xff, 0xff,
	0x20, 0, 4, 0, 0xff, 0xff, 0xff, 0xff,
};

static bool list_has(struct volume *v, vino_t ino, const char *name)
{
	char buf[4096];
	int n = volume_listxattr(v, ino, buf, sizeof(buf));

	for (int i = 0; i < n; i += (int)strlen(buf + i) + 1)
		if (strcmp(buf + i, name) == 0)
			return true;
	return false;
}

static void test_sizes_and_flags(struct volume *v, vino_t f)
{
	char buf[64] = "";
	static char big[XATTR_SIZE_MAX + 1];
	int n;

	CHECK(volume_setxattr(v, f, "user.color", "blue", 4, 0) == 0, "user.color is set");
	CHECK(volume_getxattr(v, f, "user.color", NULL, 0) == 4, "size 0 asks the length: 4");
	CHECK(volume_getxattr(v, f, "user.color", buf, 3) == -ERANGE, "a buffer of 3 is -ERANGE");
	CHECK(volume_getxattr(v, f, "user.color", buf, sizeof(buf)) == 4 && memcmp(buf, "blue", 4) == 0,
	      "and the value reads back");
	CHECK(volume_setxattr(v, f, "user.color", "red", 3, XATTR_CREATE) == -EEXIST, "XATTR_CREATE of it: -EEXIST");
	CHECK(volume_setxattr(v, f, "user.size", "1", 1, XATTR_REPLACE) == -ENODATA,
	      "XATTR_REPLACE of an absent one: -ENODATA");
	CHECK(volume_setxattr(v, f, "user.color", "red", 3, XATTR_REPLACE) == 0 &&
	      volume_getxattr(v, f, "user.color", buf, sizeof(buf)) == 3 && memcmp(buf, "red", 3) == 0,
	      "XATTR_REPLACE of a present one replaces it");
	CHECK(volume_setxattr(v, f, "user.empty", NULL, 0, XATTR_CREATE) == 0 &&
	      volume_getxattr(v, f, "user.empty", buf, sizeof(buf)) == 0, "an empty value is a value");
	CHECK(volume_setxattr(v, f, "security.label", "x", 1, 0) == 0 &&
	      volume_setxattr(v, f, "trusted.note", "y", 1, 0) == 0, "security. and trusted. are namespaces too");
	n = volume_listxattr(v, f, NULL, 0);
	CHECK(n == (int)sizeof("user.color\0user.empty\0security.label\0trusted.note"),
	      "listxattr with size 0 gives the list's length (%d)", n);
	CHECK(volume_listxattr(v, f, buf, (size_t)n - 1) == -ERANGE, "one byte short: -ERANGE");
	CHECK(list_has(v, f, "user.color") && list_has(v, f, "user.empty") && list_has(v, f, "security.label") &&
	      list_has(v, f, "trusted.note"), "the list names all four");
	CHECK(volume_removexattr(v, f, "user.empty") == 0 && volume_getxattr(v, f, "user.empty", NULL, 0) == -ENODATA,
	      "a removed attribute is gone");
	CHECK(volume_removexattr(v, f, "user.empty") == -ENODATA, "removing it again: -ENODATA");
	CHECK(volume_setxattr(v, f, "user.big", big, sizeof(big), 0) == -E2BIG, "a value over 64 KiB: -E2BIG");
	CHECK(volume_setxattr(v, f, "user.big", big, 4000, 0) == -ENOSPC,
	      "a 4000-byte value on a file: -ENOSPC (the head record's room is kept)");
	CHECK(volume_getxattr(v, f, "user.big", NULL, 0) == -ENODATA, "and nothing of it was stored");
}

static void test_names(struct volume *v, vino_t f)
{
	char name[300];

	memset(name, 'a', sizeof(name));
	memcpy(name, "user.", 5);
	name[256] = '\0';
	CHECK(volume_setxattr(v, f, "", "x", 1, 0) == -ERANGE, "an empty name: -ERANGE");
	CHECK(volume_setxattr(v, f, name, "x", 1, 0) == -ERANGE, "a 256-byte name: -ERANGE");
	name[255] = '\0';
	CHECK(volume_setxattr(v, f, name, "x", 1, 0) == 0 && volume_removexattr(v, f, name) == 0,
	      "a 255-byte name is fine");
	CHECK(volume_setxattr(v, f, "user.", "x", 1, 0) == -EINVAL, "a bare prefix: -EINVAL");
	CHECK(volume_setxattr(v, f, "other.x", "x", 1, 0) == -EOPNOTSUPP &&
	      volume_getxattr(v, f, "other.x", NULL, 0) == -EOPNOTSUPP, "an unknown namespace: -EOPNOTSUPP");
	CHECK(volume_setxattr(v, f, "system.data", "x", 1, 0) == -EOPNOTSUPP, "system.data: -EOPNOTSUPP");
	CHECK(volume_setxattr(v, f, "user.x", "x", 1, 4) == -EINVAL, "an unknown flag: -EINVAL");
}

static void test_acl(struct volume *v, vino_t f, vino_t d)
{
	unsigned char buf[sizeof(acl)], bad[sizeof(acl)];

	CHECK(volume_setxattr(v, f, "system.posix_acl_access", acl, sizeof(acl), 0) == 0, "an access ACL is set");
	CHECK(volume_getxattr(v, f, "system.posix_acl_access", buf, sizeof(buf)) == (int)sizeof(acl) &&
	      memcmp(buf, acl, sizeof(acl)) == 0, "and reads back as it was given");
	CHECK(list_has(v, f, "system.posix_acl_access"), "and is listed");
	memcpy(bad, acl, sizeof(acl));
	bad[4] = 0x40;
	CHECK(volume_setxattr(v, f, "system.posix_acl_access", bad, sizeof(bad), 0) == -EINVAL,
	      "an ACL with an unknown tag: -EINVAL");
	CHECK(volume_setxattr(v, f, "system.posix_acl_access", acl, 10, 0) == -EINVAL, "a truncated ACL: -EINVAL");
	CHECK(volume_setxattr(v, f, "system.posix_acl_default", acl, sizeof(acl), 0) == -EACCES,
	      "a default ACL on a file: -EACCES");
	CHECK(volume_setxattr(v, d, "system.posix_acl_default", acl, sizeof(acl), 0) == 0 &&
	      volume_getxattr(v, d, "system.posix_acl_default", buf, sizeof(buf)) == (int)sizeof(acl),
	      "a default ACL on a directory is set");
	CHECK(volume_setxattr(v, f, "system.posix_acl_accessx", acl, sizeof(acl), 0) == -EOPNOTSUPP,
	      "a name only starting like an ACL's: -EOPNOTSUPP");
}

/* A file past the threshold has a head record: it is neither listed nor reachable. */
static void test_records_hidden(struct volume *v, vino_t dir)
{
	_cleanup_free_ char *data = calloc(1, 3 * T);
	struct vfile *vf = NULL;
	struct vstat st;
	char buf[64];
	vino_t f;

	CHECK(data && volume_create(v, dir, "long", 0644, 0, 0, &f) == 0 && vfile_open(v, f, true, &vf) == 0 &&
	      vfile_pwrite(vf, data, 3 * T, 0) == 3 * T && vfile_close(vf) == 0, "a file of 3 thresholds is written");
	CHECK(volume_stat(v, f, &st) == 0 && st.continuations == 1, "it has a continuation");
	CHECK(volume_setxattr(v, f, "user.a", "1", 1, 0) == 0, "and a user attribute");
	CHECK(volume_listxattr(v, f, buf, sizeof(buf)) == (int)sizeof("user.a"), "the list is user.a alone");
	CHECK(volume_getxattr(v, f, XATTR_HEAD, buf, sizeof(buf)) == -ENODATA, "its head record: -ENODATA to get");
	CHECK(volume_setxattr(v, f, XATTR_HEAD, "x", 1, 0) == -EPERM, "-EPERM to set");
	CHECK(volume_setxattr(v, f, "trusted.chunkfs.new", "x", 1, 0) == -EPERM, "any trusted.chunkfs. name: -EPERM");
	CHECK(volume_removexattr(v, f, XATTR_HEAD) == -EPERM, "-EPERM to remove");
	CHECK(volume_stat(v, f, &st) == 0 && st.continuations == 1, "the record is still there");
	CHECK(volume_setxattr(v, f, "user.chunkfs.head", "CKHD garbage", 12, 0) == 0 &&
	      volume_setxattr(v, f, "trusted.chunkfs", "x", 1, 0) == 0,
	      "names like a record's but outside trusted.chunkfs. are the user's (the check ignores them)");
}

/* ctime moves on a change, and a refused change leaves the chunk as it was. */
static void test_ctime(struct volume *v, vino_t f)
{
	struct ext2_inode_large inode;
	struct vstat st;
	struct chunk *c;

	CHECK(volume_chunk_writable(v, VINO_CHUNK(f), &c) == 0 && chunk_inode_read(c, VINO_INO(f), &inode) == 0,
	      "the file's inode is read");
	inode.i_ctime = 1;
	CHECK(chunk_inode_write(c, VINO_INO(f), &inode) == 0, "its ctime is put back to 1");
	CHECK(volume_setxattr(v, f, "user.t", "1", 1, 0) == 0 && volume_stat(v, f, &st) == 0 && st.ctime > 1,
	      "setxattr sets ctime");
	inode.i_ctime = 1;
	CHECK(chunk_inode_read(c, VINO_INO(f), &inode) == 0 && (inode.i_ctime = 1, 1) &&
	      chunk_inode_write(c, VINO_INO(f), &inode) == 0, "ctime is 1 again");
	CHECK(volume_removexattr(v, f, "user.t") == 0 && volume_stat(v, f, &st) == 0 && st.ctime > 1,
	      "removexattr sets ctime");
}

/* Attributes filling all the room they may take still leave a full head record room. */
static void test_room(struct volume *v, vino_t dir)
{
	struct record_head h = { .kind = REF_FILE, .ncont = CONT_MAX, .nranges = RANGES_MAX };
	static struct chunk_ref conts[CONT_MAX];
	static struct record_range ranges[RANGES_MAX];
	struct ext2_inode_large inode;
	char value[200] = "", name[32];
	struct chunk *c;
	vino_t f;
	int i, r = 0;

	CHECK(volume_create(v, dir, "full", 0644, 0, 0, &f) == 0, "a file to fill");
	for (i = 0; i < 64 && r == 0; i++) {
		snprintf(name, sizeof(name), "user.fill%02d", i);
		r = volume_setxattr(v, f, name, value, sizeof(value), 0);
	}
	CHECK(r == -ENOSPC && i > 2, "its attributes run out of room after %d values of 200 bytes", i - 1);
	for (unsigned k = 0; k < RANGES_MAX; k++)
		ranges[k] = (struct record_range){ .start = k * 2u, .end = k * 2u + 1, .holder = 0 };
	h.conts = conts;
	h.ranges = ranges;
	CHECK(volume_chunk_writable(v, VINO_CHUNK(f), &c) == 0 && chunk_inode_read(c, VINO_INO(f), &inode) == 0,
	      "the file's inode is read");
	h.gen = inode.i_generation;
	CHECK(cont_head_store(c, VINO_INO(f), &h) == 0, "a head record of %d continuations and %d ranges still fits",
	      CONT_MAX, RANGES_MAX);
	h.ncont = 0;
	h.nranges = 0;
	CHECK(cont_head_store(c, VINO_INO(f), &h) == 0, "and is taken away again");
	CHECK(volume_getxattr(v, f, "user.fill00", NULL, 0) == (int)sizeof(value), "the attributes are kept");
	CHECK(volume_create(v, dir, "gone", 0644, 0, 0, &f) == 0 &&
	      volume_setxattr(v, f, "user.fill", value, sizeof(value), 0) == 0 &&
	      volume_setxattr(v, f, "user.fill2", value, sizeof(value), 0) == 0 && volume_unlink(v, dir, "gone") == 0,
	      "a file whose attributes took a block is removed (e2fsck below: the block is free again)");
}

static void test_persisted(const char *dir, vino_t f)
{
	struct chunk_status st;
	struct volume *v = NULL;
	char buf[8];

	CHECK(volume_open(dir, VOLUME_RDWR, &v) == 0, "the volume is opened again");
	if (!v)
		return;
	CHECK(volume_getxattr(v, f, "user.color", buf, sizeof(buf)) == 3 && memcmp(buf, "red", 3) == 0,
	      "user.color is still red");
	CHECK(volume_setxattr(v, f, "user.color", "x", 1, XATTR_CREATE) == -EEXIST &&
	      volume_removexattr(v, f, "user.none") == -ENODATA, "two refused changes");
	CHECK(volume_chunk_status(v, VINO_CHUNK(f), &st) == 0 && st.state == CHUNK_CLEAN,
	      "leave the chunk CLEAN");
	for (unsigned id = 0; id < NCHUNKS; id++) {
		struct chunk_check_opts co = {};
		struct chunk_check_report *r = NULL;
		int s = volume_check_chunk(v, id, &co, &r);
		CHECK(s == 0 && r && chunk_check_report_found(r) == 0,
		      "chunkfs's check of chunk %u finds nothing (status %d)", id, s);
		chunk_check_report_free(r);
	}
	CHECK(volume_close(v) == 0, "the volume is closed");
	v = NULL;
	CHECK(volume_open(dir, 0, &v) == 0 && volume_getxattr(v, f, "user.color", NULL, 0) == 3 &&
	      volume_setxattr(v, f, "user.color", "x", 1, 0) == -EROFS && volume_removexattr(v, f, "user.color") == -EROFS,
	      "a read-only volume reads attributes and refuses changes: -EROFS");
	volume_close(v);
}

int main(void)
{
	char dir[] = "/tmp/chunkfs-test-xattr.XXXXXX";
	struct volume_mkfs_opts mo = { .nchunks = NCHUNKS, .chunk_size = 8u << 20, .threshold = T, .ext4 = true };
	struct volume *v = NULL;
	uuid_t uuid = { 0 };
	vino_t f = 0, d = 0;

	if (!mkdtemp(dir))
		return 1;
	mo.dir = dir;
	CHECK(volume_mkfs(&mo, uuid) == 0 && volume_open(dir, VOLUME_RDWR, &v) == 0, "a %d-chunk volume", NCHUNKS);
	CHECK(v && volume_create(v, VOLUME_ROOT, "f", 0644, 0, 0, &f) == 0 &&
	      volume_mkdir(v, VOLUME_ROOT, "d", 0755, 0, 0, &d) == 0, "a file and a directory");
	if (v && f && d) {
		test_sizes_and_flags(v, f);
		test_names(v, f);
		test_acl(v, f, d);
		test_records_hidden(v, d);
		test_ctime(v, f);
		test_room(v, d);
	}
	CHECK(volume_close(v) == 0, "the volume is closed");
	test_chunks_e2fsck_clean(dir, NCHUNKS);
	test_persisted(dir, f);
	test_chunks_e2fsck_clean(dir, NCHUNKS);
	if (!test_remove_dir(dir))
		return 1;
	return test_exit();
}
