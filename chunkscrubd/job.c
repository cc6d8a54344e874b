/* Running one job: the child side (priorities, volume_check_chunk, the pipe protocol) and the
 * parent side (reading the pipe, reaping the child, turning codes into a result). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "chunkscrubd/bus.h"
#include "chunkscrubd/job.h"
#include "chunkscrubd/log.h"
#include "chunkscrubd/manager.h"
#include "libchunk/check/check.h"
#include "libchunk/base/macro.h"
#include "libchunk/volume/volume.h"

#define IOPRIO_WHO_PROCESS 1
#define IOPRIO_PRIO_VALUE(class, data) (((class) << 13) | (data))

const char *job_kind_to_string(enum job_kind k)
{
	return k == JOB_REPAIR ? "repair" : "scrub";
}

const char *job_origin_to_string(enum job_origin o)
{
	static const char *const names[] = { "boot", "idle", "admin", "damage" };

	return names[o];
}

int job_new(struct manager *m, struct scrub_chunk *c, enum job_kind kind, enum job_origin origin,
	    uint32_t id, struct job **ret)
{
	struct job *j = calloc(1, sizeof(*j));

	if (!j)
		return -ENOMEM;
	*j = (struct job) {
		.manager = m, .id = id, .kind = kind, .origin = origin, .chunk = c,
		.fd = -1, .check_code = -1, .repair_code = -1, .code = -1,
	};
	*ret = j;
	return 0;
}

void job_free(struct job *j)
{
	if (!j)
		return;
	sd_event_source_disable_unref(j->child_source);
	sd_event_source_disable_unref(j->io_source);
	if (j->fd >= 0)
		close(j->fd);
	free(j->buf);
	free(j->report_json);
	free(j);
}

/* e2fsck spends most of its time in pass 1; weigh the passes roughly as it runs them. */
double job_progress_from_pass(int pass, unsigned long cur, unsigned long max, bool repairing)
{
	static const double start[] = { 0, 0, 0.70, 0.90, 0.92, 0.97, 1.0 };
	double in_pass, p;

	if (pass < 1 || pass > 5)
		return 0;
	in_pass = max ? (double)MIN(cur, max) / (double)max : 0;
	p = start[pass] + (start[pass + 1] - start[pass]) * in_pass;
	/* A scrub that turned into a repair: the check was the first half. */
	return repairing ? 0.5 + p / 2 : p;
}

/* ---- child ---- */

static volatile sig_atomic_t child_cancel;

static void child_on_term(int sig)
{
	child_cancel = 1;
}

static void child_write(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void child_write(int fd, const char *fmt, ...)
{
	_cleanup_free_ char *s = NULL;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n > 0 && write(fd, s, (size_t)n) != n)
		_exit(FSCK_ERROR);
}

struct child_progress {
	int fd;
	bool repairing;
	int last_pass;
	unsigned long last_cur;
};

static void child_progress(void *userdata, unsigned chunk, int pass, unsigned long cur, unsigned long max)
{
	struct child_progress *p = userdata;

	/* e2fsck reports every few inodes; one line per 1/200th is plenty for the bus. */
	if (pass == p->last_pass && max > 0 && cur < max && cur - p->last_cur < max / 200)
		return;
	p->last_pass = pass;
	p->last_cur = cur;
	child_write(p->fd, "progress %d %lu %lu%s\n", pass, cur, max, p->repairing ? " repair" : "");
}

static void child_report(int fd, struct chunk_check_report *r)
{
	_cleanup_free_ char *json = r ? chunk_check_report_json(r) : NULL;

	if (!json)
		return;
	for (char *s = json; *s; s++) /* raw newlines are whitespace between JSON tokens */
		if (*s == '\n' || *s == '\r')
			*s = ' ';
	child_write(fd, "report %s\n", json);
}

