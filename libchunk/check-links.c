/* Pass 2: where K's inodes are linked. Every entry of /.chunkfs/cont names a continuation
 * whose record's head matches the entry's name. e2fsck, when it reconnects an inode of K,
 * puts it in K's own /lost+found, which the volume does not show (only chunk 0's is the
 * volume's): a continuation found there goes back to /.chunkfs/cont, anything else to the
 * volume's /lost+found under a name saying which chunk and inode it was. Establishes that the
 * record scan of pass 3 sees every continuation where it belongs, and no user data is left
 * where the volume cannot reach it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check-pass.h"
#include "libchunk/cont.h"
#include "libchunk/errors.h"
#include "libchunk/macro.h"

struct entry {
	char name[EXT2_NAME_LEN + 1];
	ext2_ino_t ino;
	int ftype;
};

struct entries {
	struct entry *e;
	size_t n, cap;
	int err;
};

static int collect_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
		      char *buf, void *priv)
{
	struct entries *l = priv;
	int len = ext2fs_dirent_name_len(de);

	if (entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE || de->inode == 0)
		return 0;
	if (l->n == l->cap) {
		size_t ncap = l->cap ? l->cap * 2 : 32;
		struct entry *n = realloc(l->e, ncap * sizeof(*n));
		if (!n) {
			l->err = -ENOMEM;
			return DIRENT_ABORT;
		}
		l->e = n;
		l->cap = ncap;
	}
	memcpy(l->e[l->n].name, de->name, len);
	l->e[l->n].name[len] = 0;
	l->e[l->n].ino = de->inode;
	l->e[l->n].ftype = ext2fs_dirent_file_type(de);
	l->n++;
	return 0;
}

static int list_dir(struct chunk *c, ext2_ino_t dir, struct entries *l)
{
	errcode_t err = ext2fs_dir_iterate2(c->fs, dir, 0, NULL, collect_cb, l);

	return err ? chunk_errno(err) : l->err;
}

/* /.chunkfs/cont: each name is its record's head. */
static int check_cont_names(struct check_ctx *x)
{
	struct chunk *c = x->c;
	struct entries l = {};
	int r = list_dir(c, c->cont_ino, &l);

	for (size_t i = 0; r == 0 && i < l.n; i++) {
		const struct check_inode *e;
		char want[32];
		struct finding *f;

		/* Read through the check's cache: pass 3 and 4 find the record there. */
		if (check_cache_inode(x, x->id, l.e[i].ino, &e) < 0 || e->cont_err < 0)
			continue; /* pass 3 reports an unreadable record */
		chunk_cont_name(&e->cont.head, want);
		if (strcmp(want, l.e[i].name) == 0)
			continue;
		f = check_found(x, "links", VINO(x->id, l.e[i].ino), "continuation is linked as /.chunkfs/cont/%s, "
				"its record says %s", l.e[i].name, want);
		if (x->repair && repair_chunk(x, x->id, &c) == 0 && chunk_unlink(c, c->cont_ino, l.e[i].name) == 0 &&
		    chunk_link(c, c->cont_ino, want, l.e[i].ino, l.e[i].ftype) == 0)
			finding_set_action(f, FINDING_FIXED, "renamed to %s", want);
	}
	free(l.e);
	return r;
}

static int reattach(struct check_ctx *x, ext2_ino_t lf, const struct entry *e)
{
	struct record_cont rec;
	struct chunk *c;
	struct finding *f;
	char name[EXT2_NAME_LEN + 96], base[96];
	struct ext2_inode_large inode;
	bool is_dir;
	int r;

	/* The entry's file type may be unknown (no filetype feature): ask the inode. */
	r = chunk_inode_read(x->c, e->ino, &inode);
	if (r < 0)
		return r;
	is_dir = LINUX_S_ISDIR(inode.i_mode);

	f = check_found(x, "links", VINO(x->id, e->ino), "e2fsck left %s in chunk %u's own lost+found, "
			"which the volume does not show", e->name, x->id);
	if (!x->repair)
		return 0;
	r = repair_chunk(x, x->id, &c);
	if (r < 0)
		return r;
	if (cont_load(c, e->ino, &rec) == 0) {
		char want[32];
		chunk_cont_name(&rec.head, want);
		record_cont_done(&rec);
		r = chunk_unlink(c, lf, e->name);
		if (r == 0)
			r = chunk_link(c, c->cont_ino, want, e->ino, e->ftype);
		if (r == 0 && is_dir)
			r = repair_move_dir(c, e->ino, lf, c->cont_ino);
		if (r == 0)
			finding_set_action(f, FINDING_FIXED, "a continuation: linked back as /.chunkfs/cont/%s", want);
		return r;
	}
	if (!strncmp(e->name, "orphan-", 7))
		snprintf(base, sizeof(base), "%.90s", e->name); /* kept here by an earlier repair */
	else
		snprintf(base, sizeof(base), "chunk%u-%.60s", x->id, e->name[0] == '#' ? e->name + 1 : e->name);
	{
		ext2_ino_t part;
		r = repair_lost_found_part(x, x->id, &part);
		if (r == -EROFS) {
			repair_refused(f, 0, r);
			return 0; /* stays here until chunk 0 (the volume's /lost+found) is repaired */
		}
	}
	r = repair_link_lost_found(x, c, e->ino, e->ftype, base, name, sizeof(name));
	if (r < 0)
		return r;
	if (is_dir) {
		int q = repair_move_dir(c, e->ino, lf, (ext2_ino_t)r);
		if (q < 0)
			return q;
	}
	r = chunk_unlink(c, lf, e->name);
	if (r == 0)
		finding_set_action(f, FINDING_QUARANTINED, "moved to the volume's /lost+found/%s", name);
	return r;
}

static int check_own_lost_found(struct check_ctx *x)
{
	struct entries l = {};
	ext2_ino_t lf;
	int r;

	if (x->id == 0)
		return 0; /* chunk 0's lost+found is the volume's */
	if (chunk_lookup(x->c, EXT2_ROOT_INO, "lost+found", &lf) < 0)
		return 0;
	r = list_dir(x->c, lf, &l);
	for (size_t i = 0; r == 0 && i < l.n; i++) {
		size_t at = x->r->nfindings;
		int q = reattach(x, lf, &l.e[i]);
		if (q < 0 && at < x->r->nfindings)
			finding_set_action(&x->r->findings[at], FINDING_LEFT, "cannot move it: %s", strerror(-q));
	}
	free(l.e);
	return r;
}

int check_links(struct check_ctx *x)
{
	int r = check_own_lost_found(x);

	if (r < 0)
		return r;
	return check_cont_names(x);
}
