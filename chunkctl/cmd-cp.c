/* chunkctl cp: copy files, trees (-r), symlinks and hard links between the host and the volume,
 * keeping modes, owners, times and holes. */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"
#include "libchunk/namespace/file.h"
#include "libchunk/base/macro.h"

#define BUF_SIZE (1u << 20)

struct link_seen {
	dev_t dev;
	ino_t ino;        /* host identity */
	vino_t vino;      /* volume identity */
	char *path;       /* the first name it was copied to */
};

struct copy {
	struct volume *v;
	bool recursive;
	int errors;
	int incomplete;   /* what could not be read because a chunk is unavailable (EXIT_INCOMPLETE) */
	char *buf;
	struct link_seen *links;
	size_t nlinks, caplinks;
	uint64_t files, bytes;  /* copied so far, for the progress line */
};

static void copy_progress(struct copy *cp, uint64_t bytes)
{
	char size[CTL_HUMAN_SIZE_MAX];

	cp->bytes += bytes;
	ctl_progress("cp: %" PRIu64 " file(s), %s", cp->files, ctl_human_size(cp->bytes, size));
}

static int copy_error(struct copy *cp, const char *path, int err)
{
	cp->errors++;
	return ctl_path_error(path, err);
}

/* Counts RC, what a ctl_*_error said: a part an unavailable chunk kept from the copy
 * (EXIT_INCOMPLETE), or an error. */
static int copy_short(struct copy *cp, int rc)
{
	if (rc == EXIT_INCOMPLETE)
		cp->incomplete++;
	else
		cp->errors++;
	return rc;
}

static struct link_seen *link_find(struct copy *cp, dev_t dev, ino_t ino, vino_t vino)
{
	for (size_t i = 0; i < cp->nlinks; i++)
		if ((vino && cp->links[i].vino == vino && !cp->links[i].ino) ||
		    (!vino && cp->links[i].dev == dev && cp->links[i].ino == ino))
			return &cp->links[i];
	return NULL;
}

static void link_add(struct copy *cp, dev_t dev, ino_t ino, vino_t vino, const char *path)
{
	if (cp->nlinks == cp->caplinks) {
		size_t n = cp->caplinks ? cp->caplinks * 2 : 64;
		struct link_seen *l = realloc(cp->links, n * sizeof(*l));
		if (!l)
			return;
		cp->links = l;
		cp->caplinks = n;
	}
	cp->links[cp->nlinks++] = (struct link_seen){ dev, ino, vino, strdup(path) };
}

static void set_attrs(struct copy *cp, vino_t ino, const struct stat *st)
{
	struct vattr a = { .set = VATTR_MODE | VATTR_OWNER | VATTR_TIMES, .mode = st->st_mode, .uid = st->st_uid,
			   .gid = st->st_gid, .atime = st->st_atime, .mtime = st->st_mtime };

	volume_setattr(cp->v, ino, &a);
}

/* Data of host file FD into volume file INO, skipping holes. */
static int copy_data_in(struct copy *cp, int fd, vino_t ino, off_t size)
{
	_cleanup_(vfile_closep) struct vfile *f = NULL;
	off_t data = 0, hole;
	int r = vfile_open(cp->v, ino, true, &f);

	if (r < 0)
		return r;
	r = vfile_truncate(f, 0);
	while (r == 0 && data < size) {
		data = lseek(fd, data, SEEK_DATA);
		if (data < 0)
			break; /* only a hole is left */
		hole = lseek(fd, data, SEEK_HOLE);
		if (hole < 0)
			hole = size;
		while (data < hole) {
			ssize_t n = pread(fd, cp->buf, (size_t)MIN((off_t)BUF_SIZE, hole - data), data);
			ssize_t w;
			if (n < 0)
				return -errno;
			if (n == 0)
				break;
			w = vfile_pwrite(f, cp->buf, (size_t)n, (uint64_t)data);
			if (w < 0)
				return (int)w;
			if (w != n)
				return -ENOSPC;
			data += n;
			copy_progress(cp, (uint64_t)n);
		}
	}
	if (r == 0 && vfile_size(f) < (uint64_t)size)
		r = vfile_truncate(f, (uint64_t)size);
	if (r == 0) {
		r = vfile_close(f);
		f = NULL;
	}
	cp->files++;
	copy_progress(cp, 0);
	return r;
}

static int copy_in(struct copy *cp, const char *src, vino_t dir, const char *name, const char *dst);

static int copy_dir_in(struct copy *cp, const char *src, vino_t dino, const char *dst)
{
	DIR *d = opendir(src);
	struct dirent *de;
	int r = 0;

	if (!d)
		return copy_error(cp, src, -errno);
	while ((de = readdir(d))) {
		_cleanup_free_ char *s = NULL, *t = NULL;
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (asprintf(&s, "%s/%s", src, de->d_name) < 0 || asprintf(&t, "%s/%s", dst, de->d_name) < 0) {
			r = -ENOMEM;
			break;
		}
		copy_in(cp, s, dino, de->d_name, t);
	}
	closedir(d);
	return r;
}

