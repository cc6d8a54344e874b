/* chunkctl mkfs: make a volume of N image-file chunks in a directory, or on block devices. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/statvfs.h>

#include <json-c/json.h>

#include "chunkctl/chunkctl.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"
#include "libchunk/volume/mkfs.h"

/* Image files are sparse: a volume may promise more than DIR's file system holds, and then
 * meets ENOSPC when it fills. Allowed, as mkfs.ext4 on a sparse file allows it, but said. */
static void warn_overcommit(const struct volume_mkfs_opts *o)
{
	char want[CTL_HUMAN_SIZE_MAX], have[CTL_HUMAN_SIZE_MAX];
	uint64_t total = (uint64_t)o->nchunks * o->chunk_size, avail;
	struct statvfs s;

	if (statvfs(o->dir, &s) < 0)
		return;
	avail = (uint64_t)s.f_bavail * s.f_frsize;
	if (total <= avail)
		return;
	fprintf(stderr, "chunkctl mkfs: warning: the %u images may grow to %s in all, but %s has %s "
		"free; they are sparse, so writes to the volume fail (no space) once that is used\n",
		o->nchunks, ctl_human_size(total, want), ctl_quoted(o->dir), ctl_human_size(avail, have));
}

/* {"volume": DIR or VOLFILE, "uuid": UUID, "chunks": N}: the volume named as -V takes it. */
static int print_json(const char *volume, const char *uuid, unsigned nchunks)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();

	if (!o || !json_add(o, "volume", json_text_new(volume)) || !json_add(o, "uuid", json_object_new_string(uuid)) ||
	    !json_add(o, "chunks", json_object_new_uint64(nchunks)))
		return ctl_error("%s: out of memory for the JSON output", ctl_quoted(volume));
	if (json_print(stdout, o, JSON_C_TO_STRING_SPACED) < 0)
		return ctl_error("cannot write the JSON output");
	return EXIT_OK;
}

static void help(void)
{
	printf("Usage: chunkctl mkfs --chunks N --size SIZE [--threshold SIZE] [--type ext2|ext4] [--json] DIR\n"
	       "       chunkctl -V VOLFILE mkfs [--size SIZE] [--threshold SIZE] [--type ext2|ext4] [--json]\n"
	       "                                --devices DEV...\n\n"
	       "Makes a volume: DIR/chunk-0000.img ... and DIR/volume.conf, or one chunk per block device\n"
	       "and the volume file named by -V. Prints the volume UUID.\n\n"
	       "  --chunks N         number of chunks (1-4096)\n"
	       "  --size SIZE        size of each image (e.g. 64M, 1G; 2M to 16T); with --devices,\n"
	       "                     of each chunk on its device (default: the whole device)\n"
	       "  --threshold SIZE   bytes of a file kept in its head's chunk before it continues\n"
	       "                     in another chunk (default 0: only when the chunk is full)\n"
	       "  --type TYPE        ext4 (default) or ext2\n"
	       "  --json             print {\"volume\": DIR or VOLFILE, \"uuid\": UUID, \"chunks\": N}\n");
}

int cmd_mkfs(const struct ctl *ctl, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "chunks", required_argument, NULL, 'n' },
		{ "size", required_argument, NULL, 's' },
		{ "threshold", required_argument, NULL, 't' },
		{ "type", required_argument, NULL, 'T' },
		{ "devices", no_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct volume_mkfs_opts o = { .ext4 = true };
	unsigned long long v;
	bool devices = false, json = false;
	uuid_t uuid;
	char u[37];
	int c, r;

	while ((c = getopt_long(argc, argv, "n:s:t:T:dh", opts, NULL)) >= 0) {
		switch (c) {
		case 'n':
			if (ctl_parse_size(optarg, &v) < 0)
				return ctl_usage_error("mkfs", "--chunks: '%s' is not a number", optarg);
			if (v < 1 || v > 4096)
				return ctl_usage_error("mkfs", "--chunks %s: a volume has 1 to 4096 chunks (the format's limit)", optarg);
			o.nchunks = (unsigned)v;
			break;
		case 's':
			r = ctl_parse_size(optarg, &v);
			if (r == -ERANGE || (r >= 0 && v > CHUNK_MAX_SIZE))
				return ctl_usage_error("mkfs", "--size %s: too large: a chunk is 16T less 4K at most", optarg);
			if (r < 0)
				return ctl_usage_error("mkfs", "--size %s: not a size", optarg);
			if (v < CHUNK_MIN_SIZE)
				return ctl_usage_error("mkfs", "--size %s: too small: a chunk is 2M at least", optarg);
			o.chunk_size = v;
			break;
		case 't':
			if (ctl_parse_size(optarg, &v) < 0)
				return ctl_usage_error("mkfs", "--threshold: '%s' is not a size", optarg);
			o.threshold = v;
			break;
		case 'T':
			if (strcmp(optarg, "ext4") && strcmp(optarg, "ext2"))
				return ctl_usage_error("mkfs", "--type: '%s' is neither ext2 nor ext4", optarg);
			o.ext4 = strcmp(optarg, "ext4") == 0;
			break;
		case 'd':
			devices = true;
			break;
		case 'j':
			json = true;
			break;
		case 'h':
			help();
			return EXIT_OK;
		default:
			return ctl_usage_error("mkfs", "bad option");
		}
	}
	if (devices) {
		if (!ctl->volume)
			return ctl_usage_error("mkfs", "--devices needs -V VOLFILE for the volume file to write");
		if (optind >= argc)
			return ctl_usage_error("mkfs", "--devices needs at least one block device");
		o.devices = argv + optind;
		o.nchunks = (unsigned)(argc - optind);
		o.volume_file = ctl->volume;
	} else {
		if (optind != argc - 1)
			return ctl_usage_error("mkfs", "give exactly one directory for the chunk images");
		if (!o.nchunks || !o.chunk_size)
			return ctl_usage_error("mkfs", "--chunks and --size are required");
		o.dir = argv[optind];
	}
	if (volume_mkfs(&o, uuid) < 0)
		return EXIT_ERR;
	if (o.dir)
		warn_overcommit(&o);
	uuid_unparse(uuid, u);
	if (json)
		return print_json(o.dir ?: o.volume_file, u, o.nchunks);
	printf("%s\n", u);
	return EXIT_OK;
}
