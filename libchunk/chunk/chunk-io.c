/* chunk-io.c: the libext2fs I/O manager chunks are opened with, read-only or read-write. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libchunk/chunk/chunk-io.h"

/* pread/pwrite on the image's descriptor (given as the name, "%d"); no cache but a few blocks
 * (below) and the page cache. libext2fs's (1.47.0) unix manager fsyncs the image on every
 * open, and its flush is an fsync whether or not anything was written since the last one. On a
 * virtual disk an fsync is a flush of the disk's write cache, and under other writers' load it
 * waits for their data too: a repair writing 4 peers paid for 44 of them. Here a flush syncs
 * only what this channel wrote since the last flush. There is no write_byte, so libext2fs
 * always writes the superblock in one write (never the changed 16-bit words one by one, which
 * a kill between two leaves torn). */

/* A few recently read blocks, kept because libext2fs reads the same block several times in a
 * row (the block of the inode table that holds /.chunkfs's small files, once per file, when a
 * chunk is opened; an inode's block before each write of it). Writes go through to the image
 * and update the copy; channels are used from one thread (chunks are opened without
 * EXT2_FLAG_THREADS). A read-only channel keeps two blocks, a read-write one eight: a check
 * opens dozens of peers read-only, each touched in a few scattered blocks, and there eight
 * buffers a chunk cost more in fresh memory (page faults) than they saved in reads (the pass over
 * chunk 46 of /usr/share, 45 peers: 15.2 ms with eight, 11.2 ms with two); a copy into a volume
 * writes, and uses the eight (with two it takes 4% more CPU). */
#define CACHE_BLOCKS 8
#define CACHE_BLOCKS_RO 2

struct cached_block {
	unsigned long long block;
	unsigned long stamp; /* 0: empty */
	char *buf;
};

struct chunk_io {
	int fd;
	bool rw;
	bool unsynced; /* written since the last flush */
	struct struct_io_stats stats; /* bytes written, for a repair to tell whether it wrote */
	unsigned long clock;
	unsigned nslots; /* of cache[] in use: CACHE_BLOCKS, or CACHE_BLOCKS_RO read-only */
	struct cached_block cache[CACHE_BLOCKS];
};

static void cache_drop(struct chunk_io *d)
{
	for (size_t i = 0; i < d->nslots; i++)
		d->cache[i].stamp = 0;
}

static struct cached_block *cache_find(struct chunk_io *d, unsigned long long block)
{
	for (size_t i = 0; i < d->nslots; i++)
		if (d->cache[i].stamp && d->cache[i].block == block) {
			d->cache[i].stamp = ++d->clock;
			return &d->cache[i];
		}
	return NULL;
}

/* Keeps a copy of one block just read or written (the least recently used slot goes). */
static void cache_put(io_channel io, unsigned long long block, const void *buf)
{
	struct chunk_io *d = io->private_data;
	struct cached_block *e = cache_find(d, block);

	if (!e) {
		e = &d->cache[0];
		for (size_t i = 1; i < d->nslots; i++)
			if (d->cache[i].stamp < e->stamp)
				e = &d->cache[i];
		if (!e->buf && ext2fs_get_mem((unsigned long)io->block_size, &e->buf))
			return;
		e->block = block;
		e->stamp = ++d->clock;
	}
	memcpy(e->buf, buf, (size_t)io->block_size);
}

/* Forgets the copies of the blocks a write of SIZE bytes at block BLOCK touches. */
static void cache_forget(io_channel io, unsigned long long block, size_t size)
{
	struct chunk_io *d = io->private_data;
	unsigned long long last = block + (size + (size_t)io->block_size - 1) / (size_t)io->block_size;

	for (size_t i = 0; i < d->nslots; i++)
		if (d->cache[i].stamp && d->cache[i].block >= block && d->cache[i].block < last)
			d->cache[i].stamp = 0;
}

static errcode_t chunk_io_open(const char *name, int flags, io_channel *ret)
{
	struct chunk_io *d = NULL;
	io_channel io;
	errcode_t err;

	err = ext2fs_get_memzero(sizeof(*io), &io);
	if (err)
		return err;
	err = ext2fs_get_memzero(sizeof(*d), &d);
	if (!err)
		err = ext2fs_get_mem(strlen(name) + 1, &io->name);
	if (err) {
		ext2fs_free_mem(&d);
		ext2fs_free_mem(&io);
		return err;
	}
	strcpy(io->name, name);
	d->fd = atoi(name);
	d->rw = flags & IO_FLAG_RW;
	d->nslots = d->rw ? CACHE_BLOCKS : CACHE_BLOCKS_RO;
	io->magic = EXT2_ET_MAGIC_IO_CHANNEL;
	io->manager = chunk_io_manager;
	io->block_size = 1024;
	io->refcount = 1;
	io->private_data = d;
	*ret = io;
	return 0;
}

