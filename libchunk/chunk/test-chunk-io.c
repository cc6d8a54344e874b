/* The chunk I/O manager: what a read returns, through its block cache, whatever the order of
 * reads and writes; short reads at the end of the image; read-only channels; how many blocks
 * each kind of channel keeps; ordered mode: what reaches the image when. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "libchunk/chunk/chunk-io.h"
#include "libchunk/base/test-assert.h"

#define BS 4096
#define NBLOCKS 140

static char path[] = "/tmp/chunkfs-test-chunk-io.XXXXXX";

/* Block B of the image holds the byte pattern (B, GEN): the first two bytes say which. */
static void fill(char *buf, unsigned b, unsigned gen)
{
	memset(buf, (int)(b * 7 + gen), BS);
	buf[0] = (char)b;
	buf[1] = (char)gen;
}

static int same(const char *buf, unsigned b, unsigned gen)
{
	char want[BS];

	fill(want, b, gen);
	return memcmp(buf, want, BS) == 0;
}

static io_channel open_channel(int rw)
{
	char name[16];
	io_channel io = NULL;
	int fd = open(path, rw ? O_RDWR : O_RDONLY);

	snprintf(name, sizeof(name), "%d", fd);
	if (fd < 0 || chunk_io_manager->open(name, rw ? IO_FLAG_RW : 0, &io) || io_channel_set_blksize(io, BS)) {
		perror(path);
		exit(1);
	}
	return io;
}

/* Reads blocks FROM..TO in order; true if each holds generation GEN. */
static int read_run(io_channel io, unsigned from, unsigned to, unsigned gen)
{
	char buf[BS];

	for (unsigned b = from; b <= to; b++)
		if (io_channel_read_blk64(io, b, 1, buf) || !same(buf, b, gen))
			return 0;
	return 1;
}

static void test_sequential(void)
{
	io_channel io = open_channel(0);
	char buf[BS];

	CHECK(read_run(io, 0, NBLOCKS - 1, 0), "a sequential read of all %d blocks returns each block", NBLOCKS);
	memset(buf, 0x55, BS);
	CHECK(io_channel_read_blk64(io, NBLOCKS, 1, buf) != 0 && buf[0] == 0 && buf[BS - 1] == 0,
	      "a read past the end of the image fails and zeroes the buffer");
	CHECK(io_channel_read_blk64(io, NBLOCKS - 2, 1, buf) == 0 && same(buf, NBLOCKS - 2, 0),
	      "the blocks before the end read again after that");
	io_channel_close(io);
}

static void test_cache(void)
{
	io_channel io = open_channel(1);
	char buf[BS], three[3 * BS];

	CHECK(read_run(io, 0, 6, 0), "blocks 0-6 read (and kept in the cache)");
	fill(buf, 6, 2);
	CHECK(io_channel_write_blk64(io, 6, 1, buf) == 0, "block 6 written through the channel");
	CHECK(read_run(io, 6, 6, 2), "block 6 then reads as written");
	CHECK(read_run(io, 20, 24, 0), "blocks 20-24 read (and kept in the cache)");
	for (unsigned i = 0; i < 3; i++)
		fill(three + i * BS, 21 + i, 3);
	CHECK(io_channel_write_blk64(io, 21, 3, three) == 0, "blocks 21-23 written in one write");
	CHECK(read_run(io, 21, 23, 3) && read_run(io, 24, 40, 0),
	      "blocks 21-23 read as written, and the blocks after them as they were");
	io_channel_close(io);
}

/* Two walks interleaved (an inode table and the blocks its inodes point to), then random reads. */
static void test_interleaved(void)
{
	io_channel io = open_channel(0);
	char a[BS], b[BS];
	int ok = 1;

	for (unsigned i = 0; i < 40 && ok; i++)
		ok = !io_channel_read_blk64(io, i, 1, a) && same(a, i, i == 6 ? 2 : i >= 21 && i <= 23 ? 3 : 0) &&
		     !io_channel_read_blk64(io, 90 + i, 1, b) && same(b, 90 + i, 0);
	CHECK(ok, "two interleaved sequential walks each read their blocks");
	ok = 1;
	for (unsigned i = 0; i < 60 && ok; i++) {
		unsigned blk = (i * 37) % NBLOCKS;
		ok = !io_channel_read_blk64(io, blk, 1, a) && a[0] == (char)blk;
	}
	CHECK(ok, "random reads each read their block");
	io_channel_close(io);
}

