/* Requests on the namespace: making and removing names, and listing directories. A listing
 * is read whole at opendir, so offsets stay valid however the directory changes meanwhile. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "chunkfs/chunkfs.h"
#include "chunkfs/ops.h"

int chunkfs_new_owner(struct chunkfs *fs, vino_t parent, const struct fuse_ctx *ctx, mode_t *mode, gid_t *gid)
{
	struct vstat ps;
	int r = volume_stat(fs->volume, parent, &ps);

	if (r < 0)
		return r;
	*gid = ctx->gid;
	if (ps.mode & S_ISGID) {
		/* A set-group-ID directory gives its group, and to a directory its bit too. */
		*gid = ps.gid;
		if (S_ISDIR(*mode))
			*mode |= S_ISGID;
	}
	return 0;
}

void op_mknod(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode, dev_t rdev)
{
	struct chunkfs *fs = chunkfs_of(req);
	const struct fuse_ctx *ctx = fuse_req_ctx(req);
	vino_t ino = 0;
	gid_t gid;
	int r;

	chunkfs_lock(fs);
	r = chunkfs_new_owner(fs, vino_of(parent), ctx, &mode, &gid);
	if (r == 0)
		r = volume_mknod(fs->volume, vino_of(parent), name, mode & ~ctx->umask, rdev, ctx->uid, gid, &ino);
	chunkfs_reply_entry(req, fs, vino_of(parent), name, ino, r);
}

void op_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode)
{
	struct chunkfs *fs = chunkfs_of(req);
	const struct fuse_ctx *ctx = fuse_req_ctx(req);
	vino_t ino = 0;
	gid_t gid;
	int r;

	mode |= S_IFDIR;
	chunkfs_lock(fs);
	r = chunkfs_new_owner(fs, vino_of(parent), ctx, &mode, &gid);
	if (r == 0)
		r = volume_mkdir(fs->volume, vino_of(parent), name, mode & ~ctx->umask & 07777, ctx->uid, gid, &ino);
	chunkfs_reply_entry(req, fs, vino_of(parent), name, ino, r);
}

void op_symlink(fuse_req_t req, const char *link, fuse_ino_t parent, const char *name)
{
	struct chunkfs *fs = chunkfs_of(req);
	const struct fuse_ctx *ctx = fuse_req_ctx(req);
	mode_t mode = S_IFLNK;
	vino_t ino = 0;
	gid_t gid;
	int r;

	chunkfs_lock(fs);
	r = chunkfs_new_owner(fs, vino_of(parent), ctx, &mode, &gid);
	if (r == 0)
		r = volume_symlink(fs->volume, vino_of(parent), name, link, ctx->uid, gid, &ino);
	chunkfs_reply_entry(req, fs, vino_of(parent), name, ino, r);
}

void op_link(fuse_req_t req, fuse_ino_t ino, fuse_ino_t newparent, const char *newname)
{
	struct chunkfs *fs = chunkfs_of(req);
	int r;

	chunkfs_lock(fs);
	r = volume_link(fs->volume, vino_of(ino), vino_of(newparent), newname);
	chunkfs_reply_entry(req, fs, vino_of(newparent), newname, vino_of(ino), r);
}

/* The inode NAME in DIR names, or 0. */
static vino_t named(struct chunkfs *fs, vino_t dir, const char *name)
{
	vino_t ino;

	return volume_lookup(fs->volume, dir, name, &ino) < 0 ? 0 : ino;
}

/* VOLUME_KEEP_ORPHAN when the file INO (0: none) is open: if the name going is its last, the
 * file must live on until its last close. */
static unsigned keep_if_open(struct chunkfs *fs, vino_t ino)
{
	return ino && node_is_open(&fs->nodes, ino) ? VOLUME_KEEP_ORPHAN : 0;
}

/* The file ORPHAN lost its last name while open: its last close frees it. An open node
 * stays (volume_lock is held, and only a close under it ends an open). */
static void note_orphan(struct chunkfs *fs, vino_t orphan)
{
	struct node *n = orphan ? node_find(&fs->nodes, orphan) : NULL;

	if (n)
		n->orphan = true;
}

void op_unlink(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct chunkfs *fs = chunkfs_of(req);
	vino_t orphan = 0;
	int r;

	chunkfs_lock(fs);
	r = volume_unlink2(fs->volume, vino_of(parent), name, keep_if_open(fs, named(fs, vino_of(parent), name)),
			   &orphan);
	if (r == 0)
		note_orphan(fs, orphan);
	chunkfs_unlock(fs);
	fuse_reply_err(req, r < 0 ? chunkfs_errno(r) : 0);
}

void op_rmdir(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct chunkfs *fs = chunkfs_of(req);
	int r;

	chunkfs_lock(fs);
	r = volume_rmdir(fs->volume, vino_of(parent), name);
	chunkfs_unlock(fs);
	fuse_reply_err(req, r < 0 ? chunkfs_errno(r) : 0);
}

