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
