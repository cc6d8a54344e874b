/* The files repairs of this chunk named as lost or moved, kept in /.chunkfs/losses until the
 * admin acknowledges them, so that `chunkctl status` can show them after the report is gone. */
#pragma once
#include "libchunk/format/record.h"

struct chunk;

/* Reads the newer valid slot; a chunk without the file, or without a valid slot, has none
 * (an empty record). */
int chunk_losses_read(struct chunk *c, struct record_losses *ret);
/* Adds ADD's count and entries (kept while there is room) to what is unacknowledged, durably:
 * the file's other slot is written and synced, so a kill leaves the old list or the new one.
 * Makes the file on the first loss. The chunk must be writable. */
int chunk_losses_add(struct chunk *c, const struct record_losses *add);
/* Acknowledged: an empty list written the same way. No-op on a chunk with none. */
int chunk_losses_clear(struct chunk *c);