void op_rename(fuse_req_t req, fuse_ino_t parent, const char *name, fuse_ino_t newparent, const char *newname,
	       unsigned int flags)
{
	struct chunkfs *fs = chunkfs_of(req);
	unsigned vflags = 0;
	vino_t orphan = 0, moved, target;
	int r;

	if (flags & ~(unsigned)(RENAME_NOREPLACE | RENAME_EXCHANGE)) {
		fuse_reply_err(req, EINVAL);
		return;
	}
	if (flags & RENAME_NOREPLACE)
		vflags |= VOLUME_RENAME_NOREPLACE;
	if (flags & RENAME_EXCHANGE)
		vflags |= VOLUME_RENAME_EXCHANGE;
	chunkfs_lock(fs);
	moved = named(fs, vino_of(parent), name);
	target = named(fs, vino_of(newparent), newname);
	if (!(flags & RENAME_EXCHANGE))
		vflags |= keep_if_open(fs, target);
	r = volume_rename2(fs->volume, vino_of(parent), name, vino_of(newparent), newname, vflags, &orphan);
	if (r == 0) {
		note_orphan(fs, orphan);
		/* The kernel moves its cached names as the rename did (both, for an exchange). */
		if (moved)
			node_renamed(&fs->nodes, moved, vino_of(newparent), newname);
		if (target && (flags & RENAME_EXCHANGE))
			node_renamed(&fs->nodes, target, vino_of(parent), name);
	}
	chunkfs_unlock(fs);
	fuse_reply_err(req, r < 0 ? chunkfs_errno(r) : 0);
}

struct listing {
	struct listing_entry {
		char *name;
		vino_t ino;
		mode_t type;      /* S_IFDIR, ...; 0 when the entry does not say */
	} *e;
	size_t n, cap;
};

static int listing_add_type(struct listing *l, const char *name, vino_t ino, mode_t type)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 32;
		struct listing_entry *e = realloc(l->e, cap * sizeof(*e));
		if (!e)
			return -ENOMEM;
		l->e = e;
		l->cap = cap;
	}
	l->e[l->n].name = strdup(name);
	if (!l->e[l->n].name)
		return -ENOMEM;
	l->e[l->n].ino = ino;
	l->e[l->n].type = type;
	l->n++;
	return 0;
}

static int listing_add(void *userdata, const char *name, vino_t ino, unsigned ftype)
{
	return listing_add_type(userdata, name, ino, volume_dirent_type(ftype));
}

static void listing_clear(struct listing *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->e[i].name);
	l->n = 0;
}

/* DIR's entries, "." and ".." first, into L (emptied first: it may be a second try). */
static int read_listing(struct chunkfs *fs, vino_t dir, struct listing *l)
{
	vino_t parent = 0;
	int r;

	listing_clear(l);
	r = volume_parent(fs->volume, dir, &parent);
	if (r == 0)
		r = listing_add_type(l, ".", dir, S_IFDIR);
	if (r == 0)
		r = listing_add_type(l, "..", parent, S_IFDIR);
	if (r == 0)
		r = volume_readdir(fs->volume, dir, listing_add, l);
	return r;
}

static void listing_free(struct listing *l)
{
	for (size_t i = 0; l && i < l->n; i++)
		free(l->e[i].name);
	if (l)
		free(l->e);
	free(l);
}

void op_opendir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct chunkfs *fs = chunkfs_of(req);
	struct listing *l = calloc(1, sizeof(*l));
	int r = l ? 0 : -ENOMEM;

	if (r == 0) {
		for (bool shared = chunkfs_read_begin(fs);; shared = false) {
			r = read_listing(fs, vino_of(ino), l);
			if (!shared || chunkfs_read_end(fs))
				break;
		}
		chunkfs_unlock(fs);
	}
	if (r < 0) {
		listing_free(l);
		fuse_reply_err(req, chunkfs_errno(r));
		return;
	}
	fi->fh = (uint64_t)(uintptr_t)l;
	fi->cache_readdir = 0;
	if (fuse_reply_open(req, fi) != 0)
		listing_free(l);
}

static void list(fuse_req_t req, fuse_ino_t dir, size_t size, off_t off, struct fuse_file_info *fi, bool plus)
{
	struct chunkfs *fs = chunkfs_of(req);
	struct listing *l = (struct listing *)(uintptr_t)fi->fh;
	char *buf = malloc(size);
	size_t used = 0;
	int r = 0;

	if (!buf) {
		fuse_reply_err(req, ENOMEM);
		return;
	}
	for (size_t i = (size_t)off; i < l->n; i++) {
		const struct listing_entry *e = &l->e[i];
		struct fuse_entry_param ep = { .attr_timeout = fs->opt.attr_timeout,
					       .entry_timeout = fs->opt.entry_timeout };
		bool dot = !strcmp(e->name, ".") || !strcmp(e->name, "..");
		size_t len;

		ep.attr.st_ino = fuse_ino_of(e->ino);
		ep.attr.st_mode = e->type;
		if (!plus) {
			len = fuse_add_direntry(req, buf + used, size - used, e->name, &ep.attr, (off_t)i + 1);
			if (len > size - used)
				break;
			used += len;
			continue;
		}
		if (!dot) {
			struct vstat vs;
			for (bool shared = chunkfs_read_begin(fs);; shared = false) {
				r = volume_stat(fs->volume, e->ino, &vs);
				if (!shared || chunkfs_read_end(fs))
					break;
			}
			if (r == 0)
				chunkfs_open_size(fs, e->ino, &vs);
			chunkfs_unlock(fs);
			if (r < 0)
				continue; /* gone meanwhile, or unreadable: the lookup will say which */
			vstat_to_stat(fs, &vs, &ep.attr);
			ep.ino = fuse_ino_of(e->ino);
			ep.generation = vs.generation;
		}
		len = fuse_add_direntry_plus(req, buf + used, size - used, e->name, &ep, (off_t)i + 1);
		if (len > size - used)
			break;
		if (!dot && node_lookup(&fs->nodes, e->ino, vino_of(dir), e->name) < 0)
			break;
		used += len;
	}
	fuse_reply_buf(req, buf, used);
	free(buf);
}

void op_readdir(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi)
{
	list(req, ino, size, off, fi, false);
}

void op_readdirplus(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi)
{
	list(req, ino, size, off, fi, true);
}

void op_releasedir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	listing_free((struct listing *)(uintptr_t)fi->fh);
	fuse_reply_err(req, 0);
}
