/* Lost ranges: their encoding (holder 0 with a flag, read back as RANGE_LOST; a flag a build
 * does not know refused), and the table work of lost.c: counting, merging, clearing a span at
 * either end, inside or across a mark. */
#include <endian.h>
#include <errno.h>
#include <string.h>

#include "libchunk/base/macro.h"
#include "libchunk/base/test-assert.h"
#include "libchunk/format/lost.h"
#include "libchunk/format/record.h"

#include <ext2fs/ext2fs.h>

/* Where range I of a head record with NCONT continuations keeps its holder and flags. */
#define HOLDER_AT(ncont, i) (32 + 12 * (ncont) + 24 * (i) + 16)
#define FLAGS_AT(ncont, i) (HOLDER_AT(ncont, i) + 4)

static void fix_crc(uint8_t *buf, size_t len)
{
	uint32_t crc = htole32(ext2fs_crc32c_le(~0U, buf, len - 4));

	memcpy(buf + len - 4, &crc, 4);
}

static bool table_is(const struct record_head *h, const struct record_range *want, uint32_t n)
{
	if (h->nranges != n)
		return false;
	for (uint32_t i = 0; i < n; i++)
		if (h->ranges[i].start != want[i].start || h->ranges[i].end != want[i].end ||
		    h->ranges[i].holder != want[i].holder)
			return false;
	return true;
}

static void test_encoding(void)
{
	struct chunk_ref conts[1] = { { 3, 12, 7 } };
	struct record_range ranges[3] = { { 0, 4096, 0 }, { 4096, 8192, RANGE_LOST }, { 8192, 9000, 1 } };
	struct record_head a = { .gen = 1, .kind = REF_FILE, .ncont = 1, .nranges = 3, .conts = conts, .ranges = ranges };
	struct record_head b;
	_cleanup_free_ uint8_t *buf = NULL;
	uint32_t v;
	size_t len;

	CHECK(record_head_encode(&a, (void **)&buf, &len) == 0, "encode: a table with a lost range encodes");
	memcpy(&v, buf + HOLDER_AT(1, 1), 4);
	CHECK(le32toh(v) == 0, "encode: on disk a lost range names the head (a build without flags reads zeros)");
	memcpy(&v, buf + FLAGS_AT(1, 1), 4);
	CHECK(le32toh(v) == RANGE_FLAG_LOST, "encode: and carries the lost flag");
	memcpy(&v, buf + FLAGS_AT(1, 0), 4);
	CHECK(v == 0, "encode: a range not lost carries no flag (records written before read the same)");
	CHECK(record_head_decode(buf, len, &b) == 0 && table_is(&b, ranges, 3), "decode: the lost range comes back as RANGE_LOST");
	CHECK(record_head_has_lost(&b) && record_head_lost_in(&b, 0, UINT64_MAX) == 4096 &&
	      record_head_lost_in(&b, 6000, 100000) == 2192 && record_head_lost_in(&b, 0, 4096) == 0,
	      "lost_in: counts the lost bytes of a span, none outside the mark");
	record_head_done(&b);

	v = htole32(4);
	memcpy(buf + FLAGS_AT(1, 1), &v, 4);
	fix_crc(buf, len);
	CHECK(record_head_decode(buf, len, &b) == -EBADMSG, "decode: an unknown flag is refused");
	v = htole32(RANGE_FLAG_LOST);
	memcpy(buf + FLAGS_AT(1, 1), &v, 4);
	v = htole32(1);
	memcpy(buf + HOLDER_AT(1, 1), &v, 4);
	fix_crc(buf, len);
	CHECK(record_head_decode(buf, len, &b) == -EBADMSG, "decode: a lost range that names a continuation is refused");
	v = 0;
	memcpy(buf + FLAGS_AT(1, 1), &v, 4);
	v = htole32(RANGE_LOST);
	memcpy(buf + HOLDER_AT(1, 1), &v, 4);
	fix_crc(buf, len);
	CHECK(record_head_decode(buf, len, &b) == -EBADMSG,
	      "decode: holder 0xffffffff without the flag is refused, not taken for a lost range");
}

