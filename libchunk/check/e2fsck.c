/* Running the real e2fsck as a child: posix_spawnp, never a shell. Its stdout and stderr go
 * to one pipe we keep as the report's transcript; `-C 3` sends progress to a second pipe. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "libchunk/check/e2fsck.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/fsck-result.h"
#include "libchunk/base/macro.h"

#define E2FSCK_OUTPUT_MAX (1u << 20)  /* a badly damaged chunk can make e2fsck chatty */
#define E2FSCK_PROGRESS_FD 3

extern char **environ;

const char *e2fsck_binary(const char *binary)
{
	const char *env;

	if (binary && *binary)
		return binary;
	env = getenv("CHUNKFS_E2FSCK");
	if (env && *env)
		return env;
	return "e2fsck";
}

int e2fsck_status_from_exit(int code)
{
	/* 128: e2fsck's shared-library error; 64 is no fsck status: 126, 127 are a failed exec */
	if (code < 0 || code & (128 | 64))
		return FSCK_ERROR;
	if (code & FSCK_REBOOT)
		code = (code & ~FSCK_REBOOT) | FSCK_CORRECTED; /* "reboot" means nothing for an image */
	return code & (FSCK_CORRECTED | FSCK_UNCORRECTED | FSCK_ERROR | FSCK_USAGE | FSCK_CANCELED);
}

int e2fsck_progress_parse(const char *line, int *pass, unsigned long *cur, unsigned long *max)
{
	int p, n = 0;
	unsigned long c, m;

	if (sscanf(line, "%d %lu %lu %n", &p, &c, &m, &n) < 3 || n == 0 || p < 0)
		return -EINVAL;
	*pass = p;
	*cur = c;
	*max = m;
	return 0;
}

/* The environment of the child: ours, with messages forced to the C locale so the transcript
 * reads the same everywhere. */
static char **child_environ(void)
{
	size_t n = 0, k = 0;
	char **env;

	while (environ[n])
		n++;
	env = calloc(n + 2, sizeof(char *));
	if (!env)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "LC_ALL=", 7) != 0 && strncmp(environ[i], "LANGUAGE=", 9) != 0)
			env[k++] = environ[i];
	env[k++] = (char *)"LC_ALL=C";
	env[k] = NULL;
	return env;
}

/* A pipe whose ends both sit above the descriptors the child rearranges (0..3). */
static int pipe_high(int fds[2])
{
	int p[2];

	if (pipe2(p, O_CLOEXEC) < 0)
		return -errno;
	fds[0] = fcntl(p[0], F_DUPFD_CLOEXEC, 10);
	fds[1] = fcntl(p[1], F_DUPFD_CLOEXEC, 10);
	close(p[0]);
	close(p[1]);
	if (fds[0] < 0 || fds[1] < 0) {
		int r = -errno;
		if (fds[0] >= 0)
			close(fds[0]);
		if (fds[1] >= 0)
			close(fds[1]);
		return r;
	}
	return 0;
}

/* BIN found as execvp would find it, and executable: a missing e2fsck is an error here, before
 * any child. (posix_spawn reports a failed exec itself, but not under valgrind, which runs its
 * vfork as a fork: the child then just exits 127.) */
static int find_binary(const char *bin, char *path, size_t size)
{
	const char *dirs = getenv("PATH");

	if (strchr(bin, '/')) {
		if (snprintf(path, size, "%s", bin) >= (int)size)
			return -ENAMETOOLONG;
		return access(path, X_OK) == 0 ? 0 : -errno;
	}
	if (!dirs || !*dirs)
		dirs = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
	for (const char *d = dirs;; d += strcspn(d, ":") + 1) {
		int n = (int)strcspn(d, ":");
		if (snprintf(path, size, "%.*s%s%s", n, d, n ? "/" : "", bin) < (int)size &&
		    access(path, X_OK) == 0)
			return 0;
		if (!d[n])
			return -ENOENT;
	}
}

/* ioprio_set(2)'s, which older kernel headers do not export. */
#define IOPRIO_WHO_PROCESS_ 1
#define IOPRIO_CLASS_IDLE_ 3
#define IOPRIO_CLASS_SHIFT_ 13

/* e2fsck started by posix_spawn: a vfork, so none of our page tables are copied, which fork
 * did and then made us pay again in copy-on-write faults while the passes ran beside e2fsck.
 * Our signal mask and ignored signals are not its: it must see our SIGTERM and a closed pipe.
 * An exec that fails comes back as the error. */
