/* Volume: the list of chunks (from a volume file or given paths) and a bounded LRU cache of
 * open chunks, so an operation opens only the chunks it touches. */
#include <errno.h>
#include <fcntl.h>
#include <ini.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "libchunk/chunk/chunk-open.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/state.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/ext-super.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/mounts.h"
#include "libchunk/volume/volume.h"

#define DEFAULT_CACHE 64
#define MIN_CACHE 8

struct volume {
	char *file;              /* volume file, or NULL when opened from paths */
	int flags;
	unsigned n;
	char **paths;
	struct chunk **open;     /* n slots */
	int *open_err;           /* remembered failure per chunk (0 = none yet) */
	bool have_uuid;
	uuid_t uuid;
	uint64_t threshold;
	bool have_threshold;
	unsigned cache_max, nopen, opened_total;
	uint64_t clock;
	bool write_on_demand;
	bool no_sessions;        /* a check's passes: no write session is counted (volume_check_chunk) */
	int checked;             /* the chunk opened without verifying its records, or -1 */
	int adopt_fd;            /* a lock fd the next open of chunk adopt_id takes over, or -1 */
	unsigned adopt_id;
	bool adopt_exclusive;
	int lock_fd;             /* the volume file's lock (VOLUME_MOUNT), or -1 */
	uint64_t *written_ms;    /* per chunk: when last opened for a write (monotonic ms) */
	struct volume_chunk_activity *activity; /* per chunk: uses and writes, for status */
	void (*on_damage)(unsigned id, void *userdata); /* given to every chunk opened */
	void *on_damage_userdata;
	struct { vino_t ino; uint32_t ldir; } parents[16]; /* the last creations, a ring */
	unsigned parents_next;
	struct volume_chunk_usage *usage; /* per chunk: its counts when it was last seen (placement) */
	bool *usage_known;
};

struct parse_state {
	struct volume *v;
	const char *file;
	char *dir;
	char err[256];
};

static int add_path(struct volume *v, const char *dir, const char *p)
{
	char **n;
	char *full;

	if (v->n >= VOLUME_MAX_CHUNKS)
		return -E2BIG;
	if (p[0] == '/' || !dir)
		full = strdup(p);
	else if (asprintf(&full, "%s/%s", dir, p) < 0)
		full = NULL;
	if (!full)
		return -ENOMEM;
	n = realloc(v->paths, (v->n + 1) * sizeof(*n));
	if (!n) {
		free(full);
		return -ENOMEM;
	}
	v->paths = n;
	v->paths[v->n++] = full;
	return 0;
}

static int parse_handler(void *user, const char *section, const char *name, const char *value)
{
	struct parse_state *ps = user;
	struct volume *v = ps->v;

	if (strcmp(section, "volume") != 0) {
		snprintf(ps->err, sizeof(ps->err), "unknown section [%s]", section);
		return 0;
	}
	if (strcmp(name, "uuid") == 0) {
		if (uuid_parse(value, v->uuid) < 0) {
			snprintf(ps->err, sizeof(ps->err), "uuid: '%s' is not a UUID", value);
			return 0;
		}
		v->have_uuid = true;
	} else if (strcmp(name, "chunk") == 0) {
		if (!*value || add_path(v, ps->dir, value) < 0) {
			snprintf(ps->err, sizeof(ps->err), "chunk: bad or too many chunk paths (at most %d)", VOLUME_MAX_CHUNKS);
			return 0;
		}
	} else {
		snprintf(ps->err, sizeof(ps->err), "unknown key '%s' in [volume]", name);
		return 0;
	}
	return 1;
}

static struct volume *volume_new(int flags)
{
	struct volume *v = calloc(1, sizeof(*v));

	if (v) {
		v->flags = flags;
		v->cache_max = DEFAULT_CACHE;
		v->adopt_fd = -1;
		v->lock_fd = -1;
		v->checked = -1;
	}
	return v;
}

static int volume_finish(struct volume *v)
{
	if (v->n == 0)
		return -EINVAL;
	v->open = calloc(v->n, sizeof(*v->open));
	v->open_err = calloc(v->n, sizeof(*v->open_err));
	v->written_ms = calloc(v->n, sizeof(*v->written_ms));
	v->activity = calloc(v->n, sizeof(*v->activity));
	return v->open && v->open_err && v->written_ms && v->activity ? 0 : -ENOMEM;
}

