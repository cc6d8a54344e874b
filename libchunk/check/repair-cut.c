/* Repair of an image cut short. Pass 0 notes beside the image where it was cut (IMAGE.cut),
 * durably, and only then gives the image its length back as zeros; pass 2 names each file
 * whose data blocks were past the cut and marks the bytes they held lost in its head's record
 * (in another chunk for a continuation), in one record write per file, so they read as EIO,
 * never as those zeros. The note goes once every such file is marked and the repair's writes
 * are durable: a repair killed before finds it, and marks them again (a mark already made is
 * found made, and not written twice). */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/cont-record.h"
#include "libchunk/format/lost.h"

static char *note_path(const char *image)
{
	char *p;

	return asprintf(&p, "%s.cut", image) < 0 ? NULL : p;
}

/* The directory holding IMAGE synced, so that a note made or removed there stays so. */
static int sync_dir_of(const char *image)
{
	_cleanup_free_ char *copy = strdup(image);
	_cleanup_close_ int fd = -1;

	if (!copy)
		return -ENOMEM;
	fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || fsync(fd) < 0)
		return -errno;
	return 0;
}

int repair_cut_noted(const char *image, uint64_t *block)
{
	_cleanup_free_ char *path = note_path(image);
	unsigned long long b;
	FILE *f;
	int n;

	if (!path)
		return -ENOMEM;
	f = fopen(path, "re");
	if (!f)
		return -errno;
	n = fscanf(f, "%llu", &b);
	fclose(f);
	if (n != 1)
		return -EBADMSG;
	*block = b;
	return 0;
}

int repair_cut_note(const char *image, uint64_t block)
{
	_cleanup_free_ char *path = note_path(image);
	_cleanup_close_ int fd = -1;
	char text[32];
	int len = snprintf(text, sizeof(text), "%llu\n", (unsigned long long)block);

	ssize_t w;

	if (!path)
		return -ENOMEM;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	w = write(fd, text, (size_t)len);
	if (w < 0)
		return -errno;
	if (w != len)
		return -EIO;
	if (fsync(fd) < 0)
		return -errno;
	return sync_dir_of(image);
}

/* After the repair's writes are durable: every file past the cut is marked, the note goes. */
void repair_cut_settled(struct check_ctx *x)
{
	_cleanup_free_ char *path = note_path(x->r->chunk_path);
	int r;

	if (!x->cut_marked || x->r->error || !path)
		return;
	r = unlink(path) < 0 && errno != ENOENT ? -errno : sync_dir_of(x->r->chunk_path);
	if (r < 0)
		chunk_check_report_set_error(x->r, "%s: cannot be removed: %s (the next repair marks the files "
					     "past the cut again, and finds them marked)", path, strerror(-r));
}

struct inos {
	ext2_ino_t *ino;
	size_t n;
	int err;
};

static int collect_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
		      char *buf, void *priv)
{
	struct inos *l = priv;
	ext2_ino_t *n;

	if (entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE || de->inode == 0)
		return 0;
	if (!(n = realloc(l->ino, (l->n + 1) * sizeof(*n)))) {
		l->err = -ENOMEM;
		return DIRENT_ABORT;
	}
	l->ino = n;
	l->ino[l->n++] = de->inode;
	return 0;
}

static bool listed(const struct inos *l, ext2_ino_t ino)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->ino[i] == ino)
			return true;
	return false;
}

/* The file's bytes, below its size, that blocks of an inode past the cut held: sorted,
 * adjacent ones merged. */
struct spans {
	blk64_t cut;
	uint64_t size;
	struct record_range *r;
	size_t n;
	int err;
};

static int span_add(struct spans *s, uint64_t start, uint64_t end)
{
	struct record_range *n;

	if (s->n && s->r[s->n - 1].end == start) {
		s->r[s->n - 1].end = end;
		return 0;
	}
	if (!(n = realloc(s->r, (s->n + 1) * sizeof(*n))))
		return -ENOMEM;
	s->r = n;
	s->r[s->n++] = (struct record_range){ start, end, 0 };
	return 0;
}

static int cut_block_cb(ext2_filsys fs, blk64_t *blocknr, e2_blkcnt_t blockcnt, blk64_t ref_blk, int ref_offset,
			void *priv)
{
	struct spans *s = priv;
	uint64_t at = (uint64_t)blockcnt * fs->blocksize;

	if (blockcnt < 0 || *blocknr < s->cut || at >= s->size)
		return 0;
	s->err = span_add(s, at, MIN(at + fs->blocksize, s->size));
	return s->err ? BLOCK_ABORT : 0;
}

