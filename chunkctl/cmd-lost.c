/* chunkctl lost: the byte ranges a repair marked lost (they read as EIO), listed for files or a
 * whole tree, and cleared by the admin who has restored or given up those bytes; and --ack,
 * which empties the list of files a chunk's repairs lost that chunkctl status shows. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"
#include "libchunk/format/record.h"
#include "libchunk/namespace/file.h"
#include "libchunk/volume/volume.h"

struct lost {
	struct volume *v;
	bool clear, json;
	struct json_object *out;     /* --json: the array of files printed at the end */
	unsigned files;
};

struct lost_dir {
	const char *path;
	char **names;
	vino_t *inos;
	size_t n, cap;
	int rc;
};

static uint64_t ranges_bytes(const struct record_range *rg, size_t n)
{
	uint64_t b = 0;

	for (size_t i = 0; i < n; i++)
		b += rg[i].end - rg[i].start;
	return b;
}

/* {"volume": VOL, "files": FILES}, an object as every --json document is. */
static int json_print_files(const char *volume, struct json_object *files)
{
	_cleanup_(json_object_putp) struct json_object *doc = json_object_new_object();

	if (!doc || !json_add(doc, "volume", json_text_new(volume)) ||
	    !json_add(doc, "files", json_object_get(files)))
		return -ENOMEM;
	return json_print(stdout, doc, JSON_C_TO_STRING_SPACED);
}

static bool add_json(struct lost *l, const char *path, const struct record_range *rg, size_t n, uint64_t cleared)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();
	_cleanup_(json_object_putp) struct json_object *a = json_object_new_array();

	if (!o || !a)
		return false;
	for (size_t i = 0; i < n; i++) {
		struct json_object *pair = json_object_new_array_ext(2);
		if (!json_append(a, pair) || !json_append(pair, json_object_new_uint64(rg[i].start)) ||
		    !json_append(pair, json_object_new_uint64(rg[i].end)))
			return false;
	}
	return json_add(o, "path", json_text_new(path)) &&
	       json_add(o, "lost_bytes", json_object_new_uint64(ranges_bytes(rg, n))) &&
	       json_add(o, "ranges", TAKE_PTR(a)) && json_add(o, "cleared", json_object_new_uint64(cleared)) &&
	       json_append(l->out, TAKE_PTR(o));
}

/* File INO (:PATH): its lost ranges printed (ALWAYS: even when there are none), then cleared
 * with --clear. Returns the exit status. */
static int lost_file(struct lost *l, const char *path, vino_t ino, bool always)
{
	_cleanup_(vfile_closep) struct vfile *f = NULL;
	_cleanup_free_ struct record_range *rg = NULL;
	int64_t cleared = 0;
	size_t n = 0;
	int r = vfile_open(l->v, ino, l->clear, &f);

	if (r == 0)
		r = vfile_lost_ranges(f, &rg, &n);
	if (r == 0 && l->clear && n)
		cleared = vfile_clear_lost(f);
	if (r == 0 && cleared < 0)
		r = (int)cleared;
	if (r < 0)
		return ctl_inode_error(l->v, path, ino, r);
	if (n == 0 && !always)
		return EXIT_OK;
	l->files += n > 0;
	if (l->json)
		return add_json(l, path, rg, n, (uint64_t)cleared) ? EXIT_OK : ctl_error("%s: out of memory", ctl_quoted_volume_path(path));
	printf("%s: ", ctl_quoted_volume_path(path));
	if (n == 0) {
		printf("no lost ranges\n");
		return EXIT_OK;
	}
	printf("%llu byte(s) %s", (unsigned long long)ranges_bytes(rg, n), l->clear ? "unmarked, now zeros:" : "lost:");
	for (size_t i = 0; i < n; i++)
		printf(" [%llu, %llu)", (unsigned long long)rg[i].start, (unsigned long long)rg[i].end);
	printf("\n");
	return EXIT_OK;
}

