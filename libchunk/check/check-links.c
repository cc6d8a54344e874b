/* Pass 2: where K's inodes are linked. Every entry of /.chunkfs/cont names a continuation
 * whose record's head matches the entry's name (an entry with no record at all is a
 * continuation killed before its record: it goes as an orphan does). e2fsck, when it
 * reconnects an inode of K,
 * puts it in K's own /lost+found, which the volume does not show (only chunk 0's is the
 * volume's): a continuation found there goes back to /.chunkfs/cont, what holds no user data
 * is freed, and the rest goes to the volume's /lost+found with K's lost+found itself, as
 * chunkK. Establishes that the
 * record scan of pass 3 sees every continuation where it belongs, and no user data is left
 * where the volume cannot reach it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/volume/cont.h"
#include "libchunk/chunk/cont-record.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/format/record.h"
#include "libchunk/namespace/dir.h"

#define PATH_ROUNDS 16 /* directories within lost directories, named a level a round */

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

/* An entry of /.chunkfs/cont whose inode has no continuation record: a continuation a kill
 * cut short between linking it and writing its record, which no head can name. It goes as an
 * orphan does (freed when it holds nothing). Left there, the next continuation of the same
 * head would fail with "File exists". */
static void record_less(struct check_ctx *x, const struct entry *e)
{
	struct finding *f = check_found(x, "links", VINO(x->id, e->ino), "/.chunkfs/cont/%s has no "
					"continuation record (its making was cut short)", e->name);

	if (!f || !x->repair)
		return;
	repair_orphan(x, x->id, e->ino, e->name, f);
	check_cache_forget(x, x->id, e->ino);
}

/* Whether HEAD's record names continuation INO of K (of generation GEN, a KIND). */
static bool head_names(struct check_ctx *x, const struct chunk_ref *head, ext2_ino_t ino, uint32_t gen, uint16_t kind)
{
	const struct record_head *h;

	if (check_cache_head(x, head, &h) < 0 || h->kind != kind)
		return false;
	for (unsigned i = 0; i < h->ncont; i++)
		if (h->conts[i].chunk == x->id && h->conts[i].ino == ino && h->conts[i].gen == gen)
			return true;
	return false;
}

/* The head NAME, a name in /.chunkfs/cont, gives (it is exactly chunk_cont_name's of it). */
static bool name_head(const char *name, struct chunk_ref *ret)
{
	unsigned ch, ino, gen;
	int end = 0;
	char again[32];

	if (sscanf(name, "%u-%x-%x%n", &ch, &ino, &gen, &end) != 3 || name[end] || ch > UINT16_MAX)
		return false;
	*ret = (struct chunk_ref) { .chunk = (uint16_t)ch, .ino = ino, .gen = gen };
	chunk_cont_name(ret, again);
	return strcmp(again, name) == 0;
}

/* The name of continuation EN and its record E disagree on its head: when the head the name
 * gives names this continuation and the head the record gives does not, the record is the
 * damaged one (two witnesses against one): it names the name's head again, and the reference
 * is whole, nothing lost. 1 when so (F says what was done), 0 when the heads do not say so. */
static int record_head_damaged(struct check_ctx *x, const struct entry *en, const struct check_inode *e,
			       struct finding *f)
{
	struct chunk_ref named, said = e->cont.head;
	struct record_cont rec;
	struct chunk *c;
	int r;

	if (!name_head(en->name, &named) || !head_names(x, &named, en->ino, e->gen, e->cont.kind) ||
	    head_names(x, &said, en->ino, e->gen, e->cont.kind))
		return 0;
	r = repair_chunk(x, x->id, &c);
	if (r == 0)
		r = cont_load(c, en->ino, &rec);
	if (r == 0) {
		rec.head = named;
		r = cont_store(c, en->ino, &rec);
		record_cont_done(&rec);
	}
	/* E is the cache's: read again by the passes after this one. */
	check_cache_forget(x, x->id, en->ino);
	if (r < 0)
		finding_set_action(f, FINDING_LEFT, "its record could not be rewritten: %s", strerror(-r));
	else
		finding_set_action(f, FINDING_FIXED, "the record names head %u:%u again: that head names this "
				   "continuation, and %u:%u does not", named.chunk, named.ino, said.chunk, said.ino);
	return 1;
}