static int by_start(const void *a, const void *b)
{
	const struct record_range *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

static void spans_sort(struct spans *s)
{
	size_t out = 0;

	if (!s->n)
		return;
	qsort(s->r, s->n, sizeof(*s->r), by_start);
	for (size_t i = 0; i < s->n; i++) {
		if (out && s->r[out - 1].end >= s->r[i].start)
			s->r[out - 1].end = MAX(s->r[out - 1].end, s->r[i].end);
		else
			s->r[out++] = s->r[i];
	}
	s->n = out;
}

/* S cut down to what the N ranges RG hold (a continuation holds nothing outside its own). */
static int spans_within(struct spans *s, const struct record_range *rg, uint32_t n)
{
	struct spans in = {};

	for (size_t i = 0; i < s->n; i++)
		for (uint32_t j = 0; j < n; j++) {
			uint64_t a = MAX(s->r[i].start, rg[j].start), b = MIN(s->r[i].end, rg[j].end);
			if (a < b && span_add(&in, a, b) < 0) {
				free(in.r);
				return -ENOMEM;
			}
		}
	free(s->r);
	s->r = in.r;
	s->n = in.n;
	spans_sort(s);
	return 0;
}

static uint64_t spans_bytes(const struct spans *s)
{
	uint64_t n = 0;

	for (size_t i = 0; i < s->n; i++)
		n += s->r[i].end - s->r[i].start;
	return n;
}

/* The file of K's inode INO with data past the cut: its head, which of the head's holders INO
 * is (0 the head itself), and the spans of its bytes that were there. */
struct cut_file {
	ext2_ino_t ino;
	bool cont;
	struct chunk_ref head;
	struct spans s;
	struct record_cont rec;
};

/* Which holder of H the continuation of F is, or -ENOENT: its head does not name it. */
static int holder_of(struct check_ctx *x, const struct record_head *h, const struct cut_file *cf)
{
	if (h->gen != cf->head.gen)
		return -ENOENT;
	for (unsigned k = 0; k < h->ncont; k++)
		if (h->conts[k].chunk == x->id && h->conts[k].ino == cf->ino && h->conts[k].gen == cf->rec.gen)
			return (int)k + 1;
	return -ENOENT;
}

/* The bytes of CF marked lost in its head's record, in one write: *WIDENED when the table
 * could not take a range for each and a covering span was marked. 0, -ENOENT when the head
 * does not name the continuation, or -errno (said on F). */
static int mark_cut(struct check_ctx *x, struct cut_file *cf, struct finding *f, bool *widened)
{
	struct ext2_inode_large inode;
	struct record_head h;
	struct chunk *hc;
	int holder = 0, r = repair_chunk(x, cf->head.chunk, &hc);

	if (r < 0) {
		repair_refused(f, cf->head.chunk, r);
		return r;
	}
	r = chunk_inode_read(hc, cf->head.ino, &inode);
	if (r == 0)
		r = cont_head_load(hc, cf->head.ino, &h);
	if (r < 0) {
		finding_set_action(f, FINDING_LEFT, "the head %u:%u cannot be read: %s", cf->head.chunk, cf->head.ino,
				   strerror(-r));
		return r;
	}
	if (cf->cont)
		holder = holder_of(x, &h, cf);
	if (holder >= 0)
		r = record_head_mark_lost(&h, (uint32_t)holder, EXT2_I_SIZE(&inode), cf->s.r, cf->s.n, RANGES_MAX);
	*widened = r == 2;
	/* One write marks all the file's bytes past the cut; made durable with the repair's
	 * other writes (check.c, sync_written), before the note of the cut goes. */
	if (holder >= 0 && r > 0)
		r = cont_head_store(hc, cf->head.ino, &h);
	record_head_done(&h);
	if (holder < 0)
		return holder;
	if (r < 0) {
		finding_set_action(f, FINDING_LEFT, "the head record cannot be rewritten: %s", strerror(-r));
		return r;
	}
	check_cache_forget(x, cf->head.chunk, cf->head.ino);
	return 0;
}

/* F names CF (of BYTES past the cut): named, and its bytes marked lost when they can be. */
static void repair_cut_file(struct check_ctx *x, struct cut_file *cf, const struct ext2_inode *inode,
			    uint64_t bytes, struct finding *f)
{
	uint64_t first = cf->s.r[0].start, last = cf->s.r[cf->s.n - 1].end;
	bool widened = false;
	int r;

	if (f)
		f->bytes_lost = bytes;
	if (LINUX_S_ISLNK(inode->i_mode)) {
		finding_set_action(f, FINDING_HOLED, "lost: a symbolic link's target, which cannot be marked lost: "
				   "it reads as zeros");
		return;
	}
	r = mark_cut(x, cf, f, &widened);
	if (r == -ENOENT) {
		finding_set_action(f, FINDING_HOLED, "lost: its head does not name this continuation (pass 4 "
				   "settles it as an orphan), so they are not marked: they read as zeros");
		return;
	}
	if (r < 0) {
		x->cut_marked = false; /* the note stays: the next repair marks them */
		return;
	}
	if (widened)
		finding_set_action(f, FINDING_HOLED, "lost: marked, they read as EIO; the head's range table cannot "
				   "take a range for each, so all of [%llu, %llu) is marked lost (more than was lost)",
				   (unsigned long long)first, (unsigned long long)last);
	else
		finding_set_action(f, FINDING_HOLED, "%llu byte(s) between %llu and %llu are lost: marked, they read "
				   "as EIO", (unsigned long long)bytes, (unsigned long long)first,
				   (unsigned long long)last);
}

/* Inode INO of K (INODE as scanned) with data past the cut: named and marked. */
static int cut_inode(struct check_ctx *x, ext2_ino_t ino, const struct ext2_inode *inode)
{
	struct cut_file cf = { .ino = ino, .head = { x->id, ino, inode->i_generation },
			       .s = { .cut = x->cut_block, .size = EXT2_I_SIZE(inode) } };
	uint64_t bytes;
	int r = 0;

	if (ext2fs_block_iterate3(x->c->fs, ino, BLOCK_FLAG_READ_ONLY | BLOCK_FLAG_DATA_ONLY, NULL, cut_block_cb,
				  &cf.s))
		r = cf.s.err ? cf.s.err : -EIO;
	spans_sort(&cf.s);
	if (r == 0 && cf.s.n && cont_load(x->c, ino, &cf.rec) == 0) {
		cf.cont = true;
		cf.head = cf.rec.head;
		r = spans_within(&cf.s, cf.rec.ranges, cf.rec.nranges);
	}
	bytes = spans_bytes(&cf.s);
	if (r == 0 && bytes) {
		vino_t file = VINO(cf.head.chunk, cf.head.ino);
		struct finding *f = check_found(x, "links", file, "%llu byte(s) of its data%s were past the end the image was cut at",
				(unsigned long long)bytes, cf.cont ? " (a continuation's)" : "");
		finding_take_path(f, check_path_of(x, file));
		repair_cut_file(x, &cf, inode, bytes, f);
	}
	if (cf.cont)
		record_cont_done(&cf.rec);
	free(cf.s.r);
	return r;
}

void repair_cut_files(struct check_ctx *x)
{
	struct chunk *c = x->c;
	ext2_filsys fs = c->fs;
	struct inos own = {};
	struct ext2_inode inode;
	ext2_inode_scan scan;
	ext2_ino_t ino;

	if (ext2fs_dir_iterate2(fs, c->meta_ino, 0, NULL, collect_cb, &own) || own.err ||
	    ext2fs_dir_iterate2(fs, c->index_ino, 0, NULL, collect_cb, &own) || own.err ||
	    ext2fs_open_inode_scan(fs, 0, &scan)) {
		chunk_check_report_set_error(x->r, "pass 2: the files past the cut cannot be listed");
		free(own.ino);
		return;
	}
	x->cut_marked = true;
	ext2fs_inode_scan_flags(scan, EXT2_SF_SKIP_MISSING_ITABLE, 0);
	for (;;) {
		errcode_t err = ext2fs_get_next_inode(scan, &ino, &inode);

		if (err == EXT2_ET_BAD_BLOCK_IN_INODE_TABLE)
			continue;
		if (err || ino == 0) {
			if (err)
				x->cut_marked = false;
			break;
		}
		if (ino < EXT2_FIRST_INO(fs->super) || !inode.i_links_count || inode.i_dtime ||
		    !(LINUX_S_ISREG(inode.i_mode) || LINUX_S_ISLNK(inode.i_mode)) ||
		    !ext2fs_inode_has_valid_blocks2(fs, &inode) || listed(&own, ino))
			continue;
		if (cut_inode(x, ino, &inode) < 0)
			x->cut_marked = false;
	}
	ext2fs_close_inode_scan(scan);
	free(own.ino);
}
