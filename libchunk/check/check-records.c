/* Pass 1: K's own chunkfs records. /.chunkfs is there; the chunk record decodes and says
 * "chunk K of this volume" in the same words as a peer's record (volume UUID, N, member
 * list, and member K is K's s_uuid); the state record decodes; the peer summary and every
 * index entry decode and agree on their counts. Establishes for the next passes that K's
 * index can be read (a repair rebuilds it from K's records when it cannot). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/check/check.h"
#include "libchunk/base/errors.h"
#include "libchunk/chunk/index-rebuild.h"
#include "libchunk/chunk/index.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/state.h"

/* A peer's chunk record: what K's must agree with. When no peer opens, each is unavailable
 * (check-unavailable.c): K's identity is not confirmed, which is no fault of K's. */
static int peer_record(struct check_ctx *x, const struct record_chunk **ret)
{
	unsigned n = volume_chunk_count(x->v);
	_cleanup_free_ int *err = calloc(n, sizeof(int));

	if (!err)
		return -ENOMEM;
	for (unsigned i = 0; i < n; i++) {
		struct chunk *p;
		if (i == x->id)
			continue;
		err[i] = volume_chunk(x->v, i, &p);
		if (err[i] < 0 || !p->rec.members)
			continue;
		*ret = &p->rec;
		return 0;
	}
	for (unsigned i = 0; i < n; i++)
		if (err[i] < 0)
			check_peer_unavailable(x, i, err[i]);
	return -ENXIO;
}

static bool records_agree(const struct record_chunk *a, const struct record_chunk *b)
{
	return uuid_compare(a->volume, b->volume) == 0 && a->nchunks == b->nchunks &&
	       a->threshold == b->threshold && a->flags == b->flags &&
	       memcmp(a->members, b->members, sizeof(uuid_t) * a->nchunks) == 0;
}

static int check_chunk_record(struct check_ctx *x)
{
	struct chunk *c = x->c;
	const struct record_chunk *peer = NULL;
	struct record_chunk mine = {};
	_cleanup_free_ void *buf = NULL;
	struct finding *f;
	char want[37], have[37];
	size_t len;
	int r;

	r = peer_record(x, &peer);
	if (r == -ENOMEM)
		return r;
	r = chunk_file_read_all(c, c->chunk_ino, &buf, &len);
	if (r == 0)
		r = record_chunk_decode(buf, len, &mine);
	if (r < 0) {
		f = check_found(x, "records", 0, "chunk record is unreadable: %s", record_strerror(r));
		goto rewrite;
	}
	if (mine.id != x->id) {
		f = check_found(x, "records", 0, "chunk record says chunk %u, it sits at %u", mine.id, x->id);
		record_chunk_done(&mine);
		return -EXDEV; /* a chunk at the wrong place is moved, not rewritten */
	}
	if (uuid_compare(mine.members[x->id], c->fs->super->s_uuid) != 0) {
		uuid_unparse(mine.members[x->id], want);
		uuid_unparse(c->fs->super->s_uuid, have);
		check_found(x, "records", 0, "file system UUID %s is not member %u (%s) of the volume", have, x->id, want);
		record_chunk_done(&mine);
		return -EXDEV;
	}
	if (peer && !records_agree(&mine, peer)) {
		f = check_found(x, "records", 0, "chunk record disagrees with chunk %u's about the volume", peer->id);
		record_chunk_done(&mine);
		goto rewrite;
	}
	record_chunk_done(&mine);
	return 0;
rewrite:
	if (!x->repair || !peer)
		return 0;
	if (uuid_compare(peer->members[x->id], c->fs->super->s_uuid) != 0) {
		uuid_unparse(peer->members[x->id], want);
		finding_set_action(f, FINDING_LEFT, "not rewritten: this file system is not member %u (%s)",
				   x->id, want);
		return -EXDEV;
	}
	{
		struct record_chunk rec = *peer;
		_cleanup_free_ void *out = NULL;
		rec.id = (uint16_t)x->id;
		r = record_chunk_encode(&rec, &out, &len);
		if (r == 0)
			r = chunk_file_replace(c, c->chunk_ino, out, len);
		if (r == 0) {
			record_chunk_done(&c->rec);
			r = record_chunk_decode(out, len, &c->rec);
		}
		if (r == 0)
			finding_set_action(f, FINDING_FIXED, "rewritten from chunk %u's record", peer->id);
	}
	return r;
}

static int check_state_record(struct check_ctx *x)
{
	struct chunk *c = x->c;
	struct record_state st;
	_cleanup_free_ void *buf = NULL;
	struct finding *f;
	size_t len;
	int r = chunk_file_read_all(c, c->state_ino, &buf, &len);

	if (r == 0)
		r = record_state_decode(buf, len, &st);
	if (r == 0)
		return 0;
	f = check_found(x, "records", 0, "state record is unreadable: %s", record_strerror(r));
	x->state_remade = true;
	if (!x->repair)
		return 0;
	c->state = (struct record_state) { .state = CHUNK_DIRTY, .last_result = -1, .last_repair_result = -1 };
	r = chunk_state_write(c);
	if (r == 0)
		finding_set_action(f, FINDING_FIXED, "rewritten (history of checks lost)");
	return 0;
}

