/* Pass 1b (after records, before links): a rename a kill cut short. K's /.chunkfs/rename names a
 * rename over a file that was in flight (libchunk/namespace/dir-rename.c writes it before its
 * first change and clears it after its last). A check reports it; a repair finishes it when it got
 * past its commit point, undoes it when not, and clears the record. Its commit point is the new
 * name, and, for a target in another chunk, the target no longer named there (the new name is
 * written first, so a target still named means the old name is still there too). Every step is
 * safe to redo after a kill: each looks at what the names are before it changes one, and e2fsck,
 * which runs before this pass, has made the link counts exact. Establishes for the names pass that
 * the renamed file has one name, and that a pending rename is not a duplicate name. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "libchunk/base/macro.h"
#include "libchunk/check/check-pass.h"
#include "libchunk/chunk/rename-record.h"
#include "libchunk/namespace/dir.h"

static bool names_ino(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t ino)
{
	ext2_ino_t got;

	return chunk_lookup(c, dir, name, &got) == 0 && got == ino;
}

/* Whether REF, an inode of another chunk, is alive and named NAME in its chunk's part of DIR:
 * 1, 0, or -errno when its chunk cannot be read. */
static int peer_named(struct check_ctx *x, const struct chunk_ref *ref, vino_t dir, const char *name)
{
	struct ext2_inode_large inode;
	struct dir_parts d;
	struct chunk *c;
	ext2_ino_t part;
	int r = volume_chunk(x->v, ref->chunk, &c);

	if (r < 0)
		return r;
	r = chunk_inode_read(c, ref->ino, &inode);
	if (r < 0)
		return r;
	if (!inode.i_links_count || inode.i_dtime || inode.i_generation != ref->gen)
		return 0;
	r = dir_open(x->v, dir, &d);
	if (r < 0)
		return r;
	r = dir_local(x->v, &d, ref->chunk, false, &part);
	dir_close(&d);
	if (r == -ENOENT)
		return 0;
	return r < 0 ? r : names_ino(c, part, name, ref->ino);
}

/* The link counts a settle changes, written after its entries: a kill in between
 * leaves counts that e2fsck sets right, never a live inode at zero, which it would free. */
struct counts {
	ext2_ino_t ino[8];
	int delta[8];
	unsigned n;
};

static void count_add(struct counts *k, ext2_ino_t ino, int delta)
{
	unsigned i;

	for (i = 0; i < k->n && k->ino[i] != ino; i++)
		;
	if (i == k->n) {
		if (k->n == ELEMENTSOF(k->ino))
			return; /* cannot happen: a settle names four inodes at most */
		k->ino[k->n] = ino;
		k->delta[k->n++] = 0;
	}
	k->delta[i] += delta;
}

static int counts_write(struct chunk *c, const struct counts *k)
{
	for (unsigned i = 0; i < k->n; i++) {
		struct ext2_inode_large inode;
		int r;

		if (!k->delta[i])
			continue;
		r = chunk_inode_read(c, k->ino[i], &inode);
		if (r < 0)
			return r;
		inode.i_links_count = (uint16_t)MAX((int)inode.i_links_count + k->delta[i], 1);
		r = chunk_inode_write(c, k->ino[i], &inode);
		if (r < 0)
			return r;
	}
	return 0;
}

/* NAME of part DIR names INO: made, or pointed at INO instead of what it named. */
static int want(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t ino, struct counts *k)
{
	struct ext2_inode_large inode;
	ext2_ino_t got;
	int r = chunk_lookup(c, dir, name, &got), e;

	if (r == 0 && got == ino)
		return 0;
	if (r < 0 && r != -ENOENT)
		return r;
	e = chunk_inode_read(c, ino, &inode);
	if (e < 0)
		return e;
	if (r == 0) {
		e = chunk_relink(c, dir, name, ino, chunk_mode_ftype(inode.i_mode));
		if (e == 0)
			count_add(k, got, -1);
	} else {
		e = chunk_link(c, dir, name, ino, chunk_mode_ftype(inode.i_mode));
	}
	if (e == 0)
		count_add(k, ino, +1);
	return e;
}

/* NAME of part DIR no longer names INO (another inode it names keeps it). */
static int unwant(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t ino, struct counts *k)
{
	int r;

	if (!names_ino(c, dir, name, ino))
		return 0;
	r = chunk_unlink_inode(c, dir, name, ino);
	if (r == 0)
		count_add(k, ino, -1);
	return r;
}

/* INO no longer in K's lost+found, where e2fsck puts an inode a cut left with no name. */
static int unwant_lost_found(struct chunk *c, ext2_ino_t ino, struct counts *k)
{
	char name[16];
	ext2_ino_t lf;

	if (chunk_lookup(c, EXT2_ROOT_INO, "lost+found", &lf) < 0)
		return 0;
	snprintf(name, sizeof(name), "#%u", ino);
	return unwant(c, lf, name, ino, k);
}

