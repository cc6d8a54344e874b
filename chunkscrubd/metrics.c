/* metrics_file: per-chunk state, last check time and error counts, and the running jobs. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chunkscrubd/log.h"
#include "chunkscrubd/metrics.h"
#include "chunkscrubd/scrub-volume.h"
#include "libchunk/base/macro.h"

/* The errors found (or FIXED) in each chunk, as a counter. */
static void chunk_counter(FILE *f, const struct metrics_snapshot *m, const char *name, const char *help, bool fixed)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s counter\n", name, help, name);
	for (size_t i = 0; i < m->n_volumes; i++)
		for (unsigned k = 0; k < m->volumes[i]->n_chunks; k++) {
			const struct scrub_chunk *c = m->volumes[i]->chunks[k];
			uint32_t value = fixed ? c->status.errors_fixed : c->status.errors_found;

			if (c->status.state == CHUNK_MISSING)
				continue;
			fprintf(f, "%s{volume=\"%s\",chunk=\"%u\"} %" PRIu32 "\n", name, m->volumes[i]->name, c->id,
				value);
		}
}

static void metrics_print(const struct metrics_snapshot *m, FILE *f)
{
	static const char *const states[] = { "clean", "dirty", "damaged", "checking", "busy", "mounted", "missing" };

	fprintf(f, "# HELP chunkfs_chunk_state 1 for the state the chunk is in.\n"
		   "# TYPE chunkfs_chunk_state gauge\n");
	for (size_t i = 0; i < m->n_volumes; i++)
		for (unsigned k = 0; k < m->volumes[i]->n_chunks; k++) {
			const struct scrub_chunk *c = m->volumes[i]->chunks[k];
			const char *now = scrub_chunk_state_string(c);

			for (size_t s = 0; s < ELEMENTSOF(states); s++)
				fprintf(f, "chunkfs_chunk_state{volume=\"%s\",chunk=\"%u\",state=\"%s\"} %d\n",
					m->volumes[i]->name, c->id, states[s], now == states[s] || !strcmp(now, states[s]));
		}
	fprintf(f, "# HELP chunkfs_chunk_last_check_seconds Unix time of the last check, 0 if never.\n"
		   "# TYPE chunkfs_chunk_last_check_seconds gauge\n");
	for (size_t i = 0; i < m->n_volumes; i++)
		for (unsigned k = 0; k < m->volumes[i]->n_chunks; k++) {
			const struct scrub_chunk *c = m->volumes[i]->chunks[k];

			fprintf(f, "chunkfs_chunk_last_check_seconds{volume=\"%s\",chunk=\"%u\"} %" PRId64 "\n",
				m->volumes[i]->name, c->id, c->status.last_check);
		}
	/* The counts live in the chunk's own state record, so they outlive the daemon; a missing
	 * chunk has none to show, and a 0 would read as a counter reset, its return as every
	 * error at once. */
	chunk_counter(f, m, "chunkfs_chunk_errors_found_total", "Errors found in the chunk, summed over every "
		      "check and repair since it was made (kept in the chunk; damage that two checks find "
		      "counts twice).", false);
	chunk_counter(f, m, "chunkfs_chunk_errors_fixed_total", "Errors fixed in the chunk, summed over every "
		      "repair since it was made (kept in the chunk).", true);
	fprintf(f, "# HELP chunkfs_scrub_jobs_running Jobs running now.\n"
		   "# TYPE chunkfs_scrub_jobs_running gauge\n"
		   "chunkfs_scrub_jobs_running %u\n", m->running);
	fprintf(f, "# HELP chunkfs_scrub_paused 1 while automatic scrubbing is paused.\n"
		   "# TYPE chunkfs_scrub_paused gauge\n"
		   "chunkfs_scrub_paused %d\n", m->paused);
}

int metrics_write(const char *path, const struct metrics_snapshot *m)
{
	_cleanup_free_ char *tmp = NULL;
	FILE *f;

	if (!path)
		return 0;
	if (asprintf(&tmp, "%s.tmp", path) < 0)
		return -ENOMEM;
	f = fopen(tmp, "we");
	if (!f)
		return log_warning_errno(-errno, "Failed to write metrics %s: %m", tmp);
	metrics_print(m, f);
	if (fclose(f) != 0 || rename(tmp, path) < 0) {
		int r = -errno;

		unlink(tmp);
		return log_warning_errno(r, "Failed to write metrics %s: %m", path);
	}
	return 0;
}
