/* chunkctl mkdir, rm, mv, ln: change the volume's namespace. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"
#include "libchunk/base/macro.h"

/* All arguments after the options must be volume paths. */
static int want_volume_paths(const char *cmd, int from, int argc, char **argv)
{
	for (int i = from; i < argc; i++)
		if (!ctl_volume_path(argv[i]))
			return ctl_usage_error(cmd, "'%s' is not a volume path (write it as :/path)", argv[i]);
	return 0;
}

static int mkdir_one(struct volume *v, const char *path, bool parents)
{
	_cleanup_free_ char *name = NULL;
	vino_t parent, ino;
	int r = ctl_resolve_parent(v, path, &parent, &name);

	if (r == -ENOENT && parents) {
		_cleanup_free_ char *up = strdup(path);
		char *slash = up ? strrchr(up, '/') : NULL;
		if (slash && slash != up) {
			*slash = '\0';
			r = mkdir_one(v, up, true);
			if (r == 0)
				r = ctl_resolve_parent(v, path, &parent, &name);
		}
	}
	if (r < 0)
		return r;
	r = volume_mkdir(v, parent, name, 0755, getuid(), getgid(), &ino);
	return r == -EEXIST && parents ? 0 : r;
}

int cmd_mkdir(const struct ctl *ctl, int argc, char **argv)
{
	struct volume *v;
	bool parents = false;
	int c, r, rc = EXIT_OK;

	while ((c = getopt(argc, argv, "ph")) >= 0) {
		if (c == 'p')
			parents = true;
		else if (c == 'h') {
			printf("Usage: chunkctl -V VOL mkdir [-p] :PATH...\n\n  -p   make parents as needed, no error if it exists\n");
			return EXIT_OK;
		} else
			return ctl_usage_error("mkdir", "bad option");
	}
	if (optind >= argc)
		return ctl_usage_error("mkdir", "needs a directory");
	if ((r = want_volume_paths("mkdir", optind, argc, argv)))
		return r;
	if ((r = ctl_open_volume(ctl, "mkdir", true, &v)))
		return r;
	for (int i = optind; i < argc; i++) {
		r = mkdir_one(v, ctl_volume_path(argv[i]), parents);
		if (r < 0)
			rc = ctl_path_error(argv[i], r);
	}
	if (volume_close(v) < 0)
		rc = EXIT_ERR;
	return rc;
}

struct names {
	char **v;
	size_t n, cap;
};

static int names_collect(void *userdata, const char *name, vino_t ino, unsigned ftype)
{
	struct names *l = userdata;

	if (l->n == l->cap) {
		size_t n = l->cap ? l->cap * 2 : 32;
		char **nv = realloc(l->v, n * sizeof(*nv));
		if (!nv)
			return -ENOMEM;
		l->v = nv;
		l->cap = n;
	}
	l->v[l->n++] = strdup(name);
	return 0;
}

static int rm_tree(struct volume *v, vino_t dir, const char *name, const char *shown, int *errors)
{
	struct vstat st;
	struct names l = {};
	vino_t ino;
	int r = volume_lookup(v, dir, name, &ino);

	if (r == 0)
		r = volume_stat(v, ino, &st);
	if (r < 0)
		return r;
	if (!S_ISDIR(st.mode))
		return volume_unlink(v, dir, name);
	r = volume_readdir(v, ino, names_collect, &l);
	for (size_t i = 0; i < l.n; i++) {
		_cleanup_free_ char *s = NULL;
		if (r == 0 && asprintf(&s, "%s/%s", shown, l.v[i]) >= 0) {
			int q = rm_tree(v, ino, l.v[i], s, errors);
			if (q < 0) {
				ctl_path_error(s, q);
				(*errors)++;
			}
		}
		free(l.v[i]);
	}
	free(l.v);
	return r < 0 ? r : volume_rmdir(v, dir, name);
}

