/* Opening and closing a chunk: verify who it is (its chunk record against the volume), take
 * its lock, read its state; mark it DIRTY durably before the first write, and on close write
 * its index and mark it CLEAN again. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "libchunk/chunk/chunk-io.h"
#include "libchunk/chunk/chunk-open.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/ext-super.h"
#include "libchunk/chunk/index.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/lock-holder.h"
#include "libchunk/base/mounts.h"
#include "libchunk/chunk/state.h"

int chunk_flock(int fd, int op)
{
	struct stat st;

	for (int tries = 0;; tries++) {
		if (flock(fd, op | LOCK_NB) == 0)
			return 0;
		if (errno != EWOULDBLOCK)
			return -errno;
		/* systemd-udevd holds LOCK_SH on a block device while it probes it after an event
		 * (the device was closed after a write); it lets go within moments. A chunkfs
		 * process holds its lock for as long as it works: that refusal must come quickly. */
		if (!(op & LOCK_EX) || tries >= 150 || fstat(fd, &st) < 0 || !S_ISBLK(st.st_mode))
			return -EBUSY;
		usleep(20 * 1000);
	}
}

static unsigned lock_wait_s;

void chunk_set_lock_wait(unsigned seconds)
{
	lock_wait_s = seconds;
}

/* chunk_busy_text of holder H (all zero: none found). */
static const char *busy_text_of(const struct lock_holder *h, char *buf, size_t size)
{
	const char *comm = h->comm;

	/* A job of chunkscrubd names itself in its job note; without one (a daemon of before the
	 * notes, a note that could not be written), the jobs are where to look. */
	if (!strcmp(comm, "chunkscrubd") && h->has_job)
		snprintf(buf, size, "in use by another process: chunkscrubd (pid %d), for its job %u, the %s of "
			 "chunk %u of volume %s (`chunkctl cancel %u` ends it); chunkctl --wait waits for it",
			 (int)h->pid, h->job, h->kind, h->chunk, h->volume, h->job);
	else if (!strcmp(comm, "chunkscrubd"))
		snprintf(buf, size, "in use by another process: chunkscrubd (pid %d), for one of its jobs (on this "
			 "chunk or a neighbour; `chunkctl status` lists them); chunkctl --wait waits for it", (int)h->pid);
	else if (!strcmp(comm, "chunkctl") || !strcmp(comm, "chunkfs"))
		snprintf(buf, size, "in use by another process: %s (pid %d); chunkctl --wait waits for it", comm,
			 (int)h->pid);
	else
		return "in use by another process (chunkscrubd or chunkctl)";
	return buf;
}

const char *chunk_busy_text(int fd, char *buf, size_t size)
{
	struct lock_holder h;

	(void)lock_holder_find(fd, &h); /* all zero when none is found */
	return busy_text_of(&h, buf, size);
}

static void busy_text_into(const struct lock_holder *h, char *buf, size_t size)
{
	const char *t = busy_text_of(h, buf, size);

	if (t != buf)
		snprintf(buf, size, "%s", t);
}

int chunk_job_wait(int fd, const char *path, unsigned id, char *busy, size_t size)
{
	struct timespec t0, now;
	struct lock_holder h;

	if (!lock_holder_find_job(fd, id, &h))
		return 0;
	busy_text_into(&h, busy, size);
	if (lock_wait_s == 0)
		return -EBUSY;
	if (lock_wait_s == UINT_MAX)
		chunk_log(LOG_WARNING, "%s (chunk %u): in use by %s (pid %d), for its job %u, the %s of chunk %u; "
			  "waiting for it", path, id, h.comm, (int)h.pid, h.job, h.kind, h.chunk);
	else
		chunk_log(LOG_WARNING, "%s (chunk %u): in use by %s (pid %d), for its job %u, the %s of chunk %u; "
			  "waiting for it (up to %u s)", path, id, h.comm, (int)h.pid, h.job, h.kind, h.chunk,
			  lock_wait_s);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		usleep(100 * 1000);
		if (!lock_holder_find_job(fd, id, &h))
			return 0;
		busy_text_into(&h, busy, size);
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (lock_wait_s != UINT_MAX && (now.tv_sec - t0.tv_sec) * 1000 +
		    (now.tv_nsec - t0.tv_nsec) / 1000000 >= (long long)lock_wait_s * 1000)
			return -EBUSY;
	}
}

