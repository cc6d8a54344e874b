/* Rename across the parts of directories. A rename never moves an inode: the new name goes
 * into the destination directory's part in the inode's own chunk. A rename over a file first
 * writes a rename record in that chunk (chunk/rename-record.h). The new name is written
 * first (over a target in the source's chunk by pointing the target's entry at the source,
 * one write); a target in another chunk is then marked deleted, so that its entry there is
 * no name (e2fsck clears it, the names pass does not count it); then the source's name goes,
 * the replaced file is released, and the record is cleared. A kill in between leaves the
 * record to the repair of the chunk, which finishes the rename or undoes it (check-rename.c):
 * the target names its old file or the new one, never both names, never neither (a target
 * relinked in place is unattached until its release, and a kill there leaves it to e2fsck's
 * lost+found). A rename to a free name writes the same record (no target), and an exchange its
 * own (rename_exchange), which a repair always finishes. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "libchunk/volume/cont.h"
#include "libchunk/chunk/inode-attr.h"
#include "libchunk/chunk/rename-record.h"
#include "libchunk/namespace/dir.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/namespace/namespace.h"

struct dotdot {
	ext2_ino_t to;
};

static int set_dotdot_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
			 char *buf, void *priv)
{
	if (entry != DIRENT_DOT_DOT_FILE)
		return 0;
	de->inode = ((struct dotdot *)priv)->to;
	return DIRENT_CHANGED | DIRENT_ABORT;
}

/* Is ANCESTOR on the way from DIR up to the root? */
static int is_ancestor(struct volume *v, vino_t ancestor, vino_t dir)
{
	for (unsigned depth = 0; depth < 4096; depth++) {
		vino_t p;
		int r;
		if (dir == ancestor)
			return 1;
		if (dir == VOLUME_ROOT)
			return 0;
		r = volume_parent(v, dir, &p);
		if (r < 0)
			return r;
		dir = p;
	}
	return -ELOOP;
}

/* A directory E may go below DIR only if it is not DIR or one of DIR's ancestors. */
static int check_not_below_itself(struct volume *v, const struct dir_entry *e, vino_t dir)
{
	int r;

	if (!LINUX_S_ISDIR(e->inode.i_mode))
		return 0;
	r = is_ancestor(v, VINO(e->chunk, e->ino), dir);
	return r == 0 ? 0 : r < 0 ? r : -EINVAL;
}

/* A renamed file with continuations: its head record's parent hint follows it (only a hint:
 * left stale if it cannot be written, the report then finds the directory by a scan). */
static void update_parent_hint(struct chunk *c, ext2_ino_t ino, ext2_ino_t ldir)
{
	struct record_head h;

	if (cont_head_load(c, ino, &h) < 0)
		return;
	if (h.ncont && h.parent != ldir) {
		h.parent = ldir;
		(void)cont_head_store(c, ino, &h);
	}
	record_head_done(&h);
}

/* The part of directory DIR in CHUNK, made if it has none there yet. */
static int local_part(struct volume *v, vino_t dir, unsigned chunk, ext2_ino_t *ret)
{
	struct dir_parts d;
	int r = dir_open(v, dir, &d);

	if (r < 0)
		return r;
	r = dir_local(v, &d, chunk, true, ret);
	dir_close(&d);
	return r;
}

/* A subdirectory is about to move into part LDIR of CHUNK: it must have a link to spare. */
static int check_part_room(struct volume *v, unsigned chunk, ext2_ino_t ldir)
{
	struct ext2_inode_large inode;
	struct chunk *c;
	int r = volume_chunk_writable(v, chunk, &c);

	if (r == 0)
		r = chunk_inode_read(c, ldir, &inode);
	if (r < 0)
		return r;
	return inode.i_links_count >= EXT2_LINK_MAX ? -EMLINK : 0;
}

/* E's entry has moved from part E->ldir to part TO (both in E's chunk): a directory's ".."
 * and the two parts' link counts follow, a file's parent hint too; its ctime is NOW. */
