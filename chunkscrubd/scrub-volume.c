/* Volumes and chunks as the daemon tracks them: building them from the config, finding chunk
 * devices by UUID, and reading their states through libchunk. */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <libudev.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <json-c/json.h>

#include "chunkscrubd/bus-path.h"
#include "chunkscrubd/log.h"
#include "chunkscrubd/scrub-volume.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/mount-control.h"
#include "libchunk/base/mounts.h"
#include "libchunk/volume/volume.h"

const char *scrub_chunk_state_string(const struct scrub_chunk *c)
{
	if (c->checking)
		return "checking";
	if (c->in_use)
		return c->mounted ? "mounted" : "busy";
	switch (c->status.state) {
	case CHUNK_CLEAN: return "clean";
	case CHUNK_DIRTY: return "dirty";
	case CHUNK_DAMAGED: return "damaged";
	default: return "missing";
	}
}

static struct udev_device *udev_find_fs_uuid(struct udev *udev, const char *uuid)
{
	struct udev_enumerate *e = udev ? udev_enumerate_new(udev) : NULL;
	struct udev_list_entry *entry;
	struct udev_device *found = NULL;

	if (!e)
		return NULL;
	udev_enumerate_add_match_subsystem(e, "block");
	udev_enumerate_add_match_property(e, "ID_FS_UUID", uuid);
	if (udev_enumerate_scan_devices(e) >= 0)
		udev_list_entry_foreach(entry, udev_enumerate_get_list_entry(e)) {
			found = udev_device_new_from_syspath(udev, udev_list_entry_get_name(entry));
			if (found && udev_device_get_devnode(found))
				break;
			if (found)
				udev_device_unref(found);
			found = NULL;
		}
	udev_enumerate_unref(e);
	return found;
}

/* A chunk named UUID=...: its device node now, or NULL if no such device is present. */
static char *resolve_uuid(struct udev *udev, const char *uuid)
{
	struct udev_device *d = udev_find_fs_uuid(udev, uuid);
	char *p = NULL, by_uuid[PATH_MAX];

	if (d) {
		p = strdup(udev_device_get_devnode(d));
		udev_device_unref(d);
		return p;
	}
	/* udev may not have told libudev's database yet; its symlink is the next best thing. */
	snprintf(by_uuid, sizeof(by_uuid), "/dev/disk/by-uuid/%s", uuid);
	return realpath(by_uuid, NULL);
}

