/* The references touching K as each source claims them: K's head and continuation records
 * (a scan of K's inodes — K is the chunk being checked), K's index, and the peers' index
 * entries for K. Claims about the same reference are merged so each is judged once. */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/chunk/orphan.h"
#include "libchunk/check/check.h"
#include "libchunk/volume/cont.h"
#include "libchunk/base/errors.h"
#include "libchunk/chunk/index.h"
#include "libchunk/base/macro.h"

int check_ref_add(struct check_ctx *x, const struct chunk_ref *head, const struct chunk_ref *cont,
		  uint8_t kind, unsigned src)
{
	if (x->nrefs == x->refs_cap) {
		size_t ncap = x->refs_cap ? x->refs_cap * 2 : 256;
		struct check_ref *n = realloc(x->refs, ncap * sizeof(*n));
		if (!n)
			return -ENOMEM;
		x->refs = n;
		x->refs_cap = ncap;
	}
	x->refs[x->nrefs++] = (struct check_ref) { .head = *head, .cont = *cont, .kind = kind, .src = src };
	return 0;
}

static int cmp_u32(uint32_t a, uint32_t b)
{
	return a < b ? -1 : a > b;
}

static int ref_compare(const void *pa, const void *pb)
{
	const struct check_ref *a = pa, *b = pb;
	int c;

	if ((c = cmp_u32(a->head.chunk, b->head.chunk)) || (c = cmp_u32(a->head.ino, b->head.ino)) ||
	    (c = cmp_u32(a->head.gen, b->head.gen)) || (c = cmp_u32(a->cont.chunk, b->cont.chunk)) ||
	    (c = cmp_u32(a->cont.ino, b->cont.ino)) || (c = cmp_u32(a->cont.gen, b->cont.gen)))
		return c;
	return cmp_u32(a->kind, b->kind);
}

void check_refs_merge(struct check_ctx *x)
{
	size_t out = 0;

	if (x->nrefs == 0)
		return;
	qsort(x->refs, x->nrefs, sizeof(*x->refs), ref_compare);
	for (size_t i = 1; i < x->nrefs; i++) {
		if (ref_compare(&x->refs[out], &x->refs[i]) == 0) {
			x->refs[out].src |= x->refs[i].src;
			continue;
		}
		x->refs[++out] = x->refs[i];
	}
	x->nrefs = out + 1;
}

struct index_ref check_ref_index_entry(const struct check_ref *ref, unsigned side)
{
	assert(side == SRC_HEAD_INDEX || side == SRC_CONT_INDEX);
	if (side == SRC_HEAD_INDEX)
		return (struct index_ref) { .kind = ref->kind, .dir = REF_OUT, .local_ino = ref->head.ino,
					    .local_gen = ref->head.gen, .peer_ino = ref->cont.ino,
					    .peer_gen = ref->cont.gen };
	return (struct index_ref) { .kind = ref->kind, .dir = REF_IN, .local_ino = ref->cont.ino,
				    .local_gen = ref->cont.gen, .peer_ino = ref->head.ino, .peer_gen = ref->head.gen };
}

int check_refs_from_index(struct check_ctx *x, struct chunk *c, unsigned peer)
{
	const struct record_index *rec;
	int r = chunk_index_get(c, peer, &rec);

	if (r < 0)
		return r;
	for (uint32_t i = 0; i < rec->count; i++) {
		const struct index_ref *e = &rec->refs[i];
		struct chunk_ref local = { .chunk = (uint16_t)c->id, .ino = e->local_ino, .gen = e->local_gen };
		struct chunk_ref remote = { .chunk = (uint16_t)peer, .ino = e->peer_ino, .gen = e->peer_gen };

		if (e->dir == REF_OUT)
			r = check_ref_add(x, &local, &remote, e->kind, SRC_HEAD_INDEX);
		else
			r = check_ref_add(x, &remote, &local, e->kind, SRC_CONT_INDEX);
		if (r < 0)
			return r;
	}
	return 0;
}

