/* Measuring a chunkfs volume's actual cross-chunk references from its records, and checking that
 * every chunk's index says the same (for `chunkctl cref --volume`). */
#pragma once
#include <stdbool.h>
#include <stdint.h>

struct volume;

struct volume_refs {
	unsigned chunks;
	uint64_t file_refs, dir_refs;    /* continuations of files / of directories (each counted once) */
	uint64_t *per_chunk;             /* references touching each chunk */
	uint64_t *busiest_peers;         /* per peer: references between the busiest chunk and it */
	unsigned max_chunk;
	uint64_t max_refs;
	uint64_t index_mismatches;       /* references a record shows and an index lacks, or the reverse */
	unsigned unreadable_chunks;
};

int volume_refs_measure(struct volume *v, struct volume_refs *ret);
void volume_refs_done(struct volume_refs *r);
