/* File data across chunks: a file's bytes live in its head and, past the volume's threshold or
 * when the head's chunk is full, in continuations; byte x is at offset x of its holder. */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "libchunk/volume/volume.h"

struct vfile;

int vfile_open(struct volume *v, vino_t ino, bool writable, struct vfile **ret);
/* Short counts only at end of file; -EIO for a range whose continuation is not confirmed. */
ssize_t vfile_pread(struct vfile *f, void *buf, size_t len, uint64_t off);
ssize_t vfile_pwrite(struct vfile *f, const void *buf, size_t len, uint64_t off);
int vfile_truncate(struct vfile *f, uint64_t size);
uint64_t vfile_size(const struct vfile *f);
/* Makes the file's data and size durable, continuations before the head (docs/FORMAT.md). */
int vfile_sync(struct vfile *f);
int vfile_close(struct vfile *f);
static inline void vfile_closep(struct vfile **f) { if (*f) vfile_close(*f); }
