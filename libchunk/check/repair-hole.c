/* Repair of a dangling forward pointer: the head forgets the continuation (or only the ranges
 * it does not hold) and marks those bytes lost in the same record write, so they read as EIO,
 * never as zeros, until the admin clears them; the file is named in the report with how much
 * it lost. The file keeps its size; nothing else is touched. And the
 * converse: bytes a continuation holds that the head maps to nobody are given back to it. And a
 * head record that cannot be read at all: replaced by one that marks lost all the head does not
 * hold itself. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/format/lost.h"
#include "libchunk/volume/cont.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"

static bool held_by(const struct record_cont *rec, const struct record_range *g)
{
	for (uint32_t i = 0; rec && i < rec->nranges; i++)
		if (rec->ranges[i].start <= g->start && g->end <= rec->ranges[i].end)
			return true;
	return false;
}

/* REF's head chunk, writable, and the head's record, for a repair to change. */
static int head_for_repair(struct check_ctx *x, const struct check_ref *ref, struct finding *f, struct chunk **hc,
			   struct record_head *h)
{
	int r = repair_chunk(x, ref->head.chunk, hc);

	if (r < 0) {
		repair_refused(f, ref->head.chunk, r);
		return r;
	}
	return cont_head_load(*hc, ref->head.ino, h);
}

int repair_repoint(struct check_ctx *x, const struct chunk_ref *head, const struct chunk_ref *from,
		   const struct chunk_ref *to, struct finding *f)
{
	struct record_head h;
	struct chunk *hc;
	int r = repair_chunk(x, head->chunk, &hc), k = -1;

	if (r < 0)
		return r;
	r = cont_head_load(hc, head->ino, &h);
	if (r < 0)
		return r;
	for (unsigned i = 0; i < h.ncont; i++) {
		if (h.conts[i].chunk == to->chunk && h.conts[i].ino == to->ino && h.conts[i].gen == to->gen)
			k = -2; /* it names the right one already */
		if (k == -1 && h.conts[i].chunk == from->chunk && h.conts[i].ino == from->ino && h.conts[i].gen == from->gen)
			k = (int)i;
	}
	if (k < 0) {
		record_head_done(&h);
		return -ENOENT;
	}
	h.conts[k] = *to;
	r = cont_head_store(hc, head->ino, &h);
	record_head_done(&h);
	if (r < 0)
		return r;
	x->written[head->chunk] = true;
	check_cache_forget(x, head->chunk, head->ino);
	finding_set_action(f, FINDING_FIXED, "the head's pointer %u:%u (generation %u), which did not confirm, points "
			   "again at continuation %u:%u, which names it back: the pointer's chunk number was damaged",
			   from->chunk, from->ino, from->gen, to->chunk, to->ino);
	return 0;
}

int repair_hole(struct check_ctx *x, const struct check_ref *ref, struct finding *f)
{
	struct record_head h;
	struct record_cont rec = {}, *held = NULL;
	struct chunk *hc;
	uint64_t lost = 0, first = UINT64_MAX, last = 0;
	unsigned k = UINT_MAX;
	uint32_t out = 0;
	int r;

	r = head_for_repair(x, ref, f, &hc, &h);
	if (r < 0)
		return r;
	for (unsigned i = 0; i < h.ncont; i++)
		if (h.conts[i].chunk == ref->cont.chunk && h.conts[i].ino == ref->cont.ino &&
		    h.conts[i].gen == ref->cont.gen)
			k = i;
	if (k == UINT_MAX) {
		record_head_done(&h);
		return -ENOENT;
	}
	/* A continuation that confirms keeps what it really holds. */
	if (cont_confirm(x->v, &ref->head, &ref->cont, &rec) == 0)
		held = &rec;
	for (uint32_t i = 0; i < h.nranges; i++) {
		struct record_range g = h.ranges[i];
		if (g.holder == k + 1 && !held_by(held, &g)) {
			lost += g.end - g.start;
			first = MIN(first, g.start);
			last = MAX(last, g.end);
			g.holder = RANGE_LOST;
		} else if (!held && g.holder != RANGE_LOST && g.holder > k + 1) {
			g.holder--;
		}
		h.ranges[out++] = g;
	}
	h.nranges = out;
	record_head_merge_lost(&h);
	if (!held) {
		memmove(&h.conts[k], &h.conts[k + 1], (h.ncont - k - 1) * sizeof(h.conts[0]));
		h.ncont--;
	}
	/* One write drops the pointer and marks its bytes lost: no state has the hole without
	 * the mark. Made durable with the repair's other writes to the chunk (check.c,
	 * sync_written): the chunk is DIRTY until then, so a crash before sends it back to the
	 * check, and dropping a dangling pointer again is harmless. */
	r = cont_head_store(hc, ref->head.ino, &h);
	record_head_done(&h);
	if (held)
		record_cont_done(&rec);
	if (r < 0) {
		finding_set_action(f, FINDING_LEFT, "the head record cannot be rewritten: %s", strerror(-r));
		return r;
	}
	if (f)
		f->bytes_lost = lost;
	if (ref->kind == REF_DIR)
		finding_set_action(f, FINDING_HOLED, "the continuation is dropped from the directory: names "
				   "it held in chunk %u are gone from it", ref->cont.chunk);
	else if (lost)
		finding_set_action(f, FINDING_HOLED, "%llu byte(s) between %llu and %llu are lost: marked, they read as EIO",
				   (unsigned long long)lost, (unsigned long long)first, (unsigned long long)last);
	else
		finding_set_action(f, FINDING_FIXED, "the pointer held no data; removed");
	return 0;
}