/* /.chunkfs/cont: each name is its record's head. */
static int check_cont_names(struct check_ctx *x)
{
	struct chunk *c = x->c;
	struct entries l = {};
	int r = list_dir(c, c->cont_ino, &l);

	/* Say which directory (run_passes would name only the pass). */
	if (r < 0 && r != -ENOMEM && !x->r->error)
		chunk_check_report_set_error(x->r, "pass 2: /.chunkfs/cont: %s", strerror(-r));
	for (size_t i = 0; r == 0 && i < l.n; i++) {
		const struct check_inode *e;
		char want[32];
		struct finding *f;
		ext2_ino_t other;

		/* Read through the check's cache: pass 3 and 4 find the record there. */
		if (check_cache_inode(x, x->id, l.e[i].ino, &e) < 0)
			continue;
		if (e->cont_err == -ENODATA && e->links && (LINUX_S_ISDIR(e->mode) || LINUX_S_ISREG(e->mode))) {
			record_less(x, &l.e[i]);
			continue;
		}
		if (e->cont_err < 0)
			continue; /* pass 3 reports an unreadable record */
		chunk_cont_name(&e->cont.head, want);
		if (strcmp(want, l.e[i].name) == 0)
			continue;
		f = check_found(x, "links", VINO(x->id, l.e[i].ino), "continuation is linked as /.chunkfs/cont/%s, "
				"its record says %s", l.e[i].name, want);
		if (!f || !x->repair || record_head_damaged(x, &l.e[i], e, f))
			continue;
		/* The name is another continuation's: both records name one head, and at most one
		 * of them is its continuation. Renamed, it would be a second entry of that name, and
		 * an unlink by name could cut the other inode loose. Pass 4 quarantines the one the
		 * head does not name from the name it has, and settles this finding then. */
		if (chunk_lookup(c, c->cont_ino, want, &other) == 0 && other != l.e[i].ino) {
			finding_set_action(f, FINDING_LEFT, "not renamed: %s is continuation %u:%u's", want, x->id,
					   other);
			continue;
		}
		if (repair_chunk(x, x->id, &c) == 0 &&
		    chunk_unlink_inode(c, c->cont_ino, l.e[i].name, l.e[i].ino) == 0 &&
		    chunk_link(c, c->cont_ino, want, l.e[i].ino, l.e[i].ftype) == 0)
			finding_set_action(f, FINDING_FIXED, "renamed to %s", want);
	}
	free(l.e);
	return r;
}

void check_links_orphan_moved(struct check_ctx *x, vino_t ino)
{
	for (size_t i = 0; i < x->r->nfindings; i++) {
		struct finding *f = &x->r->findings[i];
		_cleanup_free_ char *done = NULL;

		if (f->ino != ino || f->action != FINDING_LEFT || strcmp(f->pass, "links") != 0 ||
		    !f->done || strncmp(f->done, "not renamed: ", 13) != 0)
			continue;
		done = TAKE_PTR(f->done);
		finding_set_action(f, FINDING_FIXED, "%s; its head does not name it: settled as an orphan "
				   "(below)", done);
	}
}

/* A continuation e2fsck reconnected into K's own lost+found goes back to /.chunkfs/cont
 * under its head's name. 1 if E is one (and was moved), 0 if it is not, or -errno. */
static int relink_continuation(struct check_ctx *x, ext2_ino_t lf, const struct entry *e, struct finding *f)
{
	struct ext2_inode_large inode;
	struct record_cont rec;
	struct chunk *c;
	char want[32];
	int r = repair_chunk(x, x->id, &c);

	if (r < 0)
		return r;
	if (cont_load(c, e->ino, &rec) < 0)
		return 0;
	chunk_cont_name(&rec.head, want);
	record_cont_done(&rec);
	/* The entry's file type may be unknown (no filetype feature): ask the inode. */
	r = chunk_inode_read(c, e->ino, &inode);
	if (r == 0)
		r = chunk_unlink(c, lf, e->name);
	if (r == 0)
		r = chunk_link(c, c->cont_ino, want, e->ino, e->ftype);
	if (r == 0 && LINUX_S_ISDIR(inode.i_mode))
		r = repair_move_dir(c, e->ino, lf, c->cont_ino);
	if (r < 0)
		return r;
	finding_set_action(f, FINDING_FIXED, "a continuation: linked back as /.chunkfs/cont/%s", want);
	return 1;
}

/* An orphan an earlier repair parked in K's own lost+found while chunk 0 (the volume's
 * /lost+found) was DAMAGED goes on to the volume's /lost+found under the name it was given.
 * 1 if E is one (and was moved), 0 if it is not, or -errno. */
static int move_parked_orphan(struct check_ctx *x, ext2_ino_t lf, const struct entry *e, struct finding *f)
{
	struct ext2_inode_large inode;
	char where[EXT2_NAME_LEN + 96];
	struct chunk *c;
	ext2_ino_t ldir;
	int r;

	if (strncmp(e->name, "orphan-", 7) != 0)
		return 0;
	r = repair_chunk(x, x->id, &c);
	if (r == 0)
		r = repair_lost_found_part(x, x->id, &ldir);
	if (r == 0)
		r = chunk_inode_read(c, e->ino, &inode);
	if (r == 0)
		r = repair_link_lost_found(x, c, e->ino, e->ftype, e->name, where, sizeof(where), NULL);
	if (r >= 0 && LINUX_S_ISDIR(inode.i_mode))
		r = repair_move_dir(c, e->ino, lf, (ext2_ino_t)r);
	if (r >= 0)
		r = chunk_unlink(c, lf, e->name);
	if (r == -EROFS) {
		repair_refused(f, 0, r); /* stays until chunk 0 is repaired */
		return 1;
	}
	if (r < 0)
		return r;
	finding_set_action(f, FINDING_QUARANTINED, "moved to the volume's /lost+found/%s", where);
	finding_set_moved(f, "/lost+found/", where);
	return 1;
}

