/* The cross-chunk index: loading, changing and writing back a chunk's per-peer entries. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/base/errors.h"
#include "libchunk/chunk/index.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/state.h"

struct peer_entry {
	uint16_t peer;
	bool dirty;
	size_t cap;
	struct record_index rec;
};

struct chunk_index {
	bool peers_loaded, peers_dirty;
	struct record_peers peers;
	size_t peers_cap;
	struct peer_entry *entries;
	size_t n, cap;
};

static int index_state(struct chunk *c, struct chunk_index **ret)
{
	if (!c->index) {
		c->index = calloc(1, sizeof(*c->index));
		if (!c->index)
			return -ENOMEM;
	}
	*ret = c->index;
	return 0;
}

static void entry_name(unsigned peer, char out[8])
{
	snprintf(out, 8, "%04u", peer);
}

int chunk_index_peers(struct chunk *c, const struct record_peers **ret)
{
	struct chunk_index *x;
	_cleanup_free_ void *buf = NULL;
	size_t len;
	int r = index_state(c, &x);

	if (r < 0)
		return r;
	if (!x->peers_loaded) {
		if (!c->peers_ino)
			return -EUCLEAN;
		r = chunk_file_read_all(c, c->peers_ino, &buf, &len);
		if (r < 0)
			return chunk_error(c, r, "cannot read the peer summary");
		if (len == 0) {
			memset(&x->peers, 0, sizeof(x->peers));
			x->peers.chunk = (uint16_t)c->id;
		} else {
			r = record_peers_decode(buf, len, &x->peers);
			if (r < 0)
				return chunk_corrupt(c, "peer summary: %s", record_strerror(r));
		}
		x->peers_cap = x->peers.npeers;
		x->peers_loaded = true;
	}
	*ret = &x->peers;
	return 0;
}

/* Whether the peer summary lists PEER. An entry file for a peer it does not list was being
 * written when its process was killed: chunk_index_flush writes the entries, then the summary,
 * and a reference is committed (its forward pointer written) only after both are durable. Such
 * a file, whatever it holds, is no entry. A summary that cannot be read lists every peer, so
 * that the entry files are read as they are (and their own damage reported). */
static bool listed(struct chunk *c, unsigned peer)
{
	const struct record_peers *p;

	if (chunk_index_peers(c, &p) < 0)
		return true;
	for (unsigned i = 0; i < p->npeers; i++)
		if (p->peers[i].peer == peer)
			return true;
	return false;
}

static int entry_load(struct chunk *c, unsigned peer, struct peer_entry **ret)
{
	struct chunk_index *x;
	struct peer_entry *e;
	char name[8];
	ext2_ino_t ino;
	_cleanup_free_ void *buf = NULL;
	size_t len = 0;
	int r = index_state(c, &x);

	if (r < 0)
		return r;
	for (size_t i = 0; i < x->n; i++)
		if (x->entries[i].peer == peer) {
			*ret = &x->entries[i];
			return 0;
		}
	if (x->n == x->cap) {
		size_t ncap = x->cap ? x->cap * 2 : 8;
		struct peer_entry *n = realloc(x->entries, ncap * sizeof(*n));
		if (!n)
			return -ENOMEM;
		x->entries = n;
		x->cap = ncap;
	}
	e = &x->entries[x->n];
	memset(e, 0, sizeof(*e));
	e->peer = (uint16_t)peer;
	e->rec.chunk = (uint16_t)c->id;
	e->rec.peer = (uint16_t)peer;
	entry_name(peer, name);
	r = listed(c, peer) ? chunk_lookup(c, c->index_ino, name, &ino) : -ENOENT;
	if (r == 0) {
		r = chunk_file_read_all(c, ino, &buf, &len);
		if (r < 0)
			return chunk_error(c, r, "cannot read index entry %s", name);
	}
	if (r == 0 && len > 0) {
		/* An empty file is an entry made and never written (a process killed between
		 * entry_write's create and its write): it holds no reference, as if absent. */
		r = record_index_decode(buf, len, &e->rec);
		if (r < 0)
			return chunk_corrupt(c, "index entry for peer %u: %s", peer, record_strerror(r));
		if (e->rec.chunk != c->id || e->rec.peer != peer) {
			record_index_done(&e->rec);
			return chunk_corrupt(c, "index entry %s names chunks %u/%u", name, e->rec.chunk, e->rec.peer);
		}
		e->cap = e->rec.count;
	} else if (r < 0 && r != -ENOENT) {
		return r;
	}
	x->n++;
	*ret = e;
	return 0;
}

