/* Repair of an orphan continuation: its head is gone or does not name it. Its data is kept:
 * the inode leaves /.chunkfs/cont, loses its continuation record and is linked into the
 * volume's /lost+found (through that directory's part in the orphan's own chunk, so every
 * entry stays in the chunk of the inode it names) under a name saying where it came from.
 * A directory continuation goes there whole, so the entries it held are reattached with it.
 * With --orphans=delete a file orphan is freed instead; a directory never is. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/check/check.h"
#include "libchunk/volume/cont.h"
#include "libchunk/namespace/dir.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/namespace/namespace.h"

struct dotdot {
	ext2_ino_t from, to;
	bool moved;                  /* ".." named FROM: the link counts follow */
};

static int set_dotdot_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
			 char *buf, void *priv)
{
	struct dotdot *d = priv;

	if (entry != DIRENT_DOT_DOT_FILE)
		return 0;
	if (de->inode != d->from)
		return DIRENT_ABORT;
	de->inode = d->to;
	d->moved = true;
	return DIRENT_CHANGED | DIRENT_ABORT;
}

static int adjust_links(struct chunk *c, ext2_ino_t ino, int delta)
{
	struct ext2_inode_large inode;
	int r = chunk_inode_read(c, ino, &inode);

	if (r < 0)
		return r;
	inode.i_links_count = (uint16_t)(inode.i_links_count + delta);
	return chunk_inode_write(c, ino, &inode);
}

/* Moves directory INO of C from under FROM to under TO (fixing "..", and both link counts);
 * TO 0: INO is about to be freed. Only a ".." that still names FROM is moved: done again after
 * a kill, when e2fsck has since set ".." and the counts by the directory's one name, it
 * changes nothing. */
int repair_move_dir(struct chunk *c, ext2_ino_t ino, ext2_ino_t from, ext2_ino_t to)
{
	struct dotdot d = { .from = from, .to = to };
	errcode_t err = ext2fs_dir_iterate2(c->fs, ino, 0, NULL, set_dotdot_cb, &d);
	int r;

	if (err)
		return chunk_errno(err);
	if (!d.moved)
		return 0;
	r = adjust_links(c, from, -1);
	return r < 0 || !to ? r : adjust_links(c, to, +1);
}

static int count_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
		    char *buf, void *priv)
{
	if (entry != DIRENT_DOT_FILE && entry != DIRENT_DOT_DOT_FILE && de->inode)
		++*(unsigned *)priv;
	return 0;
}

bool repair_holds_nothing(struct chunk *c, ext2_ino_t ino)
{
	struct ext2_inode_large inode;
	unsigned n = 0;

	if (chunk_inode_read(c, ino, &inode) < 0)
		return false;
	if (LINUX_S_ISREG(inode.i_mode))
		return EXT2_I_SIZE(&inode) == 0 && !ext2fs_inode_has_valid_blocks2(c->fs, (struct ext2_inode *)&inode);
	return LINUX_S_ISDIR(inode.i_mode) && !ext2fs_dir_iterate2(c->fs, ino, 0, NULL, count_cb, &n) && n == 0;
}

/* The part in chunk CHUNK of the volume's /lost+found, made on demand. */
int repair_lost_found_part(struct check_ctx *x, unsigned chunk, ext2_ino_t *ret)
{
	struct dir_parts d;
	vino_t lf;
	int r = volume_lookup(x->v, VOLUME_ROOT, "lost+found", &lf);

	if (r < 0)
		return r;
	r = dir_open(x->v, lf, &d);
	if (r < 0)
		return r;
	r = dir_local(x->v, &d, chunk, true, ret);
	dir_close(&d);
	return r;
}

/* Whether NAME in directory DIR of C is free (0), names INO already (1), or another inode
 * (-EEXIST). */
static int name_state(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t ino)
{
	ext2_ino_t other;

	if (chunk_lookup(c, dir, name, &other) < 0)
		return 0;
	return other == ino ? 1 : -EEXIST;
}

/* Links INO of C into /lost+found as BASE, or BASE.1, BASE.2 ... if taken. A name of those
 * that already links INO is kept, and nothing is linked: a repair killed after linking INO
 * and before unlinking it from where it was, done again, gives it no second name. */