/* Whether file INO of C is one of K's index entries (a kill while an entry was rewritten
 * leaves the old one unattached): pass 3 makes K's index agree with K's records again. */
static bool index_entry(struct chunk *c, ext2_ino_t ino)
{
	_cleanup_free_ void *buf = NULL;
	struct record_index ix = {};
	size_t len;
	bool yes;

	if (chunk_file_read_all(c, ino, &buf, &len) < 0 || record_index_decode(buf, len, &ix) < 0)
		return false;
	yes = ix.chunk == c->id;
	record_index_done(&ix);
	return yes;
}

/* The volume path E had, from its name record: "DIR/NAME", or NAME and where its directory
 * was when that is gone. Malloc'd. */
static char *known_path(struct check_ctx *x, const struct record_name *nm)
{
	char *dir = check_path_of(x, nm->dir), *path = NULL;

	if (dir && asprintf(&path, "%s%s%s", dir, strcmp(dir, "/") ? "/" : "", nm->name) < 0)
		path = NULL;
	if (!dir && asprintf(&path, "%s (in directory %u:%u, which is gone)", nm->name, VINO_CHUNK(nm->dir),
			     VINO_INO(nm->dir)) < 0)
		path = NULL;
	free(dir);
	return path;
}

/* What holds no user data is freed, not shown in the volume's /lost+found: an empty
 * directory (K's old lost+found, a directory part never filled), a file of no bytes, one of
 * K's index entries. 1 if E was one (and was freed), 0 if not, or -errno. */
static int free_leftover(struct check_ctx *x, ext2_ino_t lf, const struct entry *e, struct finding *f)
{
	struct ext2_inode_large inode;
	struct record_name nm;
	struct chunk *c;
	bool empty, index;
	int r = repair_chunk(x, x->id, &c);

	if (r < 0)
		return r;
	empty = repair_holds_nothing(c, e->ino);
	index = !empty && index_entry(c, e->ino);
	if (!empty && !index)
		return 0;
	r = chunk_inode_read(c, e->ino, &inode);
	if (r == 0 && LINUX_S_ISDIR(inode.i_mode) && chunk_name_load(c, e->ino, &nm) == 0) {
		/* A directory whose entries were lost, that cannot go back: what e2fsck reconnected
		 * from it is named below the path it had. */
		_cleanup_free_ char *path = known_path(x, &nm);
		check_path_note_lost(x, VINO(x->id, e->ino), path);
	}
	if (r == 0)
		r = chunk_unlink(c, lf, e->name);
	if (r == 0 && LINUX_S_ISDIR(inode.i_mode))
		r = repair_move_dir(c, e->ino, lf, 0);
	if (r == 0)
		r = chunk_inode_free(c, e->ino);
	if (r < 0)
		return r;
	check_cache_forget(x, x->id, e->ino);
	finding_set_action(f, FINDING_DELETED, "freed: %s", index ? "an index entry of this chunk's (its "
			   "index is made to agree with its records)" : "it held nothing");
	return 1;
}

/* Whether E is an inode e2fsck reconnected: named "#INO" by e2fsck after its own number. */
static bool e2fsck_named(const struct entry *e)
{
	char want[16];

	snprintf(want, sizeof(want), "#%u", e->ino);
	return strcmp(e->name, want) == 0;
}

/* Whether part LDIR of K is DIR's, alive; and NAME's state in DIR: -ENOENT free, 0 and *GOT
 * what names it, or another error. */
static int name_in_dir(struct check_ctx *x, const struct record_name *nm, unsigned *chunk, ext2_ino_t *got)
{
	struct dir_parts d;
	ext2_ino_t part;
	unsigned p;
	int r = dir_open(x->v, nm->dir, &d);

	if (r < 0)
		return r;
	r = dir_local(x->v, &d, x->id, false, &part);
	if (r == 0 && part != nm->ldir)
		r = -ESTALE;
	if (r == 0)
		r = dir_find(x->v, &d, nm->name, &p, got);
	if (r == 0)
		*chunk = d.parts[p].chunk;
	dir_close(&d);
	return r;
}

/* An inode e2fsck reconnected ("#INO") because its entry was lost (a damaged directory block)
 * goes back under the name noted on it, when the directory part it names is still one of that
 * directory's and the name is free in the whole directory: nothing was lost, and nothing is
 * left in /lost+found. Linked there before it leaves lost+found (a kill in between leaves two
 * names, and the next repair finds the name its own and only removes the other). 1 if E was
 * put back, 0 if not, or -errno. */
/* Whether E (in K's chunk C) can go back under its noted name *NM: 1 free, 2 already its own,
 * 0 not (no name noted, the name another file's, the directory or its part gone). */
