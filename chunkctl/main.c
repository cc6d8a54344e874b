/* chunkctl: parse the global options, then hand off to one command. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chunkctl/chunkctl.h"
#include "libchunk/base/fsck-result.h"
#include "libchunk/base/version.h"
#include "libchunk/volume/volume.h"

static const struct {
	const char *name;
	ctl_command_fn fn;
	const char *summary;
	bool fsck_codes;        /* exits with fsck(8)'s codes, not 0/1/2 */
} commands[] = {
	{ "mkfs",   cmd_mkfs,   "make a volume of N chunks", false },
	{ "cp",     cmd_cp,     "copy files between the host and the volume", false },
	{ "ls",     cmd_ls,     "list a directory of the volume", false },
	{ "cat",    cmd_cat,    "write a file of the volume to stdout", false },
	{ "mkdir",  cmd_mkdir,  "make directories", false },
	{ "rm",     cmd_rm,     "remove files or (-r) trees", false },
	{ "mv",     cmd_mv,     "rename, within or across chunks", false },
	{ "ln",     cmd_ln,     "make a hard link (-s: symlink)", false },
	{ "stat",   cmd_stat,   "show a file and its chain of continuations", false },
	{ "lost",   cmd_lost,   "list (or clear) the ranges of files a repair lost; --ack a chunk's losses", false },
	{ "df",     cmd_df,     "space per chunk and in total", false },
	{ "refs",   cmd_refs,   "a chunk's cross-chunk references, from its index", false },
	{ "check",  cmd_check,  "check chunks (read-only): e2fsck, then the cross-chunk pass", true },
	{ "repair", cmd_repair, "repair chunks", true },
	{ "cref",   cmd_cref,   "count cross-chunk references an ext2/3/4 file system would have", false },
	{ "status", cmd_status, "state of every chunk (from chunkscrubd, or offline with -V)", false },
	{ "scrub",  cmd_scrub,  "ask chunkscrubd to check chunks", true },
	{ "cancel", cmd_cancel, "cancel a chunkscrubd job", false },
	{ "pause",  cmd_pause,  "pause chunkscrubd's scheduling", false },
	{ "resume", cmd_resume, "resume chunkscrubd's scheduling", false },
};

/* The one exit-code rule: check, repair and scrub answer as fsck(8) does, every other command
 * (and chunkctl itself, before a command is named) with 0/1/2; the same kind of failure gets
 * the same code from every command of a kind. */
static bool uses_fsck_codes(const char *cmd)
{
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(cmd, commands[i].name) == 0)
			return commands[i].fsck_codes;
	return false;
}

int ctl_exit_usage(const char *cmd)
{
	return uses_fsck_codes(cmd) ? FSCK_USAGE : EXIT_USAGE;
}

int ctl_exit_error(const char *cmd)
{
	return uses_fsck_codes(cmd) ? FSCK_ERROR : EXIT_ERR;
}

static void usage(FILE *f)
{
	fprintf(f, "Usage: chunkctl [-V VOL] [-q] [--wait[=SECONDS]] COMMAND [ARGS...]\n"
		   "       chunkctl COMMAND --help\n"
		   "       chunkctl --version\n\n"
		   "VOL is a volume directory or a volume file; paths inside the volume start with ':'.\n"
		   "--wait: a chunk another process holds (chunkscrubd's check, another chunkctl) is waited\n"
		   "for, without limit or up to SECONDS, instead of refused at once.\n"
		   "-q, --quiet: no progress line (shown on stderr when it is a terminal).\n\n"
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
		{ "version", no_argument, NULL, 'v' },
		{ "wait", optional_argument, NULL, 'w' },
		{ "quiet", no_argument, NULL, 'q' },
		{}
	};
	bool quiet = false;
	int c;

	while ((c = getopt_long(argc, argv, "+V:hq", opts, NULL)) >= 0) {
		switch (c) {
		case 'V':
			ctl.volume = optarg;
			break;
		case 'h':
			usage(stdout);
			return EXIT_OK;
		case 'v':
			printf("chunkctl %s\n", CHUNKFS_VERSION);
			return EXIT_OK;
		case 'q':
			quiet = true;
			break;
		case 'w':
			/* A chunk another process holds (chunkscrubd's check, a writer) is waited for. */
			if (ctl_set_lock_wait(optarg) < 0) {
				fprintf(stderr, "chunkctl: --wait=%s: not a number of seconds (1 or more)\n", optarg);
				return EXIT_USAGE;
			}
			break;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	ctl_progress_enable(!quiet && isatty(STDERR_FILENO));
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
