/* Placement: which chunk a new inode of a directory goes to, in the spirit of ext4's Orlov
 * allocator, so that no chunk ends up holding a large multiple of the volume's average number
 * of inodes (a chunk's repair costs what the chunk holds).
 *
 * A chunk's share is the volume's average of inodes in use per chunk plus a slack: an eighth
 * of the chunk's inodes (Orlov's is "a quarter group below the average free"; an eighth keeps
 * the largest chunk nearer the mean), and at least 1024 inodes. Below that, spreading buys
 * nothing: a chunk's e2fsck costs about a millisecond more per thousand inodes, against some
 * 7 ms for an empty chunk, while every directory continuation is one more cross-chunk
 * reference. So a volume of small chunks (1024 inodes and fewer: the tests' 8 MiB chunks)
 * fills a chunk before it spills, as it always did. The counts are the superblocks'
 * (volume_chunk_usage): nothing is scanned.
 *
 *   1. While the directory's head chunk holds no more than its share, the rule before
 *      placement spread: the head's chunk while it has room, then a chunk the directory spans,
 *      then the roomiest (step 4). A directory's files and subdirectories stay with it, and a
 *      small tree stays where it always was (the volume's average plus the slack is far above
 *      it).
 *   2. Past its share, a new directory near the top (a child or grandchild of the root) goes,
 *      as Orlov's top-level directories do, to a chunk with more free inodes and more free
 *      space than the average, the first such one from a start the directory's name and
 *      parent hash to: spread, and the same on every run.
 *   3. Else a chunk the directory already spans and within its share (the one with the most
 *      free inodes), else a new continuation in the chunk with the most free inodes: a growing
 *      directory spills over, one continuation a share, never more than CONT_MAX.
 *   4. When no chunk is within its share (or the directory has CONT_MAX continuations): the
 *      rule before placement spread, any room at all (the head, a part, the roomiest chunk).
 *      Steps 2 and 3 run only for a head chunk past its share, never for one that filled up
 *      within it.
 *
 * Every new inode still sits in the directory part of its own chunk: placement chooses among
 * chunks, the format (docs/FORMAT.md) is unchanged. */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "libchunk/base/macro.h"
#include "libchunk/chunk/cont-record.h"
#include "libchunk/namespace/dir.h"
#include "libchunk/namespace/namespace.h"

#define PLACE_SLACK 8        /* the share's slack: this fraction of a chunk's inodes over the average */
#define PLACE_SLACK_MIN 1024 /* and at least this many inodes */

struct place_avg {
	uint64_t used, free_inodes, free_bytes; /* averages over the chunks whose counts are known */
};

static void place_average(struct volume *v, struct place_avg *avg)
{
	uint64_t used = 0, free_inodes = 0, free_bytes = 0, n = 0;

	for (unsigned i = 0; i < volume_chunk_count(v); i++) {
		struct volume_chunk_usage u;
		if (volume_chunk_usage(v, i, &u) < 0)
			continue;
		used += u.inodes - u.inodes_free;
		free_inodes += u.inodes_free;
		free_bytes += u.bytes_free;
		n++;
	}
	*avg = n ? (struct place_avg){ used / n, free_inodes / n, free_bytes / n } : (struct place_avg){};
}

/* Whether chunk ID holds no more than its share of inodes; false when its counts are unknown. */
static bool within_share(struct volume *v, const struct place_avg *avg, unsigned id)
{
	struct volume_chunk_usage u;

	return volume_chunk_usage(v, id, &u) == 0 &&
	       u.inodes - u.inodes_free <= avg->used + MAX(u.inodes / PLACE_SLACK, PLACE_SLACK_MIN);
}

static bool usable(struct volume *v, unsigned id, uint64_t need)
{
	struct chunk *c;

	return volume_chunk(v, id, &c) == 0 && volume_chunk_may_write(v, c) && chunk_has_room(c, need);
}

static int spans(const struct dir_parts *d, unsigned id)
{
	for (unsigned i = 0; i < d->nparts; i++)
		if (d->parts[i].chunk == id && d->parts[i].status == 0)
			return (int)i;
	return -1;
}

/* Whether a new inode may go to chunk ID, a part of D there made if need be. */
static bool may_spill_to(const struct dir_parts *d, unsigned id)
{
	return spans(d, id) >= 0 || d->rec.ncont < CONT_MAX;
}

/* A child or grandchild of the root. */
static bool near_top(struct volume *v, const struct dir_parts *d)
{
	vino_t dir = VINO(d->head.chunk, d->head.ino), parent;

	return dir == VOLUME_ROOT || (volume_parent(v, dir, &parent) == 0 && parent == VOLUME_ROOT);
}