static int may_put_back(struct check_ctx *x, struct chunk *c, const struct entry *e, struct record_name *nm)
{
	unsigned chunk = UINT32_MAX;
	ext2_ino_t got = 0;
	struct ext2_inode_large part;
	bool quiet;
	int r;

	if (!e2fsck_named(e) || chunk_name_load(c, e->ino, nm) < 0)
		return 0;
	if (chunk_inode_read(c, nm->ldir, &part) < 0 || !LINUX_S_ISDIR(part.i_mode) || !part.i_links_count ||
	    part.i_dtime)
		return 0; /* the part itself was lost */
	quiet = chunk_log_quiet(true); /* a directory that does not open is only a "no" here */
	r = name_in_dir(x, nm, &chunk, &got);
	chunk_log_quiet(quiet);
	if (r == -ENOENT)
		return 1;
	return r == 0 && chunk == x->id && got == e->ino ? 2 : 0;
}

static int put_back(struct check_ctx *x, ext2_ino_t lf, const struct entry *e, struct finding *f)
{
	struct ext2_inode_large inode;
	struct record_name nm;
	struct chunk *c;
	char *path;
	int r = repair_chunk(x, x->id, &c), how;

	if (r < 0)
		return r;
	how = may_put_back(x, c, e, &nm);
	if (!how)
		return 0;
	r = chunk_inode_read(c, e->ino, &inode);
	if (r < 0)
		return r;
	if (how == 1) {
		r = chunk_link(c, nm.ldir, nm.name, e->ino, e->ftype);
		if (r == 0 && LINUX_S_ISDIR(inode.i_mode))
			r = repair_move_dir(c, e->ino, lf, nm.ldir);
	} else if (!LINUX_S_ISDIR(inode.i_mode) && inode.i_links_count > 1) {
		/* Put back by a repair killed before the lost+found entry went: e2fsck counted both. */
		inode.i_links_count--;
		r = chunk_inode_write(c, e->ino, &inode);
	}
	if (r == 0)
		r = chunk_unlink_inode(c, lf, e->name, e->ino);
	if (r < 0)
		return r;
	check_path_forget(x, x->id);
	path = check_path_of(x, nm.dir);
	finding_set_action(f, FINDING_FIXED, "put back as %s%s%s (its directory entry was lost; its name was "
			   "noted on it)", path ? path : "", path && strcmp(path, "/") ? "/" : "", nm.name);
	/* Its path now: what the report names it by, and where a mount tells the kernel that the
	 * name, which it may have cached as missing, is there again. */
	if (f && !f->path && path) {
		char *full = NULL;
		if (asprintf(&full, "%s%s%s", path, strcmp(path, "/") ? "/" : "", nm.name) >= 0)
			finding_take_path(f, full);
	}
	free(path);
	return 1;
}

/* E, e2fsck's "#INO" in lost+found LF of C, whose name record says what it was called but which
 * cannot go back (its directory or its name is gone), takes that name there instead (NAME.N when
 * taken), so that the user sees it and the report can say where it went. Linked before "#INO"
 * goes: after a kill in between the next repair finds the name its own and only removes the
 * other. OUT gets the name. 0, or -errno. */
static int take_known_name(struct chunk *c, ext2_ino_t lf, const struct entry *e, const struct record_name *nm,
			   char *out, size_t size)
{
	struct ext2_inode_large inode;
	ext2_ino_t got;
	int r = -EEXIST;

	for (unsigned n = 0; n < 1000 && r == -EEXIST; n++) {
		int len = n ? snprintf(out, size, "%.240s.%u", nm->name, n) : snprintf(out, size, "%s", nm->name);
		if (len < 0 || (size_t)len >= size)
			return -ENAMETOOLONG;
		r = chunk_lookup(c, lf, out, &got);
		if (r == 0 && got == e->ino) {
			/* Linked by a repair killed before "#INO" went: e2fsck counted both names. */
			r = chunk_inode_read(c, e->ino, &inode);
			if (r == 0 && !LINUX_S_ISDIR(inode.i_mode) && inode.i_links_count > 1) {
				inode.i_links_count--;
				r = chunk_inode_write(c, e->ino, &inode);
			}
			break;
		}
		if (r == 0)
			r = -EEXIST;
		else if (r == -ENOENT)
			r = chunk_link(c, lf, out, e->ino, e->ftype);
	}
	return r < 0 ? r : chunk_unlink_inode(c, lf, e->name, e->ino);
}

/* K's own lost+found, with what e2fsck left in it, goes into the volume's /lost+found as
 * chunkK (chunkK.N if taken), and K gets a new, empty one: one move however many entries
 * there are. (A directory part lost with its inode leaves thousands; moving them one by one
 * costs a scan of both directories each.) WHERE gets the name it went under. */
