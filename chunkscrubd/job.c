/* Running one job: the child side (priorities, volume_check_chunk, the pipe protocol) and the
 * parent side (reading the pipe, reaping the child, turning codes into a result). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <json-c/json.h>

#include "chunkscrubd/config.h"
#include "chunkscrubd/job.h"
#include "chunkscrubd/log.h"
#include "chunkscrubd/scrub-volume.h"
#include "libchunk/base/fsck-result.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/lock-holder.h"
#include "libchunk/check/check.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/mount-control.h"
#include "libchunk/volume/volume.h"

/* ioprio_set(2)'s, as in linux/ioprio.h, which older kernel headers do not export. */
#define IOPRIO_WHO_PROCESS 1
#define IOPRIO_CLASS_SHIFT 13
#define IOPRIO_NORM 4                  /* the level within the realtime and best-effort classes */
#define IOPRIO_PRIO_VALUE(class, data) (((class) << IOPRIO_CLASS_SHIFT) | (data))

/* e2fsck reports every few inodes: the child passes on a line per 1/200th of a pass, and the
 * bus is told when the job has moved on by 1%. */
#define PROGRESS_LINES_PER_PASS 200
#define PROGRESS_PUBLISH_STEP 0.01

const char *job_kind_to_string(enum job_kind k)
{
	return k == JOB_REPAIR ? "repair" : "scrub";
}

const char *job_origin_to_string(enum job_origin o)
{
	static const char *const names[] = { "boot", "idle", "admin", "damage" };

	return names[o];
}

/* A job's outcome is said in the words of a check's (fsck-result.c), by the fsck code the
 * job ends with (job_conclude). */
const char *job_result_to_string(enum job_result r)
{
	static const int codes[_JOB_RESULT_MAX] = {
		[JOB_RESULT_NONE] = -1,
		[JOB_RESULT_CLEAN] = FSCK_OK,
		[JOB_RESULT_REPAIRED] = FSCK_CORRECTED,
		[JOB_RESULT_DAMAGED] = FSCK_UNCORRECTED,
		[JOB_RESULT_FAILED] = FSCK_ERROR,
		[JOB_RESULT_CANCELLED] = FSCK_CANCELED,
	};

	return (size_t)r < ELEMENTSOF(codes) ? fsck_result_word(codes[r]) : NULL;
}

int job_new(const struct job_callbacks *callbacks, void *userdata, struct scrub_chunk *c,
	    enum job_kind kind, enum job_origin origin, uint32_t id, struct job **ret)
{
	struct job *j = calloc(1, sizeof(*j));

