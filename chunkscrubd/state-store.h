/* The daemon's own memory across restarts, in STATE_DIR/state: the next job id, when the idle
 * pass last started a job, chunks whose check was interrupted, admin requests still queued,
 * and the job history. One text file, replaced atomically. */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "chunkscrubd/job.h"

struct scrub_chunk;
struct scrub_volume;

#define STATE_STORE_HISTORY_MAX 200

/* The manager's state that the store keeps, lent for one load or save. */
struct state_store_view {
	const char *dir;                     /* STATE_DIR */
	uint32_t *next_job_id;               /* load raises it to the file's */
	int64_t *last_idle_start;
	bool *paused;                        /* the admin's pause, kept until a resume */
	struct scrub_volume *const *volumes; /* load sets their chunks' recheck */
	size_t n_volumes;
	const struct job *jobs;              /* queued and running, for save */
	/* At load, for each admin or damage request queued at the last save, in order. */
	void (*queue)(struct scrub_chunk *c, enum job_kind kind, enum job_origin origin, void *userdata);
	void *userdata;
};

int state_store_load(const struct state_store_view *v);   /* missing file: a fresh start */
int state_store_save(const struct state_store_view *v);
/* DIR made if it does not exist yet (its parent must): at start, before anything is written
 * there, the metrics file included when it lives in it. */
int state_store_make_dir(const char *dir);
void state_store_add_history(const struct job *j);
