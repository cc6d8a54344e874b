/* fallocate and SEEK_DATA/SEEK_HOLE of files spanning chunks (file.c, chunk-space.c): a punch
 * across the head's boundary with its continuation frees blocks on both sides and reads as
 * zeros, a reservation past the end with and without KEEP_SIZE lands where writes would go,
 * one larger than the volume is -ENOSPC and changes nothing, and the seeks walk holes between
 * ranges and inside holders. After each, every chunk passes e2fsck -fn and the volume's check. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libchunk/base/macro.h"
#include "libchunk/base/test-assert.h"
#include "libchunk/check/check.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/namespace/file.h"
#include "libchunk/namespace/namespace.h"
#include "libchunk/volume/cont.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/volume/volume.h"

#define NCHUNKS 3
#define T 10000u                 /* the threshold: not a multiple of the block size */
#define MODEL_MAX (128u << 10)
#define PUNCH (FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE)

static uint8_t model[MODEL_MAX];

static bool write_model(struct vfile *f, uint64_t off, size_t len, unsigned seed)
{
	_cleanup_free_ uint8_t *buf = malloc(len);

	if (!buf || off + len > MODEL_MAX)
		return false;
	for (size_t i = 0; i < len; i++)
		model[off + i] = buf[i] = (uint8_t)((off + i) * 131 + seed) | 1;
	return vfile_pwrite(f, buf, len, off) == (ssize_t)len;
}

/* The whole file reads as the model holds it. */
static bool reads_model(struct vfile *f)
{
	uint64_t size = vfile_size(f);
	_cleanup_free_ uint8_t *buf = malloc(size + 1);

	if (!buf || size > MODEL_MAX || vfile_pread(f, buf, size + 1, 0) != (ssize_t)size)
		return false;
	return memcmp(buf, model, size) == 0;
}

/* The blocks (512-byte units) of holder K of file INO (0: the head), as its chunk counts them. */
static uint64_t holder_blocks(struct volume *v, vino_t ino, unsigned k)
{
	struct record_head h = {};
	struct ext2_inode_large inode;
	struct chunk_ref ref = { VINO_CHUNK(ino), 0, 0 };
	ext2_ino_t at = VINO_INO(ino);
	struct chunk *c;

	if (volume_chunk(v, VINO_CHUNK(ino), &c) < 0 || cont_head_load(c, VINO_INO(ino), &h) < 0)
		return UINT64_MAX;
	if (k > 0) {
		if (k > h.ncont) {
			record_head_done(&h);
			return UINT64_MAX;
		}
		ref = h.conts[k - 1];
		at = ref.ino;
	}
	record_head_done(&h);
	if (volume_chunk(v, ref.chunk, &c) < 0 || chunk_inode_read(c, at, &inode) < 0)
		return UINT64_MAX;
	return ext2fs_get_stat_i_blocks(c->fs, (struct ext2_inode *)&inode);
}

static unsigned ncont(struct volume *v, vino_t ino)
{
	struct record_head h = {};
	struct chunk *c;
	unsigned n;

	if (volume_chunk(v, VINO_CHUNK(ino), &c) < 0 || cont_head_load(c, VINO_INO(ino), &h) < 0)
		return UINT32_MAX;
	n = h.ncont;
	record_head_done(&h);
	return n;
}

static uint64_t volume_free_blocks(struct volume *v)
{
	uint64_t sum = 0;

	for (unsigned id = 0; id < NCHUNKS; id++) {
		struct chunk *c;
		if (volume_chunk(v, id, &c) == 0)
			sum += ext2fs_free_blocks_count(c->fs->super);
	}
	return sum;
}

/* The volume closed, each chunk passes e2fsck -fn; opened again, the volume's own check. */
static void checks_clean(const char *dir, struct volume **v, const char *after)
{
	struct chunk_check_opts check = { .repair = false };

	CHECK(volume_close(*v) == 0, "after %s, the volume closes", after);
	*v = NULL;
	test_chunks_e2fsck_clean(dir, NCHUNKS);
	CHECK(volume_open(dir, VOLUME_RDWR, v) == 0, "and opens again");
	for (unsigned id = 0; *v && id < NCHUNKS; id++)
		CHECK(volume_check_chunk(*v, id, &check, NULL) == 0, "chunk %u passes the volume's check", id);
}

