/* Scheduler: which chunks to check next. Pure logic over a snapshot of the chunks, so that it
 * can be unit-tested without a bus, a clock or a disk.
 *
 * The boot pass (once, at start): every DAMAGED chunk, then every DIRTY chunk (and every chunk
 * whose check was interrupted), then the boot_chunks least-recently-checked clean chunks.
 * The idle pass (afterwards): the pace is interval / N (N = all chunks of all volumes); one idle
 * job may start per pace period, on the least-recently-checked idle chunk whose last check is
 * older than the pace. A chunk overdue (last check older than interval) may start at once. */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "libchunk/chunk/state.h"

struct sched_chunk {
	enum chunk_state state;
	int64_t last_check;    /* Unix seconds, 0 never */
	bool busy;             /* a job is queued or running on it */
	bool idle;             /* no I/O for idle_after */
	bool recheck;          /* its last check was interrupted: treat like DIRTY */
};

struct sched_params {
	unsigned boot_chunks;
	uint64_t interval;     /* seconds */
};

/* Fills order (room for n) with the indices the boot pass checks, in order; returns how many. */
size_t scheduler_boot_pass(const struct sched_chunk *c, size_t n, unsigned boot_chunks, size_t *order);

/* The pace in seconds (at least 1) for n chunks. */
uint64_t scheduler_pace(uint64_t interval, size_t n);

/* The index of the chunk the idle pass starts now, or -1. last_idle_start is when the idle
 * pass last started a job (0 never). */
ssize_t scheduler_pick_idle(const struct sched_chunk *c, size_t n, const struct sched_params *p,
			    int64_t now, int64_t last_idle_start);

/* When (Unix seconds) the idle pass could next start something, ignoring idleness; INT64_MAX if
 * nothing can ever be due (no chunks). */
int64_t scheduler_next_due(const struct sched_chunk *c, size_t n, const struct sched_params *p,
			   int64_t now, int64_t last_idle_start);
