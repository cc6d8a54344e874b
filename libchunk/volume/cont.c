/* Continuations across chunks: confirmation, creation and removal in the crash-safe order of
 * docs/FORMAT.md. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/chunk-open.h"
#include "libchunk/volume/cont.h"
#include "libchunk/base/errors.h"
#include "libchunk/chunk/index.h"
#include "libchunk/base/macro.h"
#include "libchunk/volume/volume.h"

int cont_confirm(struct volume *v, const struct chunk_ref *from, const struct chunk_ref *to,
		 struct record_cont *rec)
{
	struct ext2_inode_large inode;
	struct record_cont tmp;
	struct chunk *c;
	int r;

	/* A chunk that cannot be opened, an inode that cannot be read, a record that cannot
	 * be decoded say nothing of the continuation: only what is read says it is not there,
	 * or the volume itself, when the pointer names a chunk it does not have. */
	if (!cont_chunk_possible(v, from->chunk, to->chunk))
		return -ESTALE;
	r = volume_chunk(v, to->chunk, &c);
	if (r < 0)
		return r;
	if (to->ino < EXT2_FIRST_INODE(c->fs->super) || to->ino > c->fs->super->s_inodes_count)
		return -ESTALE;
	r = chunk_inode_read(c, to->ino, &inode);
	if (r < 0)
		return r == -ESTALE ? -EIO : r;
	if (inode.i_links_count == 0 || inode.i_generation != to->gen)
		return -ESTALE;
	r = cont_load(c, to->ino, rec ? rec : &tmp);
	if (r == -ENODATA)
		return -ESTALE;
	if (r < 0)
		return r == -ESTALE ? -EIO : r;
	if (!rec)
		rec = &tmp;
	if (rec->gen != to->gen || rec->head.chunk != from->chunk || rec->head.ino != from->ino ||
	    rec->head.gen != from->gen) {
		record_cont_done(rec);
		return -ESTALE;
	}
	if (rec == &tmp)
		record_cont_done(&tmp);
	return 0;
}

bool cont_chunk_possible(struct volume *v, unsigned head_chunk, unsigned chunk)
{
	return chunk < volume_chunk_count(v) && chunk != head_chunk;
}

static struct index_ref ref_out(int kind, const struct chunk_ref *head, const struct chunk_ref *cont)
{
	return (struct index_ref){ .kind = (uint8_t)kind, .dir = REF_OUT, .local_ino = head->ino,
				   .local_gen = head->gen, .peer_ino = cont->ino, .peer_gen = cont->gen };
}

static struct index_ref ref_in(int kind, const struct chunk_ref *head, const struct chunk_ref *cont)
{
	return (struct index_ref){ .kind = (uint8_t)kind, .dir = REF_IN, .local_ino = cont->ino,
				   .local_gen = cont->gen, .peer_ino = head->ino, .peer_gen = head->gen };
}

/* Unlinks and frees a continuation inode of TC. */
static int remove_cont_inode(struct chunk *tc, const struct chunk_ref *head, ext2_ino_t ino, int kind)
{
	struct ext2_inode_large inode;
	char name[32];
	int r;

	chunk_cont_name(head, name);
	r = chunk_unlink(tc, tc->cont_ino, name);
	if (r < 0 && r != -ENOENT)
		return r;
	if (kind == REF_DIR) {
		r = chunk_inode_read(tc, tc->cont_ino, &inode);
		if (r < 0)
			return r;
		if (inode.i_links_count > 2)
			inode.i_links_count--;
		r = chunk_inode_write(tc, tc->cont_ino, &inode);
		if (r < 0)
			return r;
	}
	return chunk_inode_free(tc, ino);
}

/* The continuation inode in TC's /.chunkfs/cont, linked, with its record. */
static int make_cont_inode(struct chunk *tc, const struct chunk_ref *head, int kind,
			   const struct chunk_ref *prev, struct chunk_ref *ret)
{
	struct record_cont rec = { .kind = (uint16_t)kind, .head = *head, .prev = *prev,
				   .next = { .chunk = CHUNK_NONE } };
	struct ext2_inode_large inode;
	char name[32];
	ext2_ino_t ino;
	int r;

	chunk_cont_name(head, name);
	if (kind == REF_DIR) {
		r = chunk_mkdir(tc, tc->cont_ino, name, 0700, 0, 0, &ino);
		if (r < 0)
			return r;
	} else {
		r = chunk_file_create(tc, tc->cont_ino, name, LINUX_S_IFREG | 0600, 0, 0, &ino);
		if (r < 0)
			return r;
	}
	r = chunk_inode_read(tc, ino, &inode);
	if (r == 0) {
		rec.gen = inode.i_generation;
		r = cont_store(tc, ino, &rec);
	}
	if (r < 0) {
		/* Undone, so that the next try does not find the name taken (EEXIST). */
		remove_cont_inode(tc, head, ino, kind);
		return r;
	}
	*ret = (struct chunk_ref){ .chunk = (uint16_t)tc->id, .ino = ino, .gen = inode.i_generation };
	return 0;
}

