/* The volume's bounded cache of open chunks (volume.c): at most the bound open, the least
 * recently used evicted first, a pinned chunk never; release flushes and drops; a failed open
 * is remembered until release; with write on demand a chunk opens read-only, is reopened for
 * writing in place, and a chunk only read is left byte for byte as it was. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/index.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/state.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/base/test-assert.h"
#include "libchunk/volume/volume.h"

#define NCHUNKS 10
#define CACHE 8  /* the smallest bound volume_set_cache_size takes */

static char dir[] = "/tmp/chunkfs-test-cache.XXXXXX";

/* Whether chunk ID was in the cache: volume_chunk opened nothing to return it. */
static bool cached(struct volume *v, unsigned id)
{
	unsigned before = volume_chunks_opened_total(v);
	struct chunk *c;

	return volume_chunk(v, id, &c) == 0 && volume_chunks_opened_total(v) == before;
}

static void release_all(struct volume *v)
{
	for (unsigned id = 0; id < NCHUNKS; id++)
		volume_chunk_release(v, id);
}

static void test_lru(struct volume *v)
{
	struct chunk *c[NCHUNKS] = {}, *again;
	unsigned most = 0;
	bool ok = true, kept;

	CHECK(volume_chunks_open(v) == 0 && volume_chunks_opened_total(v) == 0, "opening the volume opens no chunk");
	volume_set_cache_size(v, CACHE);
	for (unsigned id = 0; id < CACHE; id++)
		ok = ok && volume_chunk(v, id, &c[id]) == 0;
	CHECK(ok && volume_chunks_open(v) == CACHE && volume_chunks_opened_total(v) == CACHE,
	      "chunks 0-7 opened in turn are all open");
	CHECK(volume_chunk(v, 3, &again) == 0 && again == c[3] && volume_chunks_opened_total(v) == CACHE,
	      "chunk 3 asked again is the same chunk, not opened again");
	/* Last uses, oldest first: 1 2 4 5 6 7 3, then 0. */
	CHECK(cached(v, 0), "chunk 0 is used again");
	CHECK(!cached(v, 8) && volume_chunks_open(v) == CACHE, "chunk 8 is opened, and still 8 chunks are open");
	CHECK(cached(v, 0) && cached(v, 2), "chunks 0 and 2 stayed");
	CHECK(!cached(v, 1), "chunk 1, the least recently used, was evicted (and chunk 1 reopened evicts chunk 4)");
	CHECK(cached(v, 5) && !cached(v, 4), "chunk 5 stayed, chunk 4 had to be opened again (evicting chunk 6)");

	/* Oldest now: 7 3 8 0 2 1 5 4. */
	chunk_pin(c[7]);
	CHECK(!cached(v, 9) && volume_chunks_open(v) == CACHE, "with chunk 7 pinned, chunk 9 is opened");
	kept = cached(v, 7);
	CHECK(kept, "chunk 7, pinned, was not evicted though least recently used");
	if (kept)
		chunk_unpin(c[7]);
	CHECK(!cached(v, 3), "chunk 3, the next least recently used, was evicted instead");

	release_all(v);
	for (unsigned pass = 0; pass < 3; pass++)
		for (unsigned id = 0; id < NCHUNKS; id++) {
			ok = ok && volume_chunk(v, id, &again) == 0;
			most = MAX(most, volume_chunks_open(v));
		}
	CHECK(ok && most == CACHE, "three passes over the 10 chunks never hold more than 8 open (at most %u)", most);

	release_all(v);
	volume_set_cache_size(v, 2);
	most = 0;
	for (unsigned id = 0; id < NCHUNKS; id++) {
		ok = ok && volume_chunk(v, id, &again) == 0;
		most = MAX(most, volume_chunks_open(v));
	}
	/* An operation pins the chunks it works on (two for a continuation, more for a rename):
	 * a smaller cache would leave nothing to evict. */
	CHECK(ok && most == CACHE, "a bound of 2 is raised to 8 (at most %u open)", most);
	volume_set_cache_size(v, CACHE);
}

/* When every open chunk is pinned there is nothing to evict: the cache goes over its bound
 * for as long as the pins last, rather than wait for an eviction that cannot come. */
static void test_all_pinned(struct volume *v)
{
	struct chunk *c[NCHUNKS] = {}, *extra = NULL;
	bool ok = true;

	release_all(v);
	for (unsigned id = 0; id < CACHE; id++) {
		ok = ok && volume_chunk(v, id, &c[id]) == 0;
		if (c[id])
			chunk_pin(c[id]);
	}
	alarm(60); /* the bug this guards against is a loop without end */
	CHECK(ok && volume_chunk(v, CACHE, &extra) == 0 && extra, "with all 8 open chunks pinned, a ninth opens");
	alarm(0);
	CHECK(volume_chunks_open(v) == CACHE + 1, "the cache holds 9 while the pins last");
	for (unsigned id = 0; id < CACHE; id++)
		if (c[id])
			chunk_unpin(c[id]);
	CHECK(volume_chunk(v, CACHE + 1, &extra) == 0 && volume_chunks_open(v) == CACHE,
	      "once unpinned, the next open brings the cache back to its bound");
}

