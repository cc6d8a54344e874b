/* chunkctl: parse the global options, then hand off to one command. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "chunkctl/chunkctl.h"

static const struct {
	const char *name;
	ctl_command_fn fn;
	const char *summary;
} commands[] = {
	{ "mkfs",   cmd_mkfs,   "make a volume of N chunks" },
	{ "cp",     cmd_cp,     "copy files between the host and the volume" },
	{ "ls",     cmd_ls,     "list a directory of the volume" },
	{ "cat",    cmd_cat,    "write a file of the volume to stdout" },
	{ "mkdir",  cmd_mkdir,  "make directories" },
	{ "rm",     cmd_rm,     "remove files or (-r) trees" },
	{ "mv",     cmd_mv,     "rename, within or across chunks" },
	{ "ln",     cmd_ln,     "make a hard link (-s: symlink)" },
	{ "stat",   cmd_stat,   "show a file and its chain of continuations" },
	{ "lost",   cmd_lost,   "list (or clear) the ranges of files a repair lost" },
	{ "df",     cmd_df,     "space per chunk and in total" },
	{ "refs",   cmd_refs,   "a chunk's cross-chunk references, from its index" },
	{ "check",  cmd_check,  "check chunks (read-only): e2fsck, then the cross-chunk pass" },
	{ "repair", cmd_repair, "repair chunks" },
	{ "cref",   cmd_cref,   "count cross-chunk references an ext2/3/4 file system would have" },
	{ "status", cmd_status, "state of every chunk (from chunkscrubd, or offline with -V)" },
	{ "scrub",  cmd_scrub,  "ask chunkscrubd to check chunks" },
	{ "cancel", cmd_cancel, "cancel a chunkscrubd job" },
	{ "pause",  cmd_pause,  "pause chunkscrubd's scheduling" },
	{ "resume", cmd_resume, "resume chunkscrubd's scheduling" },
};

static void usage(FILE *f)
{
	fprintf(f, "Usage: chunkctl [-V VOL] COMMAND [ARGS...]\n"
		   "       chunkctl COMMAND --help\n\n"
		   "VOL is a volume directory or a volume file; paths inside the volume start with ':'.\n\n"
		   "Commands:\n");
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
}

int main(int argc, char **argv)
{
	struct ctl ctl = { .prog = "chunkctl" };
	static const struct option opts[] = {
		{ "volume", required_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	int c;

	while ((c = getopt_long(argc, argv, "+V:h", opts, NULL)) >= 0) {
		switch (c) {
		case 'V':
			ctl.volume = optarg;
			break;
		case 'h':
			usage(stdout);
			return EXIT_OK;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(argv[optind], commands[i].name) == 0) {
			char **sub = argv + optind;
			int n = argc - optind;
			optind = 0; /* full getopt reset for the command's own parsing */
			return commands[i].fn(&ctl, n, sub);
		}
	}
	fprintf(stderr, "chunkctl: unknown command '%s' (try 'chunkctl --help')\n", argv[optind]);
	return EXIT_USAGE;
}
