/* The bus side of the daemon: org.chunkfs.Scrub1 on the system bus. bus-manager.c holds the
 * manager object and its methods, bus-volume.c and bus-chunk.c one object per volume and chunk. */
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

int bus_setup(struct manager *m);   /* connect, register objects, take the name */

int bus_volume_find(sd_bus *bus, const char *path, const char *interface, void *userdata,
		    void **found, sd_bus_error *error);
int bus_volume_enumerate(sd_bus *bus, const char *prefix, void *userdata, char ***nodes,
			 sd_bus_error *error);
int bus_chunk_find(sd_bus *bus, const char *path, const char *interface, void *userdata,
		   void **found, sd_bus_error *error);
int bus_chunk_enumerate(sd_bus *bus, const char *prefix, void *userdata, char ***nodes,
			sd_bus_error *error);

void bus_manager_emit_job_started(struct manager *m, const struct job *j);
void bus_manager_emit_job_finished(struct manager *m, const struct job *j);
void bus_manager_emit_changed(struct manager *m);
void bus_volume_emit_changed(struct manager *m, struct scrub_volume *v);
void bus_chunk_emit_changed(struct manager *m, struct scrub_chunk *c);      /* state, last check, refs, job */
void bus_chunk_emit_job_changed(struct manager *m, struct scrub_chunk *c);  /* progress only */
/* Caller must be root (effective uid 0) to change anything. */
int bus_check_root(sd_bus_message *msg, const char *what, sd_bus_error *error);
