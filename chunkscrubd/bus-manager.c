/* org.chunkfs.Scrub1.Manager at /org/chunkfs/Scrub1: the methods an admin calls, the job
 * signals, and setting up the connection (objects, ObjectManager, the bus name). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "chunkscrubd/bus-events.h"
#include "chunkscrubd/bus.h"
#include "chunkscrubd/job.h"
#include "chunkscrubd/log.h"
#include "chunkscrubd/manager.h"
#include "libchunk/base/macro.h"

#define VERSION "1"

int bus_check_root(sd_bus_message *msg, const char *what, sd_bus_error *error)
{
	_cleanup_(sd_bus_creds_unrefp) sd_bus_creds *creds = NULL;
	uid_t uid;
	int r;

	r = sd_bus_query_sender_creds(msg, SD_BUS_CREDS_EUID | SD_BUS_CREDS_UID | SD_BUS_CREDS_AUGMENT, &creds);
	if (r < 0)
		return r;
	/* dbus-daemon reports the connection's uid; the kernel's euid where available. */
	r = sd_bus_creds_get_euid(creds, &uid);
	if (r < 0)
		r = sd_bus_creds_get_uid(creds, &uid);
	if (r < 0)
		return r;
	if (uid != 0)
		return sd_bus_error_setf(error, SD_BUS_ERROR_ACCESS_DENIED,
					 "Only root may %s (caller uid %u)", what, (unsigned)uid);
	return 0;
}

static int bus_lookup_volume(struct manager *m, const char *name, struct scrub_volume **ret,
			     sd_bus_error *error)
{
	struct scrub_volume *v;

	if (!*name)
		return sd_bus_error_setf(error, SD_BUS_ERROR_INVALID_ARGS, "No volume name given");
	v = manager_find_volume(m, name);
	if (!v)
		return sd_bus_error_setf(error, BUS_ERROR_NO_SUCH_VOLUME,
					 "No volume '%s' in %s", name, m->config->file);
	*ret = v;
	return 0;
}

static int bus_lookup_chunk(struct scrub_volume *v, uint32_t id, struct scrub_chunk **ret,
			    sd_bus_error *error)
{
	if (id >= v->n_chunks)
		return sd_bus_error_setf(error, BUS_ERROR_NO_SUCH_CHUNK,
					 "Volume '%s' has no chunk %" PRIu32 " (it has %u chunks, 0..%u)",
					 v->name, id, v->n_chunks, v->n_chunks ? v->n_chunks - 1 : 0);
	*ret = v->chunks[id];
	return 0;
}

static int bus_job_error(int r, const struct scrub_chunk *c, sd_bus_error *error)
{
	if (r == -ENXIO)
		return sd_bus_error_setf(error, BUS_ERROR_CHUNK_MISSING, "Chunk %u of volume '%s' is missing",
					 c->id, c->volume->name);
	if (r == -EBUSY)
		return sd_bus_error_setf(error, BUS_ERROR_CHUNK_BUSY,
					 "Chunk %u of volume '%s' is busy with %s job %" PRIu32, c->id,
					 c->volume->name, job_kind_to_string(c->job->kind), c->job->id);
	return r;
}