static int entry_moved(struct volume *v, const struct dir_entry *e, ext2_ino_t to, const struct timespec *now)
{
	struct ext2_inode_large inode;
	struct chunk *c;
	int r = volume_chunk_writable(v, e->chunk, &c);

	if (r < 0)
		return r;
	if (to != e->ldir && LINUX_S_ISDIR(e->inode.i_mode)) {
		struct dotdot dd = { .to = to };
		errcode_t err = ext2fs_dir_iterate2(c->fs, e->ino, DIRENT_FLAG_INCLUDE_EMPTY, NULL, set_dotdot_cb, &dd);
		if (err)
			return chunk_errno(err);
		r = dir_part_links(v, e->chunk, e->ldir, -1);
		if (r == 0)
			r = dir_part_links(v, e->chunk, to, +1);
		if (r < 0)
			return r;
	} else if (to != e->ldir) {
		update_parent_hint(c, e->ino, to);
	}
	r = chunk_inode_read(c, e->ino, &inode);
	if (r < 0)
		return r;
	chunk_inode_stamp(&inode, CHUNK_CTIME, now);
	return chunk_inode_write(c, e->ino, &inode);
}

static void touch_both(struct volume *v, vino_t sdir, vino_t ddir, const struct timespec *now)
{
	dir_touch(v, sdir, now);
	if (ddir != sdir)
		dir_touch(v, ddir, now);
}

/* Whether SRC may replace DST, and DST be removed with it. */
static int check_replace(struct volume *v, const struct dir_entry *src, const struct dir_entry *dst)
{
	if (!LINUX_S_ISDIR(src->inode.i_mode))
		return LINUX_S_ISDIR(dst->inode.i_mode) ? -EISDIR : 0;
	if (!LINUX_S_ISDIR(dst->inode.i_mode))
		return -ENOTDIR;
	if (VINO(dst->chunk, dst->ino) == VOLUME_ROOT)
		return -EBUSY;
	return dir_removable(v, dst);
}

/* The chunks holding E's continuations are marked DIRTY before the rename writes anything, so
 * that between the new name and E's release there are as few writes as a kill can fall
 * between (its release would mark them only then). */
static int mark_holders_dirty(struct volume *v, const struct dir_entry *e)
{
	struct record_head h;
	struct chunk *c;
	int r = volume_chunk_writable(v, e->chunk, &c);

	if (r == 0)
		r = cont_head_load(c, e->ino, &h);
	if (r < 0)
		return r;
	r = cont_mark_holders_dirty(v, h.conts, h.ncont);
	record_head_done(&h);
	return r;
}

/* DST, named DNAME in another chunk than the new name, stops being a name before the source's
 * goes: with its last link its inode is marked deleted (an entry naming it is cleared by its
 * chunk's e2fsck and not counted by the names pass, so the new name is the one left), else
 * its link and entry go (*DROPPED). Its release comes after the source's name is gone. */
static int target_unname(struct volume *v, const struct dir_entry *dst, const char *dname, unsigned flags,
			 const struct timespec *now, vino_t *orphan, bool *dropped)
{
	struct chunk *dc;
	int r;

	*dropped = !LINUX_S_ISDIR(dst->inode.i_mode) && dst->inode.i_links_count > 1;
	if (*dropped)
		return file_drop_link(v, dst, dname, flags, now, orphan);
	r = volume_chunk_writable(v, dst->chunk, &dc);
	return r < 0 ? r : chunk_inode_mark_deleted(dc, dst->ino);
}

/* Before a rename (over DST, or to a free name: DST NULL) writes anything, the record of it
 * goes into SRC's chunk C, which holds the old name and gets the new one in part NLDIR: a kill
 * from here on leaves the repair of C a rename to finish or undo, never both names
 * (docs/FORMAT.md). */
static int rename_intent(struct chunk *c, vino_t sdir, const char *sname, vino_t ddir, const char *dname,
			 const struct dir_entry *src, const struct dir_entry *dst, ext2_ino_t nldir)
{
	struct record_rename rec = {
		.ino = src->ino, .gen = src->inode.i_generation, .spart = src->ldir, .dpart = nldir,
		.sdir = sdir, .ddir = ddir,
		.target = { .chunk = CHUNK_NONE },
	};

	if (dst)
		rec.target = (struct chunk_ref){ .chunk = (uint16_t)dst->chunk, .ino = dst->ino,
						 .gen = dst->inode.i_generation };

	snprintf(rec.sname, sizeof(rec.sname), "%s", sname);
	snprintf(rec.dname, sizeof(rec.dname), "%s", dname);
	return chunk_rename_record_store(c, &rec);
}

