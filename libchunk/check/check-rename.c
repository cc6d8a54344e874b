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

#include "libchunk/check/check-pass.h"
#include "libchunk/chunk/rename-record.h"
#include "libchunk/namespace/dir.h"

static bool names_ino(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t ino)
{
	ext2_ino_t got;

	return chunk_lookup(c, dir, name, &got) == 0 && got == ino;
}

/* Whether the target, in another chunk, is still named DNAME there and alive: 1, 0, or -errno
 * when its chunk cannot be read. */
static int target_named(struct check_ctx *x, const struct record_rename *rec)
{
	struct ext2_inode_large inode;
	struct dir_parts d;
	struct chunk *c;
	ext2_ino_t part;
	int r = volume_chunk(x->v, rec->target.chunk, &c);

	if (r < 0)
		return r;
	r = chunk_inode_read(c, rec->target.ino, &inode);
	if (r < 0)
		return r;
	if (!inode.i_links_count || inode.i_dtime || inode.i_generation != rec->target.gen)
		return 0;
	r = dir_open(x->v, rec->ddir, &d);
	if (r < 0)
		return r;
	r = dir_local(x->v, &d, rec->target.chunk, false, &part);
	dir_close(&d);
	if (r == -ENOENT)
		return 0;
	return r < 0 ? r : names_ino(c, part, rec->dname, rec->target.ino);
}

/* Links or unlinks NAME of part DIR to K's INO, and its link count follows (after the entry:
 * a kill in between leaves a count e2fsck corrects). */
static int name_set(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t ino, bool link)
{
	struct ext2_inode_large inode;
	int r = chunk_inode_read(c, ino, &inode);

	if (r == 0)
		r = link ? chunk_link(c, dir, name, ino, chunk_mode_ftype(inode.i_mode)) : chunk_unlink(c, dir, name);
	if (r < 0)
		return r;
	inode.i_links_count = (uint16_t)(inode.i_links_count + (link ? 1 : -1));
	return chunk_inode_write(c, ino, &inode);
}

/* The renamed inode, named by neither name, where e2fsck put it: "#INO" in K's lost+found. It
 * gets the new name and loses that one: 1 if it was there, 0 if not. */
static int from_lost_found(struct chunk *c, const struct record_rename *rec)
{
	char name[16];
	ext2_ino_t lf;
	int r;

	snprintf(name, sizeof(name), "#%u", rec->ino);
	if (chunk_lookup(c, EXT2_ROOT_INO, "lost+found", &lf) < 0 || !names_ino(c, lf, name, rec->ino))
		return 0;
	r = name_set(c, rec->dpart, rec->dname, rec->ino, true);
	if (r == 0)
		r = name_set(c, lf, name, rec->ino, false);
	return r < 0 ? r : 1;
}

/* Finishes or undoes the rename REC names; says which on F. */
static int settle(struct check_ctx *x, const struct record_rename *rec, struct finding *f)
{
	bool cross = rec->target.chunk != CHUNK_NONE && rec->target.chunk != x->id, new_name, old_name, forward;
	struct ext2_inode_large inode;
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
		r = from_lost_found(c, rec);
		if (r < 0)
			return r;
		new_name = r > 0;
		r = 0;
	}
	forward = new_name;
	if (cross) {
		r = target_named(x, rec);
		if (r < 0) {
			check_peer_unavailable(x, rec->target.chunk, r);
			return 0; /* the record stays for a repair that can read the target */
		}
		forward = r == 0;
		r = 0;
	}
	if (forward && !new_name)
		r = name_set(c, rec->dpart, rec->dname, rec->ino, true);
	if (r == 0 && forward && old_name)
		r = name_set(c, rec->spart, rec->sname, rec->ino, false);
	if (r == 0 && !forward && new_name && old_name)
		r = name_set(c, rec->dpart, rec->dname, rec->ino, false);
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
	return chunk_rename_record_load(c, &rec) > 0 && rec.ddir == dir && strcmp(rec.dname, name) == 0;
}
