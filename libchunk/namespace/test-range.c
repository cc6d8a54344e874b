/* The range table of a head record, which maps a file's bytes to its holders: the records'
 * rules (sorted, disjoint, non-empty, holder in bounds) up to offsets near 2^64, and a table
 * changed by a bit refused; then the lookup and upkeep of file.c through vfile_pread/pwrite
 * and vfile_truncate (first byte, last byte, one past; adjacent ranges merged, gapped ones
 * kept apart with a hole between), on a volume whose threshold splits a file mid-block, and a
 * crafted table whose ranges lie just below 2^64. */
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ext2fs/ext2fs.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/volume/cont.h"
#include "libchunk/namespace/file.h"
#include "libchunk/base/macro.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/format/record.h"
#include "libchunk/base/test-assert.h"
#include "libchunk/volume/volume.h"

#define T 10000u                 /* the volume's threshold: not a multiple of the block size */
#define MODEL_MAX (256u << 10)
#define TOP (UINT64_MAX - 8191)  /* 2^64 - 8192: a range [TOP, TOP + 4096) just below 2^64 */
/* Where a head record with NCONT continuations keeps its ranges (docs/FORMAT.md). */
#define RANGES_AT(ncont) (32 + 12 * (ncont))

static uint8_t model[MODEL_MAX];

static uint8_t pattern(unsigned seed, uint64_t off)
{
	return (uint8_t)(off * 131 + (off >> 8) * 7 + seed);
}

/* Encodes H, lets CHANGE alter the bytes, restores the CRC if asked, decodes. */
static int head_roundtrip(const struct record_head *h, void (*change)(uint8_t *buf), bool fix_crc,
			  struct record_head *out)
{
	_cleanup_free_ void *buf = NULL;
	size_t len;
	uint32_t crc;
	int r = record_head_encode(h, &buf, &len);

	if (r < 0)
		return r;
	if (change)
		change(buf);
	if (fix_crc) {
		crc = htole32(ext2fs_crc32c_le(~0U, buf, len - 4));
		memcpy((uint8_t *)buf + len - 4, &crc, 4);
	}
	return record_head_decode(buf, len, out);
}

static void flip_end_bit(uint8_t *buf)
{
	buf[RANGES_AT(2) + 24 + 8] ^= 0x01;       /* the low byte of range 1's end */
}

static void end_into_next(uint8_t *buf)
{
	buf[RANGES_AT(2) + 8 + 1] ^= 0x20;        /* range 0's end: 4096 -> 12288, into range 1 */
}

static void one_more_range(uint8_t *buf)
{
	buf[24]++;                                /* nranges, past what the length holds */
}

static bool ranges_are(const struct record_head *h, const struct record_range *want, uint32_t n)
{
	if (h->nranges != n)
		return false;
	for (uint32_t i = 0; i < n; i++)
		if (h->ranges[i].start != want[i].start || h->ranges[i].end != want[i].end ||
		    h->ranges[i].holder != want[i].holder)
			return false;
	return true;
}

