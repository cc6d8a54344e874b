/* The bus side of the daemon: org.chunkfs.Scrub1 on the system bus. bus-manager.c holds the
 * manager object and its methods, bus-volume.c and bus-chunk.c one object per volume and chunk.
 * The bus sits on top of the manager: it calls the manager, and the manager tells it of changes
 * through the struct bus_events (bus-events.h) that bus_setup() gives it. */
#pragma once
#include <systemd/sd-bus.h>

#include "chunkscrubd/bus-api.h"

struct manager;
struct scrub_volume;
struct scrub_chunk;
struct job;

extern const sd_bus_vtable bus_manager_vtable[];
extern const sd_bus_vtable bus_volume_vtable[];
extern const sd_bus_vtable bus_chunk_vtable[];

/* Connects, registers the objects, takes the name, and gives m the bus's events. */
int bus_setup(struct manager *m, sd_bus **ret);

int bus_volume_find(sd_bus *bus, const char *path, const char *interface, void *userdata,
		    void **found, sd_bus_error *error);
int bus_volume_enumerate(sd_bus *bus, const char *prefix, void *userdata, char ***nodes,
			 sd_bus_error *error);
int bus_chunk_find(sd_bus *bus, const char *path, const char *interface, void *userdata,
		   void **found, sd_bus_error *error);
int bus_chunk_enumerate(sd_bus *bus, const char *prefix, void *userdata, char ***nodes,
			sd_bus_error *error);

/* The struct bus_events the manager calls; userdata is the sd_bus. */
void bus_manager_emit_job_started(const struct job *j, void *userdata);
void bus_manager_emit_job_finished(const struct job *j, void *userdata);
void bus_manager_emit_changed(void *userdata);
void bus_volume_emit_changed(struct scrub_volume *v, void *userdata);
void bus_chunk_emit_changed(struct scrub_chunk *c, void *userdata);      /* state, last check, refs, job */
void bus_chunk_emit_job_changed(struct scrub_chunk *c, void *userdata);  /* progress only */
/* Caller must be root (effective uid 0) to change anything. */
int bus_check_root(sd_bus_message *msg, const char *what, sd_bus_error *error);
