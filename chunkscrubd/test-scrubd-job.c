/* The job's side of the pipe from its child: the lines it understands, the reports it keeps and
 * the ones it refuses, and the words of its results. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <json-c/json.h>

#include "chunkscrubd/job.h"
#include "chunkscrubd/scrub-volume.h"
#include "libchunk/base/macro.h"

static int n, failed;
#define check(cond, what) do { n++; if (cond) printf("ok %d - %s\n", n, what); \
	else { failed++; printf("not ok %d - %s (%s:%d: %s)\n", n, what, __FILE__, __LINE__, #cond); } } while (0)

static void on_nothing(struct job *j, void *userdata)
{
}

static const struct job_callbacks callbacks = { .on_progress = on_nothing, .on_finished = on_nothing };

static const char *report_path(const struct job *j)
{
	struct json_object *path;

	if (!j->report || !json_object_object_get_ex(j->report, "path", &path))
		return NULL;
	return json_object_get_string(path);
}

static void test_results(void)
{
	check(!strcmp(job_result_to_string(JOB_RESULT_CLEAN), "clean") &&
	      !strcmp(job_result_to_string(JOB_RESULT_REPAIRED), "repaired") &&
	      !strcmp(job_result_to_string(JOB_RESULT_DAMAGED), "damaged") &&
	      !strcmp(job_result_to_string(JOB_RESULT_FAILED), "failed") &&
	      !strcmp(job_result_to_string(JOB_RESULT_CANCELLED), "cancelled"),
	      "each result has the word the bus and the log show");
	check(!job_result_to_string(JOB_RESULT_NONE) && !job_result_to_string(_JOB_RESULT_MAX),
	      "a job not ended, or no result at all, has no word");
}

static void test_lines(struct job *j)
{
	check(job_parse_line(j, "progress 1 50 100") == 1 && j->pass == 1 && j->progress > 0.34 &&
	      j->progress < 0.36, "a progress line moves the pass and the progress");
	check(job_parse_line(j, "check 4") == 2 && j->check_code == 4, "a check line gives the check's code");
	check(job_parse_line(j, "repair 1") == 3 && j->repair_code == 1, "a repair line gives the repair's code");
	check(job_parse_line(j, "hello") == -EBADMSG, "another line is refused");
}

static void test_reports(struct job *j)
{
	/* A path with everything JSON must escape, and more than ASCII. */
	static const char hostile[] = "/lost+found/a \"b\" \\c\nd\te\x01f\x7f g\xc3\xa9";
	_cleanup_free_ char *line = NULL;
	struct json_object *o = json_object_new_object();
	const char *text;

	json_object_object_add(o, "chunk", json_object_new_int(1));
	json_object_object_add(o, "path", json_object_new_string(hostile));
	text = json_object_to_json_string_ext(o, JOB_REPORT_JSON_FLAGS);
	check(!strchr(text, '\n') && strstr(text, "/lost+found/"),
	      "a report written as the child writes it is one line, its slashes as they are");
	if (asprintf(&line, "report %s", text) < 0)
		line = NULL;
	json_object_put(o);

	check(line && job_parse_line(j, line) == 4 && report_path(j) && !strcmp(report_path(j), hostile),
	      "such a report is kept, and its path comes back byte for byte");
	check(job_parse_line(j, "report {\"path\": \"x\"") == -EINVAL && !strcmp(report_path(j), hostile),
	      "a report cut short is refused; the last good one stays");
	check(job_parse_line(j, "report {\"path\": \"x\"} {}") == -EINVAL && !strcmp(report_path(j), hostile),
	      "so is one with something after the object");
	check(job_parse_line(j, "report {\"path\": \"\xff\xfe\"}") == -EINVAL && !strcmp(report_path(j), hostile),
	      "so is one that is not UTF-8: the bus could not send it");
	check(job_parse_line(j, "report [1, 2]") == -EINVAL && job_parse_line(j, "report ") == -EINVAL &&
	      !strcmp(report_path(j), hostile), "and one that is not an object, or nothing");
	check(job_parse_line(j, "report {\"path\": \"y\"}") == 4 && !strcmp(report_path(j), "y"),
	      "a later good report replaces the one before");
}

int main(void)
{
	struct scrub_volume v = { .name = (char *)"v" };
	struct scrub_chunk c = { .volume = &v, .id = 0 };
	struct job *j = NULL;

	test_results();
	check(job_new(&callbacks, NULL, &c, JOB_SCRUB, JOB_ORIGIN_ADMIN, 7, &j) == 0 && j->id == 7 &&
	      j->result == JOB_RESULT_NONE && !j->report, "a new job has no result and no report");
	if (!j)
		return 1;
	test_lines(j);
	test_reports(j);
	job_free(j);
	return failed ? 1 : 0;
}
