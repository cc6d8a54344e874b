/* Who holds a flock: /proc/locks lines as the kernel writes them, and a real lock a child
 * process takes on a real file, named by its command and pid. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
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

int main(void)
{
	test_parse();
	test_real();
	return test_exit();
}
