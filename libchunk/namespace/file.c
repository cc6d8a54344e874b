/* File data across chunks: reading and writing through the head's range table, choosing
 * holders, committing continuations before the head. Bytes a repair marked lost read as EIO
 * until a write, a truncate, a punch or vfile_clear_lost() unmarks them. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/inode-attr.h"
#include "libchunk/chunk/orphan.h"
#include "libchunk/volume/cont.h"
#include "libchunk/format/lost.h"
#include "libchunk/base/errors.h"
#include "libchunk/namespace/file.h"
#include "libchunk/namespace/statfs.h"
#include "libchunk/base/macro.h"

#define PIECE (1u << 20)
/* The largest file ext4 maps with 4 KiB blocks: 2^32 - 1 blocks. */
#define FILE_MAX_BYTES (((1ull << 32) - 1) * 4096)

struct vfile {
	struct volume *v;
	struct chunk_ref head;
	struct record_head h;        /* nranges == 0: all data in the head */
	uint64_t size;
	bool writable, dirty;        /* dirty: size and times not written to the head yet */
	bool unmarked;               /* lost bytes unmarked: the head record must be written */
	struct timespec modified;    /* the last write or truncate: the file's mtime and ctime */
	struct timespec mtime_seen;  /* the head's mtime as this vfile last read or wrote it */
	int *confirmed;              /* per continuation: 0 unknown, 1 ok, <0 error */
	bool *touched;               /* per continuation: written since the last commit */
	bool *full;                  /* per chunk id seen full: don't try it again */
	/* How far from the placed bytes a range of their holder may be and still be joined with
	 * them, before and after (choose_holder; RANGE_GAP_JOIN otherwise). */
	uint64_t join_before, join_after;
};

static int grow_conts(struct vfile *f)
{
	int *c = realloc(f->confirmed, (f->h.ncont + 1) * sizeof(*c));
	bool *t;

	if (!c)
		return -ENOMEM;
	f->confirmed = c;
	t = realloc(f->touched, (f->h.ncont + 1) * sizeof(*t));
	if (!t)
		return -ENOMEM;
	f->touched = t;
	f->confirmed[f->h.ncont] = 0;
	f->touched[f->h.ncont] = false;
	return 0;
}

int vfile_open(struct volume *v, vino_t ino, bool writable, struct vfile **ret)
{
	struct ext2_inode_large inode;
	struct chunk *c;
	struct vfile *f;
	int r;

	r = writable ? volume_chunk_writable(v, VINO_CHUNK(ino), &c) : volume_chunk(v, VINO_CHUNK(ino), &c);
	if (r < 0)
		return r;
	if (VINO_INO(ino) < 1 || VINO_INO(ino) > c->fs->super->s_inodes_count)
		return -ENOENT;
	r = chunk_inode_read(c, VINO_INO(ino), &inode);
	if (r < 0)
		return r;
	if (!chunk_inode_in_use(c, VINO_INO(ino), &inode))
		return -ENOENT;
	if (LINUX_S_ISDIR(inode.i_mode))
		return -EISDIR;
	if (!LINUX_S_ISREG(inode.i_mode))
		return -EINVAL;
	f = calloc(1, sizeof(*f));
	if (!f)
		return -ENOMEM;
	f->v = v;
	f->writable = writable;
	f->head = (struct chunk_ref){ .chunk = (uint16_t)VINO_CHUNK(ino), .ino = VINO_INO(ino), .gen = inode.i_generation };
	f->size = EXT2_I_SIZE(&inode);
	f->mtime_seen = chunk_inode_time(&inode, CHUNK_MTIME);
	r = cont_head_load(c, f->head.ino, &f->h);
	f->confirmed = calloc(f->h.ncont + 1, sizeof(*f->confirmed));
	f->touched = calloc(f->h.ncont + 1, sizeof(*f->touched));
	f->full = calloc(volume_chunk_count(v), sizeof(*f->full));
	if (r < 0 || !f->confirmed || !f->touched || !f->full) {
		vfile_close(f);
		return r < 0 ? r : -ENOMEM;
	}
	*ret = f;
	return 0;
}

uint64_t vfile_size(const struct vfile *f)
{
	return f->size;
}

/* Holder K for a caller holding the volume shared: confirmed already and its chunk open (for
 * WRITE, writable and DIRTY), else -EAGAIN. */
static int holder_shared(struct vfile *f, uint32_t k, bool write, struct chunk **c, ext2_ino_t *ino)
{
	const struct chunk_ref *ref = k == 0 ? &f->head : &f->h.conts[k - 1];

	if (k > 0 && f->confirmed[k - 1] != 1)
		return -EAGAIN;
	if (volume_chunk_shared(f->v, ref->chunk, write, c) < 0)
		return -EAGAIN;
	*ino = ref->ino;
	return 0;
}

/* The chunk and inode of holder K (0: the head), confirmed once per open. */
static int holder(struct vfile *f, uint32_t k, struct chunk **c, ext2_ino_t *ino)
{
	const struct chunk_ref *ref = k == 0 ? &f->head : &f->h.conts[k - 1];
	int r;

	if (k > 0) {
		if (f->confirmed[k - 1] == 0)
			f->confirmed[k - 1] = cont_confirm(f->v, &f->head, ref, NULL) == 0 ? 1 : -EIO;
		if (f->confirmed[k - 1] < 0)
			return f->confirmed[k - 1];
	}
	r = f->writable ? volume_chunk_writable(f->v, ref->chunk, c) : volume_chunk(f->v, ref->chunk, c);
	if (r < 0)
		return r == -ENXIO ? -EIO : r;
	*ino = ref->ino;
	return 0;
}

