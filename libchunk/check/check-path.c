/* Naming a volume inode by its path, for the report. A part of a directory in another chunk
 * is a continuation, whose record names its head. A file has no "..": the directory naming it
 * is the one its head record's parent hint gives, once that directory is read and names it;
 * else it is found by reading the directories of its own chunk. That read is done once per chunk and
 * check: every entry of the chunk's directories goes into a map from inode to (directory,
 * name), so naming the files that lost data costs one directory scan per chunk, however many
 * there are. A repair that links or renames drops its chunk's map (check_path_forget).
 * A directory whose inode the damage took is named no more by its chunk: the repair notes the
 * path it had (check_path_note_lost), and the files its name records place in it are named
 * below that path. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/volume/cont.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/namespace/namespace.h"

#define PATH_DEPTH_MAX 256

struct path_entry {
	ext2_ino_t ino, dir;
	size_t name;                 /* offset in the pool */
	size_t seq;                  /* order found: the first entry naming an inode wins */
};

struct path_map {
	unsigned chunk;
	struct path_entry *e;
	size_t n, cap;
	char *pool;
	size_t pool_len, pool_cap;
	int err;
};

struct lost_dir {
	vino_t ino;
	char *path;
};

struct check_paths {
	struct path_map *maps;
	size_t n;
	struct lost_dir *lost;       /* directories gone, with the path each had */
	size_t nlost;
};

static int map_entry_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
			char *buf, void *priv)
{
	struct path_map *m = priv;
	int len = ext2fs_dirent_name_len(de);

	if (entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE || de->inode == 0)
		return 0;
	if (m->n == m->cap) {
		size_t ncap = m->cap ? m->cap * 2 : 256;
		struct path_entry *n = realloc(m->e, ncap * sizeof(*n));
		if (!n)
			goto nomem;
		m->e = n;
		m->cap = ncap;
	}
	if (m->pool_len + (size_t)len + 1 > m->pool_cap) {
		size_t ncap = MAX(m->pool_cap * 2, m->pool_len + (size_t)len + 1 + 4096);
		char *n = realloc(m->pool, ncap);
		if (!n)
			goto nomem;
		m->pool = n;
		m->pool_cap = ncap;
	}
	memcpy(m->pool + m->pool_len, de->name, len);
	m->pool[m->pool_len + len] = 0;
	m->e[m->n] = (struct path_entry) { .ino = de->inode, .dir = dir, .name = m->pool_len, .seq = m->n };
	m->n++;
	m->pool_len += (size_t)len + 1;
	return 0;
nomem:
	m->err = -ENOMEM;
	return DIRENT_ABORT;
}

static int entry_compare(const void *pa, const void *pb)
{
	const struct path_entry *a = pa, *b = pb;

	if (a->ino != b->ino)
		return a->ino < b->ino ? -1 : 1;
	return (a->seq > b->seq) - (a->seq < b->seq);
}

/* Every entry of C's directories (in inode-scan order, the index directory left out). */
static int map_build(struct chunk *c, struct path_map *m)
{
	struct ext2_inode inode;
	ext2_inode_scan scan;
	ext2_ino_t dir;

	if (ext2fs_open_inode_scan(c->fs, 0, &scan))
		return -EIO;
	ext2fs_inode_scan_flags(scan, EXT2_SF_SKIP_MISSING_ITABLE, 0);
	while (m->err == 0) {
		errcode_t err = ext2fs_get_next_inode(scan, &dir, &inode);
		if (err == EXT2_ET_BAD_BLOCK_IN_INODE_TABLE)
			continue;
		if (err || dir == 0)
			break;
		if (!inode.i_links_count || !LINUX_S_ISDIR(inode.i_mode) || dir == c->index_ino)
			continue;
		(void)ext2fs_dir_iterate2(c->fs, dir, 0, NULL, map_entry_cb, m);
	}
	ext2fs_close_inode_scan(scan);
	if (m->err == 0 && m->n > 1)
		qsort(m->e, m->n, sizeof(*m->e), entry_compare);
	return m->err;
}

static void map_done(struct path_map *m)
{
	free(m->e);
	free(m->pool);
	*m = (struct path_map) {};
}

