/* fsverify: a data-integrity tester for a mounted file system. It runs a random mix of writes,
 * reads, truncates, hole punches, fallocates, mmap I/O, appends, reopens and fsyncs on a few
 * files in DIR, reproducible from its seed, and checks every byte read and every size against
 * an in-memory model of each file; at the end every file is read back whole, then again after
 * a close and reopen. A mismatch prints the seed, the op, the file's last ops and the first
 * differing byte, and exits 1.
 *
 * Usage: fsverify [-s SEED] [-n OPS] [-f NFILES] [-m MAXSIZE] [-S] [-x OP,...] [-v] DIR
 *   -S  skip an op the file system refuses as unsupported (EOPNOTSUPP; ENODEV for mmap)
 *       instead of failing; it is said once, and the summary counts what was skipped
 *   -x  leave these ops out of the mix (to look past a known bug in one of them)
 *   -X OP (not in the usage: for the test that proves fsverify can fail) flips one byte of the
 *       model after op OP, as if the file system had lost it */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "libchunk/base/macro.h"

#define MODEL_BLOCK (64 * 1024)
#define MAX_IO (1024 * 1024)
#define LOG_LEN 20

enum op_kind {
	OP_WRITE,
	OP_READ,
	OP_APPEND,
	OP_TRUNCATE,
	OP_FTRUNCATE,
	OP_PUNCH,
	OP_FALLOC_KEEP,
	OP_FALLOC,
	OP_MMAP_READ,
	OP_MMAP_WRITE,
	OP_REOPEN,
	OP_FSYNC,
	OP_KIND_MAX,
};

static const struct {
	const char *name;
	unsigned weight;
} op_kinds[OP_KIND_MAX] = {
	[OP_WRITE] = { "write", 20 },	     [OP_READ] = { "read", 18 },
	[OP_APPEND] = { "append", 6 },	     [OP_TRUNCATE] = { "truncate", 4 },
	[OP_FTRUNCATE] = { "ftruncate", 4 }, [OP_PUNCH] = { "punch", 6 },
	[OP_FALLOC_KEEP] = { "falloc-keep", 3 }, [OP_FALLOC] = { "falloc", 3 },
	[OP_MMAP_READ] = { "mmap-read", 6 }, [OP_MMAP_WRITE] = { "mmap-write", 6 },
	[OP_REOPEN] = { "reopen", 4 },	     [OP_FSYNC] = { "fsync", 3 },
};

/* What a file should hold: its size and its bytes, in blocks that stay NULL while all zero, so
 * that sparse files of MAXSIZE cost what they hold. Bytes past the size are kept zero. */
struct model {
	uint8_t **blocks;
	size_t nblocks;
	uint64_t size;
};

struct log_entry {
	unsigned long op;
	enum op_kind kind;
	uint64_t off, len, size;
	const char *note;
};

struct vfile {
	char *path;
	int fd;
	struct model model;
	struct log_entry log[LOG_LEN];
	unsigned long nlog;
};

struct run {
	uint64_t seed, rng, maxsize;
	unsigned long nops, op, fault_op;
	enum op_kind kind; /* of op, while it runs */
	unsigned nfiles;
	bool skip_unsupported, verbose, fault_pending;
	const char *dir;
	struct vfile *files;
	unsigned long done[OP_KIND_MAX], skipped[OP_KIND_MAX];
	bool unsupported[OP_KIND_MAX], excluded[OP_KIND_MAX];
	const char *exclude_arg;
	uint8_t *buf, *expect;
	long page;
};

/* splitmix64: the whole run follows from the seed, on any libc. */
static uint64_t rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t rnd(struct run *r, uint64_t n)
{
	return n ? rng_next(&r->rng) % n : 0;
}

/* The bytes op OP writes: their own stream, so that they do not depend on what ran before. */
static void fill_data(const struct run *r, uint8_t *buf, size_t len)
{
	uint64_t s = r->seed ^ (r->op * 0xd1342543de82ef95ULL), v = 0;

	for (size_t i = 0; i < len; i++) {
		if (i % 8 == 0)
			v = rng_next(&s);
		buf[i] = (uint8_t)(v >> (8 * (i % 8)));
	}
}