static void test_records(void)
{
	struct chunk_ref conts[2] = { { 1, 12, 7 }, { 2, 13, 8 } };
	struct record_range rg[4] = { { 0, 4096, 0 }, { 4096, 1ull << 63, 1 }, { TOP, UINT64_MAX - 1, 2 },
				      { UINT64_MAX - 1, UINT64_MAX, 0 } };
	struct record_head h = { .gen = 3, .kind = REF_FILE, .ncont = 2, .nranges = 4, .conts = conts, .ranges = rg };
	struct record_range crg[2] = { { 1ull << 40, (1ull << 40) + 1, 0 }, { TOP, UINT64_MAX, 0 } };
	struct record_cont c = { .kind = REF_FILE, .gen = 8, .head = { 0, 11, 3 }, .prev = { 0, 11, 3 },
				 .next = { CHUNK_NONE, 0, 0 }, .nranges = 2, .ranges = crg }, cout;
	_cleanup_free_ void *buf = NULL;
	struct record_head out;
	size_t len;

	CHECK(head_roundtrip(&h, NULL, false, &out) == 0 && ranges_are(&out, rg, 4),
	      "head: adjacent ranges up to [2^64 - 2, 2^64 - 1) round-trip exactly, holders too");
	record_head_done(&out);
	CHECK(head_roundtrip(&h, flip_end_bit, false, &out) == -EILSEQ, "head: a bit flipped in a range fails the CRC");
	CHECK(head_roundtrip(&h, flip_end_bit, true, &out) == 0 && out.ranges[1].end == (1ull << 63) + 1,
	      "head: the same bit with the CRC made good decodes (the CRC is what caught it)");
	record_head_done(&out);
	CHECK(head_roundtrip(&h, end_into_next, true, &out) == -EBADMSG,
	      "head: a range grown into the next, CRC good, is refused");
	CHECK(head_roundtrip(&h, one_more_range, true, &out) == -EMSGSIZE,
	      "head: a range count the length does not hold is refused");

	rg[0].end = 4097;
	CHECK(head_roundtrip(&h, NULL, false, &out) == -EBADMSG, "head: ranges overlapping by one byte are refused");
	rg[0].end = 0;
	CHECK(head_roundtrip(&h, NULL, false, &out) == -EBADMSG, "head: an empty range is refused");
	rg[0].end = 4096;
	rg[2].end = TOP - 1;
	CHECK(head_roundtrip(&h, NULL, false, &out) == -EBADMSG, "head: a range ending before its start is refused");
	rg[2].end = UINT64_MAX - 1;
	h.nranges = 2;
	h.ranges = &rg[2];
	CHECK(head_roundtrip(&h, NULL, false, &out) == 0, "head: two ranges sorted are taken");
	record_head_done(&out);
	rg[3].start = 0;
	rg[3].end = 1;
	CHECK(head_roundtrip(&h, NULL, false, &out) == -EBADMSG, "head: the same two in the wrong order are refused");
	h.ranges = rg;
	h.nranges = 1;
	rg[0].holder = 2;
	CHECK(head_roundtrip(&h, NULL, false, &out) == 0, "head: a range held by the last continuation is taken");
	record_head_done(&out);
	rg[0].holder = 3;
	CHECK(head_roundtrip(&h, NULL, false, &out) == -EBADMSG, "head: one held by a continuation past the last is refused");

	CHECK(record_cont_encode(&c, &buf, &len) == 0 && record_cont_decode(buf, len, &cout) == 0 &&
	      cout.nranges == 2 && cout.ranges[0].start == 1ull << 40 && cout.ranges[0].end == (1ull << 40) + 1 &&
	      cout.ranges[1].start == TOP && cout.ranges[1].end == UINT64_MAX,
	      "cont: a one-byte range and one ending at 2^64 - 1 round-trip");
	record_cont_done(&cout);
	free(buf);
	buf = NULL;
	crg[1].start = (1ull << 40);
	CHECK(record_cont_encode(&c, &buf, &len) == 0 && record_cont_decode(buf, len, &cout) == -EBADMSG,
	      "cont: overlapping ranges are refused");
}

static bool write_model(struct vfile *f, uint64_t off, size_t len, unsigned seed)
{
	_cleanup_free_ uint8_t *buf = malloc(len);

	if (!buf || off + len > MODEL_MAX)
		return false;
	for (size_t i = 0; i < len; i++)
		model[off + i] = buf[i] = pattern(seed, off + i);
	return vfile_pwrite(f, buf, len, off) == (ssize_t)len;
}

/* A read of LEN at OFF returns what the model holds, short only at the end of SIZE. */
static bool reads_model(struct vfile *f, uint64_t off, size_t len)
{
	_cleanup_free_ uint8_t *buf = malloc(len + 1);
	uint64_t size = vfile_size(f);
	size_t want = off >= size ? 0 : (size_t)MIN((uint64_t)len, size - off);
	ssize_t n;

	if (!buf || size > MODEL_MAX)
		return false;
	n = vfile_pread(f, buf, len, off);
	if (n != (ssize_t)want) {
		printf("# read %zu at %llu: %zd, not %zu\n", len, (unsigned long long)off, n, want);
		return false;
	}
	return memcmp(buf, model + off, want) == 0;
}