/* SNAME of SDIR becomes DNAME of DDIR; DST, if HAVE_DST, is what DNAME named. */
static int rename_move(struct volume *v, vino_t sdir, const char *sname, vino_t ddir, const char *dname,
		       const struct dir_entry *src, const struct dir_entry *dst, bool have_dst, unsigned flags,
		       vino_t *orphan)
{
	bool isdir = LINUX_S_ISDIR(src->inode.i_mode), in_place = have_dst && dst->chunk == src->chunk;
	_cleanup_(dir_close) struct dir_parts dparts = {};
	bool dropped = false;
	int ftype = chunk_mode_ftype(src->inode.i_mode);
	struct timespec now;
	struct chunk *c;
	ext2_ino_t nldir;
	int r;

	if (have_dst) {
		r = check_replace(v, src, dst);
		if (r < 0)
			return r;
	}
	/* The new name in place of the old entry when that is in SRC's chunk, so in the same
	 * part; a directory taking another's place there leaves the part's count as it is. */
	if (in_place) {
		nldir = dst->ldir;
		r = 0;
	} else {
		r = local_part(v, ddir, src->chunk, &nldir);
		if (r == 0 && isdir && nldir != src->ldir)
			r = check_part_room(v, src->chunk, nldir);
	}
	if (r == 0 && have_dst)
		r = mark_holders_dirty(v, dst);
	/* A directory replaced is opened now: once it is marked deleted it no longer opens. */
	if (r == 0 && have_dst && LINUX_S_ISDIR(dst->inode.i_mode))
		r = dir_open(v, VINO(dst->chunk, dst->ino), &dparts);
	if (r == 0)
		r = volume_chunk_writable(v, src->chunk, &c);
	if (r < 0)
		return r;
	now = chunk_time_now();
	/* Every rename is recorded first (one sync): a kill between the new name and the old
	 * one's removal would otherwise leave both, which no rename may (POSIX). */
	r = rename_intent(c, sdir, sname, ddir, dname, src, have_dst ? dst : NULL, nldir);
	if (r < 0)
		return r;
	if (in_place)
		r = chunk_relink(c, nldir, dname, src->ino, ftype);
	else
		r = chunk_link(c, nldir, dname, src->ino, ftype);
	if (r < 0) {
		(void)chunk_rename_record_clear(c);
		return r;
	}
	if (have_dst && !in_place)
		r = target_unname(v, dst, dname, flags, &now, orphan, &dropped);
	if (r == 0)
		r = chunk_unlink(c, src->ldir, sname);
	if (r < 0)
		return r; /* the record stays: the chunk's repair settles the rename */
	/* The new name, the target's unnaming and the old name's removal are made durable before
	 * the replaced file is released: a power cut keeps any of the writes since the last sync,
	 * and a release that outlived the new name would leave the target naming a freed inode. */
	if (have_dst && !dropped) {
		struct chunk *tc = in_place ? NULL : volume_chunk_if_open(v, dst->chunk);
		const char *dst_name = in_place ? NULL : dname; /* relinked: its entry is SRC's now */

		r = chunk_sync(c);
		if (r == 0 && tc)
			r = chunk_sync(tc);
		if (r < 0)
			return r; /* the record stays: the chunk's repair settles the rename */
		r = isdir ? dir_remove_parts(v, dst, &dparts, dst_name) :
			    file_drop_link(v, dst, dst_name, flags, &now, orphan);
	}
	if (r == 0)
		r = entry_moved(v, src, nldir, &now);
	if (r == 0)
		chunk_name_note(c, src->ino, nldir, ddir, dname);
	/* The names durable before the record goes: a power cut that kept the clear and not the
	 * old name's removal would leave both names and nothing to settle them. */
	if (r == 0)
		r = chunk_barrier(c);
	if (r == 0)
		r = chunk_rename_record_clear(c);
	if (r == 0)
		touch_both(v, sdir, ddir, &now);
	return r;
}

