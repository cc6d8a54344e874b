/* chunkfault: damages one chunk image in a named way, for the check/repair tests.
 *
 *   chunkfault IMAGE zero-inode INODE          zero one on-disk inode (e.g. a head)
 *   chunkfault IMAGE zero-itable-block INODE   zero the inode-table block holding INODE
 *   chunkfault IMAGE flip-cont INODE           flip bits inside INODE's continuation record
 *   chunkfault IMAGE flip-head INODE           flip bits inside INODE's head record
 *   chunkfault IMAGE repoint-cont INODE OTHER  INODE's back pointer names OTHER's head (a valid record)
 *   chunkfault IMAGE claim-conts INODE OTHER   INODE's head record lists OTHER's continuations and
 *                                              ranges (a valid record): two heads claim them
 *   chunkfault IMAGE head-chunk INODE CHUNK    rewrite INODE's head record, CRC and all, so that
 *                                              its first continuation is in chunk CHUNK
 *   chunkfault IMAGE shorten-range INODE BYTES rewrite INODE's head record, CRC and all, so that
 *                                              its last range held by a continuation ends BYTES
 *                                              sooner (at most its length less one byte): those
 *                                              bytes are in no range
 *   chunkfault IMAGE del-index PEER [N]        delete reference N (default 0) of the index entry for PEER
 *   chunkfault IMAGE corrupt-dir INODE         overwrite the first block of a directory with garbage
 *   chunkfault IMAGE wipe-super                zero the primary superblock (backups stay)
 *   chunkfault IMAGE truncate BYTES            cut the image to BYTES
 *   chunkfault IMAGE list-conts                print "INODE NAME" of /.chunkfs/cont
 *   chunkfault IMAGE list-heads [ranged]       print the inodes carrying a head record (ranged:
 *                                              only those shorten-range can damage)
 *   chunkfault IMAGE parent-hint INODE         print the parent hint of INODE's head record
 *   chunkfault VOLDIR graft K IMAGE            put IMAGE in chunk K's place; the peers' chunk
 *                                              records take its s_uuid as member K
 *
 * INODE is a number or a path inside the image ("/.chunkfs/cont/0000-0000000c-1234abcd").
 * Raw writes go around libext2fs on purpose: the damage must not be "repaired" by checksums. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ext2fs/ext2fs.h>

#include "libchunk/format/record.h"

static int __attribute__((format(printf, 1, 2))) fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "chunkfault: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 1;
}

static ext2_filsys open_fs(const char *image, bool rw)
{
	ext2_filsys fs;
	errcode_t err = ext2fs_open2(image, NULL, (rw ? EXT2_FLAG_RW : 0) | EXT2_FLAG_64BITS, 0, 0,
				     unix_io_manager, &fs);

	if (err) {
		fprintf(stderr, "chunkfault: %s: %s\n", image, error_message(err));
		return NULL;
	}
	if (rw && ext2fs_read_bitmaps(fs)) {
		ext2fs_close_free(&fs);
		return NULL;
	}
	return fs;
}

static ext2_ino_t parse_ino(ext2_filsys fs, const char *s)
{
	ext2_ino_t ino = 0;
	char *end;

	if (s[0] == '/') {
		if (ext2fs_namei(fs, EXT2_ROOT_INO, EXT2_ROOT_INO, s, &ino))
			return 0;
		return ino;
	}
	ino = (ext2_ino_t)strtoul(s, &end, 0);
	return *end ? 0 : ino;
}

/* Byte offset of INO's on-disk inode. */
static off_t inode_offset(ext2_filsys fs, ext2_ino_t ino)
{
	dgrp_t g = (ino - 1) / fs->super->s_inodes_per_group;
	unsigned idx = (ino - 1) % fs->super->s_inodes_per_group;

	return (off_t)ext2fs_inode_table_loc(fs, g) * fs->blocksize + (off_t)idx * EXT2_INODE_SIZE(fs->super);
}