	if (!j)
		return -ENOMEM;
	*j = (struct job) {
		.callbacks = callbacks, .userdata = userdata, .id = id, .kind = kind, .origin = origin, .chunk = c,
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
	json_object_put(j->report);
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

	if (pass == p->last_pass && max > 0 && cur < max && cur - p->last_cur < max / PROGRESS_LINES_PER_PASS)
		return;
	p->last_pass = pass;
	p->last_cur = cur;
	child_write(p->fd, "progress %d %lu %lu%s\n", pass, cur, max, p->repairing ? " repair" : "");
}

/* The report goes up the pipe on one line: json-c's plain form has no raw newline in it. */
static void child_report(int fd, unsigned chunk, const struct chunk_check_report *r)
{
	_cleanup_(json_object_putp) struct json_object *o = r ? chunk_check_report_to_json(r) : NULL;
	const char *text = o ? json_object_to_json_string_ext(o, JOB_REPORT_JSON_FLAGS) : NULL;

	if (text)
		child_write(fd, "report %s\n", text);
	else if (r)
		log_warning("The report on chunk %u could not be made into JSON; it is not kept", chunk);
}

/* One check or repair of the chunk done by the mount of its volume (chunkfs's control channel,
 * docs/MOUNT.md), reported on FD as volume_check_chunk's would be. Returns its fsck(8) code. */
static int child_online(struct job *j, int fd, const unsigned char uuid[16], bool repair, const struct config *cfg)
{
	_cleanup_(json_object_putp) struct json_object *req = json_object_new_object(), *reply = NULL;
	const char *volume = j->chunk->volume->name;
	struct json_object *t;
	char where[4096] = "";
	int r, code;

	if (!req || !json_add(req, "op", json_object_new_string(repair ? "repair" : "check")) ||
	    !json_add(req, "chunk", json_object_new_int((int)j->chunk->id)) ||
	    !json_add(req, "orphans", json_object_new_string(cfg->orphans == CHUNK_ORPHANS_DELETE ? "delete"
											     : "quarantine")))
		return FSCK_ERROR;
	r = mount_control_request(uuid, req, &reply, where, sizeof(where), &child_cancel);
	if (r == -ECANCELED)
		return FSCK_CANCELED;
	if (r < 0) {
		log_chunk(LOG_ERR, r, volume, (int)j->chunk->id, NULL,
			  "The volume is mounted, and its mount does not answer on %s: %m", where);
		return FSCK_ERROR;
	}
	if (json_object_object_get_ex(reply, "error", &t)) {
		log_chunk(LOG_ERR, 0, volume, (int)j->chunk->id, NULL, "The mount of the volume refused the %s: %s",
			  repair ? "repair" : "check", json_object_get_string(t));
		return FSCK_ERROR;
	}
	code = json_object_object_get_ex(reply, "result", &t) ? json_object_get_int(t) : FSCK_ERROR;
	child_write(fd, "%s %d\n", repair ? "repair" : "check", code);
	if (json_object_object_get_ex(reply, "report", &t)) {
		const char *text = json_object_to_json_string_ext(t, JOB_REPORT_JSON_FLAGS);
		if (text)
			child_write(fd, "report %s\n", text);
	}
	return code;
}

static bool wants_auto_repair(const struct config *cfg, int r)
{
	return cfg->auto_repair && r >= 0 && (r & FSCK_UNCORRECTED) && !(r & (FSCK_ERROR | FSCK_USAGE | FSCK_CANCELED)) &&
	       !child_cancel;
}

static _Noreturn void child_run(struct job *j, int fd, pid_t parent, const struct config *cfg)
{
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
	unsigned char uuid[16];
	sigset_t all;
	int r;

	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGHUP, SIG_IGN);
	signal(SIGPIPE, SIG_DFL);
	sigfillset(&all);
	sigprocmask(SIG_UNBLOCK, &all, NULL);
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	/* The daemon died before the line above: no SIGTERM will come, stop as if one had. */
	if (getppid() != parent)
		_exit(FSCK_CANCELED);
	if (setpriority(PRIO_PROCESS, 0, cfg->nice) < 0)
		log_warning_errno(-errno, "Failed to set nice level %d: %m", cfg->nice);
	if (cfg->io_class != IOPRIO_CLASS_NONE &&
	    syscall(SYS_ioprio_set, IOPRIO_WHO_PROCESS, 0,
		    IOPRIO_PRIO_VALUE(cfg->io_class, cfg->io_class == IOPRIO_CLASS_IDLE ? 0 : IOPRIO_NORM)) < 0)
		log_warning_errno(-errno, "Failed to set I/O class %s: %m", config_io_class_to_string(cfg->io_class));

	/* Before any lock: whoever finds a chunk this job holds names the job (lock-holder.h). */
	r = lock_holder_note_job(j->id, job_kind_to_string(j->kind), j->chunk->id, j->chunk->volume->name);
	if (r < 0)
		log_warning_errno(r, "Job %" PRIu32 ": failed to write its job note (a command refused for the "
				  "chunk will not name the job): %m", j->id);

	/* A mounted volume is checked by its mount, online: the mount holds every chunk. */
	if (scrub_volume_mounted(j->chunk->volume, uuid)) {
		r = child_online(j, fd, uuid, o.repair, cfg);
		if (!o.repair && wants_auto_repair(cfg, r)) {
			progress.repairing = true;
			child_online(j, fd, uuid, true, cfg);
		}
		_exit(child_cancel ? FSCK_CANCELED : FSCK_OK);
	}
	r = scrub_volume_open(j->chunk->volume, o.repair || cfg->auto_repair ? VOLUME_RDWR : 0, &v);
	if (r < 0) {
		log_chunk(LOG_ERR, r, j->chunk->volume->name, (int)j->chunk->id, NULL,
			  "Failed to open volume: %m");
		_exit(FSCK_ERROR);
	}
	r = volume_check_chunk(v, j->chunk->id, &o, &report);
	log_repair_report(report, j->chunk->volume->name);
	child_write(fd, "%s %d\n", o.repair ? "repair" : "check", r);
	child_report(fd, j->chunk->id, report);
	chunk_check_report_free(report);
	report = NULL;
	if (!o.repair && wants_auto_repair(cfg, r)) {
		o.repair = true;
		progress.repairing = true;
		progress.last_pass = 0;
		r = volume_check_chunk(v, j->chunk->id, &o, &report);
		log_repair_report(report, j->chunk->volume->name);
		child_write(fd, "repair %d\n", r);
		child_report(fd, j->chunk->id, report);
		chunk_check_report_free(report);
	}
	r = volume_close(TAKE_PTR(v));
	_exit(child_cancel ? FSCK_CANCELED : FSCK_OK);
}