/* In-inode or block extended attributes: only those inodes can carry a chunkfs record. */
static bool inode_has_xattrs(const struct ext2_inode_large *inode, size_t inode_size)
{
	uint32_t magic;
	size_t off;

	if (inode->i_file_acl)
		return true;
	if (inode_size <= EXT2_GOOD_OLD_INODE_SIZE)
		return false;
	off = EXT2_GOOD_OLD_INODE_SIZE + inode->i_extra_isize;
	if (off + sizeof(magic) > inode_size)
		return false;
	memcpy(&magic, (const char *)inode + off, sizeof(magic));
	return magic == EXT2_EXT_ATTR_MAGIC;
}

/* A head record in K: its ranges sorted, disjoint, naming real holders (or marked lost: a
 * known state that a repair left and the admin clears, not damage), and one
 * continuation per chunk. Returns false (and reports) when it is not. A continuation in a
 * chunk that cannot hold one (K itself, or a chunk the volume does not have) is a dangling
 * pointer like any other: pass 4 judges it so (cont_chunk_possible), and a repair drops it. */
static bool head_record_sane(struct check_ctx *x, ext2_ino_t ino, const struct record_head *h)
{
	for (unsigned i = 0; i < h->ncont; i++) {
		for (unsigned j = 0; j < i; j++)
			if (h->conts[j].chunk == h->conts[i].chunk)
				return check_found(x, "records", VINO(x->id, ino),
						   "head record has two continuations in chunk %u",
						   h->conts[i].chunk), false;
	}
	for (uint32_t i = 0; i < h->nranges; i++) {
		const struct record_range *g = &h->ranges[i];
		if (g->start >= g->end || (g->holder > h->ncont && g->holder != RANGE_LOST) ||
		    (i && g->start < h->ranges[i - 1].end))
			return check_found(x, "records", VINO(x->id, ino),
					   "head record: range %u [%llu, %llu) overlaps, is empty or has no holder",
					   i, (unsigned long long)g->start, (unsigned long long)g->end), false;
	}
	return true;
}

/* Appends INO and F (as 1 + its index, 0 for none) to the lists INOS and FINDINGS of N. */
static int remember(struct check_ctx *x, ext2_ino_t **inos, size_t **findings, size_t *n, ext2_ino_t ino,
		    struct finding *f)
{
	ext2_ino_t *a = realloc(*inos, (*n + 1) * sizeof(*a));
	size_t *b;

	if (!a)
		return -ENOMEM;
	*inos = a;
	b = realloc(*findings, (*n + 1) * sizeof(*b));
	if (!b)
		return -ENOMEM;
	*findings = b;
	a[*n] = ino;
	b[(*n)++] = f ? (size_t)(f - x->r->findings) + 1 : 0;
	return 0;
}

static int remember_unreadable(struct check_ctx *x, ext2_ino_t ino, struct finding *f)
{
	return remember(x, &x->bad_conts, &x->bad_findings, &x->nbad, ino, f);
}

static int remember_bad_head(struct check_ctx *x, ext2_ino_t ino, struct finding *f)
{
	return remember(x, &x->bad_heads, &x->bad_head_findings, &x->nbad_heads, ino, f);
}

static bool same_head(const struct check_ref *a, const struct check_ref *b)
{
	return a->head.chunk == b->head.chunk && a->head.ino == b->head.ino && a->head.gen == b->head.gen;
}

/* Whether continuation CONT exists and its record, readable, names a head other than HEAD. */
static bool names_another_head(struct check_ctx *x, const struct chunk_ref *head, const struct chunk_ref *cont)
{
	const struct check_inode *e;

	if (!cont_chunk_possible(x->v, head->chunk, cont->chunk) ||
	    check_cache_inode(x, cont->chunk, cont->ino, &e) < 0 || e->links == 0 || e->gen != cont->gen ||
	    e->cont_err < 0)
		return false;
	return e->cont.head.chunk != head->chunk || e->cont.head.ino != head->ino || e->cont.head.gen != head->gen;
}

