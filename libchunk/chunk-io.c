/* chunk-io.c: the read-only libext2fs I/O manager chunks that are only read are opened with. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libchunk/chunk-io.h"

/* A read-only I/O manager for chunks that are only read: pread on the image's descriptor
 * (given as the name, "%d"), no cache but the page cache. ext2fs_open2 with libext2fs's (1.47.0)
 * unix manager fsyncs the image on every open; on a file that costs a flush of the disk's
 * write cache, which for a check reading 63 peers' index entries was most of the pass. A
 * channel that never writes has nothing to flush. */
struct chunk_ro_io {
	int fd;
};

static errcode_t ro_io_open(const char *name, int flags, io_channel *ret)
{
	struct chunk_ro_io *d = NULL;
	io_channel io;
	errcode_t err;

	if (flags & IO_FLAG_RW)
		return EROFS;
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
	io->magic = EXT2_ET_MAGIC_IO_CHANNEL;
	io->manager = chunk_ro_io_manager;
	io->block_size = 1024;
	io->refcount = 1;
	io->private_data = d;
	*ret = io;
	return 0;
}

static errcode_t ro_io_close(io_channel io)
{
	struct chunk_ro_io *d = io->private_data;

	if (--io->refcount > 0)
		return 0;
	close(d->fd);
	ext2fs_free_mem(&io->private_data);
	ext2fs_free_mem(&io->name);
	ext2fs_free_mem(&io);
	return 0;
}

static errcode_t ro_io_set_blksize(io_channel io, int blksize)
{
	io->block_size = blksize;
	return 0;
}

static errcode_t ro_io_read_blk64(io_channel io, unsigned long long block, int count, void *buf)
{
	struct chunk_ro_io *d = io->private_data;
	size_t size = count < 0 ? (size_t)-count : (size_t)count * (size_t)io->block_size;
	off_t off = (off_t)block * io->block_size;
	size_t done = 0;
	errcode_t err = EXT2_ET_SHORT_READ;

	while (done < size) {
		ssize_t n = pread(d->fd, (char *)buf + done, size - done, off + (off_t)done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			err = errno;
		if (n <= 0)
			break;
		done += (size_t)n;
	}
	if (done == size)
		return 0;
	memset((char *)buf + done, 0, size - done);
	if (io->read_error)
		return io->read_error(io, (unsigned long)block, count, buf, size, (int)done, err);
	return err;
}

static errcode_t ro_io_read_blk(io_channel io, unsigned long block, int count, void *buf)
{
	return ro_io_read_blk64(io, block, count, buf);
}

static errcode_t ro_io_write_blk64(io_channel io, unsigned long long block, int count, const void *buf)
{
	(void)io, (void)block, (void)count, (void)buf;
	return EROFS;
}

static errcode_t ro_io_write_blk(io_channel io, unsigned long block, int count, const void *buf)
{
	return ro_io_write_blk64(io, block, count, buf);
}

static errcode_t ro_io_flush(io_channel io)
{
	(void)io;
	return 0;
}

static struct struct_io_manager chunk_ro_io_struct = {
	.magic = EXT2_ET_MAGIC_IO_MANAGER,
	.name = "chunkfs read-only I/O manager",
	.open = ro_io_open,
	.close = ro_io_close,
	.set_blksize = ro_io_set_blksize,
	.read_blk = ro_io_read_blk,
	.write_blk = ro_io_write_blk,
	.flush = ro_io_flush,
	.read_blk64 = ro_io_read_blk64,
	.write_blk64 = ro_io_write_blk64,
};
io_manager chunk_ro_io_manager = &chunk_ro_io_struct;