int repair_link_lost_found(struct check_ctx *x, struct chunk *c, ext2_ino_t ino, int ftype,
			   const char *base, char *name, size_t size, size_t *name_len)
{
	ext2_ino_t ldir;
	vino_t lf, found;
	int r = repair_lost_found_part(x, c->id, &ldir), s = -EEXIST;

	snprintf(name, size, "%s", base);
	if (r == -EROFS && c->id != 0 && chunk_lookup(c, EXT2_ROOT_INO, "lost+found", &ldir) == 0) {
		/* The volume's /lost+found (chunk 0) is DAMAGED: keep the orphan in this chunk's
		 * own lost+found meanwhile; the repair of this chunk after chunk 0's moves it on. */
		for (unsigned i = 1; (s = name_state(c, ldir, name, ino)) < 0 && i < 1000; i++)
			snprintf(name, size, "%s.%u", base, i);
		r = s == 1 ? 0 : chunk_link(c, ldir, name, ino, ftype);
		check_path_forget(x, c->id);
		if (name_len)
			*name_len = strlen(name);
		if (r == 0)
			snprintf(name + strlen(name), size - strlen(name), " (in chunk %u's own lost+found "
				 "until chunk 0 is repaired)", c->id);
		return r < 0 ? r : (int)ldir;
	}
	if (r < 0)
		return r;
	r = volume_lookup(x->v, VOLUME_ROOT, "lost+found", &lf);
	if (r < 0)
		return r;
	/* The name in the volume, and in the part of C: a part a killed repair was making may
	 * hold names the volume does not show yet. */
	for (unsigned i = 1; i < 1000; i++) {
		if (volume_lookup(x->v, lf, name, &found) == 0)
			s = found == VINO(c->id, ino) ? 1 : -EEXIST;
		else
			s = name_state(c, ldir, name, ino);
		if (s >= 0)
			break;
		snprintf(name, size, "%s.%u", base, i);
	}
	if (s < 0)
		return s;
	r = s == 1 ? 0 : chunk_link(c, ldir, name, ino, ftype);
	check_path_forget(x, c->id);
	if (r < 0)
		return r;
	if (name_len)
		*name_len = strlen(name);
	return ldir;
}

/* Unlinks INO of C (a file, or a directory part that holds nothing) from /.chunkfs/cont,
 * where it is NAME (empty: not linked there), and frees it with what it holds. */
static int free_orphan(struct chunk *c, ext2_ino_t ino, const char *name, struct ext2_inode_large *inode)
{
	int r = 0;

	if (name[0])
		r = chunk_unlink_inode(c, c->cont_ino, name, ino);
	if (r == 0 && LINUX_S_ISDIR(inode->i_mode))
		r = repair_move_dir(c, ino, c->cont_ino, 0);
	if (r == 0 && inode->i_links_count && !LINUX_S_ISDIR(inode->i_mode)) {
		inode->i_links_count = 0;
		r = chunk_inode_write(c, ino, inode);
	}
	return r < 0 ? r : chunk_inode_free(c, ino);
}

/* CHUNK opened for the repair (F says so when it cannot be) and its inode INO read. */
static int orphan_open(struct check_ctx *x, unsigned chunk, ext2_ino_t ino, struct finding *f, struct chunk **c,
		       struct ext2_inode_large *inode)
{
	int r = repair_chunk(x, chunk, c);

	if (r < 0) {
		repair_refused(f, chunk, r);
		return r;
	}
	return chunk_inode_read(*c, ino, inode);
}

int repair_released(struct check_ctx *x, unsigned chunk, ext2_ino_t ino, const char *origin, struct finding *f)
{
	struct ext2_inode_large inode;
	char name[EXT2_NAME_LEN + 1] = "";
	struct chunk *c;
	int r = orphan_open(x, chunk, ino, f, &c, &inode);

	if (r < 0)
		return r;
	/* A directory part that still holds entries is theirs: it goes to /lost+found with them. */
	if (LINUX_S_ISDIR(inode.i_mode) && !repair_holds_nothing(c, ino))
		return repair_orphan(x, chunk, ino, origin, f);
	chunk_find_name(c, c->cont_ino, ino, name);
	r = free_orphan(c, ino, name, &inode);
	if (r == 0)
		r = chunk_sync(c);
	if (r < 0) {
		finding_set_action(f, FINDING_LEFT, "cannot free it: %s", strerror(-r));
		return r;
	}
	finding_set_action(f, FINDING_DELETED, "freed, as the removal would have: %llu byte(s) of a %s the "
			   "user removed", (unsigned long long)EXT2_I_SIZE(&inode),
			   LINUX_S_ISDIR(inode.i_mode) ? "directory" : "file");
	return 0;
}