int chunk_flock_wait(int fd, int op, const char *path, unsigned id)
{
	struct timespec t0, now;
	char who[256] = "another process";
	struct lock_holder h;
	int r = chunk_flock(fd, op);

	if (r != -EBUSY || lock_wait_s == 0)
		return r;
	if (lock_holder_find(fd, &h) && h.has_job)
		snprintf(who, sizeof(who), "%s (pid %d), for its job %u, the %s of chunk %u", h.comm, (int)h.pid,
			 h.job, h.kind, h.chunk);
	else
		(void)lock_holder(fd, who, sizeof(who));
	if (lock_wait_s == UINT_MAX)
		chunk_log(LOG_WARNING, "%s (chunk %u): in use by %s; waiting for it", path, id, who);
	else
		chunk_log(LOG_WARNING, "%s (chunk %u): in use by %s; waiting for it (up to %u s)", path, id,
			  who, lock_wait_s);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		usleep(100 * 1000);
		if (flock(fd, op | LOCK_NB) == 0)
			return 0;
		if (errno != EWOULDBLOCK)
			return -errno;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (lock_wait_s != UINT_MAX && (now.tv_sec - t0.tv_sec) * 1000 +
		    (now.tv_nsec - t0.tv_nsec) / 1000000 >= (long long)lock_wait_s * 1000)
			return -EBUSY;
	}
}

static int lock_chunk(struct chunk *c, int flags)
{
	int r;

	c->lock_fd = open(c->path, O_RDONLY | O_CLOEXEC);
	if (c->lock_fd < 0)
		return -errno;
	if (flags & CHUNK_OPEN_NO_LOCK) {
		c->no_lock = true;
		return 0;
	}
	r = chunk_flock_wait(c->lock_fd, (flags & CHUNK_OPEN_RDWR) ? LOCK_EX : LOCK_SH, c->path, c->id);
	if (r == -EBUSY) {
		char busy[CHUNK_BUSY_TEXT_MAX];
		return chunk_error(c, -EBUSY, "%s", chunk_busy_text(c->lock_fd, busy, sizeof(busy)));
	}
	if (r < 0)
		return r;
	c->lock_exclusive = flags & CHUNK_OPEN_RDWR;
	return 0;
}

/* The superblock, before libext2fs is given it: a field it would divide by, or one it would
 * refuse, is named. */
static int check_super(struct chunk *c, int fd)
{
	struct ext2_super_block sb;
	char why[256];
	int r = ext_super_read(fd, EXT_SUPER_OFFSET, 0, &sb, why, sizeof(why));

	if (r == -EMEDIUMTYPE)
		return chunk_error(c, -EUCLEAN, "not an ext2/ext4 file system");
	if (r == -ENODATA)
		return chunk_error(c, -EUCLEAN, "image is truncated (short read of the superblock)");
	if (r == -EUCLEAN)
		return chunk_error(c, r, "superblock: %s", why);
	if (r < 0)
		return chunk_error(c, r, "cannot read the superblock: %s", strerror(-r));
	return 0;
}

/* The libext2fs open of the chunk's file system, read-only or read-write. The image is opened
 * here with O_NOATIME (when we may: the owner or root) and handed to libext2fs by descriptor:
 * reading a chunk must not dirty the host's inode of its image. */
static int open_fs(struct chunk *c, bool rw, ext2_filsys *ret)
{
	/* No EXT2_FLAG_THREADS: a chunk has few block groups, and the I/O channel is single-threaded. */
	int oflags = EXT2_FLAG_64BITS | (rw ? EXT2_FLAG_RW : 0);
	int fd = open(c->path, (rw ? O_RDWR : O_RDONLY) | O_NOATIME | O_CLOEXEC);
	char name[16];
	errcode_t err;
	int r;

	if (fd < 0 && errno == EPERM)
		fd = open(c->path, (rw ? O_RDWR : O_RDONLY) | O_CLOEXEC);
	if (fd < 0)
		return chunk_error(c, -errno, "cannot open: %m");
	initialize_ext2_error_table(); /* error_message() gives libext2fs's text, not "Unknown code ext2 152" */
	r = check_super(c, fd);
	if (r < 0) {
		close(fd);
		return r;
	}
	snprintf(name, sizeof(name), "%d", fd);
	err = ext2fs_open2(name, NULL, oflags, 0, 0, chunk_io_manager, ret);
	if (!err)
		return 0;
	*ret = NULL; /* a failed open closes the descriptor with its I/O channel */
	if (err == EXT2_ET_BAD_MAGIC)
		return chunk_error(c, -EUCLEAN, "not an ext2/ext4 file system");
	if (err == EXT2_ET_SHORT_READ)
		return chunk_error(c, -EUCLEAN, "image is truncated (short read of the superblock)");
	r = chunk_errno(err);
	return chunk_error(c, r < 0 ? r : -EIO, "cannot open: %s", error_message(err));
}

