/* STATE_DIR/state, line by line:
 *   next_job ID
 *   last_idle_start UNIX
 *   paused 0|1
 *   recheck VOLUME CHUNK
 *   queued VOLUME CHUNK KIND ORIGIN
 *   history ID VOLUME CHUNK KIND ORIGIN STARTED FINISHED RESULT CODE
 * Volume names never contain spaces (the config refuses them). Unknown lines are skipped, so
 * an older daemon can read a newer file. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chunkscrubd/job.h"
#include "chunkscrubd/log.h"
#include "chunkscrubd/scrub-volume.h"
#include "chunkscrubd/state-store.h"
#include "libchunk/base/macro.h"

/* The history lines are kept as text: the daemon only ever appends and prints them. */
static char *history[STATE_STORE_HISTORY_MAX];
static size_t n_history;

static void history_push(char *line)
{
	if (n_history == STATE_STORE_HISTORY_MAX) {
		free(history[0]);
		memmove(history, history + 1, (STATE_STORE_HISTORY_MAX - 1) * sizeof(char *));
		n_history--;
	}
	history[n_history++] = line;
}

static struct scrub_chunk *lookup(const struct state_store_view *s, const char *volume, unsigned id)
{
	for (size_t i = 0; i < s->n_volumes; i++)
		if (!strcmp(s->volumes[i]->name, volume))
			return id < s->volumes[i]->n_chunks ? s->volumes[i]->chunks[id] : NULL;
	return NULL;
}

static enum job_origin origin_from_string(const char *s)
{
	for (int o = JOB_ORIGIN_BOOT; o <= JOB_ORIGIN_DAMAGE; o++)
		if (!strcmp(s, job_origin_to_string(o)))
			return o;
	return JOB_ORIGIN_ADMIN;
}

static int state_path(const struct state_store_view *s, const char *suffix, char **ret)
{
	return asprintf(ret, "%s/state%s", s->dir, suffix) < 0 ? -ENOMEM : 0;
}

int state_store_load(const struct state_store_view *s)
{
	_cleanup_free_ char *path = NULL, *line = NULL;
	size_t size = 0;
	FILE *f;
	int r;

	r = state_path(s, "", &path);
	if (r < 0)
		return r;
	f = fopen(path, "re");
	if (!f)
		return errno == ENOENT ? 0 : log_error_errno(-errno, "Failed to read %s: %m", path);
	while (getline(&line, &size, f) > 0) {
		char vol[80], kind[16], origin[16];
		unsigned id;
		uint32_t u;
		int64_t t;
		int b;

		line[strcspn(line, "\n")] = '\0';
		if (sscanf(line, "next_job %" SCNu32, &u) == 1)
			*s->next_job_id = MAX(*s->next_job_id, u);
		else if (sscanf(line, "last_idle_start %" SCNd64, &t) == 1)
			*s->last_idle_start = t;
		else if (sscanf(line, "paused %d", &b) == 1)
			*s->paused = b != 0;
		else if (sscanf(line, "recheck %79s %u", vol, &id) == 2) {
			struct scrub_chunk *c = lookup(s, vol, id);

			if (c)
				c->recheck = true;
		} else if (sscanf(line, "queued %79s %u %15s %15s", vol, &id, kind, origin) == 4) {
			struct scrub_chunk *c = lookup(s, vol, id);

			if (c)
				s->queue(c, !strcmp(kind, "repair") ? JOB_REPAIR : JOB_SCRUB,
					 origin_from_string(origin), s->userdata);
		} else if (!strncmp(line, "history ", 8)) {
			char *copy = strdup(line);

			if (copy)
				history_push(copy);
		}
	}
	fclose(f);
	return 0;
}

int state_store_make_dir(const char *dir)
{
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		return log_error_errno(-errno, "Failed to create state directory %s: %m", dir);
	return 0;
}

int state_store_save(const struct state_store_view *s)
{
	_cleanup_free_ char *path = NULL, *tmp = NULL;
	FILE *f;
	int fd, r;

	if (state_path(s, "", &path) < 0 || state_path(s, ".tmp", &tmp) < 0)
		return -ENOMEM;
	r = state_store_make_dir(s->dir);
	if (r < 0)
		return r;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return log_error_errno(-errno, "Failed to write %s: %m", tmp);
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		return -ENOMEM;
	}
	fprintf(f, "# chunkscrubd state, rewritten by the daemon\n");
	fprintf(f, "next_job %" PRIu32 "\n", *s->next_job_id);
	fprintf(f, "last_idle_start %" PRId64 "\n", *s->last_idle_start);
	fprintf(f, "paused %d\n", *s->paused);
	for (size_t i = 0; i < s->n_volumes; i++)
		for (unsigned k = 0; k < s->volumes[i]->n_chunks; k++) {
			const struct scrub_chunk *c = s->volumes[i]->chunks[k];

			/* A running job is interrupted if we die now: its chunk needs a re-check. */
			if (c->recheck || (c->job && c->job->pid > 0))
				fprintf(f, "recheck %s %u\n", s->volumes[i]->name, c->id);
		}
	for (const struct job *j = s->jobs; j; j = j->next)
		if (j->origin == JOB_ORIGIN_ADMIN || j->origin == JOB_ORIGIN_DAMAGE)
			fprintf(f, "queued %s %u %s %s\n", j->chunk->volume->name, j->chunk->id,
				job_kind_to_string(j->kind), job_origin_to_string(j->origin));
	for (size_t i = 0; i < n_history; i++)
		fprintf(f, "%s\n", history[i]);
	r = fflush(f) == 0 && fsync(fd) == 0 ? 0 : -errno;
	fclose(f);
	if (r < 0 || rename(tmp, path) < 0) {
		r = r < 0 ? r : -errno;
		unlink(tmp);
		return log_error_errno(r, "Failed to write %s: %m", path);
	}
	return 0;
}

void state_store_add_history(const struct job *j)
{
	char *s;

	if (asprintf(&s, "history %" PRIu32 " %s %u %s %s %" PRId64 " %" PRId64 " %s %d", j->id,
		     j->chunk->volume->name, j->chunk->id, job_kind_to_string(j->kind),
		     job_origin_to_string(j->origin), j->started, j->finished,
		     job_result_to_string(j->result), j->code) >= 0)
		history_push(s);
}