static void model_read(const struct model *m, uint64_t off, uint8_t *buf, size_t len)
{
	while (len > 0) {
		size_t b = off / MODEL_BLOCK, in = off % MODEL_BLOCK, n = MIN(len, MODEL_BLOCK - in);

		if (b < m->nblocks && m->blocks[b])
			memcpy(buf, m->blocks[b] + in, n);
		else
			memset(buf, 0, n);
		buf += n, off += n, len -= n;
	}
}

static void model_write(struct model *m, uint64_t off, const uint8_t *buf, size_t len)
{
	if (len > 0)
		m->size = MAX(m->size, off + len);
	while (len > 0) {
		size_t b = off / MODEL_BLOCK, in = off % MODEL_BLOCK, n = MIN(len, MODEL_BLOCK - in);

		if (!m->blocks[b] && !(m->blocks[b] = calloc(1, MODEL_BLOCK))) {
			perror("fsverify: model");
			exit(1);
		}
		memcpy(m->blocks[b] + in, buf, n);
		buf += n, off += n, len -= n;
	}
}

static void model_zero(struct model *m, uint64_t off, uint64_t len)
{
	while (len > 0) {
		size_t b = off / MODEL_BLOCK, in = off % MODEL_BLOCK, n = MIN(len, MODEL_BLOCK - in);

		if (b < m->nblocks && m->blocks[b]) {
			if (n == MODEL_BLOCK) {
				free(m->blocks[b]);
				m->blocks[b] = NULL;
			} else
				memset(m->blocks[b] + in, 0, n);
		}
		off += n, len -= n;
	}
}

static void model_resize(struct model *m, uint64_t size)
{
	if (size < m->size)
		model_zero(m, size, m->size - size);
	m->size = size;
}

static void log_print(const struct log_entry *e)
{
	fprintf(stderr, "  op %lu %s", e->op, op_kinds[e->kind].name);
	if (e->note)
		fprintf(stderr, " (%s)", e->note);
	fprintf(stderr, " off %" PRIu64 " len %" PRIu64 " -> size %" PRIu64 "\n", e->off, e->len, e->size);
}

static void log_op(struct run *r, struct vfile *f, enum op_kind kind, uint64_t off, uint64_t len,
		   const char *note)
{
	struct log_entry *e = &f->log[f->nlog++ % LOG_LEN];

	*e = (struct log_entry){ r->op, kind, off, len, f->model.size, note };
	if (r->verbose) {
		fprintf(stderr, "%s:", f->path);
		log_print(e);
	}
}

static _Noreturn void __attribute__((format(printf, 3, 4)))
fail(const struct run *r, const struct vfile *f, const char *fmt, ...)
{
	int e = errno;
	va_list ap;

	fprintf(stderr, "fsverify: FAILED: seed %" PRIu64 ", op %lu", r->seed, r->op);
	if (f)
		fprintf(stderr, ", %s", f->path);
	fprintf(stderr, ": ");
	va_start(ap, fmt);
	errno = e;
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (f) {
		unsigned long first = f->nlog > LOG_LEN ? f->nlog - LOG_LEN : 0;

		fprintf(stderr, "last %lu ops on %s (the failing one last; sizes are the model's):\n",
			f->nlog - first, f->path);
		for (unsigned long i = first; i < f->nlog; i++)
			log_print(&f->log[i % LOG_LEN]);
		if (r->kind < OP_KIND_MAX && (f->nlog == 0 || f->log[(f->nlog - 1) % LOG_LEN].op != r->op))
			fprintf(stderr, "  op %lu %s: failed before it was logged\n", r->op, op_kinds[r->kind].name);
	}
	fprintf(stderr, "reproduce: fsverify -s %" PRIu64 " -n %lu -f %u -m %" PRIu64 "%s%s%s DIR\n", r->seed,
		r->nops, r->nfiles, r->maxsize, r->skip_unsupported ? " -S" : "", r->exclude_arg ? " -x " : "",
		r->exclude_arg ? r->exclude_arg : "");
	exit(1);
}

static void hexdump_line(const char *what, const uint8_t *p, size_t n)
{
	fprintf(stderr, "  %s:", what);
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, " %02x", p[i]);
	fputc('\n', stderr);
}

