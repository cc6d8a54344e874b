/*  Pass 4: both ends of every cross-chunk reference touching K. The peers' index entries for
 * K are read (one small file per peer; every other chunk's summary too when K lost its own, or
 * when pass 1 found K older than its last write: only the peers remember the references an
 * older K forgot), and nothing else of a peer but the one inode at the far end of each
 * reference. A reference is
 * valid when the head lists the continuation (chunk, inode, generation) and the continuation
 * names the head back, and for a file when every range the head gives it is among the
 * continuation's own, and no byte the continuation holds below the file's size is mapped to
 * nobody (else it reads as zeros: the range is given back to it). Then:
 *   head confirms, continuation does not  -> dangling forward pointer: the range is a hole;
 *   continuation confirms, head does not  -> orphan: quarantined in /lost+found;
 *   neither                              -> stale index entries: removed;
 *   both                                 -> both index entries must be there;
 *   an end that cannot be read (its chunk missing, another volume's, busy or unreadable)
 *                                        -> left as it is, counted as not verified, and K's
 *                                           check unfinished (check-unavailable.c).
 * Establishes that every reference touching K is confirmed at both ends and indexed twice. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/check/check.h"
#include "libchunk/volume/cont.h"
#include "libchunk/base/errors.h"
#include "libchunk/chunk/index.h"
#include "libchunk/base/macro.h"

static bool peer_lists_k(struct check_ctx *x, struct chunk *pc)
{
	const struct record_peers *s;

	if (chunk_index_peers(pc, &s) < 0)
		return true; /* an unreadable summary: read the entry itself */
	for (unsigned i = 0; i < s->npeers; i++)
		if (s->peers[i].peer == x->id)
			return true;
	return false;
}

static int read_peer_indexes(struct check_ctx *x)
{
	unsigned n = volume_chunk_count(x->v);
	_cleanup_free_ bool *want = calloc(n, sizeof(bool));
	int r;

	if (!want)
		return -ENOMEM;
	for (size_t i = 0; i < x->nrefs; i++) {
		unsigned p = x->refs[i].head.chunk == x->id ? x->refs[i].cont.chunk : x->refs[i].head.chunk;
		if (p < n)
			want[p] = true; /* a chunk the volume does not have: judge() drops the pointer */
	}
	for (unsigned p = 0; p < n; p++) {
		struct chunk *pc;
		if (p == x->id || (!want[p] && !x->use_all_peers && !x->rolled_back))
			continue;
		r = volume_chunk(x->v, p, &pc);
		if (r < 0 && !want[p] && !x->use_all_peers) {
			/* A chunk K names no reference with: K's check does not depend on it, but
			 * whether it still references a K rolled back is unknown. */
			x->r->peers_unread++;
			continue;
		}
		if (r < 0) {
			/* Unavailable, not a peer that lost everything: its references are counted as
			 * not verified (judge) and left as they are. */
			check_peer_unavailable(x, p, r);
			continue;
		}
		if (!want[p] && !peer_lists_k(x, pc))
			continue;
		r = check_refs_from_index(x, pc, x->id);
		if (r < 0) {
			check_found(x, "pointers", 0, "chunk %u's index entry for chunk %u is unreadable: %s", p,
				    x->id, record_strerror(r));
			continue;
		}
		x->peer_seen[p] = true;
		x->r->peers_read++;
	}
	check_refs_merge(x);
	return 0;
}

/* The head end: the inode is there with the generation, and its record lists the continuation
 * (the K-th of its continuations). */
static int head_confirms(struct check_ctx *x, const struct check_ref *ref, const struct record_head **ret,
			 unsigned *k)
{
	const struct record_head *h;
	int r = check_cache_head(x, &ref->head, &h);

	if (r < 0)
		return r;
	for (unsigned i = 0; i < h->ncont; i++)
		if (h->conts[i].chunk == ref->cont.chunk && h->conts[i].ino == ref->cont.ino &&
		    h->conts[i].gen == ref->cont.gen && h->kind == ref->kind) {
			*k = i;
			*ret = h;
			return 0;
		}
	return -ESTALE;
}

static bool range_held(const struct record_cont *rec, const struct record_range *g)
{
	for (uint32_t i = 0; i < rec->nranges; i++)
		if (rec->ranges[i].start <= g->start && g->end <= rec->ranges[i].end)
			return true;
	return false;
}