static struct check_paths *paths_of(struct check_ctx *x)
{
	if (!x->paths)
		x->paths = calloc(1, sizeof(*x->paths));
	return x->paths;
}

static struct path_map *map_of(struct check_ctx *x, struct chunk *c)
{
	struct check_paths *p = paths_of(x);
	struct path_map *n;

	if (!p)
		return NULL;
	for (size_t i = 0; i < p->n; i++)
		if (p->maps[i].chunk == c->id)
			return &p->maps[i];
	n = realloc(p->maps, (p->n + 1) * sizeof(*n));
	if (!n)
		return NULL;
	p->maps = n;
	n = &p->maps[p->n];
	*n = (struct path_map) { .chunk = c->id };
	if (map_build(c, n) < 0) {
		map_done(n);
		return NULL;
	}
	p->n++;
	return n;
}

/* The directory of C whose entries name INO (the first found), or 0. */
static ext2_ino_t find_parent_dir(struct check_ctx *x, struct chunk *c, ext2_ino_t ino,
				  char name[EXT2_NAME_LEN + 1])
{
	struct path_map *m = map_of(x, c);
	size_t lo = 0, hi;

	if (!m)
		return 0;
	hi = m->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (m->e[mid].ino < ino)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == m->n || m->e[lo].ino != ino)
		return 0;
	snprintf(name, EXT2_NAME_LEN + 1, "%s", m->pool + m->e[lo].name);
	return m->e[lo].dir;
}

void check_path_forget(struct check_ctx *x, unsigned chunk)
{
	struct check_paths *p = x->paths;

	for (size_t i = 0; p && i < p->n; i++)
		if (p->maps[i].chunk == chunk) {
			map_done(&p->maps[i]);
			p->maps[i] = p->maps[--p->n];
			return;
		}
}

void check_paths_free(struct check_ctx *x)
{
	struct check_paths *p = x->paths;

	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++)
		map_done(&p->maps[i]);
	free(p->maps);
	for (size_t i = 0; i < p->nlost; i++)
		free(p->lost[i].path);
	free(p->lost);
	free(p);
	x->paths = NULL;
}

void check_path_note_lost(struct check_ctx *x, vino_t ino, const char *path)
{
	struct check_paths *p = paths_of(x);
	struct lost_dir *n;
	char *copy;

	if (!p || !path || path[0] != '/' || !(copy = strdup(path)))
		return;
	for (size_t i = 0; i < p->nlost; i++)
		if (p->lost[i].ino == ino) {
			free(p->lost[i].path);
			p->lost[i].path = copy;
			return;
		}
	n = realloc(p->lost, (p->nlost + 1) * sizeof(*n));
	if (!n) {
		free(copy);
		return;
	}
	p->lost = n;
	p->lost[p->nlost++] = (struct lost_dir) { .ino = ino, .path = copy };
}

/* The path check_path_of gives a directory of no known path. */
#define UNNAMED "(unnamed inode %u:%u)"

void check_paths_settle(struct check_ctx *x)
{
	for (size_t i = 0; i < x->r->nfindings; i++) {
		struct finding *f = &x->r->findings[i];
		unsigned chunk, ino;
		int end = 0;
		const char *dpath;
		char *path;

		if (!f->path || sscanf(f->path, UNNAMED "%n", &chunk, &ino, &end) != 2 || !end ||
		    !(dpath = check_path_lost_noted(x, VINO(chunk, ino))))
			continue;
		if (asprintf(&path, "%s%s", dpath, f->path + end) < 0)
			continue;
		finding_take_path(f, path);
	}
}

const char *check_path_lost_noted(struct check_ctx *x, vino_t ino)
{
	for (size_t i = 0; x->paths && i < x->paths->nlost; i++)
		if (x->paths->lost[i].ino == ino)
			return x->paths->lost[i].path;
	return NULL;
}

const char *check_path_lost(struct check_ctx *x, vino_t ino)
{
	struct check_paths *p = x->paths;
	struct ext2_inode_large inode;
	struct chunk *c;

	for (size_t i = 0; p && i < p->nlost; i++) {
		if (p->lost[i].ino != ino)
			continue;
		/* Its number taken again since (the repair made an inode): that is another file. */
		if (volume_chunk(x->v, VINO_CHUNK(ino), &c) == 0 && chunk_inode_read(c, VINO_INO(ino), &inode) == 0 &&
		    inode.i_mode && inode.i_links_count && !inode.i_dtime)
			return NULL;
		return p->lost[i].path;
	}
	return NULL;
}

