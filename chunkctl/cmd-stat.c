/* chunkctl stat: a file's attributes and its chain of continuations. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"
#include "libchunk/base/macro.h"

static const char *type_name(mode_t m)
{
	return S_ISDIR(m) ? "directory" : S_ISLNK(m) ? "symlink" : S_ISREG(m) ? "file" : "special";
}

static const char *link_status(int s)
{
	return s == 0 ? "confirmed" : s == -ENXIO ? "chunk missing" : "NOT CONFIRMED";
}

static void print_json(const char *path, const struct vstat *st, const struct volume_chain_link *l, unsigned n,
		       const struct record_head *h)
{
	printf("{\"path\": \"%s\", \"ino\": %llu, \"chunk\": %u, \"local_ino\": %u, \"generation\": %u, "
	       "\"type\": \"%s\", \"mode\": \"%04o\", \"nlink\": %lu, \"uid\": %u, \"gid\": %u, \"size\": %llu, "
	       "\"blocks\": %llu, \"mtime\": %lld, \"continuations\": %u, \"chain\": [",
	       path, (unsigned long long)st->ino, VINO_CHUNK(st->ino), VINO_INO(st->ino), st->generation,
	       type_name(st->mode), st->mode & 07777, (unsigned long)st->nlink, st->uid, st->gid,
	       (unsigned long long)st->size, (unsigned long long)st->blocks, (long long)st->mtime, n - 1);
	for (unsigned i = 0; i < n; i++) {
		bool first = true;
		printf("%s{\"role\": \"%s\", \"chunk\": %u, \"ino\": %u, \"generation\": %u, \"bytes\": %llu, "
		       "\"confirmed\": %s, \"ranges\": [", i ? ", " : "", i ? "continuation" : "head", l[i].chunk, l[i].ino,
		       l[i].gen, (unsigned long long)l[i].bytes, l[i].status == 0 ? "true" : "false");
		for (unsigned j = 0; j < h->nranges; j++)
			if (h->ranges[j].holder == i) {
				printf("%s[%llu, %llu]", first ? "" : ", ", (unsigned long long)h->ranges[j].start,
				       (unsigned long long)h->ranges[j].end);
				first = false;
			}
		if (h->nranges == 0 && i == 0 && !S_ISDIR(st->mode) && st->size)
			printf("[0, %llu]", (unsigned long long)st->size);
		printf("]}");
	}
	printf("]}\n");
}

static void print_human(const char *path, const struct vstat *st, const struct volume_chain_link *l, unsigned n,
			const struct record_head *h)
{
	printf("  File: %s\n  Type: %s  Mode: %04o  Links: %lu  Uid: %u  Gid: %u\n"
	       "  Size: %llu  Blocks: %llu  Inode: %llu (chunk %u, inode %u, generation %u)\n",
	       path, type_name(st->mode), st->mode & 07777, (unsigned long)st->nlink, st->uid, st->gid,
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
}

int cmd_stat(const struct ctl *ctl, int argc, char **argv)
{
	static const struct option opts[] = { { "json", no_argument, NULL, 'j' }, { "help", no_argument, NULL, 'h' }, {} };
	struct volume *v;
	bool json = false;
	int c, r, rc = EXIT_OK;

	while ((c = getopt_long(argc, argv, "jh", opts, NULL)) >= 0) {
		if (c == 'j')
			json = true;
		else if (c == 'h') {
			printf("Usage: chunkctl -V VOL stat [--json] :PATH...\n\n"
			       "Shows a file's attributes and its chain: the head and each continuation, with\n"
			       "the byte ranges each holds and whether its back pointer confirms it.\n");
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
	for (int i = optind; i < argc; i++) {
		struct volume_chain_link *links = NULL;
		struct record_head h = {};
		struct vstat st;
		unsigned n = 0;
		vino_t ino;
		r = volume_resolve(v, ctl_volume_path(argv[i]), &ino);
		if (r == 0)
			r = volume_stat(v, ino, &st);
		if (r == 0)
			r = volume_chain(v, ino, &links, &n, &h);
		if (r < 0) {
			rc = ctl_path_error(argv[i], r);
			continue;
		}
		if (json)
			print_json(argv[i], &st, links, n, &h);
		else
			print_human(argv[i], &st, links, n, &h);
		free(links);
		record_head_done(&h);
	}
	volume_close(v);
	return rc;
}