/* A head record of K that reads well but that everything else contradicts: each continuation it
 * lists names another head in its own record, and K's index lists none of them for it, while
 * K's index lists continuations of this head that name it back and that the record leaves out
 * (a record rewritten, CRC and all, with another file's list). No crash leaves that: a head's
 * record lists a continuation only once the continuation's record names the head, and an
 * operation drops from the record only what it then releases. So the record is the damaged
 * one, and a repair rebuilds it, as an unreadable one, from the continuations that name it
 * back; the claims it made go with it. Without this rule the head's own continuations went
 * to /lost+found as orphans, and the bytes it claimed were cut from it as lost. */
void check_refs_contradicted_heads(struct check_ctx *x)
{
	size_t i = 0, out = 0;

	while (i < x->nrefs) {
		const struct check_ref *h = &x->refs[i];
		size_t j, listed = 0, backed = 0;
		bool contradicted = true;

		for (j = i; j < x->nrefs && same_head(&x->refs[j], h); j++) {
			const struct check_ref *ref = &x->refs[j];
			const struct record_cont *rec;
			if (ref->src & SRC_HEAD_RECORD) {
				listed++;
				contradicted &= !(ref->src & SRC_HEAD_INDEX) && names_another_head(x, &ref->head, &ref->cont);
			} else if ((ref->src & SRC_HEAD_INDEX) && check_cache_cont(x, &ref->head, &ref->cont, &rec) == 0)
				backed++;
		}
		if (h->head.chunk == x->id && listed && backed && contradicted) {
			struct finding *f = check_found(x, "records", VINO(x->id, h->head.ino), "head record lists %zu "
							"continuation(s) whose records name another head, and none of the %zu "
							"that name it back (chunk %u's index lists them): the record is damaged",
							listed, backed, x->id);
			finding_take_path(f, check_path_of(x, VINO(x->id, h->head.ino)));
			if (x->repair && remember_bad_head(x, h->head.ino, f) == 0)
				for (size_t k = i; k < j; k++)
					x->refs[k].src &= ~(unsigned)SRC_HEAD_RECORD;
		}
		i = j;
	}
	/* The claims of a record that is to be rebuilt are nobody's now. */
	for (i = 0; i < x->nrefs; i++)
		if (x->refs[i].src)
			x->refs[out++] = x->refs[i];
	x->nrefs = out;
}

/* A head record the damage made unreadable named continuations that still name it back, and
 * K's index (read by now) lists them: the record is rebuilt with them, so that the file or
 * directory keeps what they hold instead of its losing it to /lost+found. Those taken back are
 * references the head's record makes again. */
void check_refs_rebuild_heads(struct check_ctx *x)
{
	for (size_t b = 0; b < x->nbad_heads; b++) {
		ext2_ino_t ino = x->bad_heads[b];
		struct finding *f = x->bad_head_findings[b] ? &x->r->findings[x->bad_head_findings[b] - 1] : NULL;
		_cleanup_free_ const struct check_ref **adopt = calloc(x->nrefs + 1, sizeof(*adopt));
		_cleanup_free_ const struct record_cont **recs = calloc(x->nrefs + 1, sizeof(*recs));
		struct ext2_inode_large inode;
		size_t n = 0;
		bool adopted = false;

		if (!adopt || !recs || chunk_inode_read(x->c, ino, &inode) < 0)
			continue;
		for (size_t i = 0; i < x->nrefs; i++) {
			const struct check_ref *ref = &x->refs[i];
			const struct record_cont *rec;
			if (ref->head.chunk != x->id || ref->head.ino != ino || ref->head.gen != inode.i_generation ||
			    !(ref->src & SRC_HEAD_INDEX) || n >= CONT_MAX)
				continue;
			if (ref->kind != (LINUX_S_ISDIR(inode.i_mode) ? REF_DIR : REF_FILE) ||
			    check_cache_cont(x, &ref->head, &ref->cont, &rec) < 0 || (rec->flags & CONT_FLAG_RELEASED))
				continue;
			adopt[n] = ref;
			recs[n++] = rec;
		}
		repair_head_unreadable(x, ino, &inode, adopt, recs, n, &adopted, f);
		for (size_t i = 0; adopted && i < n; i++)
			((struct check_ref *)adopt[i])->src |= SRC_HEAD_RECORD;
	}
}

