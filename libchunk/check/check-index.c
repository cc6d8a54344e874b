/* Pass 3: K's index against K's own records, both ways. Every reference a head or
 * continuation record in K makes must be listed in K's index entry for the peer, and every
 * entry must be backed by such a record. Establishes x->refs: the references K's records
 * and K's index claim; what to do about a disagreement is decided by pass 4, which looks at
 * the other end too (an entry is only re-added for a reference both ends confirm). */
#include <errno.h>
#include <stdlib.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/chunk/index.h"

/* The side of REF that lives in K: its record bit and its index bit. */
static void k_side(const struct check_ctx *x, const struct check_ref *ref, unsigned *rec, unsigned *idx)
{
	if (ref->head.chunk == x->id) {
		*rec = SRC_HEAD_RECORD;
		*idx = SRC_HEAD_INDEX;
	} else {
		*rec = SRC_CONT_RECORD;
		*idx = SRC_CONT_INDEX;
	}
}

static int peers_of_k(struct check_ctx *x)
{
	const struct record_peers *p;
	int r;

	if (chunk_index_peers(x->c, &p) < 0)
		return 0; /* reported by pass 1 */
	for (unsigned i = 0; i < p->npeers; i++) {
		unsigned peer = p->peers[i].peer;
		if (peer == x->id || peer >= volume_chunk_count(x->v))
			continue;
		r = check_refs_from_index(x, x->c, peer);
		if (r < 0 && r != -EUCLEAN)
			return r;
	}
	return 0;
}

int check_index(struct check_ctx *x)
{
	int r = check_refs_from_records(x);

	if (r < 0)
		return r;
	r = peers_of_k(x);
	if (r < 0)
		return r;
	check_refs_merge(x);
	check_refs_contradicted_heads(x);
	check_refs_rebuild_heads(x);
	check_refs_rebuild_conts(x);
	for (size_t i = 0; i < x->nrefs; i++) {
		struct check_ref *ref = &x->refs[i];
		unsigned rec, idx;
		struct finding *f = NULL;

		k_side(x, ref, &rec, &idx);
		if ((ref->src & rec) && !(ref->src & idx))
			f = check_found(x, "index", VINO(x->id, rec == SRC_HEAD_RECORD ? ref->head.ino : ref->cont.ino),
					"reference %u:%u -> %u:%u is missing from chunk %u's index", ref->head.chunk,
					ref->head.ino, ref->cont.chunk, ref->cont.ino, x->id);
		else if (!(ref->src & rec) && (ref->src & idx))
			f = check_found(x, "index", 0, "chunk %u's index lists %u:%u -> %u:%u, which no record in "
					"chunk %u makes", x->id, ref->head.chunk, ref->head.ino, ref->cont.chunk,
					ref->cont.ino, x->id);
		if (f)
			ref->index_finding = (size_t)(f - x->r->findings) + 1;
	}
	check_refs_quarantine_unreadable(x);
	return 0;
}