/* GOT holds LEN bytes read at OFF by WHAT; they must be the model's. */
static void compare(const struct run *r, const struct vfile *f, const char *what, uint64_t off,
		    const uint8_t *got, size_t len)
{
	size_t first, ndiff = 0, n;

	model_read(&f->model, off, r->expect, len);
	if (memcmp(got, r->expect, len) == 0)
		return;
	for (first = 0; got[first] == r->expect[first]; first++)
		;
	for (size_t i = first; i < len; i++)
		ndiff += got[i] != r->expect[i];
	n = MIN(len - first, (size_t)16);
	fprintf(stderr, "fsverify: %s of %s at %" PRIu64 " len %zu: %zu bytes differ\n", what, f->path,
		off, len, ndiff);
	hexdump_line("expected", r->expect + first, n);
	hexdump_line("got     ", got + first, n);
	fail(r, f, "%s: first differing byte at offset %" PRIu64 " (expected 0x%02x, got 0x%02x)", what,
	     off + first, r->expect[first], got[first]);
}

/* Read LEN bytes at OFF, or up to end of file, into r->buf and check them; the file must end
 * where the model says. */
static void read_check(const struct run *r, const struct vfile *f, const char *what, uint64_t off,
		       size_t len)
{
	uint64_t want = off < f->model.size ? MIN(len, f->model.size - off) : 0;
	size_t got = 0;

	while (got < len) {
		ssize_t n = pread(f->fd, r->buf + got, len - got, off + got);

		if (n < 0)
			fail(r, f, "%s: pread at %" PRIu64 ": %m", what, off + got);
		if (n == 0)
			break;
		got += n;
	}
	if (got != want)
		fail(r, f, "%s at %" PRIu64 " len %zu: %zu bytes read, the file should give %" PRIu64
		     " (first differing byte at offset %" PRIu64 ")", what, off, len, got, want,
		     off + MIN(got, want));
	compare(r, f, what, off, r->buf, got);
}

static void verify_whole(const struct run *r, const struct vfile *f, const char *what)
{
	for (uint64_t off = 0; off <= f->model.size; off += MAX_IO)
		read_check(r, f, what, off, MAX_IO);
}

static void write_all(const struct run *r, const struct vfile *f, int fd, const uint8_t *buf,
		      size_t len, int64_t off)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = off < 0 ? write(fd, buf + done, len - done)
				    : pwrite(fd, buf + done, len - done, off + done);

		if (n <= 0)
			fail(r, f, "%s at %" PRId64 " len %zu: %m", off < 0 ? "write" : "pwrite", off, len);
		done += n;
	}
}

/* An op the file system may not have: with -S it is disabled (said once), else it fails. */
static bool unsupported(struct run *r, struct vfile *f, enum op_kind kind, const char *call)
{
	int e = errno;

	if (e != EOPNOTSUPP && !((kind == OP_MMAP_READ || kind == OP_MMAP_WRITE) && e == ENODEV))
		return false;
	if (!r->skip_unsupported)
		fail(r, f, "%s: %s (-S skips what the file system does not support)", call, strerror(e));
	fprintf(stderr, "fsverify: %s: %s: op %s disabled\n", call, strerror(e), op_kinds[kind].name);
	r->unsupported[kind] = true;
	r->skipped[kind]++;
	return true;
}

/* Offsets where bugs live: inside and at the end of the data, far out for sparse files up to
 * MAXSIZE, and next to power-of-two boundaries (pages, blocks, chunk thresholds). */
static uint64_t choose_offset(struct run *r, uint64_t size)
{
	uint64_t near = MIN(size, (uint64_t)8192), b, off;

	switch (rnd(r, 8)) {
	case 0:
	case 1:
	case 2:
		off = rnd(r, size + 1);
		break;
	case 3:
		off = size - rnd(r, near + 1) + rnd(r, 8192);
		break;
	case 4:
		off = rnd(r, r->maxsize);
		break;
	case 5:
		b = 1ULL << (12 + rnd(r, 64 - __builtin_clzll(r->maxsize) - 12));
		off = rnd(r, r->maxsize / b + 1) * b + rnd(r, 64);
		off = off >= 32 ? off - 32 : 0;
		break;
	case 6:
		off = rnd(r, 4096);
		break;
	default:
		off = r->maxsize - rnd(r, r->maxsize / 4);
		break;
	}
	return MIN(off, r->maxsize);
}

