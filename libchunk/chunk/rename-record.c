/* /.chunkfs/rename: the record of a rename in flight, kept in one block rewritten in place. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/rename-record.h"

#define RENAME_FILE "rename"

/* The record's file, with its one block allocated (made now when MAKE, else -ENOENT). A kill
 * while it is made leaves a file of zeros or none: no rename pending. */
static int rename_file(struct chunk *c, bool make, ext2_ino_t *ino)
{
	_cleanup_free_ void *zeros = NULL;
	blk64_t blk = 0;
	int r;

	if (!c->meta_ino)
		return -ENOENT;
	r = chunk_lookup(c, c->meta_ino, RENAME_FILE, ino);
	if (r == -ENOENT && make)
		r = chunk_file_create(c, c->meta_ino, RENAME_FILE, 0600, 0, 0, ino);
	if (r < 0)
		return r;
	r = chunk_errno(ext2fs_bmap2(c->fs, *ino, NULL, NULL, 0, 0, NULL, &blk));
	if (r < 0 || blk || !make)
		return r;
	zeros = calloc(1, c->fs->blocksize);
	if (!zeros)
		return -ENOMEM;
	r = chunk_file_pwrite(c, *ino, zeros, c->fs->blocksize, 0);
	return r < 0 ? r : chunk_sync(c);
}

/* The record's block, written whole in one write (in place: nothing is allocated). */
static int write_block(struct chunk *c, ext2_ino_t ino, const void *rec, size_t len)
{
	_cleanup_free_ char *block = calloc(1, c->fs->blocksize);

	if (!block)
		return -ENOMEM;
	if (len)
		memcpy(block, rec, len);
	return chunk_file_pwrite(c, ino, block, c->fs->blocksize, 0);
}

int chunk_rename_record_store(struct chunk *c, const struct record_rename *r)
{
	_cleanup_free_ void *rec = NULL;
	ext2_ino_t ino;
	size_t len;
	int e = record_rename_encode(r, &rec, &len);

	if (e == 0)
		e = rename_file(c, true, &ino);
	if (e == 0)
		e = write_block(c, ino, rec, len);
	return e < 0 ? e : chunk_sync(c);
}

int chunk_rename_record_clear(struct chunk *c)
{
	ext2_ino_t ino;
	int r = rename_file(c, false, &ino);

	if (r == -ENOENT)
		return 0;
	return r < 0 ? r : write_block(c, ino, NULL, 0);
}

int chunk_rename_record_load(struct chunk *c, struct record_rename *r)
{
	_cleanup_free_ uint8_t *buf = NULL;
	ext2_ino_t ino;
	size_t len;
	int e = rename_file(c, false, &ino);

	if (e == -ENOENT)
		return 0;
	if (e == 0)
		e = chunk_file_read_all(c, ino, (void **)&buf, &len);
	if (e < 0)
		return e;
	/* Cleared, or never written: zeros. */
	if (len < 4 || memcmp(buf, (const uint8_t[4]) { 0 }, 4) == 0)
		return 0;
	e = record_rename_decode(buf, len, r);
	return e < 0 ? e : 1;
}
