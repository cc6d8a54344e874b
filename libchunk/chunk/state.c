/* Per-chunk state: the /.chunkfs/state record, written in place, mirrored into the ext
 * superblock fields that mean the same (so dumpe2fs -h tells the same story). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <syslog.h>
#include <time.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/fsck-result.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/state.h"

int chunk_corrupt(struct chunk *c, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	chunk_log(LOG_ERR, "%s (chunk %u): %s", c->path, c->id, msg);
	/* Damage found while the chunk was read-only is written once it is writable. */
	if (!c->damaged || (c->writable && c->damage_unwritten))
		chunk_state_mark_damaged(c, msg);
	return -EUCLEAN;
}

const char *chunk_state_to_string(enum chunk_state s)
{
	switch (s) {
	case CHUNK_CLEAN: return "clean";
	case CHUNK_DIRTY: return "dirty";
	case CHUNK_DAMAGED: return "damaged";
	case CHUNK_MISSING: return "missing";
	}
	return "unknown";
}

bool chunk_status_refs_known(const struct chunk_status *s)
{
	/* An opened chunk has a size; one not opened (volume_chunk_status) has none. */
	return !s->from_superblock && s->bytes_total > 0;
}

int chunk_state_read(struct chunk *c)
{
	_cleanup_free_ void *buf = NULL;
	size_t len;
	int r;

	memset(&c->state, 0, sizeof(c->state));
	c->state.last_result = -1;
	c->state.last_repair_result = -1;
	if (!c->state_ino)
		return -ENOENT;
	r = chunk_file_read_all(c, c->state_ino, &buf, &len);
	if (r < 0)
		return r;
	r = record_state_decode(buf, len, &c->state);
	if (r < 0) {
		memset(&c->state, 0, sizeof(c->state));
		c->state.state = CHUNK_DAMAGED;
		c->damaged = true;
		return r;
	}
	if (c->state.state == CHUNK_DAMAGED)
		c->damaged = true;
	return 0;
}

/* The record's one block, found without allocating; it must lie inside the file system. */
static int state_block(struct chunk *c, blk64_t *blk)
{
	errcode_t err;

	if (!c->state_ino)
		return -ENOENT;
	err = ext2fs_bmap2(c->fs, c->state_ino, NULL, NULL, 0, 0, NULL, blk);
	if (err)
		return chunk_errno(err);
	if (*blk < c->fs->super->s_first_data_block || *blk >= ext2fs_blocks_count(c->fs->super))
		return -EUCLEAN;
	return 0;
}

static void mirror_superblock(struct chunk *c)
{
	struct ext2_super_block *sb = c->fs->super;

	switch (c->state.state) {
	case CHUNK_CLEAN:
		sb->s_state |= EXT2_VALID_FS;
		sb->s_state &= ~EXT2_ERROR_FS;
		break;
	case CHUNK_DIRTY:
		sb->s_state &= ~EXT2_VALID_FS;
		break;
	case CHUNK_DAMAGED:
		/* As the kernel leaves a file system with errors that it closed: "clean with
		 * errors". DAMAGED is written after everything before it is durable, and nothing
		 * writes the chunk until its repair; a VALID_FS left clear by the DIRTY before it
		 * would make that repair's e2fsck -fy report a fix (status 1) that is only ours. */
		sb->s_state |= EXT2_VALID_FS | EXT2_ERROR_FS;
		break;
	}
	if (c->state.last_check)
		sb->s_lastcheck = (uint32_t)c->state.last_check;
	ext2fs_mark_super_dirty(c->fs);
}

int chunk_state_write(struct chunk *c)
{
	_cleanup_free_ void *rec = NULL;
	_cleanup_free_ char *block = NULL;
	size_t len;
	blk64_t blk;
	errcode_t err;
	int r;

	if (!c->writable)
		return chunk_error(c, -EROFS, "cannot record state: opened read-only");
	/* Any state but DIRTY vouches for what was written before it: that must be on disk
	 * first, or a crash could leave a CLEAN record over data that never got there. DIRTY
	 * is written before the first write, so it has nothing to wait for. */
	if (c->state.state != CHUNK_DIRTY) {
		r = chunk_sync(c);
		if (r < 0)
			return r;
	}
	r = record_state_encode(&c->state, &rec, &len);
	if (r < 0)
		return r;
	r = state_block(c, &blk);
	if (r < 0)
		return chunk_error(c, r, "state record has no usable block");
	block = calloc(1, c->fs->blocksize);
	if (!block)
		return -ENOMEM;
	err = io_channel_read_blk64(c->fs->io, blk, 1, block);
	if (!err) {
		memcpy(block, rec, len);
		err = io_channel_write_blk64(c->fs->io, blk, 1, block);
	}
	if (err)
		return chunk_error(c, chunk_errno(err), "cannot write the state record: %s", error_message(err));
	mirror_superblock(c);
	return chunk_sync(c);
}