/* A length of at most LIMIT: mostly small, some of a page or two, a few up to MAX_IO. */
static uint64_t choose_len(struct run *r, uint64_t limit)
{
	static const uint64_t max[] = { 64, 64, 64, 8192, 8192, 8192, 128 * 1024, 128 * 1024, 128 * 1024, MAX_IO };
	uint64_t len = 1 + rnd(r, max[rnd(r, ELEMENTSOF(max))]);

	return MIN(len, limit);
}

/* A range [*off, *off + *len) inside MAXSIZE. */
static void choose_range(struct run *r, uint64_t size, uint64_t *off, uint64_t *len)
{
	*off = choose_offset(r, size);
	*len = choose_len(r, r->maxsize);
	if (*off + *len > r->maxsize)
		*off = r->maxsize - *len;
}

static int open_file(const struct run *r, const struct vfile *f, int flags)
{
	int fd = open(f->path, flags | O_CLOEXEC, 0644);

	if (fd < 0)
		fail(r, f, "open: %m");
	return fd;
}

static void op_mmap(struct run *r, struct vfile *f, enum op_kind kind)
{
	uint64_t size = f->model.size, off, len, moff;
	bool write = kind == OP_MMAP_WRITE;
	uint8_t *p;

	off = rnd(r, size);
	len = choose_len(r, size - off);
	if (len == 0) {
		log_op(r, f, kind, 0, 0, "empty file, nothing mapped");
		return;
	}
	moff = off - off % r->page;
	p = mmap(NULL, off + len - moff, PROT_READ | (write ? PROT_WRITE : 0), MAP_SHARED, f->fd, moff);
	if (p == MAP_FAILED) {
		if (unsupported(r, f, kind, "mmap"))
			return;
		fail(r, f, "mmap at %" PRIu64 " len %" PRIu64 ": %m", moff, off + len - moff);
	}
	if (write) {
		fill_data(r, r->buf, len);
		memcpy(p + (off - moff), r->buf, len);
		if (msync(p, off + len - moff, MS_SYNC) < 0)
			fail(r, f, "msync: %m");
		model_write(&f->model, off, r->buf, len);
	} else {
		compare(r, f, "mmap read", off, p + (off - moff), len);
		/* The rest of the last page, past the end of the file, must read as zeros. */
		if (off + len == size && size % r->page) {
			size_t tail = r->page - size % r->page;

			memset(r->buf, 0, tail);
			if (memcmp(p + (size - moff), r->buf, tail))
				fail(r, f, "mmap read: bytes past the end of the file, in its last page, "
				     "are not zero (file size %" PRIu64 ")", size);
		}
	}
	munmap(p, off + len - moff);
	log_op(r, f, kind, off, len, NULL);
}

static void op_fallocate(struct run *r, struct vfile *f, enum op_kind kind)
{
	static const int modes[OP_KIND_MAX] = {
		[OP_PUNCH] = FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
		[OP_FALLOC_KEEP] = FALLOC_FL_KEEP_SIZE,
	};
	static const char *const calls[OP_KIND_MAX] = {
		[OP_PUNCH] = "fallocate(PUNCH_HOLE|KEEP_SIZE)",
		[OP_FALLOC_KEEP] = "fallocate(KEEP_SIZE)",
		[OP_FALLOC] = "fallocate(0)",
	};
	uint64_t off, len, size = f->model.size;

	choose_range(r, size, &off, &len);
	if (fallocate(f->fd, modes[kind], off, len) < 0) {
		if (unsupported(r, f, kind, calls[kind]))
			return;
		fail(r, f, "%s at %" PRIu64 " len %" PRIu64 ": %m", calls[kind], off, len);
	}
	if (kind == OP_PUNCH && off < size)
		model_zero(&f->model, off, MIN(len, size - off));
	else if (kind == OP_FALLOC)
		f->model.size = MAX(size, off + len);
	log_op(r, f, kind, off, len, NULL);
}

