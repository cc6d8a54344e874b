/* chunkctl ls and cat: list a directory of the volume; write a file to stdout. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"
#include "libchunk/namespace/file.h"
#include "libchunk/base/macro.h"

struct ls_entry {
	char *name;
	vino_t ino;
	unsigned ftype;
};

/* One directory's listing, and what of it could not be read. */
struct ls_list {
	const char *path;
	struct ls_entry *e;
	size_t n, cap;
	int rc;
};

static int ls_collect(void *userdata, const char *name, vino_t ino, unsigned ftype)
{
	struct ls_list *l = userdata;

	if (l->n == l->cap) {
		size_t n = l->cap ? l->cap * 2 : 64;
		struct ls_entry *e = realloc(l->e, n * sizeof(*e));
		if (!e)
			return -ENOMEM;
		l->e = e;
		l->cap = n;
	}
	l->e[l->n] = (struct ls_entry){ .name = strdup(name), .ino = ino, .ftype = ftype };
	return l->e[l->n++].name ? 0 : -ENOMEM;
}

static int ls_gap(void *userdata, unsigned chunk, uint32_t ino, int err)
{
	struct ls_list *l = userdata;

	l->rc = ctl_exit_worst(l->rc, ctl_dir_gap_error(l->path, "are not listed", chunk, ino, err));
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct ls_entry *)a)->name, ((const struct ls_entry *)b)->name);
}

static void mode_string(mode_t m, char out[11])
{
	static const char rwx[] = "rwxrwxrwx";

	out[0] = S_ISDIR(m) ? 'd' : S_ISLNK(m) ? 'l' : S_ISCHR(m) ? 'c' : S_ISBLK(m) ? 'b' : S_ISFIFO(m) ? 'p' : S_ISSOCK(m) ? 's' : '-';
	for (int i = 0; i < 9; i++)
		out[i + 1] = (m & (0400 >> i)) ? rwx[i] : '-';
	out[10] = '\0';
}

static int print_long(struct volume *v, const char *path, const char *name, vino_t ino)
{
	struct vstat st;
	char mode[11], when[32], target[4096] = "";
	time_t t;
	int r = volume_stat(v, ino, &st);

	if (r < 0) {
		printf("?????????? %s (%s)\n", name, strerror(-r));
		return ctl_inode_error(v, path, ino, r);
	}
	mode_string(st.mode, mode);
	t = (time_t)st.mtime;
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M", localtime(&t));
	if (S_ISLNK(st.mode))
		volume_readlink(v, ino, target, sizeof(target));
	printf("%s %3lu %5u %5u %10llu %s %4u:%-8u %s%s%s\n", mode, (unsigned long)st.nlink, st.uid, st.gid,
	       (unsigned long long)st.size, when, VINO_CHUNK(ino), VINO_INO(ino), name, *target ? " -> " : "", target);
	return EXIT_OK;
}

struct ls {
	struct volume *v;
	bool longfmt, recursive;
};

/* A subdirectory PARENT/NAME of an ls -R: its path, or NULL when out of memory. */
static char *sub_path(const char *parent, const char *name)
{
	char *p;

	return asprintf(&p, "%s/%s", strcmp(parent, "/") ? parent : "", name) < 0 ? NULL : p;
}

static bool is_dir(struct volume *v, const struct ls_entry *e)
{
	struct vstat st;

	if (e->ftype)
		return volume_dirent_type(e->ftype) == S_IFDIR;
	return volume_stat(v, e->ino, &st) == 0 && S_ISDIR(st.mode);
}

/* Lists directory PATH (INO); with -R, then each subdirectory under its own heading, to the
 * end even when a part could not be read. Returns the exit status. */
static int ls_dir(const struct ls *ls, const char *path, vino_t ino)
{
	struct ls_list l = { .path = path };
	int r = volume_readdir_gaps(ls->v, ino, ls_collect, ls_gap, &l);

	if (r < 0)
		l.rc = ctl_exit_worst(l.rc, ctl_inode_error(ls->v, path, ino, r));
	if (l.n)
		qsort(l.e, l.n, sizeof(*l.e), by_name); /* an empty directory has no array */
	for (size_t j = 0; j < l.n; j++) {
		_cleanup_free_ char *p = ls->longfmt ? sub_path(path, l.e[j].name) : NULL;
		if (ls->longfmt)
			l.rc = ctl_exit_worst(l.rc, print_long(ls->v, p ? p : path, l.e[j].name, l.e[j].ino));
		else
			printf("%s\n", l.e[j].name);
	}
	for (size_t j = 0; j < l.n; j++) {
		if (ls->recursive && is_dir(ls->v, &l.e[j])) {
			_cleanup_free_ char *p = sub_path(path, l.e[j].name);
			if (!p) {
				l.rc = ctl_exit_worst(l.rc, ctl_error(":%s: out of memory", path));
				break;
			}
			printf("\n:%s:\n", p);
			l.rc = ctl_exit_worst(l.rc, ls_dir(ls, p, l.e[j].ino));
		}
	}
	for (size_t j = 0; j < l.n; j++)
		free(l.e[j].name);
	free(l.e);
	return l.rc;
}

