/* Running the real e2fsck on one chunk as a child process (never through a shell), with its
 * `-C fd` progress parsed into (pass, cur, max) callbacks and its exit status kept as the
 * fsck(8) code it already is. */
#pragma once
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum e2fsck_mode {
	E2FSCK_CHECK,   /* -fn: read-only */
	E2FSCK_REPAIR,  /* -fy */
	E2FSCK_PREEN,   /* -fp: only what is safe without a human; 4 if more is needed */
};

typedef void (*e2fsck_progress_fn)(void *userdata, int pass, unsigned long cur, unsigned long max);

struct e2fsck_opts {
	const char *binary;   /* NULL: $CHUNKFS_E2FSCK, else "e2fsck" searched on $PATH */
	enum e2fsck_mode mode;
	e2fsck_progress_fn progress;
	void *userdata;
	const volatile sig_atomic_t *cancel; /* polled; non-zero sends SIGTERM, then we wait */
	unsigned timeout;     /* seconds, 0 = none: then SIGTERM, and SIGKILL 10 s later (some
				 damaged images make e2fsck -n loop for ever) */
	uint64_t superblock;  /* non-zero: use the backup superblock in this 4 KiB block (-b -B) */
	bool background;      /* run it at nice 19 and idle I/O priority: beside a mount's work */
};

struct e2fsck_result {
	int status;        /* fsck(8) code: 0 1 4 8 16 32 (2 "reboot" folded into 1, 128 into 8) */
	int raw_status;    /* e2fsck's exit code, or 256 + signal if it was killed */
	bool canceled;     /* we sent SIGTERM because *cancel became non-zero */
	bool timed_out;    /* it ran past the timeout and was stopped: status 12 */
	int last_pass;     /* the last pass e2fsck reported progress for, 0 if none */
	char *output;      /* e2fsck's stdout and stderr together, NUL-terminated, malloc'd */
	size_t output_len;
};

/* The binary that e2fsck_run would execute for BINARY (NULL, a name or a path). */
const char *e2fsck_binary(const char *binary);

/* Runs e2fsck on DEVICE. Returns 0 and fills *ret when e2fsck ran (whatever it found), or a
 * negative errno when it could not be started (-ENOENT: no such binary). */
int e2fsck_run(const char *device, const struct e2fsck_opts *o, struct e2fsck_result *ret);
/* The same in two steps, so the caller can work while e2fsck runs: e2fsck_start starts it (or
 * returns a negative errno), e2fsck_finish reads what it says, waits for it and fills *ret.
 * Its output and progress are read only in e2fsck_finish (e2fsck waits for that once a pipe
 * is full), and the timeout counts from there. O must stay valid until the finish. */
struct e2fsck_child {
	pid_t pid;
	int out, prog;       /* its output and its progress pipes */
	const struct e2fsck_opts *o;
};
int e2fsck_start(const char *device, const struct e2fsck_opts *o, struct e2fsck_child *ret);
int e2fsck_finish(struct e2fsck_child *c, struct e2fsck_result *ret);
void e2fsck_result_done(struct e2fsck_result *r);

/* Folds a raw e2fsck exit code into the fsck(8) codes libchunk reports. */
int e2fsck_status_from_exit(int code);
/* Parses one progress line "PASS CUR MAX DEVICE"; returns 0 or -EINVAL. */
int e2fsck_progress_parse(const char *line, int *pass, unsigned long *cur, unsigned long *max);