static int collect(void *userdata, const char *name, vino_t ino, unsigned ftype)
{
	struct lost_dir *d = userdata;
	mode_t type = volume_dirent_type(ftype);

	if (type && type != S_IFREG && type != S_IFDIR)
		return 0;
	if (d->n == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 64;
		char **names = realloc(d->names, cap * sizeof(*names));
		vino_t *inos;
		if (!names)
			return -ENOMEM;
		d->names = names;
		inos = realloc(d->inos, cap * sizeof(*inos));
		if (!inos)
			return -ENOMEM;
		d->inos = inos;
		d->cap = cap;
	}
	d->inos[d->n] = ino;
	d->names[d->n] = strdup(name);
	return d->names[d->n++] ? 0 : -ENOMEM;
}

static int gap(void *userdata, unsigned chunk, uint32_t ino, int err)
{
	struct lost_dir *d = userdata;

	d->rc = ctl_exit_worst(d->rc, ctl_dir_gap_error(d->path, "are not searched", chunk, ino, err));
	return 0;
}

/* Every file at or under :PATH (INO) that has lost ranges. Returns the exit status. */
static int lost_tree(struct lost *l, const char *path, vino_t ino, bool named)
{
	struct lost_dir d = { .path = path };
	struct vstat st;
	int r = volume_stat(l->v, ino, &st);

	if (r < 0)
		return ctl_inode_error(l->v, path, ino, r);
	if (S_ISREG(st.mode))
		return lost_file(l, path, ino, named);
	if (!S_ISDIR(st.mode))
		return named ? ctl_error("%s: not a regular file", ctl_quoted_volume_path(path)) : EXIT_OK;
	r = volume_readdir_gaps(l->v, ino, collect, gap, &d);
	if (r < 0)
		d.rc = ctl_exit_worst(d.rc, ctl_inode_error(l->v, path, ino, r));
	for (size_t i = 0; i < d.n; i++) {
		_cleanup_free_ char *p = NULL;
		if (asprintf(&p, "%s/%s", strcmp(path, "/") ? path : "", d.names[i]) < 0)
			d.rc = ctl_exit_worst(d.rc, ctl_error("%s: out of memory", ctl_quoted_volume_path(path)));
		else
			d.rc = ctl_exit_worst(d.rc, lost_tree(l, p, d.inos[i], false));
		free(d.names[i]);
	}
	free(d.names);
	free(d.inos);
	return d.rc;
}

static int lost_help(void)
{
	printf("Usage: chunkctl -V VOL lost [--json] [:PATH...]\n"
	       "       chunkctl -V VOL lost --clear :FILE...\n"
	       "       chunkctl -V VOL lost --ack CHUNK...\n\n"
	       "Lists the byte ranges of files that a repair could not keep. They read as EIO (cp, cat\n"
	       "and the mount fail naming the file) until written over, truncated away or cleared.\n"
	       "A FILE named is listed even without lost ranges; a directory (and no PATH: the whole\n"
	       "volume) is searched, and only the files with lost ranges are listed.\n\n"
	       "  --clear   unmark the lost ranges of each FILE: they read as zeros from then on\n"
	       "  --ack     acknowledge the files the repairs of each CHUNK lost or moved, which\n"
	       "            chunkctl status lists until then (the lost ranges stay marked)\n"
	       "  --json    one JSON document: {\"volume\": VOL, \"files\": [{path, lost_bytes, ranges, cleared}]}\n\n"
	       "Exits 0, 1 on an error, 3 when part of a tree could not be searched.\n");
	return EXIT_OK;
}

