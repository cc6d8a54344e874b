/* Discovery of mounted volumes (discover.h). Each chunkfs mount is looked at once while it is
 * mounted: one that no volume covers (by volume file or UUID) is offered to the manager once
 * its control channel answers a status. The mount starts listening only after the kernel lists
 * it, and a mount made for another run directory never answers ours: such a mount is asked
 * again, 0.1 s later and doubling up to a minute, for as long as it is mounted. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include <uuid/uuid.h>

#include "chunkscrubd/discover.h"
#include "chunkscrubd/log.h"
#include "chunkscrubd/mount-watch.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/mount-control.h"
#include "libchunk/volume/volume.h"

#define USEC_PER_MSEC 1000ULL
#define RETRY_FIRST_MS 100
#define RETRY_MAX_MS 60000
#define STATUS_TIMEOUT_MS 1000
#define NAME_MAX_LEN 64

/* A chunkfs mount, as discovery has seen it while it is mounted. */
struct seen_mount {
	char *source, *point;
	unsigned tries;
	uint64_t next_try;        /* CLOCK_MONOTONIC µs */
	bool settled;             /* a volume now, covered by one, or no volume: not asked again */
};

struct discovery {
	sd_event *event;
	const struct discovery_callbacks *callbacks;
	void *userdata;
	struct mount_watch *watch;
	sd_event_source *retry;
	struct seen_mount *seen;
	size_t n_seen;
};

char *discovery_name(const char *point, const unsigned char uuid[16],
		     bool (*taken)(const char *name, void *userdata), void *userdata)
{
	_cleanup_free_ char *name = strdup(point + strspn(point, "/"));
	char text[37];

	if (!name)
		return NULL;
	for (char *p = name; *p; p++)
		if (*p == '/')
			*p = '-';
		else if (!isalnum((unsigned char)*p) && !strchr("_-.", *p))
			*p = '_';
	if (*name && strlen(name) <= NAME_MAX_LEN && !taken(name, userdata))
		return TAKE_PTR(name);
	uuid_unparse_lower(uuid, text);
	return strdup(text);
}

static uint64_t now_usec(struct discovery *d)
{
	uint64_t t = 0;

	sd_event_now(d->event, CLOCK_MONOTONIC, &t);
	return t;
}

/* 0 when the mount's control channel answers a status for the volume mounted from SOURCE,
 * else -errno. */
static int mount_answers(const unsigned char uuid[16], const char *source)
{
	_cleanup_(json_object_putp) struct json_object *req = json_object_new_object(), *reply = NULL;
	struct json_object *volume;
	int r;

	if (!req || !json_add(req, "op", json_object_new_string("status")))
		return -ENOMEM;
	r = mount_control_request_timeout(uuid, req, &reply, STATUS_TIMEOUT_MS);
	if (r < 0)
		return r;
	if (!json_object_object_get_ex(reply, "volume", &volume))
		return -EPROTO;
	return strcmp(json_object_get_string(volume), source) == 0 ? 0 : -EXDEV;
}

/* One try at P: 1 when it is settled (a volume now, covered by one, or no volume), 0 to ask
 * it again later. */
static int discovery_try(struct discovery *d, struct seen_mount *p)
{
	_cleanup_(volume_closep) struct volume *lv = NULL;
	_cleanup_free_ char *name = NULL;
	unsigned char uuid[16];
	int r;

	p->tries++;
	r = volume_open(p->source, VOLUME_STATE_ONLY, &lv);
	if (r < 0) {
		log_warning_errno(r, "A chunkfs mount at %s is of %s, which does not open as a volume: not scrubbed: %m",
				  p->point, p->source);
		return 1;
	}
	volume_uuid(lv, uuid);
	if (d->callbacks->covered(p->source, uuid, d->userdata))
		return 1;
	r = mount_answers(uuid, p->source);
	if (r < 0) {
		if (p->tries == 5)
			log_info("The chunkfs mount of %s at %s does not answer on its control channel (%s); asking again "
				 "until it does", p->source, p->point, strerror(-r));
		return 0;
	}
	name = discovery_name(p->point, uuid, d->callbacks->name_taken, d->userdata);
	r = name ? d->callbacks->found(name, p->source, p->point, d->userdata) : -ENOMEM;
	if (r < 0) {
		log_warning_errno(r, "Failed to take up the chunkfs mount of %s at %s: %m", p->source, p->point);
		return 0;
	}
	return 1;
}

