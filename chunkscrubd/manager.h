/* The manager: the daemon's one object. It owns the configuration, the volumes and their
 * chunks as the daemon sees them, the job queue and the event loop. The bus sits on top of it:
 * it calls the manager, and hears of changes through the struct bus_events it gives it. */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <systemd/sd-event.h>

#include "chunkscrubd/config.h"
#include "chunkscrubd/scrub-volume.h"
#include "libchunk/chunk/state.h"

struct bus_events;
struct discovery;
struct job;
struct udev;
struct udev_monitor_source;

struct manager {
	sd_event *event;
	const struct bus_events *bus_events;  /* NULL until there is a bus */
	void *bus_userdata;
	struct udev *udev;
	struct udev_monitor_source *udev_monitor;
	struct discovery *discovery; /* NULL with discover_mounts = no */
	sd_event_source *timer;
	char *config_file;
	struct config *config;
	struct scrub_volume **volumes;
	size_t n_volumes;
	struct scrub_volume **retired; /* removed by a reload, jobs still running */
	size_t n_retired;
	struct job *jobs;            /* queued and running, in start order */
	uint32_t next_job_id;
	unsigned running;
	bool paused;                 /* no automatic (boot/idle) jobs; admin requests still run */
	int64_t last_idle_start;
	bool boot_pass_done;
	bool stopping;
	char *status_text;
};

/* Reads the configuration, the volumes, their chunks' states and the state file. */
int manager_new(const char *config_file, struct manager **ret);
void manager_free(struct manager *m);
static inline void manager_freep(struct manager **m) { if (*m) manager_free(*m); }
void manager_set_bus_events(struct manager *m, const struct bus_events *events, void *userdata);
int manager_start(struct manager *m);      /* udev, boot pass; then READY=1 */
int manager_run(struct manager *m);

struct scrub_volume *manager_find_volume(struct manager *m, const char *name);
/* The volume whose volume file is FILE (an absolute path, as a mount names it), or NULL. */
struct scrub_volume *manager_find_volume_file(struct manager *m, const char *file);
/* Damage met in use in chunk C (a mount says so): its state is read again and, DAMAGED, it is
 * checked at once (and with auto_repair repaired). */
void manager_report_damage(struct manager *m, struct scrub_chunk *c);
struct job *manager_find_job(struct manager *m, uint32_t id);

/* Admin requests (the bus methods). Return the job or -errno: -ENOENT no such chunk,
 * -EBUSY another kind of job holds the chunk, -ENXIO the chunk is missing. */
int manager_scrub(struct manager *m, struct scrub_chunk *c, struct job **ret);
int manager_repair(struct manager *m, struct scrub_chunk *c, struct job **ret);
int manager_cancel(struct manager *m, struct job *j);
void manager_set_paused(struct manager *m, bool paused);
/* Rereads the configuration; running jobs carry on. *error gets a message on failure. */
int manager_reload(struct manager *m, char **error);

/* Starts what can start now and arms the timer for the rest: after queueing admin requests. */
void manager_schedule(struct manager *m);

