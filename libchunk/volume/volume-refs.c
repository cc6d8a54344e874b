/* Cross-chunk references of a volume, counted from the records of every chunk, compared with
 * every chunk's index. A reference is counted once, at its OUT end (the head's chunk). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/index-rebuild.h"
#include "libchunk/chunk/index.h"
#include "libchunk/volume/volume-refs.h"
#include "libchunk/volume/volume.h"

struct scan_state {
	struct volume_refs *r;
	struct chunk *c;
	uint64_t seen;
};

static int count_ref(void *userdata, unsigned peer, const struct index_ref *ref)
{
	struct scan_state *s = userdata;
	struct volume_refs *r = s->r;
	const struct index_ref *found;

	if (peer >= r->chunks)
		return 0;
	s->seen++;
	if (chunk_index_find(s->c, peer, ref->dir, ref->local_ino, ref->peer_ino, &found) < 0 ||
	    found->local_gen != ref->local_gen || found->peer_gen != ref->peer_gen || found->kind != ref->kind)
		r->index_mismatches++;
	if (ref->dir != REF_OUT)
		return 0;
	if (ref->kind == REF_DIR)
		r->dir_refs++;
	else
		r->file_refs++;
	r->per_chunk[s->c->id]++;
	r->per_chunk[peer]++;
	return 0;
}

/* Both directions count here: the busiest chunk's adjacency with each peer. */
static int count_peer(void *userdata, unsigned peer, const struct index_ref *ref)
{
	struct volume_refs *r = *(struct volume_refs **)userdata;

	if (peer < r->chunks)
		r->busiest_peers[peer]++;
	return 0;
}

int volume_refs_measure(struct volume *v, struct volume_refs *r)
{
	memset(r, 0, sizeof(*r));
	r->chunks = volume_chunk_count(v);
	r->per_chunk = calloc(r->chunks, sizeof(*r->per_chunk));
	r->busiest_peers = calloc(r->chunks, sizeof(*r->busiest_peers));
	if (!r->per_chunk || !r->busiest_peers) {
		volume_refs_done(r);
		return -ENOMEM;
	}
	for (unsigned i = 0; i < r->chunks; i++) {
		struct scan_state s = { .r = r };
		int n;
		if (volume_chunk(v, i, &s.c) < 0) {
			r->unreadable_chunks++;
			continue;
		}
		n = chunk_index_scan_records(s.c, count_ref, &s);
		if (n < 0) {
			r->unreadable_chunks++;
			continue;
		}
		/* References the index lists that no record showed. */
		if (chunk_index_total_refs(s.c) > s.seen)
			r->index_mismatches += chunk_index_total_refs(s.c) - s.seen;
	}
	for (unsigned i = 0; i < r->chunks; i++)
		if (r->per_chunk[i] > r->max_refs) {
			r->max_refs = r->per_chunk[i];
			r->max_chunk = i;
		}
	if (r->max_refs) {
		struct chunk *c;
		struct bus { struct volume_refs *r; } b = { r };
		if (volume_chunk(v, r->max_chunk, &c) == 0)
			chunk_index_scan_records(c, count_peer, &b);
	}
	return 0;
}

void volume_refs_done(struct volume_refs *r)
{
	free(r->per_chunk);
	free(r->busiest_peers);
	r->per_chunk = r->busiest_peers = NULL;
}