static void test_read_only(void)
{
	io_channel io = open_channel(0);
	char buf[BS];

	fill(buf, 3, 9);
	CHECK(io_channel_write_blk64(io, 3, 1, buf) == EROFS, "a read-only channel refuses a write with EROFS");
	CHECK(read_run(io, 3, 3, 0), "and the block is unchanged");
	io_channel_close(io);
}

/* Rewrites block B of the image behind the channels' backs, as generation GEN. */
static void rewrite(unsigned b, unsigned gen)
{
	char buf[BS];
	int fd = open(path, O_WRONLY);

	fill(buf, b, gen);
	if (fd < 0 || pwrite(fd, buf, BS, (off_t)b * BS) != BS) {
		perror(path);
		exit(1);
	}
	close(fd);
}

/* How many blocks a channel keeps: a block changed behind its back reads as the channel's copy
 * while that copy is kept, and as changed once it is not. A read-only channel keeps the last
 * two blocks it read, a read-write one the last eight (chunk-io.c says why). */
static unsigned blocks_kept(int rw)
{
	io_channel io = open_channel(rw);
	char buf[BS];
	unsigned n;

	for (n = 1; n <= 16; n++) {
		if (!read_run(io, 50, 50, 0) || !read_run(io, 60, 60 + n - 1, 0))
			break;
		rewrite(50, 5);
		if (io_channel_read_blk64(io, 50, 1, buf) || !same(buf, 50, 0)) {
			rewrite(50, 0);
			break; /* block 50 was gone after N other blocks: N - 1 were kept with it */
		}
		rewrite(50, 0);
		io_channel_close(io); /* start the next N with an empty cache */
		io = open_channel(rw);
	}
	io_channel_close(io);
	return n;
}

static void test_cache_size(void)
{
	unsigned ro = blocks_kept(0), rw = blocks_kept(1);

	CHECK(ro == 2, "a read-only channel keeps the last 2 blocks it read (kept %u)", ro);
	CHECK(rw == 8, "a read-write channel keeps the last 8 blocks it read (kept %u)", rw);
}

/* True if block B of the image itself (not through a channel) holds generation GEN. */
static int on_image(unsigned b, unsigned gen)
{
	char buf[BS];
	int fd = open(path, O_RDONLY);
	int ok = fd >= 0 && pread(fd, buf, BS, (off_t)b * BS) == BS && same(buf, b, gen);

	if (fd >= 0)
		close(fd);
	return ok;
}

static void put(io_channel io, unsigned b, unsigned gen, int data)
{
	char buf[BS];

	fill(buf, b, gen);
	if (data ? chunk_io_write_data(io, b, buf) : io_channel_write_blk64(io, b, 1, buf)) {
		fprintf(stderr, "writing block %u failed\n", b);
		exit(1);
	}
}