/* The range holding OFF, or -1 and the start of the next range (UINT64_MAX if none). */
static int find_range(const struct vfile *f, uint64_t off, uint64_t *next)
{
	*next = UINT64_MAX;
	for (uint32_t i = 0; i < f->h.nranges; i++) {
		if (off < f->h.ranges[i].start) {
			*next = f->h.ranges[i].start;
			return -1;
		}
		if (off < f->h.ranges[i].end)
			return (int)i;
	}
	return -1;
}

static errcode_t ext2_read(ext2_filsys fs, ext2_ino_t ino, void *buf, size_t len, uint64_t off, size_t *got)
{
	ext2_file_t ef;
	errcode_t err;
	unsigned n = 0;

	*got = 0;
	err = ext2fs_file_open(fs, ino, 0, &ef);
	if (err)
		return err;
	err = ext2fs_file_llseek(ef, off, EXT2_SEEK_SET, NULL);
	while (!err && *got < len) {
		err = ext2fs_file_read(ef, (char *)buf + *got, (unsigned)MIN(len - *got, (size_t)PIECE), &n);
		if (err || n == 0)
			break;
		*got += n;
	}
	ext2fs_file_close(ef);
	return err;
}

/* SHARED: the caller holds the volume shared; anything that needs it to itself, or an error
 * (said by the caller's retry with the volume to itself), is -EAGAIN. */
static ssize_t pread_in(struct vfile *f, void *buf, size_t len, uint64_t off, bool shared)
{
	size_t done = 0;

	if (off >= f->size)
		return 0;
	len = (size_t)MIN((uint64_t)len, f->size - off);
	/* All or nothing: a short count would let a reader (the kernel's page cache behind the
	 * mount) take the rest for zeros. */
	if (record_head_lost_in(&f->h, off, off + len))
		return -EIO;
	while (done < len) {
		uint64_t pos = off + done, next, end;
		size_t want, got;
		struct chunk *c;
		ext2_ino_t ino;
		uint32_t k = 0;
		int ri = f->h.nranges ? find_range(f, pos, &next) : 0;
		errcode_t err;
		int r;

		if (f->h.nranges && ri < 0) { /* a hole */
			want = (size_t)MIN((uint64_t)(len - done), next - pos);
			memset((char *)buf + done, 0, want);
			done += want;
			continue;
		}
		end = f->h.nranges ? f->h.ranges[ri].end : UINT64_MAX;
		if (f->h.nranges)
			k = f->h.ranges[ri].holder;
		want = (size_t)MIN((uint64_t)(len - done), end - pos);
		r = shared ? holder_shared(f, k, false, &c, &ino) : holder(f, k, &c, &ino);
		if (r < 0)
			return r;
		if (shared) {
			pthread_mutex_lock(&c->io_lock);
			err = ext2_read(c->fs, ino, (char *)buf + done, want, pos, &got);
			pthread_mutex_unlock(&c->io_lock);
			if (err)
				return -EAGAIN;
		} else {
			err = ext2_read(c->fs, ino, (char *)buf + done, want, pos, &got);
			if (err)
				return chunk_error(c, chunk_errno(err), "inode %u: read error: %s", ino, error_message(err));
		}
		if (got < want) /* past the holder's own size: never written */
			memset((char *)buf + done + got, 0, want - got);
		done += want;
	}
	return (ssize_t)done;
}

ssize_t vfile_pread(struct vfile *f, void *buf, size_t len, uint64_t off)
{
	return pread_in(f, buf, len, off, false);
}

ssize_t vfile_pread_shared(struct vfile *f, void *buf, size_t len, uint64_t off)
{
	return pread_in(f, buf, len, off, true);
}

/* Ranges of one holder this close are one range: the bytes between are in no range, so a
 * hole in every holder (a holder holds nothing outside its ranges), and read as zeros either
 * way. Without it a file written sparsely, in small pieces out of order (a linker's output),
 * would run out of ranges (RANGES_MAX) and get EFBIG. Farther apart, ranges are joined only
 * where the holder has room to fill the hole between (choose_holder). */
#define RANGE_GAP_JOIN (64 * 1024)

/* Adds [start, end) held by K to the range table, merging with a range of K that touches it or
 * is at most JOIN_BEFORE before it (JOIN_AFTER after it), with no other range between. */
static int add_range(struct vfile *f, uint64_t start, uint64_t end, uint32_t k, uint64_t join_before,
		     uint64_t join_after)
{
	struct record_range *rg;
	uint32_t i;

	for (i = 0; i < f->h.nranges && f->h.ranges[i].start < start; i++)
		;
	if (i > 0 && f->h.ranges[i - 1].holder == k && f->h.ranges[i - 1].end <= start &&
	    start - f->h.ranges[i - 1].end <= join_before) {
		f->h.ranges[i - 1].end = end;
		if (i < f->h.nranges && f->h.ranges[i].holder == k && f->h.ranges[i].start >= end &&
		    f->h.ranges[i].start - end <= join_after) {
			f->h.ranges[i - 1].end = f->h.ranges[i].end;
			memmove(&f->h.ranges[i], &f->h.ranges[i + 1], (f->h.nranges - i - 1) * sizeof(*rg));
			f->h.nranges--;
		}
		return 0;
	}
	if (i < f->h.nranges && f->h.ranges[i].holder == k && f->h.ranges[i].start >= end &&
	    f->h.ranges[i].start - end <= join_after) {
		f->h.ranges[i].start = start;
		return 0;
	}
	if (f->h.nranges >= RANGES_MAX)
		return -EFBIG;
	rg = realloc(f->h.ranges, (f->h.nranges + 1) * sizeof(*rg));
	if (!rg)
		return -ENOMEM;
	f->h.ranges = rg;
	memmove(&rg[i + 1], &rg[i], (f->h.nranges - i) * sizeof(*rg));
	rg[i] = (struct record_range){ .start = start, .end = end, .holder = k };
	f->h.nranges++;
	return 0;
}

