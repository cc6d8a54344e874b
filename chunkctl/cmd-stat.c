/* chunkctl stat: a file's attributes and its chain of continuations. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"

static const char *link_status(int s)
{
	return s == 0 ? "confirmed" : s == -ESTALE ? "NOT CONFIRMED" : s == -ENXIO ? "chunk missing" : "chunk unavailable";
}

static struct json_object *range_to_json(uint64_t start, uint64_t end)
{
	_cleanup_(json_object_putp) struct json_object *a = json_object_new_array_ext(2);

	if (!a || !json_append(a, json_object_new_uint64(start)) || !json_append(a, json_object_new_uint64(end)))
		return NULL;
	return TAKE_PTR(a);
}

/* The byte ranges [start, end) that link I of the chain holds. */
static struct json_object *ranges_to_json(const struct vstat *st, unsigned i, const struct record_head *h)
{
	_cleanup_(json_object_putp) struct json_object *a = json_object_new_array();

	if (!a)
		return NULL;
	for (unsigned j = 0; j < h->nranges; j++)
		if (h->ranges[j].holder == i && !json_append(a, range_to_json(h->ranges[j].start, h->ranges[j].end)))
			return NULL;
	if (h->nranges == 0 && i == 0 && !S_ISDIR(st->mode) && st->size && !json_append(a, range_to_json(0, st->size)))
		return NULL;
	return TAKE_PTR(a);
}

/* The ranges a repair marked lost: they read as EIO (chunkctl lost). */
static struct json_object *lost_to_json(const struct record_head *h)
{
	_cleanup_(json_object_putp) struct json_object *a = json_object_new_array();

	if (!a)
		return NULL;
	for (unsigned j = 0; j < h->nranges; j++)
		if (h->ranges[j].holder == RANGE_LOST && !json_append(a, range_to_json(h->ranges[j].start, h->ranges[j].end)))
			return NULL;
	return TAKE_PTR(a);
}

static struct json_object *link_to_json(const struct vstat *st, const struct volume_chain_link *l, unsigned i,
					const struct record_head *h)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();

	if (!o || !json_add(o, "role", json_object_new_string(i ? "continuation" : "head")) ||
	    !json_add(o, "chunk", json_object_new_uint64(l[i].chunk)) ||
	    !json_add(o, "local_ino", json_object_new_uint64(l[i].ino)) ||
	    !json_add(o, "generation", json_object_new_uint64(l[i].gen)) ||
	    !json_add(o, "bytes", json_object_new_uint64(l[i].bytes)) ||
	    !json_add(o, "confirmed", json_object_new_boolean(l[i].status == 0)) ||
	    !json_add(o, "ranges", ranges_to_json(st, i, h)))
		return NULL;
	return TAKE_PTR(o);
}

static struct json_object *chain_to_json(const struct vstat *st, const struct volume_chain_link *l, unsigned n,
					 const struct record_head *h)
{
	_cleanup_(json_object_putp) struct json_object *a = json_object_new_array_ext((int)n);

	if (!a)
		return NULL;
	for (unsigned i = 0; i < n; i++)
		if (!json_append(a, link_to_json(st, l, i, h)))
			return NULL;
	return TAKE_PTR(a);
}

/* One object for PATH as ctl_volume_path_json() writes it, whatever bytes the name has. */
static struct json_object *file_to_json(const char *path, const struct vstat *st, const struct volume_chain_link *l,
					unsigned n, const struct record_head *h)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();
	char mode[8];

	snprintf(mode, sizeof(mode), "%04o", st->mode & 07777);
	if (!o || !json_add(o, "path", json_text_new(path)) || !json_add(o, "ino", json_object_new_uint64(st->ino)) ||
	    !json_add(o, "chunk", json_object_new_uint64(VINO_CHUNK(st->ino))) ||
	    !json_add(o, "local_ino", json_object_new_uint64(VINO_INO(st->ino))) ||
	    !json_add(o, "generation", json_object_new_uint64(st->generation)) ||
	    !json_add(o, "type", json_object_new_string(ctl_type_name(st->mode))) ||
	    !json_add(o, "mode", json_object_new_string(mode)) || !json_add(o, "nlink", json_object_new_uint64(st->nlink)) ||
	    !json_add(o, "uid", json_object_new_uint64(st->uid)) || !json_add(o, "gid", json_object_new_uint64(st->gid)) ||
	    !json_add(o, "size", json_object_new_uint64(st->size)) || !json_add(o, "blocks", json_object_new_uint64(st->blocks)) ||
	    !json_add(o, "mtime", json_object_new_int64(st->mtime)) ||
	    !json_add(o, "continuations", json_object_new_uint64(n - 1)) || !json_add(o, "chain", chain_to_json(st, l, n, h)) ||
	    !json_add(o, "lost", lost_to_json(h)))
		return NULL;
	return TAKE_PTR(o);
}