/* Directory part PART, moved to /lost+found as WHERE (its name the first NAME_LEN bytes, then
 * words on where it waits), to have its entries named after the passes. Nothing is lost when
 * this fails: the part's finding names the directory and where the part went. */
static void note_moved(struct check_ctx *x, const struct finding *f, vino_t part, const char *where,
		       size_t name_len)
{
	struct moved_part *n = reallocarray(x->moved, x->nmoved + 1, sizeof(*n)), *m;

	if (!n)
		return;
	x->moved = n;
	m = &n[x->nmoved];
	*m = (struct moved_part) { .part = part };
	if (f && f >= x->r->findings && f < x->r->findings + x->r->nfindings)
		m->finding = (size_t)(f - x->r->findings) + 1;
	if (asprintf(&m->to, "/lost+found/%.*s", (int)name_len, where) < 0 || !(m->note = strdup(where + name_len))) {
		free(m->to);
		return;
	}
	x->nmoved++;
}

/* A walk under a moved part: FROM its old path (NULL: unknown), TO its new one. */
struct moved_walk {
	struct check_ctx *x;
	const struct moved_part *m;
	const char *pass;
	const char *dir;             /* the old path of the part's directory, NULL unknown */
	const char *from, *to;
	unsigned depth;
};

/* How deep under a moved part entries are named one by one: deeper, a directory is named with
 * "everything under it" (a directory cycle in a damaged peer cannot loop the walk). */
#define MOVED_DEPTH_MAX 128

static int moved_entry(void *userdata, const char *name, vino_t ino, unsigned ftype)
{
	const struct moved_walk *w = userdata;
	_cleanup_free_ char *from = NULL, *to = NULL;
	bool dir = ftype == EXT2_FT_DIR, deeper = dir && w->depth + 1 < MOVED_DEPTH_MAX;
	struct finding *f;

	if (asprintf(&to, "%s/%s", w->to, name) < 0 || (w->from && asprintf(&from, "%s/%s", w->from, name) < 0))
		return -ENOMEM;
	f = check_found(w->x, w->pass, ino, "under directory %s: inode %u:%u, which held it, was moved whole to "
			"/lost+found", w->dir ? w->dir : "(path unknown)", VINO_CHUNK(w->m->part),
			VINO_INO(w->m->part));
	if (!f)
		return -ENOMEM;
	finding_set_path(f, from);
	finding_set_action(f, FINDING_QUARANTINED, "moved to %s%s%s", to, w->m->note,
			   dir && !deeper ? ", with everything under it" : "");
	finding_set_moved(f, to, w->m->note);
	if (deeper) {
		struct moved_walk sub = *w;
		int r;

		sub.from = from;
		sub.to = to;
		sub.depth++;
		r = volume_readdir(w->x->v, ino, moved_entry, &sub);
		if (r == -ENOMEM)
			return r;
	}
	return 0;
}

/* Whether finding I is one of the noted parts (named with the words on where they wait). */
static bool noted(const struct check_ctx *x, size_t i)
{
	for (size_t k = 0; k < x->nmoved; k++)
		if (x->moved[k].finding == i + 1)
			return true;
	return false;
}

/* The other directories the repair moved to /lost+found whole (one e2fsck reconnected, moved
 * on from K's own lost+found): noted as the parts are, their path there being moved_to. */
static void note_moved_dirs(struct check_ctx *x)
{
	size_t n = x->r->nfindings;

	for (size_t i = 0; i < n; i++) {
		const struct finding *f = &x->r->findings[i];
		struct ext2_inode_large inode;
		struct chunk *c;

		if (f->action != FINDING_QUARANTINED || !f->moved_to || !f->ino || noted(x, i) ||
		    strncmp(f->moved_to, "/lost+found/", 12) != 0 || strstr(f->moved_to, " (in chunk ") ||
		    volume_chunk(x->v, VINO_CHUNK(f->ino), &c) < 0 || chunk_inode_read(c, VINO_INO(f->ino), &inode) < 0 ||
		    !LINUX_S_ISDIR(inode.i_mode))
			continue;
		note_moved(x, f, f->ino, f->moved_to + 12, strlen(f->moved_to + 12));
	}
}