static void test_punch(struct volume *v, vino_t ino)
{
	struct vfile *f = NULL;
	uint64_t head, cont;

	CHECK(vfile_open(v, ino, true, &f) == 0 && write_model(f, 0, T + 40000, 1) && vfile_sync(f) == 0 &&
	      ncont(v, ino) == 1, "p: T + 40000 bytes, the head holding [0, T), a continuation the rest");
	if (!f)
		return;
	head = holder_blocks(v, ino, 0);
	cont = holder_blocks(v, ino, 1);
	memset(model + T - 5000, 0, 14000);
	CHECK(vfile_fallocate(f, PUNCH, T - 5000, 14000) == 0 && vfile_size(f) == T + 40000 && reads_model(f),
	      "p: a punch of [T - 5000, T + 9000) keeps the size and reads as zeros there, the rest as written");
	CHECK(vfile_sync(f) == 0 && holder_blocks(v, ino, 0) == head - 8 && holder_blocks(v, ino, 1) == cont - 16,
	      "p: the head freed its block [8192, 12288), the continuation that one and [12288, 16384) "
	      "(%llu -> %llu, %llu -> %llu)", (unsigned long long)head, (unsigned long long)holder_blocks(v, ino, 0),
	      (unsigned long long)cont, (unsigned long long)holder_blocks(v, ino, 1));
	CHECK(vfile_seek(f, 0, SEEK_HOLE) == 8192 && vfile_seek(f, 8192, SEEK_DATA) == 16384 &&
	      vfile_seek(f, 16384, SEEK_HOLE) == T + 40000,
	      "p: SEEK_HOLE from 0 finds the freed block, SEEK_DATA from there the continuation's next one");
	memset(model + 20000, 0, 30000 - 20000);
	CHECK(vfile_fallocate(f, PUNCH, 20000, 10000) == 0 && reads_model(f) && write_model(f, 24000, 100, 2) &&
	      reads_model(f), "p: punched inside the continuation, then written into the hole again");
	CHECK(vfile_fallocate(f, FALLOC_FL_PUNCH_HOLE, 0, 10) == -EOPNOTSUPP &&
	      vfile_fallocate(f, FALLOC_FL_COLLAPSE_RANGE, 0, 4096) == -EOPNOTSUPP &&
	      vfile_fallocate(f, 0, 0, 0) == -EINVAL && reads_model(f),
	      "p: a punch without KEEP_SIZE and a collapse are -EOPNOTSUPP, a length of 0 -EINVAL");
	memset(model + T + 30000, 0, 10000);
	CHECK(vfile_fallocate(f, PUNCH, T + 30000, 1u << 20) == 0 && vfile_size(f) == T + 40000 && reads_model(f),
	      "p: a punch from inside to far past the end keeps the size");
	CHECK(vfile_close(f) == 0, "p is closed");
}

static void test_allocate(struct volume *v, vino_t ino)
{
	struct vfile *f = NULL;
	uint64_t cont;

	memset(model, 0, sizeof(model));
	CHECK(vfile_open(v, ino, true, &f) == 0 && write_model(f, 0, 100, 3), "a: 100 bytes");
	if (!f)
		return;
	CHECK(vfile_fallocate(f, 0, 0, T + 50000) == 0 && vfile_size(f) == T + 50000 && reads_model(f) &&
	      vfile_sync(f) == 0 && ncont(v, ino) == 1,
	      "a: fallocate of T + 50000 from 0 grows the size, reads zeros past the 100 bytes, and continues");
	cont = holder_blocks(v, ino, 1);
	CHECK(holder_blocks(v, ino, 0) == 24 && cont >= 50000 / 512 && cont < 50000 / 512 + 24,
	      "a: the head reserved its 3 blocks up to T, the continuation %llu sectors for the rest",
	      (unsigned long long)cont);
	/* The head's range is [0, 100): the continuation made for [T, ...) took what it held. */
	CHECK(vfile_seek(f, 0, SEEK_DATA) == 0 && vfile_seek(f, 0, SEEK_HOLE) == 100 &&
	      vfile_seek(f, 100, SEEK_DATA) == -ENXIO, "a: reserved blocks are holes to SEEK_DATA/SEEK_HOLE");
	CHECK(write_model(f, T + 20000, 5000, 4) && reads_model(f) && vfile_sync(f) == 0 &&
	      holder_blocks(v, ino, 1) == cont, "a: a write into the reserved blocks takes no new block");
	CHECK(vfile_fallocate(f, FALLOC_FL_KEEP_SIZE, T + 50000, 40000) == 0 && vfile_size(f) == T + 50000 &&
	      vfile_sync(f) == 0 && holder_blocks(v, ino, 1) >= cont + 40000 / 512,
	      "a: KEEP_SIZE past the end reserves %llu more sectors, the size unchanged",
	      (unsigned long long)(holder_blocks(v, ino, 1) - cont));
	CHECK(vfile_truncate(f, T + 70000) == 0 && reads_model(f) && vfile_seek(f, T + 50000, SEEK_DATA) == -ENXIO,
	      "a: grown over them by a truncate, they read as zeros");
	CHECK(vfile_fallocate(f, FALLOC_FL_ZERO_RANGE, 50, 60000) == 0 && (memset(model + 50, 0, 60000), 1) &&
	      reads_model(f) && vfile_size(f) == T + 70000, "a: ZERO_RANGE over written and reserved bytes reads zeros");
	CHECK(vfile_truncate(f, 5000) == 0 && vfile_sync(f) == 0 && holder_blocks(v, ino, 1) == 0,
	      "a: cut to 5000, the continuation gives back its blocks, those past its size too");
	CHECK(vfile_close(f) == 0, "a is closed");
}

