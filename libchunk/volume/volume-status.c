/* The status of one chunk of a volume, as `chunkctl status` and `df` and the daemon show it:
 * read from the chunk's state record and superblock, and its index's count of references. */
#include <errno.h>
#include <string.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/index.h"
#include "libchunk/chunk/state.h"
#include "libchunk/volume/volume.h"

int volume_chunk_status(struct volume *v, unsigned id, struct chunk_status *ret)
{
	struct chunk *c;
	int r;

	memset(ret, 0, sizeof(*ret));
	ret->last_result = ret->last_repair_result = -1;
	if (id >= volume_chunk_count(v))
		return -EINVAL;
	r = volume_chunk(v, id, &c);
	if (r == -ENXIO) {
		ret->state = CHUNK_MISSING;
		return 0;
	}
	if (r == -EBUSY)
		return r;
	if (r < 0) {
		ret->state = CHUNK_DAMAGED;
		return 0;
	}
	ret->state = c->damaged ? CHUNK_DAMAGED : (enum chunk_state)c->state.state;
	ret->last_check = c->state.last_check;
	ret->last_result = c->state.last_result;
	ret->last_repair = c->state.last_repair;
	ret->last_repair_result = c->state.last_repair_result;
	ret->errors_found = c->state.errors_found;
	ret->errors_fixed = c->state.errors_fixed;
	ret->bytes_total = ext2fs_blocks_count(c->fs->super) * c->fs->blocksize;
	ret->bytes_free = ext2fs_free_blocks_count(c->fs->super) * c->fs->blocksize;
	ret->inodes_total = c->fs->super->s_inodes_count;
	ret->inodes_free = c->fs->super->s_free_inodes_count;
	ret->refs = chunk_index_total_refs(c);
	return 0;
}