static void test_release(struct volume *v)
{
	const struct index_ref ref = { REF_FILE, REF_OUT, 12, 1, 13, 2 };
	const struct index_ref *found;
	unsigned open, total;
	struct chunk *c;

	CHECK(volume_chunk_writable(v, 3, &c) == 0 && chunk_index_add(c, 7, &ref) == 0,
	      "chunk 3 is written: an index reference, not flushed");
	open = volume_chunks_open(v);
	total = volume_chunks_opened_total(v);
	CHECK(volume_chunk_release(v, 3) == 0 && volume_chunks_open(v) == open - 1, "release drops chunk 3");
	CHECK(volume_chunk(v, 3, &c) == 0 && volume_chunks_opened_total(v) == total + 1,
	      "asked again, chunk 3 is opened from disk");
	CHECK(chunk_index_find(c, 7, REF_OUT, 12, 13, &found) == 0 && found->peer_gen == 2,
	      "the reference is there: release flushed the index");
	CHECK(c->state.state == CHUNK_CLEAN, "and release marked the chunk CLEAN");
	CHECK(volume_chunk_writable(v, 3, &c) == 0 && chunk_index_remove(c, 7, &ref) == 0 &&
	      volume_chunk_release(v, 3) == 0, "the reference is removed again");

	open = volume_chunks_open(v);
	CHECK(volume_chunk_release(v, 3) == 0 && volume_chunks_open(v) == open, "releasing a closed chunk is a no-op");
	CHECK(volume_chunk_release(v, NCHUNKS) == -EINVAL, "releasing chunk 10 of 10 is -EINVAL");
}

static void test_failed_open(struct volume *v)
{
	char path[64], away[80];
	struct chunk *c;
	int r;

	snprintf(path, sizeof(path), "%s/chunk-0009.img", dir);
	snprintf(away, sizeof(away), "%s.away", path);
	volume_chunk_release(v, 9);
	CHECK(rename(path, away) == 0, "chunk 9's image is moved away");
	r = volume_chunk(v, 9, &c);
	CHECK(r == -ENXIO, "opening it fails with -ENXIO (%d)", r);
	CHECK(rename(away, path) == 0, "the image is put back");
	CHECK(volume_chunk(v, 9, &c) == r, "the failure is remembered: no second try");
	CHECK(volume_chunk_release(v, 9) == 0 && volume_chunk(v, 9, &c) == 0,
	      "after release the chunk is tried again and opens");
}

static int read_image(unsigned id, void **buf, size_t *len)
{
	char path[64];
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s/chunk-%04u.img", dir, id);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	if (fseek(f, 0, SEEK_END) < 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) < 0 ||
	    !(*buf = malloc((size_t)n)) || fread(*buf, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		return -EIO;
	}
	fclose(f);
	*len = (size_t)n;
	return 0;
}

static void test_write_on_demand(struct volume *v)
{
	_cleanup_free_ void *before = NULL, *after = NULL;
	const struct record_peers *p;
	size_t blen = 0, alen = 0;
	struct chunk *c, *w, *r;
	ext2_ino_t ino;

	release_all(v);
	CHECK(!volume_set_write_on_demand(v, true), "write on demand is turned on (it was off)");
	CHECK(read_image(6, &before, &blen) == 0, "chunk 6's image is read");
	CHECK(volume_chunk(v, 6, &c) == 0 && !c->writable && !c->lock_exclusive,
	      "chunk 6 opens read-only, with a shared lock");
	CHECK(chunk_index_peers(c, &p) == 0 && chunk_lookup(c, EXT2_ROOT_INO, "lost+found", &ino) == 0,
	      "and is read (its peer summary, a lookup)");
	CHECK(volume_chunk_release(v, 6) == 0 && read_image(6, &after, &alen) == 0 && alen == blen &&
	      memcmp(before, after, blen) == 0, "released, its image is byte for byte as it was");

	CHECK(volume_chunk(v, 5, &c) == 0 && !c->writable, "chunk 5 opens read-only");
	CHECK(volume_chunk_writable(v, 5, &w) == 0 && w == c && w->writable && w->lock_exclusive,
	      "wanted for writing, it is reopened in place: same chunk, writable, exclusive lock");
	CHECK(w->marked_dirty && w->state.state == CHUNK_DIRTY, "and marked DIRTY");
	CHECK(volume_chunk(v, 8, &r) == 0 && !r->writable, "chunk 8 opens read-only too");
	CHECK(volume_set_write_on_demand(v, false), "write on demand is turned off (it was on)");
	CHECK(volume_chunk(v, 8, &c) == 0 && c == r && !c->writable, "chunk 8, already open, stays read-only");
	CHECK(volume_chunk(v, 5, &c) == 0 && c == w && c->writable, "chunk 5 stays writable");
	CHECK(volume_chunk(v, 7, &c) == 0 && c->writable, "chunk 7 now opens writable at once");
}

static void test_read_only(void)
{
	struct volume *v = NULL;
	struct chunk *c;

	CHECK(volume_open(dir, 0, &v) == 0, "the volume is opened read-only");
	if (!v)
		return;
	CHECK(volume_chunk(v, 0, &c) == 0 && !c->writable, "its chunks open read-only");
	CHECK(volume_chunk_writable(v, 0, &c) == -EROFS, "and are refused for writing (-EROFS)");
	volume_close(v);
}

int main(void)
{
	struct volume_mkfs_opts mo = { .nchunks = NCHUNKS, .chunk_size = CHUNK_MIN_SIZE, .ext4 = true };
	struct volume *v = NULL;
	uuid_t uuid = { 0 };

	if (!mkdtemp(dir))
		return 1;
	mo.dir = dir;
	CHECK(volume_mkfs(&mo, uuid) == 0 && volume_open(dir, VOLUME_RDWR, &v) == 0, "a 10-chunk volume");
	if (v) {
		test_lru(v);
		test_all_pinned(v);
		test_release(v);
		test_failed_open(v);
		test_write_on_demand(v);
	}
	CHECK(volume_close(v) == 0, "the volume is closed");
	test_read_only();
	test_chunks_e2fsck_clean(dir, NCHUNKS);
	if (!test_remove_dir(dir))
		return 1;
	return test_exit();
}
