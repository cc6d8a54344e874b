/* subreaper: a test tool that runs a command as a child subreaper would (prctl(2),
 * PR_SET_CHILD_SUBREAPER), so that the processes it leaves when killed are reaped, as init
 * reaps them on a real system, and their pids can be given again. Where the test runs under
 * a PID 1 that reaps nothing, a daemon's job killed with it stays a zombie without this.
 * Usage: subreaper CMD [ARG...]; exits with CMD's status once every process left to it is
 * reaped. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int status, code = 1;
	pid_t cmd, pid;

	if (argc < 2) {
		fprintf(stderr, "Usage: subreaper CMD [ARG...]\n");
		return 2;
	}
	if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) < 0) {
		perror("subreaper: prctl");
		return 1;
	}
	cmd = fork();
	if (cmd < 0) {
		perror("subreaper: fork");
		return 1;
	}
	if (cmd == 0) {
		execvp(argv[1], argv + 1);
		perror(argv[1]);
		_exit(127);
	}
	while ((pid = wait(&status)) > 0 || errno == EINTR)
		if (pid == cmd)
			code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	return code;
}