static int spawn(const char *path, char **argv, char **envp, int out, int prog, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t none, dfl;
	int r;

	sigemptyset(&none);
	sigemptyset(&dfl);
	sigaddset(&dfl, SIGPIPE);
	sigaddset(&dfl, SIGTERM);
	sigaddset(&dfl, SIGINT);
	r = posix_spawn_file_actions_init(&fa);
	if (r)
		return -r;
	r = posix_spawnattr_init(&at);
	if (r) {
		posix_spawn_file_actions_destroy(&fa);
		return -r;
	}
	r = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	if (!r)
		r = posix_spawn_file_actions_adddup2(&fa, out, 1);
	if (!r)
		r = posix_spawn_file_actions_adddup2(&fa, out, 2);
	if (!r)
		r = posix_spawn_file_actions_adddup2(&fa, prog, E2FSCK_PROGRESS_FD);
	if (!r)
		r = posix_spawnattr_setsigmask(&at, &none);
	if (!r)
		r = posix_spawnattr_setsigdefault(&at, &dfl);
	if (!r)
		r = posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	if (!r)
		r = posix_spawn(pid, path, &fa, &at, argv, envp);
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	return -r;
}

struct e2fsck_reader {
	const struct e2fsck_opts *o;
	struct e2fsck_result *res;
	char line[256];
	size_t line_len;
	size_t out_cap;
	bool out_truncated;
};

static void reader_progress(struct e2fsck_reader *rd, const char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int pass;
		unsigned long cur, max;

		if (buf[i] != '\n') {
			if (rd->line_len < sizeof(rd->line) - 1)
				rd->line[rd->line_len++] = buf[i];
			continue;
		}
		rd->line[rd->line_len] = 0;
		rd->line_len = 0;
		if (e2fsck_progress_parse(rd->line, &pass, &cur, &max) < 0)
			continue;
		rd->res->last_pass = pass;
		if (rd->o->progress)
			rd->o->progress(rd->o->userdata, pass, cur, max);
	}
}

static int reader_output(struct e2fsck_reader *rd, const char *buf, size_t n)
{
	struct e2fsck_result *res = rd->res;

	if (res->output_len + n > E2FSCK_OUTPUT_MAX) {
		n = E2FSCK_OUTPUT_MAX - res->output_len;
		rd->out_truncated = true;
	}
	if (res->output_len + n + 1 > rd->out_cap) {
		size_t cap = MAX(rd->out_cap * 2, res->output_len + n + 1);
		char *p = realloc(res->output, MAX(cap, 4096));
		if (!p)
			return -ENOMEM;
		res->output = p;
		rd->out_cap = MAX(cap, 4096);
	}
	memcpy(res->output + res->output_len, buf, n);
	res->output_len += n;
	res->output[res->output_len] = 0;
	return 0;
}

/* Our own line at the end of the transcript, past the cap if need be. */
static void reader_note(struct e2fsck_reader *rd, const char *note)
{
	size_t n = strlen(note);

	if (rd->res->output_len + n > E2FSCK_OUTPUT_MAX)
		rd->res->output_len = E2FSCK_OUTPUT_MAX - n;
	reader_output(rd, note, n);
}

