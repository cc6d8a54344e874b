/* Inode times and device numbers in the kernel's encodings: nanoseconds and the epoch bits
 * of i_Xtime_extra (times before 1970, past 2038 and past 2106), an inode too small for the
 * extra fields keeping whole seconds, and device numbers in the old 8:8 form in i_block[0]
 * or the new one in i_block[1], each against the words the kernel writes. */
#include <string.h>
#include <sys/sysmacros.h>

#include "libchunk/base/test-assert.h"
#include "libchunk/chunk/inode-attr.h"

static struct ext2_inode_large large_inode(void)
{
	struct ext2_inode_large inode;

	memset(&inode, 0, sizeof(inode));
	inode.i_extra_isize = sizeof(inode) - EXT2_GOOD_OLD_INODE_SIZE;
	return inode;
}

static bool time_roundtrips(int64_t sec, long nsec, uint32_t want_raw, uint32_t want_extra)
{
	struct ext2_inode_large inode = large_inode();
	struct timespec ts = { .tv_sec = sec, .tv_nsec = nsec }, back;

	chunk_inode_stamp(&inode, CHUNK_MTIME, &ts);
	back = chunk_inode_time(&inode, CHUNK_MTIME);
	return inode.i_mtime == want_raw && inode.i_mtime_extra == want_extra && back.tv_sec == sec &&
	       back.tv_nsec == nsec;
}

static void test_times(void)
{
	struct ext2_inode_large inode = large_inode();
	struct timespec ts = { .tv_sec = 1700000000, .tv_nsec = 123456789 }, back;

	CHECK(time_roundtrips(1700000000, 123456789, 1700000000u, 123456789u << 2),
	      "2023 with nanoseconds: seconds in i_mtime, nanoseconds << 2 in i_mtime_extra");
	CHECK(time_roundtrips(-1, 999999999, 0xffffffffu, 999999999u << 2),
	      "one nanosecond before 1970: epoch bits 0, the seconds sign-extended");
	CHECK(time_roundtrips(INT32_MAX + 1LL, 0, 0x80000000u, 1), "2038 plus one second: epoch 1");
	CHECK(time_roundtrips(UINT32_MAX + 1LL, 5, 0, 1 | 5u << 2), "2106: epoch 1 and the low word 0");
	CHECK(time_roundtrips(INT32_MAX + 1LL + UINT32_MAX + 1LL, 0, 0x80000000u, 2), "2174: epoch 2");

	chunk_inode_stamp(&inode, CHUNK_ATIME | CHUNK_CTIME | CHUNK_CRTIME, &ts);
	CHECK(inode.i_atime == 1700000000u && inode.i_ctime == 1700000000u && inode.i_crtime == 1700000000u &&
	      inode.i_mtime == 0 && inode.i_mtime_extra == 0, "only the times asked for are stamped");
	back = chunk_inode_time(&inode, CHUNK_CRTIME);
	CHECK(back.tv_sec == ts.tv_sec && back.tv_nsec == ts.tv_nsec, "the creation time reads back");

	inode = large_inode();
	inode.i_extra_isize = 4; /* i_checksum_hi and nothing more */
	chunk_inode_stamp(&inode, CHUNK_MTIME | CHUNK_CRTIME, &ts);
	back = chunk_inode_time(&inode, CHUNK_MTIME);
	CHECK(inode.i_mtime == 1700000000u && inode.i_mtime_extra == 0 && inode.i_crtime == 0 &&
	      back.tv_sec == ts.tv_sec && back.tv_nsec == 0,
	      "an inode whose i_extra_isize stops short keeps whole seconds, no crtime");
	back = chunk_time_now();
	CHECK(back.tv_sec > 1600000000 && back.tv_nsec >= 0 && back.tv_nsec < 1000000000, "now has nanoseconds");
}

static void test_rdev(void)
{
	struct ext2_inode_large inode = large_inode();

	chunk_inode_set_rdev(&inode, makedev(1, 3));
	CHECK(inode.i_block[0] == 0x0103 && inode.i_block[1] == 0 && chunk_inode_rdev(&inode) == makedev(1, 3),
	      "1:3 (/dev/null) in the old encoding, i_block[0] = 0x0103");
	chunk_inode_set_rdev(&inode, makedev(259, 0));
	CHECK(inode.i_block[0] == 0 && inode.i_block[1] == 0x10300 && chunk_inode_rdev(&inode) == makedev(259, 0),
	      "259:0 (an NVMe disk) in the new encoding, i_block[1] = 0x10300");
	chunk_inode_set_rdev(&inode, makedev(8, 1048575));
	CHECK(inode.i_block[0] == 0 && inode.i_block[1] == 0xfff008ffu &&
	      chunk_inode_rdev(&inode) == makedev(8, 1048575), "the largest minor, 20 bits, in the new encoding");
	chunk_inode_set_rdev(&inode, makedev(0, 0));
	CHECK(inode.i_block[0] == 0 && inode.i_block[1] == 0 && chunk_inode_rdev(&inode) == 0, "0:0 is all zeros");
}

int main(void)
{
	test_times();
	test_rdev();
	return test_exit();
}