static void test_ordered(void)
{
	io_channel io = open_channel(1);
	char five[6 * BS];
	int ok = 1;

	CHECK(!chunk_io_ordered(io) && chunk_io_set_ordered(io) == 0 && chunk_io_ordered(io),
	      "a read-write channel is put in ordered mode");
	put(io, 70, 4, 0);
	put(io, 71, 4, 1);
	for (unsigned i = 0; i < 3; i++)
		fill(five + i * BS, 72 + i, 4);
	CHECK(io_channel_write_blk64(io, 72, 3, five) == 0, "blocks 72-74 written in one write");
	CHECK(on_image(70, 0) && on_image(72, 0) && on_image(74, 0),
	      "ordered: a block written through the channel is held (the image still has the old one)");
	CHECK(on_image(71, 4), "ordered: a data block is written to the image at once");
	CHECK(read_run(io, 30, 50, 0) && read_run(io, 70, 74, 4),
	      "the held blocks read as written, also after the cache has moved on");
	CHECK(io_channel_read_blk64(io, 69, 6, five) == 0 && same(five, 69, 0) && same(five + BS, 70, 4) &&
	      same(five + 2 * BS, 71, 4) && same(five + 5 * BS, 74, 4), "a read of several blocks sees the held ones among them");
	CHECK(io_channel_flush(io) == 0 && on_image(70, 4) && on_image(72, 4) && on_image(74, 4),
	      "a flush writes the held blocks to the image");

	put(io, 90, 7, 0);
	put(io, 91, 7, 0);
	put(io, 90, 8, 1);
	CHECK(on_image(90, 8) && on_image(91, 7),
	      "data into a held block flushes the held ones first, then goes to the image");
	CHECK(io_channel_flush(io) == 0 && on_image(90, 8), "a later flush does not write the held copy over the data");

	put(io, 95, 1, 0);
	chunk_io_note_freed(io, 100, 2);
	put(io, 96, 1, 1);
	CHECK(on_image(95, 0) && on_image(96, 1), "data into a block not freed does not flush");
	put(io, 101, 1, 1);
	CHECK(on_image(95, 1) && on_image(101, 1), "data into a block freed since the last flush flushes first");
	put(io, 97, 1, 0);
	put(io, 100, 1, 1);
	CHECK(on_image(97, 0) && on_image(100, 1), "after that flush the freed blocks take data without one");
	chunk_io_note_freed(io, 102, 1);
	CHECK(io_channel_flush(io) == 0 && on_image(97, 1), "a flush");
	put(io, 98, 1, 0);
	put(io, 102, 1, 1);
	CHECK(on_image(98, 1) && on_image(102, 1),
	      "does not end the wait of a block freed before it: data into that block still flushes first");
	chunk_io_note_freed_inode(io, 33);
	put(io, 99, 1, 0);
	CHECK(chunk_io_before_reuse(io, 0, 34) == 0 && on_image(99, 0), "an inode not freed is taken without a flush");
	CHECK(chunk_io_before_reuse(io, 0, 33) == 0 && on_image(99, 1), "an inode freed is taken after one");

	CHECK(io_channel_flush(io) == 0 && on_image(97, 1), "a flush writes out what was held since the last");
	put(io, 130, 1, 0);
	put(io, 131, 1, 0);
	put(io, 130, 2, 0);
	put(io, 131, 2, 0);
	put(io, 130, 3, 0);
	CHECK(read_run(io, 130, 130, 3) && read_run(io, 131, 131, 2) && on_image(130, 0),
	      "a block written again and again reads as last written, and is still held");
	CHECK(io_channel_flush(io) == 0 && on_image(130, 3) && on_image(131, 2), "a flush writes each block's last bytes");
	for (unsigned i = 0; i < 1100 && ok; i++) {
		put(io, 200 + i, 5, 0);
		put(io, 110, 10 + i % 200, 0); /* the same block again and again: held once */
		ok = !on_image(200, 5) || i + 2 > 1024; /* i + 2 blocks held with this one */
	}
	CHECK(ok && on_image(200, 5) && !on_image(110, 0),
	      "the held blocks are written out when too many are held, not before 1024");
	put(io, 120, 3, 0);
	io_channel_close(io);
	CHECK(on_image(120, 3), "closing the channel writes what it held");
}

int main(void)
{
	char buf[BS];
	int fd = mkstemp(path);

	for (unsigned b = 0; fd >= 0 && b < NBLOCKS; b++) {
		fill(buf, b, 0);
		if (write(fd, buf, BS) != BS)
			return 1;
	}
	if (fd < 0)
		return 1;
	close(fd);
	test_sequential();
	test_cache();
	test_interleaved();
	test_read_only();
	test_cache_size();
	test_ordered();
	unlink(path);
	return test_exit();
}