/* The record of K's continuation INO (INODE), which cannot be read, written again from what its
 * one head says of it: the head (listing it, of its generation and kind, as K's index says) is
 * the back pointer, the head's neighbours in its list the chain, the head's ranges for it its
 * ranges. False when no head or more than one claims it, or nothing could be written. */
static bool rebuild_cont(struct check_ctx *x, ext2_ino_t ino, const struct ext2_inode_large *inode, struct finding *f)
{
	const struct record_head *h = NULL;
	struct check_ref *found = NULL;
	struct record_cont rec = { .gen = inode->i_generation };
	unsigned k = 0, n = 0;
	bool ok;

	for (size_t i = 0; i < x->nrefs; i++) {
		struct check_ref *ref = &x->refs[i];
		const struct record_head *rh;
		if (ref->cont.chunk != x->id || ref->cont.ino != ino || ref->cont.gen != inode->i_generation ||
		    !(ref->src & SRC_CONT_INDEX) || check_cache_head(x, &ref->head, &rh) < 0 || rh->kind != ref->kind)
			continue;
		for (unsigned j = 0; j < rh->ncont; j++)
			if (rh->conts[j].chunk == x->id && rh->conts[j].ino == ino && rh->conts[j].gen == inode->i_generation) {
				found = ref;
				h = rh;
				k = j;
				n++;
				break;
			}
	}
	if (n != 1)
		return false;
	rec.kind = found->kind;
	rec.head = found->head;
	rec.prev = k ? h->conts[k - 1] : found->head;
	rec.next = k + 1 < h->ncont ? h->conts[k + 1] : (struct chunk_ref){ .chunk = 0xffff };
	rec.ranges = calloc(h->nranges + 1, sizeof(*rec.ranges));
	if (!rec.ranges)
		return false;
	for (uint32_t i = 0; found->kind == REF_FILE && i < h->nranges; i++)
		if (h->ranges[i].holder == k + 1)
			rec.ranges[rec.nranges++] = (struct record_range){ h->ranges[i].start, h->ranges[i].end, 0 };
	ok = cont_store(x->c, ino, &rec) == 0;
	free(rec.ranges);
	if (!ok)
		return false;
	x->written[x->id] = true;
	check_cache_forget(x, x->id, ino);
	found->src |= SRC_CONT_RECORD;
	finding_set_action(f, FINDING_FIXED, "record rebuilt from its head %u:%u, which names it (this chunk's index "
			   "lists the reference)", found->head.chunk, found->head.ino);
	return true;
}

/* Pass 2, once K's index is read: K's continuations with unreadable records that exactly one
 * head claims get their records back (a repair); the rest are quarantined at the pass's end. */
void check_refs_rebuild_conts(struct check_ctx *x)
{
	size_t out = 0;

	for (size_t i = 0; i < x->nbad; i++) {
		struct finding *f = x->bad_findings[i] ? &x->r->findings[x->bad_findings[i] - 1] : NULL;
		struct ext2_inode_large inode;
		if (x->repair && chunk_inode_read(x->c, x->bad_conts[i], &inode) == 0 && inode.i_links_count &&
		    rebuild_cont(x, x->bad_conts[i], &inode, f))
			continue;
		x->bad_conts[out] = x->bad_conts[i];
		x->bad_findings[out++] = x->bad_findings[i];
	}
	x->nbad = out;
}

void check_refs_quarantine_unreadable(struct check_ctx *x)
{
	for (size_t i = 0; x->repair && i < x->nbad; i++) {
		repair_orphan(x, x->id, x->bad_conts[i], NULL,
			      x->bad_findings[i] ? &x->r->findings[x->bad_findings[i] - 1] : NULL);
		check_cache_forget(x, x->id, x->bad_conts[i]);
	}
}

/* One inode of K with extended attributes: its records, read once into the check's cache
 * (pass 4 judges K's end of each reference from there). */
