/* org.chunkfs.Scrub1.Chunk: one object per chunk, /org/chunkfs/Scrub1/chunk/VOLUME_ID.
 * Read-only properties; changes go out as PropertiesChanged. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chunkscrubd/bus-path.h"
#include "chunkscrubd/bus.h"
#include "chunkscrubd/job.h"
#include "chunkscrubd/manager.h"
#include "libchunk/base/fsck-result.h"
#include "libchunk/base/macro.h"

static struct scrub_chunk *chunk_from_path(struct manager *m, const char *path)
{
	_cleanup_free_ char *name = NULL;
	struct scrub_volume *v;
	unsigned id;

	if (bus_chunk_path_decode(path, &name, &id) <= 0)
		return NULL;
	v = manager_find_volume(m, name);
	return v && id < v->n_chunks ? v->chunks[id] : NULL;
}

int bus_chunk_find(sd_bus *bus, const char *path, const char *interface, void *userdata,
		   void **found, sd_bus_error *error)
{
	struct scrub_chunk *c = chunk_from_path(userdata, path);

	if (!c)
		return 0;
	*found = c;
	return 1;
}

int bus_chunk_enumerate(sd_bus *bus, const char *prefix, void *userdata, char ***nodes,
			sd_bus_error *error)
{
	struct manager *m = userdata;
	size_t n = 0, k = 0;
	char **l;

	for (size_t i = 0; i < m->n_volumes; i++)
		n += m->volumes[i]->n_chunks;
	l = calloc(n + 1, sizeof(char *));
	if (!l)
		return -ENOMEM;
	for (size_t i = 0; i < m->n_volumes; i++)
		for (unsigned c = 0; c < m->volumes[i]->n_chunks; c++) {
			l[k] = strdup(m->volumes[i]->chunks[c]->object_path);
			if (!l[k++]) {
				for (size_t x = 0; x < k; x++)
					free(l[x]);
				free(l);
				return -ENOMEM;
			}
		}
	*nodes = l;
	return 1;
}

#define CHUNK(userdata) ((struct scrub_chunk *)(userdata))

static int property_volume(sd_bus *bus, const char *path, const char *interface, const char *property,
			   sd_bus_message *reply, void *userdata, sd_bus_error *error)
{
	return sd_bus_message_append(reply, "s", CHUNK(userdata)->volume->name);
}

static int property_path(sd_bus *bus, const char *path, const char *interface, const char *property,
			 sd_bus_message *reply, void *userdata, sd_bus_error *error)
{
	return sd_bus_message_append(reply, "s", CHUNK(userdata)->path ?: "");
}

static int property_state(sd_bus *bus, const char *path, const char *interface, const char *property,
			  sd_bus_message *reply, void *userdata, sd_bus_error *error)
{
	return sd_bus_message_append(reply, "s", scrub_chunk_state_string(CHUNK(userdata)));
}

static int property_last_result(sd_bus *bus, const char *path, const char *interface, const char *property,
				sd_bus_message *reply, void *userdata, sd_bus_error *error)
{
	return sd_bus_message_append(reply, "s", fsck_result_word(CHUNK(userdata)->status.last_result) ?: "");
}

static int property_report(sd_bus *bus, const char *path, const char *interface, const char *property,
			   sd_bus_message *reply, void *userdata, sd_bus_error *error)
{
	struct json_object *report = CHUNK(userdata)->last_report;

	return sd_bus_message_append(reply, "s",
				     report ? json_object_to_json_string_ext(report, JOB_REPORT_JSON_FLAGS) : "");
}

static int property_job(sd_bus *bus, const char *path, const char *interface, const char *property,
			sd_bus_message *reply, void *userdata, sd_bus_error *error)
{
	const struct job *j = CHUNK(userdata)->job;

	if (!strcmp(property, "Job"))
		return sd_bus_message_append(reply, "u", j ? j->id : 0);
	if (!strcmp(property, "JobKind"))
		return sd_bus_message_append(reply, "s", j ? job_kind_to_string(j->kind) : "");
	if (!strcmp(property, "JobState"))
		return sd_bus_message_append(reply, "s", !j ? "" : j->pid > 0 ? "running" : "queued");
	if (!strcmp(property, "JobPass"))
		return sd_bus_message_append(reply, "i", j ? j->pass : 0);
	return sd_bus_message_append(reply, "d", j ? j->progress : 0.0);
}

static int property_status(sd_bus *bus, const char *path, const char *interface, const char *property,
			   sd_bus_message *reply, void *userdata, sd_bus_error *error)
{
	const struct chunk_status *s = &CHUNK(userdata)->status;

	if (!strcmp(property, "LastCheck"))
		return sd_bus_message_append(reply, "t", (uint64_t)MAX(s->last_check, 0));
	if (!strcmp(property, "LastResultCode"))
		return sd_bus_message_append(reply, "i", s->last_result);
	if (!strcmp(property, "LastRepair"))
		return sd_bus_message_append(reply, "t", (uint64_t)MAX(s->last_repair, 0));
	if (!strcmp(property, "LastRepairCode"))
		return sd_bus_message_append(reply, "i", s->last_repair_result);
	if (!strcmp(property, "Refs"))
		return sd_bus_message_append(reply, "t", chunk_status_refs_known(s) ? s->refs : BUS_REFS_UNKNOWN);
	if (!strcmp(property, "ErrorsFound"))
		return sd_bus_message_append(reply, "u", s->errors_found);
	if (!strcmp(property, "ErrorsFixed"))
		return sd_bus_message_append(reply, "u", s->errors_fixed);
	return sd_bus_message_append(reply, "b", CHUNK(userdata)->recheck);
}

const sd_bus_vtable bus_chunk_vtable[] = {
	SD_BUS_VTABLE_START(0),
	SD_BUS_PROPERTY("Volume", "s", property_volume, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("Id", "u", NULL, offsetof(struct scrub_chunk, id), SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("Path", "s", property_path, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("State", "s", property_state, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("LastCheck", "t", property_status, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("LastResult", "s", property_last_result, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("LastResultCode", "i", property_status, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("LastRepair", "t", property_status, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("LastRepairCode", "i", property_status, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("Refs", "t", property_status, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("ErrorsFound", "u", property_status, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("ErrorsFixed", "u", property_status, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("NeedsRecheck", "b", property_status, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("LastReport", "s", property_report, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("Job", "u", property_job, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("JobKind", "s", property_job, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("JobState", "s", property_job, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("JobPass", "i", property_job, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("JobProgress", "d", property_job, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_VTABLE_END
};

void bus_chunk_emit_changed(struct scrub_chunk *c, void *userdata)
{
	sd_bus *bus = userdata;

	if (c->volume->retired)
		return;
	sd_bus_emit_properties_changed(bus, c->object_path, BUS_CHUNK_INTERFACE, "Path", "State",
				       "LastCheck", "LastResult", "LastResultCode", "LastRepair",
				       "LastRepairCode", "Refs", "ErrorsFound", "ErrorsFixed",
				       "NeedsRecheck", "LastReport", "Job", "JobKind", "JobState", "JobPass",
				       "JobProgress", NULL);
	bus_volume_emit_changed(c->volume, bus);
}

void bus_chunk_emit_job_changed(struct scrub_chunk *c, void *userdata)
{
	sd_bus *bus = userdata;

	if (c->volume->retired)
		return;
	sd_bus_emit_properties_changed(bus, c->object_path, BUS_CHUNK_INTERFACE, "JobPass",
				       "JobProgress", NULL);
}