/* --ack: each chunk's list of files its repairs lost emptied. Returns the exit status. */
static int lost_ack(const struct ctl *ctl, int argc, char **argv)
{
	_cleanup_(volume_closep) struct volume *v = NULL;
	int rc = EXIT_OK, r;

	for (int i = 0; i < argc; i++) {
		uint32_t id;
		if (ctl_parse_chunk_id(argv[i], &id) < 0)
			return ctl_usage_error("lost", "--ack takes chunk numbers, not '%s'", argv[i]);
	}
	r = ctl_open_volume(ctl, "lost", true, &v);
	if (r)
		return r;
	for (int i = 0; i < argc; i++) {
		struct record_losses l;
		uint32_t id;

		ctl_parse_chunk_id(argv[i], &id);
		r = volume_chunk_losses(v, id, &l);
		if (r == 0 && l.count)
			r = volume_chunk_losses_ack(v, id);
		if (r == -EROFS)
			rc = ctl_exit_worst(rc, ctl_error("chunk %" PRIu32 " is DAMAGED: repair it before acknowledging what "
							  "its repairs lost", id));
		else if (r == -EINVAL)
			rc = ctl_exit_worst(rc, ctl_usage_error("lost", "chunk %" PRIu32 ": no such chunk (the volume "
								"has %u)", id, volume_chunk_count(v)));
		else if (r < 0)
			rc = ctl_exit_worst(rc, ctl_error("chunk %" PRIu32 " (%s): %s", id, ctl_quoted(volume_chunk_path(v, id)),
							  strerror(-r)));
		else
			printf("chunk %" PRIu32 ": %" PRIu32 " file(s) lost or moved acknowledged\n", id, l.count);
		record_losses_done(&l);
	}
	r = volume_close(TAKE_PTR(v));
	return r < 0 ? ctl_exit_worst(rc, EXIT_ERR) : rc;
}

int cmd_lost(const struct ctl *ctl, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "clear", no_argument, NULL, 'c' }, { "json", no_argument, NULL, 'j' }, { "ack", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' }, {}
	};
	struct lost l = {};
	bool ack = false;
	int c, r, rc = EXIT_OK;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) >= 0) {
		if (c == 'c')
			l.clear = true;
		else if (c == 'j')
			l.json = true;
		else if (c == 'a')
			ack = true;
		else if (c == 'h')
			return lost_help();
		else
			return ctl_usage_error("lost", "bad option");
	}
	if (ack && (l.clear || l.json))
		return ctl_usage_error("lost", "--ack takes no --clear or --json");
	if (ack && optind >= argc)
		return ctl_usage_error("lost", "--ack needs the chunks whose losses to acknowledge");
	if (ack)
		return lost_ack(ctl, argc - optind, argv + optind);
	if (l.clear && optind >= argc)
		return ctl_usage_error("lost", "--clear needs the files to clear");
	r = ctl_want_volume_paths("lost", optind, argc, argv);
	if (r)
		return r;
	if (l.json && !(l.out = json_object_new_array()))
		return ctl_error("out of memory");
	r = ctl_open_volume(ctl, "lost", l.clear, &l.v);
	if (r) {
		json_object_put(l.out);
		return r;
	}
	for (int i = optind; i < argc || i == optind; i++) {
		const char *p = i < argc ? ctl_volume_path(argv[i]) : "/";
		struct vstat st;
		vino_t ino;
		r = volume_resolve(l.v, p, &ino);
		if (r < 0) {
			rc = ctl_exit_worst(rc, ctl_resolve_error(l.v, p, r));
			continue;
		}
		if (l.clear && (volume_stat(l.v, ino, &st) < 0 || !S_ISREG(st.mode))) {
			rc = ctl_exit_worst(rc, ctl_error("%s: not a regular file; --clear takes files", ctl_quoted_volume_path(p)));
			continue;
		}
		rc = ctl_exit_worst(rc, lost_tree(&l, p, ino, i < argc));
	}
	if (l.json && json_print_files(ctl->volume, l.out) < 0)
		rc = ctl_exit_worst(rc, EXIT_ERR);
	else if (!l.json && optind >= argc && l.files == 0)
		printf("no file has lost ranges\n");
	json_object_put(l.out);
	if (volume_close(l.v) < 0)
		rc = ctl_exit_worst(rc, EXIT_ERR);
	return rc;
}