static int scan_inode(struct check_ctx *x, ext2_ino_t ino, struct ext2_inode_large *inode)
{
	struct chunk *c = x->c;
	const struct check_inode *e = check_cache_lookup(x, x->id, ino);
	const struct record_cont *rec;
	int r = 0;

	/* Pass 2 read the continuations linked in /.chunkfs/cont already. */
	if (!e || e->gen != inode->i_generation || e->links != inode->i_links_count)
		r = check_cache_add(x, c, ino, inode, &e);
	if (r < 0)
		return r;
	if (e->head_err != -ENODATA) {
		const struct record_head *h = &e->head;
		if (e->head_err < 0 || h->gen != inode->i_generation) {
			struct finding *f = check_found(x, "records", VINO(x->id, ino), "head record is unreadable (%s)",
							e->head_err < 0 ? record_strerror(e->head_err) :
							"generation differs from the inode's");
			finding_take_path(f, check_path_of(x, VINO(x->id, ino)));
			return x->repair ? remember_bad_head(x, ino, f) : 0;
		}
		if (head_record_sane(x, ino, h))
			for (unsigned i = 0; i < h->ncont && r == 0; i++)
				r = check_ref_add(x, &(struct chunk_ref) { (uint16_t)x->id, ino, h->gen },
						  &h->conts[i], (uint8_t)h->kind, SRC_HEAD_RECORD);
		if (r < 0)
			return r;
	}
	if (e->cont_err == -ENODATA || e->cont_err == -ENOENT)
		return 0;
	rec = &e->cont;
	if (e->cont_err < 0 || rec->gen != inode->i_generation || rec->head.chunk == x->id ||
	    rec->head.chunk >= volume_chunk_count(x->v)) {
		struct finding *f = check_found(x, "records", VINO(x->id, ino),
						"continuation record is unreadable (%s)",
						e->cont_err < 0 ? record_strerror(e->cont_err) : "it names an impossible head");
		return remember_unreadable(x, ino, f);
	}
	return check_ref_add(x, &rec->head, &(struct chunk_ref) { (uint16_t)x->id, ino, rec->gen },
			     (uint8_t)rec->kind, SRC_CONT_RECORD);
}

int check_refs_from_records(struct check_ctx *x)
{
	struct chunk *c = x->c;
	size_t isize = EXT2_INODE_SIZE(c->fs->super);
	_cleanup_free_ struct ext2_inode_large *inode = calloc(1, MAX(isize, sizeof(*inode)));
	ext2_inode_scan scan;
	ext2_ino_t ino;
	errcode_t err;
	int r = 0;

	if (!inode)
		return -ENOMEM;
	err = ext2fs_open_inode_scan(c->fs, 0, &scan);
	if (err)
		return chunk_errno(err);
	ext2fs_inode_scan_flags(scan, EXT2_SF_SKIP_MISSING_ITABLE, 0);
	for (;;) {
		err = ext2fs_get_next_inode_full(scan, &ino, (struct ext2_inode *)inode, (int)isize);
		if (err == EXT2_ET_BAD_BLOCK_IN_INODE_TABLE)
			continue;
		if (err) {
			r = chunk_error(c, chunk_errno(err), "cannot scan the inode table");
			break;
		}
		if (ino == 0)
			break;
		/* Deleted, unless unlinked while open (on the orphan list, i_dtime its next). */
		if (inode->i_links_count ? inode->i_dtime != 0 :
		    !chunk_inode_in_use(c, ino, (struct ext2_inode_large *)inode))
			continue;
		check_size_note(x, ino, inode); /* pass 6's files, found on this one scan of K */
		if (!chunk_inode_may_have_records(c, ino))
			continue;
		if (!inode_has_xattrs(inode, isize))
			continue;
		r = scan_inode(x, ino, inode);
		if (r < 0)
			break;
		if (x->o->cancel && *x->o->cancel) {
			r = -ECANCELED;
			break;
		}
	}
	ext2fs_close_inode_scan(scan);
	return r;
}
