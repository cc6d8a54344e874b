/* File data across chunks: a file's bytes live in its head and, past the volume's threshold or
 * when the head's chunk is full, in continuations; byte x is at offset x of its holder. */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "libchunk/format/record.h"
#include "libchunk/volume/volume.h"

struct vfile;

int vfile_open(struct volume *v, vino_t ino, bool writable, struct vfile **ret);
/* Short counts only at end of file; -EIO for a range whose continuation is not confirmed, and
 * for any read that touches a byte a repair marked lost. */
ssize_t vfile_pread(struct vfile *f, void *buf, size_t len, uint64_t off);
ssize_t vfile_pwrite(struct vfile *f, const void *buf, size_t len, uint64_t off);
/* The same for a caller that holds the volume shared (volume_chunk_shared), with calls on one
 * vfile made one at a time. A read is -EAGAIN when it needs the volume to itself (a chunk to
 * open, a continuation to confirm) or met an error: the caller reads again with vfile_pread.
 * A write writes in place, and new bytes after the range before them while its holder has
 * room; it returns how many bytes it wrote, from OFF, and the caller writes the rest with
 * vfile_pwrite, with the volume to itself (which also says any error). */
ssize_t vfile_pread_shared(struct vfile *f, void *buf, size_t len, uint64_t off);
size_t vfile_pwrite_shared(struct vfile *f, const void *buf, size_t len, uint64_t off);
int vfile_truncate(struct vfile *f, uint64_t size);
uint64_t vfile_size(const struct vfile *f);
/* fallocate(2) MODE over [OFF, OFF + LEN): 0 reserves blocks where writes would put the data
 * and extends the size; FALLOC_FL_KEEP_SIZE reserves only; FALLOC_FL_PUNCH_HOLE (with
 * KEEP_SIZE) makes the range read as zeros and frees its whole blocks in every holder;
 * FALLOC_FL_ZERO_RANGE (with or without KEEP_SIZE) is a punch then a reservation. Else
 * -EOPNOTSUPP; -ENOSPC, nothing reserved, when the chunks have less room than LEN. The head of
 * an ext2 chunk reserves nothing past the file's size (it cannot map blocks there). */
int vfile_fallocate(struct vfile *f, int mode, uint64_t off, uint64_t len);
/* lseek(2) SEEK_DATA or SEEK_HOLE from OFF: the offset found, -ENXIO at or past the size.
 * Unwritten blocks (reserved by fallocate, or punched) are holes. */
int64_t vfile_seek(struct vfile *f, uint64_t off, int whence);
/* The ranges a repair marked lost, below the size: *RET malloc'd (holder RANGE_LOST), *N of
 * them. A write over a lost byte, a truncate below it or a punch of it unmarks it. */
int vfile_lost_ranges(const struct vfile *f, struct record_range **ret, size_t *n);
/* Unmarks every lost byte, durably: from now on they read as zeros. The bytes unmarked. */
int64_t vfile_clear_lost(struct vfile *f);
/* Makes the file's data and size durable, continuations before the head (docs/FORMAT.md). */
int vfile_sync(struct vfile *f);
/* Reads the file again from its head, forgetting what F cached (its range table, which
 * continuations it confirmed, its size): after a repair of a chunk the file touches, which
 * may have changed them. F must hold nothing unwritten (vfile_sync first). -ESTALE when the
 * head is gone or is another file now. */
int vfile_reload(struct vfile *f);
int vfile_close(struct vfile *f);
static inline void vfile_closep(struct vfile **f) { if (*f) vfile_close(*f); }
