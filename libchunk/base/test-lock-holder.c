/* Who holds a flock: /proc/locks lines as the kernel writes them, and a real lock a child
 * process takes on a real file, named by its command and pid. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libchunk/base/lock-holder.h"
#include "libchunk/base/test-assert.h"

static void test_parse(void)
{
	/* From proc(5): a POSIX lock, an OFD lock, a flock, and a waiter ("->") on that flock. */
	const char *text =
		"1: POSIX  ADVISORY  WRITE 472 08:06:1834 0 EOF\n"
		"2: OFDLCK ADVISORY  READ  -1 00:05:1028 0 EOF\n"
		"3: FLOCK  ADVISORY  WRITE 653 fe:01:131077 0 EOF\n"
		"3: -> FLOCK  ADVISORY  WRITE 700 fe:01:131077 0 EOF\n";

	CHECK(lock_holder_parse(text, 0xfe, 1, 131077, 1) == 653, "the flock's holder, not its waiter");
	CHECK(lock_holder_parse(text, 8, 6, 1834, 1) == 0, "a POSIX lock is no flock");
	CHECK(lock_holder_parse(text, 0xfe, 1, 131077, 653) == 0, "this process's own lock is not another's");
	CHECK(lock_holder_parse(text, 0xfe, 1, 131078, 1) == 0, "another inode is not held");
	CHECK(lock_holder_parse("", 0xfe, 1, 131077, 1) == 0, "an empty table holds nothing");
}

static void test_real(void)
{
	char path[] = "/tmp/test-lock-holder.XXXXXX", want[64], got[96] = "";
	int fd = mkstemp(path), pipefd[2], status;
	pid_t child;
	char c;

	CHECK(fd >= 0 && pipe(pipefd) == 0, "a file and a pipe");
	CHECK(lock_holder(fd, got, sizeof(got)) == 0, "an unlocked file has no holder");
	child = fork();
	if (child == 0) {
		int cfd = open(path, O_RDONLY);
		if (cfd < 0 || flock(cfd, LOCK_EX) < 0 || write(pipefd[1], "x", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	CHECK(read(pipefd[0], &c, 1) == 1, "the child holds the lock");
	snprintf(want, sizeof(want), "test-lock-holde (pid %d)", (int)child);
	CHECK(lock_holder(fd, got, sizeof(got)) == 1 && strcmp(got, want) == 0,
	      "named by its command and pid: '%s'", got);
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	CHECK(lock_holder(fd, got, sizeof(got)) == 0, "its lock goes with it");
	close(fd);
	unlink(path);
}

static void note_write(const char *dir, pid_t pid, const char *line)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/jobs/%d", dir, (int)pid);
	f = fopen(path, "we");
	CHECK(f && fprintf(f, "%s\n", line) > 0 && fclose(f) == 0, "note %s written", path);
}

/* A holder with a job note is named with its job; its note removed, without; a note left
 * behind names nothing and is swept. */
static void test_note(void)
{
	char dir[] = "/tmp/test-lock-holder-run.XXXXXX", path[] = "/tmp/test-lock-holder.XXXXXX", rm[128];
	int fd = mkstemp(path), pipefd[2], status;
	struct lock_holder h;
	pid_t child;
	char c;

	CHECK(fd >= 0 && pipe(pipefd) == 0 && mkdtemp(dir), "a file, a pipe and a run directory");
	setenv("CHUNKFS_RUN_DIR", dir, 1);
	child = fork();
	if (child == 0) {
		int cfd = open(path, O_RDONLY);
		if (lock_holder_note_job(12, "scrub", 3, "home 2") < 0 || cfd < 0 || flock(cfd, LOCK_EX) < 0 ||
		    write(pipefd[1], "x", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	CHECK(read(pipefd[0], &c, 1) == 1, "the child noted its job and holds the lock");
	CHECK(lock_holder_find(fd, &h) == 1 && h.pid == child && h.has_job && h.job == 12 && h.chunk == 3 &&
	      !strcmp(h.kind, "scrub") && !strcmp(h.volume, "home 2"),
	      "named with its job: job %u, %s of chunk %u of volume '%s'", h.job, h.kind, h.chunk, h.volume);
	CHECK(lock_holder_note_sweep() == 0, "the note of a living job is not swept");
	lock_holder_note_remove(child);
	CHECK(lock_holder_find(fd, &h) == 1 && h.pid == child && !h.has_job, "its note removed, no job");
	/* A note its process did not write (that pid was another process's, started earlier). */
	note_write(dir, child, "1 13 scrub 4 v");
	CHECK(lock_holder_find(fd, &h) == 1 && h.pid == child && !h.has_job, "a note of another process names no job");
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	note_write(dir, getpid(), "1 14 scrub 5 v");
	CHECK(lock_holder_note_sweep() == 2, "the notes of a gone process and of an earlier one are swept");
	close(fd);
	unlink(path);
	snprintf(rm, sizeof(rm), "rm -rf '%s'", dir);
	CHECK(system(rm) == 0, "the run directory is removed");
	unsetenv("CHUNKFS_RUN_DIR");
}

int main(void)
{
	test_parse();
	test_real();
	test_note();
	return test_exit();
}