static int move_lost_found(struct check_ctx *x, ext2_ino_t lf, char *where, size_t size)
{
	struct chunk *c;
	ext2_ino_t ldir, fresh;
	char base[16];
	int r = repair_chunk(x, x->id, &c);

	if (r < 0)
		return r;
	r = repair_lost_found_part(x, x->id, &ldir);
	if (r < 0)
		return r; /* -EROFS: chunk 0 holds the volume's /lost+found and is DAMAGED */
	snprintf(base, sizeof(base), "chunk%u", x->id);
	/* Linked there first: a failure half way leaves it reachable, never unlinked. */
	r = repair_link_lost_found(x, c, lf, EXT2_FT_DIR, base, where, size, NULL);
	if (r < 0)
		return r;
	ldir = (ext2_ino_t)r;
	r = chunk_unlink(c, EXT2_ROOT_INO, "lost+found");
	if (r == 0)
		r = repair_move_dir(c, lf, EXT2_ROOT_INO, ldir);
	if (r == 0)
		r = chunk_make_lost_found(c, &fresh);
	check_path_forget(x, x->id);
	return r;
}

/* L's entries, directories first, each after the one its name record puts it in when that one
 * is in L too: a directory goes back before what goes back into it, so that each is named by
 * the path it ends at. */
static int order_dirs_first(struct chunk *c, struct entries *l)
{
	_cleanup_free_ struct entry *out = malloc(l->n * sizeof(*out));
	_cleanup_free_ ext2_ino_t *parent = calloc(l->n, sizeof(*parent));
	_cleanup_free_ bool *done = calloc(l->n, sizeof(*done));
	struct record_name nm;
	size_t k = 0;
	bool progress = true;

	if (!l->n)
		return 0;
	if (!out || !parent || !done)
		return -ENOMEM;
	for (size_t i = 0; i < l->n; i++)
		if (l->e[i].ftype == EXT2_FT_DIR && chunk_name_load(c, l->e[i].ino, &nm) == 0)
			parent[i] = nm.ldir;
	while (progress) {
		progress = false;
		for (size_t i = 0; i < l->n; i++) {
			bool waits = false;

			if (done[i] || l->e[i].ftype != EXT2_FT_DIR)
				continue;
			for (size_t j = 0; parent[i] && j < l->n && !waits; j++)
				waits = j != i && !done[j] && l->e[j].ftype == EXT2_FT_DIR && l->e[j].ino == parent[i];
			if (waits)
				continue;
			out[k++] = l->e[i];
			done[i] = progress = true;
		}
	}
	for (int dirs = 1; dirs >= 0; dirs--) /* directories in a cycle, then the rest */
		for (size_t i = 0; i < l->n; i++)
			if (!done[i] && (l->e[i].ftype == EXT2_FT_DIR) == dirs) {
				out[k++] = l->e[i];
				done[i] = true;
			}
	memcpy(l->e, out, l->n * sizeof(*out));
	return 0;
}

/* Chunk 0's lost+found is the volume's: only what e2fsck just reconnected there ("#INO") and is
 * chunkfs's own, or holds nothing, is taken out of it (a continuation back to /.chunkfs/cont,
 * an index entry or an empty leftover freed); the user's data and what repairs quarantined
 * there stay, and are no finding. */
static int check_volume_lost_found(struct check_ctx *x)
{
	struct entries l = {};
	struct record_cont rec;
	ext2_ino_t lf;
	int r, q;

	if (chunk_lookup(x->c, EXT2_ROOT_INO, "lost+found", &lf) < 0)
		return 0;
	r = list_dir(x->c, lf, &l);
	if (r == 0)
		r = order_dirs_first(x->c, &l);
	for (size_t i = 0; r == 0 && i < l.n; i++) {
		const struct entry *e = &l.e[i];
		bool cont = false, leftover, named;
		struct record_name nm;
		struct finding *f;

		if (!e2fsck_named(e))
			continue;
		if (cont_load(x->c, e->ino, &rec) == 0) {
			record_cont_done(&rec);
			cont = true;
		}
		/* A file or directory with its name noted goes back first, even holding nothing (a
		 * directory whose blocks were lost: what e2fsck reconnected from it goes back in). */
		named = !cont && chunk_name_load(x->c, e->ino, &nm) == 0;
		leftover = !cont && (repair_holds_nothing(x->c, e->ino) || index_entry(x->c, e->ino));
		if (!cont && !leftover && !named)
			continue; /* user data e2fsck saved, name unknown: the volume's /lost+found is its place */
		f = check_found(x, "links", VINO(x->id, e->ino), "e2fsck left %s in the volume's /lost+found: %s",
				e->name, cont ? "a continuation" : named ? "a file whose entry was lost, its name known" :
				"chunkfs's own, or nothing");
		if (!f || !x->repair)
			continue;
		q = cont ? relink_continuation(x, lf, e, f) : named ? put_back(x, lf, e, f) : free_leftover(x, lf, e, f);
		if (q == 0 && named && leftover)
			q = free_leftover(x, lf, e, f);
		if (q == 0 && named) {
			char got[EXT2_NAME_LEN + 1];
			q = take_known_name(x->c, lf, e, &nm, got, sizeof(got));
			if (q == 0) {
				char *path = known_path(x, &nm);
				finding_set_action(f, FINDING_QUARANTINED, "it was %s; its directory or its name is gone: "
						   "kept as /lost+found/%s", path ? path : nm.name, got);
				finding_take_path(f, path);
				finding_set_moved(f, "/lost+found/", got);
				check_path_forget(x, x->id);
			}
		}
		if (q < 0)
			finding_set_action(f, FINDING_LEFT, "cannot move it: %s", strerror(-q));
	}
	free(l.e);
	return r;
}

