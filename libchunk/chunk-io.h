/* chunk-io.h: a read-only libext2fs I/O manager (pread on a descriptor given as the name "%d"). */
#pragma once
#include <ext2fs/ext2fs.h>

/* Opening with libext2fs's (1.47.0) unix manager fsyncs the image every time; a channel that
 * never writes has nothing to flush. Writes fail with EROFS. The descriptor is closed with the
 * channel. */
extern io_manager chunk_ro_io_manager;
