/* Pass 5: names unique across a directory's parts. For every directory with a part in K
 * (its head, or a continuation of it), K's names are put in a hash table, and the entries of
 * every other confirmed part are looked up in it as they are read (only those directory
 * inodes, in whichever chunk). A name found in two parts is a duplicate: a repair renames the
 * copy in the later part (never the head's) to NAME.dup-CHUNK, so no entry, and no file, is
 * lost. A duplicate between two parts outside K is left to the check of their chunks. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/namespace/dir.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"

/* One entry of K's part: its name is in the arena at OFF. Kept small, since a directory of
 * a real tree can hold tens of thousands of names; only K's are kept, the other parts' are
 * looked up as they are read. */
struct name {
	uint32_t hash, off;
	ext2_ino_t ino;
	uint16_t len;
	uint16_t part;
	uint8_t ftype;
};

struct names {
	struct name *v;
	size_t n, cap;
	char *arena;
	size_t used, size;
	unsigned part;
	bool skip_meta;
	int err;
};

/* K's names by hash (open addressing over indexes into names.v, plus one; 0 is empty). */
struct table {
	uint32_t *slot;
	size_t mask;
};

/* A name of K's part seen again in part PART, as INO of type FTYPE. */
struct dup {
	size_t k; /* the entry in K's part */
	uint16_t part;
	uint8_t ftype;
	ext2_ino_t ino;
};

struct probe {
	const struct names *k;
	const struct table *t;
	struct chunk *c; /* the chunk of the part being read */
	unsigned part;
	bool skip_meta;
	struct dup *v;
	size_t n, cap;
	int err;
};

static uint32_t name_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u; /* FNV-1a */

	for (size_t i = 0; i < len; i++)
		h = (h ^ (uint8_t)s[i]) * 16777619u;
	return h;
}

static int names_grow(struct names *l, size_t len)
{
	if (l->n == l->cap) {
		size_t ncap = l->cap ? l->cap * 2 : 256;
		struct name *n = realloc(l->v, ncap * sizeof(*n));
		if (!n)
			return -ENOMEM;
		l->v = n;
		l->cap = ncap;
	}
	if (l->used + len + 1 > l->size) {
		size_t nsize = MAX(l->size * 2, l->used + len + 1 + 4096);
		char *a = realloc(l->arena, nsize);
		if (!a)
			return -ENOMEM;
		l->arena = a;
		l->size = nsize;
	}
	return 0;
}

static bool is_meta(const char *name, size_t len)
{
	return len == strlen(CHUNK_META_DIR) && !memcmp(name, CHUNK_META_DIR, len);
}

static int collect_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
		      char *buf, void *priv)
{
	struct names *l = priv;
	size_t len = (size_t)ext2fs_dirent_name_len(de);
	struct name *e;

	if (entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE || de->inode == 0)
		return 0;
	if (l->skip_meta && is_meta(de->name, len))
		return 0;
	l->err = names_grow(l, len);
	if (l->err < 0)
		return DIRENT_ABORT;
	e = &l->v[l->n++];
	*e = (struct name) { .hash = name_hash(de->name, len), .off = (uint32_t)l->used, .ino = de->inode,
			     .len = (uint16_t)len, .part = (uint16_t)l->part,
			     .ftype = (uint8_t)ext2fs_dirent_file_type(de) };
	memcpy(l->arena + l->used, de->name, len);
	l->arena[l->used + len] = 0;
	l->used += len + 1;
	return 0;
}

static const char *name_of(const struct names *l, const struct name *e)
{
	return l->arena + e->off;
}

/* The slot holding NAME (LEN bytes, hash H) among K's names, or the empty slot where it would
 * go: one walk serves both the lookup and the insertion. */
static size_t table_slot(const struct table *t, const struct names *k, uint32_t h, const char *name, size_t len)
{
	size_t i = h & t->mask;

	for (; t->slot[i]; i = (i + 1) & t->mask) {
		const struct name *e = &k->v[t->slot[i] - 1];
		if (e->hash == h && e->len == len && !memcmp(name_of(k, e), name, len))
			break;
	}
	return i;
}

static int dup_add(struct probe *p, size_t k, unsigned part, ext2_ino_t ino, int ftype)
{
	if (p->n == p->cap) {
		size_t ncap = p->cap ? p->cap * 2 : 16;
		struct dup *n = realloc(p->v, ncap * sizeof(*n));
		if (!n)
			return -ENOMEM;
		p->v = n;
		p->cap = ncap;
	}
	p->v[p->n++] = (struct dup) { .k = k, .part = (uint16_t)part, .ftype = (uint8_t)ftype, .ino = ino };
	return 0;
}

/* K's names into the table; a name twice among K's own parts is a duplicate too. */
static int table_build(struct table *t, const struct names *k, struct probe *p)
{
	size_t size = 16;

	while (size < k->n * 2)
		size *= 2;
	t->slot = calloc(size, sizeof(*t->slot));
	if (!t->slot)
		return -ENOMEM;
	t->mask = size - 1;
	for (size_t i = 0; i < k->n; i++) {
		const struct name *e = &k->v[i];
		size_t j = table_slot(t, k, e->hash, name_of(k, e), e->len);
		if (!t->slot[j])
			t->slot[j] = (uint32_t)i + 1;
		else if (dup_add(p, t->slot[j] - 1, e->part, e->ino, e->ftype) < 0)
			return -ENOMEM;
	}
	return 0;
}