static int holder_chunk(const struct vfile *f, uint32_t k)
{
	return k == 0 ? f->head.chunk : f->h.conts[k - 1].chunk;
}

static bool holder_usable(struct vfile *f, uint32_t k, uint64_t off, uint64_t need)
{
	uint64_t threshold = volume_threshold(f->v);
	struct chunk *c;

	if (f->full[holder_chunk(f, k)])
		return false;
	if (k == 0 && threshold && off >= threshold)
		return false;
	if (k > 0 && f->confirmed[k - 1] < 0)
		return false;
	if (volume_chunk(f->v, holder_chunk(f, k), &c) < 0 || c->damaged)
		return false;
	return chunk_has_room(c, need);
}

/* The bytes of the file K's ranges cover; the head's implicit range is the whole file below the
 * threshold. */
static uint64_t holder_span(struct vfile *f, uint32_t k)
{
	uint64_t span = 0, threshold;

	if (!f->h.nranges) {
		threshold = volume_threshold(f->v);
		return k == 0 ? (threshold ? MIN(f->size, threshold) : f->size) : 0;
	}
	for (uint32_t i = 0; i < f->h.nranges; i++)
		if (f->h.ranges[i].holder == k)
			span += f->h.ranges[i].end - f->h.ranges[i].start;
	return span;
}

/* What inode INO of C, covering SPAN bytes of its file, could still take beyond the holes in
 * that span: the chunk's free bytes, less those holes (a write into one needs a block), less a
 * margin for block maps. Negative when the span already promises more than the chunk has. */
static int64_t reach_in(struct chunk *c, ext2_ino_t ino, uint64_t span)
{
	struct ext2_inode_large inode;
	uint64_t data, holes, free;

	if (chunk_inode_read(c, ino, &inode) < 0)
		return -1;
	data = ext2fs_get_stat_i_blocks(c->fs, (struct ext2_inode *)&inode) * 512;
	holes = span > data ? span - data : 0;
	free = chunk_free_bytes(c);
	return (int64_t)free - (int64_t)holes - (int64_t)(free / 64 + 16 * (uint64_t)c->fs->blocksize);
}

static int64_t holder_reach(struct vfile *f, uint32_t k)
{
	struct chunk *c;
	ext2_ino_t ino;

	if (holder(f, k, &c, &ino) < 0)
		return -1;
	return reach_in(c, ino, holder_span(f, k));
}

/* The head's implicit range (the whole file below the threshold) made a real one, before any
 * other holder takes bytes: only as far as the head's last mapped block, since the bytes past it
 * are a hole in the head, and bytes in no range read as a hole too. Then a write past that
 * block is free to go elsewhere, as the head may have no room for it. */
static int head_explicit(struct vfile *f)
{
	uint64_t end = f->size, threshold = volume_threshold(f->v);
	struct chunk_block_bounds b;
	struct chunk *c;
	ext2_ino_t ino;

	if (f->h.nranges || !f->size)
		return 0;
	if (threshold)
		end = MIN(end, threshold);
	/* A block map that cannot be read: the whole implicit range, as before. */
	if (holder(f, 0, &c, &ino) == 0 && chunk_file_block_bounds(c, ino, UINT64_MAX - c->fs->blocksize, &b) == 0)
		end = MIN(end, b.before);
	return end ? add_range(f, 0, end, 0, RANGE_GAP_JOIN, RANGE_GAP_JOIN) : 0;
}

/* A chunk for a new continuation: the roomiest that holds nothing of this file yet. */
static int new_holder_chunk(struct vfile *f, uint64_t need, unsigned *ret)
{
	uint64_t best = 0;
	bool found = false;

	for (unsigned i = 0; i < volume_chunk_count(f->v); i++) {
		struct chunk *c;
		bool holds = i == f->head.chunk;
		for (unsigned k = 0; k < f->h.ncont && !holds; k++)
			holds = f->h.conts[k].chunk == i;
		if (holds || f->full[i] || volume_chunk(f->v, i, &c) < 0 || !volume_chunk_may_write(f->v, c))
			continue;
		if (chunk_has_room(c, need) && chunk_free_bytes(c) > best) {
			best = chunk_free_bytes(c);
			*ret = i;
			found = true;
		}
	}
	return found ? 0 : -ENOSPC;
}

/* Commits pending data, then makes a new continuation; returns its holder number. */
static int add_holder(struct vfile *f, uint64_t need, uint32_t *ret)
{
	struct chunk_ref cont, prev;
	unsigned target;
	int r;

	if (f->h.ncont >= CONT_MAX)
		return -EFBIG;
	r = new_holder_chunk(f, need, &target);
	if (r < 0)
		return r;
	r = head_explicit(f);
	if (r < 0)
		return r;
	r = vfile_sync(f);
	if (r < 0)
		return r;
	r = grow_conts(f);
	if (r < 0)
		return r;
	prev = f->h.ncont ? f->h.conts[f->h.ncont - 1] : f->head;
	if (!f->h.parent)
		f->h.parent = volume_parent_hint(f->v, VINO(f->head.chunk, f->head.ino));
	r = cont_create(f->v, &f->head, REF_FILE, target, &prev, &cont);
	if (r < 0)
		return r;
	r = cont_commit(f->v, &f->head, &f->h, &cont);
	if (r < 0) {
		cont_destroy(f->v, &f->head, &cont, REF_FILE);
		return r;
	}
	f->confirmed[f->h.ncont - 1] = 1;
	*ret = f->h.ncont;
	return 0;
}

