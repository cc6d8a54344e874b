/* Pass 5: names unique across a directory's parts. For every directory with a part in K
 * (its head, or a continuation of it), the entries of all its confirmed parts are read —
 * only those directory inodes, in whichever chunk — and a name found in two parts is a
 * duplicate: a repair renames the copy outside the head's chunk to NAME.dup-CHUNK, so no
 * entry, and no file, is lost. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check-pass.h"
#include "libchunk/dir.h"
#include "libchunk/errors.h"
#include "libchunk/macro.h"

/* One entry of one part: its name is in the arena at OFF. Kept small, since a directory of
 * a real tree can hold tens of thousands of names; sorted by hash first, so the sort compares
 * integers and only equal hashes compare names. */
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

static int collect_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
		      char *buf, void *priv)
{
	struct names *l = priv;
	size_t len = (size_t)ext2fs_dirent_name_len(de);
	struct name *e;

	if (entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE || de->inode == 0)
		return 0;
	if (l->skip_meta && len == strlen(CHUNK_META_DIR) && !memcmp(de->name, CHUNK_META_DIR, len))
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

static int name_compare(const void *a, const void *b, void *names)
{
	const struct name *x = a, *y = b;
	int c;

	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	c = strcmp(name_of(names, x), name_of(names, y));
	return c ? c : (x->part > y->part) - (x->part < y->part);
}

static int rename_duplicate(struct check_ctx *x, const struct dir_parts *d, const struct names *l,
			    const struct name *dup, struct finding *f)
{
	char name[EXT2_NAME_LEN + 1];
	struct chunk *c;
	int r;

	r = repair_chunk(x, d->parts[dup->part].chunk, &c);
	if (r < 0)
		return r;
	snprintf(name, sizeof(name), "%.200s.dup-%u", name_of(l, dup), c->id);
	r = chunk_unlink(c, d->parts[dup->part].ino, name_of(l, dup));
	if (r == 0)
		r = chunk_link(c, d->parts[dup->part].ino, name, dup->ino, dup->ftype);
	check_path_forget(x, c->id);
	if (r == 0)
		finding_set_action(f, FINDING_FIXED, "the copy in chunk %u renamed to %s", c->id, name);
	return r;
}

static int check_dir(struct check_ctx *x, vino_t dir)
{
	struct dir_parts d;
	struct names l = {};
	char *path = NULL;
	int r = dir_open(x->v, dir, &d);

	if (r < 0)
		return 0; /* a gone head was dealt with by pass 4 */
	for (unsigned i = 0; i < d.nparts && r == 0; i++) {
		struct chunk *c;
		errcode_t err;
		if (d.parts[i].status < 0 || volume_chunk(x->v, d.parts[i].chunk, &c) < 0)
			continue;
		l.part = i;
		l.skip_meta = i == 0 && dir == VOLUME_ROOT;
		err = ext2fs_dir_iterate2(c->fs, d.parts[i].ino, 0, NULL, collect_cb, &l);
		r = err ? chunk_errno(err) : l.err;
	}
	if (r == 0 && l.n > 1)
		qsort_r(l.v, l.n, sizeof(*l.v), name_compare, &l);
	for (size_t i = 1; r == 0 && i < l.n; i++) {
		const struct name *a = &l.v[i - 1], *b = &l.v[i];
		struct finding *f;
		if (a->hash != b->hash || strcmp(name_of(&l, a), name_of(&l, b)) != 0)
			continue;
		if (!path)
			path = check_path_of(x, dir);
		f = check_found(x, "names", dir, "name %s is in two parts of the directory (chunks %u and %u)",
				name_of(&l, b), d.parts[a->part].chunk, d.parts[b->part].chunk);
		finding_set_path(f, path);
		if (x->repair)
			rename_duplicate(x, &d, &l, b, f);
	}
	free(path);
	free(l.v);
	free(l.arena);
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
