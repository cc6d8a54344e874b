/* Optional Prometheus metrics: a text-format file for node_exporter's textfile collector,
 * rewritten atomically whenever a chunk's state or a job changes. */
#pragma once
#include <stdbool.h>
#include <stddef.h>

struct scrub_volume;

/* What the metrics show, as the manager has it now. */
struct metrics_snapshot {
	struct scrub_volume *const *volumes;
	size_t n_volumes;
	unsigned running;      /* jobs */
	bool paused;
};

int metrics_write(const char *path, const struct metrics_snapshot *m);  /* no-op if path is NULL */