/* Which holder takes the NEED new bytes at OFF (in no range yet, the next range starting at
 * NEXT), and how far a range of it before or after may be and still be joined with them
 * (f->join_before, f->join_after). Appending to a range, or writing within RANGE_GAP_JOIN of
 * one, needs only room for the bytes, so a file written in order fills each chunk before going
 * on. Farther off, a holder takes the bytes only if its chunk could also fill the hole this
 * leaves in its ranges (holder_reach): a file written at random offsets (a database, a disk
 * image, fio) must not spread one holder's ranges over more than its chunk can hold, or a later
 * write into a hole between them would find the chunk full (carve_hole is the way out), nor
 * make a range per write and run out of them (RANGES_MAX). */
static int choose_holder(struct vfile *f, uint64_t off, uint64_t need, uint64_t next, uint32_t *ret)
{
	int prev = -1, after = -1, r;
	uint64_t gap;

	f->join_before = f->join_after = RANGE_GAP_JOIN;
	if (!f->h.nranges && !f->h.ncont) {
		gap = off + need > f->size ? off + need - f->size : 0;
		if (holder_usable(f, 0, off, need) &&
		    ((off >= f->size && off - f->size <= RANGE_GAP_JOIN) || holder_reach(f, 0) >= (int64_t)gap)) {
			*ret = 0;
			return 0;
		}
		r = head_explicit(f);
		if (r < 0)
			return r;
		if (f->h.nranges && off < f->h.ranges[0].end) { /* the head's: place() looks again */
			*ret = 0;
			return 0;
		}
	}
	for (uint32_t i = f->h.nranges; i-- > 0 && prev < 0;)
		if (f->h.ranges[i].end <= off)
			prev = (int)i;
	if (prev + 1 < (int)f->h.nranges && f->h.ranges[prev + 1].start == next)
		after = prev + 1;
	if (prev >= 0 && f->h.ranges[prev].holder == RANGE_LOST) /* a lost range holds nothing */
		prev = -1;
	if (after >= 0 && f->h.ranges[after].holder == RANGE_LOST)
		after = -1;
	if (prev >= 0 && holder_usable(f, f->h.ranges[prev].holder, off, need)) {
		gap = off - f->h.ranges[prev].end;
		if (gap <= RANGE_GAP_JOIN || holder_reach(f, f->h.ranges[prev].holder) >= (int64_t)(gap + need)) {
			f->join_before = MAX(gap, (uint64_t)RANGE_GAP_JOIN);
			*ret = f->h.ranges[prev].holder;
			return 0;
		}
	}
	if (after >= 0 && holder_usable(f, f->h.ranges[after].holder, off, need) &&
	    holder_reach(f, f->h.ranges[after].holder) >= (int64_t)(next - off)) {
		f->join_after = MAX(next - off - need, (uint64_t)RANGE_GAP_JOIN);
		*ret = f->h.ranges[after].holder;
		return 0;
	}
	/* Nothing near: a new continuation, which later writes around these bytes join. A range
	 * of their own in some existing holder would interleave holders, each soon out of reach. */
	r = add_holder(f, need, ret);
	if (r != -EFBIG && r != -ENOSPC)
		return r;
	/* No new continuation: a neighbour with room takes the bytes, whatever its reach. */
	if (prev >= 0 && holder_usable(f, f->h.ranges[prev].holder, off, need)) {
		f->join_before = UINT64_MAX;
		*ret = f->h.ranges[prev].holder;
		return 0;
	}
	if (after >= 0 && holder_usable(f, f->h.ranges[after].holder, off, need)) {
		f->join_after = UINT64_MAX;
		*ret = f->h.ranges[after].holder;
		return 0;
	}
	if (f->h.ncont && holder_usable(f, f->h.ncont, off, need)) {
		*ret = f->h.ncont;
		return 0;
	}
	return r;
}

/* Where new bytes at POS go, up to WANT of them: holder *K takes *N of them; *FRESH if they lie
 * in no range yet or in a lost one (then *K may be a continuation made here, committed before
 * its range is). */
static int place(struct vfile *f, uint64_t pos, uint64_t want, uint32_t *k, uint64_t *n, bool *fresh)
{
	uint64_t threshold = volume_threshold(f->v), next, limit;
	int ri = f->h.nranges ? find_range(f, pos, &next) : -1;
	bool lost = ri >= 0 && f->h.ranges[ri].holder == RANGE_LOST, implicit = !f->h.nranges;
	int r;

	*fresh = ri < 0 || lost;
	if (ri >= 0 && !lost) {
		*k = f->h.ranges[ri].holder;
		limit = f->h.ranges[ri].end;
	} else {
		if (lost) /* written over, lost bytes are new ones: up to the end of the mark */
			next = f->h.ranges[ri].end;
		else if (implicit)
			next = UINT64_MAX;
		/* The mark may split in two around the new range. */
		if (lost && f->h.nranges + 2 > RANGES_MAX)
			return -EFBIG;
		r = choose_holder(f, pos, MIN(want, next - pos), next, k);
		if (r < 0)
			return r;
		/* A new holder turns the head's implicit range into a real one: look again. */
		if (implicit && f->h.nranges && find_range(f, pos, &next) >= 0)
			return place(f, pos, want, k, n, fresh);
		limit = next;
		if (*k == 0 && threshold && limit > threshold)
			limit = threshold;
		if (f->h.nranges == 0 && *k == 0)
			limit = threshold ? threshold : UINT64_MAX;
	}
	*n = MIN(want, limit - pos);
	return 0;
}

