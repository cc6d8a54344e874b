/* Lost ranges of a head's range table: bytes of a file that a repair could not keep. They read
 * as EIO until a write over them, a truncate below them or the admin clears them
 * (docs/FORMAT.md, "Lost ranges"). Table work only, no I/O. */
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "libchunk/format/record.h"

/* Bytes marked lost in [START, END). */
uint64_t record_head_lost_in(const struct record_head *h, uint64_t start, uint64_t end);
static inline bool record_head_has_lost(const struct record_head *h)
{
	return record_head_lost_in(h, 0, UINT64_MAX) > 0;
}
/* Joins lost ranges that touch (after a repair marked some), so marks never fill the table. */
void record_head_merge_lost(struct record_head *h);
/* Unmarks [START, END): lost bytes there become a hole again. Splitting a lost range in two
 * may grow the table by one range: -ENOMEM, else 0. */
int record_head_clear_lost(struct record_head *h, uint64_t start, uint64_t end);
/* Marks lost the bytes of SPANS (N of them, sorted, disjoint) that HOLDER's ranges hold in H (an
 * empty table with HOLDER 0 is the head holding [0, SIZE) itself). When the exact marks would
 * take more than MAX ranges, all from the first marked byte to the last is marked instead, and
 * failing that the whole of the ranges that span touches: more bytes read as EIO than were
 * lost, never fewer. 0 when HOLDER holds none of them (H unchanged), 1 when they are marked,
 * 2 when the marks were widened so; -ENOMEM. */
int record_head_mark_lost(struct record_head *h, uint32_t holder, uint64_t size, const struct record_range *spans,
			  size_t n, uint32_t max);
