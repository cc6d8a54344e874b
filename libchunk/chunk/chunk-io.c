/* chunk-io.c: the libext2fs I/O manager chunks are opened with, read-only or read-write. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libchunk/chunk/chunk-io.h"
#include "libchunk/base/macro.h"

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

/* Ordered mode (chunk_io_set_ordered; the mount): what ext4's data=ordered gives, without a
 * journal. A file's data goes to the image at once (chunk_io_write_data); every other write
 * (inodes, extent blocks, directories, bitmaps, records' blocks) is held in a log in memory
 * until the next flush: each block once, with its newest bytes, in the order the blocks were
 * first written. A flush makes the data durable (fdatasync), writes the log out, then makes
 * that durable: no mapping or size reaches the image before the data under it, and one sync
 * pair serves all the writes since the last flush instead of one sync per write that maps a
 * block. A kill leaves the writes up to the last flush, or during one some of the log's
 * blocks new and the rest old: a state a power cut can leave too (of the writes since a sync,
 * any pages), which is what the order of the steps of every operation is made to survive
 * (docs/FORMAT.md). Reads see the held copy. Data into a block still in the log waits for a
 * flush first. So does any use of a block or inode freed before (chunk_io_before_reuse): a
 * power cut keeps of the log any pages, and could otherwise keep the new user's page and not
 * the free, leaving the old file (or the name that was its) with the new user's bytes. The
 * frees are forgotten only at such a flush, which comes in an operation after the one that
 * freed: a flush inside that one (a remove makes the inode's deletion durable before its name
 * goes) may still leave a write that ends the old use (the name) in the log.
 * The log holds at most LOG_MAX blocks: one more flushes it. All the process's logs together
 * hold about LOG_BUDGET bytes at most (a mount with many chunks written at once): past that, a
 * channel that adds a block flushes its own log first, if that holds LOG_MIN blocks or more. */
#define LOG_MAX 1024
#define LOG_BUDGET (16UL << 20)
#define LOG_MIN 64
#define LOG_SLOTS 4096 /* hash slots: a power of two, four times LOG_MAX */
#define FREED_MAX 256  /* ranges of blocks freed since the last flush; past that, all of them */

struct log_entry {
	unsigned long long block;
	char *buf;
};

struct freed_range {
	unsigned long long start, count;
};

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
	bool ordered;
	struct log_entry *log;       /* LOG_MAX entries once ordered */
	size_t nlog;
	unsigned *slots;             /* LOG_SLOTS: 1 + the newest entry of a block, or 0 */
	struct freed_range freed[FREED_MAX];
	size_t nfreed;
	bool freed_all;              /* more ranges were freed than freed[] holds */
	unsigned freed_ino[FREED_MAX];
	size_t nfreed_ino;
	bool freed_ino_all;
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

static size_t slot_of(unsigned long long block)
{
	return (size_t)((block * 0x9E3779B97F4A7C15ULL) >> 52) & (LOG_SLOTS - 1);
}

/* The slot of BLOCK: its own, or the empty one where it would go. */
static unsigned *log_slot(struct chunk_io *d, unsigned long long block)
{
	for (size_t i = slot_of(block);; i = (i + 1) & (LOG_SLOTS - 1))
		if (d->slots[i] == 0 || d->log[d->slots[i] - 1].block == block)
			return &d->slots[i];
}

/* The newest logged copy of BLOCK, or NULL. */
static const char *log_find(struct chunk_io *d, unsigned long long block)
{
	unsigned *s;

	if (d->nlog == 0)
		return NULL;
	s = log_slot(d, block);
	return *s ? d->log[*s - 1].buf : NULL;
}

static bool freed_has(const struct chunk_io *d, unsigned long long block)
{
	if (d->freed_all)
		return true;
	for (size_t i = 0; i < d->nfreed; i++)
		if (block >= d->freed[i].start && block - d->freed[i].start < d->freed[i].count)
			return true;
	return false;
}

/* The bytes all the process's logs hold (channels are used from many threads, one at a time
 * each). */