/* [START, END) is no longer lost (written, punched or cleared). */
static int unmark_lost(struct vfile *f, uint64_t start, uint64_t end)
{
	int r;

	if (record_head_lost_in(&f->h, start, end) == 0)
		return 0;
	r = record_head_clear_lost(&f->h, start, end);
	if (r < 0)
		return r;
	f->unmarked = true;
	f->dirty = true;
	return 0;
}

/* Bytes [POS, POS + N) placed in holder K are now its: a fresh range enters the table, in
 * place of the lost mark it was written over. */
static int placed(struct vfile *f, uint64_t pos, uint64_t n, uint32_t k, bool fresh)
{
	int r;

	if (fresh) {
		r = unmark_lost(f, pos, pos + n);
		if (r < 0)
			return r;
	}
	if (fresh && (f->h.nranges || k != 0)) {
		r = add_range(f, pos, pos + n, k, f->join_before, f->join_after);
		if (r < 0)
			return r;
	}
	f->join_before = f->join_after = RANGE_GAP_JOIN;
	if (k > 0)
		f->touched[k - 1] = true;
	f->dirty = true;
	f->modified = chunk_time_now();
	return 0;
}

/* A write at POS found its range's holder full where that holder maps nothing (its chunk filled
 * with other files after the range was made, or the range is older than holder_reach). The hole
 * around POS (as far as the holder's mapped blocks before and after it, within the range) leaves
 * the range, so that the bytes go to another holder. Everything pending is committed first, and
 * the head record is written without the hole before anything else is, so that a kill never
 * leaves the head giving a continuation bytes its own record no longer lists. -ENOSPC when POS's
 * block is mapped, or the table has no room for the range's other half. */
static int carve_hole(struct vfile *f, uint64_t pos, uint64_t n)
{
	struct chunk_block_bounds b;
	struct record_range *rg;
	uint64_t from, to, next;
	struct chunk *c;
	ext2_ino_t ino;
	int ri = find_range(f, pos, &next), r;

	if (ri < 0 || f->h.ranges[ri].holder == RANGE_LOST)
		return -ENOSPC;
	r = holder(f, f->h.ranges[ri].holder, &c, &ino);
	if (r == 0)
		r = chunk_file_block_bounds(c, ino, pos, &b);
	/* The write may have mapped a first part of the piece before it ran out of room: the
	 * hole starts after it (and the first part is written again, in place). */
	if (r == 0 && b.mapped && b.run_end < MIN(pos + n, f->h.ranges[ri].end))
		r = chunk_file_block_bounds(c, ino, b.run_end, &b);
	if (r < 0)
		return r;
	rg = &f->h.ranges[ri];
	from = MAX(rg->start, b.before);
	to = MIN(rg->end, b.after);
	if (b.mapped || (from > rg->start && to < rg->end && f->h.nranges >= RANGES_MAX))
		return -ENOSPC;
	r = vfile_sync(f);
	if (r < 0)
		return r;
	rg = &f->h.ranges[ri];
	if (from > rg->start && to < rg->end) {
		struct record_range *t = realloc(f->h.ranges, (f->h.nranges + 1) * sizeof(*t));
		if (!t)
			return -ENOMEM;
		f->h.ranges = t;
		rg = &t[ri];
		memmove(rg + 2, rg + 1, (f->h.nranges - ri - 1) * sizeof(*t));
		rg[1] = (struct record_range){ .start = to, .end = rg->end, .holder = rg->holder };
		rg->end = from;
		f->h.nranges++;
	} else if (from > rg->start) {
		rg->end = from;
	} else if (to < rg->end) {
		rg->start = to;
	} else {
		memmove(rg, rg + 1, (f->h.nranges - ri - 1) * sizeof(*rg));
		f->h.nranges--;
	}
	if (!f->h.ncont)
		return 0;
	r = volume_chunk_writable(f->v, f->head.chunk, &c);
	if (r == 0)
		r = cont_head_store(c, f->head.ino, &f->h);
	return r == 0 ? chunk_sync(c) : r;
}

ssize_t vfile_pwrite(struct vfile *f, const void *buf, size_t len, uint64_t off)
{
	size_t done = 0;
	int r;

	if (!f->writable)
		return -EBADF;
	while (done < len) {
		uint64_t pos = off + done, n;
		struct chunk *c;
		ext2_ino_t ino;
		uint32_t k;
		bool fresh;

		r = place(f, pos, MIN(len - done, (size_t)PIECE), &k, &n, &fresh);
		if (r == 0)
			r = holder(f, k, &c, &ino);
		if (r < 0)
			return done ? (ssize_t)done : r;
		r = chunk_file_pwrite_data(c, ino, (const char *)buf + done, (size_t)n, pos);
		if (r == -ENOSPC && fresh) {
			f->full[c->id] = true; /* try another holder */
			continue;
		}
		if (r == -ENOSPC && carve_hole(f, pos, n) == 0) {
			f->full[c->id] = true; /* the bytes are in no range now: another holder's */
			continue;
		}
		if (r == 0)
			r = placed(f, pos, n, k, fresh);
		if (r < 0)
			return done ? (ssize_t)done : r;
		done += n;
		if (pos + n > f->size)
			f->size = pos + n;
	}
	return (ssize_t)done;
}

/* Where new bytes at POS go without the volume to itself: into the range holding them, or
 * right after the range before them in that range's holder (the head's implicit range below
 * the threshold included); the rest of place()'s choices (another holder, a new continuation,
 * bytes a repair marked lost) are -EAGAIN. Whether the holder has room is the caller's. */
