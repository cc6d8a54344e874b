/* Lost ranges in a head's range table: counting, merging, clearing a span. The table stays
 * sorted and disjoint throughout. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/base/macro.h"
#include "libchunk/format/lost.h"

uint64_t record_head_lost_in(const struct record_head *h, uint64_t start, uint64_t end)
{
	uint64_t n = 0;

	for (uint32_t i = 0; i < h->nranges; i++) {
		const struct record_range *g = &h->ranges[i];
		if (g->holder == RANGE_LOST && g->start < end && start < g->end)
			n += MIN(end, g->end) - MAX(start, g->start);
	}
	return n;
}

void record_head_merge_lost(struct record_head *h)
{
	uint32_t out = 0;

	for (uint32_t i = 0; i < h->nranges; i++) {
		struct record_range *g = &h->ranges[i];
		if (out && g->holder == RANGE_LOST && h->ranges[out - 1].holder == RANGE_LOST &&
		    h->ranges[out - 1].end == g->start) {
			h->ranges[out - 1].end = g->end;
			continue;
		}
		h->ranges[out++] = *g;
	}
	h->nranges = out;
}

int record_head_clear_lost(struct record_head *h, uint64_t start, uint64_t end)
{
	struct record_range *rg;
	uint32_t out = 0;

	if (start >= end || record_head_lost_in(h, start, end) == 0)
		return 0;
	/* At most one range is split: only one can reach past both ends of [START, END). */
	rg = calloc(h->nranges + 1, sizeof(*rg));
	if (!rg)
		return -ENOMEM;
	for (uint32_t i = 0; i < h->nranges; i++) {
		struct record_range g = h->ranges[i];
		if (g.holder != RANGE_LOST || g.end <= start || end <= g.start) {
			rg[out++] = g;
			continue;
		}
		if (g.start < start)
			rg[out++] = (struct record_range){ g.start, start, RANGE_LOST };
		if (end < g.end)
			rg[out++] = (struct record_range){ end, g.end, RANGE_LOST };
	}
	free(h->ranges);
	h->ranges = rg;
	h->nranges = out;
	return 0;
}

/* HOLDER's ranges of H with the bytes of SPANS in them marked lost, into OUT (room for
 * h->nranges + 2 * N). Returns how many; *FIRST and *LAST bound what was marked. */
static uint32_t mark_exact(const struct record_head *h, uint32_t holder, const struct record_range *spans, size_t n,
			   struct record_range *out, uint64_t *first, uint64_t *last)
{
	uint32_t k = 0;

	for (uint32_t i = 0; i < h->nranges; i++) {
		struct record_range g = h->ranges[i];
		uint64_t pos = g.start;

		if (g.holder != holder) {
			out[k++] = g;
			continue;
		}
		for (size_t j = 0; j < n && spans[j].start < g.end; j++) {
			uint64_t a = MAX(spans[j].start, pos), b = MIN(spans[j].end, g.end);
			if (a >= b)
				continue;
			if (pos < a)
				out[k++] = (struct record_range){ pos, a, holder };
			out[k++] = (struct record_range){ a, b, RANGE_LOST };
			*first = MIN(*first, a);
			*last = MAX(*last, b);
			pos = b;
		}
		if (pos < g.end)
			out[k++] = (struct record_range){ pos, g.end, holder };
	}
	return k;
}

/* H's ranges with all of [FIRST, LAST) lost, into OUT (room for h->nranges + 3): those that
 * reach past it keep their parts outside. Returns how many. */
static uint32_t mark_span(const struct record_head *h, uint64_t first, uint64_t last, struct record_range *out)
{
	uint32_t k = 0;
	bool placed = false;

	for (uint32_t i = 0; i < h->nranges; i++) {
		struct record_range g = h->ranges[i];
		if (g.start < first)
			out[k++] = (struct record_range){ g.start, MIN(g.end, first), g.holder };
		if (!placed && g.end > first) {
			out[k++] = (struct record_range){ first, last, RANGE_LOST };
			placed = true;
		}
		if (g.end > last)
			out[k++] = (struct record_range){ MAX(g.start, last), g.end, g.holder };
	}
	if (!placed)
		out[k++] = (struct record_range){ first, last, RANGE_LOST };
	return k;
}

int record_head_mark_lost(struct record_head *h, uint32_t holder, uint64_t size, const struct record_range *spans,
			  size_t n, uint32_t max)
{
	struct record_range own = { 0, size, 0 }, *out;
	struct record_head in = *h, got;
	uint64_t first = UINT64_MAX, last = 0;
	int marked = 1;

	if (h->nranges == 0 && holder == 0) {
		in.ranges = &own; /* the head's implicit range, made real */
		in.nranges = size ? 1 : 0;
	}
	out = calloc(in.nranges + 2 * n + 3, sizeof(*out));
	if (!out)
		return -ENOMEM;
	got = (struct record_head){ .ranges = out };
	got.nranges = mark_exact(&in, holder, spans, n, out, &first, &last);
	if (first >= last) { /* nothing of HOLDER's: the table stays as it was */
		free(out);
		return 0;
	}
	record_head_merge_lost(&got);
	if (got.nranges > max) {
		marked = 2;
		got.nranges = mark_span(&in, first, last, out);
		record_head_merge_lost(&got);
	}
	if (got.nranges > max) {
		/* Past the ranges that reach into the span, no range is split. */
		for (uint32_t i = 0; i < in.nranges; i++)
			if (in.ranges[i].start < last && first < in.ranges[i].end) {
				first = MIN(first, in.ranges[i].start);
				last = MAX(last, in.ranges[i].end);
			}
		got.nranges = mark_span(&in, first, last, out);
		record_head_merge_lost(&got);
	}
	free(h->ranges);
	h->ranges = out;
	h->nranges = got.nranges;
	return marked;
}