/* K's write sequence against what its successor W last heard of it (docs/FORMAT.md, rollback
 * witness). A K behind its witness is an older copy of itself: the references it forgot are only
 * in its peers, so pass 4 reads every chunk's summary; a repair brings the sequence up to the
 * witness, so the next check is clean. A K whose state record was remade has no sequence to
 * compare: it takes the witness's without a finding. */
static int check_rollback(struct check_ctx *x)
{
	unsigned n = volume_chunk_count(x->v), w = (x->id + 1) % n;
	struct chunk *c = x->c, *wc;
	struct finding *f = NULL;
	bool quiet, known, tried;
	uint32_t seen;
	int r;

	if (n < 2)
		return 0;
	tried = volume_chunk_open_error(x->v, w) != 0; /* and said why already */
	quiet = chunk_log_quiet(true); /* W is no peer of K's: pass 4 names it if it must */
	r = volume_chunk(x->v, w, &wc);
	chunk_log_quiet(quiet);
	if (r < 0 && !tried)
		volume_chunk_release(x->v, w); /* forgotten, so pass 4 opens it again and says why */
	if (r < 0 || wc->state.witness <= c->state.seq)
		return 0;
	seen = wc->state.witness;
	known = !x->state_remade && !x->meta_rebuilt;
	x->rolled_back = true;
	if (known)
		f = check_found(x, "records", 0, "chunk %u is older than its last write: it counts %u write "
				"session(s), chunk %u saw %u (an older copy of it restored, or writes its disk "
				"lost); its files may hold older bytes, and every chunk is asked for the "
				"references it forgot", x->id, c->state.seq, w, seen);
	if (!x->repair)
		return 0;
	c->state.seq = seen;
	r = chunk_state_write(c);
	if (r < 0)
		return r;
	x->passes_wrote_k = true;
	if (f)
		finding_set_action(f, FINDING_FIXED, "its write sequence set to %u; forgotten references "
				   "settled below", seen);
	return 0;
}

/* The summary and the entries, each readable and agreeing on counts. True if usable. */
static bool index_readable(struct check_ctx *x)
{
	const struct record_peers *p;
	bool ok = true;
	int r = chunk_index_peers(x->c, &p);

	if (r < 0) {
		check_found(x, "records", 0, "peer summary is unreadable: %s", record_strerror(r));
		return false;
	}
	for (unsigned i = 0; i < p->npeers; i++) {
		const struct record_index *e;
		unsigned peer = p->peers[i].peer;
		if (peer == x->id || peer >= volume_chunk_count(x->v)) {
			check_found(x, "records", 0, "peer summary names chunk %u", peer);
			ok = false;
			continue;
		}
		r = chunk_index_get(x->c, peer, &e);
		if (r < 0) {
			check_found(x, "records", 0, "index entry for chunk %u is unreadable: %s", peer,
				    record_strerror(r));
			ok = false;
		} else if (e->count != p->peers[i].refs) {
			check_found(x, "records", 0, "peer summary counts %u references with chunk %u, the entry "
				    "lists %u", p->peers[i].refs, peer, e->count);
			ok = false;
		}
	}
	return ok;
}

int check_records(struct check_ctx *x)
{
	struct chunk *c = x->c;
	int r;

	if (!c->meta_ino || !c->chunk_ino || !c->state_ino || !c->peers_ino || !c->index_ino || !c->cont_ino) {
		size_t at = x->r->nfindings;
		check_found(x, "records", 0, "chunkfs metadata (/.chunkfs) is %s",
			    c->meta_ino ? "incomplete" : "missing");
		if (!x->repair)
			return -EUCLEAN;
		r = repair_meta(x);
		if (r < 0) {
			if (at < x->r->nfindings)
				finding_set_action(&x->r->findings[at], FINDING_LEFT, "cannot remake it: %s (%u free "
						   "inodes, %llu free blocks)", strerror(-r), c->fs->super->s_free_inodes_count,
						   (unsigned long long)ext2fs_free_blocks_count(c->fs->super));
			return r;
		}
		c = x->c;
		if (at < x->r->nfindings) /* an index: repair_meta may add findings (realloc) */
			finding_set_action(&x->r->findings[at], FINDING_FIXED, "%s the peers' records; K's references are "
					   "taken from the peers' indexes", r > 0 ? "put back together from what e2fsck left "
					   "in its own lost+found and" : "remade from");
	}
	r = check_chunk_record(x);
	if (r < 0)
		return r;
	r = check_state_record(x);
	if (r < 0)
		return r;
	r = check_rollback(x);
	if (r < 0)
		return r;
	size_t before = x->r->nfindings;
	if (index_readable(x) && !(x->repair && x->o->rebuild_index))
		return 0;
	x->use_all_peers = true;
	if (!x->repair)
		return 0;
	r = repair_chunk(x, x->id, &c);
	if (r == 0)
		r = chunk_index_rebuild(c);
	if (r < 0)
		return chunk_error(c, r, "cannot rebuild the index");
	for (size_t i = before; i < x->r->nfindings; i++)
		finding_set_action(&x->r->findings[i], FINDING_FIXED, "index rebuilt from chunk %u's own "
				   "records: %d reference(s)", x->id, r);
	chunk_log(LOG_INFO, "%s: index rebuilt from its own records: %d reference(s)", c->path, r);
	return 0;
}