/* A mount writes any chunk at any moment and keeps what it wrote in memory for seconds, so
 * nothing else may read a chunk's contents while it runs; chunk locks alone cannot say so,
 * since a mount opens chunks only as it needs them. */
static uint64_t monotonic_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static uint64_t realtime_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

int volume_mount_point(const struct volume *v, char **ret)
{
	/* chunkfs names the volume file by its absolute path (its fsname). */
	_cleanup_free_ char *abs = v->file ? realpath(v->file, NULL) : NULL;

	return abs ? mount_point_of("fuse.chunkfs", abs, ret) : 0;
}

static int volume_lock(struct volume *v, int flags)
{
	_cleanup_free_ char *point = NULL;
	bool mount = flags & VOLUME_MOUNT;
	int fd, r;

	if (flags & VOLUME_STATE_ONLY)
		return 0;
	fd = open(v->file, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return chunk_log_errno(-errno, "%s: cannot open volume file: %m", v->file);
	if (flock(fd, (mount ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0) {
		v->lock_fd = fd;
		return 0;
	}
	r = -errno;
	close(fd);
	if (r != -EWOULDBLOCK)
		return chunk_log_errno(r, "%s: cannot lock volume file: %m", v->file);
	if (volume_mount_point(v, &point) > 0)
		return chunk_log_errno(-EBUSY, "%s: volume is mounted at %s", v->file, point);
	if (mount)
		return chunk_log_errno(-EBUSY, "%s: volume is in use by chunkctl or chunkscrubd; mount it when they are done",
				       v->file);
	return chunk_log_errno(-EBUSY, "%s: volume is in use by a chunkfs mount that is starting or stopping", v->file);
}

/* What inih would read line by line, looked at whole first: a file that is not a volume file
 * at all (a binary, a chunk image, a text that does not open with [volume]) is said to be so
 * in one line naming it, not as a syntax error at some line of it. Comments and blank lines
 * may come before [volume], as mkfs writes one. */
static int volume_file_check_kind(const char *file)
{
	_cleanup_close_ int fd = open(file, O_RDONLY | O_CLOEXEC);
	char buf[4096];
	ssize_t n;
	size_t i = 0, len;

	if (fd < 0)
		return chunk_log_errno(-errno, "%s: cannot read volume file: %m", file);
	n = read(fd, buf, sizeof(buf));
	if (n < 0)
		return chunk_log_errno(-errno, "%s: cannot read volume file: %m", file);
	len = (size_t)n;
	if (memchr(buf, '\0', len)) {
		bool ext = len >= EXT_SUPER_OFFSET + 58 && buf[EXT_SUPER_OFFSET + 56] == (char)0x53 &&
			   buf[EXT_SUPER_OFFSET + 57] == (char)0xef;
		return chunk_log_errno(-EMEDIUMTYPE, "%s: %s, not a chunkfs volume file", file,
				       ext ? "an ext2/ext4 file system image" : "binary data");
	}
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < len) {
		size_t end = i;

		while (end < len && buf[end] != '\n')
			end++;
		while (i < end && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r'))
			i++;
		if (i < end && buf[i] != '#' && buf[i] != ';') {
			size_t e = end;
			while (e > i && (buf[e - 1] == ' ' || buf[e - 1] == '\t' || buf[e - 1] == '\r'))
				e--;
			if (e - i == strlen("[volume]") && memcmp(buf + i, "[volume]", e - i) == 0)
				return 0;
			return chunk_log_errno(-EMEDIUMTYPE, "%s: not a chunkfs volume file (it does not open with [volume])",
					       file);
		}
		i = end + 1;
	}
	return 0;
}

int volume_open(const char *path, int flags, struct volume **ret)
{
	struct parse_state ps = {};
	struct volume *v;
	struct stat st;
	char *slash;
	int line, r;

	if (stat(path, &st) < 0)
		return chunk_log_errno(-errno, "%s: cannot open volume: %m", path);
	v = volume_new(flags);
	if (!v)
		return -ENOMEM;
	if (S_ISDIR(st.st_mode))
		r = asprintf(&v->file, "%s/volume.conf", path);
	else
		r = (v->file = strdup(path)) ? 0 : -1;
	if (r < 0) {
		free(v);
		return -ENOMEM;
	}
	ps.v = v;
	ps.file = v->file;
	ps.dir = strdup(v->file);
	if (!ps.dir) {
		volume_close(v);
		return -ENOMEM;
	}
	slash = strrchr(ps.dir, '/');
	if (slash)
		*slash = '\0';
	else
		strcpy(ps.dir, ".");
	r = volume_file_check_kind(v->file);
	if (r < 0) {
		free(ps.dir);
		volume_close(v);
		return r;
	}
	line = ini_parse(v->file, parse_handler, &ps);
	free(ps.dir);
	if (line < 0) {
		r = chunk_log_errno(-errno ? -errno : -ENOENT, "%s: cannot read volume file: %m", v->file);
		volume_close(v);
		return r;
	}
	if (line > 0) {
		chunk_log_errno(-EINVAL, "%s:%d: %s", v->file, line, ps.err[0] ? ps.err : "syntax error");
		volume_close(v);
		return -EINVAL;
	}
	if (!v->have_uuid || v->n == 0) {
		chunk_log_errno(-EINVAL, "%s: a volume file needs 'uuid =' and at least one 'chunk =' in [volume]", v->file);
		volume_close(v);
		return -EINVAL;
	}
	r = volume_finish(v);
	if (r == 0)
		r = volume_lock(v, flags);
	if (r < 0) {
		volume_close(v);
		return r;
	}
	*ret = v;
	return 0;
}

int volume_open_paths(char *const *paths, size_t n, int flags, struct volume **ret)
{
	struct volume *v;
	int r;

	if (n == 0 || n > VOLUME_MAX_CHUNKS)
		return -EINVAL;
	v = volume_new(flags);
	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		r = add_path(v, NULL, paths[i]);
		if (r < 0) {
			volume_close(v);
			return r;
		}
	}
	r = volume_finish(v);
	if (r < 0) {
		volume_close(v);
		return r;
	}
	*ret = v;
	return 0;
}

static void usage_from(struct volume_chunk_usage *u, struct ext2_super_block *sb)
{
	*u = (struct volume_chunk_usage){
		.inodes = sb->s_inodes_count,
		.inodes_free = sb->s_free_inodes_count,
		.bytes = ext2fs_blocks_count(sb) * EXT2_BLOCK_SIZE(sb),
		.bytes_free = ext2fs_free_blocks_count(sb) * EXT2_BLOCK_SIZE(sb),
	};
}

static int close_slot(struct volume *v, unsigned id)
{
	int r;

	if (!v->open || !v->open[id])
		return 0;
	if (v->usage && v->open[id]->fs) {
		usage_from(&v->usage[id], v->open[id]->fs->super);
		v->usage_known[id] = true;
	}
	r = chunk_close(v->open[id]);
	v->open[id] = NULL;
	v->nopen--;
	return r;
}

static void tell_witness(struct volume *v, struct chunk *k);

/* C idle or about to close: made CLEAN, and the end of a write session it counted told to its
 * witness (after C's count is durable: W is never ahead of C). */
static int settle_chunk(struct volume *v, struct chunk *c)
{
	bool session = c->session;
	int r = chunk_settle(c);

	if (r == 0 && session && !c->session)
		tell_witness(v, c);
	return r;
}

int volume_close(struct volume *v)
{
	int r = 0, q;

	if (!v)
		return 0;
	/* Sessions end while every witness may still be opened; a chunk with files still on its
	 * orphan list stays DIRTY (chunk_close). */
	for (unsigned i = 0; v->open && i < v->n; i++) {
		struct chunk *c = v->open[i];
		if (c && c->session && c->fs && !c->fs->super->s_last_orphan) {
			q = settle_chunk(v, c);
			if (q < 0 && r == 0)
				r = q;
		}
	}
	for (unsigned i = 0; v->open && i < v->n; i++) {
		q = close_slot(v, i);
		if (q < 0 && r == 0)
			r = q;
	}
	for (unsigned i = 0; i < v->n; i++)
		free(v->paths[i]);
	free(v->paths);
	free(v->open);
	free(v->open_err);
	if (v->adopt_fd >= 0)
		close(v->adopt_fd);
	if (v->lock_fd >= 0)
		close(v->lock_fd);
	free(v->written_ms);
	free(v->activity);
	free(v->usage);
	free(v->usage_known);
	free(v->file);
	free(v);
	return r;
}

unsigned volume_chunk_count(const struct volume *v) { return v->n; }
const char *volume_chunk_path(const struct volume *v, unsigned id) { return id < v->n ? v->paths[id] : NULL; }
const char *volume_path(const struct volume *v) { return v->file; }
int volume_flags(const struct volume *v) { return v->flags; }
unsigned volume_chunks_open(const struct volume *v) { return v->nopen; }
unsigned volume_chunks_opened_total(const struct volume *v) { return v->opened_total; }

void volume_set_cache_size(struct volume *v, unsigned n)
{
	v->cache_max = MAX(n, MIN_CACHE);
}

/* Some chunk must be open for the UUID and threshold to be known; chunk 0 is the natural one. */
static void learn_from(struct volume *v, struct chunk *c)
{
	if (!v->have_uuid && c->rec.members) {
		uuid_copy(v->uuid, c->rec.volume);
		v->have_uuid = true;
	}
	if (!v->have_threshold && c->rec.members) {
		v->threshold = c->rec.threshold;
		v->have_threshold = true;
	}
}

void volume_uuid(struct volume *v, uuid_t out)
{
	struct chunk *c;

	for (unsigned i = 0; i < v->n && !v->have_uuid; i++)
		(void)volume_chunk(v, i, &c);
	uuid_copy(out, v->uuid);
}

uint64_t volume_threshold(struct volume *v)
{
	struct chunk *c;

	for (unsigned i = 0; i < v->n && !v->have_threshold; i++)
		(void)volume_chunk(v, i, &c);
	return v->threshold;
}

bool volume_threshold_known(const struct volume *v, uint64_t *ret)
{
	*ret = v->threshold;
	return v->have_threshold;
}

/* Closes the least recently used chunk that nobody pinned; false when every open chunk is. */
static bool evict_one(struct volume *v)
{
	unsigned victim = UINT_MAX;
	uint64_t oldest = UINT64_MAX;

	for (unsigned i = 0; i < v->n; i++) {
		struct chunk *c = v->open[i];
		if (c && !c->pins && c->last_use < oldest) {
			oldest = c->last_use;
			victim = i;
		}
	}
	if (victim == UINT_MAX)
		return false;
	close_slot(v, victim);
	return true;
}

void volume_chunk_adopt_lock(struct volume *v, unsigned id, int fd, bool exclusive)
{
	if (v->adopt_fd >= 0)
		close(v->adopt_fd);
	v->adopt_fd = fd;
	v->adopt_id = id;
	v->adopt_exclusive = exclusive;
}

/* A peer of the chunk being checked, read-only: a neighbour's check records its result under
 * the chunk's exclusive lock (libchunk/check/check.c), for moments; the peer is tried again,
 * quietly, for up to 2 s before it counts as unavailable. Anything else is opened once. */
static int open_slot_chunk(struct volume *v, unsigned id, int flags, struct chunk **ret)
{
	bool peer = v->checked >= 0 && (int)id != v->checked && !(flags & CHUNK_OPEN_RDWR);
	const char *path = v->paths[id];
	const unsigned char *uuid = v->have_uuid ? v->uuid : NULL;
	unsigned n = v->file ? v->n : 0;
	bool quiet;
	int r;

	if (!peer)
		return chunk_open(path, id, uuid, n, flags, ret);
	quiet = chunk_log_quiet(true);
	for (int tries = 0; tries < 40; tries++) {
		r = chunk_open(path, id, uuid, n, flags, ret);
		if (r != -EBUSY)
			break;
		usleep(50 * 1000);
	}
	chunk_log_quiet(quiet);
	/* A failure is said once, by one more try, as it would have been at once. */
	return r < 0 ? chunk_open(path, id, uuid, n, flags, ret) : r;
}

/* This thread's shared section (volume_shared_begin): the chunks whose io_lock it holds. */
#define SHARED_HELD_MAX 16
static __thread struct {
	const struct volume *v;
	unsigned n;
	struct chunk *held[SHARED_HELD_MAX];
} shared;

void volume_shared_begin(struct volume *v)
{
	shared.v = v;
	shared.n = 0;
	chunk_log_hold();
}

bool volume_shared_end(struct volume *v)
{
	assert(shared.v == v);
	for (unsigned i = shared.n; i-- > 0;)
		pthread_mutex_unlock(&shared.held[i]->io_lock);
	shared.v = NULL;
	shared.n = 0;
	return !chunk_log_release();
}

/* A use of C by a caller holding V shared, counted as volume_chunk counts one; other shared
 * callers count at the same time, so atomically (the exclusive holder's plain accesses are
 * ordered against these by the caller's lock). */
static void shared_used(struct volume *v, struct chunk *c)
{
	__atomic_store_n(&c->last_use, __atomic_add_fetch(&v->clock, 1, __ATOMIC_RELAXED), __ATOMIC_RELAXED);
	__atomic_fetch_add(&v->activity[c->id].uses, 1, __ATOMIC_RELAXED);
	__atomic_store_n(&v->activity[c->id].used_ms, realtime_ms(), __ATOMIC_RELAXED);
}

/* Chunk ID in a shared section: one the cache holds open, its io_lock taken for the rest of
 * the section. Waits for the first chunk only; a later one taken by another thread ends the
 * section (it may be waiting for one this thread holds). */
static int shared_chunk(struct volume *v, unsigned id, struct chunk **ret)
{
	struct chunk *c = id < v->n ? v->open[id] : NULL;
	bool held = false;

	for (unsigned i = 0; i < shared.n && !held; i++)
		held = shared.held[i] == c;
	if (!c || (!held && (shared.n == SHARED_HELD_MAX ||
			     (shared.n ? pthread_mutex_trylock(&c->io_lock) : pthread_mutex_lock(&c->io_lock)) != 0))) {
		chunk_log_hold_fail();
		return -EAGAIN;
	}
	if (!held)
		shared.held[shared.n++] = c;
	shared_used(v, c);
	*ret = c;
	return 0;
}

int volume_chunk(struct volume *v, unsigned id, struct chunk **ret)
{
	if (shared.v == v)
		return shared_chunk(v, id, ret);
	struct chunk *c;
	int flags = 0, r;
	bool adopt;

	if (id >= v->n)
		return chunk_log_errno(-EINVAL, "chunk %u: no such chunk (the volume has %u: 0-%u)", id, v->n, v->n - 1);
	c = v->open[id];
	if (!c) {
		if (v->open_err[id])
			return v->open_err[id];
		/* With every open chunk pinned the cache goes over its bound until the pins go. */
		while (v->nopen >= v->cache_max && evict_one(v))
			;
		if ((v->flags & VOLUME_RDWR) && !v->write_on_demand)
			flags |= CHUNK_OPEN_RDWR;
		if ((int)id == v->checked)
			flags |= CHUNK_OPEN_NO_VERIFY;
		if (v->flags & VOLUME_NO_LOCK)
			flags |= CHUNK_OPEN_NO_LOCK;
		adopt = v->adopt_fd >= 0 && v->adopt_id == id;
		if (adopt)
			flags |= CHUNK_OPEN_NO_LOCK;
		r = open_slot_chunk(v, id, flags, &c);
		if (adopt) {
			/* The caller's lock, held all along, becomes the chunk's; on failure it goes. */
			if (r >= 0 && !(v->flags & VOLUME_NO_LOCK)) {
				close(c->lock_fd);
				c->lock_fd = v->adopt_fd;
				c->no_lock = false;
				c->lock_exclusive = v->adopt_exclusive;
			} else
				close(v->adopt_fd);
			v->adopt_fd = -1;
		}
		if (r < 0) {
			v->open_err[id] = r;
			return r;
		}
		c->vol = v;
		c->on_damage = v->on_damage;
		c->on_damage_userdata = v->on_damage_userdata;
		if (!v->file && c->rec.members && c->rec.nchunks != v->n) {
			int e = chunk_error(c, -EXDEV, "its volume has %u chunks, %u were given", c->rec.nchunks, v->n);
			chunk_close(c);
			v->open_err[id] = e;
			return e;
		}
		if ((int)id != v->checked)
			learn_from(v, c); /* not from a chunk whose identity was not verified */
		v->open[id] = c;
		v->nopen++;
		v->opened_total++;
	}
	c->last_use = ++v->clock;
	v->activity[id].uses++;
	v->activity[id].used_ms = realtime_ms();
	*ret = c;
	return 0;
}

int volume_chunk_shared(struct volume *v, unsigned id, bool write, struct chunk **ret)
{
	struct chunk *c = id < v->n ? v->open[id] : NULL;

	if (!c || c->damaged || (write && (!c->writable || !c->marked_dirty)))
		return -EAGAIN;
	shared_used(v, c);
	if (write) {
		__atomic_store_n(&v->written_ms[id], monotonic_ms(), __ATOMIC_RELAXED);
		__atomic_fetch_add(&v->activity[id].writes, 1, __ATOMIC_RELAXED);
		__atomic_store_n(&v->activity[id].written_ms, realtime_ms(), __ATOMIC_RELAXED);
	}
	*ret = c;
	return 0;
}

void volume_set_damage_hook(struct volume *v, void (*fn)(unsigned id, void *userdata), void *userdata)
{
	v->on_damage = fn;
	v->on_damage_userdata = userdata;
	for (unsigned i = 0; i < v->n; i++)
		if (v->open[i]) {
			v->open[i]->on_damage = fn;
			v->open[i]->on_damage_userdata = userdata;
		}
}

void volume_chunk_activity(const struct volume *v, unsigned id, struct volume_chunk_activity *ret)
{
	*ret = id < v->n ? v->activity[id] : (struct volume_chunk_activity) { 0 };
}

bool volume_chunk_may_write(const struct volume *v, const struct chunk *c)
{
	return !c->damaged && (c->writable || (v->flags & VOLUME_RDWR));
}

/* K has just begun or ended a write session: its successor W = (K + 1) mod N learns K's new count
 * (docs/FORMAT.md, rollback witness). Advisory: a W that is missing, busy, damaged or read-only
 * is not told, says nothing, and is opened again when it is needed for itself. */
static void tell_witness(struct volume *v, struct chunk *k)
{
	unsigned w = (k->id + 1) % v->n;
	bool was_open = v->open[w], quiet;
	struct chunk *wc;

	if (v->n < 2 || !(v->flags & VOLUME_RDWR))
		return;
	chunk_pin(k);
	quiet = chunk_log_quiet(true);
	if (volume_chunk(v, w, &wc) == 0 && wc->state.witness < k->state.seq)
		(void)chunk_state_write_witness(wc, k->state.seq);
	else if (!was_open)
		v->open_err[w] = 0;
	chunk_log_quiet(quiet);
	chunk_unpin(k);
}

int volume_chunk_writable(struct volume *v, unsigned id, struct chunk **ret)
{
	struct chunk *c;
	bool session;
	int r;

	if (shared.v == v) { /* a shared section only reads */
		chunk_log_hold_fail();
		return -EAGAIN;
	}
	r = volume_chunk(v, id, &c);
	if (r < 0)
		return r;
	if (!c->writable && (v->flags & VOLUME_RDWR)) {
		r = chunk_make_writable(c);
		if (r < 0)
			return r;
	}
	if (c->writable && (v->flags & VOLUME_ORDERED)) {
		r = chunk_set_ordered(c);
		if (r < 0)
			return r;
	}
	/* A write session begins when a CLEAN chunk is marked DIRTY: counted in the same state
	 * write (docs/FORMAT.md, rollback witness). A check's own writes are not one: its pass 1
	 * compares the count with the witness first, and a count raised before would hide the
	 * very rollback it looks for. */
	session = !c->marked_dirty && !c->damaged && c->state.state == CHUNK_CLEAN && !v->no_sessions;
	if (session)
		c->state.seq++;
	r = chunk_begin_write(c);
	if (r < 0 && session)
		c->state.seq--;
	if (r < 0)
		return r;
	if (session && c->marked_dirty) {
		c->session = true;
		tell_witness(v, c);
	}
	v->written_ms[id] = monotonic_ms();
	v->activity[id].writes++;
	v->activity[id].written_ms = realtime_ms();
	*ret = c;
	return 0;
}

int volume_settle_idle(struct volume *v, uint64_t idle_ms)
{
	uint64_t now = monotonic_ms();
	int settled = 0, r;

	for (unsigned i = 0; i < v->n; i++) {
		struct chunk *c = v->open[i];
		if (!c || !c->marked_dirty)
			continue;
		if (now - v->written_ms[i] < idle_ms) {
			r = chunk_barrier(c);
			if (r < 0)
				return r;
			continue;
		}
		r = settle_chunk(v, c);
		if (r < 0)
			return r;
		settled++;
	}
	return settled;
}

int volume_record_damage(struct volume *v)
{
	int r = 0, q;

	if (!(v->flags & VOLUME_RDWR))
		return 0;
	for (unsigned i = 0; i < v->n; i++) {
		struct chunk *c = v->open[i];
		if (!c || !c->damage_unwritten)
			continue;
		q = chunk_make_writable(c);
		if (q == 0)
			q = chunk_state_mark_damaged(c, "damage found while it was open read-only (logged above)");
		if (q < 0 && r == 0)
			r = q;
	}
	return r;
}

struct chunk *volume_chunk_if_open(const struct volume *v, unsigned id)
{
	if (shared.v == v) { /* not under this section's locks: the ordinary retry looks */
		chunk_log_hold_fail();
		return NULL;
	}
	return id < v->n ? v->open[id] : NULL;
}

int volume_chunk_usage(struct volume *v, unsigned id, struct volume_chunk_usage *ret)
{
	struct ext2_super_block sb;
	char why[256];
	int r;

	if (id >= v->n)
		return -EINVAL;
	if (v->open[id] && v->open[id]->fs) {
		usage_from(ret, v->open[id]->fs->super);
		return 0;
	}
	if (!v->usage) {
		v->usage = calloc(v->n, sizeof(*v->usage));
		v->usage_known = calloc(v->n, sizeof(*v->usage_known));
		if (!v->usage || !v->usage_known) {
			free(v->usage);
			free(v->usage_known);
			v->usage = NULL;
			v->usage_known = NULL;
			return -ENOMEM;
		}
	}
	if (!v->usage_known[id]) {
		_cleanup_close_ int fd = open(v->paths[id], O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return -errno;
		r = ext_super_read(fd, EXT_SUPER_OFFSET, 0, &sb, why, sizeof(why));
		if (r < 0)
			return r;
		usage_from(&v->usage[id], &sb);
		v->usage_known[id] = true;
	}
	*ret = v->usage[id];
	return 0;
}

void volume_set_lock_wait(unsigned seconds)
{
	chunk_set_lock_wait(seconds);
}

int volume_chunk_open_error(const struct volume *v, unsigned id)
{
	return id < v->n ? v->open_err[id] : 0;
}

void volume_parent_note(struct volume *v, vino_t ino, uint32_t ldir)
{
	v->parents[v->parents_next].ino = ino;
	v->parents[v->parents_next].ldir = ldir;
	v->parents_next = (v->parents_next + 1) % ELEMENTSOF(v->parents);
}

uint32_t volume_parent_hint(const struct volume *v, vino_t ino)
{
	for (size_t i = 0; i < ELEMENTSOF(v->parents); i++)
		if (v->parents[i].ino == ino && ino)
			return v->parents[i].ldir;
	return 0;
}

bool volume_set_write_on_demand(struct volume *v, bool on)
{
	bool was = v->write_on_demand;

	v->write_on_demand = on;
	return was;
}

bool volume_count_sessions(struct volume *v, bool count)
{
	bool was = !v->no_sessions;

	v->no_sessions = !count;
	return was;
}

void volume_set_checked_chunk(struct volume *v, int id)
{
	if (v->checked >= 0)
		volume_chunk_release(v, (unsigned)v->checked);
	v->checked = id >= 0 && (unsigned)id < v->n ? id : -1;
	if (v->checked >= 0)
		volume_chunk_release(v, (unsigned)v->checked);
}

int volume_chunk_release(struct volume *v, unsigned id)
{
	if (id >= v->n)
		return -EINVAL;
	v->open_err[id] = 0;
	return close_slot(v, id);
}

int volume_sync(struct volume *v)
{
	int r = 0, q;

	for (unsigned i = 0; i < v->n; i++) {
		if (!v->open[i])
			continue;
		q = chunk_index_flush_and_sync(v->open[i]);
		if (q < 0 && r == 0)
			r = q;
	}
	return r;
}
