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

struct name {
	char name[EXT2_NAME_LEN + 1];
	unsigned part;
	ext2_ino_t ino;
	int ftype;
};

struct names {
	struct name *v;
	size_t n, cap;
	unsigned part;
	bool skip_meta;
	int err;
};

static int collect_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
		      char *buf, void *priv)
{
	struct names *l = priv;
	int len = ext2fs_dirent_name_len(de);

	if (entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE || de->inode == 0)
		return 0;
	if (l->skip_meta && len == (int)strlen(CHUNK_META_DIR) && !memcmp(de->name, CHUNK_META_DIR, len))
		return 0;
	if (l->n == l->cap) {
		size_t ncap = l->cap ? l->cap * 2 : 64;
		struct name *n = realloc(l->v, ncap * sizeof(*n));
		if (!n) {
			l->err = -ENOMEM;
			return DIRENT_ABORT;
		}
		l->v = n;
		l->cap = ncap;
	}
	memcpy(l->v[l->n].name, de->name, len);
	l->v[l->n].name[len] = 0;
	l->v[l->n].part = l->part;
	l->v[l->n].ino = de->inode;
	l->v[l->n].ftype = ext2fs_dirent_file_type(de);
	l->n++;
	return 0;
}

static int name_compare(const void *a, const void *b)
{
	const struct name *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->part > y->part) - (x->part < y->part);
}

static int rename_duplicate(struct check_ctx *x, const struct dir_parts *d, const struct name *dup,
			    struct finding *f)
{
	char name[EXT2_NAME_LEN + 1];
	struct chunk *c;
	int r;

	r = repair_chunk(x, d->parts[dup->part].chunk, &c);
	if (r < 0)
		return r;
	snprintf(name, sizeof(name), "%.200s.dup-%u", dup->name, c->id);
	r = chunk_unlink(c, d->parts[dup->part].ino, dup->name);
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
		qsort(l.v, l.n, sizeof(*l.v), name_compare);
	for (size_t i = 1; r == 0 && i < l.n; i++) {
		struct finding *f;
		if (strcmp(l.v[i].name, l.v[i - 1].name) != 0)
			continue;
		if (!path)
			path = check_path_of(x, dir);
		f = check_found(x, "names", dir, "name %s is in two parts of the directory (chunks %u and %u)",
				l.v[i].name, d.parts[l.v[i - 1].part].chunk, d.parts[l.v[i].part].chunk);
		finding_set_path(f, path);
		if (x->repair)
			rename_duplicate(x, &d, &l.v[i], f);
	}
	free(path);
	free(l.v);
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