static uint32_t name_hash(const struct dir_parts *d, const char *name)
{
	uint32_t h = 2166136261u ^ (d->head.chunk * 16777619u) ^ d->head.ino; /* FNV-1a */

	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h;
}

/* Orlov's pick for a directory near the top: from the hashed start, the first chunk with more
 * free inodes and bytes than the average, within its share and with room. */
static int place_spread(struct volume *v, const struct dir_parts *d, const struct place_avg *avg,
			const char *name, uint64_t need, unsigned *ret)
{
	unsigned n = volume_chunk_count(v), start = name_hash(d, name) % n;

	for (unsigned k = 0; k < n; k++) {
		unsigned id = (start + k) % n;
		struct volume_chunk_usage u;
		if (volume_chunk_usage(v, id, &u) < 0 || u.inodes_free < avg->free_inodes ||
		    u.bytes_free < avg->free_bytes || !may_spill_to(d, id) || !within_share(v, avg, id) ||
		    !usable(v, id, need))
			continue;
		*ret = id;
		return 0;
	}
	return -ENOSPC;
}

/* The chunk with the most free inodes, within its share, with room; among the directory's
 * parts only when PARTS_ONLY. */
static int place_spill(struct volume *v, const struct dir_parts *d, const struct place_avg *avg, bool parts_only,
		       uint64_t need, unsigned *ret)
{
	uint64_t best_free = 0;
	bool found = false;

	for (unsigned id = 0; id < volume_chunk_count(v); id++) {
		struct volume_chunk_usage u;
		if ((parts_only ? spans(d, id) < 0 : !may_spill_to(d, id)) || volume_chunk_usage(v, id, &u) < 0 ||
		    (found && u.inodes_free <= best_free) || !within_share(v, avg, id) || !usable(v, id, need))
			continue;
		best_free = u.inodes_free;
		*ret = id;
		found = true;
	}
	return found ? 0 : -ENOSPC;
}

/* The chunk with the most free space that has room for NEED bytes and an inode. */
static int roomiest_chunk(struct volume *v, uint64_t need, unsigned *ret)
{
	uint64_t best = 0;
	bool found = false;

	for (unsigned i = 0; i < volume_chunk_count(v); i++) {
		struct chunk *c;
		if (volume_chunk(v, i, &c) < 0 || !volume_chunk_may_write(v, c))
			continue;
		if (chunk_has_room(c, need) && chunk_free_bytes(c) > best) {
			best = chunk_free_bytes(c);
			*ret = i;
			found = true;
		}
	}
	return found ? 0 : -ENOSPC;
}

/* Step 4: the head's chunk while it has room, then a chunk the directory already spans, then
 * the roomiest. */
static int place_any_room(struct volume *v, struct dir_parts *d, uint64_t need, unsigned *chunk)
{
	struct chunk *c;
	unsigned best = UINT32_MAX;
	uint64_t best_free = 0;

	for (unsigned i = 0; i < d->nparts; i++) {
		if (d->parts[i].status < 0 || volume_chunk(v, d->parts[i].chunk, &c) < 0 || c->damaged)
			continue;
		if (!chunk_has_room(c, need))
			continue;
		if (i == 0 || chunk_free_bytes(c) > best_free) {
			best = i;
			best_free = chunk_free_bytes(c);
			if (i == 0)
				break;
		}
	}
	if (best != UINT32_MAX) {
		*chunk = d->parts[best].chunk;
		return 0;
	}
	return roomiest_chunk(v, need, chunk);
}

int dir_place(struct volume *v, struct dir_parts *d, const char *name, bool is_dir, uint64_t need, unsigned *chunk,
	      ext2_ino_t *ldir)
{
	struct place_avg avg;
	struct chunk *c;
	int r = -ENOSPC;

	place_average(v, &avg);
	if (d->parts[0].status != 0 || volume_chunk(v, d->head.chunk, &c) < 0 || c->damaged ||
	    within_share(v, &avg, d->head.chunk)) {
		/* Within its share, or unusable: the rule before placement spread, the head first. A
		 * chunk too small for the slack fills up and spills as it always did. */
		r = place_any_room(v, d, need, chunk);
		if (r < 0)
			return r;
		return dir_local(v, d, *chunk, true, ldir);
	}
	if (is_dir && near_top(v, d))
		r = place_spread(v, d, &avg, name, need, chunk);
	if (r < 0)
		r = place_spill(v, d, &avg, true, need, chunk);
	if (r < 0)
		r = place_spill(v, d, &avg, false, need, chunk);
	if (r < 0)
		r = place_any_room(v, d, need, chunk);
	if (r < 0)
		return r;
	return dir_local(v, d, *chunk, true, ldir);
}
