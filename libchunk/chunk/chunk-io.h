/* chunk-io.h: the libext2fs I/O manager of chunks (pread/pwrite on a descriptor given as the
 * name "%d"). Opening does not fsync; a flush fsyncs only if the channel wrote since the last
 * one; writes fail with EROFS on a channel opened read-only. The descriptor is closed with the
 * channel (after a flush of what it wrote). */
#pragma once
#include <stdbool.h>

#include <ext2fs/ext2fs.h>

extern io_manager chunk_io_manager;

/* Ordered mode (chunk-io.c says how): data through chunk_io_write_data at once, every other
 * write logged until the next flush. For a channel opened read-write; EINVAL otherwise. */
errcode_t chunk_io_set_ordered(io_channel io);
bool chunk_io_ordered(io_channel io);
/* A file's data block: in ordered mode written at once (after a flush if the block is in the
 * log or was freed since the last flush), else as io_channel_write_blk64. */
errcode_t chunk_io_write_data(io_channel io, unsigned long long block, const void *buf);
/* COUNT blocks from START were freed (libext2fs's block allocation callbacks); inode INO was. */
void chunk_io_note_freed(io_channel io, unsigned long long start, unsigned long long count);
void chunk_io_note_freed_inode(io_channel io, unsigned ino);
/* Before block BLOCK (INO 0) or inode INO is used anew: in ordered mode, a flush if it was
 * freed since the last one. */
errcode_t chunk_io_before_reuse(io_channel io, unsigned long long block, unsigned ino);