static errcode_t chunk_io_flush(io_channel io)
{
	struct chunk_io *d = io->private_data;

	if (!d->unsynced)
		return 0;
	if (fdatasync(d->fd) < 0)
		return errno;
	d->unsynced = false;
	return 0;
}

static errcode_t chunk_io_close(io_channel io)
{
	struct chunk_io *d = io->private_data;
	errcode_t err;

	if (--io->refcount > 0)
		return 0;
	err = chunk_io_flush(io);
	close(d->fd);
	for (size_t i = 0; i < CACHE_BLOCKS; i++)
		ext2fs_free_mem(&d->cache[i].buf);
	ext2fs_free_mem(&io->private_data);
	ext2fs_free_mem(&io->name);
	ext2fs_free_mem(&io);
	return err;
}

static errcode_t chunk_io_set_blksize(io_channel io, int blksize)
{
	struct chunk_io *d = io->private_data;

	if (io->block_size == blksize)
		return 0;
	cache_drop(d);
	for (size_t i = 0; i < CACHE_BLOCKS; i++)
		ext2fs_free_mem(&d->cache[i].buf);
	io->block_size = blksize;
	return 0;
}

/* A negative count is a byte count (libext2fs's convention). */
static size_t io_size(io_channel io, int count)
{
	return count < 0 ? (size_t)-count : (size_t)count * (size_t)io->block_size;
}

/* SIZE bytes at OFF read into BUF (or, with OUT, written from it), resuming after a short
 * transfer or EINTR. Returns the bytes done: fewer only at the end of the image or on an error
 * (then in *ERR). */
static size_t transfer(int fd, bool out, void *buf, size_t size, off_t off, errcode_t *err)
{
	size_t done = 0;

	while (done < size) {
		ssize_t n = out ? pwrite(fd, (const char *)buf + done, size - done, off + (off_t)done)
				  : pread(fd, (char *)buf + done, size - done, off + (off_t)done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			*err = errno;
		if (n <= 0)
			break;
		done += (size_t)n;
	}
	return done;
}

static errcode_t chunk_io_read_blk64(io_channel io, unsigned long long block, int count, void *buf)
{
	struct chunk_io *d = io->private_data;
	size_t size = io_size(io, count), done;
	off_t off = (off_t)block * io->block_size;
	errcode_t err = EXT2_ET_SHORT_READ;
	struct cached_block *e = count == 1 ? cache_find(d, block) : NULL;

	if (e) {
		memcpy(buf, e->buf, size);
		return 0;
	}
	done = transfer(d->fd, false, buf, size, off, &err);
	if (done == size) {
		if (count == 1)
			cache_put(io, block, buf);
		return 0;
	}
	memset((char *)buf + done, 0, size - done);
	if (io->read_error)
		return io->read_error(io, (unsigned long)block, count, buf, size, (int)done, err);
	return err;
}

static errcode_t chunk_io_read_blk(io_channel io, unsigned long block, int count, void *buf)
{
	return chunk_io_read_blk64(io, block, count, buf);
}

static errcode_t chunk_io_write_blk64(io_channel io, unsigned long long block, int count, const void *buf)
{
	struct chunk_io *d = io->private_data;
	size_t size = io_size(io, count), done;
	off_t off = (off_t)block * io->block_size;
	errcode_t err = EXT2_ET_SHORT_WRITE;

	if (!d->rw)
		return EROFS;
	d->unsynced = true;
	cache_forget(io, block, size);
	done = transfer(d->fd, true, (void *)buf, size, off, &err);
	d->stats.bytes_written += done;
	if (done == size) {
		if (count == 1)
			cache_put(io, block, buf);
		return 0;
	}
	if (io->write_error)
		return io->write_error(io, (unsigned long)block, count, buf, size, (int)done, err);
	return err;
}

static errcode_t chunk_io_write_blk(io_channel io, unsigned long block, int count, const void *buf)
{
	return chunk_io_write_blk64(io, block, count, buf);
}

static errcode_t chunk_io_get_stats(io_channel io, io_stats *ret)
{
	struct chunk_io *d = io->private_data;

	d->stats.num_fields = 2;
	*ret = &d->stats;
	return 0;
}

static struct struct_io_manager chunk_io_struct = {
	.magic = EXT2_ET_MAGIC_IO_MANAGER,
	.name = "chunkfs I/O manager",
	.open = chunk_io_open,
	.close = chunk_io_close,
	.set_blksize = chunk_io_set_blksize,
	.read_blk = chunk_io_read_blk,
	.write_blk = chunk_io_write_blk,
	.flush = chunk_io_flush,
	.read_blk64 = chunk_io_read_blk64,
	.write_blk64 = chunk_io_write_blk64,
	.get_stats = chunk_io_get_stats,
};
io_manager chunk_io_manager = &chunk_io_struct;