/* On ext2 chunks a reservation is zeroed blocks, and the head reserves nothing past the size. */
static void test_allocate_ext2(struct volume *v, vino_t ino)
{
	struct vfile *f = NULL;

	memset(model, 0, sizeof(model));
	CHECK(vfile_open(v, ino, true, &f) == 0 && write_model(f, 0, 100, 8), "b: 100 bytes on ext2");
	if (!f)
		return;
	CHECK(vfile_fallocate(f, FALLOC_FL_KEEP_SIZE, 0, T + 30000) == 0 && vfile_size(f) == 100 && reads_model(f) &&
	      vfile_sync(f) == 0 && holder_blocks(v, ino, 0) == 8 && holder_blocks(v, ino, 1) >= 30000 / 512,
	      "b: KEEP_SIZE to T + 30000: the head keeps its one block, a continuation reserves the rest");
	CHECK(vfile_fallocate(f, 0, 0, T + 30000) == 0 && vfile_size(f) == T + 30000 && reads_model(f) &&
	      vfile_sync(f) == 0 && holder_blocks(v, ino, 0) == 24,
	      "b: without KEEP_SIZE the size grows and the head reserves up to T");
	CHECK(write_model(f, 5000, 10000, 9) && reads_model(f), "b: written over both, it reads back");
	CHECK(vfile_close(f) == 0, "b is closed");
}

static void test_enospc(struct volume *v, vino_t ino, bool ext4)
{
	struct vfile *f = NULL;
	uint64_t before;
	uint8_t byte = 7;

	CHECK(vfile_open(v, ino, true, &f) == 0 && vfile_pwrite(f, "x", 1, 0) == 1 && vfile_sync(f) == 0,
	      "n: a file of one byte");
	if (!f)
		return;
	before = volume_free_blocks(v);
	CHECK(vfile_fallocate(f, 0, 0, 64u << 20) == -ENOSPC && vfile_size(f) == 1 && volume_free_blocks(v) == before &&
	      vfile_sync(f) == 0 && ncont(v, ino) == 0,
	      "n: 64 MiB on a volume of 3 x 8 MiB is -ENOSPC, and nothing is reserved, nothing continued");
	CHECK(vfile_fallocate(f, 0, 0, 12u << 20) == 0 && vfile_size(f) == 12u << 20 && vfile_sync(f) == 0 &&
	      ncont(v, ino) == 2 && before - volume_free_blocks(v) >= (12u << 20) / 4096,
	      "n: 12 MiB is reserved over three chunks: a full one continues into the next (%u continuations)",
	      ncont(v, ino));
	if (ext4)
		CHECK(vfile_seek(f, 0, SEEK_DATA) == 0 && vfile_seek(f, 4096, SEEK_DATA) == -ENXIO &&
		      vfile_pwrite(f, &byte, 1, (11u << 20) + 5) == 1 && vfile_seek(f, 4096, SEEK_DATA) == 11u << 20 &&
		      vfile_seek(f, 11u << 20, SEEK_HOLE) == (11u << 20) + 4096,
		      "n: SEEK_DATA skips the reservation to a byte written at 11 MiB, in the last continuation");
	else /* the head's range is [0, 1): its reserved blocks past it are in no range */
		CHECK(vfile_seek(f, 1, SEEK_DATA) == T && vfile_seek(f, T, SEEK_HOLE) == 12u << 20,
		      "n: on ext2, reserved blocks are zeroed data blocks: SEEK_DATA finds the continuation's first");
	CHECK(vfile_fallocate(f, FALLOC_FL_KEEP_SIZE, 12u << 20, 32u << 20) == -ENOSPC && vfile_size(f) == 12u << 20,
	      "n: 32 MiB more is -ENOSPC, the size unchanged");
	CHECK(vfile_close(f) == 0, "n is closed");
}