static int check_own_lost_found(struct check_ctx *x)
{
	struct entries l = {};
	struct { size_t entry, finding; } *left = NULL; /* entries still there after pass 2 */
	size_t nleft = 0;
	char where[EXT2_NAME_LEN + 96], dir[EXT2_NAME_LEN + 128];
	struct record_name nm;
	ext2_ino_t lf;
	int r, q;

	if (x->id == 0)
		return check_volume_lost_found(x); /* chunk 0's lost+found is the volume's */
	if (chunk_lookup(x->c, EXT2_ROOT_INO, "lost+found", &lf) < 0)
		return 0;
	r = list_dir(x->c, lf, &l);
	if (r == 0)
		r = order_dirs_first(x->c, &l);
	if (r == 0 && l.n && !(left = calloc(l.n, sizeof(*left))))
		r = -ENOMEM;
	for (size_t i = 0; r == 0 && i < l.n; i++) {
		size_t at = x->r->nfindings;
		struct finding *f = check_found(x, "links", VINO(x->id, l.e[i].ino), "e2fsck left %s in chunk "
						"%u's own lost+found, which the volume does not show", l.e[i].name, x->id);
		if (!f)
			continue;
		q = x->repair ? relink_continuation(x, lf, &l.e[i], f) : 0;
		if (q == 0 && x->repair)
			q = put_back(x, lf, &l.e[i], f);
		if (q == 0 && x->repair)
			q = move_parked_orphan(x, lf, &l.e[i], f);
		if (q == 0 && x->repair)
			q = free_leftover(x, lf, &l.e[i], f);
		if (q == 0 && x->repair && e2fsck_named(&l.e[i]) &&
		    chunk_name_load(x->c, l.e[i].ino, &nm) == 0) {
			char got[EXT2_NAME_LEN + 1];
			q = take_known_name(x->c, lf, &l.e[i], &nm, got, sizeof(got));
			if (q == 0) {
				snprintf(l.e[i].name, sizeof(l.e[i].name), "%s", got);
				finding_take_path(f, known_path(x, &nm));
			}
		}
		if (q < 0)
			finding_set_action(f, FINDING_LEFT, "cannot move it: %s", strerror(-q));
		else if (q == 0) {
			left[nleft].entry = i;
			left[nleft++].finding = at;
		}
	}
	q = r == 0 && x->repair && nleft ? move_lost_found(x, lf, where, sizeof(where)) : 0;
	for (size_t j = 0; x->repair && j < nleft; j++) {
		struct finding *f = &x->r->findings[left[j].finding];
		if (q == -EROFS)
			repair_refused(f, 0, q); /* stays until chunk 0 (the volume's /lost+found) is repaired */
		else if (q < 0)
			finding_set_action(f, FINDING_LEFT, "cannot move it: %s", strerror(-q));
		else {
			finding_set_action(f, FINDING_QUARANTINED, "moved to the volume's /lost+found/%s/%s", where,
					   l.e[left[j].entry].name);
			snprintf(dir, sizeof(dir), "/lost+found/%s/", where);
			finding_set_moved(f, dir, l.e[left[j].entry].name);
		}
	}
	free(left);
	free(l.e);
	return r;
}

/* What e2fsck freed, from its "LABEL bitmap differences:  -(A--B) -C +D" line: the "-" items. */
struct freed {
	uint64_t (*r)[2];
	size_t n;
};

static void freed_parse(const char *out, const char *label, struct freed *fr)
{
	const char *line = out ? strstr(out, label) : NULL, *end;

	if (!line)
		return;
	end = strchr(line, '\n');
	for (const char *t = line + strlen(label); t && *t && (!end || t < end); t = strchr(t + 1, ' ')) {
		unsigned long long a, b;
		uint64_t (*n)[2];

		while (*t == ' ')
			t++;
		if (sscanf(t, "-(%llu--%llu)", &a, &b) != 2) {
			if (sscanf(t, "-%llu", &a) != 1)
				continue;
			b = a;
		}
		if (!(n = realloc(fr->r, (fr->n + 1) * sizeof(*n))))
			return;
		fr->r = n;
		fr->r[fr->n][0] = a;
		fr->r[fr->n++][1] = b;
	}
}

static bool freed_has(const struct freed *fr, uint64_t v)
{
	for (size_t i = 0; i < fr->n; i++)
		if (fr->r[i][0] <= v && v <= fr->r[i][1])
			return true;
	return false;
}