static _Noreturn void child_run(struct job *j, int fd)
{
	const struct config *cfg = j->manager->config;
	struct sigaction sa = { .sa_handler = child_on_term };
	struct child_progress progress = { .fd = fd };
	struct chunk_check_opts o = {
		.repair = j->kind == JOB_REPAIR,
		.orphans = cfg->orphans,
		.e2fsck = cfg->e2fsck,
		.progress = child_progress,
		.userdata = &progress,
		.cancel = &child_cancel,
	};
	_cleanup_(volume_closep) struct volume *v = NULL;
	struct chunk_check_report *report = NULL;
	sigset_t all;
	int r;

	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGHUP, SIG_IGN);
	signal(SIGPIPE, SIG_DFL);
	sigfillset(&all);
	sigprocmask(SIG_UNBLOCK, &all, NULL);
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() == 1 && j->manager->stopping)
		_exit(FSCK_CANCELED);
	if (setpriority(PRIO_PROCESS, 0, cfg->nice) < 0)
		log_warning_errno(-errno, "Failed to set nice level %d: %m", cfg->nice);
	if (cfg->io_class != IOPRIO_CLASS_NONE &&
	    syscall(SYS_ioprio_set, IOPRIO_WHO_PROCESS, 0,
		    IOPRIO_PRIO_VALUE(cfg->io_class, cfg->io_class == IOPRIO_CLASS_IDLE ? 0 : 4)) < 0)
		log_warning_errno(-errno, "Failed to set I/O class %s: %m", config_io_class_to_string(cfg->io_class));

	r = scrub_volume_open(j->chunk->volume, o.repair || cfg->auto_repair ? VOLUME_RDWR : 0, &v);
	if (r < 0) {
		log_chunk(LOG_ERR, r, j->chunk->volume->name, (int)j->chunk->id, NULL,
			  "Failed to open volume: %m");
		_exit(FSCK_ERROR);
	}
	r = volume_check_chunk(v, j->chunk->id, &o, &report);
	child_write(fd, "%s %d\n", o.repair ? "repair" : "check", r);
	child_report(fd, report);
	chunk_check_report_free(report);
	report = NULL;
	if (!o.repair && cfg->auto_repair && r >= 0 && (r & FSCK_UNCORRECTED) &&
	    !(r & (FSCK_ERROR | FSCK_USAGE | FSCK_CANCELED)) && !child_cancel) {
		o.repair = true;
		progress.repairing = true;
		progress.last_pass = 0;
		r = volume_check_chunk(v, j->chunk->id, &o, &report);
		child_write(fd, "repair %d\n", r);
		child_report(fd, report);
		chunk_check_report_free(report);
	}
	r = volume_close(TAKE_PTR(v));
	_exit(child_cancel ? FSCK_CANCELED : 0);
}

/* ---- parent ---- */

int job_parse_line(struct job *j, const char *line)
{
	int pass, code;
	unsigned long cur, max;
	char tail[16] = "";

	if (sscanf(line, "progress %d %lu %lu %15s", &pass, &cur, &max, tail) >= 3) {
		j->pass = pass;
		j->progress = job_progress_from_pass(pass, cur, max, !strcmp(tail, "repair"));
		return 1;
	}
	if (sscanf(line, "check %d", &code) == 1) {
		j->check_code = code;
		return 2;
	}
	if (sscanf(line, "repair %d", &code) == 1) {
		j->repair_code = code;
		return 3;
	}
	if (!strncmp(line, "report ", 7)) {
		char *s = strdup(line + 7);

		if (!s)
			return -ENOMEM;
		free(j->report_json);
		j->report_json = s;
		return 4;
	}
	return -EBADMSG;
}

static void job_handle_line(struct job *j, const char *line)
{
	int r = job_parse_line(j, line);

	if (r < 0)
		log_warning("Job %" PRIu32 ": unexpected line from the child: %.80s", j->id, line);
	else if (r == 2 && (j->check_code & FSCK_UNCORRECTED))
		log_chunk(LOG_WARNING, 0, j->chunk->volume->name, (int)j->chunk->id,
			  LOG_MESSAGE_DAMAGE_FOUND, "Damage found by the check (fsck code %d)", j->check_code);
	else if (r == 1 && j->progress - j->progress_published >= 0.01) {
		j->progress_published = j->progress;
		bus_chunk_emit_job_changed(j->chunk);
	}
}

