/* statfs of a volume (statfs.c): the sums of what each chunk says, read without opening a
 * chunk, fresh for a chunk being written, a missing chunk counted as 0 and a DAMAGED one
 * giving nothing to files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/base/macro.h"
#include "libchunk/base/test-assert.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/namespace/file.h"
#include "libchunk/namespace/namespace.h"
#include "libchunk/namespace/statfs.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/volume/volume.h"

#define NCHUNKS 4

/* What the chunks themselves say, each opened through libext2fs. */
static void expected(struct volume *v, unsigned skip, struct vstatfs *e)
{
	memset(e, 0, sizeof(*e));
	for (unsigned id = 0; id < volume_chunk_count(v); id++) {
		struct chunk *c;
		if (id == skip || volume_chunk(v, id, &c) < 0)
			continue;
		e->blocks += ext2fs_blocks_count(c->fs->super);
		e->bfree += ext2fs_free_blocks_count(c->fs->super);
		e->bavail += chunk_free_bytes(c) / c->fs->blocksize;
		e->files += c->fs->super->s_inodes_count;
		e->ffree += c->fs->super->s_free_inodes_count;
		e->favail += chunk_free_inodes(c);
	}
}

static void test_sums(struct volume *v)
{
	struct vstatfs st, e;

	CHECK(volume_statfs(v, &st) == 0, "statfs of a fresh volume");
	CHECK(volume_chunks_opened_total(v) == 0, "opened no chunk");
	expected(v, UINT32_MAX, &e);
	CHECK(st.bsize == 4096 && st.namemax == 255 && st.unreadable == 0, "4 KiB blocks, names of 255 bytes");
	CHECK(st.bfree == e.bfree && st.bavail == e.bavail, "free %llu and available %llu blocks, as the chunks say",
	      (unsigned long long)st.bfree, (unsigned long long)st.bavail);
	CHECK(st.bavail < st.bfree, "available leaves out the metadata reserve");
	CHECK(st.files == e.files && st.ffree == e.ffree && st.favail == e.favail && st.favail < st.ffree,
	      "inodes %llu, free %llu, available %llu", (unsigned long long)st.files, (unsigned long long)st.ffree,
	      (unsigned long long)st.favail);
	CHECK(st.blocks < e.blocks && st.blocks - st.bfree < NCHUNKS * 16u,
	      "the file systems' own metadata is not counted: %llu blocks used on an empty volume",
	      (unsigned long long)(st.blocks - st.bfree));
}

static void test_fresh(struct volume *v)
{
	_cleanup_free_ char *data = calloc(1, 1u << 20);
	struct vstatfs before, after;
	struct vfile *f = NULL;
	vino_t ino;

	CHECK(volume_statfs(v, &before) == 0 && data && volume_create(v, VOLUME_ROOT, "m", 0644, 0, 0, &ino) == 0 &&
	      vfile_open(v, ino, true, &f) == 0 && vfile_pwrite(f, data, 1u << 20, 0) == 1 << 20,
	      "1 MiB is written, not yet synced");
	CHECK(volume_statfs(v, &after) == 0 && before.bfree - after.bfree >= 256 && before.ffree - after.ffree == 1,
	      "statfs sees its %llu blocks and its inode gone", (unsigned long long)(before.bfree - after.bfree));
	CHECK(vfile_close(f) == 0, "the file is closed");
}

static void test_damaged(struct volume *v)
{
	struct vstatfs before, after;
	struct chunk *c;

	CHECK(volume_statfs(v, &before) == 0 && volume_chunk(v, 1, &c) == 0, "chunk 1 is open");
	c->damaged = true;
	CHECK(volume_statfs(v, &after) == 0 && after.bfree == before.bfree &&
	      after.bavail == before.bavail - chunk_free_bytes(c) / 4096 &&
	      after.favail == before.favail - chunk_free_inodes(c),
	      "DAMAGED, its free space is still free but available to no file");
	c->damaged = false;
}

static void test_missing(const char *dir)
{
	char path[4200], moved[4300];
	struct volume *v = NULL;
	struct vstatfs st, e;

	snprintf(path, sizeof(path), "%s/chunk-0002.img", dir);
	snprintf(moved, sizeof(moved), "%s.away", path);
	CHECK(rename(path, moved) == 0 && volume_open(dir, 0, &v) == 0, "chunk 2's image is gone");
	if (!v)
		return;
	CHECK(volume_statfs(v, &st) == 0 && st.unreadable == 1, "statfs counts it unreadable");
	expected(v, 2, &e);
	CHECK(st.bfree == e.bfree && st.files == e.files, "and sums the other chunks");
	volume_close(v);
	CHECK(rename(moved, path) == 0, "the image is back");
}

int main(void)
{
	char dir[] = "/tmp/chunkfs-test-statfs.XXXXXX";
	struct volume_mkfs_opts mo = { .nchunks = NCHUNKS, .chunk_size = 8u << 20, .ext4 = true };
	struct volume *v = NULL;
	uuid_t uuid = { 0 };

	if (!mkdtemp(dir))
		return 1;
	mo.dir = dir;
	CHECK(volume_mkfs(&mo, uuid) == 0 && volume_open(dir, VOLUME_RDWR, &v) == 0, "a %d-chunk volume", NCHUNKS);
	if (v) {
		test_sums(v);
		test_fresh(v);
		test_damaged(v);
	}
	CHECK(volume_close(v) == 0, "the volume is closed");
	test_missing(dir);
	test_chunks_e2fsck_clean(dir, NCHUNKS);
	if (!test_remove_dir(dir))
		return 1;
	return test_exit();
}