static void test_merge_and_clear(void)
{
	struct record_head h = { .kind = REF_FILE, .nranges = 4 };
	struct record_range *rg = calloc(4, sizeof(*rg));

	rg[0] = (struct record_range){ 0, 100, 0 };
	rg[1] = (struct record_range){ 100, 200, RANGE_LOST };
	rg[2] = (struct record_range){ 200, 300, RANGE_LOST };
	rg[3] = (struct record_range){ 300, 400, 1 };
	h.ranges = rg;
	record_head_merge_lost(&h);
	CHECK(table_is(&h, (struct record_range[]){ { 0, 100, 0 }, { 100, 300, RANGE_LOST }, { 300, 400, 1 } }, 3),
	      "merge: touching lost ranges become one; other holders are left alone");

	CHECK(record_head_clear_lost(&h, 150, 180) == 0 &&
	      table_is(&h, (struct record_range[]){ { 0, 100, 0 }, { 100, 150, RANGE_LOST }, { 180, 300, RANGE_LOST },
						   { 300, 400, 1 } }, 4),
	      "clear: a span inside a mark splits it; the span becomes a hole");
	CHECK(record_head_clear_lost(&h, 50, 120) == 0 &&
	      table_is(&h, (struct record_range[]){ { 0, 100, 0 }, { 120, 150, RANGE_LOST }, { 180, 300, RANGE_LOST },
						   { 300, 400, 1 } }, 4),
	      "clear: a span over a mark's start trims it, and leaves the head's range as it was");
	CHECK(record_head_clear_lost(&h, 250, 350) == 0 &&
	      table_is(&h, (struct record_range[]){ { 0, 100, 0 }, { 120, 150, RANGE_LOST }, { 180, 250, RANGE_LOST },
						   { 300, 400, 1 } }, 4),
	      "clear: a span over a mark's end trims it");
	CHECK(record_head_clear_lost(&h, 0, 1000) == 0 &&
	      table_is(&h, (struct record_range[]){ { 0, 100, 0 }, { 300, 400, 1 } }, 2) && !record_head_has_lost(&h),
	      "clear: a span across every mark removes them all");
	CHECK(record_head_clear_lost(&h, 0, 1000) == 0 && h.nranges == 2, "clear: nothing lost, nothing changes");
	record_head_done(&h);
}

static struct record_head table(const struct record_range *rg, uint32_t n)
{
	struct record_head h = { .kind = REF_FILE, .nranges = n, .ranges = calloc(n, sizeof(*rg)) };

	memcpy(h.ranges, rg, n * sizeof(*rg));
	return h;
}

static void test_mark(void)
{
	static const struct record_range two[] = { { 4096, 8192, 0 }, { 12288, 20000, 0 } };
	static const struct record_range held[] = { { 0, 10000, 0 }, { 10000, 30000, 1 }, { 30000, 40000, 2 } };
	struct record_head h = { .kind = REF_FILE }; /* no table: a head holding the whole file */
	struct record_range many[8];

	CHECK(record_head_mark_lost(&h, 0, 18000, two, 2, 96) == 1 &&
	      table_is(&h, (struct record_range[]){ { 0, 4096, 0 }, { 4096, 8192, RANGE_LOST }, { 8192, 12288, 0 },
						   { 12288, 18000, RANGE_LOST } }, 4),
	      "mark: a head without a table holds [0, size) itself; the spans are marked in it, to its size");
	CHECK(record_head_mark_lost(&h, 0, 18000, two, 2, 96) == 0 && h.nranges == 4 &&
	      record_head_lost_in(&h, 0, UINT64_MAX) == 4096 + 5712, "mark: marked again, nothing changes");
	record_head_done(&h);

	h = table(held, 3);
	CHECK(record_head_mark_lost(&h, 1, 40000, two, 2, 96) == 1 &&
	      table_is(&h, (struct record_range[]){ { 0, 10000, 0 }, { 10000, 12288, 1 }, { 12288, 20000, RANGE_LOST },
						   { 20000, 30000, 1 }, { 30000, 40000, 2 } }, 5),
	      "mark: only the bytes the holder's ranges give it are marked");
	record_head_done(&h);

	h = table(held, 3);
	CHECK(record_head_mark_lost(&h, 0, 40000, (struct record_range[]){ { 1000, 2000, 0 }, { 3000, 4000, 0 } }, 2, 5) == 2 &&
	      table_is(&h, (struct record_range[]){ { 0, 1000, 0 }, { 1000, 4000, RANGE_LOST }, { 4000, 10000, 0 },
						   { 10000, 30000, 1 }, { 30000, 40000, 2 } }, 5),
	      "mark: a table too small for each mark takes the span from the first marked byte to the last");
	record_head_done(&h);

	for (int i = 0; i < 8; i++)
		many[i] = (struct record_range){ 1000u * i, 1000u * i + 1000, i % 2 ? 1u : 0u };
	h = table(many, 8);
	CHECK(record_head_mark_lost(&h, 0, 8000, (struct record_range[]){ { 100, 200, 0 }, { 6100, 6200, 0 } }, 2, 8) == 2 &&
	      table_is(&h, (struct record_range[]){ { 0, 100, 0 }, { 100, 6200, RANGE_LOST }, { 6200, 7000, 0 },
						   { 7000, 8000, 1 } }, 4),
	      "mark: the span over another holder's ranges too: more is marked lost, never less");
	record_head_done(&h);

	h = table((struct record_range[]){ { 0, 8000, 0 }, { 8000, 9000, 1 } }, 2);
	CHECK(record_head_mark_lost(&h, 0, 9000, (struct record_range[]){ { 100, 200, 0 }, { 6100, 6200, 0 } }, 2, 2) == 2 &&
	      table_is(&h, (struct record_range[]){ { 0, 8000, RANGE_LOST }, { 8000, 9000, 1 } }, 2),
	      "mark: when even that split does not fit, the ranges the span reaches into go whole");
	record_head_done(&h);

	h = table(held, 3);
	CHECK(record_head_mark_lost(&h, 3, 40000, two, 2, 96) == 0 && table_is(&h, held, 3),
	      "mark: nothing of the holder's in the spans: the table stays");
	record_head_done(&h);
}

int main(void)
{
	test_encoding();
	test_merge_and_clear();
	test_mark();
	return test_exit();
}