static void print_human(const char *path, const struct vstat *st, const struct volume_chain_link *l, unsigned n,
			const struct record_head *h)
{
	uint64_t lost = 0;

	fputs("  File: ", stdout);
	ctl_print_name(stdout, path);
	printf("\n  Type: %s  Mode: %04o  Links: %lu  Uid: %u  Gid: %u\n"
	       "  Size: %llu  Blocks: %llu  Inode: %llu (chunk %u, inode %u, generation %u)\n",
	       ctl_type_name(st->mode), st->mode & 07777, (unsigned long)st->nlink, st->uid, st->gid,
	       (unsigned long long)st->size, (unsigned long long)st->blocks, (unsigned long long)st->ino,
	       VINO_CHUNK(st->ino), VINO_INO(st->ino), st->generation);
	printf("  Chain: %u continuation%s\n", n - 1, n == 2 ? "" : "s");
	for (unsigned i = 0; i < n; i++) {
		printf("    %-12s chunk %-4u inode %-8u gen %-10u", i ? "continuation" : "head", l[i].chunk, l[i].ino, l[i].gen);
		if (!S_ISDIR(st->mode))
			printf(" %10llu bytes in", (unsigned long long)l[i].bytes);
		for (unsigned j = 0; j < h->nranges; j++)
			if (h->ranges[j].holder == i)
				printf(" [%llu, %llu)", (unsigned long long)h->ranges[j].start, (unsigned long long)h->ranges[j].end);
		if (h->nranges == 0 && i == 0 && !S_ISDIR(st->mode))
			printf(" [0, %llu)", (unsigned long long)st->size);
		printf("%s%s\n", i ? "  " : "", i ? link_status(l[i].status) : "");
	}
	for (unsigned j = 0; j < h->nranges; j++)
		if (h->ranges[j].holder == RANGE_LOST)
			lost += h->ranges[j].end - h->ranges[j].start;
	if (!lost)
		return;
	printf("  Lost: %llu bytes in", (unsigned long long)lost);
	for (unsigned j = 0; j < h->nranges; j++)
		if (h->ranges[j].holder == RANGE_LOST)
			printf(" [%llu, %llu)", (unsigned long long)h->ranges[j].start, (unsigned long long)h->ranges[j].end);
	printf(" (a repair could not keep them: they read as EIO; chunkctl lost)\n");
}

int cmd_stat(const struct ctl *ctl, int argc, char **argv)
{
	static const struct option opts[] = { { "json", no_argument, NULL, 'j' }, { "help", no_argument, NULL, 'h' }, {} };
	_cleanup_(json_object_putp) struct json_object *doc = NULL;
	struct json_object *files;
	struct volume *v;
	bool json = false;
	int c, r, rc = EXIT_OK;

	while ((c = getopt_long(argc, argv, "jh", opts, NULL)) >= 0) {
		if (c == 'j')
			json = true;
		else if (c == 'h') {
			printf("Usage: chunkctl -V VOL stat [--json] :PATH...\n\n"
			       "Shows a file's attributes and its chain: the head and each continuation, with\n"
			       "the byte ranges each holds and whether its back pointer confirms it, and the\n"
			       "ranges a repair marked lost (they read as EIO: chunkctl lost). Exits 3\n"
			       "when a continuation is in a chunk that is unavailable, naming it.\n");
			return EXIT_OK;
		} else
			return ctl_usage_error("stat", "bad option");
	}
	if (optind >= argc)
		return ctl_usage_error("stat", "needs a path");
	for (int i = optind; i < argc; i++)
		if (!ctl_volume_path(argv[i]))
			return ctl_usage_error("stat", "'%s' is not a volume path (write it as :/path)", argv[i]);
	if ((r = ctl_open_volume(ctl, "stat", false, &v)))
		return r;
	/* One document for the run: {"files": [one object per path that could be read]}. */
	if (json && (!(doc = json_object_new_object()) || !json_add(doc, "files", json_object_new_array())))
		return volume_close(v), ctl_error("out of memory for the JSON output");
	files = json ? json_object_object_get(doc, "files") : NULL;
	for (int i = optind; i < argc; i++) {
		struct volume_chain_link *links = NULL;
		struct record_head h = {};
		struct vstat st;
		unsigned n = 0;
		vino_t ino;
		const char *p = ctl_volume_path(argv[i]);
		r = volume_resolve(v, p, &ino);
		if (r < 0) {
			rc = ctl_exit_worst(rc, ctl_resolve_error(v, p, r));
			continue;
		}
		r = volume_stat(v, ino, &st);
		if (r == 0)
			r = volume_chain(v, ino, &links, &n, &h);
		if (r < 0) {
			rc = ctl_exit_worst(rc, ctl_inode_error(v, p, ino, r));
			continue;
		}
		if (json && !json_append(files, file_to_json(ctl_volume_path_json(argv[i]), &st, links, n, &h)))
			rc = ctl_exit_worst(rc, ctl_error("%s: out of memory for the JSON output", ctl_quoted(argv[i])));
		else if (!json)
			print_human(argv[i], &st, links, n, &h);
		rc = ctl_exit_worst(rc, ctl_chain_gaps(p, links, n, "not confirmed"));
		free(links);
		record_head_done(&h);
	}
	if (json && json_print(stdout, doc, JSON_C_TO_STRING_SPACED) < 0)
		rc = ctl_exit_worst(rc, ctl_error("cannot write the JSON output"));
	volume_close(v);
	return rc;
}
