/* Rebuilding a chunk's index from the chunk alone: OUT references from the head records of its
 * inodes, IN references from the continuation records in /.chunkfs/cont. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/chunk-open.h"
#include "libchunk/chunk/cont-record.h"
#include "libchunk/base/errors.h"
#include "libchunk/chunk/index-rebuild.h"
#include "libchunk/chunk/index.h"
#include "libchunk/base/macro.h"

int chunk_index_scan_records(struct chunk *c,
			     int (*fn)(void *userdata, unsigned peer, const struct index_ref *ref),
			     void *userdata)
{
	struct ext2_inode_large inode;
	ext2_inode_scan scan;
	ext2_ino_t ino;
	errcode_t err;
	int r = 0, count = 0;

	err = ext2fs_open_inode_scan(c->fs, 0, &scan);
	if (err)
		return chunk_errno(err);
	for (;;) {
		struct record_head h;
		struct record_cont rec;
		err = ext2fs_get_next_inode_full(scan, &ino, (struct ext2_inode *)&inode, sizeof(inode));
		if (err == EXT2_ET_BAD_BLOCK_IN_INODE_TABLE)
			continue;
		if (err) {
			r = chunk_errno(err);
			break;
		}
		if (ino == 0)
			break;
		if (inode.i_links_count == 0 || !chunk_inode_may_have_records(c, ino))
			continue;
		if (cont_load(c, ino, &rec) == 0) {
			struct index_ref x = { .kind = (uint8_t)rec.kind, .dir = REF_IN, .local_ino = ino,
					       .local_gen = inode.i_generation, .peer_ino = rec.head.ino, .peer_gen = rec.head.gen };
			r = fn(userdata, rec.head.chunk, &x);
			record_cont_done(&rec);
			if (r < 0)
				break;
			count++;
			continue;
		}
		if (cont_head_load(c, ino, &h) < 0)
			continue;
		for (unsigned i = 0; i < h.ncont && r >= 0; i++) {
			struct index_ref x = { .kind = (uint8_t)h.kind, .dir = REF_OUT, .local_ino = ino,
					       .local_gen = h.gen, .peer_ino = h.conts[i].ino, .peer_gen = h.conts[i].gen };
			r = fn(userdata, h.conts[i].chunk, &x);
			count++;
		}
		record_head_done(&h);
		if (r < 0)
			break;
	}
	ext2fs_close_inode_scan(scan);
	return r < 0 ? r : count;
}

static int remove_entry_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
			   char *buf, void *priv)
{
	ext2_ino_t *inos = priv;

	if (entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE || de->inode == 0)
		return 0;
	for (int i = 0; i < 4096; i++)
		if (!inos[i]) {
			inos[i] = de->inode;
			break;
		}
	de->inode = 0;
	return DIRENT_CHANGED;
}

static int add_cb(void *userdata, unsigned peer, const struct index_ref *ref)
{
	struct chunk *c = userdata;

	if (peer >= c->rec.nchunks || peer == c->id)
		return 0; /* a record naming no real peer is the check's business, not the index's */
	return chunk_index_add(c, peer, ref);
}

int chunk_index_rebuild(struct chunk *c)
{
	_cleanup_free_ ext2_ino_t *inos = calloc(VOLUME_MAX_CHUNKS_INDEX, sizeof(*inos));
	errcode_t err;
	int r;

	if (!inos)
		return -ENOMEM;
	r = chunk_begin_write(c);
	if (r < 0)
		return r;
	/* Drop every entry file, whatever state it is in, then start from an empty index. */
	err = ext2fs_dir_iterate2(c->fs, c->index_ino, 0, NULL, remove_entry_cb, inos);
	if (err)
		return chunk_error(c, chunk_errno(err), "cannot read the index directory");
	for (int i = 0; i < VOLUME_MAX_CHUNKS_INDEX && inos[i]; i++)
		chunk_inode_free(c, inos[i]);
	chunk_index_reset(c);
	r = chunk_index_scan_records(c, add_cb, c);
	if (r < 0)
		return r;
	{
		int q = chunk_index_flush_and_sync(c);
		return q < 0 ? q : r;
	}
}
