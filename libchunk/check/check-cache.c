/* The inodes at the ends of the references one check judges, each read once: the inode
 * (generation, link count) and both chunkfs records from a single read of its extended
 * attributes. Pass 3 fills it for K's inodes from its inode scan; pass 4 reads each peer
 * inode at most once however many references name it. A repair that changes an inode's
 * records drops it (check_cache_forget), so what is cached is what is on disk. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/chunk/orphan.h"
#include "libchunk/chunk/chunk-open.h"
#include "libchunk/volume/cont.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/state.h"

struct check_cache {
	struct check_inode **slots; /* open addressing, size a power of two */
	size_t size, used;
	void *inode_buf;             /* one on-disk inode, the largest inode size seen */
	size_t inode_buf_size;
};

static uint64_t key_of(unsigned chunk, uint32_t ino)
{
	return (uint64_t)chunk << 32 | ino;
}

static size_t hash_of(uint64_t key, size_t size)
{
	key ^= key >> 31;
	key *= 0x9e3779b97f4a7c15ull;
	return (size_t)(key >> 17) & (size - 1);
}

static void entry_free(struct check_inode *e)
{
	if (!e)
		return;
	if (e->head_err == 0)
		record_head_done(&e->head);
	if (e->cont_err == 0)
		record_cont_done(&e->cont);
	free(e);
}

void check_cache_free(struct check_ctx *x)
{
	struct check_cache *k = x->cache;

	if (!k)
		return;
	for (size_t i = 0; i < k->size; i++)
		entry_free(k->slots[i]);
	free(k->slots);
	free(k->inode_buf);
	free(k);
	x->cache = NULL;
}

static struct check_inode **slot_of(struct check_cache *k, unsigned chunk, uint32_t ino)
{
	uint64_t key = key_of(chunk, ino);

	for (size_t i = hash_of(key, k->size);; i = (i + 1) & (k->size - 1))
		if (!k->slots[i] || key_of(k->slots[i]->chunk, k->slots[i]->ino) == key)
			return &k->slots[i];
}

static int cache_grow(struct check_ctx *x)
{
	struct check_cache *k = x->cache;
	struct check_inode **old;
	size_t old_size;

	if (!k) {
		k = x->cache = calloc(1, sizeof(*k));
		if (!k)
			return -ENOMEM;
	}
	if (k->slots && (k->used + 1) * 2 <= k->size)
		return 0;
	old = k->slots;
	old_size = k->size;
	k->size = old_size ? old_size * 2 : 256;
	k->slots = calloc(k->size, sizeof(*k->slots));
	if (!k->slots) {
		k->slots = old;
		k->size = old_size;
		return -ENOMEM;
	}
	for (size_t i = 0; i < old_size; i++)
		if (old[i])
			*slot_of(k, old[i]->chunk, old[i]->ino) = old[i];
	free(old);
	return 0;
}

/* The chunk's records of one inode, whose on-disk form (the file system's inode size) is
 * INODE. As the passes always read them: a head record that cannot be read counts as absent,
 * a continuation record that cannot be read as unreadable. */
static void read_records(struct chunk *c, struct check_inode *e, void *inode)
{
	struct ext2_xattr_handle *h;
	_cleanup_free_ void *head = NULL, *cont = NULL;
	size_t hlen = 0, clen = 0;
	errcode_t err, q;

	e->head_err = e->cont_err = -ENODATA;
	err = ext2fs_xattrs_open(c->fs, e->ino, &h);
	if (err) {
		e->cont_err = chunk_errno(err);
		return;
	}
	err = ext2fs_xattrs_read_inode(h, inode);
	if (err) {
		e->cont_err = chunk_errno(err);
		ext2fs_xattrs_close(&h);
		return;
	}
	if (ext2fs_xattr_get(h, XATTR_HEAD, &head, &hlen) == 0)
		e->head_err = record_head_decode(head, hlen, &e->head);
	q = ext2fs_xattr_get(h, XATTR_CONT, &cont, &clen);
	if (q == 0)
		e->cont_err = record_cont_decode(cont, clen, &e->cont);
	else if (q != EXT2_ET_EA_KEY_NOT_FOUND)
		e->cont_err = chunk_errno(q);
	ext2fs_xattrs_close(&h);
}