static double monotonic(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Reads what is in pipe P[I] now; its fd goes to -1 at its end (or on an error). */
static int reader_read(struct e2fsck_reader *rd, struct pollfd *p, int i)
{
	char buf[8192];
	ssize_t k = read(p[i].fd, buf, sizeof(buf));

	if (k < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (k <= 0) {
		p[i].fd = -1;
		return 0;
	}
	if (i == 1)
		reader_progress(rd, buf, (size_t)k);
	else if (reader_output(rd, buf, (size_t)k) < 0)
		return -ENOMEM;
	return 0;
}

/* Pumps both pipes until e2fsck closes them, sending SIGTERM once if asked to cancel. The
 * pipes' end is not e2fsck's: a process it left behind (a wrapper's background child, which
 * the `e2fsck =` of the configuration may name) may hold them open for as long as it runs. So
 * once e2fsck itself has exited (PIDFD, when the kernel has pidfds), what it wrote is read (at
 * most two pipe buffers; not what such a process writes on and on) and the pumping ends. */
static int reader_loop(struct e2fsck_reader *rd, pid_t pid, int pidfd, int out, int prog, double start)
{
	struct pollfd p[3] = { { .fd = out, .events = POLLIN }, { .fd = prog, .events = POLLIN },
			       { .fd = pidfd, .events = POLLIN } };
	double termed = 0;
	int drained = -1;            /* rounds read since e2fsck exited, -1 while it runs */

	while (p[0].fd >= 0 || p[1].fd >= 0) {
		int n;

		if (rd->o->cancel && *rd->o->cancel && !rd->res->canceled) {
			kill(pid, SIGTERM);
			rd->res->canceled = true;
			termed = monotonic();
		}
		if (rd->o->timeout && !termed && monotonic() - start > rd->o->timeout) {
			kill(pid, SIGTERM);
			rd->res->timed_out = true;
			termed = monotonic();
		}
		if (termed && monotonic() - termed > 10)
			kill(pid, SIGKILL); /* it did not hear SIGTERM: stuck in a loop */
		n = poll(p, 3, drained >= 0 ? 0 : 100);
		if (n < 0 && errno != EINTR)
			return -errno;
		if (drained >= 0 && (n == 0 || ++drained > 64))
			break;
		if (n > 0 && p[2].fd >= 0 && p[2].revents) {
			p[2].fd = -1;
			drained = 0;
		}
		for (int i = 0; n > 0 && i < 2; i++) {
			int r;

			if (p[i].fd >= 0 && p[i].revents && (r = reader_read(rd, p, i)) < 0)
				return r;
		}
	}
	return 0;
}

/* Returns the exit code, or 256 + signal number when the child was killed. */
static int wait_child(pid_t pid)
{
	int st;

	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	return 256 + WTERMSIG(st);
}

int e2fsck_start(const char *device, const struct e2fsck_opts *o, struct e2fsck_child *ret)
{
	static const char *mode_flag[] = { [E2FSCK_CHECK] = "-fn", [E2FSCK_REPAIR] = "-fy",
					   [E2FSCK_PREEN] = "-fp" };
	_cleanup_free_ char **envp = NULL;
	_cleanup_close_ int out_r = -1, out_w = -1, prog_r = -1, prog_w = -1;
	const char *bin = e2fsck_binary(o->binary);
	char progfd[8], sb[24], path[PATH_MAX];
	char *argv[] = { (char *)bin, (char *)mode_flag[o->mode], (char *)"-C", progfd,
			 (char *)device, NULL, NULL, NULL, NULL, NULL };
	int p[2], r;
	pid_t pid;

	snprintf(progfd, sizeof(progfd), "%d", E2FSCK_PROGRESS_FD);
	if (o->superblock) {
		snprintf(sb, sizeof(sb), "%llu", (unsigned long long)o->superblock);
		argv[4] = (char *)"-b";
		argv[5] = sb;
		argv[6] = (char *)"-B";
		argv[7] = (char *)"4096";
		argv[8] = (char *)device;
	}
	envp = child_environ();
	if (!envp)
		return -ENOMEM;
	if ((r = pipe_high(p)) < 0)
		return r;
	out_r = p[0], out_w = p[1];
	if ((r = pipe_high(p)) < 0)
		return r;
	prog_r = p[0], prog_w = p[1];

	r = find_binary(bin, path, sizeof(path));
	if (r == 0)
		r = spawn(path, argv, envp, out_w, prog_w, &pid);
	if (r < 0)
		return chunk_log_errno(r, "Failed to run %s: %s", bin, strerror(-r));
	if (o->background) {
		/* posix_spawn sets no priority: set right after, while it has read little yet. */
		setpriority(PRIO_PROCESS, (id_t)pid, 19);
		syscall(SYS_ioprio_set, IOPRIO_WHO_PROCESS_, pid, IOPRIO_CLASS_IDLE_ << IOPRIO_CLASS_SHIFT_);
	}
	*ret = (struct e2fsck_child) { .pid = pid, .out = TAKE_FD(out_r), .prog = TAKE_FD(prog_r), .o = o };
	return 0;
}

int e2fsck_finish(struct e2fsck_child *c, struct e2fsck_result *ret)
{
	_cleanup_close_ int out = c->out, prog = c->prog;
	struct e2fsck_reader rd = { .o = c->o, .res = ret };
	_cleanup_close_ int pidfd = (int)syscall(SYS_pidfd_open, c->pid, 0);
	int r, raw;

	*ret = (struct e2fsck_result) { .status = FSCK_ERROR };
	c->out = c->prog = -1;
	/* The timeout counts from here: time the caller spent meanwhile is not e2fsck's. */
	r = reader_loop(&rd, c->pid, pidfd, out, prog, monotonic());
	if (r < 0) {
		kill(c->pid, SIGTERM);
		rd.res->canceled = true;
	}
	raw = wait_child(c->pid);
	if (raw < 0) {
		e2fsck_result_done(ret);
		return raw;
	}
	if (r < 0) {
		e2fsck_result_done(ret);
		return r;
	}
	if (ret->timed_out)
		reader_note(&rd, "\n[e2fsck stopped: it ran past the timeout]\n");
	if (rd.out_truncated)
		reader_note(&rd, "\n[e2fsck output truncated]\n");
	ret->raw_status = raw;
	if (ret->canceled)
		ret->status = FSCK_CANCELED;
	else if (ret->timed_out)
		ret->status = FSCK_UNCORRECTED | FSCK_ERROR;
	else if (raw >= 256)
		ret->status = FSCK_ERROR;   /* killed by someone else: nothing it says can be trusted */
	else
		ret->status = e2fsck_status_from_exit(raw);
	return 0;
}

int e2fsck_run(const char *device, const struct e2fsck_opts *o, struct e2fsck_result *ret)
{
	struct e2fsck_child c;
	int r = e2fsck_start(device, o, &c);

	if (r < 0) {
		*ret = (struct e2fsck_result) { .status = FSCK_ERROR };
		return r;
	}
	return e2fsck_finish(&c, ret);
}

void e2fsck_result_done(struct e2fsck_result *r)
{
	free(r->output);
	r->output = NULL;
	r->output_len = 0;
}