static int discovery_on_retry(sd_event_source *s, uint64_t usec, void *userdata);

/* Tries every mount that is due, and arms the timer for the next. */
static void discovery_try_due(struct discovery *d)
{
	uint64_t now = now_usec(d), next = UINT64_MAX;

	for (size_t i = 0; i < d->n_seen; i++) {
		struct seen_mount *p = &d->seen[i];

		if (p->settled)
			continue;
		if (p->next_try <= now) {
			p->settled = discovery_try(d, p) > 0;
			p->next_try = now + MIN((uint64_t)RETRY_FIRST_MS << MIN(p->tries - 1, 10u), (uint64_t)RETRY_MAX_MS) *
					    USEC_PER_MSEC;
		}
		if (!p->settled)
			next = MIN(next, p->next_try);
	}
	if (next == UINT64_MAX) {
		if (d->retry)
			sd_event_source_set_enabled(d->retry, SD_EVENT_OFF);
		return;
	}
	if (!d->retry) {
		if (sd_event_add_time(d->event, &d->retry, CLOCK_MONOTONIC, next, 0, discovery_on_retry, d) < 0)
			log_warning("Cannot arm the timer that asks new chunkfs mounts again");
		return;
	}
	sd_event_source_set_time(d->retry, next);
	sd_event_source_set_enabled(d->retry, SD_EVENT_ONESHOT);
}

static int discovery_on_retry(sd_event_source *s, uint64_t usec, void *userdata)
{
	discovery_try_due(userdata);
	return 0;
}

static bool mounted_from(const struct mount_entry *mounts, size_t n, const char *source)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(mounts[i].source, source))
			return true;
	return false;
}

static void seen_mount_done(struct seen_mount *p)
{
	free(p->source);
	free(p->point);
}

static void discovery_on_mounts(const struct mount_entry *mounts, size_t n, void *userdata)
{
	struct discovery *d = userdata;
	size_t k = 0;

	d->callbacks->mounts_changed(mounts, n, d->userdata);
	/* Unmounted: forgotten. */
	for (size_t i = 0; i < d->n_seen; i++) {
		if (!mounted_from(mounts, n, d->seen[i].source)) {
			seen_mount_done(&d->seen[i]);
			continue;
		}
		d->seen[k++] = d->seen[i];
	}
	d->n_seen = k;
	/* Mounted and not seen yet: looked at now. */
	for (size_t i = 0; i < n; i++) {
		struct seen_mount *np;
		bool known = false;

		for (size_t p = 0; p < d->n_seen && !known; p++)
			known = !strcmp(d->seen[p].source, mounts[i].source);
		if (known)
			continue;
		np = reallocarray(d->seen, d->n_seen + 1, sizeof(*np));
		if (!np) {
			log_error_errno(-ENOMEM, "Cannot look at the chunkfs mount at %s: %m", mounts[i].point);
			break;
		}
		d->seen = np;
		np[d->n_seen] = (struct seen_mount) {
			.source = strdup(mounts[i].source), .point = strdup(mounts[i].point),
		};
		if (!np[d->n_seen].source || !np[d->n_seen].point) {
			seen_mount_done(&np[d->n_seen]);
			log_error_errno(-ENOMEM, "Cannot look at the chunkfs mount at %s: %m", mounts[i].point);
			break;
		}
		d->n_seen++;
	}
	discovery_try_due(d);
}

static void discovery_forget(struct discovery *d)
{
	for (size_t i = 0; i < d->n_seen; i++)
		seen_mount_done(&d->seen[i]);
	free(d->seen);
	d->seen = NULL;
	d->n_seen = 0;
}

void discovery_rescan(struct discovery *d)
{
	discovery_forget(d);
	mount_watch_rescan(d->watch);
}

int discovery_new(sd_event *event, const struct discovery_callbacks *callbacks, void *userdata,
		  struct discovery **ret)
{
	struct discovery *d = calloc(1, sizeof(*d));
	int r;

	if (!d)
		return -ENOMEM;
	*d = (struct discovery) { .event = event, .callbacks = callbacks, .userdata = userdata };
	r = mount_watch_new(event, discovery_on_mounts, d, &d->watch);
	if (r < 0) {
		free(d);
		return r;
	}
	*ret = d;
	mount_watch_rescan(d->watch);
	return 0;
}

void discovery_free(struct discovery *d)
{
	if (!d)
		return;
	mount_watch_free(d->watch);
	sd_event_source_disable_unref(d->retry);
	discovery_forget(d);
	free(d);
}