/* A directory INO, named in part TO now: its ".." follows, and the two parts' counts. */
static int dotdot_to(struct chunk *c, ext2_ino_t ino, ext2_ino_t to)
{
	struct ext2_inode_large inode;
	ext2_ino_t cur;
	int r = chunk_inode_read(c, ino, &inode);

	if (r < 0 || !LINUX_S_ISDIR(inode.i_mode))
		return r;
	r = chunk_lookup(c, ino, "..", &cur);
	if (r < 0 || cur == to)
		return r;
	return repair_move_dir(c, ino, cur, to);
}

/* One inode's half of an exchange: INO named NAME in part PART, and no longer OLD in part
 * OPART (unless OTHER, alive in K, takes that name). */
static int half(struct chunk *c, ext2_ino_t ino, ext2_ino_t part, const char *name, ext2_ino_t opart,
		const char *old, ext2_ino_t other, struct counts *k)
{
	int r = want(c, part, name, ino, k);

	if (r == 0)
		r = other ? want(c, opart, old, other, k) : unwant(c, opart, old, ino, k);
	if (r == 0)
		r = unwant_lost_found(c, ino, k);
	if (r == 0 && other)
		r = unwant_lost_found(c, other, k);
	if (r == 0)
		r = dotdot_to(c, ino, part);
	if (r == 0 && other)
		r = dotdot_to(c, other, opart);
	return r;
}

/* Whether the other half of an exchange across chunks began: its record is there, or it is
 * done (the other inode named REC's old name in its chunk's part of the source directory).
 * Its record goes after this one's, so with none there and the other inode still at its old
 * name, the exchange never changed a name. 1, 0, or -errno when the peer cannot be read. */
static int other_half_began(struct check_ctx *x, const struct record_rename *rec)
{
	struct record_rename peer;
	struct chunk *pc;
	int r = volume_chunk(x->v, rec->target.chunk, &pc);

	if (r == 0)
		r = chunk_rename_record_load(pc, &peer);
	if (r < 0)
		return r;
	if (r > 0 && (peer.flags & RENAME_FLAG_EXCHANGE) && peer.ino == rec->target.ino &&
	    peer.gen == rec->target.gen && peer.target.chunk == x->id && peer.target.ino == rec->ino)
		return 1;
	return peer_named(x, &rec->target, rec->sdir, rec->sname);
}

static bool alive(struct chunk *c, ext2_ino_t ino, uint32_t gen)
{
	struct ext2_inode_large inode;

	return chunk_inode_read(c, ino, &inode) == 0 && inode.i_links_count && !inode.i_dtime &&
	       inode.i_generation == gen;
}

/* Finishes the exchange REC names (K's half of it, or both halves when both inodes are in K),
 * or, for a FIRST half whose other half never began, puts K's inode back at its old name. */
static int settle_exchange(struct check_ctx *x, const struct record_rename *rec, struct finding *f)
{
	bool same = rec->target.chunk == x->id, forward = true;
	struct counts k = {};
	struct chunk *c;
	ext2_ino_t other = 0;
	int r = repair_chunk(x, x->id, &c);

	if (r < 0)
		return r;
	if (!alive(c, rec->ino, rec->gen)) {
		finding_set_action(f, FINDING_FIXED, "the exchanged inode is gone; nothing to finish");
		return chunk_rename_record_clear(c);
	}
	if (same && alive(c, rec->target.ino, rec->target.gen))
		other = rec->target.ino;
	if (!same && (rec->flags & RENAME_FLAG_FIRST)) {
		r = other_half_began(x, rec);
		if (r < 0) {
			check_peer_unavailable(x, rec->target.chunk, r);
			return 0; /* the record stays for a repair that can read the other half */
		}
		forward = r > 0;
	}
	r = forward ? half(c, rec->ino, rec->dpart, rec->dname, rec->spart, rec->sname, other, &k) :
		      half(c, rec->ino, rec->spart, rec->sname, rec->dpart, rec->dname, 0, &k);
	if (r == 0)
		r = counts_write(c, &k);
	if (r == 0)
		r = chunk_rename_record_clear(c);
	if (r < 0)
		return r;
	check_path_forget(x, x->id);
	if (forward)
		finding_set_action(f, FINDING_FIXED, "finished: %s and %s are exchanged%s", rec->sname, rec->dname,
				   same ? "" : " (this chunk's half)");
	else
		finding_set_action(f, FINDING_FIXED, "undone: it had not begun; %s names the file it named",
				   rec->sname);
	return 0;
}