/* W's record with WITNESS, written into its block through IO and synced. */
static int write_witness_block(struct chunk *w, io_channel io, uint32_t witness)
{
	_cleanup_free_ void *rec = NULL;
	_cleanup_free_ char *block = NULL;
	struct record_state st = w->state;
	size_t len;
	blk64_t blk;
	errcode_t err;
	int r;

	st.witness = witness;
	r = record_state_encode(&st, &rec, &len);
	if (r < 0)
		return r;
	r = state_block(w, &blk);
	if (r < 0)
		return r;
	block = calloc(1, w->fs->blocksize);
	if (!block)
		return -ENOMEM;
	err = io_channel_read_blk64(io, blk, 1, block);
	if (!err) {
		memcpy(block, rec, len);
		err = io_channel_write_blk64(io, blk, 1, block);
	}
	if (!err)
		err = io_channel_flush(io);
	if (err)
		return chunk_errno(err);
	w->state.witness = witness;
	return 0;
}

int chunk_state_write_witness(struct chunk *w, uint32_t witness)
{
	io_channel io = NULL;
	errcode_t err;
	int r;

	if (w->damaged || !w->state_ino)
		return -EROFS;
	if (w->writable)
		return write_witness_block(w, w->fs->io, witness);
	/* Read-only here: W's exclusive lock, at once or not at all, and a channel of our own,
	 * so that nothing of W's read-only handle changes. flock converts by dropping the shared
	 * lock first: take it back in any case. */
	if (!w->no_lock && flock(w->lock_fd, LOCK_EX | LOCK_NB) < 0) {
		(void)flock(w->lock_fd, LOCK_SH | LOCK_NB);
		return -EBUSY;
	}
	err = unix_io_manager->open(w->path, IO_FLAG_RW, &io);
	if (!err)
		err = io_channel_set_blksize(io, w->fs->blocksize);
	r = err ? chunk_errno(err) : write_witness_block(w, io, witness);
	if (io)
		io_channel_close(io);
	if (!w->no_lock)
		(void)flock(w->lock_fd, LOCK_SH | LOCK_NB);
	return r;
}

int chunk_state_set(struct chunk *c, enum chunk_state s)
{
	c->state.state = s;
	return chunk_state_write(c);
}

int chunk_state_mark_damaged(struct chunk *c, const char *why)
{
	struct ext2_super_block *sb = c->fs->super;
	uint32_t now = (uint32_t)time(NULL);
	bool news = !c->damaged; /* not when damage known in memory is now written */

	if (chunk_log_holding()) { /* a shared section: the ordinary retry marks it */
		chunk_log_hold_fail();
		return -EAGAIN;
	}
	c->damaged = true;
	c->state.state = CHUNK_DAMAGED;
	c->damage_unwritten = !c->writable;
	if (news && c->on_damage)
		c->on_damage(c->id, c->on_damage_userdata);
	if (!c->writable)
		return 0; /* remembered in memory; a read-only user must not write */
	sb->s_error_count++;
	if (!sb->s_first_error_time) {
		sb->s_first_error_time = now;
		strncpy((char *)sb->s_first_error_func, "chunkfs", sizeof(sb->s_first_error_func));
	}
	sb->s_last_error_time = now;
	strncpy((char *)sb->s_last_error_func, "chunkfs", sizeof(sb->s_last_error_func));
	chunk_log(LOG_ERR, "%s (chunk %u): marked DAMAGED: %s", c->path, c->id, why);
	return chunk_state_write(c);
}

static int record_check(struct chunk *c, int result, uint32_t found, bool may_clean)
{
	c->state.last_check = time(NULL);
	c->state.last_result = result;
	c->state.errors_found += found;
	if (result == FSCK_OK && may_clean) {
		c->state.state = CHUNK_CLEAN;
		c->damaged = false;
	} else if (result & FSCK_UNCORRECTED) {
		c->state.state = CHUNK_DAMAGED;
		c->damaged = true;
	}
	return chunk_state_write(c);
}

int chunk_state_record_check(struct chunk *c, int result, uint32_t found)
{
	return record_check(c, result, found, true);
}

int chunk_state_record_online_check(struct chunk *c, int result, uint32_t found)
{
	return record_check(c, result, found, false);
}

int chunk_state_record_repair(struct chunk *c, int result, uint32_t found, uint32_t fixed)
{
	c->state.last_repair = time(NULL);
	c->state.last_repair_result = result;
	/* A repair ends with a re-check: it is the chunk's latest check too, and its result
	 * (1: errors corrected, 4: some left) is what the chunk's status should say. */
	c->state.last_check = c->state.last_repair;
	c->state.last_result = result;
	c->state.errors_found += found;
	c->state.errors_fixed += fixed;
	if (result < FSCK_UNCORRECTED) {
		c->state.state = CHUNK_CLEAN;
		c->damaged = false;
	} else {
		c->state.state = CHUNK_DAMAGED;
		c->damaged = true;
	}
	c->marked_dirty = false;
	return chunk_state_write(c);
}