/* Expands the chunk = lines into one path (or NULL, absent) per chunk, in order. */
static int resolve_specs(char **specs, size_t n_specs, struct udev *udev, char ***ret, unsigned *ret_n)
{
	char **paths = NULL;
	unsigned n = 0;

	for (size_t i = 0; i < n_specs; i++) {
		const char *s = specs[i];
		glob_t g = {};
		char **np;

		if (!strncmp(s, "UUID=", 5) || !strpbrk(s, "*?[")) {
			np = reallocarray(paths, n + 1, sizeof(char *));
			if (!np)
				goto oom;
			paths = np;
			paths[n++] = !strncmp(s, "UUID=", 5) ? resolve_uuid(udev, s + 5) : strdup(s);
			continue;
		}
		if (glob(s, 0, NULL, &g) != 0) {
			log_warning("Chunk pattern %s matches nothing", s);
			continue;
		}
		np = reallocarray(paths, n + g.gl_pathc, sizeof(char *));
		if (!np) {
			globfree(&g);
			goto oom;
		}
		paths = np;
		for (size_t k = 0; k < g.gl_pathc; k++) /* glob sorts: chunk-0000, chunk-0001, ... */
			paths[n++] = strdup(g.gl_pathv[k]);
		globfree(&g);
	}
	*ret = paths;
	*ret_n = n;
	return 0;
oom:
	for (unsigned i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	return -ENOMEM;
}

void scrub_volume_poll_mount(struct scrub_volume *v, int64_t now)
{
	_cleanup_(json_object_putp) struct json_object *req = NULL, *reply = NULL;
	struct json_object *chunks;
	unsigned char uuid[16];
	int r;

	if (!scrub_volume_mounted(v, uuid))
		return;
	req = json_object_new_object();
	if (!req || json_object_object_add(req, "op", json_object_new_string("status")) < 0)
		return;
	r = mount_control_request_timeout(uuid, req, &reply, 2000);
	if (r < 0) {
		log_chunk(LOG_DEBUG, r, v->name, -1, NULL, "The mount of the volume gave no status: %m");
		return;
	}
	if (!json_object_object_get_ex(reply, "chunks", &chunks) || !json_object_is_type(chunks, json_type_array))
		return;
	for (size_t i = 0; i < json_object_array_length(chunks) && i < v->n_chunks; i++) {
		struct json_object *used;
		if (json_object_object_get_ex(json_object_array_get_idx(chunks, i), "last_use_ms", &used))
			idle_tracker_note_mount_use(&v->chunks[i]->idle, json_object_get_int64(used) / 1000, now);
	}
}

bool scrub_volume_has_file(const struct scrub_volume *v, const char *file)
{
	_cleanup_(volume_closep) struct volume *lv = NULL;
	_cleanup_free_ char *abs = NULL;

	if (v->n_specs || !v->path || volume_open(v->path, VOLUME_STATE_ONLY, &lv) < 0)
		return false;
	abs = realpath(volume_path(lv), NULL);
	return abs && strcmp(abs, file) == 0;
}

bool scrub_volume_is(const struct scrub_volume *v, const char *file, const unsigned char uuid[16])
{
	_cleanup_(volume_closep) struct volume *lv = NULL;
	unsigned char mine[16];

	if (scrub_volume_has_file(v, file))
		return true;
	if (scrub_volume_open(v, VOLUME_STATE_ONLY, &lv) < 0)
		return false;
	volume_uuid(lv, mine);
	return memcmp(mine, uuid, sizeof(mine)) == 0;
}

/* A volume named by its chunks has no volume file for a mount to name: it is mounted when a
 * chunkfs mount serves a volume with its UUID. Its own chunks are read only when there is a
 * chunkfs mount at all. */
static int scrub_volume_mounted_by_uuid(const struct scrub_volume *v, unsigned char uuid[16])
{
	_cleanup_close_ int fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
	_cleanup_(volume_closep) struct volume *lv = NULL;
	_cleanup_free_ char *text = NULL;
	struct mount_entry *mounts = NULL;
	unsigned char mine[16];
	size_t n = 0;
	int found = 0;

	if (fd < 0 || mountinfo_read(fd, &text) < 0 || mountinfo_list(text, "fuse.chunkfs", &mounts, &n) < 0)
		return 0;
	if (n > 0 && scrub_volume_open(v, VOLUME_STATE_ONLY, &lv) >= 0) {
		volume_uuid(lv, mine);
		for (size_t i = 0; i < n && !found; i++) {
			_cleanup_(volume_closep) struct volume *served = NULL;
			unsigned char theirs[16];

			if (volume_open(mounts[i].source, VOLUME_STATE_ONLY, &served) < 0)
				continue;
			volume_uuid(served, theirs);
			found = memcmp(mine, theirs, sizeof(mine)) == 0;
		}
	}
	mount_entries_free(mounts, n);
	if (found)
		memcpy(uuid, mine, sizeof(mine));
	return found;
}

int scrub_volume_mounted(const struct scrub_volume *v, unsigned char uuid[16])
{
	_cleanup_(volume_closep) struct volume *lv = NULL;
	_cleanup_free_ char *point = NULL;

	if (v->n_specs)
		return scrub_volume_mounted_by_uuid(v, uuid);
	if (!v->path || volume_open(v->path, VOLUME_STATE_ONLY, &lv) < 0 || volume_mount_point(lv, &point) <= 0)
		return 0;
	volume_uuid(lv, uuid);
	return 1;
}

int scrub_volume_open(const struct scrub_volume *v, int flags, struct volume **ret)
{
	_cleanup_free_ char **paths = NULL;

	if (v->n_specs == 0)
		return volume_open(v->path, flags, ret);
	paths = calloc(v->n_chunks + 1, sizeof(char *));
	if (!paths)
		return -ENOMEM;
	for (unsigned i = 0; i < v->n_chunks; i++)
		paths[i] = v->chunks[i]->path ?: (char *)"/dev/null/absent";
	return volume_open_paths(paths, v->n_chunks, flags, ret);
}

static int scrub_chunk_new(struct scrub_volume *v, unsigned id, char *path, struct scrub_chunk **ret)
{
	struct scrub_chunk *c = calloc(1, sizeof(*c));

	if (!c)
		return -ENOMEM;
	*c = (struct scrub_chunk) {
		.volume = v, .id = id, .path = path,
		.status = { .state = CHUNK_MISSING, .last_result = -1, .last_repair_result = -1 },
	};
	c->object_path = bus_chunk_path(v->name, id);
	idle_tracker_init(&c->idle, v->udev, path, time(NULL));
	*ret = c;
	return c->object_path ? 0 : -ENOMEM;
}

static void scrub_chunk_free(struct scrub_chunk *c)
{
	idle_tracker_done(&c->idle);
	free(c->path);
	json_object_put(c->last_report);
	free(c->object_path);
	free(c);
}

int scrub_volume_new(const struct config_volume *cv, struct udev *udev,
		     scrub_chunk_changed_fn on_chunk_changed, void *userdata, struct scrub_volume **ret)
{
	struct scrub_volume *v = calloc(1, sizeof(*v));
	char **paths = NULL;
	unsigned n = 0;
	int r;

	if (!v)
		return -ENOMEM;
	v->udev = udev;
	v->on_chunk_changed = on_chunk_changed;
	v->userdata = userdata;
	v->name = strdup(cv->name);
	v->path = cv->path ? strdup(cv->path) : NULL;
	v->object_path = bus_volume_path(cv->name);
	if (!v->name || (cv->path && !v->path) || !v->object_path) {
		scrub_volume_free(v);
		return -ENOMEM;
	}
	if (cv->n_chunks > 0) {
		v->specs = calloc(cv->n_chunks, sizeof(char *));
		if (!v->specs) {
			scrub_volume_free(v);
			return -ENOMEM;
		}
		for (size_t i = 0; i < cv->n_chunks; i++)
			v->specs[v->n_specs++] = strdup(cv->chunks[i]);
		r = resolve_specs(v->specs, v->n_specs, udev, &paths, &n);
	} else {
		_cleanup_(volume_closep) struct volume *lv = NULL;

		/* Only the chunks' paths are read: no lock, so a mounted volume is found too. */
		r = volume_open(v->path, VOLUME_STATE_ONLY, &lv);
		if (r < 0) {
			log_chunk(LOG_ERR, r, cv->name, -1, NULL, "Failed to open volume %s: %m", v->path);
		} else {
			n = volume_chunk_count(lv);
			paths = calloc(n ?: 1, sizeof(char *));
			for (unsigned i = 0; paths && i < n; i++)
				paths[i] = strdup(volume_chunk_path(lv, i));
			r = paths ? 0 : -ENOMEM;
		}
	}
	if (r < 0) {
		scrub_volume_free(v);
		return r;
	}
	v->chunks = calloc(n ?: 1, sizeof(*v->chunks));
	for (unsigned i = 0; v->chunks && i < n; i++) {
		r = scrub_chunk_new(v, i, paths[i], &v->chunks[i]);
		v->n_chunks++;
		if (r < 0)
			break;
	}
	free(paths);
	if (!v->chunks || r < 0) {
		scrub_volume_free(v);
		return -ENOMEM;
	}
	*ret = v;
	return 0;
}

void scrub_volume_free(struct scrub_volume *v)
{
	if (!v)
		return;
	for (unsigned i = 0; i < v->n_chunks; i++)
		if (v->chunks[i])
			scrub_chunk_free(v->chunks[i]);
	free(v->chunks);
	for (size_t i = 0; i < v->n_specs; i++)
		free(v->specs[i]);
	free(v->specs);
	free(v->name);
	free(v->path);
	free(v->mount_point);
	free(v->object_path);
	free(v);
}

static bool streq_null(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

bool scrub_volume_same_config(const struct scrub_volume *v, const struct config_volume *cv)
{
	if (strcmp(v->name, cv->name) || !streq_null(v->path, cv->path) || v->n_specs != cv->n_chunks)
		return false;
	for (size_t i = 0; i < v->n_specs; i++)
		if (strcmp(v->specs[i], cv->chunks[i]))
			return false;
	return true;
}

bool scrub_volume_resolve(struct scrub_volume *v, struct udev *udev)
{
	char **paths = NULL;
	unsigned n = 0;
	bool changed = false;

	if (v->n_specs == 0 || resolve_specs(v->specs, v->n_specs, udev, &paths, &n) < 0)
		return false;
	for (unsigned i = 0; i < n; i++) {
		struct scrub_chunk *c = i < v->n_chunks ? v->chunks[i] : NULL;

		if (c && !streq_null(c->path, paths[i])) {
			free(c->path);
			c->path = TAKE_PTR(paths[i]);
			idle_tracker_done(&c->idle);
			idle_tracker_init(&c->idle, udev, c->path, time(NULL));
			changed = true;
		}
		free(paths[i]);
	}
	free(paths);
	return changed;
}

static bool status_equal(const struct chunk_status *a, const struct chunk_status *b)
{
	return a->state == b->state && a->last_check == b->last_check && a->last_result == b->last_result &&
	       a->last_repair == b->last_repair && a->last_repair_result == b->last_repair_result &&
	       a->errors_found == b->errors_found && a->errors_fixed == b->errors_fixed && a->refs == b->refs &&
	       chunk_status_refs_known(a) == chunk_status_refs_known(b);
}

int scrub_volume_refresh(struct scrub_volume *v, struct scrub_chunk *only)
{
	_cleanup_(volume_closep) struct volume *lv = NULL;
	int r, changed = 0;

	/* A mounted volume: the states are read from the chunks' superblocks, where the mount
	 * mirrors them, and its chunks are not "in use": its jobs go through the mount. */
	r = scrub_volume_open(v, scrub_volume_mounted(v, (unsigned char[16]) { 0 }) ? VOLUME_STATE_ONLY : 0, &lv);
	for (unsigned i = 0; i < v->n_chunks; i++) {
		struct scrub_chunk *c = v->chunks[i];
		struct chunk_status st = { .state = CHUNK_MISSING, .last_result = -1, .last_repair_result = -1 };

		if ((only && c != only) || c->checking)
			continue;
		if (c->path && access(c->path, F_OK) == 0 && r >= 0) {
			int k = volume_chunk_status(lv, c->id, &st);

			if (k < 0) {
				/* Held by another process (mounted, or a chunkctl -V repair): its state
				 * stays what we knew, shown as busy; no job starts on it meanwhile. */
				log_chunk(LOG_DEBUG, k, v->name, (int)c->id, NULL, "Cannot read state: %m");
				if (!c->in_use) {
					c->in_use = true;
					c->mounted = chunk_mounted(c->path);
					changed++;
					v->on_chunk_changed(c, v->userdata);
				}
				continue;
			}
			if (c->in_use) {
				c->in_use = false;
				changed++;
				v->on_chunk_changed(c, v->userdata);
			}
			/* The parent never keeps a chunk open: the job's child takes its lock. */
			volume_chunk_release(lv, c->id);
			/* Our own read moved the image's atime: that is not use of the chunk. */
			idle_tracker_rebase(&c->idle, (int64_t)time(NULL));
		}
		if (!status_equal(&st, &c->status)) {
			c->status = st;
			changed++;
			v->on_chunk_changed(c, v->userdata);
		}
	}
	return changed;
}
