/* Who holds a flock, from /proc/locks (proc(5)), and which job it runs, from its job note. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "libchunk/base/lock-holder.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/mounts.h"

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

static int note_path(pid_t pid, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s/jobs/%d", chunkfs_run_dir(), (int)pid);

	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

/* The note of H->pid, if it has one. */
static void note_read(struct lock_holder *h)
{
	char path[PATH_MAX];
	FILE *f;

	if (note_path(h->pid, path, sizeof(path)) < 0 || !(f = fopen(path, "re")))
		return;
	h->has_job = fscanf(f, "%u %15s %u %95[^\n]", &h->job, h->kind, &h->chunk, h->volume) == 4;
	fclose(f);
}

int lock_holder_find(int fd, struct lock_holder *ret)
{
	_cleanup_free_ char *text = NULL;
	char path[64];
	size_t cap = 0;
	struct stat st;
	FILE *f;
	ssize_t n;

	*ret = (struct lock_holder) {};
	if (fstat(fd, &st) < 0)
		return 0;
	f = fopen("/proc/locks", "re");
	if (!f)
		return 0;
	n = getdelim(&text, &cap, '\0', f);
	fclose(f);
	if (n <= 0)
		return 0;
	ret->pid = lock_holder_parse(text, major(st.st_dev), minor(st.st_dev), st.st_ino, getpid());
	if (ret->pid <= 0)
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/comm", (int)ret->pid);
	f = fopen(path, "re");
	if (f) {
		if (fgets(ret->comm, sizeof(ret->comm), f))
			ret->comm[strcspn(ret->comm, "\n")] = '\0';
		fclose(f);
	}
	note_read(ret);
	return 1;
}

int lock_holder(int fd, char *buf, size_t size)
{
	struct lock_holder h;

	if (!lock_holder_find(fd, &h))
		return 0;
	snprintf(buf, size, "%s (pid %d)", *h.comm ? h.comm : "a process", (int)h.pid);
	return 1;
}

int lock_holder_note_job(unsigned job, const char *kind, unsigned chunk, const char *volume)
{
	char dir[PATH_MAX], path[PATH_MAX], tmp[PATH_MAX + 8];
	FILE *f;
	int r;

	/* Readable by every user that may find the chunk locked, whatever the umask. */
	if (snprintf(dir, sizeof(dir), "%s/jobs", chunkfs_run_dir()) >= (int)sizeof(dir) ||
	    note_path(getpid(), path, sizeof(path)) < 0)
		return -ENAMETOOLONG;
	if (mkdir(chunkfs_run_dir(), 0755) < 0 && errno != EEXIST)
		return -errno;
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		return -errno;
	snprintf(tmp, sizeof(tmp), "%s.new", path);
	f = fopen(tmp, "we");
	if (!f)
		return -errno;
	(void)fchmod(fileno(f), 0644);
	fprintf(f, "%u %s %u %s\n", job, kind, chunk, volume);
	r = fclose(f) == 0 ? 0 : -errno;
	if (r == 0 && rename(tmp, path) < 0)
		r = -errno;
	if (r < 0)
		unlink(tmp);
	return r;
}

void lock_holder_note_remove(pid_t pid)
{
	char path[PATH_MAX];

	if (note_path(pid, path, sizeof(path)) == 0)
		(void)unlink(path);
}
