/* chunk_index_*: a chunk's cross-chunk index in memory (add, find, remove, the peer summary),
 * on disk (flush, then the chunk closed and opened again reads the same entries), and rebuilt
 * from the chunk's own records (scan_records, rebuild, reset) on a chunk with continuations. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/index-rebuild.h"
#include "libchunk/volume/cont.h"
#include "libchunk/chunk/index.h"
#include "libchunk/base/macro.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/base/test-assert.h"
#include "libchunk/volume/volume.h"

#define NCHUNKS 3
#define MAX_REFS 16

struct ref_set {
	unsigned n;
	unsigned peer[MAX_REFS];
	struct index_ref ref[MAX_REFS];
};

static bool ref_equal(const struct index_ref *a, const struct index_ref *b)
{
	return a->kind == b->kind && a->dir == b->dir && a->local_ino == b->local_ino &&
	       a->local_gen == b->local_gen && a->peer_ino == b->peer_ino && a->peer_gen == b->peer_gen;
}

static bool set_has(const struct ref_set *s, unsigned peer, const struct index_ref *ref)
{
	for (unsigned i = 0; i < s->n; i++)
		if (s->peer[i] == peer && ref_equal(&s->ref[i], ref))
			return true;
	return false;
}

static int collect(void *userdata, unsigned peer, const struct index_ref *ref)
{
	struct ref_set *s = userdata;

	if (s->n == MAX_REFS)
		return -E2BIG;
	s->peer[s->n] = peer;
	s->ref[s->n++] = *ref;
	return 0;
}

/* What C's index holds, read through chunk_index_get for every peer. */
static int index_set(struct chunk *c, struct ref_set *s)
{
	memset(s, 0, sizeof(*s));
	for (unsigned p = 0; p < NCHUNKS; p++) {
		const struct record_index *e;
		int r = chunk_index_get(c, p, &e);
		if (r < 0)
			return r;
		for (unsigned i = 0; i < e->count; i++)
			if ((r = collect(s, p, &e->refs[i])) < 0)
				return r;
	}
	return 0;
}

static bool set_equal(const struct ref_set *a, const struct ref_set *b)
{
	if (a->n != b->n)
		return false;
	for (unsigned i = 0; i < a->n; i++)
		if (!set_has(b, a->peer[i], &a->ref[i]))
			return false;
	return true;
}

static uint32_t peer_refs(struct chunk *c, unsigned peer)
{
	const struct record_peers *p;

	if (chunk_index_peers(c, &p) < 0)
		return UINT32_MAX;
	for (unsigned i = 0; i < p->npeers; i++)
		if (p->peers[i].peer == peer)
			return p->peers[i].refs;
	return 0;
}

static unsigned peer_count(struct chunk *c)
{
	const struct record_peers *p;

	return chunk_index_peers(c, &p) < 0 ? UINT32_MAX : p->npeers;
}

/* Chunk ID of V, after the volume dropped it (flushing it) and opened it again from disk. */
static struct chunk *reopen(struct volume *v, unsigned id)
{
	struct chunk *c;

	if (volume_chunk_release(v, id) < 0 || volume_chunk_writable(v, id, &c) < 0)
		return NULL;
	return c;
}

