/* The status of one chunk of a volume, as `chunkctl status` and `df` and the daemon show it:
 * read from the chunk's state record and superblock, and its index's count of references; and
 * why a chunk that does not open is unavailable, in words. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "libchunk/base/ext-super.h"
#include "libchunk/base/mounts.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/index.h"
#include "libchunk/chunk/state.h"
#include "libchunk/volume/volume.h"

/* A chunk another process holds for writing (a mount) is not opened: its superblock says
 * what was last made durable, the state among it (state.c mirrors the state there). */
static int status_from_superblock(struct volume *v, unsigned id, struct chunk_status *ret)
{
	struct ext2_super_block sb;
	char why[160];
	int fd = open(volume_chunk_path(v, id), O_RDONLY | O_CLOEXEC), r;

	if (fd < 0)
		return -errno;
	r = ext_super_read(fd, EXT_SUPER_OFFSET, EXT_SUPER_TOLERANT, &sb, why, sizeof(why));
	close(fd);
	if (r < 0)
		return -EBUSY; /* held, and what is on disk is no chunk: say busy, as before */
	memset(ret, 0, sizeof(*ret));
	ret->last_result = ret->last_repair_result = -1;
	ret->state = (sb.s_state & EXT2_ERROR_FS) ? CHUNK_DAMAGED : !(sb.s_state & EXT2_VALID_FS) ? CHUNK_DIRTY : CHUNK_CLEAN;
	ret->last_check = sb.s_lastcheck;
	ret->bytes_total = ext2fs_blocks_count(&sb) * (EXT2_MIN_BLOCK_SIZE << sb.s_log_block_size);
	ret->bytes_free = ext2fs_free_blocks_count(&sb) * (EXT2_MIN_BLOCK_SIZE << sb.s_log_block_size);
	ret->inodes_total = sb.s_inodes_count;
	ret->inodes_free = sb.s_free_inodes_count;
	ret->from_superblock = true;
	return 0;
}

int volume_chunk_peek(struct volume *v, unsigned id, char *why, size_t size)
{
	struct ext2_super_block sb;
	char bad[160];
	int fd = open(volume_chunk_path(v, id), O_RDONLY | O_CLOEXEC), r;

	if (fd < 0) {
		snprintf(why, size, "%s", errno == ENOENT ? "missing" : strerror(errno));
		return 1;
	}
	r = ext_super_read(fd, EXT_SUPER_OFFSET, EXT_SUPER_TOLERANT, &sb, bad, sizeof(bad));
	close(fd);
	if (r < 0)
		snprintf(why, size, "not a chunk: %s", r == -EUCLEAN ? bad : strerror(-r));
	else if (sb.s_state & EXT2_ERROR_FS)
		snprintf(why, size, "DAMAGED");
	else if (!(sb.s_state & EXT2_VALID_FS))
		snprintf(why, size, "DIRTY (left so by a crash)");
	else
		return 0;
	return 1;
}

/* Whether another process holds PATH's exclusive lock (a writer: a mount, a repair), the
 * kernel not holding it: such a chunk is not opened, so nothing is logged as refused. */
static bool held_by_writer(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool held;

	if (fd < 0)
		return false; /* opening it will say why */
	held = flock(fd, LOCK_SH | LOCK_NB) < 0 && errno == EWOULDBLOCK;
	close(fd);
	return held && !chunk_mounted(path);
}

int volume_chunk_status(struct volume *v, unsigned id, struct chunk_status *ret)
{
	struct chunk *c;
	int r;

	memset(ret, 0, sizeof(*ret));
	ret->last_result = ret->last_repair_result = -1;
	if (id >= volume_chunk_count(v))
		return -EINVAL;
	if ((volume_flags(v) & VOLUME_STATE_ONLY) && held_by_writer(volume_chunk_path(v, id)))
		return status_from_superblock(v, id, ret);
	r = volume_chunk(v, id, &c);
	if (r == -ENXIO) {
		ret->state = CHUNK_MISSING;
		return 0;
	}
	/* Not ours to read (a user who is not the chunks' owner): nothing is known of its state,
	 * which the caller says rather than calling the chunk damaged. */
	if (r == -EBUSY || r == -EACCES || r == -EPERM)
		return r;
	if (r < 0) {
		/* Unopenable for writing: a kill in the middle of a flush leaves bitmaps that do not
		 * match their checksums. What the superblock recorded stays the truth for a chunk
		 * left DIRTY, so that repair --dirty takes it; anything else here is DAMAGED. */
		if (status_from_superblock(v, id, ret) == 0 && ret->state == CHUNK_DIRTY)
			return 0;
		memset(ret, 0, sizeof(*ret));
		ret->last_result = ret->last_repair_result = -1;
		ret->state = CHUNK_DAMAGED;
		return 0;
	}
	ret->state = c->damaged ? CHUNK_DAMAGED : (enum chunk_state)c->state.state;
	ret->last_check = c->state.last_check;
	ret->last_result = c->state.last_result;
	ret->last_repair = c->state.last_repair;
	ret->last_repair_result = c->state.last_repair_result;
	ret->errors_found = c->state.errors_found;
	ret->errors_fixed = c->state.errors_fixed;
	ret->bytes_total = ext2fs_blocks_count(c->fs->super) * c->fs->blocksize;
	ret->bytes_free = ext2fs_free_blocks_count(c->fs->super) * c->fs->blocksize;
	ret->inodes_total = c->fs->super->s_inodes_count;
	ret->inodes_free = c->fs->super->s_free_inodes_count;
	ret->refs = chunk_index_total_refs(c);
	return 0;
}

const char *volume_unavailable_reason(unsigned chunk, int err, char *buf, size_t size)
{
	switch (err) {
	case -EBUSY:
		return "is in use (mounted, or locked by another process)";
	case -ENXIO:
	case -ENOENT:
		return "is missing";
	case -EXDEV:
		snprintf(buf, size, "is refused: the image in its place is not chunk %u of this volume (a chunk "
			 "of another volume, a copy of another chunk, or a chunk in the wrong place)", chunk);
		return buf;
	case -EUCLEAN:
		return "cannot be read as a chunk (not an ext2/ext4 file system, truncated, or its "
		       "superblock or chunk record damaged)";
	case -EBADMSG:
		snprintf(buf, size, "holds a damaged record at the other end of a reference (its repair, "
			 "chunkctl repair %u, mends it first)", chunk);
		return buf;
	default:
		snprintf(buf, size, "cannot be read (%s)", strerror(-err));
		return buf;
	}
}
