/* A file whose continuation a repair dropped, its bytes marked lost in the head's range table
 * as repair-hole.c leaves them: every read touching them is -EIO (never a short read, never
 * zeros), SEEK_DATA finds them, and they are unmarked only by a write over them (that part
 * alone), a punch, a truncate below them or vfile_clear_lost(); a reservation leaves them. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ext2fs/ext2fs.h>

#include "libchunk/base/macro.h"
#include "libchunk/base/test-assert.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/format/lost.h"
#include "libchunk/namespace/file.h"
#include "libchunk/volume/cont.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/volume/volume.h"

#define T 16384u                 /* the volume's threshold */
#define SIZE (T + 20000)

static bool lost_are(struct vfile *f, const struct record_range *want, size_t n)
{
	_cleanup_free_ struct record_range *rg = NULL;
	size_t got = 0;

	if (vfile_lost_ranges(f, &rg, &got) < 0 || got != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (rg[i].start != want[i].start || rg[i].end != want[i].end)
			return false;
	return true;
}

static bool reads_as(struct vfile *f, uint64_t off, size_t len, uint8_t byte)
{
	_cleanup_free_ uint8_t *buf = malloc(len);

	if (!buf || vfile_pread(f, buf, len, off) != (ssize_t)len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (buf[i] != byte)
			return false;
	return true;
}

/* A file of SIZE bytes of 0x5a, its continuation dropped and [T, SIZE) marked lost. */
static int lost_file(struct volume *v, const char *name, ext2_ino_t *ino)
{
	_cleanup_free_ uint8_t *buf = malloc(SIZE);
	struct record_head h;
	struct vfile *f = NULL;
	struct chunk *c;
	int r;

	if (!buf)
		return -ENOMEM;
	memset(buf, 0x5a, SIZE);
	r = volume_chunk_writable(v, 0, &c);
	if (r == 0)
		r = chunk_file_create(c, EXT2_ROOT_INO, name, 0644, 0, 0, ino);
	if (r == 0)
		r = vfile_open(v, VINO(0, *ino), true, &f);
	if (r == 0 && vfile_pwrite(f, buf, SIZE, 0) != SIZE)
		r = -EIO;
	if (r == 0)
		r = vfile_close(f);
	if (r == 0)
		r = cont_head_load(c, *ino, &h);
	if (r < 0)
		return r;
	if (h.ncont != 1 || h.nranges != 2 || h.ranges[1].holder != 1) {
		record_head_done(&h);
		return -EPROTO;
	}
	h.ranges[1].holder = RANGE_LOST;
	h.ncont = 0;
	r = cont_head_store(c, *ino, &h);
	record_head_done(&h);
	return r;
}

int main(void)
{
	char dir[] = "/tmp/chunkfs-test-lost.XXXXXX";
	struct volume_mkfs_opts mo = { .nchunks = 3, .chunk_size = 8u << 20, .threshold = T, .ext4 = true };
	uint8_t buf[256], ones[100];
	struct record_head h = {};
	struct volume *v = NULL;
	struct vfile *f = NULL;
	struct chunk *c;
	uuid_t uuid = { 0 };
	ext2_ino_t ino = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	memset(ones, 1, sizeof(ones));
	if (!mkdtemp(dir))
		return 1;
	mo.dir = dir;
	CHECK(volume_mkfs(&mo, uuid) == 0 && volume_open(dir, VOLUME_RDWR, &v) == 0, "a 3-chunk volume");
	CHECK(v && lost_file(v, "f", &ino) == 0 && vfile_open(v, VINO(0, ino), true, &f) == 0,
	      "a file of %u bytes whose continuation, [%u, %u), a repair dropped and marked lost", SIZE, T, SIZE);
	if (!f)
		return test_exit();
	CHECK(vfile_size(f) == SIZE && reads_as(f, 0, T, 0x5a), "the head's bytes read as written");
	CHECK(vfile_pread(f, buf, 1, T) == -EIO && vfile_pread(f, buf, 1, SIZE - 1) == -EIO,
	      "the first and last lost bytes are -EIO");
	CHECK(vfile_pread(f, buf, 20, T - 10) == -EIO, "a read from the head into the lost bytes is -EIO, not short");
	CHECK(vfile_pread(f, buf, 10, SIZE) == 0, "past the size, nothing");
	CHECK(vfile_seek(f, T - 1, SEEK_HOLE) == SIZE && vfile_seek(f, T, SEEK_DATA) == T,
	      "lost bytes are data to lseek: a reader that skips holes still reads them");
	CHECK(lost_are(f, (struct record_range[]){ { T, SIZE, 0 } }, 1), "the lost range is listed");

	CHECK(vfile_pwrite(f, ones, sizeof(ones), T + 5000) == sizeof(ones) && reads_as(f, T + 5000, 100, 1),
	      "100 bytes written in the middle read back");
	CHECK(vfile_pread(f, buf, 1, T + 4999) == -EIO && vfile_pread(f, buf, 1, T + 5100) == -EIO,
	      "the bytes either side of them are still lost");
	CHECK(vfile_close(f) == 0 && vfile_open(v, VINO(0, ino), true, &f) == 0 &&
	      lost_are(f, (struct record_range[]){ { T, T + 5000, 0 }, { T + 5100, SIZE, 0 } }, 2) &&
	      reads_as(f, T + 5000, 100, 1), "opened again: the mark is split around the write, durably");
	CHECK(vfile_fallocate(f, FALLOC_FL_KEEP_SIZE, T, 1000) == 0 && vfile_pread(f, buf, 1, T) == -EIO,
	      "a reservation over lost bytes writes nothing: they stay lost");
	CHECK(vfile_fallocate(f, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, T + 5100, 900) == 0 &&
	      reads_as(f, T + 5100, 900, 0) && vfile_pread(f, buf, 1, T + 6000) == -EIO,
	      "a punch unmarks the bytes it punched: they read as zeros, the rest is lost");
	CHECK(vfile_truncate(f, T + 2000) == 0 && vfile_close(f) == 0 && vfile_open(v, VINO(0, ino), true, &f) == 0 &&
	      lost_are(f, (struct record_range[]){ { T, T + 2000, 0 } }, 1),
	      "a truncate takes the lost bytes past the new size with it");
	CHECK(vfile_clear_lost(f) == 2000 && reads_as(f, T, 2000, 0) && lost_are(f, NULL, 0),
	      "cleared, the lost bytes read as zeros");
	CHECK(vfile_close(f) == 0 && volume_chunk(v, 0, &c) == 0 && cont_head_load(c, ino, &h) == 0 &&
	      !record_head_has_lost(&h), "the head record on disk marks nothing lost");
	record_head_done(&h);
	CHECK(vfile_open(v, VINO(0, ino), false, &f) == 0 && reads_as(f, 0, T, 0x5a) && reads_as(f, T, 2000, 0),
	      "opened again, the file reads its head's bytes, then zeros");
	vfile_close(f);

	CHECK(lost_file(v, "g", &ino) == 0 && vfile_open(v, VINO(0, ino), true, &f) == 0 &&
	      vfile_clear_lost(f) == SIZE - T && vfile_close(f) == 0 && cont_head_load(c, ino, &h) == 0 &&
	      h.ncont == 0 && h.nranges == 0, "another, cleared at once: no continuation, nothing lost, no head record");
	record_head_done(&h);
	CHECK(volume_close(v) == 0, "the volume is closed");
	test_chunks_e2fsck_clean(dir, 3);
	if (!test_remove_dir(dir))
		return 1;
	return test_exit();
}
