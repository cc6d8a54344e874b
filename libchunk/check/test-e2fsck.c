/* e2fsck as a child: the real binary on real images, clean and damaged; progress; cancel;
 * started, then finished after other work. */
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libchunk/check/check.h"
#include "libchunk/check/e2fsck.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/test-assert.h"

static char tmpdir[] = "/tmp/chunkfs-test-e2fsck.XXXXXX";

/* Runs a helper program with no shell in between; returns its exit status. */
static int run(char *const argv[])
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		dup2(null, 1);
		dup2(null, 2);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static char *make_image_type(const char *name, const char *type, const char *size,
			     const char *inodes)
{
	char *path;

	if (asprintf(&path, "%s/%s", tmpdir, name) < 0)
		abort();
	char *argv[] = { (char *)"mke2fs", (char *)"-q", (char *)"-F", (char *)"-t", (char *)type,
			 (char *)"-N", (char *)inodes, path, (char *)size, NULL };
	if (run(argv) != 0)
		fprintf(stderr, "mke2fs %s failed\n", path);
	return path;
}

static char *make_image(const char *name, const char *size, const char *inodes)
{
	return make_image_type(name, "ext4", size, inodes);
}

struct progress_seen {
	int passes;              /* bit p set when pass p was reported */
	unsigned long calls;
	bool ordered;            /* passes never went backwards */
	int last;
	volatile sig_atomic_t *cancel_at_first;
};

static void on_progress(void *userdata, int pass, unsigned long cur, unsigned long max)
{
	struct progress_seen *s = userdata;

	s->calls++;
	if (pass < s->last)
		s->ordered = false;
	s->last = pass;
	if (pass >= 0 && pass < 31)
		s->passes |= 1 << pass;
	if (s->cancel_at_first)
		*s->cancel_at_first = 1;
	(void)cur;
	(void)max;
}

static void test_status_mapping(void)
{
	CHECK(e2fsck_status_from_exit(0) == FSCK_OK, "exit 0 is clean");
	CHECK(e2fsck_status_from_exit(2) == FSCK_CORRECTED, "exit 2 (reboot) counts as corrected");
	CHECK(e2fsck_status_from_exit(3) == FSCK_CORRECTED, "exit 3 counts as corrected");
	CHECK(e2fsck_status_from_exit(4) == FSCK_UNCORRECTED, "exit 4 is uncorrected");
	CHECK(e2fsck_status_from_exit(12) == (FSCK_UNCORRECTED | FSCK_ERROR), "exit 12 keeps both bits");
	CHECK(e2fsck_status_from_exit(128) == FSCK_ERROR, "exit 128 (library error) is operational");
	CHECK(e2fsck_status_from_exit(127) == FSCK_ERROR, "exit 127 (the exec failed) is operational");
	CHECK(e2fsck_status_from_exit(32) == FSCK_CANCELED, "exit 32 is cancelled");
}

static void test_progress_parse(void)
{
	int pass;
	unsigned long cur, max;

	CHECK(e2fsck_progress_parse("2 17 130 /tmp/x.img", &pass, &cur, &max) == 0 && pass == 2 &&
	      cur == 17 && max == 130, "a progress line gives pass, cur and max");
	CHECK(e2fsck_progress_parse("Pass 1: Checking inodes", &pass, &cur, &max) == -EINVAL,
	      "a message line is not progress");
	CHECK(e2fsck_progress_parse("3 4", &pass, &cur, &max) == -EINVAL, "a short line is refused");
}

static void test_clean(void)
{
	_cleanup_free_ char *img = make_image("clean.img", "8M", "256");
	struct progress_seen seen = { .ordered = true };
	struct e2fsck_opts o = { .mode = E2FSCK_CHECK, .progress = on_progress, .userdata = &seen };
	struct e2fsck_result res;
	int r;

	r = e2fsck_run(img, &o, &res);
	CHECK(r == 0, "e2fsck -fn runs on a fresh image");
	CHECK(res.status == FSCK_OK, "a fresh image is clean (status %d)", res.status);
	CHECK(seen.passes == 0x3e && seen.ordered, "progress reports passes 1..5 in order (mask %#x)",
	      seen.passes);
	CHECK(res.last_pass == 5, "the last pass seen is 5");
	CHECK(res.output && strstr(res.output, "Pass 5"), "the transcript holds e2fsck's messages");
	e2fsck_result_done(&res);
}

