/* /.chunkfs/losses: two slots of LOSSES_RECORD_MAX bytes, each a losses record with its own
 * sequence number and CRC. A write goes to the slot not holding the newer record, in place
 * (both slots are written in full when the file is made, so no later write allocates), and a
 * reader takes the valid slot with the higher sequence: a kill at any point of a write leaves
 * either the list before it or the list after it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "libchunk/base/macro.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/losses.h"

#define LOSSES_NAME "losses"
#define LOSSES_SLOTS 2

static int losses_ino(struct chunk *c, ext2_ino_t *ino)
{
	*ino = 0;
	if (!c->meta_ino)
		return -ENOENT;
	return chunk_lookup(c, c->meta_ino, LOSSES_NAME, ino);
}

/* The newer valid slot of BUF into RET (empty if neither is valid); its slot number in *SLOT
 * (-1 when none). */
static void newer_slot(const uint8_t *buf, size_t len, struct record_losses *ret, int *slot)
{
	*slot = -1;
	memset(ret, 0, sizeof(*ret));
	for (int i = 0; i < LOSSES_SLOTS; i++) {
		size_t off = (size_t)i * LOSSES_RECORD_MAX;
		struct record_losses r;

		if (len <= off || record_losses_decode(buf + off, MIN(len - off, (size_t)LOSSES_RECORD_MAX), &r) < 0)
			continue;
		if (*slot < 0 || r.seq > ret->seq) {
			record_losses_done(ret);
			*ret = r;
			*slot = i;
		} else
			record_losses_done(&r);
	}
}

static int read_slots(struct chunk *c, ext2_ino_t ino, struct record_losses *ret, int *slot)
{
	_cleanup_free_ void *buf = NULL;
	size_t len;
	int r = chunk_file_read_all(c, ino, &buf, &len);

	if (r < 0)
		return r;
	newer_slot(buf, len, ret, slot);
	return 0;
}

int chunk_losses_read(struct chunk *c, struct record_losses *ret)
{
	ext2_ino_t ino;
	int slot, r = losses_ino(c, &ino);

	memset(ret, 0, sizeof(*ret));
	if (r == -ENOENT)
		return 0;
	return r < 0 ? r : read_slots(c, ino, ret, &slot);
}

/* REC into slot SLOT, padded to the slot's full size, then made durable. */
static int write_slot(struct chunk *c, ext2_ino_t ino, const struct record_losses *rec, int slot)
{
	_cleanup_free_ void *enc = NULL;
	_cleanup_free_ uint8_t *pad = calloc(1, LOSSES_RECORD_MAX);
	size_t len;
	int r;

	if (!pad)
		return -ENOMEM;
	r = record_losses_encode(rec, &enc, &len);
	if (r < 0)
		return r;
	memcpy(pad, enc, len);
	r = chunk_file_pwrite(c, ino, pad, LOSSES_RECORD_MAX, (uint64_t)slot * LOSSES_RECORD_MAX);
	return r < 0 ? r : chunk_sync(c);
}

/* The file, made with both slots written (an empty record in each) when it is not there. */
static int losses_file(struct chunk *c, ext2_ino_t *ino)
{
	struct record_losses empty = {};
	int r = losses_ino(c, ino);

	if (r != -ENOENT)
		return r;
	if (!c->meta_ino)
		return -ENOENT;
	r = chunk_file_create(c, c->meta_ino, LOSSES_NAME, 0600, 0, 0, ino);
	for (int i = 0; r >= 0 && i < LOSSES_SLOTS; i++)
		r = write_slot(c, *ino, &empty, i);
	return r;
}

/* NEXT written over the older slot of INO, whose newer one holds CUR (at CUR_SLOT). */
static int write_next(struct chunk *c, ext2_ino_t ino, struct record_losses *next, const struct record_losses *cur,
		      int cur_slot)
{
	next->seq = cur->seq + 1;
	return write_slot(c, ino, next, cur_slot < 0 ? 0 : (cur_slot + 1) % LOSSES_SLOTS);
}

int chunk_losses_add(struct chunk *c, const struct record_losses *add)
{
	struct record_losses cur, next = {};
	_cleanup_free_ struct loss_entry *all = NULL;
	ext2_ino_t ino;
	int slot, r;

	if (add->count == 0)
		return 0;
	r = losses_file(c, &ino);
	if (r >= 0)
		r = read_slots(c, ino, &cur, &slot);
	if (r < 0)
		return r;
	all = calloc((size_t)cur.nentries + add->nentries + 1, sizeof(*all));
	if (!all) {
		record_losses_done(&cur);
		return -ENOMEM;
	}
	memcpy(all, cur.entries, cur.nentries * sizeof(*all));
	memcpy(all + cur.nentries, add->entries, add->nentries * sizeof(*all));
	next = (struct record_losses) { .last = add->last ?: time(NULL), .count = cur.count + add->count,
					.nentries = cur.nentries + add->nentries, .entries = all };
	r = write_next(c, ino, &next, &cur, slot);
	record_losses_done(&cur);
	return r;
}

int chunk_losses_clear(struct chunk *c)
{
	struct record_losses cur, next = {};
	ext2_ino_t ino;
	int slot, r = losses_ino(c, &ino);

	if (r == -ENOENT)
		return 0;
	if (r >= 0)
		r = read_slots(c, ino, &cur, &slot);
	if (r < 0)
		return r;
	if (cur.count)
		r = write_next(c, ino, &next, &cur, slot);
	record_losses_done(&cur);
	return r;
}