/* ---- parent ---- */

/* One JSON object in valid UTF-8 (the bus sends it as a string), and nothing after it. */
static struct json_object *job_report_parse(const char *text)
{
	struct json_tokener *tok;
	struct json_object *o;
	size_t len = strlen(text);

	if (len > INT_MAX || !(tok = json_tokener_new()))
		return NULL;
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	o = json_tokener_parse_ex(tok, text, (int)len);
	if (o && (json_tokener_get_error(tok) != json_tokener_success ||
		  json_tokener_get_parse_end(tok) != len || !json_object_is_type(o, json_type_object))) {
		json_object_put(o);
		o = NULL;
	}
	json_tokener_free(tok);
	return o;
}

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
		struct json_object *report = job_report_parse(line + 7);

		if (!report)
			return -EINVAL;
		json_object_put(j->report);
		j->report = report;
		return 4;
	}
	return -EBADMSG;
}

static void job_handle_line(struct job *j, const char *line)
{
	int r = job_parse_line(j, line);

	if (r == -EINVAL)
		log_chunk(LOG_WARNING, 0, j->chunk->volume->name, (int)j->chunk->id, NULL,
			  "Job %" PRIu32 ": the report is not one JSON object in UTF-8, not kept: %.80s",
			  j->id, line);
	else if (r < 0)
		log_warning("Job %" PRIu32 ": unexpected line from the child: %.80s", j->id, line);
	else if (r == 2 && (j->check_code & FSCK_UNCORRECTED))
		log_chunk(LOG_WARNING, 0, j->chunk->volume->name, (int)j->chunk->id,
			  LOG_MESSAGE_DAMAGE_FOUND, "Damage found by the check (fsck code %d)", j->check_code);
	else if (r == 1 && j->progress - j->progress_published >= PROGRESS_PUBLISH_STEP) {
		j->progress_published = j->progress;
		j->callbacks->on_progress(j, j->userdata);
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
		j->result = JOB_RESULT_FAILED;
		j->code = FSCK_ERROR;
	} else if (j->cancel_requested || (si->si_code == CLD_EXITED && si->si_status == FSCK_CANCELED) ||
		   (last >= 0 && (last & FSCK_CANCELED))) {
		j->result = JOB_RESULT_CANCELLED;
		j->code = FSCK_CANCELED;
	} else if (last < 0 || (last & (FSCK_ERROR | FSCK_USAGE))) {
		j->result = JOB_RESULT_FAILED;
		j->code = last < 0 ? FSCK_ERROR : last;
	} else if (last & FSCK_UNCORRECTED) {
		j->result = JOB_RESULT_DAMAGED;
		j->code = last;
	} else if (j->repair_code >= 0 && (j->kind == JOB_SCRUB || (j->repair_code & FSCK_CORRECTED))) {
		j->result = JOB_RESULT_REPAIRED;
		j->code = FSCK_CORRECTED;
	} else {
		j->result = JOB_RESULT_CLEAN;
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
	lock_holder_note_remove(j->pid);
	j->pid = 0;
	j->chunk->checking = false;
	j->finished = time(NULL);
	job_conclude(j, si);
	j->callbacks->on_finished(j, j->userdata);
	return 0;
}

int job_start(struct job *j, sd_event *event, const struct config *config)
{
	int p[2];
	pid_t parent = getpid(), pid;
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
		child_run(j, p[1], parent, config);
	}
	close(p[1]);
	j->pid = pid;
	j->fd = p[0];
	j->started = time(NULL);
	fcntl(j->fd, F_SETFL, O_NONBLOCK);
	r = sd_event_add_io(event, &j->io_source, j->fd, EPOLLIN, job_on_io, j);
	if (r >= 0)
		r = sd_event_add_child(event, &j->child_source, pid, WEXITED, job_on_exit, j);
	if (r < 0) {
		kill(pid, SIGKILL);
		return r;
	}
	/* The child's exit is seen after its last pipe output. */
	sd_event_source_set_priority(j->child_source, SD_EVENT_PRIORITY_NORMAL + 10);
	j->chunk->checking = true;
	return 0;
}

int job_cancel(struct job *j)
{
	j->cancel_requested = true;
	if (j->pid > 0 && kill(j->pid, SIGTERM) < 0)
		return -errno;
	return 0;
}