static size_t log_held;

static void log_clear(struct chunk_io *d, size_t bs)
{
	__atomic_sub_fetch(&log_held, d->nlog * bs, __ATOMIC_RELAXED);
	for (size_t i = 0; i < d->nlog; i++)
		ext2fs_free_mem(&d->log[i].buf);
	if (d->nlog)
		memset(d->slots, 0, LOG_SLOTS * sizeof(*d->slots));
	d->nlog = 0;
}

static errcode_t flush(io_channel io, bool clear_freed);
static size_t transfer(int fd, bool out, void *buf, size_t size, off_t off, errcode_t *err);

/* One block into the log: its entry, if it has one, takes the new bytes; else a new entry (the
 * log is flushed first when full, or when the process holds too much). */
static errcode_t log_add(io_channel io, unsigned long long block, const void *buf)
{
	struct chunk_io *d = io->private_data;
	size_t bs = (size_t)io->block_size;
	unsigned *s = log_slot(d, block);
	errcode_t err;

	if (*s) {
		memcpy(d->log[*s - 1].buf, buf, bs);
		return 0;
	}
	if (d->nlog == LOG_MAX ||
	    (d->nlog >= LOG_MIN && __atomic_load_n(&log_held, __ATOMIC_RELAXED) >= LOG_BUDGET)) {
		err = flush(io, false);
		if (err)
			return err;
		s = log_slot(d, block);
	}
	err = ext2fs_get_mem(bs, &d->log[d->nlog].buf);
	if (err)
		return err;
	memcpy(d->log[d->nlog].buf, buf, bs);
	d->log[d->nlog].block = block;
	*s = (unsigned)++d->nlog;
	__atomic_add_fetch(&log_held, bs, __ATOMIC_RELAXED);
	return 0;
}