static int method_scrub(sd_bus_message *msg, void *userdata, sd_bus_error *error)
{
	_cleanup_(sd_bus_message_unrefp) sd_bus_message *reply = NULL;
	_cleanup_free_ uint32_t *jobs = NULL;
	struct manager *m = userdata;
	struct scrub_volume *v;
	const char *name;
	const void *ids;
	size_t size, n;
	int r;

	r = sd_bus_message_read(msg, "s", &name);
	if (r < 0)
		return r;
	r = sd_bus_message_read_array(msg, 'u', &ids, &size);
	if (r < 0)
		return r;
	r = bus_check_root(msg, "start a scrub", error);
	if (r < 0)
		return r;
	r = bus_lookup_volume(m, name, &v, error);
	if (r < 0)
		return r;
	n = size / sizeof(uint32_t);
	/* Validate every id before queueing any: a bad request changes nothing. */
	for (size_t i = 0; i < n; i++) {
		struct scrub_chunk *c;

		r = bus_lookup_chunk(v, ((const uint32_t *)ids)[i], &c, error);
		if (r < 0)
			return r;
	}
	jobs = calloc(n ? n : v->n_chunks + 1, sizeof(uint32_t));
	if (!jobs)
		return -ENOMEM;
	if (n == 0) {
		for (unsigned i = 0; i < v->n_chunks; i++) {
			struct job *j = NULL;

			/* All chunks: missing ones are skipped, not an error. */
			if (manager_scrub(m, v->chunks[i], &j) >= 0 && j)
				jobs[n++] = j->id;
		}
	} else
		for (size_t i = 0; i < n; i++) {
			struct scrub_chunk *c = v->chunks[((const uint32_t *)ids)[i]];
			struct job *j = NULL;

			r = manager_scrub(m, c, &j);
			if (r < 0)
				return bus_job_error(r, c, error);
			jobs[i] = j->id;
		}
	manager_schedule(m);
	r = sd_bus_message_new_method_return(msg, &reply);
	if (r >= 0)
		r = sd_bus_message_append_array(reply, 'u', jobs, n * sizeof(uint32_t));
	return r < 0 ? r : sd_bus_send(NULL, reply, NULL);
}

static int method_repair(sd_bus_message *msg, void *userdata, sd_bus_error *error)
{
	struct manager *m = userdata;
	struct scrub_volume *v;
	struct scrub_chunk *c = NULL;
	struct job *j = NULL;
	const char *name;
	uint32_t id;
	int r;

	r = sd_bus_message_read(msg, "su", &name, &id);
	if (r < 0)
		return r;
	r = bus_check_root(msg, "repair a chunk", error);
	if (r < 0)
		return r;
	if ((r = bus_lookup_volume(m, name, &v, error)) < 0 || (r = bus_lookup_chunk(v, id, &c, error)) < 0)
		return r;
	r = manager_repair(m, c, &j);
	if (r < 0)
		return bus_job_error(r, c, error);
	manager_schedule(m);
	return sd_bus_reply_method_return(msg, "u", j->id);
}

static int method_cancel(sd_bus_message *msg, void *userdata, sd_bus_error *error)
{
	struct manager *m = userdata;
	struct job *j;
	uint32_t id;
	int r;

	r = sd_bus_message_read(msg, "u", &id);
	if (r < 0)
		return r;
	r = bus_check_root(msg, "cancel a job", error);
	if (r < 0)
		return r;
	j = manager_find_job(m, id);
	if (!j)
		return sd_bus_error_setf(error, BUS_ERROR_NO_SUCH_JOB, "No job %" PRIu32 " (it may have finished)", id);
	r = manager_cancel(m, j);
	if (r < 0)
		return r;
	return sd_bus_reply_method_return(msg, NULL);
}

static int method_pause_resume(sd_bus_message *msg, void *userdata, sd_bus_error *error)
{
	bool pause = !strcmp(sd_bus_message_get_member(msg), BUS_METHOD_PAUSE);
	int r = bus_check_root(msg, pause ? "pause scrubbing" : "resume scrubbing", error);

	if (r < 0)
		return r;
	manager_set_paused(userdata, pause);
	return sd_bus_reply_method_return(msg, NULL);
}

static int method_reload(sd_bus_message *msg, void *userdata, sd_bus_error *error)
{
	_cleanup_free_ char *why = NULL;
	int r = bus_check_root(msg, "reload the configuration", error);

	if (r < 0)
		return r;
	r = manager_reload(userdata, &why);
	if (r < 0)
		return sd_bus_error_setf(error, BUS_ERROR_CONFIG, "%s", why ?: strerror(-r));
	return sd_bus_reply_method_return(msg, NULL);
}

/* A chunkfs mount met damage in chunk CHUNK of the volume whose volume file is FILE: the chunk
 * is checked at once (and with auto_repair repaired), through the mount. */