static void op_append(struct run *r, struct vfile *f)
{
	uint64_t size = f->model.size, len = choose_len(r, r->maxsize - size);
	_cleanup_close_ int fd = open_file(r, f, O_WRONLY | O_APPEND);
	off_t pos;

	fill_data(r, r->buf, len);
	write_all(r, f, fd, r->buf, len, -1);
	model_write(&f->model, size, r->buf, len);
	log_op(r, f, OP_APPEND, size, len, NULL);
	pos = lseek(fd, 0, SEEK_CUR);
	if (len > 0 && pos != (off_t)(size + len)) /* a write of nothing does not seek to the end */
		fail(r, f, "O_APPEND write of %" PRIu64 " bytes to a file of %" PRIu64 " left the offset at %jd",
		     len, size, (intmax_t)pos);
}

static void op_resize(struct run *r, struct vfile *f, enum op_kind kind)
{
	uint64_t size = choose_offset(r, f->model.size);
	int rc;

	if (rnd(r, 8) == 0)
		size = 0;
	rc = kind == OP_TRUNCATE ? truncate(f->path, size) : ftruncate(f->fd, size);
	if (rc < 0)
		fail(r, f, "%s to %" PRIu64 ": %m", op_kinds[kind].name, size);
	model_resize(&f->model, size);
	log_op(r, f, kind, size, 0, NULL);
}

static void op_reopen(struct run *r, struct vfile *f)
{
	bool trunc = rnd(r, 10) == 0;

	close(f->fd);
	f->fd = open_file(r, f, O_RDWR | (trunc ? O_TRUNC : 0));
	if (trunc)
		model_resize(&f->model, 0);
	log_op(r, f, OP_REOPEN, 0, 0, trunc ? "O_TRUNC" : NULL);
}

/* fsync or fdatasync; then, half the time, drop the file's clean pages from the page cache so
 * that the next reads come from the file system, not from memory. */
static void op_fsync(struct run *r, struct vfile *f)
{
	bool data = rnd(r, 2), drop = rnd(r, 2);

	if ((data ? fdatasync(f->fd) : fsync(f->fd)) < 0)
		fail(r, f, "%s: %m", data ? "fdatasync" : "fsync");
	if (drop)
		posix_fadvise(f->fd, 0, 0, POSIX_FADV_DONTNEED);
	log_op(r, f, OP_FSYNC, 0, 0, data ? (drop ? "fdatasync, cache dropped" : "fdatasync")
					   : (drop ? "fsync, cache dropped" : "fsync"));
}

static enum op_kind choose_kind(struct run *r)
{
	unsigned total = 0, pick;
	enum op_kind k;

	for (k = 0; k < OP_KIND_MAX; k++)
		total += r->excluded[k] ? 0 : op_kinds[k].weight;
	pick = rnd(r, total);
	for (k = 0; r->excluded[k] || pick >= op_kinds[k].weight; k++)
		pick -= r->excluded[k] ? 0 : op_kinds[k].weight;
	return k;
}

static void run_op(struct run *r, struct vfile *f, enum op_kind kind)
{
	uint64_t off, len;

	switch (kind) {
	case OP_WRITE:
		choose_range(r, f->model.size, &off, &len);
		fill_data(r, r->buf, len);
		write_all(r, f, f->fd, r->buf, len, off);
		model_write(&f->model, off, r->buf, len);
		log_op(r, f, kind, off, len, NULL);
		break;
	case OP_READ:
		choose_range(r, f->model.size, &off, &len);
		log_op(r, f, kind, off, len, NULL);
		read_check(r, f, "read", off, len);
		break;
	case OP_APPEND:
		op_append(r, f);
		break;
	case OP_TRUNCATE:
	case OP_FTRUNCATE:
		op_resize(r, f, kind);
		break;
	case OP_PUNCH:
	case OP_FALLOC_KEEP:
	case OP_FALLOC:
		op_fallocate(r, f, kind);
		break;
	case OP_MMAP_READ:
	case OP_MMAP_WRITE:
		op_mmap(r, f, kind);
		break;
	case OP_REOPEN:
		op_reopen(r, f);
		break;
	default:
		op_fsync(r, f);
		break;
	}
}

