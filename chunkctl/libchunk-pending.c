/* Temporary stand-ins for libchunk's check (issue 4) until it lands; deleted then. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libchunk/check.h"
#include "libchunk/state.h"
#include "libchunk/volume.h"

struct chunk_check_report { int code; };

int volume_check_chunk(struct volume *v, unsigned id, const struct chunk_check_opts *o,
		       struct chunk_check_report **ret)
{
	const char *path = volume_chunk_path(v, id);
	const char *bin = o->e2fsck ?: getenv("CHUNKFS_E2FSCK") ?: "e2fsck";
	char line[512];
	size_t len = 0;
	int p[2], status, code;
	pid_t pid;
	bool sent = false;
	struct chunk *c;

	if (pipe2(p, O_CLOEXEC) < 0)
		return FSCK_ERROR;
	pid = fork();
	if (pid == 0) {
		char fd[16];

		dup2(p[1], 3);
		snprintf(fd, sizeof(fd), "3");
		int null = open("/dev/null", O_RDWR);
		dup2(null, 1);
		execlp(bin, bin, o->repair ? "-fy" : "-fn", "-C", fd, path, (char *)NULL);
		_exit(8);
	}
	close(p[1]);
	for (;;) {
		struct pollfd pf = { p[0], POLLIN, 0 };
		if (o->cancel && *o->cancel && !sent) {
			kill(pid, SIGTERM);
			sent = true;
		}
		if (poll(&pf, 1, 100) > 0) {
			ssize_t n = read(p[0], line + len, sizeof(line) - 1 - len);
			if (n <= 0)
				break;
			len += (size_t)n;
			line[len] = 0;
			char *nl;
			while ((nl = strchr(line, '\n'))) {
				int pass; unsigned long cur, max;
				*nl = 0;
				if (o->progress && sscanf(line, "%d %lu %lu", &pass, &cur, &max) == 3)
					o->progress(o->userdata, id, pass, cur, max);
				len -= (size_t)(nl + 1 - line);
				memmove(line, nl + 1, len + 1);
			}
			if (len >= sizeof(line) - 1)
				len = 0;
		}
	}
	close(p[0]);
	waitpid(pid, &status, 0);
	code = WIFEXITED(status) ? WEXITSTATUS(status) : FSCK_CANCELED;
	if (code == 2)
		code = 1;
	if (sent)
		code |= FSCK_CANCELED;
	if (!(code & FSCK_CANCELED) && volume_chunk(v, id, &c) == 0)
		chunk_state_record_check(c, code, code & 4 ? 1 : 0);
	if (ret) {
		*ret = calloc(1, sizeof(**ret));
		if (*ret)
			(*ret)->code = code;
	}
	return code;
}

char *chunk_check_report_json(const struct chunk_check_report *r)
{
	char *s;
	return asprintf(&s, "{\"code\": %d}", r->code) < 0 ? NULL : s;
}

void chunk_check_report_free(struct chunk_check_report *r)
{
	free(r);
}

void chunk_check_report_print(const struct chunk_check_report *r, FILE *f)
{
	fprintf(f, "e2fsck code %d\n", r->code);
}
