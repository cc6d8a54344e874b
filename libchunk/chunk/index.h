/* The cross-chunk index of one chunk: per peer, every reference between the two chunks
 * (/.chunkfs/index/PPPP), and the summary of peers with their counts (/.chunkfs/peers).
 * Entries are loaded on demand and written back by chunk_index_flush(). */
#pragma once
#include <stdint.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/format/record.h"

/* The peer summary (never NULL on success; an empty summary if the chunk has no peers). */
int chunk_index_peers(struct chunk *c, const struct record_peers **ret);
/* The references between C and PEER, read from C's entry for PEER only. */
int chunk_index_get(struct chunk *c, unsigned peer, const struct record_index **ret);
int chunk_index_add(struct chunk *c, unsigned peer, const struct index_ref *ref);
/* -ENOENT if the reference is not there. */
int chunk_index_remove(struct chunk *c, unsigned peer, const struct index_ref *ref);
/* Finds a reference by (dir, local inode, peer inode); 0 and *ret filled, or -ENOENT. */
int chunk_index_find(struct chunk *c, unsigned peer, uint8_t dir, uint32_t local_ino, uint32_t peer_ino,
		     const struct index_ref **ret);
/* Writes every changed entry and the summary. */
int chunk_index_flush(struct chunk *c);
/* Whether C holds index changes chunk_index_flush has not written yet. */
bool chunk_index_pending(const struct chunk *c);
void chunk_index_free(struct chunk *c);
uint64_t chunk_index_total_refs(struct chunk *c);

/* Forgets every entry and starts an empty index (written by the next flush). */
void chunk_index_reset(struct chunk *c);
#define VOLUME_MAX_CHUNKS_INDEX 4096