/* The log written out, in the order its blocks were first written. */
static errcode_t log_write(io_channel io)
{
	struct chunk_io *d = io->private_data;
	size_t bs = (size_t)io->block_size;
	errcode_t err = EXT2_ET_SHORT_WRITE;

	for (size_t i = 0; i < d->nlog; i++)
		if (transfer(d->fd, true, d->log[i].buf, bs, (off_t)(d->log[i].block * bs), &err) != bs)
			return err;
	return 0;
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

/* Ordered: the data durable, then the log written out and made durable; with CLEAR_FREED the
 * frees before it are forgotten (a flush for a reuse). */
static errcode_t flush(io_channel io, bool clear_freed)
{
	struct chunk_io *d = io->private_data;
	errcode_t err;

	if (d->unsynced) {
		if (fdatasync(d->fd) < 0)
			return errno;
		d->unsynced = false;
	}
	if (d->nlog) {
		err = log_write(io);
		if (err)
			return err;
		if (fdatasync(d->fd) < 0)
			return errno;
		log_clear(d, (size_t)io->block_size);
	}
	if (clear_freed) {
		d->nfreed = d->nfreed_ino = 0;
		d->freed_all = d->freed_ino_all = false;
	}
	return 0;
}

static errcode_t chunk_io_flush(io_channel io)
{
	return flush(io, false);
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
	log_clear(d, (size_t)io->block_size);
	ext2fs_free_mem(&d->log);
	ext2fs_free_mem(&d->slots);
	ext2fs_free_mem(&io->private_data);
	ext2fs_free_mem(&io->name);
	ext2fs_free_mem(&io);
	return err;
}

static errcode_t chunk_io_set_blksize(io_channel io, int blksize)
{
	struct chunk_io *d = io->private_data;

	errcode_t err;

	if (io->block_size == blksize)
		return 0;
	if (d->nlog && (err = chunk_io_flush(io))) /* the log's blocks are of the old size */
		return err;
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

	const char *logged;

	if (e) {
		memcpy(buf, e->buf, size);
		return 0;
	}
	if (count == 1 && (logged = log_find(d, block))) {
		memcpy(buf, logged, size);
		cache_put(io, block, buf);
		return 0;
	}
	done = transfer(d->fd, false, buf, size, off, &err);
	for (size_t at = 0; d->nlog && at < done; at += (size_t)io->block_size)
		if ((logged = log_find(d, block + at / (size_t)io->block_size)))
			memcpy((char *)buf + at, logged, MIN(done - at, (size_t)io->block_size));
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
	cache_forget(io, block, size);
	if (d->ordered && size % (size_t)io->block_size == 0) {
		for (size_t at = 0; at < size; at += (size_t)io->block_size)
			if ((err = log_add(io, block + at / (size_t)io->block_size, (const char *)buf + at)))
				return err;
		d->stats.bytes_written += size;
		if (count == 1)
			cache_put(io, block, buf);
		return 0;
	}
	/* Not whole blocks (the superblock, written with the block size changed, which flushed
	 * the log): through at once. */
	d->unsynced = true;
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

bool chunk_io_ordered(io_channel io)
{
	return io->manager == chunk_io_manager && ((struct chunk_io *)io->private_data)->ordered;
}

errcode_t chunk_io_set_ordered(io_channel io)
{
	struct chunk_io *d = io->private_data;
	errcode_t err;

	if (io->manager != chunk_io_manager || !d->rw)
		return EINVAL;
	if (d->ordered)
		return 0;
	err = ext2fs_get_array(LOG_MAX, sizeof(*d->log), &d->log);
	if (!err)
		err = ext2fs_get_arrayzero(LOG_SLOTS, sizeof(*d->slots), &d->slots);
	if (err) {
		ext2fs_free_mem(&d->log);
		return err;
	}
	d->ordered = true;
	return 0;
}

void chunk_io_note_freed(io_channel io, unsigned long long start, unsigned long long count)
{
	struct chunk_io *d = io->private_data;
	struct freed_range *last = d->nfreed ? &d->freed[d->nfreed - 1] : NULL;

	if (io->manager != chunk_io_manager || !d->ordered || d->freed_all)
		return;
	if (last && last->start + last->count == start)
		last->count += count;
	else if (d->nfreed < FREED_MAX)
		d->freed[d->nfreed++] = (struct freed_range){ start, count };
	else
		d->freed_all = true;
}

errcode_t chunk_io_write_data(io_channel io, unsigned long long block, const void *buf)
{
	struct chunk_io *d = io->private_data;
	size_t size = (size_t)io->block_size;
	errcode_t err;
	size_t done;

	if (!chunk_io_ordered(io))
		return io_channel_write_blk64(io, block, 1, buf);
	if ((log_find(d, block) || freed_has(d, block)) && (err = flush(io, freed_has(d, block))))
		return err;
	err = EXT2_ET_SHORT_WRITE;
	d->unsynced = true;
	cache_forget(io, block, size);
	done = transfer(d->fd, true, (void *)buf, size, (off_t)(block * size), &err);
	d->stats.bytes_written += done;
	if (done == size) {
		cache_put(io, block, buf);
		return 0;
	}
	if (io->write_error)
		return io->write_error(io, (unsigned long)block, 1, buf, size, (int)done, err);
	return err;
}

void chunk_io_note_freed_inode(io_channel io, unsigned ino)
{
	struct chunk_io *d = io->private_data;

	if (io->manager != chunk_io_manager || !d->ordered || d->freed_ino_all)
		return;
	if (d->nfreed_ino < FREED_MAX)
		d->freed_ino[d->nfreed_ino++] = ino;
	else
		d->freed_ino_all = true;
}

errcode_t chunk_io_before_reuse(io_channel io, unsigned long long block, unsigned ino)
{
	struct chunk_io *d = io->private_data;
	bool freed = false;

	if (!chunk_io_ordered(io))
		return 0;
	if (ino) {
		freed = d->freed_ino_all;
		for (size_t i = 0; i < d->nfreed_ino && !freed; i++)
			freed = d->freed_ino[i] == ino;
	} else {
		freed = freed_has(d, block);
	}
	return freed ? flush(io, true) : 0;
}