int cmd_ls(const struct ctl *ctl, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "long", no_argument, NULL, 'l' },
		{ "recursive", no_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct ls ls = {};
	int c, r, rc = EXIT_OK;

	while ((c = getopt_long(argc, argv, "lRh", opts, NULL)) >= 0) {
		if (c == 'l')
			ls.longfmt = true;
		else if (c == 'R')
			ls.recursive = true;
		else if (c == 'h') {
			printf("Usage: chunkctl -V VOL ls [-l] [-R] [:PATH...]\n\n"
			       "Lists directories of the volume. -l shows mode, links, owner, size, time and the\n"
			       "chunk:inode of each entry; -R lists each subdirectory too. Exits 3 when a part of\n"
			       "a directory is in a chunk that is unavailable, after listing the rest.\n");
			return EXIT_OK;
		} else
			return ctl_usage_error("ls", "bad option");
	}
	for (int i = optind; i < argc; i++)
		if (!ctl_volume_path(argv[i]))
			return ctl_usage_error("ls", "'%s' is not a volume path (write it as :/path)", argv[i]);
	r = ctl_open_volume(ctl, "ls", false, &ls.v);
	if (r)
		return r;
	for (int i = optind; i < argc || i == optind; i++) {
		const char *p = i < argc ? ctl_volume_path(argv[i]) : "/";
		struct vstat st;
		vino_t ino;
		r = volume_resolve(ls.v, p, &ino);
		if (r < 0) {
			rc = ctl_exit_worst(rc, ctl_resolve_error(ls.v, p, r));
			continue;
		}
		r = volume_stat(ls.v, ino, &st);
		if (r < 0) {
			rc = ctl_exit_worst(rc, ctl_inode_error(ls.v, p, ino, r));
			continue;
		}
		if (!S_ISDIR(st.mode)) {
			if (ls.longfmt)
				rc = ctl_exit_worst(rc, print_long(ls.v, p, p, ino));
			else
				printf("%s\n", p);
			continue;
		}
		if (argc - optind > 1 || ls.recursive)
			printf("%s:%s:\n", i > optind ? "\n" : "", p);
		rc = ctl_exit_worst(rc, ls_dir(&ls, p, ino));
	}
	if (volume_close(ls.v) < 0)
		rc = ctl_exit_worst(rc, EXIT_ERR);
	return rc;
}

int cmd_cat(const struct ctl *ctl, int argc, char **argv)
{
	struct volume *v;
	_cleanup_free_ char *buf = NULL;
	int r, rc = EXIT_OK;

	if (ctl_wants_help(argc, argv)) {
		printf("Usage: chunkctl -V VOL cat :PATH...\n\nWrites files of the volume to standard output.\n");
		return EXIT_OK;
	}
	if (getopt(argc, argv, "") >= 0)
		return ctl_usage_error("cat", "bad option");
	if (optind >= argc)
		return ctl_usage_error("cat", "needs a file");
	if ((r = ctl_want_volume_paths("cat", optind, argc, argv)))
		return r;
	buf = malloc(1 << 20);
	if (!buf)
		return EXIT_ERR;
	r = ctl_open_volume(ctl, "cat", false, &v);
	if (r)
		return r;
	for (int i = optind; i < argc; i++) {
		struct vfile *f;
		uint64_t off = 0;
		vino_t ino;
		r = volume_resolve(v, ctl_volume_path(argv[i]), &ino);
		if (r == 0)
			r = vfile_open(v, ino, false, &f);
		if (r < 0) {
			rc = ctl_path_error(argv[i], r);
			continue;
		}
		for (;;) {
			ssize_t n = vfile_pread(f, buf, 1 << 20, off);
			if (n < 0) {
				rc = ctl_path_error(argv[i], (int)n);
				break;
			}
			if (n == 0)
				break;
			if (fwrite(buf, 1, (size_t)n, stdout) != (size_t)n) {
				rc = ctl_error("stdout: write error");
				break;
			}
			off += (uint64_t)n;
		}
		vfile_close(f);
	}
	if (fflush(stdout) != 0)
		rc = EXIT_ERR;
	volume_close(v);
	return rc;
}