/* -X: the model loses one byte, as the file system would if it had a bug. */
static void inject_fault(struct run *r, struct vfile *f)
{
	uint8_t b;
	uint64_t pos;

	for (unsigned i = 0; f->model.size == 0 && i < r->nfiles; i++)
		f = &r->files[i];
	if (f->model.size == 0)
		return; /* nothing to flip yet: the next op tries again */
	pos = rng_next(&(uint64_t){ r->seed ^ r->op }) % f->model.size;
	model_read(&f->model, pos, &b, 1);
	b ^= 0x10;
	model_write(&f->model, pos, &b, 1);
	fprintf(stderr, "fsverify: fault injected after op %lu: byte %" PRIu64 " of %s flipped in the model\n",
		r->op, pos, f->path);
	r->fault_pending = false;
}

static void check_size(const struct run *r, const struct vfile *f)
{
	struct stat st;

	if (fstat(f->fd, &st) < 0)
		fail(r, f, "fstat: %m");
	if ((uint64_t)st.st_size != f->model.size)
		fail(r, f, "the file's size is %jd, it should be %" PRIu64, (intmax_t)st.st_size, f->model.size);
}

static void run_ops(struct run *r)
{
	for (r->op = 1; r->op <= r->nops; r->op++) {
		struct vfile *f = &r->files[rnd(r, r->nfiles)];
		enum op_kind kind = choose_kind(r);

		if (r->unsupported[kind]) {
			r->skipped[kind]++;
			continue;
		}
		r->kind = kind;
		run_op(r, f, kind);
		if (!r->unsupported[kind])
			r->done[kind]++;
		check_size(r, f);
		if (r->op == r->fault_op)
			r->fault_pending = true;
		if (r->fault_pending)
			inject_fault(r, f);
	}
	r->op = r->nops;
	r->kind = OP_KIND_MAX;
}

/* Every file read back whole, then again after fsync, close, reopen and a dropped page cache. */
static void verify_all(struct run *r)
{
	for (unsigned i = 0; i < r->nfiles; i++)
		verify_whole(r, &r->files[i], "final read-back");
	for (unsigned i = 0; i < r->nfiles; i++) {
		struct vfile *f = &r->files[i];

		if (fsync(f->fd) < 0)
			fail(r, f, "final fsync: %m");
		close(f->fd);
		f->fd = open_file(r, f, O_RDONLY);
		posix_fadvise(f->fd, 0, 0, POSIX_FADV_DONTNEED);
		check_size(r, f);
		verify_whole(r, f, "read-back after reopen");
		close(f->fd);
		f->fd = -1;
	}
}

static void print_summary(const struct run *r)
{
	printf("fsverify: seed %" PRIu64 ": %lu ops on %u files of up to %" PRIu64 " bytes verified:", r->seed,
	       r->nops, r->nfiles, r->maxsize);
	for (enum op_kind k = 0; k < OP_KIND_MAX; k++) {
		printf(" %s %lu", op_kinds[k].name, r->done[k]);
		if (r->excluded[k])
			printf(" (excluded)");
		if (r->skipped[k])
			printf(" (%lu skipped, unsupported)", r->skipped[k]);
		printf("%s", k + 1 < OP_KIND_MAX ? "," : "\n");
	}
}

static int parse_size(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s)
		return -EINVAL;
	switch (*end) {
	case 'G': v <<= 10; /* fall through */
	case 'M': v <<= 10; /* fall through */
	case 'K': v <<= 10; end++; break;
	default: break;
	}
	if (*end)
		return -EINVAL;
	*out = v;
	return 0;
}

