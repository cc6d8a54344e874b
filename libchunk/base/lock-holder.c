/* Who holds a flock, from /proc/locks (proc(5)), and which job it runs, from its job note. */
#include <dirent.h>
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
static pid_t parse_next(const char **pos, unsigned major, unsigned minor, ino_t ino, pid_t self)
{
	for (const char *l = *pos; l && *l; l = *pos) {
		char kind[16], mode[16], rw[16];
		unsigned maj, min;
		unsigned long long i;
		int pid;

		*pos = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL;
		if (sscanf(l, "%*d: %15s %15s %15s %d %x:%x:%llu", kind, mode, rw, &pid, &maj, &min, &i) != 7)
			continue;
		if (strcmp(kind, "FLOCK") || maj != major || min != minor || (ino_t)i != ino || pid == self)
			continue;
		return pid;
	}
	return 0;
}

pid_t lock_holder_parse(const char *text, unsigned major, unsigned minor, ino_t ino, pid_t self)
{
	return parse_next(&text, major, minor, ino, self);
}

static int note_path(pid_t pid, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s/jobs/%d", chunkfs_run_dir(), (int)pid);

	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

/* When process PID started, in clock ticks after boot (proc(5), /proc/PID/stat field 22): with
 * its pid, it names one process, never a later one given the same pid. 0 when it is gone (a
 * zombie is: it holds no file and runs no job). */
static unsigned long long process_start(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long long start;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* The command name, field 2, may hold spaces and parentheses: the fields after it are
	 * separated by one space each from its last ')' on. P ends at the space before field 22. */
	p = strrchr(buf, ')');
	if (p && p[1] == ' ' && p[2] == 'Z')
		return 0;
	for (int field = 3; p && field <= 22; field++)
		p = strchr(p + 1, ' ');
	if (!p || sscanf(p, " %llu", &start) != 1)
		return 0;
	return start;
}

/* Reads note PATH into H (H->has_job set); 1 when it is the note of process PID, alive, and not
 * of an earlier process that had the pid, 0 when it is stale, -errno when unreadable. */
static int note_load(const char *path, pid_t pid, struct lock_holder *h)
{
	unsigned long long start;
	FILE *f = fopen(path, "re");
	int n;

	if (!f)
		return -errno;
	n = fscanf(f, "%llu %u %15s %u %95[^\n]", &start, &h->job, h->kind, &h->chunk, h->volume);
	fclose(f);
	h->has_job = n == 5 && start != 0 && start == process_start(pid);
	return h->has_job;
}

/* The note of H->pid, if it has one and it is the note of that process (a note left by a job
 * whose process is gone names nothing). */
static void note_read(struct lock_holder *h)
{
	char path[PATH_MAX];

	if (note_path(h->pid, path, sizeof(path)) == 0)
		(void)note_load(path, h->pid, h);
}

static char *proc_locks(void)
{
	char *text = NULL;
	size_t cap = 0;
	FILE *f = fopen("/proc/locks", "re");
	ssize_t n;

	if (!f)
		return NULL;
	n = getdelim(&text, &cap, '\0', f);
	fclose(f);
	if (n <= 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* H->comm and H's job note, for the process H->pid. */
static void holder_describe(struct lock_holder *h)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)h->pid);
	f = fopen(path, "re");
	if (f) {
		if (fgets(h->comm, sizeof(h->comm), f))
			h->comm[strcspn(h->comm, "\n")] = '\0';
		fclose(f);
	}
	note_read(h);
}

/* The first process but this one holding a lock on FD's file that MATCHES (ANY, or its job is
 * on CHUNK): 1 and *RET, or 0. */
static int find_holder(int fd, bool any, unsigned chunk, struct lock_holder *ret)
{
	_cleanup_free_ char *text = NULL;
	const char *pos;
	struct stat st;

	*ret = (struct lock_holder) {};
	if (fstat(fd, &st) < 0 || !(text = proc_locks()))
		return 0;
	pos = text;
	for (pid_t pid; (pid = parse_next(&pos, major(st.st_dev), minor(st.st_dev), st.st_ino, getpid())) > 0;) {
		*ret = (struct lock_holder) { .pid = pid };
		holder_describe(ret);
		if (any || (ret->has_job && ret->chunk == chunk))
			return 1;
	}
	*ret = (struct lock_holder) {};
	return 0;
}

int lock_holder_find(int fd, struct lock_holder *ret)
{
	return find_holder(fd, true, 0, ret);
}

int lock_holder_find_job(int fd, unsigned chunk, struct lock_holder *ret)
{
	return find_holder(fd, false, chunk, ret);
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
	unsigned long long start = process_start(getpid());
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
	fprintf(f, "%llu %u %s %u %s\n", start, job, kind, chunk, volume);
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

int lock_holder_note_sweep(void)
{
	char dir[PATH_MAX], path[PATH_MAX];
	struct dirent *de;
	DIR *d;
	int removed = 0;

	if (snprintf(dir, sizeof(dir), "%s/jobs", chunkfs_run_dir()) >= (int)sizeof(dir))
		return -ENAMETOOLONG;
	d = opendir(dir);
	if (!d)
		return errno == ENOENT ? 0 : -errno;
	while ((de = readdir(d))) {
		struct lock_holder h = {};
		char *end;
		long pid = strtol(de->d_name, &end, 10);

		if (pid <= 0 || end == de->d_name || (*end && strcmp(end, ".new")))
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", dir, de->d_name) >= (int)sizeof(path))
			continue;
		/* A note being written (PID.new) is its writer's while the writer lives; a note is
		 * its job's while that very process lives, whichever daemon started it. */
		if (*end ? process_start((pid_t)pid) != 0 : note_load(path, (pid_t)pid, &h) != 0)
			continue;
		if (unlink(path) == 0)
			removed++;
	}
	closedir(d);
	return removed;
}
