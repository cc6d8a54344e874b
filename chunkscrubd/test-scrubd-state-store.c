/* The state file across a restart: what a load gives back to the manager (in what order), and
 * the file a save writes, compared whole. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chunkscrubd/job.h"
#include "chunkscrubd/scrub-volume.h"
#include "chunkscrubd/state-store.h"
#include "libchunk/base/macro.h"

static int n, failed;
#define check(cond, what) do { n++; if (cond) printf("ok %d - %s\n", n, what); \
	else { failed++; printf("not ok %d - %s (%s:%d: %s)\n", n, what, __FILE__, __LINE__, #cond); } } while (0)

struct queued {
	unsigned chunk[8];
	enum job_kind kind[8];
	enum job_origin origin[8];
	uint32_t next_job_then[8];
	size_t n;
	const uint32_t *next_job_id;
};

static void on_queue(struct scrub_chunk *c, enum job_kind kind, enum job_origin origin, void *userdata)
{
	struct queued *q = userdata;

	if (q->n == ELEMENTSOF(q->chunk))
		return;
	q->chunk[q->n] = c->id;
	q->kind[q->n] = kind;
	q->origin[q->n] = origin;
	q->next_job_then[q->n++] = *q->next_job_id;
}

static void on_nothing(struct job *j, void *userdata)
{
}

static const struct job_callbacks callbacks = { .on_progress = on_nothing, .on_finished = on_nothing };

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "we");

	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

static char *read_file(const char *path)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = fopen(path, "re"), *m = open_memstream(&buf, &len);
	int ch;

	while (f && m && (ch = fgetc(f)) != EOF)
		fputc(ch, m);
	if (f)
		fclose(f);
	if (m)
		fclose(m);
	return buf;
}

int main(void)
{
	char dir[] = "/tmp/test-scrubd-state-store.XXXXXX";
	_cleanup_free_ char *path = NULL, *saved = NULL;
	struct scrub_volume v = { .name = (char *)"v" };
	struct scrub_chunk c[3] = { { .volume = &v, .id = 0 }, { .volume = &v, .id = 1 }, { .volume = &v, .id = 2 } };
	struct scrub_chunk *chunks[3] = { &c[0], &c[1], &c[2] };
	struct scrub_volume *volumes[1] = { &v };
	uint32_t next_job_id = 1;
	int64_t last_idle_start = 0;
	bool paused = false;
	struct queued q = { .next_job_id = &next_job_id };
	struct state_store_view view = {
		.dir = dir, .next_job_id = &next_job_id, .last_idle_start = &last_idle_start,
		.paused = &paused, .volumes = volumes, .n_volumes = 1, .queue = on_queue, .userdata = &q,
	};
	struct job *queued = NULL, *running = NULL;

	v.chunks = chunks;
	v.n_chunks = 3;
	if (!mkdtemp(dir) || asprintf(&path, "%s/state", dir) < 0)
		return 1;

	check(state_store_load(&view) == 0 && next_job_id == 1 && q.n == 0, "no state file: a fresh start");

	write_file(path, "# an older daemon's file\n"
			 "next_job 41\n"
			 "last_idle_start 1764000000\n"
			 "paused 1\n"
			 "recheck v 1\n"
			 "queued v 2 repair admin\n"
			 "queued v 0 scrub damage\n"
			 "queued gone 0 scrub admin\n"
			 "queued v 9 scrub admin\n"
			 "from_a_newer_daemon 1 2 3\n"
			 "history 40 v 1 scrub boot 1764000000 1764000060 clean 0\n");
	check(state_store_load(&view) == 0 && next_job_id == 41 && last_idle_start == 1764000000,
	      "the next job id and the last idle start come back");
	check(paused, "an admin's pause comes back");
	check(!c[0].recheck && c[1].recheck && !c[2].recheck, "the chunk whose check was cut short is re-checked");
	check(q.n == 2 && q.chunk[0] == 2 && q.kind[0] == JOB_REPAIR && q.origin[0] == JOB_ORIGIN_ADMIN &&
	      q.chunk[1] == 0 && q.kind[1] == JOB_SCRUB && q.origin[1] == JOB_ORIGIN_DAMAGE,
	      "queued requests come back in order, as they were; those of gone volumes or chunks do not");
	check(q.n == 2 && q.next_job_then[0] == 41 && q.next_job_then[1] == 41,
	      "they are queued again only once the next job id is known, so their ids are new");

	next_job_id = 50;
	write_file(path, "next_job 41\n");
	check(state_store_load(&view) == 0 && next_job_id == 50, "a load never lowers the next job id");

	/* The manager's queue at the next save: a repair waiting on chunk 2, a scrub running on 0. */
	job_new(&callbacks, NULL, &c[2], JOB_REPAIR, JOB_ORIGIN_ADMIN, 50, &queued);
	job_new(&callbacks, NULL, &c[0], JOB_SCRUB, JOB_ORIGIN_IDLE, 49, &running);
	if (!queued || !running)
		return 1;
	running->pid = 12345;
	running->next = queued;
	c[0].job = running;
	c[2].job = queued;
	c[1].recheck = false;
	view.jobs = running;
	running->started = 1764000100;
	running->finished = 1764000160;
	running->result = JOB_RESULT_REPAIRED;
	running->code = 1;
	state_store_add_history(running);
	check(state_store_save(&view) == 0, "the state is saved");
	saved = read_file(path);
	check(saved && !strcmp(saved, "# chunkscrubd state, rewritten by the daemon\n"
				      "next_job 50\n"
				      "last_idle_start 1764000000\n"
				      "paused 1\n"
				      "recheck v 0\n"
				      "queued v 2 repair admin\n"
				      "history 40 v 1 scrub boot 1764000000 1764000060 clean 0\n"
				      "history 49 v 0 scrub idle 1764000100 1764000160 repaired 1\n"),
	      "the file holds the pause, the running job's chunk as a re-check, the admin request, the history");
	if (saved && failed)
		fputs(saved, stdout);

	job_free(queued);
	job_free(running);
	unlink(path);
	rmdir(dir);
	return failed ? 1 : 0;
}