/* NAME, in the directory at DPATH (or unknown), whose inode INO the damage took: named as gone. */
static void name_gone(struct check_ctx *x, ext2_ino_t ino, const char *dpath, const char *name, const char *how)
{
	char *path;
	struct finding *f;

	if (!dpath || asprintf(&path, "%s%s%s", dpath, strcmp(dpath, "/") ? "/" : "", name) < 0)
		path = NULL;
	/* It may have been a directory: what e2fsck reconnects from it is named below it. */
	check_path_note_lost(x, VINO(x->id, ino), path);
	f = check_found(x, "links", 0, "%s%sits inode (%u:%u) was lost with the damage, and %s", path ? "" : name,
			path ? "" : ": ", x->id, ino, how);
	finding_set_action(f, FINDING_HOLED, "gone: the inode and what it held (a directory: its "
			   "entries in this chunk) cannot be recovered");
	finding_take_path(f, path);
	if (f)
		f->gone = true;
}

/* NAME (INO) in K's directory DIR (a directory or a part of one), from DIR's first block. */
static void keep_lost_name(struct check_ctx *x, ext2_ino_t dir, ext2_ino_t ino, const char *name)
{
	struct lost_name *n;
	char *copy;

	for (size_t i = 0; i < x->nlost_names; i++)
		if (x->lost_names[i].ino == ino)
			return;
	if (!(copy = strdup(name)))
		return;
	if (!(n = realloc(x->lost_names, (x->nlost_names + 1) * sizeof(*n)))) {
		free(copy);
		return;
	}
	x->lost_names = n;
	x->lost_names[x->nlost_names++] = (struct lost_name){ dir, ino, copy };
}

/* The names in BUF, the first block of directory DIR, whose inodes e2fsck freed and the damage
 * zeroed (no mode left), kept. */
static void keep_block_entries(struct check_ctx *x, const char *buf, ext2_ino_t dir, const struct freed *inodes)
{
	ext2_filsys fs = x->c->fs;

	for (unsigned off = 0; off + 8 <= fs->blocksize;) {
		struct ext2_dir_entry *de = (struct ext2_dir_entry *)(buf + off);
		struct ext2_inode_large inode;
		unsigned len = ext2fs_dirent_name_len(de), rec;
		char name[EXT2_NAME_LEN + 1];

		if (ext2fs_get_rec_len(fs, de, &rec) || rec < 8 || rec % 4 || off + rec > fs->blocksize ||
		    8 + len > rec)
			break;
		off += rec;
		if (!de->inode || de->inode > fs->super->s_inodes_count || (len == 1 && de->name[0] == '.') ||
		    (len == 2 && de->name[0] == '.' && de->name[1] == '.') || !freed_has(inodes, de->inode) ||
		    chunk_inode_read(x->c, de->inode, &inode) < 0 || inode.i_mode)
			continue;
		memcpy(name, de->name, len);
		name[len] = '\0';
		keep_lost_name(x, dir, de->inode, name);
	}
}

void check_links_keep_freed_names(struct check_ctx *x)
{
	ext2_filsys fs = x->c ? x->c->fs : NULL;
	struct freed blocks = {}, inodes = {};
	_cleanup_free_ char *buf = fs ? malloc(fs->blocksize) : NULL;

	if (!buf)
		return;
	freed_parse(x->r->e2fsck_output, "Block bitmap differences:", &blocks);
	freed_parse(x->r->e2fsck_output, "Inode bitmap differences:", &inodes);
	for (size_t i = 0; inodes.n && i < blocks.n; i++)
		for (uint64_t b = blocks.r[i][0]; b <= blocks.r[i][1] && b < ext2fs_blocks_count(fs->super); b++) {
			struct ext2_dir_entry *de = (struct ext2_dir_entry *)buf;
			unsigned rec;

			if (io_channel_read_blk64(fs->io, b, 1, buf) || ext2fs_get_rec_len(fs, de, &rec) || rec != 12 ||
			    ext2fs_dirent_name_len(de) != 1 || de->name[0] != '.' || !freed_has(&inodes, de->inode))
				continue;
			keep_block_entries(x, buf, de->inode, &inodes);
		}
	free(blocks.r);
	free(inodes.r);
}

/* A directory the damage took with the files in it (an inode-table block holds both): e2fsck
 * never reads that directory, so it says nothing of them. Its first block, which e2fsck freed,
 * still names them (check_links_keep_freed_names read them before any pass wrote): each name
 * there whose directory is a lost one of known path is named gone by that path (a directory
 * among them, in turn). Only a directory's first block says whose it is: the names in its
 * other blocks stay unknown. The names of a part of a directory (a continuation, which e2fsck
 * unlinks from /.chunkfs/cont without a word of whose it was) wait for the pointers pass,
 * which learns whose (check_links_name_lost_part). */
