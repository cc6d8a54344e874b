/* The daemon's own memory across restarts, in STATE_DIR/state: the next job id, when the idle
 * pass last started a job, chunks whose check was interrupted, admin requests still queued,
 * and the job history. One text file, replaced atomically. */
#pragma once
#include <stdint.h>
#include <stdio.h>

struct manager;
struct job;

#define STATE_STORE_HISTORY_MAX 200

int state_store_load(struct manager *m);   /* missing file: a fresh start */
int state_store_save(struct manager *m);
void state_store_add_history(struct manager *m, const struct job *j);