static int method_report_damage(sd_bus_message *msg, void *userdata, sd_bus_error *error)
{
	struct manager *m = userdata;
	struct scrub_volume *v;
	struct scrub_chunk *c = NULL;
	const char *file;
	uint32_t id;
	int r;

	r = sd_bus_message_read(msg, "su", &file, &id);
	if (r < 0)
		return r;
	r = bus_check_root(msg, "report damage", error);
	if (r < 0)
		return r;
	v = manager_find_volume_file(m, file);
	if (!v)
		return sd_bus_error_setf(error, BUS_ERROR_NO_SUCH_VOLUME, "No volume with the volume file %s in %s",
					 file, m->config->file);
	r = bus_lookup_chunk(v, id, &c, error);
	if (r < 0)
		return r;
	manager_report_damage(m, c);
	return sd_bus_reply_method_return(msg, NULL);
}

static int property_volumes(sd_bus *bus, const char *path, const char *interface, const char *property,
			    sd_bus_message *reply, void *userdata, sd_bus_error *error)
{
	struct manager *m = userdata;
	int r = sd_bus_message_open_container(reply, 'a', "o");

	for (size_t i = 0; r >= 0 && i < m->n_volumes; i++)
		r = sd_bus_message_append(reply, "o", m->volumes[i]->object_path);
	return r < 0 ? r : sd_bus_message_close_container(reply);
}

static int property_misc(sd_bus *bus, const char *path, const char *interface, const char *property,
			 sd_bus_message *reply, void *userdata, sd_bus_error *error)
{
	struct manager *m = userdata;

	if (!strcmp(property, "Version"))
		return sd_bus_message_append(reply, "s", VERSION);
	if (!strcmp(property, "Paused"))
		return sd_bus_message_append(reply, "b", m->paused);
	if (!strcmp(property, "RunningJobs"))
		return sd_bus_message_append(reply, "u", m->running);
	if (!strcmp(property, "ConfigFile"))
		return sd_bus_message_append(reply, "s", m->config_file);
	return sd_bus_message_append(reply, "s", m->status_text ?: "");
}

