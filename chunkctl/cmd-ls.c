/* chunkctl ls and cat: list a directory of the volume; write a file to stdout. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"
#include "libchunk/namespace/file.h"
#include "libchunk/base/json-text.h"
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

struct ls {
	struct volume *v;
	bool longfmt, recursive, human;
	struct json_object *listings;  /* --json: the document's array, one listing per directory */
};

static struct json_object *long_to_json(struct json_object *o, const struct vstat *st, const char *target)
{
	char mode[8];

	snprintf(mode, sizeof(mode), "%04o", st->mode & 07777);
	if (!json_add(o, "type", json_object_new_string(ctl_type_name(st->mode))) ||
	    !json_add(o, "mode", json_object_new_string(mode)) || !json_add(o, "nlink", json_object_new_uint64(st->nlink)) ||
	    !json_add(o, "uid", json_object_new_uint64(st->uid)) || !json_add(o, "gid", json_object_new_uint64(st->gid)) ||
	    !json_add(o, "size", json_object_new_uint64(st->size)) || !json_add(o, "mtime", json_object_new_int64(st->mtime)) ||
	    (S_ISLNK(st->mode) && !json_add(o, "target", json_text_new(target))))
		return NULL;
	return o;
}

/* One entry of a listing: NAME (as the text shows it), INO; with -l its attributes, else its
 * type when the directory records it. */
static int print_entry(const struct ls *ls, struct json_object *entries, const char *path, const char *name,
		       vino_t ino, unsigned ftype)
{
	_cleanup_(json_object_putp) struct json_object *o = NULL;
	char mode[11], when[32], target[4096] = "", size[CTL_HUMAN_SIZE_MAX];
	struct vstat st;
	time_t t;
	int r = 0;

	if (ls->longfmt && (r = volume_stat(ls->v, ino, &st)) == 0 && S_ISLNK(st.mode))
		volume_readlink(ls->v, ino, target, sizeof(target));
	if (entries) {
		o = json_object_new_object();
		if (!o || !json_add(o, "name", json_text_new(name)) || !json_add(o, "ino", json_object_new_uint64(ino)) ||
		    !json_add(o, "chunk", json_object_new_uint64(VINO_CHUNK(ino))) ||
		    !json_add(o, "local_ino", json_object_new_uint64(VINO_INO(ino))) ||
		    (ls->longfmt && r == 0 && !long_to_json(o, &st, target)) ||
		    (ls->longfmt && r < 0 && !json_add(o, "error", json_object_new_string(strerror(-r)))) ||
		    (!ls->longfmt && ftype && !json_add(o, "type", json_object_new_string(ctl_type_name(volume_dirent_type(ftype))))) ||
		    !json_append(entries, TAKE_PTR(o)))
			return ctl_error("%s: out of memory for the JSON output", ctl_quoted_volume_path(path));
	} else if (!ls->longfmt) {
		ctl_print_name(stdout, name);
		putchar('\n');
	} else if (r < 0) {
		fputs("?????????? ", stdout);
		ctl_print_name(stdout, name);
		printf(" (%s)\n", strerror(-r));
	} else {
		mode_string(st.mode, mode);
		t = (time_t)st.mtime;
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M", localtime(&t));
		if (ls->human)
			ctl_human_size(st.size, size);
		else
			snprintf(size, sizeof(size), "%llu", (unsigned long long)st.size);
		printf("%s %3lu %5u %5u %10s %s %4u:%-8u ", mode, (unsigned long)st.nlink, st.uid, st.gid, size, when,
		       VINO_CHUNK(ino), VINO_INO(ino));
		ctl_print_name(stdout, name);
		if (S_ISLNK(st.mode)) {
			fputs(" -> ", stdout);
			ctl_print_name(stdout, target);
		}
		putchar('\n');
	}
	return r < 0 ? ctl_inode_error(ls->v, path, ino, r) : EXIT_OK;
}

/* A new listing of SHOWN (the directory's path as the header shows it) in the --json
 * document, its "path" as ctl_volume_path_json() writes it; its "entries" array, or NULL
 * when out of memory. */
static struct json_object *json_listing(const struct ls *ls, const char *shown)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();
	struct json_object *entries;

	if (!o || !json_add(o, "path", json_text_new(ctl_volume_path_json(shown))) ||
	    !json_add(o, "entries", json_object_new_array()))
		return NULL;
	entries = json_object_object_get(o, "entries");
	return json_append(ls->listings, TAKE_PTR(o)) ? entries : NULL;
}

/* A subdirectory NAME of SHOWN, the path of an ls -R heading: one '/' between them however
 * SHOWN ends; NULL when out of memory. */
static char *sub_path(const char *shown, const char *name)
{
	size_t len = strlen(shown);
	char *p;

	while (len > 0 && shown[len - 1] == '/')
		len--;
	return asprintf(&p, "%.*s/%s", (int)len, shown, name) < 0 ? NULL : p;
}

static bool is_dir(struct volume *v, const struct ls_entry *e)
{
	struct vstat st;

	if (e->ftype)
		return volume_dirent_type(e->ftype) == S_IFDIR;
	return volume_stat(v, e->ino, &st) == 0 && S_ISDIR(st.mode);
}

/* Lists directory SHOWN (INO), SHOWN being its path as given, ":" and all; with -R, then each
 * subdirectory under its own heading, to the end even when a part could not be read. Returns
 * the exit status. */