void repair_name_moved(struct check_ctx *x)
{
	note_moved_dirs(x);
	for (size_t i = 0; i < x->nmoved; i++) {
		const struct moved_part *m = &x->moved[i];
		const struct finding *f = m->finding ? &x->r->findings[m->finding - 1] : NULL;
		_cleanup_free_ char *dir = f && f->path ? strdup(f->path) : NULL;
		const char *pass = f ? f->pass : "pointers";
		struct moved_walk w = { .x = x, .m = m, .pass = pass, .dir = dir, .from = dir, .to = m->to };

		/* The entries are read where they are now: the part is a directory of its own. */
		if (volume_readdir(x->v, m->part, moved_entry, &w) < 0)
			chunk_check_report_add(x->r, pass, m->part, "the entries moved with directory part %u:%u to "
					       "%s could not all be named", VINO_CHUNK(m->part), VINO_INO(m->part), m->to);
	}
	repair_moved_free(x);
}

void repair_moved_free(struct check_ctx *x)
{
	for (size_t i = 0; i < x->nmoved; i++) {
		free(x->moved[i].to);
		free(x->moved[i].note);
	}
	free(x->moved);
	x->moved = NULL;
	x->nmoved = 0;
}

int repair_orphan(struct check_ctx *x, unsigned chunk, ext2_ino_t ino, const char *origin, struct finding *f)
{
	struct ext2_inode_large inode;
	char name[EXT2_NAME_LEN + 1], base[96], where[EXT2_NAME_LEN + 96];
	struct chunk *c;
	ext2_ino_t ldir;
	size_t name_len = 0;
	bool dir;
	int r = orphan_open(x, chunk, ino, f, &c, &inode);

	if (r < 0)
		return r;
	dir = LINUX_S_ISDIR(inode.i_mode);
	name[0] = 0;
	chunk_find_name(c, c->cont_ino, ino, name);
	/* An orphan that holds nothing (a directory part or a continuation never filled) is no
	 * user data: freed, not shown in /lost+found. */
	if (repair_holds_nothing(c, ino)) {
		r = free_orphan(c, ino, name, &inode);
		if (r < 0)
			goto fail;
		finding_set_action(f, FINDING_DELETED, "freed: it held nothing");
		return chunk_sync(c);
	}
	if (!dir && x->o->orphans == CHUNK_ORPHANS_DELETE) {
		r = free_orphan(c, ino, name, &inode);
		if (r < 0)
			goto fail;
		finding_set_action(f, FINDING_DELETED, "deleted (--orphans=delete), %llu byte(s)",
				   (unsigned long long)EXT2_I_SIZE(&inode));
		return chunk_sync(c);
	}
	/* Named after its origin: the head it was a continuation of. Linked there first, so a
	 * failure half way leaves it where it was, never unlinked. */
	snprintf(base, sizeof(base), "orphan-c%u-i%u-of-%.40s", chunk, ino,
		 origin ? origin : name[0] ? name : "unknown");
	r = repair_link_lost_found(x, c, ino, dir ? EXT2_FT_DIR : EXT2_FT_REG_FILE, base, where, sizeof(where),
				   &name_len);
	if (r < 0)
		goto fail;
	ldir = (ext2_ino_t)r;
	if (name[0] && (r = chunk_unlink_inode(c, c->cont_ino, name, ino)) < 0)
		goto fail;
	if (dir && (r = repair_move_dir(c, ino, c->cont_ino, ldir)) < 0)
		goto fail;
	r = chunk_xattr_remove(c, ino, XATTR_CONT);
	if (r < 0 && r != -ENODATA && r != -ENOENT)
		goto fail;
	finding_set_action(f, FINDING_QUARANTINED, "moved to /lost+found/%s%s", where,
			   dir ? " with the entries it held" : "");
	finding_set_moved(f, "/lost+found/", where);
	if (dir)
		note_moved(x, f, VINO(chunk, ino), where, name_len);
	return chunk_sync(c);
fail:
	finding_set_action(f, FINDING_LEFT, "cannot quarantine it: %s", strerror(-r));
	return r;
}

int repair_unrelease(struct check_ctx *x, const struct chunk_ref *cont, struct finding *f)
{
	struct record_cont rec;
	struct chunk *c;
	int r = repair_chunk(x, cont->chunk, &c);

	if (r < 0) {
		repair_refused(f, cont->chunk, r);
		return r;
	}
	r = cont_load(c, cont->ino, &rec);
	if (r == 0) {
		rec.flags &= (uint16_t)~CONT_FLAG_RELEASED;
		r = cont_store(c, cont->ino, &rec);
		record_cont_done(&rec);
	}
	if (r == 0)
		r = chunk_sync(c);
	if (r < 0)
		finding_set_action(f, FINDING_LEFT, "cannot clear the flag: %s", strerror(-r));
	else
		finding_set_action(f, FINDING_FIXED, "the flag is cleared: the file keeps it");
	return r;
}