static int place_shared(struct vfile *f, uint64_t pos, uint64_t want, uint32_t *k, uint64_t *n, bool *fresh)
{
	uint64_t threshold, next, limit;
	int ri, prev = -1;

	if (!volume_threshold_known(f->v, &threshold))
		return -EAGAIN;
	if (!f->h.nranges) {
		/* Far past the end, the head's reach is choose_holder's to judge; below it, the
		 * caller's (head_holes_fit). */
		if (f->h.ncont || (threshold && pos >= threshold) || pos > f->size + RANGE_GAP_JOIN)
			return -EAGAIN;
		*k = 0;
		*fresh = true;
		limit = threshold ? threshold : UINT64_MAX;
	} else if ((ri = find_range(f, pos, &next)) >= 0) {
		if (f->h.ranges[ri].holder == RANGE_LOST)
			return -EAGAIN;
		*k = f->h.ranges[ri].holder;
		*fresh = false;
		limit = f->h.ranges[ri].end;
	} else {
		for (uint32_t i = f->h.nranges; i-- > 0 && prev < 0;)
			if (f->h.ranges[i].end <= pos)
				prev = (int)i;
		if (prev < 0 || f->h.ranges[prev].holder == RANGE_LOST || pos - f->h.ranges[prev].end > RANGE_GAP_JOIN)
			return -EAGAIN;
		*k = f->h.ranges[prev].holder;
		*fresh = true;
		limit = next;
		if (*k == 0 && threshold) {
			if (pos >= threshold)
				return -EAGAIN;
			limit = MIN(limit, threshold);
		}
	}
	*n = MIN(want, limit - pos);
	return 0;
}

size_t vfile_pwrite_shared(struct vfile *f, const void *buf, size_t len, uint64_t off)
{
	size_t done = 0;

	while (f->writable && done < len) {
		uint64_t pos = off + done, n;
		struct chunk *c;
		ext2_ino_t ino;
		uint32_t k;
		bool fresh;
		int r;

		if (place_shared(f, pos, MIN(len - done, (size_t)PIECE), &k, &n, &fresh) < 0 ||
		    holder_shared(f, k, true, &c, &ino) < 0 || f->full[c->id])
			break;
		pthread_mutex_lock(&c->io_lock);
		if (fresh && (!chunk_has_room(c, n) || (!f->h.nranges && pos < f->size && reach_in(c, ino, holder_span(f, 0)) < 0)))
			r = -ENOSPC;
		else
			r = chunk_file_pwrite_data(c, ino, (const char *)buf + done, (size_t)n, pos);
		pthread_mutex_unlock(&c->io_lock);
		/* An error, or no room: the caller writes the rest with the volume to itself, which
		 * tries another holder or says what went wrong. */
		if (r < 0 || placed(f, pos, n, k, fresh) < 0)
			break;
		done += n;
		if (pos + n > f->size)
			f->size = pos + n;
	}
	return done;
}

/* The ranges of holder K, for its continuation record. */
static int cont_ranges(const struct vfile *f, uint32_t k, struct record_range **ret, uint32_t *n)
{
	struct record_range *rg = calloc(f->h.nranges + 1, sizeof(*rg));

	if (!rg)
		return -ENOMEM;
	*n = 0;
	for (uint32_t i = 0; i < f->h.nranges; i++)
		if (f->h.ranges[i].holder == k)
			rg[(*n)++] = (struct record_range){ f->h.ranges[i].start, f->h.ranges[i].end, 0 };
	*ret = rg;
	return 0;
}

static bool timespec_after(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec > b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec > b->tv_nsec);
}

/* Were the head's times set (volume_setattr: utimensat, futimens) after this file's last write?
 * Then they are what the caller wants, as on Linux, where the write stamped mtime before. */
static bool times_set_since(const struct vfile *f, const struct ext2_inode_large *inode)
{
	struct timespec mtime = chunk_inode_time(inode, CHUNK_MTIME), ctime = chunk_inode_time(inode, CHUNK_CTIME);

	return (mtime.tv_sec != f->mtime_seen.tv_sec || mtime.tv_nsec != f->mtime_seen.tv_nsec) &&
	       timespec_after(&ctime, &f->modified);
}

int vfile_sync(struct vfile *f)
{
	struct ext2_inode_large inode;
	struct chunk *c;
	ext2_ino_t ino;
	int r;

	if (!f->writable || !f->dirty)
		return 0;
	/* Continuations first: their records and data, durable. */
	for (uint32_t k = 1; k <= f->h.ncont; k++) {
		struct record_cont rec;
		if (!f->touched[k - 1])
			continue;
		r = holder(f, k, &c, &ino);
		if (r == 0)
			r = cont_load(c, ino, &rec);
		if (r < 0)
			return r;
		free(rec.ranges);
		r = cont_ranges(f, k, &rec.ranges, &rec.nranges);
		if (r == 0)
			r = cont_store(c, ino, &rec);
		record_cont_done(&rec);
		if (r == 0)
			r = chunk_sync(c);
		if (r < 0)
			return r;
		f->touched[k - 1] = false;
	}
	/* Then the head: its range table, then the file's size, the commit point. A kill between
	 * the two leaves ranges past the size, never a size past the ranges (read as a hole). */
	r = volume_chunk_writable(f->v, f->head.chunk, &c);
	if (r == 0 && (f->h.ncont || f->unmarked || record_head_has_lost(&f->h)))
		r = cont_head_store(c, f->head.ino, &f->h);
	if (r == 0)
		r = chunk_inode_read(c, f->head.ino, &inode);
	if (r < 0)
		return r;
	ext2fs_inode_size_set(c->fs, (struct ext2_inode *)&inode, f->size);
	if (!times_set_since(f, &inode)) {
		struct timespec ctime = chunk_inode_time(&inode, CHUNK_CTIME);
		/* ctime never goes back (a chmod after the write moved it on). */
		chunk_inode_stamp(&inode, CHUNK_MTIME | (timespec_after(&f->modified, &ctime) ? CHUNK_CTIME : 0),
				  &f->modified);
		f->mtime_seen = f->modified;
	}
	r = chunk_inode_write(c, f->head.ino, &inode);
	if (r == 0 && (f->h.ncont || f->unmarked))
		r = chunk_sync(c);
	if (r == 0)
		f->dirty = f->unmarked = false;
	return r;
}

