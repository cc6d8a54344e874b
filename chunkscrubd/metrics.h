/* Optional Prometheus metrics: a text-format file for node_exporter's textfile collector,
 * rewritten atomically whenever a chunk's state or a job changes. */
#pragma once

struct manager;

int metrics_write(struct manager *m);  /* no-op without metrics_file */