/* The head record of INO in chunk 0 as the chunk holds it. */
static int head_on_disk(struct volume *v, ext2_ino_t ino, struct record_head *h)
{
	struct chunk *c;
	int r = volume_chunk(v, 0, &c);

	return r < 0 ? r : cont_head_load(c, ino, h);
}

/* Whether inode INO of chunk ID holds the model's bytes in [FROM, TO) and zeros in the rest
 * of [0, SIZE): a holder keeps byte x at offset x and nothing it does not hold. */
static bool holder_holds(struct volume *v, unsigned id, ext2_ino_t ino, uint64_t from, uint64_t to, uint64_t size)
{
	_cleanup_free_ uint8_t *buf = NULL;
	struct chunk *c;
	size_t len;

	if (volume_chunk(v, id, &c) < 0 || chunk_file_read_all(c, ino, (void **)&buf, &len) < 0)
		return false;
	for (uint64_t x = 0; x < size; x++) {
		uint8_t b = x < len ? buf[x] : 0;
		if (b != (x >= from && x < to ? model[x] : 0))
			return false;
	}
	return true;
}

static void test_file(struct volume *v)
{
	struct record_head h = {};
	const uint8_t top[16] = { 1 };
	struct vfile *f = NULL;
	struct chunk *c;
	ext2_ino_t ino = 0;
	uint64_t end;
	unsigned cid;

	CHECK(volume_chunk_writable(v, 0, &c) == 0 && chunk_file_create(c, EXT2_ROOT_INO, "f", 0644, 0, 0, &ino) == 0 &&
	      vfile_open(v, VINO(0, ino), true, &f) == 0, "a file in chunk 0, open for writing");
	if (!f)
		return;
	CHECK(write_model(f, 0, T + 5000, 1) && vfile_sync(f) == 0, "T + 5000 bytes are written in one call");
	CHECK(head_on_disk(v, ino, &h) == 0 && h.ncont == 1 &&
	      ranges_are(&h, (struct record_range[]){ { 0, T, 0 }, { T, T + 5000, 1 } }, 2),
	      "the head keeps [0, T), its continuation [T, T + 5000)");
	cid = h.ncont ? h.conts[0].chunk : 0;
	CHECK(reads_model(f, 0, 1) && reads_model(f, T - 1, 1) && reads_model(f, T, 1) && reads_model(f, T - 10, 20),
	      "the first byte, the head's last, the continuation's first and across the boundary read as written");
	CHECK(reads_model(f, T + 4999, 1) && reads_model(f, T + 5000, 1) && reads_model(f, T + 4990, 100),
	      "the last byte reads, one past reads nothing, a read over the end is short");
	CHECK(h.ncont && holder_holds(v, 0, ino, 0, T, T + 5000) &&
	      holder_holds(v, cid, h.conts[0].ino, T, T + 5000, T + 5000),
	      "the head's inode holds exactly [0, T), the continuation's exactly [T, T + 5000)");
	record_head_done(&h);

	CHECK(write_model(f, T + 5000, 3000, 2) && vfile_sync(f) == 0 && head_on_disk(v, ino, &h) == 0 &&
	      ranges_are(&h, (struct record_range[]){ { 0, T, 0 }, { T, T + 8000, 1 } }, 2),
	      "a write right after the last range grows it");
	record_head_done(&h);
	CHECK(write_model(f, T + 80000, 1000, 3) && vfile_sync(f) == 0 && head_on_disk(v, ino, &h) == 0 &&
	      ranges_are(&h, (struct record_range[]){ { 0, T, 0 }, { T, T + 81000, 1 } }, 2),
	      "a write past a gap wider than RANGE_GAP_JOIN (64 KiB) joins the range, as its holder has room "
	      "to fill the gap");
	record_head_done(&h);
	CHECK(reads_model(f, T + 7999, 1) && reads_model(f, T + 8000, 1) && reads_model(f, T + 79999, 1) &&
	      reads_model(f, T + 80000, 1) && reads_model(f, T + 7990, 72020),
	      "the gap reads as zeros, from its first byte to its last, and the ranges around it as written");
	CHECK(write_model(f, T + 8000, 72000, 4) && vfile_sync(f) == 0 && head_on_disk(v, ino, &h) == 0 &&
	      ranges_are(&h, (struct record_range[]){ { 0, T, 0 }, { T, T + 81000, 1 } }, 2) &&
	      holder_holds(v, cid, h.conts[0].ino, T, T + 81000, T + 81000),
	      "filling the gap writes it into that range's holder");
	record_head_done(&h);
	CHECK(write_model(f, T - 100, 200, 5) && vfile_sync(f) == 0 && head_on_disk(v, ino, &h) == 0 &&
	      ranges_are(&h, (struct record_range[]){ { 0, T, 0 }, { T, T + 81000, 1 } }, 2) &&
	      holder_holds(v, 0, ino, 0, T, T + 81000) && holder_holds(v, cid, h.conts[0].ino, T, T + 81000, T + 81000),
	      "a write over the boundary goes half to the head, half to the continuation");
	record_head_done(&h);
	end = T + 81000;
	CHECK(vfile_close(f) == 0 && vfile_open(v, VINO(0, ino), false, &f) == 0 && vfile_size(f) == end &&
	      reads_model(f, 0, end), "opened again, the whole file reads as written");
	vfile_close(f);

	f = NULL;
	CHECK(vfile_open(v, VINO(0, ino), true, &f) == 0 && vfile_truncate(f, T + 50) == 0 && vfile_sync(f) == 0 &&
	      head_on_disk(v, ino, &h) == 0 && ranges_are(&h, (struct record_range[]){ { 0, T, 0 }, { T, T + 50, 1 } }, 2),
	      "truncated to T + 50, the continuation's range ends there");
	record_head_done(&h);
	CHECK(reads_model(f, T + 49, 1) && reads_model(f, T + 50, 1), "its last byte reads, one past reads nothing");
	CHECK(vfile_truncate(f, T - 1) == 0 && vfile_sync(f) == 0 && head_on_disk(v, ino, &h) == 0 &&
	      ranges_are(&h, (struct record_range[]){ { 0, T - 1, 0 } }, 1) && h.ncont == 1,
	      "truncated to T - 1, the continuation holds no range (and stays in the chain)");
	record_head_done(&h);
	memset(model + T - 1, 0, MODEL_MAX - (T - 1));
	CHECK(vfile_truncate(f, T + 100) == 0 && reads_model(f, T - 2, 200),
	      "grown again, the bytes cut read as zeros, not as the old data");
	CHECK(vfile_pwrite(f, top, sizeof(top), UINT64_MAX - 8) == -EFBIG && vfile_size(f) == T + 100 &&
	      vfile_sync(f) == 0 && head_on_disk(v, ino, &h) == 0 &&
	      ranges_are(&h, (struct record_range[]){ { 0, T - 1, 0 } }, 1),
	      "a write at 2^64 - 9, past what ext4 holds, is -EFBIG and changes neither size nor ranges");
	record_head_done(&h);
	CHECK(vfile_close(f) == 0, "the file is closed");
}

