/* chunk-io.h: the libext2fs I/O manager of chunks (pread/pwrite on a descriptor given as the
 * name "%d"). Opening does not fsync; a flush fsyncs only if the channel wrote since the last
 * one; writes fail with EROFS on a channel opened read-only. The descriptor is closed with the
 * channel (after a flush of what it wrote). */
#pragma once
#include <ext2fs/ext2fs.h>

extern io_manager chunk_io_manager;
