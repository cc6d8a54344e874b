/* chunkctl rm: remove files, or (-r) whole trees, from the volume. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"
#include "libchunk/base/macro.h"

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

/* A removal by rm -r: the paths it could not remove, and what it removed, for the progress
 * line a big tree gets on a terminal (as cp -r's). */
struct rm_walk {
	int errors;
	uint64_t removed;
};

static int rm_removed(struct rm_walk *w, int r)
{
	if (r == 0) {
		w->removed++;
		ctl_progress("rm: %" PRIu64 " file(s) removed", w->removed);
	}
	return r;
}

static int rm_tree(struct volume *v, vino_t dir, const char *name, const char *shown, struct rm_walk *w)
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
		return rm_removed(w, volume_unlink(v, dir, name));
	r = volume_readdir(v, ino, names_collect, &l);
	for (size_t i = 0; i < l.n; i++) {
		_cleanup_free_ char *s = NULL;
		if (r == 0 && asprintf(&s, "%s/%s", shown, l.v[i]) >= 0) {
			int q = rm_tree(v, ino, l.v[i], s, w);
			if (q < 0) {
				ctl_path_error(s, q);
				w->errors++;
			}
		}
		free(l.v[i]);
	}
	free(l.v);
	return r < 0 ? r : rm_removed(w, volume_rmdir(v, dir, name));
}

int cmd_rm(const struct ctl *ctl, int argc, char **argv)
{
	struct volume *v;
	bool recursive = false, force = false;
	struct rm_walk w = {};
	int c, r, rc = EXIT_OK;

	if (ctl_wants_help(argc, argv)) {
		printf("Usage: chunkctl -V VOL rm [-r] [-f] :PATH...\n\n  -r   remove directories and their contents\n"
		       "  -f   no error for a path that does not exist\n");
		return EXIT_OK;
	}
	while ((c = getopt(argc, argv, "rRf")) >= 0) {
		if (c == 'r' || c == 'R')
			recursive = true;
		else if (c == 'f')
			force = true;
		else
			return ctl_usage_error("rm", "bad option");
	}
	if (optind >= argc)
		return ctl_usage_error("rm", "needs a path");
	if ((r = ctl_want_volume_paths("rm", optind, argc, argv)))
		return r;
	if ((r = ctl_open_volume(ctl, "rm", true, &v)))
		return r;
	for (int i = optind; i < argc; i++) {
		_cleanup_free_ char *name = NULL;
		vino_t parent;
		r = ctl_resolve_parent(v, ctl_volume_path(argv[i]), &parent, &name);
		if (r == 0)
			r = recursive ? rm_tree(v, parent, name, argv[i], &w) : volume_unlink(v, parent, name);
		if (r == -EISDIR)
			rc = ctl_error("%s: is a directory (use rm -r)", ctl_quoted(argv[i]));
		else if (r < 0 && !(force && r == -ENOENT))
			rc = ctl_path_error(argv[i], r);
	}
	ctl_progress_clear();
	if (volume_close(v) < 0 || w.errors)
		rc = EXIT_ERR;
	return rc;
}