/* Finishes or undoes the rename REC names; says which on F. */
static int settle(struct check_ctx *x, const struct record_rename *rec, struct finding *f)
{
	bool cross = rec->target.chunk != CHUNK_NONE && rec->target.chunk != x->id, new_name, old_name, forward;
	struct ext2_inode_large inode;
	struct counts k = {};
	struct chunk *c;
	int r = repair_chunk(x, x->id, &c);

	if (r == 0)
		r = chunk_inode_read(c, rec->ino, &inode);
	if (r < 0)
		return r;
	if (!inode.i_links_count || inode.i_generation != rec->gen) {
		finding_set_action(f, FINDING_FIXED, "the renamed inode is gone; nothing to finish");
		return chunk_rename_record_clear(c);
	}
	new_name = names_ino(c, rec->dpart, rec->dname, rec->ino);
	old_name = names_ino(c, rec->spart, rec->sname, rec->ino);
	if (!new_name && !old_name) {
		/* A power cut kept the old name's removal and lost the new name (two blocks, no sync
		 * between): e2fsck put the file in K's lost+found. The old name went after the new
		 * one was written, so the rename is finished from there. */
		char lfname[16];
		ext2_ino_t lf;

		snprintf(lfname, sizeof(lfname), "#%u", rec->ino);
		new_name = chunk_lookup(c, EXT2_ROOT_INO, "lost+found", &lf) == 0 && names_ino(c, lf, lfname, rec->ino);
		if (new_name)
			r = want(c, rec->dpart, rec->dname, rec->ino, &k);
		if (r == 0 && new_name)
			r = unwant_lost_found(c, rec->ino, &k);
		if (r < 0)
			return r;
	}
	forward = new_name;
	if (cross) {
		r = peer_named(x, &rec->target, rec->ddir, rec->dname);
		if (r < 0) {
			check_peer_unavailable(x, rec->target.chunk, r);
			return counts_write(c, &k); /* the record stays for a repair that can read the target */
		}
		forward = r == 0;
		r = 0;
	}
	if (forward && !new_name)
		r = want(c, rec->dpart, rec->dname, rec->ino, &k);
	if (r == 0 && forward && old_name)
		r = unwant(c, rec->spart, rec->sname, rec->ino, &k);
	if (r == 0 && !forward && new_name && old_name)
		r = unwant(c, rec->dpart, rec->dname, rec->ino, &k);
	if (r == 0)
		r = counts_write(c, &k);
	if (r == 0)
		r = chunk_rename_record_clear(c);
	if (r < 0)
		return r;
	check_path_forget(x, x->id);
	if (forward)
		finding_set_action(f, FINDING_FIXED, "finished: %s names the renamed file, %s is gone", rec->dname,
				   rec->sname);
	else
		finding_set_action(f, FINDING_FIXED, "undone: %s names the file, %s what it named before", rec->sname,
				   rec->dname);
	return 0;
}

int check_rename(struct check_ctx *x)
{
	struct record_rename rec;
	struct finding *f;
	int r = chunk_rename_record_load(x->c, &rec);

	if (r == 0)
		return 0;
	if (r < 0) {
		f = check_found(x, "rename", 0, "the rename record cannot be read: %s", record_strerror(r));
		if (!x->repair)
			return 0;
		struct chunk *c;
		r = repair_chunk(x, x->id, &c);
		if (r == 0)
			r = chunk_rename_record_clear(c);
		if (r == 0)
			finding_set_action(f, FINDING_FIXED, "cleared (the names pass settles a name left twice)");
		return r;
	}
	if (rec.flags & RENAME_FLAG_EXCHANGE) {
		f = check_found(x, "rename", VINO(x->id, rec.ino), "an exchange of %s and %s was cut short: a repair %s",
				rec.sname, rec.dname, x->repair ? "settles it" : "finishes it");
		return x->repair ? settle_exchange(x, &rec, f) : 0;
	}
	f = check_found(x, "rename", VINO(x->id, rec.ino), "a rename of %s to %s was cut short: a repair %s",
			rec.sname, rec.dname, x->repair ? "settles it" : "finishes or undoes it");
	return x->repair ? settle(x, &rec, f) : 0;
}

bool check_rename_pending(struct check_ctx *x, unsigned chunk, vino_t dir, const char *name)
{
	struct record_rename rec;
	struct chunk *c;

	if (chunk == x->id ? !x->c : volume_chunk(x->v, chunk, &c) < 0)
		return false;
	if (chunk == x->id)
		c = x->c;
	if (chunk_rename_record_load(c, &rec) <= 0)
		return false;
	/* An exchange cut short may leave either name in two chunks' parts. */
	return (rec.ddir == dir && strcmp(rec.dname, name) == 0) ||
	       ((rec.flags & RENAME_FLAG_EXCHANGE) && rec.sdir == dir && strcmp(rec.sname, name) == 0);
}