/* The image must be at least as large as the file system it holds. */
static int check_size(struct chunk *c)
{
	struct stat st;
	unsigned long long need = ext2fs_blocks_count(c->fs->super) * (unsigned long long)c->fs->blocksize;

	if (fstat(c->lock_fd, &st) < 0)
		return -errno;
	if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size < need)
		return chunk_error(c, -EUCLEAN, "image is truncated: %lld bytes, the file system needs %llu",
				   (long long)st.st_size, need);
	return 0;
}

struct meta_names {
	struct chunk *c;
	unsigned missing;
};

static const struct { const char *name; size_t off; } meta_files[] = {
	{ "chunk", offsetof(struct chunk, chunk_ino) },
	{ "state", offsetof(struct chunk, state_ino) },
	{ "peers", offsetof(struct chunk, peers_ino) },
	{ "index", offsetof(struct chunk, index_ino) },
	{ "cont", offsetof(struct chunk, cont_ino) },
};

static int meta_name_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
			char *buf, void *priv)
{
	struct meta_names *m = priv;
	size_t len = ext2fs_dirent_name_len(de);

	for (size_t i = 0; i < ELEMENTSOF(meta_files); i++) {
		ext2_ino_t *ino = (ext2_ino_t *)((char *)m->c + meta_files[i].off);

		if (*ino == 0 && strlen(meta_files[i].name) == len && memcmp(meta_files[i].name, de->name, len) == 0) {
			*ino = de->inode;
			m->missing--;
			break;
		}
	}
	return m->missing ? 0 : DIRENT_ABORT;
}

/* /.chunkfs and its five entries: one walk of the directory finds them all (a lookup each
 * would read and checksum its block five times, the larger part of opening a chunk). A name
 * given twice counts at its first entry, as a lookup would find it. */
static int find_meta(struct chunk *c)
{
	struct meta_names m = { .c = c, .missing = ELEMENTSOF(meta_files) };
	errcode_t err;
	int r = chunk_lookup(c, EXT2_ROOT_INO, CHUNK_META_DIR, &c->meta_ino);

	if (r < 0)
		return r;
	err = ext2fs_dir_iterate2(c->fs, c->meta_ino, 0, NULL, meta_name_cb, &m);
	if (err)
		return chunk_errno(err);
	return m.missing ? -ENOENT : 0;
}

static int read_identity(struct chunk *c, const uuid_t volume_uuid, unsigned nchunks)
{
	_cleanup_free_ void *buf = NULL;
	size_t len;
	int r;

	r = chunk_file_read_all(c, c->chunk_ino, &buf, &len);
	if (r < 0)
		return chunk_error(c, -EUCLEAN, "cannot read the chunk record: %s", strerror(-r));
	r = record_chunk_decode(buf, len, &c->rec);
	if (r < 0)
		return chunk_error(c, -EUCLEAN, "chunk record: %s", record_strerror(r));
	if (volume_uuid && uuid_compare(volume_uuid, c->rec.volume) != 0) {
		char a[37], b[37];
		uuid_unparse(c->rec.volume, a);
		uuid_unparse(volume_uuid, b);
		return chunk_error(c, -EXDEV, "belongs to volume %s, not to volume %s", a, b);
	}
	if (c->rec.id != c->id)
		return chunk_error(c, -EXDEV, "holds chunk %u of its volume, not chunk %u", c->rec.id, c->id);
	if (nchunks && c->rec.nchunks != nchunks)
		return chunk_error(c, -EXDEV, "its volume has %u chunks, the volume file names %u",
				   c->rec.nchunks, nchunks);
	if (uuid_compare(c->rec.members[c->id], c->fs->super->s_uuid) != 0)
		return chunk_error(c, -EXDEV, "file system UUID differs from member %u of its volume (a copy or a replaced chunk)",
				   c->id);
	return 0;
}