static void test_in_memory(struct chunk *c)
{
	const struct index_ref a = { REF_FILE, REF_OUT, 20, 7, 40, 8 };
	const struct index_ref b = { REF_FILE, REF_OUT, 12, 5, 41, 9 };
	const struct index_ref d = { REF_DIR, REF_IN, 15, 3, 12, 6 };
	const struct index_ref e = { REF_FILE, REF_OUT, 30, 1, 50, 2 };
	struct index_ref a2 = a;
	const struct record_index *x;
	const struct index_ref *found;
	struct index_ref absent = b;

	CHECK(peer_count(c) == 0 && chunk_index_total_refs(c) == 0, "a new chunk has an empty peer summary");
	CHECK(chunk_index_get(c, 1, &x) == 0 && x->count == 0 && x->chunk == 0 && x->peer == 1,
	      "and an empty entry for peer 1");

	CHECK(chunk_index_add(c, 1, &a) == 0 && chunk_index_add(c, 1, &d) == 0 && chunk_index_add(c, 1, &b) == 0 &&
	      chunk_index_add(c, 2, &e) == 0, "three references with peer 1 and one with peer 2 are added");
	CHECK(chunk_index_get(c, 1, &x) == 0 && x->count == 3 && ref_equal(&x->refs[0], &b) &&
	      ref_equal(&x->refs[1], &a) && ref_equal(&x->refs[2], &d),
	      "peer 1's entry holds them sorted by (direction, local inode, peer inode)");
	CHECK(peer_count(c) == 2 && peer_refs(c, 1) == 3 && peer_refs(c, 2) == 1 && chunk_index_total_refs(c) == 4,
	      "the summary counts 3 references with peer 1 and 1 with peer 2");

	a2.local_gen = 70;
	a2.peer_gen = 80;
	CHECK(chunk_index_add(c, 1, &a2) == 0 && chunk_index_get(c, 1, &x) == 0 && x->count == 3 &&
	      peer_refs(c, 1) == 3, "adding the same pointer again replaces it, counts unchanged");
	CHECK(chunk_index_find(c, 1, REF_OUT, 20, 40, &found) == 0 && ref_equal(found, &a2),
	      "find returns the newer generations");
	CHECK(chunk_index_find(c, 1, REF_IN, 20, 40, &found) == -ENOENT,
	      "find with the other direction gives -ENOENT");
	CHECK(chunk_index_find(c, 2, REF_OUT, 20, 40, &found) == -ENOENT,
	      "find with the other peer gives -ENOENT");
	CHECK(chunk_index_find(c, 1, REF_IN, 15, 12, &found) == 0 && ref_equal(found, &d),
	      "find by (IN, 15, 12) returns the directory reference");

	absent.peer_ino = 42;
	CHECK(chunk_index_remove(c, 1, &absent) == -ENOENT, "removing an absent reference gives -ENOENT");
	CHECK(chunk_index_remove(c, 0, &a) == -ENOENT, "so does removing from a peer with no entry");
	CHECK(peer_refs(c, 1) == 3 && peer_count(c) == 2, "and changes no count");
	CHECK(chunk_index_remove(c, 1, &b) == 0 && chunk_index_get(c, 1, &x) == 0 && x->count == 2 &&
	      peer_refs(c, 1) == 2 && chunk_index_find(c, 1, REF_OUT, 12, 41, &found) == -ENOENT,
	      "removing a reference drops it from the entry and the summary");
	CHECK(chunk_index_remove(c, 2, &e) == 0 && peer_count(c) == 1 && peer_refs(c, 2) == 0 &&
	      chunk_index_total_refs(c) == 2, "removing peer 2's only reference drops peer 2 from the summary");
}

/* C's entry for PEER as its file holds it; -ENOENT if there is no file. */
static int entry_on_disk(struct chunk *c, unsigned peer, struct record_index *rec)
{
	_cleanup_free_ void *buf = NULL;
	char name[8];
	ext2_ino_t ino;
	size_t len = 0;
	int r;

	snprintf(name, sizeof(name), "%04u", peer);
	r = chunk_lookup(c, c->index_ino, name, &ino);
	if (r == 0)
		r = chunk_file_read_all(c, ino, &buf, &len);
	return r < 0 ? r : record_index_decode(buf, len, rec);
}

/* Whether the file of C's entry for PEER holds what the entry holds in memory. */
static bool entry_flushed(struct chunk *c, unsigned peer)
{
	const struct record_index *mem;
	struct record_index disk;
	bool same;

	if (chunk_index_get(c, peer, &mem) < 0 || entry_on_disk(c, peer, &disk) < 0)
		return false;
	same = disk.chunk == c->id && disk.peer == peer && disk.count == mem->count;
	for (unsigned i = 0; same && i < disk.count; i++)
		same = ref_equal(&disk.refs[i], &mem->refs[i]);
	record_index_done(&disk);
	return same;
}

