/* Files written out of order across chunks (a database, a disk image, fio's random writes):
 * first a write into a hole of a range whose holder's chunk has filled up with another file: the
 * hole moves to another holder instead of failing with ENOSPC. Then 4 KiB and odd-sized pieces
 * at random offsets over three chunks' worth of a file, grown by writing and grown first by a
 * truncate, each write taken while the volume has room, the head's range table staying small
 * (each holder takes a span its chunk can fill), and every byte reading back as written, also
 * after the file is opened again. e2fsck finds every chunk clean at the end. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/cont-record.h"
#include "libchunk/namespace/file.h"
#include "libchunk/base/macro.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/format/record.h"
#include "libchunk/base/test-assert.h"
#include "libchunk/volume/volume.h"

#define CHUNKS 10u
#define CHUNK_SIZE (8u << 20)
#define SPAN (20u << 20)         /* the random files' size: about three chunks' worth of data */

static uint8_t *model;
static uint64_t seed = 20261207;

static uint64_t next_random(void)
{
	/* splitmix64: fixed-seeded, the same sequence on every machine */
	uint64_t z = (seed += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static bool write_model(struct vfile *f, uint64_t off, size_t len, uint8_t tag)
{
	_cleanup_free_ uint8_t *buf = malloc(len);
	ssize_t n;

	if (!buf || off + len > SPAN)
		return false;
	for (size_t i = 0; i < len; i++)
		buf[i] = (uint8_t)((off + i) * 131 + ((off + i) >> 12) + tag);
	n = vfile_pwrite(f, buf, len, off);
	if (n != (ssize_t)len) {
		printf("# write of %zu at %llu: %zd\n", len, (unsigned long long)off, n);
		return false;
	}
	memcpy(model + off, buf, len);
	return true;
}

/* The whole file reads as the model, up to SIZE. */
static bool reads_model(struct vfile *f, uint64_t size)
{
	_cleanup_free_ uint8_t *buf = malloc(size);

	if (!buf || vfile_size(f) != size || vfile_pread(f, buf, size, 0) != (ssize_t)size)
		return false;
	for (uint64_t x = 0; x < size; x++)
		if (buf[x] != model[x]) {
			printf("# byte %llu reads %u, not %u\n", (unsigned long long)x, buf[x], model[x]);
			return false;
		}
	return true;
}

static int head_on_disk(struct volume *v, vino_t file, struct record_head *h)
{
	struct chunk *c;
	int r = volume_chunk(v, VINO_CHUNK(file), &c);

	return r < 0 ? r : cont_head_load(c, VINO_INO(file), h);
}

static vino_t new_file(struct volume *v, unsigned chunk, const char *name)
{
	struct chunk *c;
	ext2_ino_t ino = 0;

	if (volume_chunk_writable(v, chunk, &c) < 0 || chunk_file_create(c, EXT2_ROOT_INO, name, 0644, 0, 0, &ino) < 0)
		return 0;
	return VINO(chunk, ino);
}

/* WRITES pieces at random offsets below SPAN: most 4 KiB at a 4 KiB boundary, some of any size
 * at any offset; then the table on disk, and the bytes before and after opening again. */
static void random_writes(struct volume *v, const char *name, bool truncate_first, unsigned writes)
{
	struct record_head h = {};
	struct vfile *f = NULL;
	vino_t file = new_file(v, 1, name);
	uint64_t size = truncate_first ? SPAN : 0;
	bool ok = true;
	unsigned done = 0;

	memset(model, 0, SPAN);
	CHECK(file && vfile_open(v, file, true, &f) == 0, "%s: a file in chunk 1, open for writing", name);
	if (!f)
		return;
	if (truncate_first)
		CHECK(vfile_truncate(f, SPAN) == 0, "%s: made %u MiB long by a truncate", name, SPAN >> 20);
	for (; done < writes && ok; done++) {
		uint64_t off, len;
		if (done % 8 == 7) {
			len = 1 + next_random() % 20000;
			off = next_random() % (SPAN - len);
		} else {
			len = 4096;
			off = next_random() % (SPAN / 4096) * 4096;
		}
		ok = write_model(f, off, len, (uint8_t)done);
		size = MAX(size, off + len);
	}
	CHECK(ok, "%s: %u writes at random offsets all taken", name, done);
	CHECK(vfile_sync(f) == 0 && head_on_disk(v, file, &h) == 0 && h.nranges <= 2u * h.ncont + 2,
	      "%s: its head record maps it with %u ranges in %u continuations", name, h.nranges, h.ncont);
	record_head_done(&h);
	CHECK(reads_model(f, size), "%s: every byte reads as written", name);
	CHECK(vfile_close(f) == 0, "%s: closed", name);
	f = NULL;
	CHECK(vfile_open(v, file, false, &f) == 0 && reads_model(f, size), "%s: opened again, every byte reads as written",
	      name);
	if (f)
		vfile_close(f);
}

/* A head with a hole in its range (a write past its end), then chunk 0 filled to the last block
 * by another file: a write into the hole goes to a continuation. */
static void hole_in_full_holder(struct volume *v)
{
	static uint8_t block[1u << 20];
	struct record_head h = {};
	struct vfile *f = NULL;
	vino_t file = new_file(v, 0, "holey"), filler = new_file(v, 0, "filler");
	uint64_t off = 0;
	struct chunk *c;
	int r = 0;

	memset(model, 0, SPAN);
	CHECK(file && filler && vfile_open(v, file, true, &f) == 0, "holey: a file in chunk 0, open for writing");
	if (!f)
		return;
	CHECK(write_model(f, 0, 65536, 1) && write_model(f, 3u << 20, 65536, 2) && vfile_sync(f) == 0,
	      "holey: 64 KiB at 0 and at 3 MiB, the 3 MiB between a hole in its head");
	CHECK(volume_chunk_writable(v, 0, &c) == 0, "chunk 0 is writable");
	for (size_t piece = sizeof(block); piece >= 4096 && r == 0; piece /= 2)
		while ((r = chunk_file_pwrite_data(c, VINO_INO(filler), block, piece, off)) == 0)
			off += piece;
	CHECK(r == -ENOSPC && !chunk_has_room(c, 4096), "chunk 0 is filled by another file (%llu MiB of it)",
	      (unsigned long long)(off >> 20));
	CHECK(write_model(f, 1u << 20, 100000, 3) && vfile_sync(f) == 0,
	      "holey: 100000 bytes into the hole are written, not refused for want of room");
	CHECK(head_on_disk(v, file, &h) == 0 && h.ncont == 1 && h.nranges == 3 && h.ranges[0].holder == 0 &&
	      h.ranges[1].holder == 1 && h.ranges[1].start <= (1u << 20) && h.ranges[1].end >= (1u << 20) + 100000 &&
	      h.ranges[2].holder == 0,
	      "holey: the hole went from the head's range to a continuation's");
	for (uint32_t i = 0; i < h.nranges; i++)
		printf("#   range [%llu, %llu) in holder %u\n", (unsigned long long)h.ranges[i].start,
		       (unsigned long long)h.ranges[i].end, h.ranges[i].holder);
	record_head_done(&h);
	CHECK(reads_model(f, (3u << 20) + 65536), "holey: every byte reads as written");
	CHECK(vfile_close(f) == 0, "holey: closed");
}

int main(void)
{
	char dir[] = "/tmp/chunkfs-test-sparse.XXXXXX";
	struct volume_mkfs_opts mo = { .nchunks = CHUNKS, .chunk_size = CHUNK_SIZE, .ext4 = true };
	struct volume *v = NULL;
	uuid_t uuid = { 0 };

	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(120);
	model = malloc(SPAN);
	if (!model || !mkdtemp(dir))
		return 1;
	mo.dir = dir;
	CHECK(volume_mkfs(&mo, uuid) == 0 && volume_open(dir, VOLUME_RDWR, &v) == 0,
	      "a volume of %u chunks of %u MiB", CHUNKS, CHUNK_SIZE >> 20);
	if (v) {
		hole_in_full_holder(v);
		random_writes(v, "random", false, 3000);
		random_writes(v, "truncated", true, 2000);
	}
	CHECK(volume_close(v) == 0, "the volume is closed");
	test_chunks_e2fsck_clean(dir, CHUNKS);
	free(model);
	if (!test_remove_dir(dir))
		return 1;
	return test_exit();
}