int cont_create(struct volume *v, const struct chunk_ref *head, int kind, unsigned target,
		const struct chunk_ref *prev, struct chunk_ref *ret)
{
	struct chunk *hc, *tc;
	struct chunk_ref cont;
	struct index_ref in, out;
	int r;

	if (target == head->chunk)
		return -EINVAL;
	/* 1: both chunks DIRTY, durably. */
	r = volume_chunk_writable(v, head->chunk, &hc);
	if (r < 0)
		return r;
	r = volume_chunk_writable(v, target, &tc);
	if (r < 0)
		return r;
	chunk_pin(hc);
	chunk_pin(tc);
	/* 2: the continuation with its back pointer. */
	r = make_cont_inode(tc, head, kind, prev, &cont);
	if (r < 0)
		goto out;
	r = chunk_sync(tc);
	if (r < 0)
		goto undo_inode;
	/* 3: the index entries, continuation's side first. */
	in = ref_in(kind, head, &cont);
	out = ref_out(kind, head, &cont);
	r = chunk_index_add(tc, head->chunk, &in);
	if (r == 0)
		r = chunk_index_flush_and_sync(tc);
	if (r < 0)
		goto undo_index;
	r = chunk_index_add(hc, target, &out);
	if (r == 0)
		r = chunk_index_flush_and_sync(hc);
	if (r < 0)
		goto undo_index;
	*ret = cont;
	goto out;

undo_index:
	chunk_index_remove(hc, target, &out);
	chunk_index_flush(hc);
	chunk_index_remove(tc, head->chunk, &in);
	chunk_index_flush(tc);
undo_inode:
	remove_cont_inode(tc, head, cont.ino, kind);
	chunk_sync(tc);
out:
	chunk_unpin(hc);
	chunk_unpin(tc);
	return r;
}

int cont_commit(struct volume *v, const struct chunk_ref *head, struct record_head *h, const struct chunk_ref *cont)
{
	struct chunk_ref *n;
	struct chunk *hc;
	int r;

	if (h->ncont >= CONT_MAX)
		return -EFBIG;
	n = realloc(h->conts, (h->ncont + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	h->conts = n;
	h->conts[h->ncont++] = *cont;
	r = volume_chunk_writable(v, head->chunk, &hc);
	if (r == 0)
		r = cont_head_store(hc, head->ino, h);
	if (r == 0)
		r = chunk_sync(hc);
	if (r < 0) {
		h->ncont--;
		return r;
	}
	/* The chain's next pointer in the previous continuation: redundant with the head, best effort. */
	if (h->ncont >= 2) {
		struct chunk_ref *p = &h->conts[h->ncont - 2];
		struct record_cont rec;
		struct chunk *pc;
		if (volume_chunk_writable(v, p->chunk, &pc) == 0 && cont_load(pc, p->ino, &rec) == 0) {
			rec.next = *cont;
			cont_store(pc, p->ino, &rec);
			record_cont_done(&rec);
		}
	}
	return 0;
}

int cont_mark_holders_dirty(struct volume *v, const struct chunk_ref *conts, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		struct chunk *c;
		int r = volume_chunk_writable(v, conts[i].chunk, &c);
		if (r < 0 && r != -ENXIO && r != -EROFS)
			return r;
	}
	return 0;
}

int cont_release_begin(struct volume *v, const struct chunk_ref *head, const struct chunk_ref *conts, unsigned n)
{
	struct chunk *written[CONT_MAX];
	unsigned nwritten = 0;
	int r = cont_mark_holders_dirty(v, conts, n);

	for (unsigned i = 0; r == 0 && i < n; i++) {
		struct record_cont rec;
		struct chunk *c;
		bool seen = false;

		r = volume_chunk_writable(v, conts[i].chunk, &c);
		if (r == -ENXIO || r == -EROFS) {
			r = 0; /* not written: its own repair finds the orphan */
			continue;
		}
		/* Only a continuation that names HEAD back is HEAD's to let go of. */
		if (r < 0 || cont_confirm(v, head, &conts[i], &rec) < 0)
			continue;
		if (!(rec.flags & CONT_FLAG_RELEASED)) {
			rec.flags |= CONT_FLAG_RELEASED;
			r = cont_store(c, conts[i].ino, &rec);
			for (unsigned j = 0; j < nwritten; j++)
				seen |= written[j] == c;
			if (r == 0 && !seen && nwritten < ELEMENTSOF(written))
				written[nwritten++] = c;
		}
		record_cont_done(&rec);
	}
	for (unsigned j = 0; r == 0 && j < nwritten; j++)
		r = chunk_sync(written[j]);
	return r;
}

int cont_destroy(struct volume *v, const struct chunk_ref *head, const struct chunk_ref *cont, int kind)
{
	struct index_ref in = ref_in(kind, head, cont), out = ref_out(kind, head, cont);
	struct chunk *hc, *tc;
	int r;

	r = volume_chunk_writable(v, head->chunk, &hc);
	if (r == 0) {
		chunk_pin(hc);
		r = chunk_index_remove(hc, cont->chunk, &out);
		if (r == 0 || r == -ENOENT)
			r = chunk_index_flush_and_sync(hc);
		chunk_unpin(hc);
	}
	if (r < 0)
		return r;
	r = volume_chunk_writable(v, cont->chunk, &tc);
	if (r < 0)
		return r == -ENXIO ? 0 : r; /* a missing chunk's half goes at its repair */
	r = chunk_index_remove(tc, head->chunk, &in);
	if (r < 0 && r != -ENOENT)
		return r;
	if (cont_confirm(v, head, cont, NULL) == 0) {
		r = remove_cont_inode(tc, head, cont->ino, kind);
		if (r < 0)
			return r;
	}
	return chunk_index_flush_and_sync(tc);
}