static bool ranges_agree(const struct record_head *h, unsigned k, const struct record_cont *rec)
{
	for (uint32_t i = 0; i < h->nranges; i++)
		if (h->ranges[i].holder == k + 1 && !range_held(rec, &h->ranges[i]))
			return false;
	return true;
}

/* Bytes below SIZE that continuation K's record holds and no range of the head gives to any
 * holder: they read as zeros though the continuation has them (a head range cut short with a
 * valid CRC). Fills GAPS (at most MAX) and returns how many, with their sum in *BYTES. */
static size_t unmapped(const struct record_head *h, const struct record_cont *rec, uint64_t size,
		       struct record_range *gaps, size_t max, uint64_t *bytes)
{
	size_t n = 0;

	*bytes = 0;
	for (uint32_t i = 0; i < rec->nranges; i++) {
		uint64_t pos = rec->ranges[i].start, end = MIN(rec->ranges[i].end, size);

		for (uint32_t j = 0; pos < end && j <= h->nranges; j++) {
			uint64_t next = j < h->nranges ? h->ranges[j].start : UINT64_MAX;
			uint64_t upto = MIN(end, next);
			if (pos < upto) {
				if (n < max)
					gaps[n++] = (struct record_range){ pos, upto, 0 };
				*bytes += upto - pos;
			}
			if (j < h->nranges)
				pos = MAX(pos, h->ranges[j].end);
		}
	}
	return n;
}

/* A valid file reference whose continuation holds bytes of the file that the head maps to
 * nobody: damage (silent zeros), named with the file's path; a repair gives them back. */
static bool judge_unmapped(struct check_ctx *x, const struct check_ref *ref, const struct record_head *h,
			   unsigned k, const struct record_cont *rec)
{
	_cleanup_free_ struct record_range *gaps = calloc(h->nranges + rec->nranges + 1, sizeof(*gaps));
	struct ext2_inode_large inode;
	struct chunk *hc;
	uint64_t bytes;
	size_t n;
	struct finding *f;

	/* The head's size is read only when some byte is unmapped at all (rarely): not for
	 * every reference the pass judges. */
	if (!gaps || rec->nranges == 0 ||
	    unmapped(h, rec, UINT64_MAX, gaps, h->nranges + rec->nranges + 1, &bytes) == 0 ||
	    volume_chunk(x->v, ref->head.chunk, &hc) < 0 || chunk_inode_read(hc, ref->head.ino, &inode) < 0)
		return false;
	n = unmapped(h, rec, EXT2_I_SIZE(&inode), gaps, h->nranges + rec->nranges + 1, &bytes);
	if (n == 0)
		return false;
	f = check_found(x, "pointers", VINO(ref->head.chunk, ref->head.ino),
			"continuation %u:%u holds %llu byte(s) of the file from %llu that no range of its "
			"head gives to anyone: they read as zeros", ref->cont.chunk, ref->cont.ino,
			(unsigned long long)bytes, (unsigned long long)gaps[0].start);
	finding_take_path(f, check_path_of(x, VINO(ref->head.chunk, ref->head.ino)));
	if (x->repair)
		repair_unmapped(x, ref, k, gaps, n, f);
	return x->repair;
}

static struct finding *k_index_finding(struct check_ctx *x, const struct check_ref *ref)
{
	return ref->index_finding ? &x->r->findings[ref->index_finding - 1] : NULL;
}

/* CHUNK's index lists E now: this repair wrote it after the index was read (a part of
 * /lost+found made in K for an orphan is a reference of its own). */
static bool index_lists_now(struct check_ctx *x, unsigned chunk, unsigned peer, const struct index_ref *e)
{
	const struct index_ref *cur;
	struct chunk *c;

	return volume_chunk(x->v, chunk, &c) == 0 &&
	       chunk_index_find(c, peer, e->dir, e->local_ino, e->peer_ino, &cur) == 0 &&
	       cur->kind == e->kind && cur->local_gen == e->local_gen && cur->peer_gen == e->peer_gen;
}

