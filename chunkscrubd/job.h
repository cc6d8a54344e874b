/* A job: the check (and, with auto_repair, the repair) of one chunk, run in a child process at
 * low I/O and CPU priority. The child reports e2fsck's progress and the JSON report through a
 * pipe, watched with sd-event child and I/O sources; the job tells whoever queued it through
 * its callbacks. */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <json-c/json_object.h>
#include <systemd/sd-event.h>

/* How a report is written, up the pipe and on the bus: on one line, paths as they are. */
#define JOB_REPORT_JSON_FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

struct config;
struct job;
struct scrub_chunk;

/* What a job tells whoever queued it; each gets the userdata given to job_new(). */
struct job_callbacks {
	void (*on_progress)(struct job *j, void *userdata);  /* pass or progress moved on by a step */
	void (*on_finished)(struct job *j, void *userdata);  /* child reaped, result and code set */
};

enum job_kind { JOB_SCRUB, JOB_REPAIR };
enum job_origin { JOB_ORIGIN_BOOT, JOB_ORIGIN_IDLE, JOB_ORIGIN_ADMIN, JOB_ORIGIN_DAMAGE };

/* How a job ended. job_result_to_string() gives the word the bus (JobFinished) and the logs
 * show, and the state file's history keeps: fsck_result_word's, the word a check or repair
 * of the same outcome says in every --json. */
enum job_result {
	JOB_RESULT_NONE,        /* not ended yet */
	JOB_RESULT_CLEAN,
	JOB_RESULT_REPAIRED,
	JOB_RESULT_DAMAGED,     /* errors left uncorrected */
	JOB_RESULT_FAILED,      /* the check could not run to its end: an error, a crash */
	JOB_RESULT_CANCELLED,
	_JOB_RESULT_MAX,
};

struct job {
	const struct job_callbacks *callbacks;
	void *userdata;
	struct job *next;
	uint32_t id;
	enum job_kind kind;
	enum job_origin origin;
	struct scrub_chunk *chunk;
	pid_t pid;                 /* 0 while queued */
	int fd;                    /* read end of the report pipe */
	sd_event_source *child_source, *io_source;
	char *buf;                 /* partial line from the child */
	size_t buf_len;
	int pass;                  /* e2fsck pass 1..5, 0 before the first progress line */
	double progress;           /* 0..1 over the whole job */
	double progress_published;
	int check_code, repair_code; /* fsck(8) codes, -1 not run */
	struct json_object *report; /* the last report the child sent, NULL none */
	bool cancel_requested;
	int64_t started, finished; /* Unix seconds */
	enum job_result result;
	int code;                  /* final fsck(8) code */
};

int job_new(const struct job_callbacks *callbacks, void *userdata, struct scrub_chunk *c,
	    enum job_kind kind, enum job_origin origin, uint32_t id, struct job **ret);
void job_free(struct job *j);
/* Forks the child, which takes its priorities and check options from config (as it is now:
 * a reload does not change a running job); event watches it. */
int job_start(struct job *j, sd_event *event, const struct config *config);
int job_cancel(struct job *j);  /* SIGTERM to a running child; the child ends e2fsck cleanly */
const char *job_kind_to_string(enum job_kind k);
const char *job_origin_to_string(enum job_origin o);
const char *job_result_to_string(enum job_result r);  /* NULL for JOB_RESULT_NONE */

/* The child's protocol, one line each: "progress PASS CUR MAX", "check CODE", "repair CODE",
 * "report JSON". Returns 1..4 for these, -EBADMSG for another line, -EINVAL for a report that
 * is not one JSON object in valid UTF-8 (it is not kept). Exposed for the unit test. */
int job_parse_line(struct job *j, const char *line);
double job_progress_from_pass(int pass, unsigned long cur, unsigned long max, bool repairing);