int chunk_index_get(struct chunk *c, unsigned peer, const struct record_index **ret)
{
	struct peer_entry *e;
	int r = entry_load(c, peer, &e);

	if (r < 0)
		return r;
	*ret = &e->rec;
	return 0;
}

/* Position of REF in the sorted entry, or where it would go; *found says which. */
static size_t entry_search(const struct record_index *rec, const struct index_ref *ref, bool *found)
{
	size_t lo = 0, hi = rec->count;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int cmp = index_ref_compare(&rec->refs[mid], ref);
		if (cmp == 0) {
			*found = true;
			return mid;
		}
		if (cmp < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = false;
	return lo;
}

static int summary_adjust(struct chunk *c, unsigned peer, int delta)
{
	const struct record_peers *p;
	struct chunk_index *x = c->index;
	size_t i;
	int r = chunk_index_peers(c, &p);

	if (r < 0)
		return r;
	for (i = 0; i < x->peers.npeers && x->peers.peers[i].peer < peer; i++)
		;
	if (i == x->peers.npeers || x->peers.peers[i].peer != peer) {
		if (delta < 0)
			return 0;
		if (x->peers.npeers == x->peers_cap) {
			size_t ncap = x->peers_cap ? x->peers_cap * 2 : 8;
			struct peer_count *n = realloc(x->peers.peers, ncap * sizeof(*n));
			if (!n)
				return -ENOMEM;
			x->peers.peers = n;
			x->peers_cap = ncap;
		}
		memmove(&x->peers.peers[i + 1], &x->peers.peers[i], (x->peers.npeers - i) * sizeof(struct peer_count));
		x->peers.peers[i] = (struct peer_count){ .peer = (uint16_t)peer, .refs = 0 };
		x->peers.npeers++;
	}
	if (delta < 0 && x->peers.peers[i].refs == 0)
		return 0;
	x->peers.peers[i].refs += delta;
	if (x->peers.peers[i].refs == 0) {
		memmove(&x->peers.peers[i], &x->peers.peers[i + 1], (x->peers.npeers - i - 1) * sizeof(struct peer_count));
		x->peers.npeers--;
	}
	x->peers_dirty = true;
	return 0;
}

int chunk_index_add(struct chunk *c, unsigned peer, const struct index_ref *ref)
{
	struct peer_entry *e;
	bool found;
	size_t at;
	int r = entry_load(c, peer, &e);

	if (r < 0)
		return r;
	at = entry_search(&e->rec, ref, &found);
	if (found) {
		e->rec.refs[at] = *ref; /* same pointer, newer generation */
		e->dirty = true;
		return 0;
	}
	if (e->rec.count == e->cap) {
		size_t ncap = e->cap ? e->cap * 2 : 16;
		struct index_ref *n = realloc(e->rec.refs, ncap * sizeof(*n));
		if (!n)
			return -ENOMEM;
		e->rec.refs = n;
		e->cap = ncap;
	}
	memmove(&e->rec.refs[at + 1], &e->rec.refs[at], (e->rec.count - at) * sizeof(*ref));
	e->rec.refs[at] = *ref;
	e->rec.count++;
	e->dirty = true;
	return summary_adjust(c, peer, +1);
}

int chunk_index_remove(struct chunk *c, unsigned peer, const struct index_ref *ref)
{
	struct peer_entry *e;
	bool found;
	size_t at;
	int r = entry_load(c, peer, &e);

	if (r < 0)
		return r;
	at = entry_search(&e->rec, ref, &found);
	if (!found)
		return -ENOENT;
	memmove(&e->rec.refs[at], &e->rec.refs[at + 1], (e->rec.count - at - 1) * sizeof(*ref));
	e->rec.count--;
	e->dirty = true;
	return summary_adjust(c, peer, -1);
}

int chunk_index_find(struct chunk *c, unsigned peer, uint8_t dir, uint32_t local_ino, uint32_t peer_ino,
		     const struct index_ref **ret)
{
	struct peer_entry *e;
	struct index_ref key = { .dir = dir, .local_ino = local_ino, .peer_ino = peer_ino };
	bool found;
	size_t at;
	int r = entry_load(c, peer, &e);

	if (r < 0)
		return r;
	at = entry_search(&e->rec, &key, &found);
	if (!found)
		return -ENOENT;
	*ret = &e->rec.refs[at];
	return 0;
}

static int entry_write(struct chunk *c, struct peer_entry *e)
{
	_cleanup_free_ void *buf = NULL;
	char name[8];
	ext2_ino_t ino;
	size_t len;
	int r;

	entry_name(e->peer, name);
	r = chunk_lookup(c, c->index_ino, name, &ino);
	if (r < 0 && r != -ENOENT)
		return r;
	if (e->rec.count == 0) {
		if (r == -ENOENT)
			return 0;
		r = chunk_unlink(c, c->index_ino, name);
		return r < 0 ? r : chunk_inode_free(c, ino);
	}
	if (r == -ENOENT) {
		r = chunk_file_create(c, c->index_ino, name, LINUX_S_IFREG | 0600, 0, 0, &ino);
		if (r < 0)
			return r;
	}
	r = record_index_encode(&e->rec, &buf, &len);
	return r < 0 ? r : chunk_file_replace(c, ino, buf, len);
}

int chunk_index_flush(struct chunk *c)
{
	struct chunk_index *x = c->index;
	_cleanup_free_ void *buf = NULL;
	size_t len;
	int r;

	if (!x)
		return 0;
	for (size_t i = 0; i < x->n; i++) {
		if (!x->entries[i].dirty)
			continue;
		r = entry_write(c, &x->entries[i]);
		if (r < 0)
			return chunk_error(c, r, "cannot write index entry for peer %u", x->entries[i].peer);
		x->entries[i].dirty = false;
	}
	if (x->peers_dirty) {
		r = record_peers_encode(&x->peers, &buf, &len);
		if (r == 0)
			r = chunk_file_replace(c, c->peers_ino, buf, len);
		if (r < 0)
			return chunk_error(c, r, "cannot write the peer summary");
		x->peers_dirty = false;
	}
	return 0;
}

bool chunk_index_pending(const struct chunk *c)
{
	const struct chunk_index *x = c->index;

	if (!x)
		return false;
	for (size_t i = 0; i < x->n; i++)
		if (x->entries[i].dirty)
			return true;
	return x->peers_dirty;
}

void chunk_index_free(struct chunk *c)
{
	struct chunk_index *x = c->index;

	if (!x)
		return;
	for (size_t i = 0; i < x->n; i++)
		record_index_done(&x->entries[i].rec);
	free(x->entries);
	record_peers_done(&x->peers);
	free(x);
	c->index = NULL;
}

uint64_t chunk_index_total_refs(struct chunk *c)
{
	const struct record_peers *p;
	uint64_t n = 0;

	if (chunk_index_peers(c, &p) < 0)
		return 0;
	for (unsigned i = 0; i < p->npeers; i++)
		n += p->peers[i].refs;
	return n;
}

void chunk_index_reset(struct chunk *c)
{
	chunk_index_free(c);
	if (index_state(c, &c->index) < 0)
		return;
	c->index->peers_loaded = true;
	c->index->peers_dirty = true;
	c->index->peers.chunk = (uint16_t)c->id;
}
