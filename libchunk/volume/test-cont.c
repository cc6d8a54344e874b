/* Continuations (cont.c): cont_create makes the inode in the target chunk's /.chunkfs/cont with
 * its back pointer and lists the reference in both chunks' indexes (OUT in the head's, IN in
 * the continuation's); cont_commit adds it to the head record and links the chain; cont_confirm
 * accepts exactly the continuations that name their head; cont_destroy undoes all of it. For a
 * file and a directory, every check made on what the chunks hold on disk. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/state.h"
#include "libchunk/volume/cont.h"
#include "libchunk/chunk/index.h"
#include "libchunk/base/macro.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/base/test-assert.h"
#include "libchunk/volume/volume.h"

#define NCHUNKS 3

static bool ref_is(const struct chunk_ref *a, const struct chunk_ref *b)
{
	return a->chunk == b->chunk && a->ino == b->ino && a->gen == b->gen;
}

/* Chunk ID as its image holds it: the volume drops it (flushing) and opens it again. */
static struct chunk *from_disk(struct volume *v, unsigned id)
{
	struct chunk *c;

	if (volume_chunk_release(v, id) < 0 || volume_chunk_writable(v, id, &c) < 0)
		return NULL;
	return c;
}

static int make_head(struct volume *v, const char *name, int kind, struct chunk_ref *ret)
{
	struct ext2_inode_large inode;
	struct chunk *c;
	ext2_ino_t ino;
	int r = volume_chunk_writable(v, 0, &c);

	if (r == 0)
		r = kind == REF_DIR ? chunk_mkdir(c, EXT2_ROOT_INO, name, 0755, 0, 0, &ino) :
				      chunk_file_create(c, EXT2_ROOT_INO, name, 0644, 0, 0, &ino);
	if (r == 0)
		r = chunk_inode_read(c, ino, &inode);
	if (r == 0)
		*ret = (struct chunk_ref){ 0, ino, inode.i_generation };
	return r;
}

/* Continuation CONT of HEAD, after PREV, as both chunks hold it on disk. */
static void check_made(struct volume *v, const struct chunk_ref *head, const struct chunk_ref *cont,
		       const struct chunk_ref *prev, int kind)
{
	const char *what = kind == REF_DIR ? "dir" : "file";
	struct ext2_inode_large inode;
	const struct index_ref *x;
	struct record_cont rec;
	struct chunk *tc, *hc;
	char name[32];
	ext2_ino_t ino;

	hc = from_disk(v, head->chunk);
	tc = from_disk(v, cont->chunk);
	CHECK(hc && tc, "%s: both chunks open again from disk", what);
	if (!hc || !tc)
		return;
	chunk_cont_name(head, name);
	CHECK(chunk_lookup(tc, tc->cont_ino, name, &ino) == 0 && ino == cont->ino,
	      "%s: chunk %u's /.chunkfs/cont/%s is the continuation", what, cont->chunk, name);
	CHECK(chunk_inode_read(tc, cont->ino, &inode) == 0 && inode.i_generation == cont->gen &&
	      (kind == REF_DIR ? LINUX_S_ISDIR(inode.i_mode) && inode.i_links_count == 2 :
				 LINUX_S_ISREG(inode.i_mode) && inode.i_links_count == 1),
	      "%s: an inode of its kind, linked once, with the generation returned", what);
	CHECK(cont_load(tc, cont->ino, &rec) == 0, "%s: it carries a continuation record", what);
	CHECK(rec.kind == kind && rec.gen == cont->gen && ref_is(&rec.head, head) && ref_is(&rec.prev, prev) &&
	      rec.next.chunk == CHUNK_NONE && rec.nranges == 0,
	      "%s: whose back pointer names the head, prev the link before, next none", what);
	record_cont_done(&rec);
	CHECK(chunk_index_find(tc, head->chunk, REF_IN, cont->ino, head->ino, &x) == 0 && x->kind == kind &&
	      x->local_gen == cont->gen && x->peer_gen == head->gen,
	      "%s: chunk %u's index lists it IN, from the head", what, cont->chunk);
	CHECK(chunk_index_find(hc, cont->chunk, REF_OUT, head->ino, cont->ino, &x) == 0 && x->kind == kind &&
	      x->local_gen == head->gen && x->peer_gen == cont->gen,
	      "%s: chunk %u's index lists it OUT, to the continuation", what, head->chunk);
	CHECK(cont_confirm(v, head, cont, NULL) == 0, "%s: cont_confirm confirms it", what);
}

