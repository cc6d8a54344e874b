/* Reading and writing a chunk's state record in place (internal to libchunk). */
#pragma once
#include "libchunk/chunk.h"

/* Reads /.chunkfs/state into c->state (a chunk without one reads as CLEAN, never checked). */
int chunk_state_read(struct chunk *c);
/* Sets the state, in the record and in the superblock, durably. */
int chunk_state_set(struct chunk *c, enum chunk_state s);
/* Writes c->state and the superblock durably, without allocating anything. */
int chunk_state_write(struct chunk *c);