/* The record of one half of an exchange, written durably in E's chunk before any name changes:
 * E, named ONAME in part E->ldir of ODIR, is to be named NNAME in part NPART of NDIR, as OTHER
 * takes E's name. FIRST: the half written first (docs/FORMAT.md). */
static int exchange_intent(struct chunk *c, const struct dir_entry *e, vino_t odir, const char *oname,
			   vino_t ndir, const char *nname, ext2_ino_t npart, const struct dir_entry *other,
			   bool first)
{
	struct record_rename rec = {
		.ino = e->ino, .gen = e->inode.i_generation, .spart = e->ldir, .dpart = npart,
		.sdir = odir, .ddir = ndir,
		.target = { .chunk = (uint16_t)other->chunk, .ino = other->ino, .gen = other->inode.i_generation },
		.flags = (uint16_t)(RENAME_FLAG_EXCHANGE | (first ? RENAME_FLAG_FIRST : 0)),
	};

	snprintf(rec.sname, sizeof(rec.sname), "%s", oname);
	snprintf(rec.dname, sizeof(rec.dname), "%s", nname);
	return chunk_rename_record_store(c, &rec);
}

/* The names of an exchange across chunks: each inode's new name in its own chunk, then the old
 * ones go. An error before the last undoes what it did (the records are cleared after). */
static int exchange_names(struct chunk *sc, struct chunk *dc, const struct dir_entry *src,
			  const struct dir_entry *dst, const char *sname, const char *dname, ext2_ino_t sto,
			  ext2_ino_t dto)
{
	int sftype = chunk_mode_ftype(src->inode.i_mode), dftype = chunk_mode_ftype(dst->inode.i_mode);
	int r = chunk_link(sc, sto, dname, src->ino, sftype);

	if (r < 0)
		return r;
	r = chunk_link(dc, dto, sname, dst->ino, dftype);
	if (r < 0) {
		(void)chunk_unlink_inode(sc, sto, dname, src->ino);
		return r;
	}
	r = chunk_unlink(dc, dst->ldir, dname);
	if (r < 0) {
		(void)chunk_unlink_inode(dc, dto, sname, dst->ino);
		(void)chunk_unlink_inode(sc, sto, dname, src->ino);
		return r;
	}
	return chunk_unlink(sc, src->ldir, sname);
}

/* SNAME of SDIR and DNAME of DDIR swap inodes, atomically for a kill or a power cut: the
 * exchange is recorded first, and a repair always finishes it (check-rename.c). With both
 * inodes in one chunk one record, and both entries rewritten in place. Across chunks each
 * chunk records its own half, the source's first (FIRST); the names change only once both
 * are durable, and the records are cleared in the same order, after the names are durable:
 * so a FIRST record whose peer holds none is an exchange that never began, or one whose
 * other half is done. */
