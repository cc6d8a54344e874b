/* Repair of a dangling forward pointer: the head forgets the continuation (or only the ranges
 * it does not hold), so those bytes read as a hole instead of EIO, and the file is named in
 * the report with how much it lost. The file keeps its size; nothing else is touched. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
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

int repair_hole(struct check_ctx *x, const struct check_ref *ref, struct finding *f)
{
	struct record_head h;
	struct record_cont rec = {}, *held = NULL;
	struct chunk *hc;
	uint64_t lost = 0, first = UINT64_MAX, last = 0;
	unsigned k = UINT_MAX;
	uint32_t out = 0;
	int r;

	r = repair_chunk(x, ref->head.chunk, &hc);
	if (r < 0) {
		repair_refused(f, ref->head.chunk, r);
		return r;
	}
	r = cont_head_load(hc, ref->head.ino, &h);
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
			continue;
		}
		if (!held && g.holder > k + 1)
			g.holder--;
		h.ranges[out++] = g;
	}
	h.nranges = out;
	if (!held) {
		memmove(&h.conts[k], &h.conts[k + 1], (h.ncont - k - 1) * sizeof(h.conts[0]));
		h.ncont--;
	}
	/* Made durable with the repair's other writes to the chunk (check.c, sync_written): the
	 * chunk is DIRTY until then, so a crash before sends it back to the check, and dropping
	 * a dangling pointer again is harmless. */
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
		finding_set_action(f, FINDING_HOLED, "%llu byte(s) between %llu and %llu are now a hole",
				   (unsigned long long)lost, (unsigned long long)first, (unsigned long long)last);
	else
		finding_set_action(f, FINDING_FIXED, "the pointer held no data; removed");
	return 0;
}