int vfile_truncate(struct vfile *f, uint64_t size)
{
	struct chunk *c;
	ext2_ino_t ino;

	if (!f->writable)
		return -EBADF;
	f->modified = chunk_time_now();
	if (size >= f->size) {
		f->size = size;
		f->dirty = true;
		return 0;
	}
	/* Drop and trim ranges, and cut every holder's inode at SIZE. Lost bytes cut off are
	 * unmarked with them. */
	if (record_head_lost_in(&f->h, size, UINT64_MAX))
		f->unmarked = true;
	for (uint32_t i = 0; i < f->h.nranges;) {
		struct record_range *rg = &f->h.ranges[i];
		if (rg->start >= size) {
			memmove(rg, rg + 1, (f->h.nranges - i - 1) * sizeof(*rg));
			f->h.nranges--;
			continue;
		}
		if (rg->end > size)
			rg->end = size;
		i++;
	}
	for (uint32_t k = 0; k <= f->h.ncont; k++) {
		int r;
		if (holder(f, k, &c, &ino) < 0)
			continue;
		r = chunk_file_shrink(c, ino, size);
		/* Blocks reserved past the holder's own size (fallocate) go too. */
		if (r == 0 && chunk_file_extents(c, ino))
			r = chunk_file_punch(c, ino, (size + c->fs->blocksize - 1) / c->fs->blocksize * c->fs->blocksize,
					     UINT64_MAX);
		if (r < 0)
			return r;
		if (k > 0)
			f->touched[k - 1] = true;
	}
	f->size = size;
	f->dirty = true;
	return 0;
}

/* The room files can still be given in the volume (statfs's available blocks, which opens no
 * chunk): a reservation larger than all of it is refused before anything is reserved. */
static uint64_t room_left(struct vfile *f)
{
	struct vstatfs st;

	if (volume_statfs(f->v, &st) < 0)
		return 0;
	return st.bavail * st.bsize;
}

/* Blocks reserved under [OFF, END) where a write would put them. The head of an ext2 chunk
 * cannot map blocks past its size (chunk-space.c), so it reserves nothing past EOF. */
static int reserve(struct vfile *f, uint64_t off, uint64_t end, uint64_t eof)
{
	for (uint64_t pos = off; pos < end;) {
		struct chunk *c;
		ext2_ino_t ino;
		uint64_t n, next;
		uint32_t k;
		bool fresh;
		int ri = f->h.nranges ? find_range(f, pos, &next) : -1;
		int r;

		if (ri >= 0 && f->h.ranges[ri].holder == RANGE_LOST) {
			pos = f->h.ranges[ri].end; /* a reservation writes nothing: still lost */
			continue;
		}
		r = place(f, pos, MIN(end - pos, (uint64_t)PIECE), &k, &n, &fresh);
		if (r == 0)
			r = holder(f, k, &c, &ino);
		if (r < 0)
			return r;
		if (k == 0 && !chunk_file_extents(c, ino)) {
			if (pos >= eof) {
				pos += n;
				continue;
			}
			n = MIN(n, eof - pos);
		}
		r = chunk_has_room(c, n) ? chunk_file_allocate(c, ino, pos, n) : -ENOSPC;
		if (r == -ENOSPC && fresh && (f->h.nranges || k != 0 || pos >= f->size)) {
			/* Nothing of this file is there: give back the whole blocks reserved, try another. */
			uint64_t bs = c->fs->blocksize;
			r = chunk_file_punch(c, ino, (pos + bs - 1) / bs * bs, (pos + n) / bs * bs);
			if (r < 0)
				return r;
			f->full[c->id] = true;
			continue;
		}
		if (r == 0)
			r = placed(f, pos, n, k, fresh);
		if (r < 0)
			return r;
		pos += n;
	}
	return 0;
}

/* [OFF, END) reads as zeros; every holder with a range there frees its whole blocks. A block
 * of a holder that spans past the range is freed when the punch covers it whole: its bytes
 * outside the range are not this holder's, and read from elsewhere. */
static int punch(struct vfile *f, uint64_t off, uint64_t end)
{
	struct record_range all = { 0, UINT64_MAX, 0 };
	uint32_t n = f->h.nranges ? f->h.nranges : 1;

	for (uint32_t i = 0; i < n; i++) {
		const struct record_range *rg = f->h.nranges ? &f->h.ranges[i] : &all;
		uint64_t from = MAX(off, rg->start), to = MIN(end, rg->end), bs;
		struct chunk *c;
		ext2_ino_t ino;
		int r;

		if (from >= to || rg->holder == RANGE_LOST)
			continue;
		r = holder(f, rg->holder, &c, &ino);
		if (r < 0)
			return r;
		bs = c->fs->blocksize;
		if (from % bs && from / bs * bs >= off)
			from = from / bs * bs;
		if (to % bs && (to / bs + 1) * bs <= (end >= f->size ? UINT64_MAX : end))
			to = (to / bs + 1) * bs;
		r = chunk_file_punch(c, ino, from, to);
		if (r < 0)
			return r;
		if (rg->holder > 0)
			f->touched[rg->holder - 1] = true;
	}
	/* Asked to read as zeros, lost bytes are lost no more. */
	f->dirty = true;
	f->modified = chunk_time_now();
	return unmark_lost(f, off, end);
}