/* -x: a comma-separated list of op names. */
static int parse_exclude(struct run *r, const char *arg)
{
	_cleanup_free_ char *list = strdup(arg);
	unsigned left = OP_KIND_MAX;

	r->exclude_arg = arg;
	for (char *save = NULL, *name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		enum op_kind k;

		for (k = 0; k < OP_KIND_MAX && strcmp(name, op_kinds[k].name); k++)
			;
		if (k == OP_KIND_MAX) {
			fprintf(stderr, "fsverify: -x: no op is called '%s'\n", name);
			return -EINVAL;
		}
		r->excluded[k] = true;
	}
	for (enum op_kind k = 0; k < OP_KIND_MAX; k++)
		left -= r->excluded[k];
	if (left == 0) {
		fprintf(stderr, "fsverify: -x leaves no op to run\n");
		return -EINVAL;
	}
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "Usage: fsverify [-s SEED] [-n OPS] [-f NFILES] [-m MAXSIZE] [-S] [-x OP,...] [-v] DIR\n"
			"  -s SEED     the run follows from it (default: from the clock; printed)\n"
			"  -n OPS      number of ops (default 2000)\n"
			"  -f NFILES   number of files, DIR/fsverify.N (default 4)\n"
			"  -m MAXSIZE  largest file size, K/M/G suffixes (default 64M)\n"
			"  -S          skip ops the file system does not support, instead of failing\n"
			"  -x OP,...   leave these ops out: write read append truncate ftruncate punch\n"
			"              falloc-keep falloc mmap-read mmap-write reopen fsync\n"
			"  -v          print every op\n");
	return 2;
}

static int parse_args(struct run *r, int argc, char **argv)
{
	uint64_t v = 0;
	int c;

	while ((c = getopt(argc, argv, "s:n:f:m:Sx:vX:")) != -1) {
		if (strchr("snfmX", c) && parse_size(optarg, &v) < 0) {
			fprintf(stderr, "fsverify: -%c %s: not a number\n", c, optarg);
			return usage();
		}
		switch (c) {
		case 's': r->seed = v; break;
		case 'n': r->nops = v; break;
		case 'f': r->nfiles = v; break;
		case 'm': r->maxsize = v; break;
		case 'X': r->fault_op = v; break;
		case 'S': r->skip_unsupported = true; break;
		case 'x':
			if (parse_exclude(r, optarg) < 0)
				return usage();
			break;
		case 'v': r->verbose = true; break;
		default: return usage();
		}
	}
	if (optind + 1 != argc || r->nfiles < 1 || r->nfiles > 1000 || r->maxsize < MODEL_BLOCK) {
		if (r->maxsize < MODEL_BLOCK)
			fprintf(stderr, "fsverify: MAXSIZE must be at least %d\n", MODEL_BLOCK);
		return usage();
	}
	r->dir = argv[optind];
	return 0;
}

static void setup_files(struct run *r)
{
	r->files = calloc(r->nfiles, sizeof(*r->files));
	r->buf = malloc(MAX_IO);
	r->expect = malloc(MAX_IO);
	if (!r->files || !r->buf || !r->expect) {
		perror("fsverify");
		exit(1);
	}
	for (unsigned i = 0; i < r->nfiles; i++) {
		struct vfile *f = &r->files[i];

		if (asprintf(&f->path, "%s/fsverify.%u", r->dir, i) < 0) {
			perror("fsverify");
			exit(1);
		}
		f->model.nblocks = r->maxsize / MODEL_BLOCK + 1;
		f->model.blocks = calloc(f->model.nblocks, sizeof(*f->model.blocks));
		if (!f->model.blocks) {
			perror("fsverify");
			exit(1);
		}
		f->fd = open_file(r, f, O_RDWR | O_CREAT | O_TRUNC);
	}
}

static void free_files(struct run *r)
{
	for (unsigned i = 0; i < r->nfiles; i++) {
		struct vfile *f = &r->files[i];

		for (size_t b = 0; b < f->model.nblocks; b++)
			free(f->model.blocks[b]);
		free(f->model.blocks);
		free(f->path);
	}
	free(r->files);
	free(r->buf);
	free(r->expect);
}

int main(int argc, char **argv)
{
	struct run r = { .seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32), .nops = 2000,
			 .nfiles = 4, .maxsize = 64 << 20, .kind = OP_KIND_MAX, .page = sysconf(_SC_PAGESIZE) };
	int rc = parse_args(&r, argc, argv);

	if (rc)
		return rc;
	r.rng = r.seed;
	fprintf(stderr, "fsverify: seed %" PRIu64 "\n", r.seed);
	setup_files(&r);
	run_ops(&r);
	verify_all(&r);
	print_summary(&r);
	free_files(&r);
	return 0;
}