static char *gunzip_image(const char *name)
{
	const char *shared = getenv("CHUNKFS_SHARED");
	_cleanup_free_ char *gz = NULL;
	char *out;

	if (!shared)
		shared = "../shared";
	if (asprintf(&gz, "%s/e2fs-images/%s.img.gz", shared, name) < 0 ||
	    asprintf(&out, "%s/%s.img", tmpdir, name) < 0)
		abort();
	if (access(gz, R_OK) < 0) {
		free(out);
		return NULL;
	}
	/* gunzip -c writes to stdout: do the redirect ourselves, no shell. */
	pid_t pid = fork();
	int st;
	if (pid == 0) {
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		dup2(fd, 1);
		execlp("gunzip", "gunzip", "-c", gz, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		free(out);
		return NULL;
	}
	return out;
}

static void test_damaged(void)
{
	_cleanup_free_ char *img = gunzip_image("f_badinode");
	struct e2fsck_opts o = { .mode = E2FSCK_CHECK };
	struct e2fsck_result res;
	int r;

	if (!img) {
		printf("skip - f_badinode image not found under $CHUNKFS_SHARED\n");
		return;
	}
	r = e2fsck_run(img, &o, &res);
	CHECK(r == 0 && res.status == FSCK_UNCORRECTED,
	      "e2fsck -fn finds a damaged image damaged (status %d)", res.status);
	e2fsck_result_done(&res);
	o.mode = E2FSCK_PREEN;
	r = e2fsck_run(img, &o, &res);
	CHECK(r == 0 && res.status == FSCK_UNCORRECTED,
	      "preen refuses what needs a human (status %d)", res.status);
	e2fsck_result_done(&res);
	o.mode = E2FSCK_REPAIR;
	r = e2fsck_run(img, &o, &res);
	CHECK(r == 0 && res.status == FSCK_CORRECTED,
	      "e2fsck -fy repairs it (status %d)", res.status);
	e2fsck_result_done(&res);
	o.mode = E2FSCK_CHECK;
	r = e2fsck_run(img, &o, &res);
	CHECK(r == 0 && res.status == FSCK_OK,
	      "and a second check finds it clean (status %d)", res.status);
	e2fsck_result_done(&res);
}

static void test_not_ext(void)
{
	_cleanup_free_ char *path = NULL;
	struct e2fsck_opts o = { .mode = E2FSCK_CHECK };
	struct e2fsck_result res;
	int r;
	char zeros[65536] = { 0 };
	int fd;

	if (asprintf(&path, "%s/zeros.img", tmpdir) < 0)
		abort();
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	for (int i = 0; i < 16; i++)
		if (write(fd, zeros, sizeof(zeros)) < 0)
			abort();
	close(fd);
	r = e2fsck_run(path, &o, &res);
	CHECK(r == 0 && (res.status & FSCK_ERROR),
	      "a file of zeros is an operational error (status %d)", res.status);
	e2fsck_result_done(&res);
}

static void test_missing_binary(void)
{
	_cleanup_free_ char *img = make_image("nobin.img", "4M", "64");
	struct e2fsck_opts o = { .mode = E2FSCK_CHECK, .binary = "/nonexistent/e2fsck" };
	struct e2fsck_result res;
	int r;

	r = e2fsck_run(img, &o, &res);
	CHECK(r == -ENOENT, "a missing e2fsck binary is -ENOENT");
	o.binary = NULL;
	setenv("CHUNKFS_E2FSCK", "/nonexistent/from-env", 1);
	r = e2fsck_run(img, &o, &res);
	CHECK(strcmp(e2fsck_binary(NULL), "/nonexistent/from-env") == 0 && r == -ENOENT,
	      "$CHUNKFS_E2FSCK chooses the binary");
	unsetenv("CHUNKFS_E2FSCK");
	CHECK(strcmp(e2fsck_binary("/sbin/e2fsck"), "/sbin/e2fsck") == 0,
	      "an explicit path wins over the environment");
}

static void test_cancel(void)
{
	/* ext2 (no uninit_bg) with many inodes: pass 1 reads every inode table, so it is still
	 * running when SIGTERM arrives. */
	_cleanup_free_ char *img = make_image_type("big.img", "ext2", "512M", "500000");
	volatile sig_atomic_t cancel = 0;
	struct progress_seen seen = { .ordered = true, .cancel_at_first = &cancel };
	struct e2fsck_opts o = { .mode = E2FSCK_CHECK, .progress = on_progress, .userdata = &seen,
				 .cancel = &cancel };
	struct e2fsck_result res;
	int r;

	r = e2fsck_run(img, &o, &res);
	CHECK(r == 0, "e2fsck runs until cancelled");
	CHECK(res.canceled && res.status == FSCK_CANCELED,
	      "a cancel ends it with status 32 (status %d, raw %d)", res.status, res.raw_status);
	CHECK(res.raw_status == FSCK_CANCELED, "e2fsck stopped by itself after SIGTERM (raw %d)",
	      res.raw_status);
	CHECK(res.output && strstr(res.output, "canceled"), "its transcript says it was cancelled");
	e2fsck_result_done(&res);
	o.cancel = NULL;
	seen.cancel_at_first = NULL;
	r = e2fsck_run(img, &o, &res);
	CHECK(r == 0 && res.status == FSCK_OK,
	      "the cancelled image is still clean afterwards (status %d)", res.status);
	e2fsck_result_done(&res);
}

/* e2fsck_start returns while e2fsck runs; the caller works meanwhile (here: a whole second
 * e2fsck); e2fsck_finish then delivers the first one's progress, transcript and status. */
static void test_overlap(void)
{
	_cleanup_free_ char *big = make_image_type("overlap.img", "ext2", "256M", "200000");
	_cleanup_free_ char *small = make_image("small.img", "8M", "256");
	struct progress_seen seen = { .ordered = true }, seen2 = { .ordered = true };
	struct e2fsck_opts o = { .mode = E2FSCK_CHECK, .progress = on_progress, .userdata = &seen };
	struct e2fsck_opts o2 = { .mode = E2FSCK_CHECK, .progress = on_progress, .userdata = &seen2 };
	struct e2fsck_result res, res2;
	struct e2fsck_child c;
	int r;

	r = e2fsck_start(big, &o, &c);
	CHECK(r == 0 && c.pid > 0, "e2fsck_start starts e2fsck and returns (r %d)", r);
	CHECK(kill(c.pid, 0) == 0, "the child is left to e2fsck_finish (not reaped by e2fsck_start)");
	r = e2fsck_run(small, &o2, &res2);
	CHECK(r == 0 && res2.status == FSCK_OK, "another e2fsck runs meanwhile (status %d)", res2.status);
	CHECK(seen.calls == 0, "the first one's progress waits for e2fsck_finish");
	r = e2fsck_finish(&c, &res);
	CHECK(r == 0 && res.status == FSCK_OK, "e2fsck_finish gives its status (r %d, status %d)", r, res.status);
	CHECK(seen.passes == 0x3e && seen.ordered, "and its progress, passes 1..5 in order (mask %#x)", seen.passes);
	CHECK(res.output && strstr(res.output, "Pass 5"), "and its transcript");
	CHECK(kill(c.pid, 0) < 0 && errno == ESRCH, "and the child is reaped");
	e2fsck_result_done(&res);
	e2fsck_result_done(&res2);

	/* The caller's work between start and finish is not e2fsck's time: an e2fsck that ended
	 * long before its timeout is not reported as timed out however late the finish comes. */
	o = (struct e2fsck_opts) { .mode = E2FSCK_CHECK, .timeout = 1 };
	r = e2fsck_start(small, &o, &c);
	CHECK(r == 0, "e2fsck starts with a timeout of 1 s");
	sleep(2);
	r = e2fsck_finish(&c, &res);
	CHECK(r == 0 && !res.timed_out && res.status == FSCK_OK,
	      "finished 2 s later, it is not timed out (timed_out %d, status %d)", res.timed_out, res.status);
	e2fsck_result_done(&res);
}

/* A wrapper named as e2fsck that leaves a process behind holding e2fsck's pipes (its stdout,
 * its stderr and the progress fd): the run ends when e2fsck does, with its whole transcript,
 * not when the process left behind lets go of the pipes (it marks its end in a file first). */
static void test_left_behind(void)
{
	_cleanup_free_ char *img = make_image("behind.img", "8M", "256");
	_cleanup_free_ char *wrapper = NULL, *pidfile = NULL, *ended = NULL;
	struct e2fsck_opts o = { .mode = E2FSCK_CHECK };
	struct e2fsck_result res;
	char line[32] = "";
	pid_t behind = 0;
	FILE *f;
	int r;

	if (asprintf(&wrapper, "%s/e2fsck-wrapper", tmpdir) < 0 || asprintf(&pidfile, "%s/behind.pid", tmpdir) < 0 ||
	    asprintf(&ended, "%s/behind.ended", tmpdir) < 0)
		abort();
	f = fopen(wrapper, "w");
	if (!f)
		abort();
	fprintf(f, "#!/bin/sh\n(sleep 60; touch %s) &\necho $! >%s\nexec e2fsck \"$@\"\n", ended, pidfile);
	fclose(f);
	chmod(wrapper, 0755);
	o.binary = wrapper;
	r = e2fsck_run(img, &o, &res);
	CHECK(access(ended, F_OK) < 0, "the run ended while the process left behind still held the pipes");
	CHECK(r == 0 && res.status == FSCK_OK, "the wrapper's e2fsck ran (r %d, status %d)", r, res.status);
	CHECK(res.output && strstr(res.output, "Pass 5"), "its whole transcript was read");
	f = fopen(pidfile, "r");
	if (f && fgets(line, sizeof(line), f))
		behind = (pid_t)atoi(line);
	if (f)
		fclose(f);
	if (behind > 0)
		kill(behind, SIGKILL); /* the touch never comes; its sleep ends by itself */
	e2fsck_result_done(&res);
}

int main(void)
{
	if (!mkdtemp(tmpdir))
		return EXIT_FAILURE;
	test_status_mapping();
	test_progress_parse();
	test_clean();
	test_damaged();
	test_not_ext();
	test_missing_binary();
	test_cancel();
	test_overlap();
	test_left_behind();
	char *argv[] = { (char *)"rm", (char *)"-rf", tmpdir, NULL };
	run(argv);
	return test_exit();
}
