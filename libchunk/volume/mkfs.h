/* Making a volume: N chunk file systems through libext2fs, their chunkfs metadata, the volume file. */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <uuid/uuid.h>

struct volume_mkfs_opts {
	unsigned nchunks;
	uint64_t chunk_size;     /* bytes per chunk; for devices 0 is the whole device */
	uint64_t threshold;      /* continuation threshold, 0 = only when a chunk is full */
	bool ext4;
	const char *dir;         /* images DIR/chunk-NNNN.img and DIR/volume.conf, or */
	char *const *devices;    /* block devices, nchunks of them, and */
	const char *volume_file; /* the volume file to write for them */
};

/* The sizes a chunk can have: room for ext4's tables, lost+found and /.chunkfs below; a 32-bit
 * block count of 4K blocks above (chunks have no 64bit feature). */
#define CHUNK_MIN_SIZE (2u << 20)
#define CHUNK_MAX_SIZE (((1ull << 32) - 1) * 4096)

int volume_mkfs(const struct volume_mkfs_opts *o, uuid_t volume_uuid);
