/* chunkctl: the admin front end. Each command lives in chunkctl/cmd-NAME.c. */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* Exit statuses of the file commands; check/repair use the fsck(8) codes instead.
 * EXIT_INCOMPLETE: the command went through all it could read, but part of what it was asked
 * for is in a chunk that is unavailable (missing, refused, in use, unreadable) or in a part
 * that could not be read; each is named on stderr. It wins over EXIT_ERR: the result is short. */
enum { EXIT_OK = 0, EXIT_ERR = 1, EXIT_USAGE = 2, EXIT_INCOMPLETE = 3 };
/* The exit status of a command that met both A and B: EXIT_INCOMPLETE over EXIT_ERR over EXIT_OK. */
static inline int ctl_exit_worst(int a, int b)
{
	return a > b ? a : b;
}

struct chunk_check_report;

struct ctl {
	const char *volume;   /* -V VOL, or NULL: bus commands then talk to chunkscrubd */
	const char *prog;     /* argv[0] for messages */
};

typedef int (*ctl_command_fn)(const struct ctl *ctl, int argc, char **argv);

/* argv[0] is the command name; getopt state is reset before each call. */
int cmd_mkfs(const struct ctl *ctl, int argc, char **argv);
int cmd_cp(const struct ctl *ctl, int argc, char **argv);
int cmd_ls(const struct ctl *ctl, int argc, char **argv);
int cmd_cat(const struct ctl *ctl, int argc, char **argv);
int cmd_mkdir(const struct ctl *ctl, int argc, char **argv);
int cmd_rm(const struct ctl *ctl, int argc, char **argv);
int cmd_mv(const struct ctl *ctl, int argc, char **argv);
int cmd_ln(const struct ctl *ctl, int argc, char **argv);
int cmd_stat(const struct ctl *ctl, int argc, char **argv);
int cmd_lost(const struct ctl *ctl, int argc, char **argv);
int cmd_df(const struct ctl *ctl, int argc, char **argv);
int cmd_refs(const struct ctl *ctl, int argc, char **argv);
int cmd_check(const struct ctl *ctl, int argc, char **argv);
int cmd_repair(const struct ctl *ctl, int argc, char **argv);
int cmd_cref(const struct ctl *ctl, int argc, char **argv);
int cmd_status(const struct ctl *ctl, int argc, char **argv);
int cmd_scrub(const struct ctl *ctl, int argc, char **argv);
int cmd_cancel(const struct ctl *ctl, int argc, char **argv);
int cmd_pause(const struct ctl *ctl, int argc, char **argv);
int cmd_resume(const struct ctl *ctl, int argc, char **argv);

/* The exit code of a usage error, and of a failure, of command CMD: fsck(8)'s 16 and 8 for
 * check, repair and scrub, else EXIT_USAGE and EXIT_ERR (chunkctl/main.c, next to the table
 * of commands that says which kind each command is). */
int ctl_exit_usage(const char *cmd);
int ctl_exit_error(const char *cmd);

/* The journal entries of repair report REP, of the volume VOLUME (-V, as given; its absolute
 * path is logged): chunkctl/repair-journal.c. A check's report logs nothing. */
void ctl_journal_repair(const struct chunk_check_report *rep, const char *volume);

/* Helpers shared by the commands (chunkctl/util.c). */
/* Progress of a long command on stderr, one line redrawn at most every 200 ms: on when stderr
 * is a terminal and -q/--quiet is not given (main). Errors clear it before they print. */
void ctl_progress_enable(bool on);
bool ctl_progress_enabled(void);
void ctl_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void ctl_progress_clear(void);
/* Prints "chunkctl: ...", returns EXIT_ERR. What in the message is not printable (a control
 * character, bytes that are not UTF-8) is written as ls writes it in a name ($'\n'), as it is
 * by ctl_usage_error, ctl_denied and in libchunk's messages; a name in a message is given as
 * ctl_quoted(NAME), so that it reads as ls shows it. */
int ctl_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "chunkctl CMD: ...", a failure of command CMD; returns ctl_exit_error(CMD). */
int ctl_command_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "chunkctl CMD: ... (try 'chunkctl CMD --help')"; returns ctl_exit_usage(CMD). */
int ctl_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A caller refused for want of rights (not root, for the daemon's actions; no read access to
 * the chunk images): "chunkctl CMD: permission denied: WHAT", the same words from every
 * command; returns ctl_exit_error(CMD). */
int ctl_denied(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool ctl_wants_help(int argc, char **argv);  /* -h or --help among the arguments */
/* --wait[=SECONDS], before the command or after it: a chunk another process holds is waited
 * for, without limit (ARG NULL) or up to SECONDS; -EINVAL if ARG is not 1 or more seconds. */
int ctl_set_lock_wait(const char *arg);
int ctl_parse_size(const char *s, unsigned long long *ret); /* 64M, 1G, 4096, 1.5T ... */
/* A chunk number, below VOLUME_MAX_CHUNKS; -EINVAL if S is not one. */
int ctl_parse_chunk_id(const char *s, uint32_t *ret);
/* Writes NAME (a file name or path, any bytes) to F as it is when every character is
 * printable, else quoted as GNU ls's shell-escape style does ('a'$'\n''b'), so that no name
 * can move the cursor or rewrite the terminal: libchunk's name_quote_print, the one rule for
 * chunkctl, libchunk's reports and the daemon. */
void ctl_print_name(FILE *f, const char *name);
/* NAME as ctl_print_name writes it, for a message: NAME itself when it is all printable, else
 * its quoted form, kept until the fourth call after this one (a message names a few). */
const char *ctl_quoted(const char *name);
/* The same for PATH inside the volume, written as it is given: ":PATH". */
const char *ctl_quoted_volume_path(const char *path);
/* BYTES as df -h writes them: 512, 1.5K, 20M, 3.1G (powers of 1024, rounded up). */
#define CTL_HUMAN_SIZE_MAX 16
const char *ctl_human_size(uint64_t bytes, char buf[static CTL_HUMAN_SIZE_MAX]);
/* "file", "directory", "symlink" or "special", as every --json says a file's type. */
const char *ctl_type_name(mode_t m);
/* A path inside the volume is written ":/a/b"; returns the part after ':' or NULL. */
const char *ctl_volume_path(const char *arg);
/* A volume path ARG (":/a/b") as every --json output writes it: "/a/b", and ":" as "/". */
const char *ctl_volume_path_json(const char *arg);
/* All of ARGV[FROM..ARGC) must be volume paths; else a usage error of CMD (EXIT_USAGE), else 0. */
int ctl_want_volume_paths(const char *cmd, int from, int argc, char **argv);