int chunk_open(const char *path, unsigned id, const uuid_t volume_uuid, unsigned nchunks,
	       int flags, struct chunk **ret)
{
	_cleanup_free_ struct chunk *c = calloc(1, sizeof(*c));
	errcode_t err;
	int r;

	if (!c)
		return -ENOMEM;
	c->id = id;
	c->lock_fd = -1;
	pthread_mutex_init(&c->io_lock, NULL);
	c->path = strdup(path);
	if (!c->path)
		return -ENOMEM;
	if (access(path, F_OK) < 0) {
		r = chunk_error(c, errno == ENOENT ? -ENXIO : -errno, "cannot open: %m");
		goto fail;
	}
	if (chunk_mounted(path)) {
		r = chunk_error(c, -EBUSY, "is mounted; chunkfs uses chunks only while they are not mounted");
		goto fail;
	}
	r = lock_chunk(c, flags);
	if (r < 0)
		goto fail;
	r = open_fs(c, flags & CHUNK_OPEN_RDWR, &c->fs);
	if (r < 0)
		goto fail;
	r = check_size(c);
	if (r < 0)
		goto fail;
	r = find_meta(c);
	if (r < 0 && !(flags & CHUNK_OPEN_NO_VERIFY)) {
		r = chunk_error(c, -EUCLEAN, "no chunkfs metadata (/.chunkfs): not a chunk of a volume");
		goto fail;
	}
	if (c->chunk_ino) {
		r = read_identity(c, volume_uuid, nchunks);
		if (r < 0 && !(flags & CHUNK_OPEN_NO_VERIFY))
			goto fail;
	}
	r = chunk_state_read(c);
	if (r < 0 && !(flags & CHUNK_OPEN_NO_VERIFY)) {
		r = chunk_error(c, -EUCLEAN, "state record: %s", record_strerror(r));
		goto fail;
	}
	if (flags & CHUNK_OPEN_RDWR) {
		err = ext2fs_read_bitmaps(c->fs);
		if (err) {
			r = chunk_error(c, chunk_errno(err), "cannot read bitmaps: %s", error_message(err));
			goto fail;
		}
		c->writable = true;
	}
	*ret = TAKE_PTR(c);
	return 0;
fail:
	if (c->fs)
		ext2fs_close_free(&c->fs);
	if (c->lock_fd >= 0)
		close(c->lock_fd);
	record_chunk_done(&c->rec);
	free(c->path);
	return r;
}

/* Ordered mode's watch on blocks freed and taken again (chunk-io.c). A flush failing here is
 * not lost: the chunk's next flush fails the same way, and says so. */
static void note_freed(ext2_filsys fs, blk64_t blk, int inuse)
{
	if (inuse < 0)
		chunk_io_note_freed(fs->io, blk, 1);
	else
		(void)chunk_io_before_reuse(fs->io, blk, 0);
}

static void note_freed_range(ext2_filsys fs, blk64_t blk, blk_t num, int inuse)
{
	if (inuse < 0)
		chunk_io_note_freed(fs->io, blk, num);
	else
		for (blk_t i = 0; i < num; i++)
			(void)chunk_io_before_reuse(fs->io, blk + i, 0);
}

int chunk_set_ordered(struct chunk *c)
{
	errcode_t err;

	if (!c->writable)
		return -EROFS;
	if (chunk_io_ordered(c->fs->io))
		return 0;
	err = chunk_io_set_ordered(c->fs->io);
	if (err)
		return chunk_error(c, chunk_errno(err), "cannot order its writes: %s", error_message(err));
	ext2fs_set_block_alloc_stats_callback(c->fs, note_freed, NULL);
	ext2fs_set_block_alloc_stats_range_callback(c->fs, note_freed_range, NULL);
	return 0;
}

int chunk_make_writable(struct chunk *c)
{
	ext2_filsys fs;
	errcode_t err;
	int r;

	if (c->writable)
		return 0;
	if (!c->no_lock && !c->lock_exclusive) {
		/* flock converts by dropping the shared lock first: take it back on failure. */
		r = chunk_flock(c->lock_fd, LOCK_EX);
		if (r < 0) {
			(void)flock(c->lock_fd, LOCK_SH | LOCK_NB);
			char busy[CHUNK_BUSY_TEXT_MAX];
			return chunk_error(c, r, "cannot be written: %s", r == -EBUSY ?
					   chunk_busy_text(c->lock_fd, busy, sizeof(busy)) : strerror(-r));
		}
		c->lock_exclusive = true;
	}
	r = open_fs(c, true, &fs);
	if (r < 0)
		return r;
	err = ext2fs_read_bitmaps(fs);
	if (err) {
		ext2fs_close_free(&fs);
		return chunk_error(c, chunk_errno(err), "cannot read bitmaps: %s", error_message(err));
	}
	/* Nothing was written through the read-only handle: closing it loses nothing. */
	ext2fs_close_free(&c->fs);
	c->fs = fs;
	c->writable = true;
	return 0;
}

