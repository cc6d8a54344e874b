/* Repair of index entries, one reference at a time, in whichever chunk holds the entry; and
 * the one way a repair gets a chunk to write (K itself is DAMAGED until its repair ends). */
#include <errno.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/chunk/chunk-open.h"
#include "libchunk/base/errors.h"
#include "libchunk/chunk/index.h"
#include "libchunk/chunk/state.h"

int repair_chunk(struct check_ctx *x, unsigned id, struct chunk **ret)
{
	struct chunk *c;
	int r;

	if (id != x->id) {
		r = volume_chunk_writable(x->v, id, ret);
		if (r == 0)
			x->written[id] = true;
		return r;
	}
	r = volume_chunk(x->v, id, &c);
	if (r < 0)
		return r;
	if (!(volume_flags(x->v) & VOLUME_RDWR))
		return chunk_error(c, -EROFS, "opened read-only; cannot repair");
	r = chunk_make_writable(c);
	if (r < 0)
		return r;
	if (c->damaged || c->state.state != CHUNK_DIRTY) {
		/* e2fsck has made the ext layer sound: our repairs may write, and until they are
		 * done the chunk is DIRTY, so a crash in between sends it back to the check. */
		c->damaged = false;
		c->state.state = CHUNK_DIRTY;
		if (c->state_ino) {
			r = chunk_state_write(c);
			if (r < 0)
				return r;
		}
	}
	c->marked_dirty = true;
	x->written[id] = true;
	x->c = c;
	*ret = c;
	return 0;
}

void repair_refused(struct finding *f, unsigned chunk, int err)
{
	if (err == -EROFS)
		finding_set_action(f, FINDING_LEFT, "chunk %u is DAMAGED (read-only until repaired): repair "
				   "it too (chunkctl repair %u)", chunk, chunk);
	else
		finding_set_action(f, FINDING_LEFT, "chunk %u cannot be written: %s", chunk, strerror(-err));
}

int repair_index_entry(struct check_ctx *x, unsigned chunk, unsigned peer, const struct index_ref *ref,
		       bool add, struct finding *f)
{
	struct chunk *c;
	int r = repair_chunk(x, chunk, &c);

	if (r < 0) {
		repair_refused(f, chunk, r);
		return r;
	}
	if (!add) {
		/* Entries are keyed by inode numbers: never drop one that a newer generation
		 * of the same pair has taken over. */
		const struct index_ref *cur;
		if (chunk_index_find(c, peer, ref->dir, ref->local_ino, ref->peer_ino, &cur) < 0)
			return 0;
		if (cur->local_gen != ref->local_gen || cur->peer_gen != ref->peer_gen) {
			if (f && f->action == FINDING_LEFT)
				finding_set_action(f, FINDING_FIXED, "chunk %u's index entry already names the "
						   "current generation", chunk);
			return 0;
		}
	}
	r = add ? chunk_index_add(c, peer, ref) : chunk_index_remove(c, peer, ref);
	if (r == -EEXIST || r == -ENOENT)
		r = 0;
	if (r < 0) {
		finding_set_action(f, FINDING_LEFT, "chunk %u's index cannot be changed: %s", chunk, strerror(-r));
		return r;
	}
	if (f && f->action == FINDING_LEFT)
		finding_set_action(f, FINDING_FIXED, "%s chunk %u's index entry for chunk %u",
				   add ? "added to" : "removed from", chunk, peer);
	return 0;
}