/* A file with data at [0, 100), [40960, 45056) and [81920, 86920), in the head and in one
 * continuation with a gap between its two ranges. The head's range ends at 100, where the file
 * ended when the continuation was made: its hole starts there, not at its block's end. */
static void test_seek(struct volume *v, vino_t ino)
{
	struct vfile *f = NULL;
	static const struct { uint64_t off; int whence; int64_t want; } cases[] = {
		{ 0, SEEK_DATA, 0 }, { 0, SEEK_HOLE, 100 }, { 50, SEEK_HOLE, 100 }, { 4096, SEEK_DATA, 40960 },
		{ T, SEEK_DATA, 40960 }, { 40960, SEEK_HOLE, 45056 }, { 45056, SEEK_DATA, 81920 },
		{ 60000, SEEK_HOLE, 60000 }, { 81920, SEEK_HOLE, 86920 }, { 86000, SEEK_DATA, 86000 },
		{ 86919, SEEK_HOLE, 86920 }, { 86920, SEEK_DATA, -ENXIO }, { 86920, SEEK_HOLE, -ENXIO },
	};

	memset(model, 0, sizeof(model));
	CHECK(vfile_open(v, ino, true, &f) == 0 && write_model(f, 0, 100, 5) && write_model(f, 40960, 4096, 6) &&
	      write_model(f, 81920, 5000, 7) && vfile_sync(f) == 0 && ncont(v, ino) == 1 && reads_model(f),
	      "s: data at 0, 40960 and 81920, the last two in a continuation");
	if (!f)
		return;
	for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
		int64_t got = vfile_seek(f, cases[i].off, cases[i].whence);
		CHECK(got == cases[i].want, "s: %s from %llu is %lld (%lld)", cases[i].whence == SEEK_DATA ? "SEEK_DATA" : "SEEK_HOLE",
		      (unsigned long long)cases[i].off, (long long)cases[i].want, (long long)got);
	}
	CHECK(vfile_close(f) == 0, "s is closed");
}

static vino_t new_file(struct volume *v, const char *name)
{
	vino_t ino = 0;

	return volume_create(v, VOLUME_ROOT, name, 0644, 0, 0, &ino) == 0 ? ino : 0;
}

static void test_volume(bool ext4)
{
	char dir[] = "/tmp/chunkfs-test-falloc.XXXXXX";
	struct volume_mkfs_opts mo = { .nchunks = NCHUNKS, .chunk_size = 8u << 20, .threshold = T, .ext4 = ext4 };
	struct volume *v = NULL;
	uuid_t uuid = { 0 };
	vino_t ino;

	if (!mkdtemp(dir))
		return;
	mo.dir = dir;
	CHECK(volume_mkfs(&mo, uuid) == 0 && volume_open(dir, VOLUME_RDWR, &v) == 0,
	      "a %d-chunk %s volume with a threshold of %u bytes", NCHUNKS, ext4 ? "ext4" : "ext2", T);
	if (v && (ino = new_file(v, "p")))
		test_punch(v, ino);
	checks_clean(dir, &v, "the punches");
	if (v && ext4 && (ino = new_file(v, "a")))
		test_allocate(v, ino);
	if (v && !ext4 && (ino = new_file(v, "b")))
		test_allocate_ext2(v, ino);
	checks_clean(dir, &v, "the reservations");
	if (v && (ino = new_file(v, "s")))
		test_seek(v, ino);
	checks_clean(dir, &v, "the seeks");
	if (v && (ino = new_file(v, "n")))
		test_enospc(v, ino, ext4);
	checks_clean(dir, &v, "-ENOSPC");
	CHECK(v && volume_close(v) == 0, "the volume is closed");
	CHECK(test_remove_dir(dir), "its directory is removed");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(120);
	test_volume(true);
	test_volume(false);
	return test_exit();
}