static void name_lost_dir_entries(struct check_ctx *x)
{
	unsigned named = 1;

	for (int round = 0; named && round < PATH_ROUNDS; round++) {
		named = 0;
		for (size_t i = 0; i < x->nlost_names; i++) {
			const struct lost_name *n = &x->lost_names[i];
			/* The numbers as they were before the repair wrote: one may be reused since. */
			const char *dpath = check_path_lost_noted(x, VINO(x->id, n->dir));

			if (!dpath || check_path_lost_noted(x, VINO(x->id, n->ino)))
				continue;
			name_gone(x, n->ino, dpath, n->name, "so was its directory's, whose first block, freed, still "
				  "names it");
			named++;
		}
	}
}

void check_links_name_lost_part(struct check_ctx *x, ext2_ino_t dir, const char *dpath)
{
	bool named = false;

	for (size_t i = 0; i < x->nlost_names; i++)
		if (x->lost_names[i].dir == dir && !check_path_lost_noted(x, VINO(x->id, x->lost_names[i].ino))) {
			name_gone(x, x->lost_names[i].ino, dpath, x->lost_names[i].name, "so was the part of its "
				  "directory in this chunk, whose first block, freed, named it");
			named = true;
		}
	/* A directory among them that the damage took: the names its own first block gave. */
	if (named)
		name_lost_dir_entries(x);
}

void check_links_free(struct check_ctx *x)
{
	for (size_t i = 0; i < x->nlost_names; i++)
		free(x->lost_names[i].name);
	free(x->lost_names);
	x->lost_names = NULL;
	x->nlost_names = 0;
}

/* Whether e2fsck said "Deleted inode INO has zero dtime" (and deleted it): a link count the
 * damage set to 0. chunkfs never leaves an inode so: a release sets the deletion time with the
 * count (chunk.c), and an open file's unlink puts it on the orphan list, which e2fsck clears
 * before pass 1 without that message. */
static bool zero_dtime(const char *out, ext2_ino_t ino)
{
	char line[64];

	snprintf(line, sizeof(line), "Deleted inode %u has zero dtime.", ino);
	return out && strstr(out, line);
}

/* Files whose inode damage zeroed (an inode-table block lost): e2fsck clears their entries
 * ("Entry 'NAME' in PATH (DIR) has deleted/unused inode N.  Clear? yes") and says no more, so
 * the report names each here as lost, by the volume path of DIR and NAME. Only an inode left
 * with no mode counts, or one whose link count the damage set to 0 (zero_dtime): one chunkfs
 * released (an rm a kill cut short) keeps its mode, and is no loss. */
static void name_cleared_entries(struct check_ctx *x)
{
	static const char tail[] = ") has deleted/unused inode ";
	const char *line = x->r->e2fsck_output;

	for (; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		const char *end = strchr(line, '\n'), *t, *in, *open;
		struct ext2_inode_large inode;
		unsigned dir, ino;
		char name[EXT2_NAME_LEN + 1], *dpath;
		size_t n;

		if (strncmp(line, "Entry '", 7) != 0 || !(t = strstr(line, tail)) || (end && t > end) ||
		    sscanf(t + sizeof(tail) - 1, "%u.  Clear? yes", &ino) != 1 || !strstr(t, "Clear? yes") ||
		    (end && strstr(t, "Clear? yes") > end))
			continue;
		for (open = t; open > line && *open != '('; open--)
			;
		in = strstr(line + 7, "' in ");
		if (!in || in > open || sscanf(open, "(%u)", &dir) != 1)
			continue;
		/* chunkfs's own entries (continuations, index entries) are pass 3's and 4's: a lost
		 * continuation is named through its head; a root other than chunk 0's is no one's. */
		if (dir == x->c->meta_ino || dir == x->c->cont_ino || dir == x->c->index_ino ||
		    (x->id != 0 && dir == EXT2_ROOT_INO))
			continue;
		n = MIN((size_t)(in - (line + 7)), sizeof(name) - 1);
		memcpy(name, line + 7, n);
		name[n] = '\0';
		/* A directory's "." or "..", naming its own lost part or a lost parent: no file's
		 * name (the directory it named is named by its own entry, or by pass 4). */
		if (!strcmp(name, ".") || !strcmp(name, ".."))
			continue;
		if (chunk_inode_read(x->c, ino, &inode) < 0 || (inode.i_mode && !zero_dtime(x->r->e2fsck_output, ino)))
			continue;
		dpath = check_path_of(x, VINO(x->id, dir));
		name_gone(x, ino, dpath, name, "e2fsck cleared its entry");
		free(dpath);
	}
	name_lost_dir_entries(x);
}

int check_links(struct check_ctx *x)
{
	int r;

	if (x->repair)
		name_cleared_entries(x);
	r = check_own_lost_found(x);
	if (r == 0 && x->repair && x->cut_block)
		repair_cut_files(x); /* run after lost+found is settled: named by the paths they end at */
	x->cut_block = 0; /* named once */
	if (r < 0)
		return r;
	return check_cont_names(x);
}