/* A head record that cannot be read names no continuation any more: what they held is lost to
 * the file (pass 4 quarantines them as orphans, with their data). The head still holds its own
 * bytes, up to where its blocks end (a hole among them stays a hole); every byte past that
 * below the file's size was a continuation's, so it is marked lost. The fresh record replaces
 * the old one in one write: no state has neither the record nor the mark. */
static int range_by_start(const void *a, const void *b)
{
	const struct record_range *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* The range table of a file of SIZE bytes whose head holds [0, OWN) and whose N continuations
 * hold the ranges of RECS (the K-th's as holder K + 1): theirs as they say, the head's own
 * where none holds, the rest lost. -EBADMSG when two overlap, -E2BIG past RANGES_MAX. */
static int rebuilt_ranges(const struct record_cont *const *recs, size_t n, uint64_t size, uint64_t own,
			  struct record_head *h)
{
	_cleanup_free_ struct record_range *held = NULL;
	struct record_range *out;
	size_t nheld = 0, total = 0, nout = 0;
	uint64_t pos = 0;

	for (size_t k = 0; k < n; k++)
		total += recs[k]->nranges;
	held = calloc(total + 1, sizeof(*held));
	out = calloc(2 * total + 3, sizeof(*out));
	if (!held || !out) {
		free(out);
		return -ENOMEM;
	}
	for (size_t k = 0; k < n; k++)
		for (uint32_t i = 0; i < recs[k]->nranges; i++) {
			uint64_t s = recs[k]->ranges[i].start, e = MIN(recs[k]->ranges[i].end, size);
			if (s < e)
				held[nheld++] = (struct record_range){ s, e, (uint32_t)k + 1 };
		}
	qsort(held, nheld, sizeof(*held), range_by_start);
	for (size_t i = 0; i <= nheld; i++) {
		uint64_t next = i < nheld ? held[i].start : size;
		if (next < pos) {
			free(out);
			return -EBADMSG;
		}
		/* The gap before the next held range: the head's own bytes, then lost ones. */
		if (pos < MIN(next, own))
			out[nout++] = (struct record_range){ pos, MIN(next, own), 0 };
		if (MAX(pos, own) < next)
			out[nout++] = (struct record_range){ MAX(pos, own), next, RANGE_LOST };
		if (i < nheld) {
			out[nout++] = held[i];
			pos = held[i].end;
		}
	}
	if (nout > RANGES_MAX) {
		free(out);
		return -E2BIG;
	}
	h->ranges = out;
	h->nranges = (uint32_t)nout;
	return 0;
}

int repair_head_unreadable(struct check_ctx *x, ext2_ino_t ino, const struct ext2_inode_large *inode,
			   const struct check_ref *const *adopt, const struct record_cont *const *recs, size_t n,
			   bool *adopted, struct finding *f)
{
	struct record_range rg[2];
	_cleanup_free_ struct chunk_ref *conts = NULL;
	struct record_head h = { .gen = inode->i_generation, .kind = REF_FILE, .ranges = rg };
	uint64_t size = EXT2_I_SIZE(inode), own = size, lost = 0;
	bool file = LINUX_S_ISREG(inode->i_mode), rebuilt = false;
	int r = 0;

	*adopted = false;
	/* A directory's parts hold names, not bytes: they come back from /lost+found. */
	if (file)
		r = check_data_end(x->c, ino, inode, &own);
	if (r < 0) {
		finding_set_action(f, FINDING_LEFT, "the head's block map cannot be read: %s", strerror(-r));
		return r;
	}
	if (n && (conts = calloc(n, sizeof(*conts)))) {
		for (size_t k = 0; k < n; k++)
			conts[k] = adopt[k]->cont;
		h.kind = file ? REF_FILE : REF_DIR;
		h.ncont = (uint16_t)n;
		h.conts = conts;
		h.parent = 0;
		rebuilt = !file || rebuilt_ranges(recs, n, size, own, &h) == 0;
		if (!rebuilt) {
			h = (struct record_head){ .gen = inode->i_generation, .kind = REF_FILE, .ranges = rg };
		}
	}
	if (!rebuilt && own < size) {
		if (own)
			rg[h.nranges++] = (struct record_range){ 0, own, 0 };
		rg[h.nranges++] = (struct record_range){ own, size, RANGE_LOST };
	}
	for (uint32_t i = 0; i < h.nranges; i++)
		if (h.ranges[i].holder == RANGE_LOST)
			lost += h.ranges[i].end - h.ranges[i].start;
	/* With nothing lost and no continuation the record is removed. Made durable with the
	 * repair's other writes (check.c, sync_written), as a hole is. */
	r = cont_head_store(x->c, ino, &h);
	if (h.ranges != rg)
		free(h.ranges);
	if (r < 0) {
		finding_set_action(f, FINDING_LEFT, "the head record cannot be rewritten: %s", strerror(-r));
		return r;
	}
	x->written[x->id] = true;
	check_cache_forget(x, x->id, ino);
	*adopted = rebuilt;
	if (f && lost)
		f->bytes_lost = lost;
	if (rebuilt && !lost)
		finding_set_action(f, FINDING_FIXED, "record rebuilt from the %zu continuation(s) that name it back "
				   "(this chunk's index lists them): nothing lost", n);
	else if (rebuilt)
		finding_set_action(f, FINDING_HOLED, "record rebuilt from the %zu continuation(s) that name it back; "
				   "%llu byte(s) that none of them holds are lost: marked, they read as EIO", n,
				   (unsigned long long)lost);
	else if (!lost)
		finding_set_action(f, FINDING_FIXED, "record removed; the file keeps the data held in this chunk, "
				   "its continuations are collected as orphans");
	else
		finding_set_action(f, FINDING_HOLED, "%llu byte(s) between %llu and %llu are lost: marked, they read "
				   "as EIO; its continuations are collected as orphans", (unsigned long long)lost,
				   (unsigned long long)own, (unsigned long long)size);
	return 0;
}

/* Inserts [G) for HOLDER into the sorted, disjoint ranges of H, merged with a neighbour of the
 * same holder that touches it. -E2BIG when the table is full. */
static int range_insert(struct record_head *h, const struct record_range *g, uint32_t holder)
{
	struct record_range *rg;
	uint32_t i = 0;

	while (i < h->nranges && h->ranges[i].start < g->start)
		i++;
	if (i > 0 && h->ranges[i - 1].holder == holder && h->ranges[i - 1].end == g->start) {
		h->ranges[i - 1].end = g->end;
		if (i < h->nranges && h->ranges[i].holder == holder && h->ranges[i].start == g->end) {
			h->ranges[i - 1].end = h->ranges[i].end;
			memmove(&h->ranges[i], &h->ranges[i + 1], (h->nranges - i - 1) * sizeof(*rg));
			h->nranges--;
		}
		return 0;
	}
	if (i < h->nranges && h->ranges[i].holder == holder && h->ranges[i].start == g->end) {
		h->ranges[i].start = g->start;
		return 0;
	}
	if (h->nranges >= RANGES_MAX)
		return -E2BIG;
	rg = realloc(h->ranges, (h->nranges + 1) * sizeof(*rg));
	if (!rg)
		return -ENOMEM;
	h->ranges = rg;
	memmove(&rg[i + 1], &rg[i], (h->nranges - i) * sizeof(*rg));
	rg[i] = (struct record_range){ g->start, g->end, holder };
	h->nranges++;
	return 0;
}

int repair_unmapped(struct check_ctx *x, const struct check_ref *ref, unsigned k, const struct record_range *gaps,
		    size_t n, struct finding *f)
{
	struct record_head h;
	struct chunk *hc;
	uint64_t bytes = 0;
	int r;

	r = head_for_repair(x, ref, f, &hc, &h);
	if (r < 0)
		return r;
	for (size_t i = 0; r == 0 && i < n; i++) {
		r = range_insert(&h, &gaps[i], k + 1);
		bytes += gaps[i].end - gaps[i].start;
	}
	/* Made durable with the repair's other writes (check.c, sync_written), as a hole is. */
	if (r == 0)
		r = cont_head_store(hc, ref->head.ino, &h);
	record_head_done(&h);
	if (r < 0) {
		finding_set_action(f, FINDING_LEFT, "the head cannot be given the range back: %s",
				   r == -E2BIG ? "its range table is full" : strerror(-r));
		return r;
	}
	finding_set_action(f, FINDING_FIXED, "%llu byte(s) given back to the continuation that holds them",
			   (unsigned long long)bytes);
	return 0;
}
