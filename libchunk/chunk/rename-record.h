/* The record of a rename in flight (/.chunkfs/rename, docs/FORMAT.md): one block, made once and
 * rewritten in place, written durably before a rename's first change and cleared after its
 * last, so that a repair of the chunk finishes or undoes a rename a kill cut short. */
#pragma once
#include "libchunk/chunk/chunk.h"
#include "libchunk/format/record.h"

/* Writes R durably (its block is made the first time, and only then allocated). */
int chunk_rename_record_store(struct chunk *c, const struct record_rename *r);
/* Clears the record: its block is zeros again. Durable with the chunk's next sync. */
int chunk_rename_record_clear(struct chunk *c);
/* 1 and *R when a rename is pending, 0 when none is, or a decoder's error for a record that
 * cannot be read. */
int chunk_rename_record_load(struct chunk *c, struct record_rename *r);