/* Whether /.chunkfs/peers holds the summary C has in memory. */
static bool summary_flushed(struct chunk *c)
{
	_cleanup_free_ void *buf = NULL;
	const struct record_peers *mem;
	struct record_peers disk;
	size_t len;
	bool same;

	if (chunk_index_peers(c, &mem) < 0 || chunk_file_read_all(c, c->peers_ino, &buf, &len) < 0 ||
	    record_peers_decode(buf, len, &disk) < 0)
		return false;
	same = disk.chunk == c->id && disk.npeers == mem->npeers;
	for (unsigned i = 0; same && i < disk.npeers; i++)
		same = disk.peers[i].peer == mem->peers[i].peer && disk.peers[i].refs == mem->peers[i].refs;
	record_peers_done(&disk);
	return same;
}

static void test_flush_reopen(struct volume *v, struct chunk *c)
{
	const struct index_ref e = { REF_FILE, REF_OUT, 31, 1, 51, 2 };
	struct ref_set before, after;
	const struct index_ref *found;
	struct record_index disk;

	CHECK(chunk_index_add(c, 2, &e) == 0 && chunk_index_flush(c) == 0,
	      "a reference with peer 2 is added again and the index flushed");
	CHECK(entry_flushed(c, 1) && entry_flushed(c, 2), "the files of both entries hold what memory holds");
	CHECK(summary_flushed(c), "and /.chunkfs/peers holds the summary");
	CHECK(chunk_index_remove(c, 2, &e) == 0 && chunk_index_flush(c) == 0 &&
	      entry_on_disk(c, 2, &disk) == -ENOENT, "an entry flushed with no reference left loses its file");
	CHECK(summary_flushed(c) && peer_count(c) == 1, "and its peer leaves the summary on disk");
	CHECK(index_set(c, &before) == 0 && before.n == 2, "chunk 0's index holds 2 references");
	c = reopen(v, 0);
	CHECK(c != NULL, "chunk 0 is closed and opened again");
	if (!c)
		return;
	CHECK(index_set(c, &after) == 0 && set_equal(&before, &after),
	      "its index reads back the same references");
	CHECK(peer_count(c) == 1 && peer_refs(c, 1) == 2, "and the same summary");
	CHECK(chunk_index_find(c, 1, REF_OUT, 20, 40, &found) == 0 && found->local_gen == 70 && found->peer_gen == 80,
	      "with the generations last written");

	chunk_index_reset(c);
	CHECK(peer_count(c) == 0 && index_set(c, &after) == 0 && after.n == 0, "after a reset the index is empty");
	CHECK(chunk_index_flush(c) == 0 && (c = reopen(v, 0)) != NULL && peer_count(c) == 0 &&
	      index_set(c, &after) == 0 && after.n == 0,
	      "and, flushed and opened again, stays empty (the summary lists no peer)");
}

/* A file in chunk 0 with continuations in chunks 1 and 2, a directory with one in chunk 1. */
static int make_continuations(struct volume *v, struct chunk_ref *file, struct chunk_ref *dir)
{
	struct record_head h;
	struct chunk_ref conts[3];
	struct ext2_inode_large inode;
	struct chunk *c;
	ext2_ino_t fino, dino;
	int r;

	r = volume_chunk_writable(v, 0, &c);
	if (r == 0)
		r = chunk_file_create(c, EXT2_ROOT_INO, "f", 0644, 0, 0, &fino);
	if (r == 0)
		r = chunk_mkdir(c, EXT2_ROOT_INO, "d", 0755, 0, 0, &dino);
	if (r == 0)
		r = chunk_inode_read(c, fino, &inode);
	if (r < 0)
		return r;
	*file = (struct chunk_ref){ 0, fino, inode.i_generation };
	r = chunk_inode_read(c, dino, &inode);
	if (r < 0)
		return r;
	*dir = (struct chunk_ref){ 0, dino, inode.i_generation };

	r = cont_head_load(c, fino, &h);
	if (r == 0)
		r = cont_create(v, file, REF_FILE, 1, file, &conts[0]);
	if (r == 0)
		r = cont_commit(v, file, &h, &conts[0]);
	if (r == 0)
		r = cont_create(v, file, REF_FILE, 2, &conts[0], &conts[1]);
	if (r == 0)
		r = cont_commit(v, file, &h, &conts[1]);
	record_head_done(&h);
	if (r < 0)
		return r;
	r = volume_chunk_writable(v, 0, &c);
	if (r == 0)
		r = cont_head_load(c, dino, &h);
	if (r == 0)
		r = cont_create(v, dir, REF_DIR, 1, dir, &conts[2]);
	if (r == 0)
		r = cont_commit(v, dir, &h, &conts[2]);
	record_head_done(&h);
	return r;
}