static int raw_write(const char *image, off_t off, const void *buf, size_t len)
{
	int fd = open(image, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return fail("%s: %s", image, strerror(errno));
	n = pwrite(fd, buf, len, off);
	fsync(fd);
	close(fd);
	return n == (ssize_t)len ? 0 : fail("%s: short write", image);
}

static int zero_inode(const char *image, const char *arg, bool whole_block)
{
	ext2_filsys fs = open_fs(image, false);
	ext2_ino_t ino;
	off_t off;
	size_t len;
	char *zeros;
	int r;

	if (!fs)
		return 1;
	ino = parse_ino(fs, arg);
	if (!ino || ino > fs->super->s_inodes_count) {
		ext2fs_close_free(&fs);
		return fail("%s: no inode %s", image, arg);
	}
	off = inode_offset(fs, ino);
	len = EXT2_INODE_SIZE(fs->super);
	if (whole_block) {
		off -= off % fs->blocksize;
		len = fs->blocksize;
	}
	ext2fs_close_free(&fs);
	zeros = calloc(1, len);
	r = raw_write(image, off, zeros, len);
	free(zeros);
	if (r == 0)
		printf("zeroed %zu bytes at %lld (inode %u)\n", len, (long long)off, ino);
	return r;
}

static int flip_xattr(const char *image, const char *arg, const char *key)
{
	ext2_filsys fs = open_fs(image, true);
	struct ext2_xattr_handle *h;
	void *val = NULL;
	size_t len = 0;
	ext2_ino_t ino;
	errcode_t err;

	if (!fs)
		return 1;
	ino = parse_ino(fs, arg);
	if (!ino) {
		ext2fs_close_free(&fs);
		return fail("%s: no inode %s", image, arg);
	}
	err = ext2fs_xattrs_open(fs, ino, &h);
	if (!err)
		err = ext2fs_xattrs_read(h);
	if (!err)
		err = ext2fs_xattr_get(h, key, &val, &len);
	if (err || len < 24) {
		ext2fs_close_free(&fs);
		return fail("%s: inode has no %s", arg, key);
	}
	/* Past the header, inside the pointers: the record's CRC no longer matches. */
	((unsigned char *)val)[20] ^= 0x5a;
	((unsigned char *)val)[len / 2] ^= 0x81;
	err = ext2fs_xattr_set(h, key, val, len);
	ext2fs_free_mem(&val);
	ext2fs_xattrs_close(&h);
	ext2fs_close_free(&fs);
	if (err)
		return fail("%s: cannot write %s", arg, key);
	printf("flipped bits in %s of inode %u\n", key, ino);
	return 0;
}

/* The xattr KEY of INO, read whole (*fs and *h open on success). */
static int xattr_read(const char *image, const char *arg, const char *key, ext2_filsys *fs,
		      struct ext2_xattr_handle **h, ext2_ino_t *ino, void **val, size_t *len)
{
	errcode_t err;

	*fs = open_fs(image, true);
	if (!*fs)
		return 1;
	*ino = parse_ino(*fs, arg);
	err = *ino ? ext2fs_xattrs_open(*fs, *ino, h) : EXT2_ET_BAD_INODE_NUM;
	if (err) {
		ext2fs_close_free(fs);
		return fail("%s: no inode %s", image, arg);
	}
	err = ext2fs_xattrs_read(*h);
	if (!err)
		err = ext2fs_xattr_get(*h, key, val, len);
	if (err) {
		ext2fs_xattrs_close(h);
		ext2fs_close_free(fs);
		return fail("%s: inode %s has no %s", image, arg, key);
	}
	return 0;
}

/* A record of KEY on INODE, decoded by DECODE into OUT, for damage that keeps the CRC valid. */
static int record_of(const char *image, const char *arg, const char *key,
		     int (*decode)(const void *, size_t, void *), void *out)
{
	struct ext2_xattr_handle *h;
	ext2_filsys fs;
	ext2_ino_t ino;
	void *val = NULL;
	size_t len = 0;
	int r;

	if (xattr_read(image, arg, key, &fs, &h, &ino, &val, &len))
		return 1;
	r = decode(val, len, out);
	ext2fs_free_mem(&val);
	ext2fs_xattrs_close(&h);
	ext2fs_close_free(&fs);
	return r < 0 ? fail("%s: inode %s: %s: %s", image, arg, key, record_strerror(r)) : 0;
}

static int record_store(const char *image, const char *arg, const char *key, const void *buf, size_t len)
{
	struct ext2_xattr_handle *h;
	ext2_filsys fs;
	ext2_ino_t ino;
	void *old = NULL;
	size_t olen = 0;
	errcode_t err;

	if (xattr_read(image, arg, key, &fs, &h, &ino, &old, &olen))
		return 1;
	ext2fs_free_mem(&old);
	err = ext2fs_xattr_set(h, key, buf, len);
	ext2fs_xattrs_close(&h);
	ext2fs_close_free(&fs);
	return err ? fail("%s: cannot write %s of inode %s", image, key, arg) : 0;
}

static int decode_cont(const void *buf, size_t len, void *out)
{
	return record_cont_decode(buf, len, out);
}

static int decode_head(const void *buf, size_t len, void *out)
{
	return record_head_decode(buf, len, out);
}

/* Continuation INODE names OTHER's head as its own (and as its prev, when it named its head
 * there): a back pointer repointed at another file, with a record whose CRC is valid. */
static int repoint_cont(const char *image, const char *arg, const char *other)
{
	struct record_cont rec, theirs;
	struct chunk_ref old;
	void *out = NULL;
	size_t len;
	int r;

	if (record_of(image, arg, "trusted.chunkfs.cont", decode_cont, &rec))
		return 1;
	if (record_of(image, other, "trusted.chunkfs.cont", decode_cont, &theirs)) {
		record_cont_done(&rec);
		return 1;
	}
	old = rec.head;
	rec.head = theirs.head;
	if (rec.prev.chunk == old.chunk && rec.prev.ino == old.ino && rec.prev.gen == old.gen)
		rec.prev = theirs.head;
	r = record_cont_encode(&rec, &out, &len) < 0 ? fail("cannot encode") :
	    record_store(image, arg, "trusted.chunkfs.cont", out, len);
	if (r == 0)
		printf("continuation %s now names head %u:%u (was %u:%u)\n", arg, rec.head.chunk, rec.head.ino,
		       old.chunk, old.ino);
	free(out);
	record_cont_done(&rec);
	record_cont_done(&theirs);
	return r;
}

/* Head INODE lists OTHER's continuations and ranges, its own generation kept: two heads claim
 * the same continuations, with records whose CRCs are valid. */
static int claim_conts(const char *image, const char *arg, const char *other)
{
	struct record_head mine, theirs;
	void *out = NULL;
	size_t len;
	int r;

	if (record_of(image, arg, "trusted.chunkfs.head", decode_head, &mine))
		return 1;
	if (record_of(image, other, "trusted.chunkfs.head", decode_head, &theirs)) {
		record_head_done(&mine);
		return 1;
	}
	theirs.gen = mine.gen;
	theirs.parent = mine.parent;
	r = record_head_encode(&theirs, &out, &len) < 0 ? fail("cannot encode") :
	    record_store(image, arg, "trusted.chunkfs.head", out, len);
	if (r == 0)
		printf("head %s now lists the %u continuation(s) of head %s\n", arg, theirs.ncont, other);
	free(out);
	record_head_done(&mine);
	record_head_done(&theirs);
	return r;
}

/* A well-formed head record that points somewhere else: the CRC matches, only the chunk
 * number of its first continuation is changed. */
static int head_chunk(const char *image, const char *arg, const char *chunk)
{
	unsigned long to = strtoul(chunk, NULL, 10);
	struct record_head rec;
	void *out = NULL;
	size_t len;
	int r;

	if (record_of(image, arg, "trusted.chunkfs.head", decode_head, &rec))
		return 1;
	if (rec.ncont == 0 || to > UINT16_MAX)
		r = fail("%s: inode %s: no head record with a continuation to rewrite", image, arg);
	else {
		rec.conts[0].chunk = (uint16_t)to;
		r = record_head_encode(&rec, &out, &len) < 0 ? fail("cannot encode") :
		    record_store(image, arg, "trusted.chunkfs.head", out, len);
	}
	if (r == 0)
		printf("the head record of inode %s names chunk %lu\n", arg, to);
	free(out);
	record_head_done(&rec);
	return r;
}

/* The last range of REC held by a continuation, or NULL. */
static struct record_range *last_held_range(struct record_head *rec)
{
	struct record_range *g = NULL;

	for (uint32_t i = 0; i < rec->nranges; i++)
		if (rec->ranges[i].holder > 0 && rec->ranges[i].holder != RANGE_LOST)
			g = &rec->ranges[i];
	return g;
}

static int shorten_range(const char *image, const char *arg, const char *bytes)
{
	unsigned long long cut = strtoull(bytes, NULL, 10);
	struct record_head rec;
	struct record_range *g;
	void *out = NULL;
	size_t len;
	int r;

	if (record_of(image, arg, "trusted.chunkfs.head", decode_head, &rec))
		return 1;
	g = last_held_range(&rec);
	if (g && cut >= g->end - g->start)
		cut = g->end - g->start - 1;
	if (!g || cut == 0)
		r = fail("%s: inode %s: no range held by a continuation of 2 bytes or more", image, arg);
	else {
		g->end -= cut;
		r = record_head_encode(&rec, &out, &len) < 0 ? fail("cannot encode") :
		    record_store(image, arg, "trusted.chunkfs.head", out, len);
	}
	if (r == 0)
		printf("the range of holder %u now ends at %llu\n", g->holder, (unsigned long long)g->end);
	free(out);
	record_head_done(&rec);
	return r;
}

static int read_file(ext2_filsys fs, ext2_ino_t ino, void **buf, unsigned *len)
{
	ext2_file_t f;
	unsigned got;

	if (ext2fs_file_open(fs, ino, 0, &f))
		return -1;
	*len = (unsigned)ext2fs_file_get_size(f);
	*buf = malloc(*len + 1);
	if (ext2fs_file_read(f, *buf, *len, &got) || got != *len) {
		ext2fs_file_close(f);
		return -1;
	}
	ext2fs_file_close(f);
	return 0;
}

static int write_file(ext2_filsys fs, ext2_ino_t ino, const void *buf, unsigned len)
{
	ext2_file_t f;
	unsigned wrote;
	errcode_t err = ext2fs_file_open(fs, ino, EXT2_FILE_WRITE, &f);

	if (err)
		return -1;
	err = ext2fs_file_write(f, buf, len, &wrote);
	if (!err)
		err = ext2fs_file_set_size2(f, len);
	ext2fs_file_close(f);
	return err || wrote != len ? -1 : 0;
}

static int del_index(const char *image, const char *peer, const char *nth)
{
	ext2_filsys fs = open_fs(image, true);
	struct record_index rec;
	char path[64];
	ext2_ino_t ino;
	void *buf, *out;
	unsigned len;
	size_t olen;
	unsigned long n = nth ? strtoul(nth, NULL, 10) : 0;

	if (!fs)
		return 1;
	snprintf(path, sizeof(path), "/.chunkfs/index/%04lu", strtoul(peer, NULL, 10));
	ino = parse_ino(fs, path);
	if (!ino || read_file(fs, ino, &buf, &len) < 0 || record_index_decode(buf, len, &rec) < 0) {
		ext2fs_close_free(&fs);
		return fail("%s: no readable %s", image, path);
	}
	if (n >= rec.count) {
		ext2fs_close_free(&fs);
		return fail("%s: %s has fewer references", image, path);
	}
	memmove(&rec.refs[n], &rec.refs[n + 1], (rec.count - n - 1) * sizeof(rec.refs[0]));
	rec.count--;
	if (record_index_encode(&rec, &out, &olen) < 0 || write_file(fs, ino, out, (unsigned)olen) < 0) {
		ext2fs_close_free(&fs);
		return fail("%s: cannot rewrite %s", image, path);
	}
	printf("deleted reference %lu of %s (%u left)\n", n, path, rec.count);
	free(buf);
	free(out);
	record_index_done(&rec);
	ext2fs_close_free(&fs);
	return 0;
}

static int corrupt_dir(const char *image, const char *arg)
{
	ext2_filsys fs = open_fs(image, false);
	blk64_t blk = 0;
	ext2_ino_t ino;
	char *junk;
	off_t off;
	int r;

	if (!fs)
		return 1;
	ino = parse_ino(fs, arg);
	if (!ino || ext2fs_bmap2(fs, ino, NULL, NULL, 0, 0, NULL, &blk) || !blk) {
		ext2fs_close_free(&fs);
		return fail("%s: no directory block for %s", image, arg);
	}
	off = (off_t)blk * fs->blocksize;
	junk = malloc(fs->blocksize);
	for (unsigned i = 0; i < fs->blocksize; i++)
		junk[i] = (char)(i * 37 + 11);
	r = raw_write(image, off, junk, fs->blocksize);
	ext2fs_close_free(&fs);
	free(junk);
	if (r == 0)
		printf("overwrote block %llu of inode %u\n", (unsigned long long)blk, ino);
	return r;
}

static int list_conts_cb(struct ext2_dir_entry *de, int offset, int blocksize, char *buf, void *priv)
{
	int len = ext2fs_dirent_name_len(de);

	if (de->name[0] != '.')
		printf("%u %.*s\n", de->inode, len, de->name);
	return 0;
}

static int list_conts(const char *image)
{
	ext2_filsys fs = open_fs(image, false);
	ext2_ino_t dir;

	if (!fs)
		return 1;
	dir = parse_ino(fs, "/.chunkfs/cont");
	if (!dir || ext2fs_dir_iterate(fs, dir, 0, NULL, list_conts_cb, NULL)) {
		ext2fs_close_free(&fs);
		return fail("%s: no /.chunkfs/cont", image);
	}
	ext2fs_close_free(&fs);
	return 0;
}

static int list_heads(const char *image, bool ranged)
{
	ext2_filsys fs = open_fs(image, false);
	struct ext2_inode inode;
	ext2_inode_scan scan;
	ext2_ino_t ino;

	if (!fs || ext2fs_open_inode_scan(fs, 0, &scan))
		return 1;
	while (!ext2fs_get_next_inode(scan, &ino, &inode) && ino) {
		struct ext2_xattr_handle *h;
		void *val;
		size_t len;
		if (!inode.i_links_count || (ino < EXT2_FIRST_INODE(fs->super) && ino != EXT2_ROOT_INO))
			continue;
		if (ext2fs_xattrs_open(fs, ino, &h))
			continue;
		if (!ext2fs_xattrs_read(h) && !ext2fs_xattr_get(h, "trusted.chunkfs.head", &val, &len)) {
			struct record_head rec;
			struct record_range *g;
			bool show = !ranged;
			if (!show && record_head_decode(val, len, &rec) >= 0) {
				g = last_held_range(&rec);
				show = g && g->end - g->start >= 2;
				record_head_done(&rec);
			}
			if (show)
				printf("%u\n", ino);
			ext2fs_free_mem(&val);
		}
		ext2fs_xattrs_close(&h);
	}
	ext2fs_close_inode_scan(scan);
	ext2fs_close_free(&fs);
	return 0;
}

static int parent_hint(const char *image, const char *arg)
{
	ext2_filsys fs = open_fs(image, false);
	struct ext2_xattr_handle *h;
	struct record_head rec;
	void *val = NULL;
	size_t len = 0;
	ext2_ino_t ino;
	errcode_t err;
	int r;

	if (!fs)
		return 1;
	ino = parse_ino(fs, arg);
	err = ino ? ext2fs_xattrs_open(fs, ino, &h) : EXT2_ET_BAD_INODE_NUM;
	if (!err) {
		err = ext2fs_xattrs_read(h);
		if (!err)
			err = ext2fs_xattr_get(h, "trusted.chunkfs.head", &val, &len);
		ext2fs_xattrs_close(&h);
	}
	ext2fs_close_free(&fs);
	if (err)
		return fail("%s: inode %s has no head record", image, arg);
	r = record_head_decode(val, len, &rec);
	ext2fs_free_mem(&val);
	if (r < 0)
		return fail("%s: inode %s: head record: %s", image, arg, record_strerror(r));
	printf("%u\n", rec.parent);
	record_head_done(&rec);
	return 0;
}

static int copy_file(const char *from, const char *to)
{
	int in = open(from, O_RDONLY), out;
	char buf[1 << 16];
	ssize_t n;

	if (in < 0)
		return fail("%s: %s", from, strerror(errno));
	out = open(to, O_WRONLY | O_TRUNC | O_CREAT, 0600);
	if (out < 0) {
		close(in);
		return fail("%s: %s", to, strerror(errno));
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n) {
			n = -1;
			break;
		}
	fsync(out);
	close(in);
	close(out);
	return n < 0 ? fail("%s: copy failed", to) : 0;
}

/* Chunk K of VOLDIR becomes IMAGE; every peer's chunk record takes IMAGE's s_uuid as member K,
 * so the volume accepts the grafted file system as chunk K (with no chunkfs metadata of its own). */
static int graft(const char *voldir, const char *kstr, const char *image)
{
	unsigned k = (unsigned)strtoul(kstr, NULL, 10);
	char path[4096];
	uuid_t uuid;
	ext2_filsys fs;

	/* A wiped primary superblock: e2fsck will bring back a backup, and its UUID. */
	static const struct { blk64_t sb; unsigned bs; } tries[] = {
		{ 0, 0 }, { 8193, 1024 }, { 16384, 2048 }, { 32768, 4096 },
	};
	fs = NULL;
	for (size_t i = 0; i < sizeof(tries) / sizeof(tries[0]) && !fs; i++)
		if (ext2fs_open2(image, NULL, EXT2_FLAG_64BITS, (int)tries[i].sb, tries[i].bs, unix_io_manager, &fs))
			fs = NULL;
	if (!fs)
		return fail("%s: no superblock, primary or backup", image);
	uuid_copy(uuid, fs->super->s_uuid);
	ext2fs_close_free(&fs);
	if (uuid_is_null(uuid)) {
		/* e2fsck would give it one; give it first, in place, so member K stays true. */
		uuid_generate(uuid);
		if (raw_write(image, 1024 + offsetof(struct ext2_super_block, s_uuid), uuid, sizeof(uuid_t)))
			return 1;
	}
	snprintf(path, sizeof(path), "%s/chunk-%04u.img", voldir, k);
	if (access(path, F_OK) < 0)
		return fail("%s: no chunk %s in the volume", path, kstr);
	if (copy_file(image, path))
		return 1;
	for (unsigned i = 0;; i++) {
		struct record_chunk rec;
		ext2_ino_t ino;
		void *buf, *out;
		unsigned len;
		size_t olen;

		if (i == k)
			continue;
		snprintf(path, sizeof(path), "%s/chunk-%04u.img", voldir, i);
		if (access(path, F_OK) < 0)
			break;
		fs = open_fs(path, true);
		if (!fs)
			return 1;
		ino = parse_ino(fs, "/.chunkfs/chunk");
		if (!ino || read_file(fs, ino, &buf, &len) < 0 || record_chunk_decode(buf, len, &rec) < 0 ||
		    k >= rec.nchunks) {
			ext2fs_close_free(&fs);
			return fail("%s: no readable chunk record", path);
		}
		uuid_copy(rec.members[k], uuid);
		if (record_chunk_encode(&rec, &out, &olen) < 0 || write_file(fs, ino, out, (unsigned)olen) < 0) {
			ext2fs_close_free(&fs);
			return fail("%s: cannot rewrite the chunk record", path);
		}
		free(buf);
		free(out);
		record_chunk_done(&rec);
		ext2fs_close_free(&fs);
	}
	printf("grafted %s as chunk %u\n", image, k);
	return 0;
}

int main(int argc, char **argv)
{
	const char *image = argc > 1 ? argv[1] : NULL, *verb = argc > 2 ? argv[2] : "";

	if (argc < 3) {
		fprintf(stderr, "usage: chunkfault IMAGE VERB [ARGS] (see tests/tools/chunkfault.c)\n");
		return 2;
	}
	if (!strcmp(verb, "zero-inode") && argc == 4)
		return zero_inode(image, argv[3], false);
	if (!strcmp(verb, "zero-itable-block") && argc == 4)
		return zero_inode(image, argv[3], true);
	if (!strcmp(verb, "flip-cont") && argc == 4)
		return flip_xattr(image, argv[3], "trusted.chunkfs.cont");
	if (!strcmp(verb, "flip-head") && argc == 4)
		return flip_xattr(image, argv[3], "trusted.chunkfs.head");
	if (!strcmp(verb, "repoint-cont") && argc == 5)
		return repoint_cont(image, argv[3], argv[4]);
	if (!strcmp(verb, "claim-conts") && argc == 5)
		return claim_conts(image, argv[3], argv[4]);
	if (!strcmp(verb, "head-chunk") && argc == 5)
		return head_chunk(image, argv[3], argv[4]);
	if (!strcmp(verb, "shorten-range") && argc == 5)
		return shorten_range(image, argv[3], argv[4]);
	if (!strcmp(verb, "del-index") && (argc == 4 || argc == 5))
		return del_index(image, argv[3], argc == 5 ? argv[4] : NULL);
	if (!strcmp(verb, "corrupt-dir") && argc == 4)
		return corrupt_dir(image, argv[3]);
	if (!strcmp(verb, "wipe-super") && argc == 3) {
		char zeros[1024] = { 0 };
		return raw_write(image, 1024, zeros, sizeof(zeros));
	}
	if (!strcmp(verb, "truncate") && argc == 4)
		return truncate(image, (off_t)strtoull(argv[3], NULL, 0)) < 0 ? fail("%s: %s", image, strerror(errno)) : 0;
	if (!strcmp(verb, "list-conts") && argc == 3)
		return list_conts(image);
	if (!strcmp(verb, "list-heads") && argc == 3)
		return list_heads(image, false);
	if (!strcmp(verb, "list-heads") && argc == 4 && !strcmp(argv[3], "ranged"))
		return list_heads(image, true);
	if (!strcmp(verb, "parent-hint") && argc == 4)
		return parent_hint(image, argv[3]);
	if (!strcmp(verb, "graft") && argc == 5)
		return graft(image, argv[3], argv[4]);
	fprintf(stderr, "chunkfault: unknown verb or wrong arguments: %s\n", verb);
	return 2;
}