int cmd_rm(const struct ctl *ctl, int argc, char **argv)
{
	struct volume *v;
	bool recursive = false, force = false;
	int c, r, rc = EXIT_OK, errors = 0;

	while ((c = getopt(argc, argv, "rRfh")) >= 0) {
		if (c == 'r' || c == 'R')
			recursive = true;
		else if (c == 'f')
			force = true;
		else if (c == 'h') {
			printf("Usage: chunkctl -V VOL rm [-r] [-f] :PATH...\n\n  -r   remove directories and their contents\n"
			       "  -f   no error for a path that does not exist\n");
			return EXIT_OK;
		} else
			return ctl_usage_error("rm", "bad option");
	}
	if (optind >= argc)
		return ctl_usage_error("rm", "needs a path");
	if ((r = want_volume_paths("rm", optind, argc, argv)))
		return r;
	if ((r = ctl_open_volume(ctl, "rm", true, &v)))
		return r;
	for (int i = optind; i < argc; i++) {
		_cleanup_free_ char *name = NULL;
		vino_t parent;
		r = ctl_resolve_parent(v, ctl_volume_path(argv[i]), &parent, &name);
		if (r == 0)
			r = recursive ? rm_tree(v, parent, name, argv[i], &errors) : volume_unlink(v, parent, name);
		if (r == -EISDIR)
			rc = ctl_error("%s: is a directory (use rm -r)", argv[i]);
		else if (r < 0 && !(force && r == -ENOENT))
			rc = ctl_path_error(argv[i], r);
	}
	if (volume_close(v) < 0 || errors)
		rc = EXIT_ERR;
	return rc;
}

/* DST names an existing directory: the source goes inside it under its own name. */
static int target_of(struct volume *v, const char *src, const char *dst, vino_t *dir, char **name)
{
	struct vstat st;
	vino_t ino;

	if (volume_resolve(v, dst, &ino) == 0 && volume_stat(v, ino, &st) == 0 && S_ISDIR(st.mode)) {
		vino_t sp;
		int r = ctl_resolve_parent(v, src, &sp, name);
		*dir = ino;
		return r;
	}
	return ctl_resolve_parent(v, dst, dir, name);
}

int cmd_mv(const struct ctl *ctl, int argc, char **argv)
{
	struct volume *v;
	int r, rc = EXIT_OK;
	const char *dst;

	if (ctl_wants_help(argc, argv)) {
		printf("Usage: chunkctl -V VOL mv :SRC... :DST\n\nRenames within or across chunks; into DST if it is a directory.\n");
		return EXIT_OK;
	}
	if (argc < 3)
		return ctl_usage_error("mv", "needs a source and a destination");
	if ((r = want_volume_paths("mv", 1, argc, argv)))
		return r;
	if ((r = ctl_open_volume(ctl, "mv", true, &v)))
		return r;
	dst = ctl_volume_path(argv[argc - 1]);
	for (int i = 1; i < argc - 1; i++) {
		_cleanup_free_ char *sname = NULL, *dname = NULL;
		vino_t sdir, ddir;
		r = ctl_resolve_parent(v, ctl_volume_path(argv[i]), &sdir, &sname);
		if (r == 0)
			r = target_of(v, ctl_volume_path(argv[i]), dst, &ddir, &dname);
		if (r == 0)
			r = volume_rename(v, sdir, sname, ddir, dname);
		if (r < 0)
			rc = ctl_error("%s -> %s: %s", argv[i], argv[argc - 1], strerror(-r));
	}
	if (volume_close(v) < 0)
		rc = EXIT_ERR;
	return rc;
}

int cmd_ln(const struct ctl *ctl, int argc, char **argv)
{
	_cleanup_free_ char *dname = NULL;
	struct volume *v;
	bool symbolic = false;
	vino_t ddir, target;
	int c, r, rc = EXIT_OK;

	while ((c = getopt(argc, argv, "sh")) >= 0) {
		if (c == 's')
			symbolic = true;
		else if (c == 'h') {
			printf("Usage: chunkctl -V VOL ln :TARGET :LINK\n       chunkctl -V VOL ln -s TARGET-TEXT :LINK\n\n"
			       "Makes a hard link (across chunks too), or with -s a symbolic link.\n");
			return EXIT_OK;
		} else
			return ctl_usage_error("ln", "bad option");
	}
	if (argc - optind != 2)
		return ctl_usage_error("ln", "needs a target and a link name");
	if (!ctl_volume_path(argv[optind + 1]) || (!symbolic && !ctl_volume_path(argv[optind])))
		return ctl_usage_error("ln", "volume paths are written as :/path");
	if ((r = ctl_open_volume(ctl, "ln", true, &v)))
		return r;
	r = target_of(v, symbolic ? "x" : ctl_volume_path(argv[optind]), ctl_volume_path(argv[optind + 1]), &ddir, &dname);
	if (r == 0 && symbolic)
		r = volume_symlink(v, ddir, dname, argv[optind], getuid(), getgid(), &target);
	else if (r == 0) {
		r = volume_resolve(v, ctl_volume_path(argv[optind]), &target);
		if (r == 0)
			r = volume_link(v, target, ddir, dname);
	}
	if (r < 0)
		rc = ctl_error("%s: %s", argv[optind + 1], strerror(-r));
	if (volume_close(v) < 0)
		rc = EXIT_ERR;
	return rc;
}