/* A file whose table puts a range [TOP, TOP + 4096) just below 2^64 in a continuation that
 * does not confirm, so that a read inside it is -EIO and a read outside it zeros: where the
 * lookup draws the range's edges shows at any offset without storing data there. */
static void test_top(struct volume *v)
{
	struct chunk_ref bogus = { 1, 5, 1 };     /* a reserved inode: never a continuation */
	struct record_range rg[2] = { { 0, 4096, 0 }, { TOP, TOP + 4096, 1 } };
	struct record_head h = { .kind = REF_FILE, .ncont = 1, .nranges = 2, .conts = &bogus, .ranges = rg };
	struct ext2_inode_large inode;
	uint8_t buf[4096], zeros[4096] = {};
	struct vfile *f = NULL;
	struct chunk *c;
	ext2_ino_t ino = 0;

	for (unsigned i = 0; i < sizeof(buf); i++)
		buf[i] = pattern(9, i);
	CHECK(volume_chunk_writable(v, 0, &c) == 0 && chunk_file_create(c, EXT2_ROOT_INO, "g", 0644, 0, 0, &ino) == 0 &&
	      chunk_file_pwrite(c, ino, buf, sizeof(buf), 0) == 0 && chunk_inode_read(c, ino, &inode) == 0,
	      "a file g with 4096 bytes in its head");
	h.gen = inode.i_generation;
	inode.i_size = inode.i_size_high = UINT32_MAX;
	CHECK(cont_head_store(c, ino, &h) == 0 && chunk_inode_write(c, ino, &inode) == 0 &&
	      vfile_open(v, VINO(0, ino), false, &f) == 0 && vfile_size(f) == UINT64_MAX,
	      "given a range [2^64 - 8192, 2^64 - 4096) in a continuation that does not confirm, and size 2^64 - 1");
	if (!f)
		return;
	CHECK(vfile_pread(f, buf, 16, 0) == 16 && buf[0] == pattern(9, 0) && buf[15] == pattern(9, 15),
	      "g: its first bytes read from the head");
	memset(buf, 0xff, sizeof(buf));
	CHECK(vfile_pread(f, buf, 16, 4096) == 16 && memcmp(buf, zeros, 16) == 0, "g: past the head's range, zeros");
	CHECK(vfile_pread(f, buf, 1, TOP - 1) == 1 && buf[0] == 0, "g: the byte before the top range is a hole");
	CHECK(vfile_pread(f, buf, 8, TOP - 8) == 8, "g: a read ending right at the top range is a hole");
	CHECK(vfile_pread(f, buf, 9, TOP - 8) == -EIO, "g: one byte longer reaches into it: -EIO");
	CHECK(vfile_pread(f, buf, 1, TOP) == -EIO && vfile_pread(f, buf, 1, TOP + 4095) == -EIO,
	      "g: its first and last bytes are -EIO");
	memset(buf, 0xff, sizeof(buf));
	CHECK(vfile_pread(f, buf, 1, TOP + 4096) == 1 && buf[0] == 0, "g: one past it is a hole again");
	CHECK(vfile_pread(f, buf, 4096, UINT64_MAX - 4095) == 4095 && memcmp(buf, zeros, 4095) == 0,
	      "g: a read of the last 4096 offsets is short by one: offset 2^64 - 1 is past the size");
	CHECK(vfile_pread(f, buf, 10, UINT64_MAX - 1) == 1 && vfile_pread(f, buf, 1, UINT64_MAX) == 0,
	      "g: at 2^64 - 2 one byte reads, at 2^64 - 1 none");
	CHECK(vfile_pread(f, buf, 16, 1ull << 63) == 16 && memcmp(buf, zeros, 16) == 0, "g: at 2^63, zeros");
	vfile_close(f);

	/* Make g an ordinary file again, for e2fsck. */
	h.ncont = 0;
	inode.i_size = 4096;
	inode.i_size_high = 0;
	CHECK(cont_head_store(c, ino, &h) == 0 && chunk_inode_write(c, ino, &inode) == 0, "g is put back to 4096 bytes");
}

int main(void)
{
	char dir[] = "/tmp/chunkfs-test-range.XXXXXX";
	struct volume_mkfs_opts mo = { .nchunks = 3, .chunk_size = 8u << 20, .threshold = T, .ext4 = true };
	struct volume *v = NULL;
	uuid_t uuid = { 0 };

	/* An off-by-one in the lookup loops without progress: fail then, with the lines so far. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(60);
	test_records();
	if (!mkdtemp(dir))
		return 1;
	mo.dir = dir;
	CHECK(volume_mkfs(&mo, uuid) == 0 && volume_open(dir, VOLUME_RDWR, &v) == 0,
	      "a 3-chunk volume with a threshold of %u bytes", T);
	if (v) {
		test_file(v);
		test_top(v);
	}
	CHECK(volume_close(v) == 0, "the volume is closed");
	test_chunks_e2fsck_clean(dir, 3);
	if (!test_remove_dir(dir))
		return 1;
	return test_exit();
}