int chunk_begin_write(struct chunk *c)
{
	int r;

	if (chunk_log_holding()) { /* a shared section only reads: the ordinary retry writes */
		chunk_log_hold_fail();
		return -EAGAIN;
	}
	if (!c->writable)
		return chunk_error(c, -EROFS, "opened read-only");
	if (c->damaged || c->state.state == CHUNK_DAMAGED)
		return chunk_error(c, -EROFS, "is DAMAGED; repair it first (chunkctl repair %u)", c->id);
	if (c->marked_dirty)
		return 0;
	if (c->state.state == CHUNK_DIRTY) {
		/* Left DIRTY by someone else (a crash): stays DIRTY until checked. */
		c->marked_dirty = false;
		c->state.state = CHUNK_DIRTY;
		return 0;
	}
	r = chunk_state_set(c, CHUNK_DIRTY);
	if (r < 0)
		return r;
	c->marked_dirty = true;
	return 0;
}

int chunk_close(struct chunk *c)
{
	int r = 0;
	errcode_t err;

	if (!c)
		return 0;
	if (c->writable) {
		r = chunk_index_flush(c);
		/* Files still on the orphan list (open in a process that has not released them)
		 * keep the chunk DIRTY: the next repair's e2fsck frees them. */
		if (r == 0 && c->marked_dirty && !c->damaged && !c->fs->super->s_last_orphan)
			r = chunk_state_set_clean(c);
		if (r == 0)
			r = chunk_sync(c);
		err = ext2fs_close2(c->fs, EXT2_FLAG_FLUSH_NO_SYNC);
		if (err)
			ext2fs_free(c->fs);
		c->fs = NULL;
		if (err && r == 0)
			r = chunk_error(c, chunk_errno(err), "close failed: %s", error_message(err));
	} else if (c->fs) {
		ext2fs_close_free(&c->fs);
	}
	chunk_index_free(c);
	if (c->lock_fd >= 0)
		close(c->lock_fd);
	record_chunk_done(&c->rec);
	pthread_mutex_destroy(&c->io_lock);
	free(c->path);
	free(c);
	return r;
}

int chunk_settle(struct chunk *c)
{
	int r;

	if (!c->writable || !c->marked_dirty || c->damaged)
		return 0;
	r = chunk_index_flush(c);
	if (r == 0)
		r = chunk_state_set_clean(c); /* syncs what came before it first */
	if (r == 0)
		c->marked_dirty = false;
	return r;
}

int chunk_state_set_clean(struct chunk *c)
{
	bool session = c->session;
	int r;

	/* The end of a counted session is counted too (docs/FORMAT.md, rollback witness): a copy
	 * of the chunk taken during the session is then older than the chunk it ended as. */
	if (session)
		c->state.seq++;
	c->state.state = CHUNK_CLEAN;
	r = chunk_state_write(c);
	if (r < 0 && session)
		c->state.seq--;
	if (r == 0)
		c->session = false;
	return r;
}

int chunk_write_out(struct chunk *c)
{
	errcode_t err = 0;
	int r;

	if (!c->writable)
		return 0;
	r = chunk_index_flush(c);
	if (r < 0)
		return r;
	if (c->fs->flags & (EXT2_FLAG_DIRTY | EXT2_FLAG_IB_DIRTY | EXT2_FLAG_BB_DIRTY))
		err = ext2fs_flush2(c->fs, EXT2_FLAG_FLUSH_NO_SYNC);
	if (!err && chunk_io_ordered(c->fs->io)) /* the log is written only after the data's sync */
		err = io_channel_flush(c->fs->io);
	return err ? chunk_error(c, chunk_errno(err), "flush failed: %s", error_message(err)) : 0;
}

int chunk_index_flush_and_sync(struct chunk *c)
{
	int r;

	if (!c->writable)
		return 0;
	r = chunk_index_flush(c);
	return r < 0 ? r : chunk_sync(c);
}