static int ls_dir(const struct ls *ls, const char *shown, vino_t ino)
{
	const char *path = ctl_volume_path(shown);
	struct ls_list l = { .path = path };
	struct json_object *entries = NULL;
	int r = volume_readdir_gaps(ls->v, ino, ls_collect, ls_gap, &l);

	if (r < 0)
		l.rc = ctl_exit_worst(l.rc, ctl_inode_error(ls->v, path, ino, r));
	if (ls->listings && !(entries = json_listing(ls, shown)))
		l.rc = ctl_exit_worst(l.rc, ctl_error("%s: out of memory for the JSON output", ctl_quoted(shown)));
	if (l.n)
		qsort(l.e, l.n, sizeof(*l.e), by_name); /* an empty directory has no array */
	for (size_t j = 0; j < l.n && (entries || !ls->listings); j++) {
		_cleanup_free_ char *p = ls->longfmt ? sub_path(path, l.e[j].name) : NULL;
		l.rc = ctl_exit_worst(l.rc, print_entry(ls, entries, p ? p : path, l.e[j].name, l.e[j].ino, l.e[j].ftype));
	}
	for (size_t j = 0; j < l.n; j++) {
		if (ls->recursive && is_dir(ls->v, &l.e[j])) {
			_cleanup_free_ char *p = sub_path(shown, l.e[j].name);
			if (!p) {
				l.rc = ctl_exit_worst(l.rc, ctl_error("%s: out of memory", ctl_quoted_volume_path(path)));
				break;
			}
			if (!ls->listings) {
				putchar('\n');
				ctl_print_name(stdout, p);
				puts(":");
			}
			l.rc = ctl_exit_worst(l.rc, ls_dir(ls, p, l.e[j].ino));
		}
	}
	for (size_t j = 0; j < l.n; j++)
		free(l.e[j].name);
	free(l.e);
	return l.rc;
}

static void ls_help(void)
{
	printf("Usage: chunkctl -V VOL ls [-l] [-R] [-h|--bytes] [--json] [:PATH...]\n\n"
	       "Lists directories of the volume. -l shows mode, links, owner, size, time and the\n"
	       "chunk:inode of each entry; -R lists each subdirectory too, each under its path as\n"
	       "given. A name with a control character or bytes that are not UTF-8 is shown quoted\n"
	       "as GNU ls does ('a'$'\\n''b'). Exits 3 when a part of a directory is in a chunk that\n"
	       "is unavailable, after listing the rest.\n\n"
	       "  -l, --long         the long format\n"
	       "  -R, --recursive    every subdirectory too\n"
	       "  -h, --human-readable  sizes as 1.5K, 20M (the default on a terminal)\n"
	       "      --bytes        sizes in bytes (the default otherwise)\n"
	       "      --json         one JSON document: {\"listings\": [{\"path\", \"entries\": [...]}]}\n"
	       "      --help         this text\n");
}

int cmd_ls(const struct ctl *ctl, int argc, char **argv)
{
	enum { OPT_JSON = 256, OPT_BYTES, OPT_HELP };
	static const struct option opts[] = {
		{ "long", no_argument, NULL, 'l' },
		{ "recursive", no_argument, NULL, 'R' },
		{ "human-readable", no_argument, NULL, 'h' },
		{ "bytes", no_argument, NULL, OPT_BYTES },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "help", no_argument, NULL, OPT_HELP },
		{}
	};
	_cleanup_(json_object_putp) struct json_object *doc = NULL;
	struct ls ls = { .human = isatty(STDOUT_FILENO) };
	bool json = false;
	int c, r, rc = EXIT_OK;

	while ((c = getopt_long(argc, argv, "lRh", opts, NULL)) >= 0) {
		switch (c) {
		case 'l': ls.longfmt = true; break;
		case 'R': ls.recursive = true; break;
		case 'h': ls.human = true; break;
		case OPT_BYTES: ls.human = false; break;
		case OPT_JSON: json = true; break;
		case OPT_HELP: ls_help(); return EXIT_OK;
		default: return ctl_usage_error("ls", "bad option");
		}
	}
	if ((r = ctl_want_volume_paths("ls", optind, argc, argv)))
		return r;
	r = ctl_open_volume(ctl, "ls", false, &ls.v);
	if (r)
		return r;
	if (json && (!(doc = json_object_new_object()) || !json_add(doc, "listings", json_object_new_array()))) {
		volume_close(ls.v);
		return ctl_error("out of memory for the JSON output");
	}
	ls.listings = json ? json_object_object_get(doc, "listings") : NULL;
	for (int i = optind; i < argc || i == optind; i++) {
		const char *shown = i < argc ? argv[i] : ":/", *p = ctl_volume_path(shown);
		struct json_object *entries;
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
			/* A file named on the command line: a listing of its own, of itself. */
			entries = ls.listings ? json_listing(&ls, shown) : NULL;
			if (ls.listings && !entries)
				rc = ctl_exit_worst(rc, ctl_error("%s: out of memory for the JSON output", ctl_quoted(shown)));
			else
				rc = ctl_exit_worst(rc, print_entry(&ls, entries, p, shown, ino, 0));
			continue;
		}
		if (!json && (argc - optind > 1 || ls.recursive)) {
			fputs(i > optind ? "\n" : "", stdout);
			ctl_print_name(stdout, shown);
			puts(":");
		}
		rc = ctl_exit_worst(rc, ls_dir(&ls, shown, ino));
	}
	if (json && json_print(stdout, doc, JSON_C_TO_STRING_SPACED) < 0)
		rc = ctl_exit_worst(rc, ctl_error("cannot write the JSON output"));
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
				rc = ctl_read_error(v, argv[i], ino, (int)n);
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