static void test_rebuild(struct volume *v)
{
	const struct index_ref stray = { REF_FILE, REF_OUT, 99, 1, 98, 1 };
	struct chunk_ref file, dir;
	struct ref_set written[NCHUNKS], scanned, rebuilt;
	struct chunk *c;
	int n;

	CHECK(make_continuations(v, &file, &dir) == 0,
	      "a file with continuations in chunks 1 and 2, a directory with one in chunk 1");
	for (unsigned id = 0; id < NCHUNKS; id++) {
		c = reopen(v, id);
		CHECK(c && index_set(c, &written[id]) == 0, "chunk %u: its index is read from disk (references: %u)",
		      id, written[id].n);
		if (!c)
			return;
		memset(&scanned, 0, sizeof(scanned));
		n = chunk_index_scan_records(c, collect, &scanned);
		CHECK(n == (int)written[id].n && set_equal(&scanned, &written[id]),
		      "chunk %u: scan_records finds the same references in the records (%d)", id, n);
	}
	CHECK(written[0].n == 3 && written[1].n == 2 && written[2].n == 1,
	      "chunk 0 holds 3 OUT references, chunk 1 two IN, chunk 2 one IN");
	for (unsigned i = 0; i < written[1].n; i++) {
		const struct index_ref *in = &written[1].ref[i];
		struct index_ref out = { in->kind, REF_OUT, in->peer_ino, in->peer_gen, in->local_ino, in->local_gen };
		CHECK(in->dir == REF_IN && in->peer_ino == (in->kind == REF_DIR ? dir.ino : file.ino) &&
		      set_has(&written[0], 1, &out),
		      "chunk 1's IN reference %u names the head, and chunk 0 holds its OUT mirror", i);
	}

	for (unsigned id = 0; id < NCHUNKS; id++) {
		c = reopen(v, id);
		if (!c)
			return;
		/* A reference that no record backs: rebuild drops it. */
		CHECK(chunk_index_add(c, id == 0 ? 1 : 0, &stray) == 0 && chunk_index_flush(c) == 0 &&
		      chunk_index_total_refs(c) == written[id].n + 1, "chunk %u: a stray reference is added", id);
		n = chunk_index_rebuild(c);
		CHECK(n == (int)written[id].n, "chunk %u: rebuild counts the references (%d)", id, n);
		c = reopen(v, id);
		CHECK(c && index_set(c, &rebuilt) == 0 && set_equal(&rebuilt, &written[id]),
		      "chunk %u: the rebuilt index, read from disk, is the one written (stray gone)", id);
		CHECK(c && chunk_index_total_refs(c) == written[id].n, "chunk %u: and its summary counts them (%u)", id,
		      written[id].n);
	}
}

int main(void)
{
	char dir[] = "/tmp/chunkfs-test-index.XXXXXX";
	struct volume_mkfs_opts mo = { .nchunks = NCHUNKS, .chunk_size = 4u << 20, .ext4 = true };
	struct volume *v = NULL;
	struct chunk *c = NULL;
	uuid_t uuid = { 0 };

	if (!mkdtemp(dir))
		return 1;
	mo.dir = dir;
	CHECK(volume_mkfs(&mo, uuid) == 0 && volume_open(dir, VOLUME_RDWR, &v) == 0 &&
	      volume_chunk_writable(v, 0, &c) == 0, "a 3-chunk volume, chunk 0 open for writing");
	if (c) {
		test_in_memory(c);
		test_flush_reopen(v, c);
		test_rebuild(v);
	}
	CHECK(volume_close(v) == 0, "the volume is closed");
	test_chunks_e2fsck_clean(dir, NCHUNKS);
	if (!test_remove_dir(dir))
		return 1;
	return test_exit();
}