/* The directory of C the head record of INO says names it, if it does (a rename or unlink
 * since leaves the hint stale: it is only used once the directory is read and agrees), or 0. */
static ext2_ino_t parent_hint(struct check_ctx *x, struct chunk *c, ext2_ino_t ino, char name[EXT2_NAME_LEN + 1])
{
	const struct check_inode *e = check_cache_lookup(x, c->id, ino);
	_cleanup_free_ void *buf = NULL;
	struct record_head h;
	ext2_ino_t dir;
	size_t len;

	/* The head record as the passes read it (check-cache.c); else read as it is: a bad
	 * record is pass 3's to report (cont_head_load would mark the chunk DAMAGED). */
	if (e && e->head_err == 0) {
		dir = e->head.parent;
	} else {
		if (chunk_xattr_get(c, ino, XATTR_HEAD, &buf, &len) < 0 || record_head_decode(buf, len, &h) < 0)
			return 0;
		dir = h.parent;
		record_head_done(&h);
	}
	if (!dir || dir > c->fs->super->s_inodes_count || chunk_find_name(c, dir, ino, name) < 0)
		return 0;
	return dir;
}

/* The volume directory a local directory of C is part of. */
static vino_t volume_dir_of(struct chunk *c, ext2_ino_t ldir)
{
	struct record_cont rec;
	vino_t v;

	if (cont_load(c, ldir, &rec) < 0)
		return VINO(c->id, ldir);
	v = VINO(rec.head.chunk, rec.head.ino);
	record_cont_done(&rec);
	return v;
}

static int prepend(char **path, const char *name)
{
	char *n;

	if (asprintf(&n, "/%s%s", name, *path ? *path : "") < 0)
		return -ENOMEM;
	free(*path);
	*path = n;
	return 0;
}

char *check_path_of(struct check_ctx *x, vino_t ino)
{
	char *path = NULL;
	char name[EXT2_NAME_LEN + 1];

	for (int depth = 0; ino != VOLUME_ROOT && depth < PATH_DEPTH_MAX; depth++) {
		struct ext2_inode_large inode;
		const char *gone = check_path_lost(x, ino);
		struct chunk *c;
		ext2_ino_t ldir;
		char *n;

		if (gone) {
			/* A directory the damage took: the path it had, then the names below it. */
			if (asprintf(&n, "%s%s", gone, path ? path : "") < 0)
				goto unknown;
			free(path);
			return n;
		}
		if (volume_chunk(x->v, VINO_CHUNK(ino), &c) < 0 || chunk_inode_read(c, VINO_INO(ino), &inode) < 0)
			goto unknown;
		if (LINUX_S_ISDIR(inode.i_mode) && volume_dir_of(c, VINO_INO(ino)) != ino) {
			/* A part of a directory (its continuation in this chunk, where e2fsck's messages
			 * name it): named as its head. */
			ino = volume_dir_of(c, VINO_INO(ino));
			continue;
		}
		if (LINUX_S_ISDIR(inode.i_mode)) {
			/* ".." and one directory: cheaper than the chunk's map when it is not built. */
			if (chunk_lookup(c, VINO_INO(ino), "..", &ldir) < 0 ||
			    chunk_find_name(c, ldir, VINO_INO(ino), name) < 0)
				goto unknown;
		} else {
			/* The head record's parent hint, if it still names the file; else the map. */
			ldir = parent_hint(x, c, VINO_INO(ino), name);
			if (!ldir)
				ldir = find_parent_dir(x, c, VINO_INO(ino), name);
			if (!ldir)
				goto unknown;
		}
		if (prepend(&path, name) < 0)
			goto unknown;
		ino = volume_dir_of(c, ldir);
	}
	if (ino == VOLUME_ROOT)
		return path ? path : strdup("/");
unknown:
	free(path);
	if (asprintf(&path, UNNAMED, VINO_CHUNK(ino), VINO_INO(ino)) < 0)
		return NULL;
	return path;
}