static int rename_exchange(struct volume *v, vino_t sdir, const char *sname, vino_t ddir, const char *dname,
			   const struct dir_entry *src, const struct dir_entry *dst)
{
	bool same = src->chunk == dst->chunk;
	struct timespec now;
	struct chunk *sc, *dc;
	ext2_ino_t sto, dto;  /* where SRC's and DST's new names go */
	int r;

	r = check_not_below_itself(v, src, ddir);
	if (r == 0)
		r = check_not_below_itself(v, dst, sdir);
	if (r < 0)
		return r;
	sto = same ? dst->ldir : 0;
	dto = same ? src->ldir : 0;
	if (!same) {
		r = local_part(v, ddir, src->chunk, &sto);
		if (r == 0)
			r = local_part(v, sdir, dst->chunk, &dto);
	}
	if (r == 0 && LINUX_S_ISDIR(src->inode.i_mode) && sto != src->ldir &&
	    !(same && LINUX_S_ISDIR(dst->inode.i_mode)))
		r = check_part_room(v, src->chunk, sto);
	if (r == 0 && LINUX_S_ISDIR(dst->inode.i_mode) && dto != dst->ldir &&
	    !(same && LINUX_S_ISDIR(src->inode.i_mode)))
		r = check_part_room(v, dst->chunk, dto);
	if (r == 0)
		r = volume_chunk_writable(v, src->chunk, &sc);
	if (r == 0)
		r = volume_chunk_writable(v, dst->chunk, &dc);
	if (r == 0)
		r = exchange_intent(sc, src, sdir, sname, ddir, dname, sto, dst, !same);
	if (r == 0 && !same) {
		r = exchange_intent(dc, dst, ddir, dname, sdir, sname, dto, src, false);
		if (r < 0)
			(void)chunk_rename_record_clear(sc);
	}
	if (r < 0)
		return r;
	if (same) {
		r = chunk_relink(sc, sto, dname, src->ino, chunk_mode_ftype(src->inode.i_mode));
		if (r == 0)
			r = chunk_relink(sc, dto, sname, dst->ino, chunk_mode_ftype(dst->inode.i_mode));
		if (r < 0)
			return r; /* the record stays: the chunk's repair finishes the exchange */
	} else {
		r = exchange_names(sc, dc, src, dst, sname, dname, sto, dto);
		if (r < 0) {
			(void)chunk_rename_record_clear(dc);
			(void)chunk_barrier(dc);
			(void)chunk_rename_record_clear(sc);
			return r;
		}
	}
	now = chunk_time_now();
	r = entry_moved(v, src, sto, &now);
	if (r == 0)
		r = entry_moved(v, dst, dto, &now);
	if (r == 0) {
		chunk_name_note(sc, src->ino, sto, ddir, dname);
		chunk_name_note(dc, dst->ino, dto, sdir, sname);
	}
	/* The names durable before a record goes, and the source's record before its peer's. */
	if (r == 0 && !same)
		r = chunk_barrier(dc);
	if (r == 0)
		r = chunk_barrier(sc);
	if (r == 0)
		r = chunk_rename_record_clear(sc);
	if (r == 0 && !same)
		r = chunk_barrier(sc);
	if (r == 0 && !same)
		r = chunk_rename_record_clear(dc);
	if (r == 0)
		touch_both(v, sdir, ddir, &now);
	return r;
}

int volume_rename2(struct volume *v, vino_t sdir, const char *sname, vino_t ddir, const char *dname, unsigned flags,
		   vino_t *orphan)
{
	struct dir_entry src, dst;
	bool have_dst;
	int r;

	if (orphan)
		*orphan = 0;
	if ((flags & ~(unsigned)(VOLUME_RENAME_NOREPLACE | VOLUME_RENAME_EXCHANGE | VOLUME_KEEP_ORPHAN)) ||
	    ((flags & VOLUME_RENAME_NOREPLACE) && (flags & VOLUME_RENAME_EXCHANGE)))
		return -EINVAL;
	r = dir_entry_find(v, sdir, sname, &src);
	if (r < 0)
		return r;
	r = dir_check_name(dname);
	if (r < 0)
		return r;
	if (dir_reserved_name(ddir, dname))
		return -EPERM;
	r = dir_entry_find(v, ddir, dname, &dst);
	if (r < 0 && r != -ENOENT)
		return r;
	have_dst = r == 0;
	if (flags & VOLUME_RENAME_EXCHANGE) {
		if (!have_dst)
			return -ENOENT;
		if (dst.chunk == src.chunk && dst.ino == src.ino)
			return 0;
		return rename_exchange(v, sdir, sname, ddir, dname, &src, &dst);
	}
	r = check_not_below_itself(v, &src, ddir);
	if (r < 0)
		return r;
	if (have_dst && (flags & VOLUME_RENAME_NOREPLACE))
		return -EEXIST;
	if (have_dst && dst.chunk == src.chunk && dst.ino == src.ino)
		return 0;
	return rename_move(v, sdir, sname, ddir, dname, &src, &dst, have_dst, flags, orphan);
}

int volume_rename(struct volume *v, vino_t sdir, const char *sname, vino_t ddir, const char *dname)
{
	return volume_rename2(v, sdir, sname, ddir, dname, 0, NULL);
}