/* Returns bytes read, 0 at end of file, -EAGAIN when nothing is there yet. */
static ssize_t job_read(struct job *j)
{
	char data[4096], *nl, *nb;
	ssize_t n = read(j->fd, data, sizeof(data));

	if (n < 0)
		return errno == EINTR ? -EAGAIN : -errno;
	if (n == 0)
		return 0;
	nb = realloc(j->buf, j->buf_len + (size_t)n + 1);
	if (!nb)
		return -ENOMEM;
	j->buf = nb;
	memcpy(j->buf + j->buf_len, data, (size_t)n);
	j->buf_len += (size_t)n;
	j->buf[j->buf_len] = '\0';
	while ((nl = memchr(j->buf, '\n', j->buf_len))) {
		*nl = '\0';
		job_handle_line(j, j->buf);
		j->buf_len -= (size_t)(nl + 1 - j->buf);
		memmove(j->buf, nl + 1, j->buf_len + 1);
	}
	return n;
}

static int job_on_io(sd_event_source *s, int fd, uint32_t revents, void *userdata)
{
	struct job *j = userdata;
	ssize_t n = job_read(j);

	if (n == 0 || (n < 0 && n != -EAGAIN))
		sd_event_source_set_enabled(s, SD_EVENT_OFF);
	return 0;
}

static void job_conclude(struct job *j, const siginfo_t *si)
{
	int last = j->repair_code >= 0 ? j->repair_code : j->check_code;

	if (si->si_code != CLD_EXITED && !j->cancel_requested) {
		/* The child died on a signal (a crash, the OOM killer): the job failed. */
		log_chunk(LOG_ERR, 0, j->chunk->volume->name, (int)j->chunk->id, NULL,
			  "Job %" PRIu32 " died on signal %s", j->id, strsignal(si->si_status));
		j->result = "failed";
		j->code = FSCK_ERROR;
	} else if (j->cancel_requested || (si->si_code == CLD_EXITED && si->si_status == FSCK_CANCELED) ||
		   (last >= 0 && (last & FSCK_CANCELED))) {
		j->result = "cancelled";
		j->code = FSCK_CANCELED;
	} else if (last < 0 || (last & (FSCK_ERROR | FSCK_USAGE))) {
		j->result = "failed";
		j->code = last < 0 ? FSCK_ERROR : last;
	} else if (last & FSCK_UNCORRECTED) {
		j->result = "damaged";
		j->code = last;
	} else if (j->repair_code >= 0 && (j->kind == JOB_SCRUB || (j->repair_code & FSCK_CORRECTED))) {
		j->result = "repaired";
		j->code = FSCK_CORRECTED;
	} else {
		j->result = "clean";
		j->code = FSCK_OK;
	}
}

static int job_on_exit(sd_event_source *s, const siginfo_t *si, void *userdata)
{
	struct job *j = userdata;

	/* Drain what the child wrote before it exited (the pipe is non-blocking). */
	while (j->fd >= 0 && job_read(j) > 0)
		;
	j->child_source = sd_event_source_unref(j->child_source);
	j->pid = 0;
	j->finished = time(NULL);
	job_conclude(j, si);
	manager_job_finished(j->manager, j);
	return 0;
}

int job_start(struct job *j)
{
	int p[2];
	pid_t pid;
	int r;

	if (pipe2(p, O_CLOEXEC) < 0)
		return -errno;
	pid = fork();
	if (pid < 0) {
		r = -errno;
		close(p[0]);
		close(p[1]);
		return r;
	}
	if (pid == 0) {
		close(p[0]);
		child_run(j, p[1]);
	}
	close(p[1]);
	j->pid = pid;
	j->fd = p[0];
	j->started = time(NULL);
	fcntl(j->fd, F_SETFL, O_NONBLOCK);
	r = sd_event_add_io(j->manager->event, &j->io_source, j->fd, EPOLLIN, job_on_io, j);
	if (r >= 0)
		r = sd_event_add_child(j->manager->event, &j->child_source, pid, WEXITED, job_on_exit, j);
	if (r < 0) {
		kill(pid, SIGKILL);
		return r;
	}
	/* The child's exit is seen after its last pipe output. */
	sd_event_source_set_priority(j->child_source, SD_EVENT_PRIORITY_NORMAL + 10);
	return 0;
}

int job_cancel(struct job *j)
{
	j->cancel_requested = true;
	if (j->pid > 0 && kill(j->pid, SIGTERM) < 0)
		return -errno;
	return 0;
}