/* Both index entries of a valid reference: add whichever is missing. */
static void ensure_indexed(struct check_ctx *x, const struct check_ref *ref)
{
	static const unsigned sides[] = { SRC_HEAD_INDEX, SRC_CONT_INDEX };

	for (size_t i = 0; i < ELEMENTSOF(sides); i++) {
		unsigned chunk = sides[i] == SRC_HEAD_INDEX ? ref->head.chunk : ref->cont.chunk;
		unsigned peer = sides[i] == SRC_HEAD_INDEX ? ref->cont.chunk : ref->head.chunk;
		struct index_ref e = check_ref_index_entry(ref, sides[i]);
		struct finding *f;

		if (ref->src & sides[i])
			continue;
		if (chunk != x->id && !x->peer_seen[chunk])
			continue; /* that entry was not read */
		f = chunk == x->id ? k_index_finding(x, ref) : NULL;
		if (!f && x->repair && index_lists_now(x, chunk, peer, &e))
			continue;
		if (!f)
			f = check_found(x, "pointers", VINO(chunk, e.local_ino),
					"reference %u:%u -> %u:%u is missing from chunk %u's index", ref->head.chunk,
					ref->head.ino, ref->cont.chunk, ref->cont.ino, chunk);
		if (x->repair)
			repair_index_entry(x, chunk, peer, &e, true, f);
	}
}

/* Index entries of a reference that is not valid: remove whichever exist, K's first (F, when
 * it is pass 3's finding, is about K's index). A reference that is not valid belongs in no
 * index, so once neither lists it F is settled, whether an entry was removed or none was there:
 * a record that claimed it and is now repaired (a hole, a quarantine) leaves nothing to add. */
static void drop_indexed(struct check_ctx *x, const struct check_ref *ref, struct finding *f)
{
	unsigned sides[] = { SRC_HEAD_INDEX, SRC_CONT_INDEX };
	int r = 0;

	if (!x->repair)
		return;
	if (ref->cont.chunk == x->id) {
		sides[0] = SRC_CONT_INDEX;
		sides[1] = SRC_HEAD_INDEX;
	}
	for (size_t i = 0; i < ELEMENTSOF(sides); i++) {
		unsigned chunk = sides[i] == SRC_HEAD_INDEX ? ref->head.chunk : ref->cont.chunk;
		unsigned peer = sides[i] == SRC_HEAD_INDEX ? ref->cont.chunk : ref->head.chunk;
		struct index_ref e = check_ref_index_entry(ref, sides[i]);

		if ((ref->src & sides[i]) && repair_index_entry(x, chunk, peer, &e, false, f) < 0)
			r = -EIO;
	}
	if (r == 0 && f && f->action == FINDING_LEFT)
		finding_set_action(f, FINDING_FIXED, "no index lists it: the reference is not valid at both ends");
}

/* Whether REF's head has a link (a file unlinked while open confirms its continuations, flagged
 * released at the unlink, until its last close). */
static bool head_linked(struct check_ctx *x, const struct check_ref *ref)
{
	const struct check_inode *e = check_cache_lookup(x, ref->head.chunk, ref->head.ino);

	return e && e->links > 0;
}

static void origin_name(const struct check_ref *ref, char out[64])
{
	snprintf(out, 64, "%04u-%08x-%08x", ref->head.chunk, ref->head.ino, ref->head.gen);
}

/* A pointer whose chunk number was damaged: REF's head lists a continuation that does not
 * confirm (DANGLING, REF's own, or one listed in the head's record when REF is an orphan) while
 * an inode of the same number and generation in another chunk names the head back. The pair
 * is (FROM, TO): the pointer as it is, the continuation it meant. */
static bool damaged_pointer(struct check_ctx *x, const struct check_ref *ref, bool dangling, struct chunk_ref *from,
			    struct chunk_ref *to, struct check_ref **meant)
{
	const struct record_head *h;
	const struct record_cont *rec;

	*meant = NULL;
	if (dangling) {
		for (size_t i = 0; i < x->nrefs; i++) {
			struct check_ref *o = &x->refs[i];
			if (o == ref || o->kind != ref->kind || o->head.chunk != ref->head.chunk || o->head.ino != ref->head.ino ||
			    o->head.gen != ref->head.gen || o->cont.ino != ref->cont.ino || o->cont.gen != ref->cont.gen ||
			    o->cont.chunk == ref->cont.chunk || check_cache_cont(x, &o->head, &o->cont, &rec) < 0 ||
			    (rec->flags & CONT_FLAG_RELEASED))
				continue;
			*from = ref->cont;
			*to = o->cont;
			*meant = o;
			return true;
		}
		return false;
	}
	if (check_cache_head(x, &ref->head, &h) < 0 || h->kind != ref->kind)
		return false;
	for (unsigned i = 0; i < h->ncont; i++)
		if (h->conts[i].ino == ref->cont.ino && h->conts[i].gen == ref->cont.gen &&
		    h->conts[i].chunk != ref->cont.chunk && check_cache_cont(x, &ref->head, &h->conts[i], &rec) == -ESTALE) {
			*from = h->conts[i];
			*to = ref->cont;
			return true;
		}
	return false;
}