int check_cache_add(struct check_ctx *x, struct chunk *c, ext2_ino_t ino, void *inode,
		    const struct check_inode **ret)
{
	const struct ext2_inode_large *in = inode;
	struct check_inode **slot, *e;
	int r = cache_grow(x);

	if (r < 0)
		return r;
	slot = slot_of(x->cache, c->id, ino);
	if (*slot) {
		entry_free(*slot);
		*slot = NULL;
		x->cache->used--;
	}
	e = calloc(1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	e->chunk = (uint16_t)c->id;
	e->ino = ino;
	e->gen = in->i_generation;
	e->links = in->i_links_count;
	e->mode = in->i_mode;
	/* A file unlinked while open (on the orphan list) lives until its last close. */
	e->open_unlinked = !e->links && in->i_mode && chunk_orphan_contains(c, ino);
	e->head_err = e->cont_err = -ENODATA;
	if (e->links || e->open_unlinked)
		read_records(c, e, inode);
	*slot = e;
	x->cache->used++;
	*ret = e;
	return 0;
}

const struct check_inode *check_cache_lookup(struct check_ctx *x, unsigned chunk, ext2_ino_t ino)
{
	if (!x->cache || !x->cache->slots)
		return NULL;
	return *slot_of(x->cache, chunk, ino);
}

int check_cache_inode(struct check_ctx *x, unsigned chunk, ext2_ino_t ino, const struct check_inode **ret)
{
	struct check_cache *k;
	struct check_inode **slot;
	struct chunk *c;
	size_t isize;
	errcode_t err;
	int r = cache_grow(x);

	if (r < 0)
		return r;
	k = x->cache;
	slot = slot_of(k, chunk, ino);
	if (*slot) {
		*ret = *slot;
		return 0;
	}
	r = volume_chunk(x->v, chunk, &c);
	if (r < 0)
		return r; /* -ENXIO missing, or it cannot be opened: nothing is known of the inode */
	if (ino < 1 || ino > c->fs->super->s_inodes_count)
		return -ESTALE;
	isize = MAX((size_t)EXT2_INODE_SIZE(c->fs->super), sizeof(struct ext2_inode_large));
	if (k->inode_buf_size < isize) {
		void *n = realloc(k->inode_buf, isize);
		if (!n)
			return -ENOMEM;
		k->inode_buf = n;
		k->inode_buf_size = isize;
	}
	memset(k->inode_buf, 0, isize);
	err = ext2fs_read_inode_full(c->fs, ino, k->inode_buf, (int)EXT2_INODE_SIZE(c->fs->super));
	if (err)
		return -EIO;
	return check_cache_add(x, c, ino, k->inode_buf, ret);
}

void check_cache_forget(struct check_ctx *x, unsigned chunk, ext2_ino_t ino)
{
	struct check_cache *k = x->cache;
	struct check_inode **slot;
	size_t i, j;

	if (!k || !k->slots)
		return;
	slot = slot_of(k, chunk, ino);
	if (!*slot)
		return;
	entry_free(*slot);
	*slot = NULL;
	k->used--;
	/* Backward-shift the entries after it, so lookups still find them. */
	i = (size_t)(slot - k->slots);
	for (j = (i + 1) & (k->size - 1); k->slots[j]; j = (j + 1) & (k->size - 1)) {
		struct check_inode *e = k->slots[j];
		size_t home = hash_of(key_of(e->chunk, e->ino), k->size);
		/* E may move to I when its home is not in the cyclic range (I, J]. */
		if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
			k->slots[i] = e;
			k->slots[j] = NULL;
			i = j;
		}
	}
}

/* Marks the peer holding a bad record DAMAGED, durably when the check may write. */
static void peer_corrupt(struct check_ctx *x, unsigned chunk, ext2_ino_t ino, const char *what, int err)
{
	struct chunk *c;

	if (volume_chunk(x->v, chunk, &c) < 0)
		return;
	if (x->repair && chunk != x->id)
		(void)chunk_make_writable(c);
	chunk_corrupt(c, "inode %u: %s: %s", ino, what, record_strerror(err));
}

int check_cache_head(struct check_ctx *x, const struct chunk_ref *head, const struct record_head **ret)
{
	const struct check_inode *e;
	int r = check_cache_inode(x, head->chunk, head->ino, &e);

	if (r < 0)
		return r;
	if ((e->links == 0 && !e->open_unlinked) || e->gen != head->gen || e->head_err == -ENODATA)
		return -ESTALE;
	/* A bad record in K does not confirm (pass 2 rebuilt or quarantined what it belonged to);
	 * one in a peer says nothing either way until the peer's repair has mended it (it rebuilds
	 * it from its partners): the peer is DAMAGED, the reference unknown (-EBADMSG). */
	if (e->head_err < 0) {
		if (head->chunk == x->id)
			return -ESTALE;
		peer_corrupt(x, head->chunk, head->ino, "head record", e->head_err);
		return -EBADMSG;
	}
	if (e->head.gen != e->gen) {
		if (head->chunk != x->id)
			peer_corrupt(x, head->chunk, head->ino, "head record is for another generation",
				     -EUCLEAN);
		return -ESTALE;
	}
	*ret = &e->head;
	return 0;
}

int check_cache_cont(struct check_ctx *x, const struct chunk_ref *head, const struct chunk_ref *cont,
		     const struct record_cont **ret)
{
	const struct check_inode *e;
	struct chunk *c;
	int r;

	if (!cont_chunk_possible(x->v, head->chunk, cont->chunk))
		return -ESTALE;
	r = volume_chunk(x->v, cont->chunk, &c);
	if (r < 0)
		return r;
	if (cont->ino < EXT2_FIRST_INODE(c->fs->super))
		return -ESTALE;
	r = check_cache_inode(x, cont->chunk, cont->ino, &e);
	if (r < 0)
		return r;
	if (e->links == 0 || e->gen != cont->gen || e->cont_err == -ENODATA)
		return -ESTALE;
	if (e->cont_err < 0) {
		if (cont->chunk == x->id)
			return -ESTALE;
		peer_corrupt(x, cont->chunk, cont->ino, "continuation record", e->cont_err);
		return -EBADMSG;
	}
	if (e->cont.gen != cont->gen || e->cont.head.chunk != head->chunk || e->cont.head.ino != head->ino ||
	    e->cont.head.gen != head->gen)
		return -ESTALE;
	*ret = &e->cont;
	return 0;
}