const sd_bus_vtable bus_manager_vtable[] = {
	SD_BUS_VTABLE_START(0),
	SD_BUS_PROPERTY("Version", "s", property_misc, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("ConfigFile", "s", property_misc, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("Volumes", "ao", property_volumes, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("Paused", "b", property_misc, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("RunningJobs", "u", property_misc, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("Status", "s", property_misc, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_METHOD_WITH_ARGS(BUS_METHOD_SCRUB, SD_BUS_ARGS("s", volume, "au", chunks), SD_BUS_RESULT("au", jobs),
				method_scrub, SD_BUS_VTABLE_UNPRIVILEGED),
	SD_BUS_METHOD_WITH_ARGS(BUS_METHOD_REPAIR, SD_BUS_ARGS("s", volume, "u", chunk), SD_BUS_RESULT("u", job),
				method_repair, SD_BUS_VTABLE_UNPRIVILEGED),
	SD_BUS_METHOD_WITH_ARGS(BUS_METHOD_CANCEL, SD_BUS_ARGS("u", job), SD_BUS_NO_RESULT,
				method_cancel, SD_BUS_VTABLE_UNPRIVILEGED),
	SD_BUS_METHOD(BUS_METHOD_PAUSE, NULL, NULL, method_pause_resume, SD_BUS_VTABLE_UNPRIVILEGED),
	SD_BUS_METHOD(BUS_METHOD_RESUME, NULL, NULL, method_pause_resume, SD_BUS_VTABLE_UNPRIVILEGED),
	SD_BUS_METHOD(BUS_METHOD_RELOAD, NULL, NULL, method_reload, SD_BUS_VTABLE_UNPRIVILEGED),
	SD_BUS_METHOD_WITH_ARGS(BUS_METHOD_REPORT_DAMAGE, SD_BUS_ARGS("s", volume_file, "u", chunk), SD_BUS_NO_RESULT,
				method_report_damage, SD_BUS_VTABLE_UNPRIVILEGED),
	SD_BUS_SIGNAL_WITH_ARGS(BUS_SIGNAL_JOB_STARTED,
				SD_BUS_ARGS("u", job, "s", volume, "u", chunk, "s", kind), 0),
	SD_BUS_SIGNAL_WITH_ARGS(BUS_SIGNAL_JOB_FINISHED,
				SD_BUS_ARGS("u", job, "s", volume, "u", chunk, "s", kind, "s", result, "i", code), 0),
	SD_BUS_VTABLE_END
};

void bus_manager_emit_job_started(const struct job *j, void *userdata)
{
	sd_bus_emit_signal(userdata, BUS_PATH, BUS_MANAGER_INTERFACE, BUS_SIGNAL_JOB_STARTED, "usus",
			   j->id, j->chunk->volume->name, j->chunk->id, job_kind_to_string(j->kind));
}

void bus_manager_emit_job_finished(const struct job *j, void *userdata)
{
	sd_bus_emit_signal(userdata, BUS_PATH, BUS_MANAGER_INTERFACE, BUS_SIGNAL_JOB_FINISHED, "usus" "si",
			   j->id, j->chunk->volume->name, j->chunk->id, job_kind_to_string(j->kind),
			   job_result_to_string(j->result) ?: "failed", j->code);
}

void bus_manager_emit_changed(void *userdata)
{
	sd_bus_emit_properties_changed(userdata, BUS_PATH, BUS_MANAGER_INTERFACE, "Volumes", "Paused",
				       "RunningJobs", "Status", NULL);
}

static void bus_emit_object_added(const char *object_path, void *userdata)
{
	sd_bus_emit_object_added(userdata, object_path);
}

static void bus_emit_object_removed(const char *object_path, void *userdata)
{
	sd_bus_emit_object_removed(userdata, object_path);
}

static const struct bus_events bus_events = {
	.manager_changed = bus_manager_emit_changed,
	.volume_changed = bus_volume_emit_changed,
	.chunk_changed = bus_chunk_emit_changed,
	.chunk_progress = bus_chunk_emit_job_changed,
	.job_started = bus_manager_emit_job_started,
	.job_finished = bus_manager_emit_job_finished,
	.object_added = bus_emit_object_added,
	.object_removed = bus_emit_object_removed,
};

int bus_setup(struct manager *m, sd_bus **ret)
{
	_cleanup_(sd_bus_flush_close_unrefp) sd_bus *bus = NULL;
	int r;

	/* sd_bus_open_system() honours $DBUS_SYSTEM_BUS_ADDRESS. */
	r = sd_bus_open_system(&bus);
	if (r < 0)
		return log_error_errno(r, "Failed to connect to the system bus: %m");
	if ((r = sd_bus_add_object_vtable(bus, NULL, BUS_PATH, BUS_MANAGER_INTERFACE, bus_manager_vtable, m)) < 0 ||
	    (r = sd_bus_add_fallback_vtable(bus, NULL, BUS_VOLUME_PREFIX, BUS_VOLUME_INTERFACE,
					    bus_volume_vtable, bus_volume_find, m)) < 0 ||
	    (r = sd_bus_add_node_enumerator(bus, NULL, BUS_VOLUME_PREFIX, bus_volume_enumerate, m)) < 0 ||
	    (r = sd_bus_add_fallback_vtable(bus, NULL, BUS_CHUNK_PREFIX, BUS_CHUNK_INTERFACE,
					    bus_chunk_vtable, bus_chunk_find, m)) < 0 ||
	    (r = sd_bus_add_node_enumerator(bus, NULL, BUS_CHUNK_PREFIX, bus_chunk_enumerate, m)) < 0 ||
	    (r = sd_bus_add_object_manager(bus, NULL, BUS_PATH)) < 0)
		return log_error_errno(r, "Failed to register bus objects: %m");
	r = sd_bus_attach_event(bus, m->event, SD_EVENT_PRIORITY_NORMAL);
	if (r < 0)
		return log_error_errno(r, "Failed to attach the bus to the event loop: %m");
	r = sd_bus_request_name(bus, BUS_NAME, 0);
	if (r < 0)
		return log_error_errno(r, "Failed to acquire bus name %s: %m", BUS_NAME);
	manager_set_bus_events(m, &bus_events, bus);
	*ret = TAKE_PTR(bus);
	return 0;
}