/* CONT of HEAD is gone from both chunks, on disk. */
static void check_gone(struct volume *v, const struct chunk_ref *head, const struct chunk_ref *cont, int kind)
{
	const char *what = kind == REF_DIR ? "dir" : "file";
	struct ext2_inode_large inode;
	const struct index_ref *x;
	struct chunk *tc, *hc;
	char name[32];
	ext2_ino_t ino;

	hc = from_disk(v, head->chunk);
	tc = from_disk(v, cont->chunk);
	if (!hc || !tc) {
		CHECK(false, "%s: both chunks open again from disk", what);
		return;
	}
	chunk_cont_name(head, name);
	CHECK(chunk_lookup(tc, tc->cont_ino, name, &ino) == -ENOENT,
	      "%s: removed, /.chunkfs/cont/%s is gone from chunk %u", what, name, cont->chunk);
	CHECK(chunk_inode_read(tc, cont->ino, &inode) == 0 && inode.i_links_count == 0 &&
	      !ext2fs_test_inode_bitmap2(tc->fs->inode_map, cont->ino), "%s: its inode is freed", what);
	CHECK(chunk_index_find(tc, head->chunk, REF_IN, cont->ino, head->ino, &x) == -ENOENT,
	      "%s: chunk %u's index no longer lists it", what, cont->chunk);
	CHECK(chunk_index_find(hc, cont->chunk, REF_OUT, head->ino, cont->ino, &x) == -ENOENT,
	      "%s: nor does chunk %u's", what, head->chunk);
	CHECK(cont_confirm(v, head, cont, NULL) == -ESTALE, "%s: cont_confirm says it is not there", what);
}

static uint32_t disk_state(struct chunk *c)
{
	_cleanup_free_ void *buf = NULL;
	struct record_state s;
	size_t len;

	if (chunk_file_read_all(c, c->state_ino, &buf, &len) < 0 || record_state_decode(buf, len, &s) < 0)
		return UINT32_MAX;
	return s.state;
}

static void test_file(struct volume *v)
{
	struct chunk_ref head, cont1 = {}, cont2 = {}, other;
	struct record_head h = {};
	struct record_cont rec;
	struct chunk *hc = NULL, *c;

	CHECK(make_head(v, "f", REF_FILE, &head) == 0, "a file in chunk 0");
	CHECK(cont_create(v, &head, REF_FILE, 0, &head, &cont1) == -EINVAL,
	      "a continuation in the head's own chunk is refused");
	CHECK(cont_create(v, &head, REF_FILE, 1, &head, &cont1) == 0 && cont1.chunk == 1,
	      "a continuation of it is made in chunk 1");
	check_made(v, &head, &cont1, &head, REF_FILE);
	hc = from_disk(v, 0);
	CHECK(hc && cont_head_load(hc, head.ino, &h) == 0 && h.ncont == 0 && h.kind == REF_FILE && h.gen == head.gen,
	      "until it is committed the head lists no continuation");
	CHECK(cont_commit(v, &head, &h, &cont1) == 0, "cont_commit adds it to the head record");
	record_head_done(&h);
	hc = from_disk(v, 0);
	CHECK(hc && cont_head_load(hc, head.ino, &h) == 0 && h.ncont == 1 && ref_is(&h.conts[0], &cont1),
	      "the head record on disk lists it");

	CHECK(cont_create(v, &head, REF_FILE, 2, &cont1, &cont2) == 0 && cont2.chunk == 2,
	      "a second continuation, after the first, in chunk 2");
	check_made(v, &head, &cont2, &cont1, REF_FILE);
	CHECK(cont_commit(v, &head, &h, &cont2) == 0, "and committed");
	record_head_done(&h);
	hc = from_disk(v, 0);
	CHECK(hc && cont_head_load(hc, head.ino, &h) == 0 && h.ncont == 2 && ref_is(&h.conts[0], &cont1) &&
	      ref_is(&h.conts[1], &cont2), "the head record lists both, in chain order");
	c = from_disk(v, 1);
	CHECK(c && cont_load(c, cont1.ino, &rec) == 0 && ref_is(&rec.next, &cont2) && ref_is(&rec.prev, &head),
	      "the first continuation's next pointer names the second");
	record_cont_done(&rec);

	other = cont1;
	other.gen++;
	CHECK(cont_confirm(v, &head, &other, NULL) == -ESTALE, "a pointer with another generation is not confirmed");
	other = head;
	other.gen++;
	CHECK(cont_confirm(v, &other, &cont1, NULL) == -ESTALE, "nor one from a head it does not name");
	other = cont1;
	other.ino = 1;
	CHECK(cont_confirm(v, &head, &other, NULL) == -ESTALE, "nor one to a reserved inode");

	/* Letting go: the holders DIRTY first, then the forward pointer, then cont_destroy. */
	CHECK((c = from_disk(v, 1)) && disk_state(c) == CHUNK_DIRTY, "chunk 1 is DIRTY while written");
	CHECK(volume_chunk_release(v, 1) == 0 && volume_chunk_release(v, 2) == 0 && volume_chunk(v, 1, &c) == 0 &&
	      disk_state(c) == CHUNK_CLEAN && volume_chunk(v, 2, &c) == 0 && disk_state(c) == CHUNK_CLEAN,
	      "closed, chunks 1 and 2 are CLEAN on disk");
	CHECK(cont_mark_holders_dirty(v, h.conts, h.ncont) == 0, "cont_mark_holders_dirty");
	CHECK(volume_chunk(v, 1, &c) == 0 && disk_state(c) == CHUNK_DIRTY && volume_chunk(v, 2, &c) == 0 &&
	      disk_state(c) == CHUNK_DIRTY, "leaves both holders DIRTY on disk");
	h.ncont = 1;
	CHECK(volume_chunk_writable(v, 0, &hc) == 0 && cont_head_store(hc, head.ino, &h) == 0 && chunk_sync(hc) == 0 &&
	      cont_destroy(v, &head, &cont2, REF_FILE) == 0, "the second continuation is dropped and destroyed");
	check_gone(v, &head, &cont2, REF_FILE);
	c = from_disk(v, 1);
	CHECK(c && cont_confirm(v, &head, &cont1, NULL) == 0, "the first is still confirmed");
	h.ncont = 0;
	CHECK(volume_chunk_writable(v, 0, &hc) == 0 && cont_head_store(hc, head.ino, &h) == 0 && chunk_sync(hc) == 0 &&
	      cont_destroy(v, &head, &cont1, REF_FILE) == 0, "the first is dropped and destroyed");
	check_gone(v, &head, &cont1, REF_FILE);
	record_head_done(&h);
	hc = from_disk(v, 0);
	CHECK(hc && cont_head_load(hc, head.ino, &h) == 0 && h.ncont == 0, "the head has no head record left");
	record_head_done(&h);
}