/* Copies host path SRC to NAME in volume directory DIR (DST is its volume path, for messages). */
static int copy_in(struct copy *cp, const char *src, vino_t dir, const char *name, const char *dst)
{
	struct stat st;
	vino_t ino;
	int r;

	if (lstat(src, &st) < 0)
		return copy_error(cp, src, -errno);
	if (S_ISDIR(st.st_mode)) {
		if (!cp->recursive) {
			cp->errors++;
			return ctl_error("%s: is a directory (use cp -r)", ctl_quoted(src));
		}
		r = volume_lookup(cp->v, dir, name, &ino);
		if (r == -ENOENT)
			r = volume_mkdir(cp->v, dir, name, st.st_mode & 07777, st.st_uid, st.st_gid, &ino);
		if (r < 0)
			return copy_error(cp, dst, r);
		copy_dir_in(cp, src, ino, dst);
		set_attrs(cp, ino, &st);
		return 0;
	}
	if (S_ISLNK(st.st_mode)) {
		char target[PATH_MAX];
		ssize_t n = readlink(src, target, sizeof(target) - 1);
		if (n < 0)
			return copy_error(cp, src, -errno);
		target[n] = '\0';
		if (volume_lookup(cp->v, dir, name, &ino) == 0)
			volume_unlink(cp->v, dir, name);
		r = volume_symlink(cp->v, dir, name, target, st.st_uid, st.st_gid, &ino);
		return r < 0 ? copy_error(cp, dst, r) : 0;
	}
	if (!S_ISREG(st.st_mode)) {
		cp->errors++;
		return ctl_error("%s: special files are not copied", ctl_quoted(src));
	}
	if (st.st_nlink > 1) {
		struct link_seen *l = link_find(cp, st.st_dev, st.st_ino, 0);
		if (l) {
			if (volume_lookup(cp->v, dir, name, &ino) == 0 && ino == l->vino)
				return 0;
			if (volume_lookup(cp->v, dir, name, &ino) == 0)
				volume_unlink(cp->v, dir, name);
			r = volume_link(cp->v, l->vino, dir, name);
			return r < 0 ? copy_error(cp, dst, r) : 0;
		}
	}
	{
		_cleanup_close_ int fd = open(src, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return copy_error(cp, src, -errno);
		r = volume_lookup(cp->v, dir, name, &ino);
		if (r == -ENOENT)
			r = volume_create(cp->v, dir, name, S_IFREG | (st.st_mode & 07777), st.st_uid, st.st_gid, &ino);
		if (r < 0)
			return copy_error(cp, dst, r);
		r = copy_data_in(cp, fd, ino, st.st_size);
		if (r < 0)
			return copy_error(cp, dst, r);
	}
	set_attrs(cp, ino, &st);
	if (st.st_nlink > 1)
		link_add(cp, st.st_dev, st.st_ino, ino, dst);
	return 0;
}

static int copy_out(struct copy *cp, vino_t ino, const char *src, const char *dst);

struct out_dir {
	struct copy *cp;
	const char *vpath;   /* SRC without its ':' */
	const char *src, *dst;
	char **names;
	vino_t *inos;
	size_t n, cap;
};

static int out_collect(void *userdata, const char *name, vino_t ino, unsigned ftype)
{
	struct out_dir *od = userdata;

	if (od->n == od->cap) {
		size_t n = od->cap ? od->cap * 2 : 64;
		char **nn = realloc(od->names, n * sizeof(*nn));
		vino_t *ni;
		if (!nn)
			return -ENOMEM;
		od->names = nn;
		ni = realloc(od->inos, n * sizeof(*ni));
		if (!ni)
			return -ENOMEM;
		od->inos = ni;
		od->cap = n;
	}
	od->names[od->n] = strdup(name);
	od->inos[od->n++] = ino;
	return 0;
}

static int out_gap(void *userdata, unsigned chunk, uint32_t ino, int err)
{
	struct out_dir *od = userdata;

	copy_short(od->cp, ctl_dir_gap_error(od->vpath, "are not copied", chunk, ino, err));
	return 0;
}

static void restore_attrs(const char *path, const struct vstat *st, bool is_link)
{
	struct timespec ts[2] = { { .tv_sec = st->atime }, { .tv_sec = st->mtime } };

	if (lchown(path, st->uid, st->gid) < 0 && geteuid() == 0)
		ctl_error("%s: cannot set owner: %m", ctl_quoted(path));
	if (!is_link)
		chmod(path, st->mode & 07777);
	utimensat(AT_FDCWD, path, ts, AT_SYMLINK_NOFOLLOW);
}

static int copy_data_out(struct copy *cp, vino_t ino, const char *dst, const struct vstat *st)
{
	_cleanup_(vfile_closep) struct vfile *f = NULL;
	_cleanup_close_ int fd = -1;
	uint64_t off = 0;
	int r = vfile_open(cp->v, ino, false, &f);

	if (r < 0)
		return r;
	fd = open(dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	while (off < st->size) {
		ssize_t n = vfile_pread(f, cp->buf, BUF_SIZE, off), i = 0;
		if (n < 0)
			return (int)n;
		if (n == 0)
			break;
		/* Keep holes: skip writing all-zero blocks. */
		for (i = 0; i < n; i += 4096) {
			size_t len = (size_t)MIN((ssize_t)4096, n - i);
			bool zero = true;
			for (size_t j = 0; j < len && zero; j++)
				zero = cp->buf[i + j] == 0;
			if (!zero && pwrite(fd, cp->buf + i, len, (off_t)(off + i)) != (ssize_t)len)
				return -errno;
		}
		off += (uint64_t)n;
		copy_progress(cp, (uint64_t)n);
	}
	if (ftruncate(fd, (off_t)st->size) < 0)
		return -errno;
	cp->files++;
	copy_progress(cp, 0);
	return 0;
}

/* A file whose data could not be read: the continuations in chunks that are unavailable, if
 * that is why (the part of the file copied is left, as cp(1) leaves one). */
static bool data_short(struct copy *cp, vino_t ino, const char *src)
{
	_cleanup_free_ struct volume_chain_link *links = NULL;
	unsigned n = 0;

	if (volume_chain(cp->v, ino, &links, &n, NULL) < 0 ||
	    ctl_chain_gaps(ctl_volume_path(src), links, n, "not copied") != EXIT_INCOMPLETE)
		return false;
	cp->incomplete++;
	return true;
}

static int copy_out(struct copy *cp, vino_t ino, const char *src, const char *dst)
{
	struct vstat st;
	int r = volume_stat(cp->v, ino, &st);

	if (r < 0)
		return copy_short(cp, ctl_inode_error(cp->v, ctl_volume_path(src), ino, r));
	if (S_ISDIR(st.mode)) {
		const char *vpath = ctl_volume_path(src);
		struct out_dir od = { .cp = cp, .src = src, .dst = dst, .vpath = *vpath ? vpath : "/" };
		if (!cp->recursive) {
			cp->errors++;
			return ctl_error("%s: is a directory (use cp -r)", ctl_quoted(src));
		}
		if (mkdir(dst, 0700) < 0 && errno != EEXIST)
			return copy_error(cp, dst, -errno);
		r = volume_readdir_gaps(cp->v, ino, out_collect, out_gap, &od);
		if (r < 0)
			copy_short(cp, ctl_inode_error(cp->v, od.vpath, ino, r));
		for (size_t i = 0; i < od.n; i++) {
			_cleanup_free_ char *s = NULL, *t = NULL;
			if (asprintf(&s, "%s/%s", strcmp(src, ":/") ? src : ":", od.names[i]) >= 0 &&
			    asprintf(&t, "%s/%s", dst, od.names[i]) >= 0)
				copy_out(cp, od.inos[i], s, t);
			free(od.names[i]);
		}
		free(od.names);
		free(od.inos);
		restore_attrs(dst, &st, false);
		return 0;
	}
	if (S_ISLNK(st.mode)) {
		char target[4096];
		r = volume_readlink(cp->v, ino, target, sizeof(target));
		if (r < 0)
			return copy_error(cp, src, r);
		unlink(dst);
		if (symlink(target, dst) < 0)
			return copy_error(cp, dst, -errno);
		restore_attrs(dst, &st, true);
		return 0;
	}
	if (st.nlink > 1) {
		struct link_seen *l = link_find(cp, 0, 0, ino);
		if (l) {
			unlink(dst);
			if (link(l->path, dst) < 0)
				return copy_error(cp, dst, -errno);
			return 0;
		}
	}
	r = copy_data_out(cp, ino, dst, &st);
	if (r < 0 && data_short(cp, ino, src))
		return EXIT_INCOMPLETE;
	if (r == -EIO) {
		cp->errors++;
		return ctl_read_error(cp->v, src, ino, r);
	}
	if (r < 0)
		return copy_error(cp, dst, r);
	restore_attrs(dst, &st, false);
	if (st.nlink > 1)
		link_add(cp, 0, 0, ino, dst);
	return 0;
}

static void help(void)
{
	printf("Usage: chunkctl -V VOL cp [-r] SRC... DST\n\n"
	       "Copies between the host and the volume; volume paths start with ':' (e.g. :/dir/file).\n"
	       "Modes, owners, times, symlinks, hard links and holes are kept.\n\n"
	       "  -r, --recursive   copy directories and their contents\n\n"
	       "Out of the volume, a part that is in a chunk that is unavailable is named, the rest is\n"
	       "copied, and the exit status is 3.\n");
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	while (s && s[1] == '\0' && s != p) { /* trailing slash */
		const char *t = s;
		while (t > p && t[-1] != '/')
			t--;
		return t;
	}
	return s ? s + 1 : p;
}

static int cp_in(struct copy *cp, char **srcs, int nsrc, const char *dst)
{
	vino_t target, parent;
	_cleanup_free_ char *name = NULL;
	struct vstat st;
	bool to_dir;
	int r;

	r = volume_resolve(cp->v, dst, &target);
	to_dir = r == 0 && volume_stat(cp->v, target, &st) == 0 && S_ISDIR(st.mode);
	if (nsrc > 1 && !to_dir)
		return ctl_error("%s: not a directory (copying several sources)", ctl_quoted_volume_path(dst));
	if (!to_dir) {
		r = ctl_resolve_parent(cp->v, dst, &parent, &name);
		if (r < 0)
			return ctl_path_error(dst, r);
	}
	for (int i = 0; i < nsrc; i++) {
		_cleanup_free_ char *shown = NULL, *bn = NULL;
		if (to_dir) {
			bn = strdup(base_name(srcs[i]));
			if (!bn)
				return EXIT_ERR;
			if (bn[strlen(bn) - 1] == '/')
				bn[strlen(bn) - 1] = '\0';
			if (asprintf(&shown, ":%s/%s", strcmp(dst, "/") ? dst : "", bn) < 0)
				return EXIT_ERR;
			copy_in(cp, srcs[i], target, bn, shown);
		} else {
			if (asprintf(&shown, ":%s", dst) < 0)
				return EXIT_ERR;
			copy_in(cp, srcs[i], parent, name, shown);
		}
	}
	return 0;
}

static int cp_out(struct copy *cp, char **srcs, int nsrc, const char *dst)
{
	struct stat st;
	bool to_dir = stat(dst, &st) == 0 && S_ISDIR(st.st_mode);

	if (nsrc > 1 && !to_dir)
		return ctl_error("%s: not a directory (copying several sources)", ctl_quoted(dst));
	for (int i = 0; i < nsrc; i++) {
		const char *vp = ctl_volume_path(srcs[i]);
		_cleanup_free_ char *t = NULL;
		vino_t ino;
		int r = volume_resolve(cp->v, vp, &ino);
		if (r < 0) {
			copy_short(cp, ctl_resolve_error(cp->v, vp, r));
			continue;
		}
		if (to_dir) {
			const char *bn = base_name(vp);
			if (asprintf(&t, "%s/%s", dst, *bn ? bn : "root") < 0)
				return EXIT_ERR;
		} else if (!(t = strdup(dst))) {
			return EXIT_ERR;
		}
		copy_out(cp, ino, srcs[i], t);
	}
	return 0;
}

int cmd_cp(const struct ctl *ctl, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "recursive", no_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct copy cp = {};
	const char *dst;
	bool into;
	int c, r;

	while ((c = getopt_long(argc, argv, "rRah", opts, NULL)) >= 0) {
		switch (c) {
		case 'r': case 'R': case 'a':
			cp.recursive = true;
			break;
		case 'h':
			help();
			return EXIT_OK;
		default:
			return ctl_usage_error("cp", "bad option");
		}
	}
	if (argc - optind < 2)
		return ctl_usage_error("cp", "needs a source and a destination");
	dst = argv[argc - 1];
	into = ctl_volume_path(dst) != NULL;
	for (int i = optind; i < argc - 1; i++)
		if ((ctl_volume_path(argv[i]) != NULL) == into)
			return ctl_usage_error("cp", "'%s' and '%s' are on the same side: copy host -> volume or volume -> host",
					       argv[i], dst);
	r = ctl_open_volume(ctl, "cp", into, &cp.v);
	if (r)
		return r;
	cp.buf = malloc(BUF_SIZE);
	if (!cp.buf) {
		volume_close(cp.v);
		return EXIT_ERR;
	}
	if (into)
		r = cp_in(&cp, argv + optind, argc - 1 - optind, ctl_volume_path(dst));
	else
		r = cp_out(&cp, argv + optind, argc - 1 - optind, dst);
	ctl_progress_clear();
	if (volume_close(cp.v) < 0)
		cp.errors++;
	for (size_t i = 0; i < cp.nlinks; i++)
		free(cp.links[i].path);
	free(cp.links);
	free(cp.buf);
	return r ? r : cp.incomplete ? EXIT_INCOMPLETE : cp.errors ? EXIT_ERR : EXIT_OK;
}
