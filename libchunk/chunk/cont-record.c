/* The head and continuation records of one chunk's inodes (cont-record.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/cont-record.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/state.h"
#include "libchunk/format/lost.h"

int cont_head_load(struct chunk *c, ext2_ino_t ino, struct record_head *h)
{
	struct ext2_inode_large inode;
	_cleanup_free_ void *buf = NULL;
	size_t len;
	int r;

	memset(h, 0, sizeof(*h));
	r = chunk_inode_read(c, ino, &inode);
	if (r < 0)
		return r;
	r = chunk_xattr_get(c, ino, XATTR_HEAD, &buf, &len);
	if (r == -ENODATA) {
		h->gen = inode.i_generation;
		h->kind = LINUX_S_ISDIR(inode.i_mode) ? REF_DIR : REF_FILE;
		return 0;
	}
	if (r < 0)
		return r;
	r = record_head_decode(buf, len, h);
	if (r < 0)
		return chunk_corrupt(c, "inode %u: head record: %s", ino, record_strerror(r));
	if (h->gen != inode.i_generation) {
		record_head_done(h);
		return chunk_corrupt(c, "inode %u: head record is for generation %u, the inode has %u",
				     ino, h->gen, inode.i_generation);
	}
	return 0;
}

int cont_head_store(struct chunk *c, ext2_ino_t ino, const struct record_head *h)
{
	_cleanup_free_ void *buf = NULL;
	size_t len;
	int r;

	if (h->ncont == 0 && !record_head_has_lost(h))
		return chunk_xattr_remove(c, ino, XATTR_HEAD);
	r = record_head_encode(h, &buf, &len);
	return r < 0 ? r : chunk_xattr_set(c, ino, XATTR_HEAD, buf, len);
}

int cont_load(struct chunk *c, ext2_ino_t ino, struct record_cont *rec)
{
	_cleanup_free_ void *buf = NULL;
	size_t len;
	int r;

	memset(rec, 0, sizeof(*rec));
	r = chunk_xattr_get(c, ino, XATTR_CONT, &buf, &len);
	if (r < 0)
		return r;
	r = record_cont_decode(buf, len, rec);
	if (r < 0)
		return chunk_corrupt(c, "inode %u: continuation record: %s", ino, record_strerror(r));
	return 0;
}

int cont_store(struct chunk *c, ext2_ino_t ino, const struct record_cont *rec)
{
	_cleanup_free_ void *buf = NULL;
	size_t len;
	int r = record_cont_encode(rec, &buf, &len);

	return r < 0 ? r : chunk_xattr_set(c, ino, XATTR_CONT, buf, len);
}

void chunk_name_note(struct chunk *c, ext2_ino_t ino, ext2_ino_t ldir, uint64_t dir, const char *name)
{
	struct record_name rec = { .ldir = ldir, .dir = dir };
	_cleanup_free_ void *buf = NULL;
	size_t len;

	snprintf(rec.name, sizeof(rec.name), "%s", name);
	if (record_name_encode(&rec, &buf, &len) == 0)
		(void)chunk_xattr_set(c, ino, XATTR_NAME, buf, len);
}

int chunk_name_load(struct chunk *c, ext2_ino_t ino, struct record_name *rec)
{
	_cleanup_free_ void *buf = NULL;
	size_t len;
	int r = chunk_xattr_get(c, ino, XATTR_NAME, &buf, &len);

	memset(rec, 0, sizeof(*rec));
	return r < 0 ? r : record_name_decode(buf, len, rec);
}
