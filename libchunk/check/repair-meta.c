/* Repair of K's /.chunkfs when it is missing or incomplete (K lost the inodes, or is a file
 * system that was put in K's place): what e2fsck reconnected of it into K's own lost+found
 * goes back (repair-adopt.c), and the rest is remade from a peer's chunk record, provided
 * K's s_uuid is member K of the volume. K's references are then known only from the peers'
 * indexes, which pass 4 reads in full (every peer's summary, and its entry for K). */
#include <errno.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/state.h"

static int meta_file(struct chunk *c, ext2_ino_t dir, const char *name, const void *buf, size_t len,
		     ext2_ino_t *ino)
{
	struct ext2_inode_large inode;
	int r;

	if (*ino)
		return chunk_file_replace(c, *ino, buf, len);
	if (chunk_lookup(c, dir, name, ino) == 0)
		return chunk_file_replace(c, *ino, buf, len);
	r = chunk_inode_new(c, dir, LINUX_S_IFREG | 0600, 0, 0, ino);
	if (r < 0)
		return r;
	r = chunk_inode_read(c, *ino, &inode);
	if (r < 0)
		return r;
	inode.i_links_count = 1;
	r = chunk_inode_write(c, *ino, &inode);
	if (r == 0)
		r = chunk_link(c, dir, name, *ino, EXT2_FT_REG_FILE);
	if (r == 0)
		r = chunk_file_replace(c, *ino, buf, len);
	return r;
}

static int meta_dir(struct chunk *c, ext2_ino_t parent, const char *name, ext2_ino_t *ino)
{
	if (*ino)
		return 0;
	if (chunk_lookup(c, parent, name, ino) == 0)
		return 0;
	return chunk_mkdir(c, parent, name, 0700, 0, 0, ino);
}

int repair_meta(struct check_ctx *x)
{
	const struct record_chunk *peer = NULL;
	struct record_chunk rec;
	struct record_state st = { .state = CHUNK_DIRTY, .last_result = -1, .last_repair_result = -1 };
	struct record_peers none = { .chunk = (uint16_t)x->id };
	_cleanup_free_ void *b1 = NULL, *b2 = NULL, *b3 = NULL;
	size_t l1, l2, l3;
	struct chunk *c, *p;
	char want[37], have[37];
	int r, adopted;

	for (unsigned i = 0; i < volume_chunk_count(x->v) && !peer; i++)
		if (i != x->id && volume_chunk(x->v, i, &p) == 0 && p->rec.members)
			peer = &p->rec;
	if (!peer)
		return chunk_log_errno(-ENXIO, "chunk %u: no peer chunk to take the volume's identity from", x->id);
	r = volume_chunk(x->v, x->id, &c);
	if (r < 0)
		return r;
	if (uuid_compare(peer->members[x->id], c->fs->super->s_uuid) != 0) {
		uuid_unparse(peer->members[x->id], want);
		uuid_unparse(c->fs->super->s_uuid, have);
		return chunk_error(c, -EXDEV, "file system UUID %s is not member %u (%s) of the volume: "
				   "not remaking its chunkfs metadata", have, x->id, want);
	}
	r = repair_chunk(x, x->id, &c);
	if (r < 0)
		return r;
	/* Continuation and head records are extended attributes: a file system grafted in
	 * without them (an old revision 0 ext2) gets the feature, which changes nothing else. */
	if (!ext2fs_has_feature_xattr(c->fs->super)) {
		ext2fs_update_dynamic_rev(c->fs);
		ext2fs_set_feature_xattr(c->fs->super);
		ext2fs_mark_super_dirty(c->fs);
		finding_set_action(check_found(x, "records", 0, "the file system has no extended attributes"),
				   FINDING_FIXED, "ext_attr feature enabled%s",
				   c->fs->super->s_rev_level == EXT2_DYNAMIC_REV ? "" : " (revision 1)");
	}
	rec = *peer;
	rec.id = (uint16_t)x->id;
	r = record_chunk_encode(&rec, &b1, &l1);
	if (r == 0)
		r = record_state_encode(&st, &b2, &l2);
	if (r == 0)
		r = record_peers_encode(&none, &b3, &l3);
	/* /.chunkfs itself first, then (in it, or in a remade one) the pieces it lacks. */
	adopted = r == 0 ? repair_meta_adopt(x, c, peer->volume) : 0;
	if (adopted < 0)
		r = adopted;
	if (r == 0)
		r = meta_dir(c, EXT2_ROOT_INO, CHUNK_META_DIR, &c->meta_ino);
	if (r == 0 && (r = repair_meta_adopt(x, c, peer->volume)) > 0) {
		adopted += r;
		r = 0;
	}
	if (r == 0 && !c->chunk_ino)
		r = meta_file(c, c->meta_ino, "chunk", b1, l1, &c->chunk_ino);
	if (r == 0 && !c->state_ino)
		r = meta_file(c, c->meta_ino, "state", b2, l2, &c->state_ino);
	if (r == 0 && !c->peers_ino)
		r = meta_file(c, c->meta_ino, "peers", b3, l3, &c->peers_ino);
	if (r == 0)
		r = meta_dir(c, c->meta_ino, "index", &c->index_ino);
	if (r == 0)
		r = meta_dir(c, c->meta_ino, "cont", &c->cont_ino);
	if (r == 0 && !c->rec.members)
		r = record_chunk_decode(b1, l1, &c->rec);
	if (r == 0)
		r = chunk_sync(c);
	if (r < 0)
		return chunk_error(c, r, "cannot remake /.chunkfs");
	x->meta_rebuilt = true;
	x->use_all_peers = true;
	return adopted;
}
