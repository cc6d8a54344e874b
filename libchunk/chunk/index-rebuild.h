/* Rebuilding a chunk's index from its own records (index-rebuild.c): for a repair that cannot
 * trust the index, and for tools that compare the index with what the records say. */
#pragma once
#include "libchunk/chunk/index.h"

/* Rebuilds the whole index of C from C alone: the head records of its inodes (OUT) and the
 * continuation records in /.chunkfs/cont (IN). Returns the number of references found. */
int chunk_index_rebuild(struct chunk *c);
/* Computes, without writing, what chunk_index_rebuild would write: calls FN for each ref. */
int chunk_index_scan_records(struct chunk *c,
			     int (*fn)(void *userdata, unsigned peer, const struct index_ref *ref),
			     void *userdata);