/* REF (the continuation a damaged pointer meant) is the head record's again after repair_repoint:
 * what pass 2 said of K's index entry for it (that no record made it) is settled. */
static void repointed(struct check_ctx *x, struct check_ref *ref)
{
	struct finding *kf;

	ref->src |= SRC_HEAD_RECORD;
	check_cache_forget(x, ref->head.chunk, ref->head.ino);
	kf = k_index_finding(x, ref);
	if (kf && kf->action == FINDING_LEFT)
		finding_set_action(kf, FINDING_FIXED, "the head's record names it again (its damaged pointer points "
				   "back at it)");
}

static int judge(struct check_ctx *x, struct check_ref *ref)
{
	const struct record_head *h = NULL;
	const struct record_cont *rec = NULL;
	unsigned k = 0;
	int head = head_confirms(x, ref, &h, &k);
	int cont = check_cache_cont(x, &ref->head, &ref->cont, &rec);
	bool unknown = cont_unknown(head) || cont_unknown(cont);
	unsigned p = cont_unknown(head) ? ref->head.chunk : ref->cont.chunk;
	int e = cont_unknown(head) ? head : cont;
	bool changed = false;
	struct chunk_ref from, to;
	struct check_ref *meant;
	struct finding *f;
	char origin[64];

	if (unknown) {
		/* One end was not read (its chunk missing, another volume's, in use, not opening, or
		 * the inode unreadable): nothing is known against the reference, so nothing is
		 * changed at either end, and K's check cannot finish (check.c: outcome). */
		if (e == -ENOMEM)
			return e;
		x->r->refs_unverified++;
		check_peer_unavailable(x, p, e);
		return 0;
	}
	x->r->refs_checked++;
	if (head == 0 && cont == 0) {
		if (ref->kind == REF_FILE && !ranges_agree(h, k, rec)) {
			f = check_found(x, "pointers", VINO(ref->head.chunk, ref->head.ino),
					"the head gives continuation %u:%u ranges it does not hold",
					ref->cont.chunk, ref->cont.ino);
			finding_take_path(f, check_path_of(x, VINO(ref->head.chunk, ref->head.ino)));
			if (x->repair) {
				repair_hole(x, ref, f);
				changed = true;
			}
		} else if (ref->kind == REF_FILE) {
			changed = judge_unmapped(x, ref, h, k, rec);
		}
		if ((rec->flags & CONT_FLAG_RELEASED) && head_linked(x, ref)) {
			f = check_found(x, "pointers", VINO(ref->cont.chunk, ref->cont.ino), "continuation %u:%u is "
					"flagged released, but its head %u:%u lives and names it (a removal was cut "
					"short before the head let go)", ref->cont.chunk, ref->cont.ino,
					ref->head.chunk, ref->head.ino);
			finding_take_path(f, check_path_of(x, VINO(ref->head.chunk, ref->head.ino)));
			if (x->repair) {
				repair_unrelease(x, &ref->cont, f);
				changed = true;
			}
		}
		ensure_indexed(x, ref);
		if (k_index_finding(x, ref) && !(ref->src & (ref->head.chunk == x->id ? SRC_HEAD_RECORD : SRC_CONT_RECORD)))
			finding_set_action(k_index_finding(x, ref), FINDING_LEFT, "the reference is valid at both "
					   "ends; chunk %u's record for it is missing", x->id);
	} else if (head == 0) {
		if (!cont_chunk_possible(x->v, ref->head.chunk, ref->cont.chunk))
			f = check_found(x, "pointers", VINO(ref->head.chunk, ref->head.ino),
					"dangling forward pointer: continuation %u:%u is in chunk %u, %s", ref->cont.chunk,
					ref->cont.ino, ref->cont.chunk, ref->cont.chunk == ref->head.chunk ?
					"the head's own" : "which the volume does not have");
		else
			f = check_found(x, "pointers", VINO(ref->head.chunk, ref->head.ino),
					"dangling forward pointer: continuation %u:%u (generation %u) is gone or does "
					"not name this %s back", ref->cont.chunk, ref->cont.ino, ref->cont.gen,
					ref->kind == REF_DIR ? "directory" : "file");
		finding_take_path(f, check_path_of(x, VINO(ref->head.chunk, ref->head.ino)));
		changed = x->repair;
		if (x->repair && damaged_pointer(x, ref, true, &from, &to, &meant) &&
		    repair_repoint(x, &ref->head, &from, &to, f) == 0) {
			drop_indexed(x, ref, k_index_finding(x, ref));
			repointed(x, meant);
		} else if (x->repair && repair_hole(x, ref, f) == 0) {
			drop_indexed(x, ref, k_index_finding(x, ref));
			/* A part of the directory in K, gone: so are the files its first block named
			 * whose inodes went with it. */
			if (ref->kind == REF_DIR && ref->cont.chunk == x->id && f && f->path)
				check_links_name_lost_part(x, ref->cont.ino, f->path);
		}
	} else if (cont == 0 && !(rec->flags & CONT_FLAG_RELEASED) && x->repair &&
		   damaged_pointer(x, ref, false, &from, &to, &meant)) {
		f = check_found(x, "pointers", VINO(ref->head.chunk, ref->head.ino),
				"dangling forward pointer: continuation %u:%u (generation %u) does not name this %s "
				"back, and %u:%u, of that number and generation, does", from.chunk, from.ino, from.gen,
				ref->kind == REF_DIR ? "directory" : "file", to.chunk, to.ino);
		finding_take_path(f, check_path_of(x, VINO(ref->head.chunk, ref->head.ino)));
		changed = true;
		if (repair_repoint(x, &ref->head, &from, &to, f) == 0) {
			/* Valid at both ends now: judged again as such. */
			repointed(x, ref);
			return judge(x, ref);
		}
		finding_set_action(f, FINDING_LEFT, "the head's record could not be changed");
	} else if (cont == 0 && (rec->flags & CONT_FLAG_RELEASED)) {
		/* Its head let go of it (docs/FORMAT.md): the user removed the file, and a kill
		 * or crash cut the removal short. Freed, not kept as a loss. */
		f = check_found(x, "pointers", VINO(ref->cont.chunk, ref->cont.ino),
				"continuation of a removed file or directory: its head %u:%u (generation %u) let "
				"go of it and is gone", ref->head.chunk, ref->head.ino, ref->head.gen);
		origin_name(ref, origin);
		changed = x->repair;
		if (x->repair && repair_released(x, ref->cont.chunk, ref->cont.ino, origin, f) == 0) {
			drop_indexed(x, ref, k_index_finding(x, ref));
			check_links_orphan_moved(x, VINO(ref->cont.chunk, ref->cont.ino));
		}
	} else if (cont == 0) {
		f = check_found(x, "pointers", VINO(ref->cont.chunk, ref->cont.ino),
				"orphan continuation: its head %u:%u (generation %u) is gone or does not name it",
				ref->head.chunk, ref->head.ino, ref->head.gen);
		/* A head the damage took (pass 2 named it gone): this is what is left of that file. */
		if (f && check_path_lost(x, VINO(ref->head.chunk, ref->head.ino)))
			finding_set_path(f, check_path_lost(x, VINO(ref->head.chunk, ref->head.ino)));
		origin_name(ref, origin);
		changed = x->repair;
		if (x->repair && repair_orphan(x, ref->cont.chunk, ref->cont.ino, origin, f) == 0) {
			drop_indexed(x, ref, k_index_finding(x, ref));
			check_links_orphan_moved(x, VINO(ref->cont.chunk, ref->cont.ino));
		}
	} else {
		f = k_index_finding(x, ref);
		if (!f)
			f = check_found(x, "pointers", 0, "index entries for %u:%u -> %u:%u, a reference neither "
					"end makes", ref->head.chunk, ref->head.ino, ref->cont.chunk, ref->cont.ino);
		drop_indexed(x, ref, f);
	}
	if (changed) {
		/* The repair rewrote records at one end or both: read them again if asked. */
		check_cache_forget(x, ref->head.chunk, ref->head.ino);
		check_cache_forget(x, ref->cont.chunk, ref->cont.ino);
	}
	return 0;
}

int check_pointers(struct check_ctx *x)
{
	int r = read_peer_indexes(x);

	if (r < 0)
		return r;
	for (size_t i = 0; i < x->nrefs; i++) {
		if (x->o->cancel && *x->o->cancel)
			return -ECANCELED;
		r = judge(x, &x->refs[i]);
		if (r < 0)
			return r;
	}
	return 0;
}
