/* Making a volume: N chunk file systems through libext2fs, their chunkfs metadata, the volume file. */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <uuid/uuid.h>

struct volume_mkfs_opts {
	unsigned nchunks;
	uint64_t chunk_size;     /* bytes per image (ignored for devices: their size is used) */
	uint64_t threshold;      /* continuation threshold, 0 = only when a chunk is full */
	bool ext4;
	const char *dir;         /* images DIR/chunk-NNNN.img and DIR/volume.conf, or */
	char *const *devices;    /* block devices, nchunks of them, and */
	const char *volume_file; /* the volume file to write for them */
};

#define CHUNK_MIN_SIZE (2u << 20)

int volume_mkfs(const struct volume_mkfs_opts *o, uuid_t volume_uuid);