/* An entry naming an inode with no link left is no name: a removal (of a file a rename
 * replaced, say) marks the inode deleted before its entry goes, and the entry of a removal
 * killed in between is cleared by its own chunk's e2fsck. K's copy stays as it is. */
static bool entry_deleted(struct chunk *c, ext2_ino_t ino)
{
	struct ext2_inode_large inode;

	return chunk_inode_read(c, ino, &inode) == 0 && inode.i_links_count == 0;
}

static int probe_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
		    char *buf, void *priv)
{
	struct probe *p = priv;
	size_t len = (size_t)ext2fs_dirent_name_len(de);
	size_t i;

	if (entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE || de->inode == 0)
		return 0;
	if (p->skip_meta && is_meta(de->name, len))
		return 0;
	i = table_slot(p->t, p->k, name_hash(de->name, len), de->name, len);
	if (!p->t->slot[i] || entry_deleted(p->c, de->inode))
		return 0;
	p->err = dup_add(p, p->t->slot[i] - 1, p->part, de->inode, ext2fs_dirent_file_type(de));
	return p->err < 0 ? DIRENT_ABORT : 0;
}

/* Renames NAME in part PART (INO, of type FTYPE) to NAME.dup-CHUNK. */
static int rename_duplicate(struct check_ctx *x, const struct dir_parts *d, unsigned part, const char *name,
			    ext2_ino_t ino, int ftype, struct finding *f)
{
	char to[EXT2_NAME_LEN + 1];
	struct chunk *c;
	int r;

	r = repair_chunk(x, d->parts[part].chunk, &c);
	if (r < 0)
		return r;
	snprintf(to, sizeof(to), "%.200s.dup-%u", name, c->id);
	r = chunk_unlink(c, d->parts[part].ino, name);
	if (r == 0)
		r = chunk_link(c, d->parts[part].ino, to, ino, ftype);
	check_path_forget(x, c->id);
	if (r == 0)
		finding_set_action(f, FINDING_FIXED, "the copy in chunk %u renamed to %s", c->id, to);
	return r;
}

static int check_dir(struct check_ctx *x, vino_t dir)
{
	struct dir_parts d;
	struct names k = {};
	struct table t = {};
	struct probe p = {};
	char *path = NULL;
	int r = dir_open(x->v, dir, &d);

	if (r < 0)
		return 0; /* a gone head was dealt with by pass 4 */
	/* K's part first (in practice one: a directory has at most one part per chunk). */
	for (unsigned i = 0; i < d.nparts && r == 0; i++) {
		errcode_t err;
		if (d.parts[i].chunk != x->id || d.parts[i].status < 0)
			continue;
		k.part = i;
		k.skip_meta = i == 0 && dir == VOLUME_ROOT;
		err = ext2fs_dir_iterate2(x->c->fs, d.parts[i].ino, 0, NULL, collect_cb, &k);
		r = err ? chunk_errno(err) : k.err;
	}
	if (r == 0 && k.n > 0)
		r = table_build(&t, &k, &p);
	for (unsigned i = 0; r == 0 && k.n > 0 && i < d.nparts; i++) {
		struct chunk *c;
		errcode_t err;
		int q = d.parts[i].status;
		if (d.parts[i].chunk == x->id || q == -ESTALE)
			continue;
		if (q == 0)
			q = volume_chunk(x->v, d.parts[i].chunk, &c);
		if (q < 0) {
			/* A part that could not be read: K's names are not compared with its own. */
			check_peer_unavailable(x, d.parts[i].chunk, q);
			continue;
		}
		p.k = &k;
		p.t = &t;
		p.c = c;
		p.part = i;
		p.skip_meta = i == 0 && dir == VOLUME_ROOT;
		err = ext2fs_dir_iterate2(c->fs, d.parts[i].ino, 0, NULL, probe_cb, &p);
		r = err ? chunk_errno(err) : p.err;
	}
	for (size_t i = 0; r == 0 && i < p.n; i++) {
		const struct dup *u = &p.v[i];
		const struct name *e = &k.v[u->k];
		const char *name = name_of(&k, e);
		unsigned first = MIN((unsigned)e->part, (unsigned)u->part), later = MAX((unsigned)e->part, (unsigned)u->part);
		struct finding *f;
		/* A rename a kill cut short, which the rename pass of its chunk reports and settles. */
		if (check_rename_pending(x, d.parts[first].chunk, dir, name) ||
		    check_rename_pending(x, d.parts[later].chunk, dir, name))
			continue;
		if (!path)
			path = check_path_of(x, dir);
		f = check_found(x, "names", dir, "name %s is in two parts of the directory (chunks %u and %u)",
				name, d.parts[first].chunk, d.parts[later].chunk);
		finding_set_path(f, path);
		if (!x->repair)
			continue;
		if (later == u->part)
			rename_duplicate(x, &d, later, name, u->ino, u->ftype, f);
		else
			rename_duplicate(x, &d, later, name, e->ino, e->ftype, f);
	}
	free(path);
	free(p.v);
	free(t.slot);
	free(k.v);
	free(k.arena);
	dir_close(&d);
	return r;
}

int check_names(struct check_ctx *x)
{
	vino_t last = 0;

	for (size_t i = 0; i < x->nrefs; i++) {
		const struct check_ref *ref = &x->refs[i];
		vino_t dir = VINO(ref->head.chunk, ref->head.ino);
		int r;

		if (ref->kind != REF_DIR || dir == last)
			continue;
		last = dir; /* refs are sorted by head: each directory once */
		r = check_dir(x, dir);
		if (r < 0)
			return r;
	}
	return 0;
}