int vfile_fallocate(struct vfile *f, int mode, uint64_t off, uint64_t len)
{
	bool keep = mode & FALLOC_FL_KEEP_SIZE;
	uint64_t end = off + len;
	int r;

	if (!f->writable)
		return -EBADF;
	if (len == 0)
		return -EINVAL;
	if (end < off || end > FILE_MAX_BYTES)
		return -EFBIG;
	switch (mode & ~FALLOC_FL_KEEP_SIZE) {
	case 0:
		break;
	case FALLOC_FL_PUNCH_HOLE:
		return keep ? punch(f, off, end) : -EOPNOTSUPP;
	case FALLOC_FL_ZERO_RANGE:
		r = punch(f, off, end);
		if (r < 0)
			return r;
		break;
	default:
		return -EOPNOTSUPP;
	}
	if (len > room_left(f))
		return -ENOSPC;
	r = reserve(f, off, end, keep ? f->size : MAX(f->size, end));
	if (r < 0)
		return r;
	if (!keep && end > f->size)
		f->size = end;
	f->dirty = true;
	f->modified = chunk_time_now();
	return 0;
}

/* SEEK_DATA: the first written byte at or after OFF; SEEK_HOLE: the first byte of a hole (the
 * size counts as one). Holes are bytes in no range, and blocks of a holder not written. */
int64_t vfile_seek(struct vfile *f, uint64_t off, int whence)
{
	if (whence != SEEK_DATA && whence != SEEK_HOLE)
		return -EINVAL;
	if (off >= f->size)
		return -ENXIO;
	for (uint64_t pos = off; pos < f->size;) {
		uint64_t next, seg_end = f->size, start, end;
		int ri = f->h.nranges ? find_range(f, pos, &next) : 0;
		struct chunk *c;
		ext2_ino_t ino;
		uint32_t k = 0;
		int r;

		if (ri < 0) {
			if (whence == SEEK_HOLE)
				return (int64_t)pos;
			pos = next;
			continue;
		}
		if (f->h.nranges) {
			k = f->h.ranges[ri].holder;
			seg_end = MIN(seg_end, f->h.ranges[ri].end);
		}
		if (k == RANGE_LOST) { /* data, so that a reader reads it and gets EIO, never a hole */
			if (whence == SEEK_DATA)
				return (int64_t)pos;
			pos = seg_end;
			continue;
		}
		r = holder(f, k, &c, &ino);
		if (r == 0)
			r = chunk_file_next_data(c, ino, pos, &start, &end);
		if (r < 0)
			return r;
		if (whence == SEEK_DATA && start < seg_end)
			return (int64_t)start;
		if (whence == SEEK_HOLE && start > pos)
			return (int64_t)pos;
		if (whence == SEEK_HOLE && end < seg_end)
			return (int64_t)end;
		pos = seg_end;
	}
	return whence == SEEK_HOLE ? (int64_t)f->size : -ENXIO;
}

int vfile_reload(struct vfile *f)
{
	struct ext2_inode_large inode;
	struct record_head h = { 0 };
	struct chunk *c;
	int *confirmed;
	bool *touched;
	int r = volume_chunk(f->v, f->head.chunk, &c);

	if (r < 0)
		return r;
	r = chunk_inode_read(c, f->head.ino, &inode);
	if (r < 0)
		return r;
	if (!chunk_inode_in_use(c, f->head.ino, &inode) || inode.i_generation != f->head.gen ||
	    !LINUX_S_ISREG(inode.i_mode))
		return -ESTALE;
	r = cont_head_load(c, f->head.ino, &h);
	if (r < 0)
		return r;
	confirmed = calloc(h.ncont + 1, sizeof(*confirmed));
	touched = calloc(h.ncont + 1, sizeof(*touched));
	if (!confirmed || !touched) {
		free(confirmed);
		free(touched);
		record_head_done(&h);
		return -ENOMEM;
	}
	record_head_done(&f->h);
	free(f->confirmed);
	free(f->touched);
	f->h = h;
	f->confirmed = confirmed;
	f->touched = touched;
	memset(f->full, 0, volume_chunk_count(f->v) * sizeof(*f->full));
	f->size = EXT2_I_SIZE(&inode);
	f->mtime_seen = chunk_inode_time(&inode, CHUNK_MTIME);
	f->dirty = false;
	return 0;
}

int vfile_lost_ranges(const struct vfile *f, struct record_range **ret, size_t *n)
{
	struct record_range *rg = calloc(f->h.nranges + 1, sizeof(*rg));

	if (!rg)
		return -ENOMEM;
	*n = 0;
	for (uint32_t i = 0; i < f->h.nranges; i++)
		if (f->h.ranges[i].holder == RANGE_LOST && f->h.ranges[i].start < f->size)
			rg[(*n)++] = (struct record_range){ f->h.ranges[i].start, MIN(f->h.ranges[i].end, f->size),
							    RANGE_LOST };
	*ret = rg;
	return 0;
}

int64_t vfile_clear_lost(struct vfile *f)
{
	uint64_t bytes = record_head_lost_in(&f->h, 0, UINT64_MAX);
	int r;

	if (!f->writable)
		return -EBADF;
	r = unmark_lost(f, 0, UINT64_MAX);
	if (r == 0)
		r = vfile_sync(f);
	return r < 0 ? r : (int64_t)bytes;
}

int vfile_close(struct vfile *f)
{
	int r = 0;

	if (!f)
		return 0;
	if (f->writable)
		r = vfile_sync(f);
	record_head_done(&f->h);
	free(f->confirmed);
	free(f->touched);
	free(f->full);
	free(f);
	return r;
}
