/* What the manager tells the bus: one callback for each kind of change the bus shows. The bus
 * fills a struct bus_events when it connects and gives it to the manager with its userdata
 * (manager_set_bus_events()), so that the manager, below the bus, never includes bus.h. */
#pragma once

struct job;
struct scrub_chunk;
struct scrub_volume;

struct bus_events {
	/* The manager's Volumes, Paused, RunningJobs or Status. */
	void (*manager_changed)(void *userdata);
	/* A volume's counts of damaged, dirty and missing chunks. */
	void (*volume_changed)(struct scrub_volume *v, void *userdata);
	/* Anything of a chunk: its state, last check, job; and so its volume's counts. */
	void (*chunk_changed)(struct scrub_chunk *c, void *userdata);
	/* Only the pass and progress of a chunk's running job. */
	void (*chunk_progress)(struct scrub_chunk *c, void *userdata);
	void (*job_started)(const struct job *j, void *userdata);
	void (*job_finished)(const struct job *j, void *userdata);
	/* A volume or chunk object appeared or went, on a reload. */
	void (*object_added)(const char *object_path, void *userdata);
	void (*object_removed)(const char *object_path, void *userdata);
};
