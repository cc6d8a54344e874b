/* Who holds a flock, from /proc/locks (proc(5)). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "libchunk/base/lock-holder.h"
#include "libchunk/base/macro.h"

/* A line: "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF", the device's major and minor in
 * hex; a blocked waiter's line has "->" after its number and holds nothing. */
pid_t lock_holder_parse(const char *text, unsigned major, unsigned minor, ino_t ino, pid_t self)
{
	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		char kind[16], mode[16], rw[16];
		unsigned maj, min;
		unsigned long long i;
		int pid;

		if (sscanf(l, "%*d: %15s %15s %15s %d %x:%x:%llu", kind, mode, rw, &pid, &maj, &min, &i) != 7)
			continue;
		if (strcmp(kind, "FLOCK") || maj != major || min != minor || (ino_t)i != ino || pid == self)
			continue;
		return pid;
	}
	return 0;
}

int lock_holder(int fd, char *buf, size_t size)
{
	_cleanup_free_ char *text = NULL;
	char path[64], comm[64] = "";
	size_t cap = 0;
	struct stat st;
	FILE *f;
	pid_t pid;
	ssize_t n;

	if (fstat(fd, &st) < 0)
		return 0;
	f = fopen("/proc/locks", "re");
	if (!f)
		return 0;
	n = getdelim(&text, &cap, '\0', f);
	fclose(f);
	if (n <= 0)
		return 0;
	pid = lock_holder_parse(text, major(st.st_dev), minor(st.st_dev), st.st_ino, getpid());
	if (pid <= 0)
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	f = fopen(path, "re");
	if (f) {
		if (fgets(comm, sizeof(comm), f))
			comm[strcspn(comm, "\n")] = '\0';
		fclose(f);
	}
	snprintf(buf, size, "%s (pid %d)", *comm ? comm : "a process", (int)pid);
	return 1;
}