static void test_dir(struct volume *v)
{
	struct ext2_inode_large inode;
	struct chunk_ref head, cont = {};
	struct record_head h = {};
	struct chunk *c;
	unsigned links = 0;

	CHECK(make_head(v, "d", REF_DIR, &head) == 0, "a directory in chunk 0");
	c = from_disk(v, 1);
	if (c && chunk_inode_read(c, c->cont_ino, &inode) == 0)
		links = inode.i_links_count;
	CHECK(cont_create(v, &head, REF_DIR, 1, &head, &cont) == 0 && cont.chunk == 1,
	      "a continuation of it is made in chunk 1");
	check_made(v, &head, &cont, &head, REF_DIR);
	c = from_disk(v, 1);
	CHECK(c && chunk_inode_read(c, c->cont_ino, &inode) == 0 && inode.i_links_count == links + 1,
	      "dir: /.chunkfs/cont gained a link (its '..')");
	CHECK(volume_chunk_writable(v, 0, &c) == 0 && cont_head_load(c, head.ino, &h) == 0 &&
	      cont_commit(v, &head, &h, &cont) == 0, "dir: committed");
	h.ncont = 0;
	CHECK(volume_chunk_writable(v, 0, &c) == 0 && cont_head_store(c, head.ino, &h) == 0 && chunk_sync(c) == 0 &&
	      cont_destroy(v, &head, &cont, REF_DIR) == 0, "dir: dropped and destroyed");
	record_head_done(&h);
	check_gone(v, &head, &cont, REF_DIR);
	c = from_disk(v, 1);
	CHECK(c && chunk_inode_read(c, c->cont_ino, &inode) == 0 && inode.i_links_count == links,
	      "dir: /.chunkfs/cont has its links back");
	for (unsigned id = 0; id < NCHUNKS; id++)
		CHECK((c = from_disk(v, id)) && chunk_index_total_refs(c) == 0,
		      "chunk %u: no reference is left in its index", id);
}

int main(void)
{
	char dir[] = "/tmp/chunkfs-test-cont.XXXXXX";
	struct volume_mkfs_opts mo = { .nchunks = NCHUNKS, .chunk_size = 4u << 20, .ext4 = true };
	struct volume *v = NULL;
	uuid_t uuid = { 0 };

	if (!mkdtemp(dir))
		return 1;
	mo.dir = dir;
	CHECK(volume_mkfs(&mo, uuid) == 0 && volume_open(dir, VOLUME_RDWR, &v) == 0, "a 3-chunk volume");
	if (v) {
		test_file(v);
		test_dir(v);
	}
	CHECK(volume_close(v) == 0, "the volume is closed");
	test_chunks_e2fsck_clean(dir, NCHUNKS);
	if (!test_remove_dir(dir))
		return 1;
	return test_exit();
}
