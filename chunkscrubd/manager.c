/* The manager: start-up (config, volumes, state, udev), the job queue, the timer that
 * drives the idle pass, reload and shutdown. The rules of what runs when are in scheduler.c. */
#include <errno.h>
#include <inttypes.h>
#include <libudev.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <systemd/sd-daemon.h>

#include "chunkscrubd/bus-events.h"
#include "chunkscrubd/discover.h"
#include "chunkscrubd/job.h"
#include "chunkscrubd/log.h"
#include "chunkscrubd/manager.h"
#include "chunkscrubd/metrics.h"
#include "chunkscrubd/scheduler.h"
#include "chunkscrubd/state-store.h"
#include "chunkscrubd/udev-monitor.h"
#include "libchunk/check/check.h"
#include "libchunk/base/lock-holder.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/mounts.h"
#include "libchunk/volume/volume.h"

#define USEC_PER_SEC 1000000ULL
#define STOP_TIMEOUT_USEC (20 * USEC_PER_SEC)   /* SIGTERM to SIGKILL of running jobs */
#define POLL_MAX_SEC 60                         /* longest wait before a held chunk is seen again */
#define RETRY_MIN_SEC 60                        /* no automatic job before this after a failure */

static int64_t now_s(void)
{
	return (int64_t)time(NULL);
}

static void manager_on_chunk_changed(struct scrub_chunk *c, void *userdata)
{
	struct manager *m = userdata;

	if (m->bus_events)
		m->bus_events->chunk_changed(c, m->bus_userdata);
}

static void manager_on_job_progress(struct job *j, void *userdata)
{
	struct manager *m = userdata;

	if (m->bus_events)
		m->bus_events->chunk_progress(j->chunk, m->bus_userdata);
}

static void manager_on_job_finished(struct job *j, void *userdata);

static const struct job_callbacks manager_job_callbacks = {
	.on_progress = manager_on_job_progress,
	.on_finished = manager_on_job_finished,
};

static int manager_load_volumes(struct manager *m, const struct config *cfg,
				struct scrub_volume ***ret, size_t *ret_n, char **error)
{
	struct scrub_volume **vs = calloc(cfg->n_volumes ?: 1, sizeof(*vs));
	size_t n = 0;

	if (!vs)
		return -ENOMEM;
	for (size_t i = 0; i < cfg->n_volumes; i++) {
		struct scrub_volume *old = manager_find_volume(m, cfg->volumes[i].name);
		int r;

		if (old && !old->discovered && scrub_volume_same_config(old, &cfg->volumes[i])) {
			vs[n++] = old; /* kept as is, with its jobs */
			continue;
		}
		r = scrub_volume_new(&cfg->volumes[i], m->udev, manager_on_chunk_changed, m, &vs[n]);
		if (r < 0) {
			if (error && asprintf(error, "%s:%u: [volume:%s]: cannot open %s: %s", cfg->file,
					      cfg->volumes[i].line, cfg->volumes[i].name,
					      cfg->volumes[i].path ?: "its chunks", strerror(-r)) < 0)
				*error = NULL;
			for (size_t k = 0; k < n; k++)
				if (!manager_find_volume(m, vs[k]->name) || manager_find_volume(m, vs[k]->name) != vs[k])
					scrub_volume_free(vs[k]);
			free(vs);
			return r;
		}
		n++;
	}
	*ret = vs;
	*ret_n = n;
	return 0;
}

static int manager_load(struct manager *m);
static void manager_discover_update(struct manager *m);

int manager_new(const char *config_file, struct manager **ret)
{
	_cleanup_(manager_freep) struct manager *m = calloc(1, sizeof(*m));
	_cleanup_free_ char *error = NULL;
	int r;

	if (!m)
		return -ENOMEM;
	m->next_job_id = 1;
	m->config_file = strdup(config_file);
	if (!m->config_file)
		return -ENOMEM;
	r = config_load(config_file, &m->config, &error);
	if (r >= 0)
		r = config_check_system(m->config, &error);
	if (r < 0)
		return log_error_errno(r, "%s", error ?: "Failed to load the configuration");
	/* The first status written (the metrics file, which may live in it) comes before the
	 * first state saved, which made the directory. */
	r = state_store_make_dir(m->config->state_dir);
	if (r < 0)
		return r;
	r = sd_event_default(&m->event);
	if (r < 0)
		return log_error_errno(r, "Failed to allocate the event loop: %m");
	m->udev = udev_new();
	r = manager_load_volumes(m, m->config, &m->volumes, &m->n_volumes, &error);
	if (r < 0)
		return log_error_errno(r, "%s", error ?: "Failed to open the volumes");
	manager_discover_update(m); /* before the state is read: it may name them */
	r = manager_load(m);
	if (r < 0)
		return r;
	*ret = TAKE_PTR(m);
	return 0;
}

void manager_free(struct manager *m)
{
	while (m->jobs) {
		struct job *j = m->jobs;

		m->jobs = j->next;
		if (j->pid > 0)
			kill(j->pid, SIGKILL);
		job_free(j);
	}
	discovery_free(m->discovery);
	for (size_t i = 0; i < m->n_volumes; i++)
		scrub_volume_free(m->volumes[i]);
	free(m->volumes);
	for (size_t i = 0; i < m->n_retired; i++)
		scrub_volume_free(m->retired[i]);
	free(m->retired);
	udev_monitor_source_free(m->udev_monitor);
	if (m->udev)
		udev_unref(m->udev);
	sd_event_source_disable_unref(m->timer);
	sd_event_unref(m->event);
	if (m->config)
		config_free(m->config);
	free(m->config_file);
	free(m->status_text);
	free(m);
}

struct scrub_volume *manager_find_volume(struct manager *m, const char *name)
{
	for (size_t i = 0; i < m->n_volumes; i++)
		if (!strcmp(m->volumes[i]->name, name))
			return m->volumes[i];
	return NULL;
}

struct job *manager_find_job(struct manager *m, uint32_t id)
{
	for (struct job *j = m->jobs; j; j = j->next)
		if (j->id == id)
			return j;
	return NULL;
}

/* A request queued at the last save, before a restart: it is queued again as it was. */
static void manager_on_saved_request(struct scrub_chunk *c, enum job_kind kind, enum job_origin origin,
				     void *userdata)
{
	struct manager *m = userdata;
	struct job *j = NULL;
	int r = kind == JOB_REPAIR ? manager_repair(m, c, &j) : manager_scrub(m, c, &j);

	if (r >= 0 && j)
		j->origin = origin;
}

static struct state_store_view manager_state_view(struct manager *m)
{
	return (struct state_store_view) {
		.dir = m->config->state_dir,
		.next_job_id = &m->next_job_id,
		.last_idle_start = &m->last_idle_start,
		.paused = &m->paused,
		.volumes = m->volumes,
		.n_volumes = m->n_volumes,
		.jobs = m->jobs,
		.queue = manager_on_saved_request,
		.userdata = m,
	};
}

static int manager_save_state(struct manager *m)
{
	struct state_store_view v = manager_state_view(m);

	return state_store_save(&v);
}

static void manager_status_changed(struct manager *m)
{
	unsigned chunks = 0, damaged = 0, dirty = 0, missing = 0, in_use = 0;
	_cleanup_free_ char *text = NULL, *held = NULL;

	for (size_t i = 0; i < m->n_volumes; i++)
		for (unsigned k = 0; k < m->volumes[i]->n_chunks; k++) {
			const struct scrub_chunk *c = m->volumes[i]->chunks[k];

			chunks++;
			in_use += c->in_use;
			if (c->in_use) /* what we knew of it, if anything, stands */
				continue;
			damaged += c->status.state == CHUNK_DAMAGED;
			dirty += c->status.state == CHUNK_DIRTY;
			missing += c->status.state == CHUNK_MISSING;
		}
	if (in_use && asprintf(&held, ", %u in use by another process", in_use) < 0)
		return;
	if (asprintf(&text, "%zu volume%s, %u chunks: %u damaged, %u dirty, %u missing%s; %u job%s running%s",
		     m->n_volumes, m->n_volumes == 1 ? "" : "s", chunks, damaged, dirty, missing, held ?: "",
		     m->running, m->running == 1 ? "" : "s", m->paused ? "; paused" : "") < 0)
		return;
	if (m->status_text && !strcmp(m->status_text, text))
		return;
	sd_notifyf(false, "STATUS=%s", text);
	free(m->status_text);
	m->status_text = TAKE_PTR(text);
	metrics_write(m->config->metrics_file, &(struct metrics_snapshot) {
		.volumes = m->volumes, .n_volumes = m->n_volumes, .running = m->running, .paused = m->paused,
	});
	if (m->bus_events)
		m->bus_events->manager_changed(m->bus_userdata);
}

/* Queue a job; admin requests go before queued automatic ones. */
static int manager_enqueue(struct manager *m, struct scrub_chunk *c, enum job_kind kind,
			   enum job_origin origin, struct job **ret)
{
	struct job *j, **p;
	int r;

	r = job_new(&manager_job_callbacks, m, c, kind, origin, m->next_job_id++, &j);
	if (r < 0)
		return r;
	p = &m->jobs;
	if (origin == JOB_ORIGIN_ADMIN)
		while (*p && ((*p)->pid > 0 || (*p)->origin == JOB_ORIGIN_ADMIN))
			p = &(*p)->next;
	else
		while (*p)
			p = &(*p)->next;
	j->next = *p;
	*p = j;
	c->job = j;
	if (m->bus_events)
		m->bus_events->chunk_changed(c, m->bus_userdata);
	if (ret)
		*ret = j;
	return 0;
}

static void manager_unlink_job(struct manager *m, struct job *j)
{
	for (struct job **p = &m->jobs; *p; p = &(*p)->next)
		if (*p == j) {
			*p = j->next;
			break;
		}
	if (j->chunk->job == j)
		j->chunk->job = NULL;
}

int manager_scrub(struct manager *m, struct scrub_chunk *c, struct job **ret)
{
	if (c->job) {
		/* Already queued or running: the caller follows that job. */
		if (ret)
			*ret = c->job;
		return 0;
	}
	if (c->status.state == CHUNK_MISSING)
		return -ENXIO;
	return manager_enqueue(m, c, JOB_SCRUB, JOB_ORIGIN_ADMIN, ret);
}

int manager_repair(struct manager *m, struct scrub_chunk *c, struct job **ret)
{
	if (c->job) {
		if (c->job->kind == JOB_REPAIR || c->job->pid > 0) {
			if (ret)
				*ret = c->job;
			return c->job->kind == JOB_REPAIR ? 0 : -EBUSY;
		}
		/* A queued scrub becomes the repair. */
		c->job->kind = JOB_REPAIR;
		c->job->origin = JOB_ORIGIN_ADMIN;
		if (ret)
			*ret = c->job;
		return 0;
	}
	if (c->status.state == CHUNK_MISSING)
		return -ENXIO;
	return manager_enqueue(m, c, JOB_REPAIR, JOB_ORIGIN_ADMIN, ret);
}

int manager_cancel(struct manager *m, struct job *j)
{
	if (j->pid > 0) {
		log_chunk(LOG_INFO, 0, j->chunk->volume->name, (int)j->chunk->id, NULL,
			  "Cancelling job %" PRIu32, j->id);
		return job_cancel(j);
	}
	/* Queued: it never ran, so it ends here. */
	j->cancel_requested = true;
	j->result = JOB_RESULT_CANCELLED;
	j->code = FSCK_CANCELED;
	j->started = j->finished = now_s();
	manager_unlink_job(m, j);
	if (m->bus_events) {
		m->bus_events->job_finished(j, m->bus_userdata);
		m->bus_events->chunk_changed(j->chunk, m->bus_userdata);
	}
	job_free(j);
	manager_save_state(m);
	return 0;
}

void manager_set_paused(struct manager *m, bool paused)
{
	if (m->paused == paused)
		return;
	m->paused = paused;
	log_info("Automatic scrubbing %s", paused ? "paused" : "resumed");
	manager_save_state(m); /* an admin's pause outlives a restart */
	manager_status_changed(m);
	manager_schedule(m);
}

static int manager_start_job(struct manager *m, struct job *j)
{
	struct scrub_chunk *c = j->chunk;
	int r;

	r = job_start(j, m->event, m->config);
	if (r < 0) {
		log_chunk(LOG_ERR, r, c->volume->name, (int)c->id, NULL, "Failed to start job: %m");
		j->result = JOB_RESULT_FAILED;
		j->code = FSCK_ERROR;
		manager_unlink_job(m, j);
		if (m->bus_events)
			m->bus_events->job_finished(j, m->bus_userdata);
		job_free(j);
		return r;
	}
	m->running++;
	if (j->origin == JOB_ORIGIN_IDLE)
		m->last_idle_start = j->started;
	log_chunk(LOG_INFO, 0, c->volume->name, (int)c->id, LOG_MESSAGE_JOB_STARTED,
		  "Started %s job %" PRIu32 " (%s) on %s", job_kind_to_string(j->kind), j->id,
		  job_origin_to_string(j->origin), c->path ?: "?");
	if (m->bus_events) {
		m->bus_events->job_started(j, m->bus_userdata);
		m->bus_events->chunk_changed(c, m->bus_userdata);
	}
	manager_save_state(m);
	manager_status_changed(m);
	return 0;
}

/* Every chunk of every volume, flattened for the scheduler. */
static size_t manager_snapshot(struct manager *m, struct sched_chunk **ret, struct scrub_chunk ***ret_map)
{
	size_t n = 0, k = 0;
	struct sched_chunk *s;
	struct scrub_chunk **map;
	int64_t now = now_s();

	for (size_t i = 0; i < m->n_volumes; i++)
		n += m->volumes[i]->n_chunks;
	s = calloc(n ?: 1, sizeof(*s));
	map = calloc(n ?: 1, sizeof(*map));
	if (!s || !map) {
		free(s);
		free(map);
		*ret = NULL;
		*ret_map = NULL;
		return 0;
	}
	for (size_t i = 0; i < m->n_volumes; i++)
		for (unsigned c = 0; c < m->volumes[i]->n_chunks; c++) {
			struct scrub_chunk *ch = m->volumes[i]->chunks[c];

			idle_tracker_poll(&ch->idle, now);
			map[k] = ch;
			s[k++] = (struct sched_chunk) {
				.state = ch->status.state,
				.last_check = ch->status.last_check,
				.busy = ch->job != NULL || ch->in_use || now < ch->retry_after,
				.idle = idle_tracker_is_idle(&ch->idle, now, m->config->idle_after),
				.recheck = ch->recheck,
			};
		}
	*ret = s;
	*ret_map = map;
	return n;
}

static void manager_boot_pass(struct manager *m)
{
	_cleanup_free_ struct sched_chunk *s = NULL;
	_cleanup_free_ struct scrub_chunk **map = NULL;
	_cleanup_free_ size_t *order = NULL;
	size_t n = manager_snapshot(m, &s, &map), k;

	order = calloc(n ?: 1, sizeof(size_t));
	if (!order)
		return;
	k = scheduler_boot_pass(s, n, m->config->boot_chunks, order);
	log_info("Boot pass: %zu of %zu chunks to check", k, n);
	for (size_t i = 0; i < k; i++)
		manager_enqueue(m, map[order[i]], JOB_SCRUB, JOB_ORIGIN_BOOT, NULL);
	m->boot_pass_done = true;
}

static void manager_chunk_refresh(struct manager *m, struct scrub_chunk *c)
{
	enum chunk_state before = c->status.state;

	if (scrub_volume_refresh(c->volume, c) <= 0)
		return;
	/* Damage seen in use (libchunk marks the chunk itself): check it soon. */
	if (before != CHUNK_DAMAGED && c->status.state == CHUNK_DAMAGED && !c->job && m->boot_pass_done) {
		log_chunk(LOG_WARNING, 0, c->volume->name, (int)c->id, LOG_MESSAGE_DAMAGE_FOUND,
			  "Chunk was marked damaged; scheduling a scrub");
		manager_enqueue(m, c, JOB_SCRUB, JOB_ORIGIN_DAMAGE, NULL);
	}
	manager_status_changed(m);
}

struct scrub_volume *manager_find_volume_file(struct manager *m, const char *file)
{
	for (size_t i = 0; i < m->n_volumes; i++)
		if (scrub_volume_has_file(m->volumes[i], file))
			return m->volumes[i];
	return NULL;
}

void manager_report_damage(struct manager *m, struct scrub_chunk *c)
{
	log_chunk(LOG_WARNING, 0, c->volume->name, (int)c->id, LOG_MESSAGE_DAMAGE_FOUND,
		  "The mount of the volume met damage in the chunk");
	manager_chunk_refresh(m, c);
	if (c->status.state == CHUNK_DAMAGED && !c->job)
		manager_enqueue(m, c, JOB_SCRUB, JOB_ORIGIN_DAMAGE, NULL);
	manager_schedule(m);
}

static int manager_on_timer(sd_event_source *s, uint64_t usec, void *userdata)
{
	struct manager *m = userdata;

	/* A mounted volume's chunks are used where their images show little of it. */
	for (size_t i = 0; i < m->n_volumes; i++)
		scrub_volume_poll_mount(m->volumes[i], now_s());
	for (size_t i = 0; i < m->n_volumes; i++)
		for (unsigned k = 0; k < m->volumes[i]->n_chunks; k++) {
			struct scrub_chunk *c = m->volumes[i]->chunks[k];

			idle_tracker_poll(&c->idle, now_s());
			/* Written to since we last looked: libchunk may have marked it DIRTY/DAMAGED.
			 * Held by another process when we last looked: it may be free again. */
			if (idle_tracker_take_changed(&c->idle) || c->in_use)
				manager_chunk_refresh(m, c);
		}
	manager_schedule(m);
	return 0;
}

static void manager_arm_timer(struct manager *m, int64_t at)
{
	int64_t now = now_s();
	uint64_t delay = at <= now ? 0 : (uint64_t)(at - now) * USEC_PER_SEC;

	if (!m->timer) {
		if (sd_event_add_time_relative(m->event, &m->timer, CLOCK_MONOTONIC, delay, USEC_PER_SEC,
					       manager_on_timer, m) < 0)
			return;
	} else {
		sd_event_source_set_time_relative(m->timer, delay);
		sd_event_source_set_enabled(m->timer, SD_EVENT_ONESHOT);
	}
}

void manager_schedule(struct manager *m)
{
	_cleanup_free_ struct sched_chunk *s = NULL;
	_cleanup_free_ struct scrub_chunk **map = NULL;
	struct sched_params p = { .boot_chunks = m->config->boot_chunks, .interval = m->config->interval };
	size_t n;
	int64_t next, poll;

	if (m->stopping)
		return;
	for (struct job *j = m->jobs, *nx; j && m->running < m->config->max_parallel; j = nx) {
		nx = j->next;
		if (j->pid > 0 || (m->paused && j->origin != JOB_ORIGIN_ADMIN))
			continue;
		manager_start_job(m, j);
	}
	n = manager_snapshot(m, &s, &map);
	while (!m->paused && m->running < m->config->max_parallel) {
		ssize_t i = scheduler_pick_idle(s, n, &p, now_s(), m->last_idle_start);
		struct job *j = NULL;

		if (i < 0 || manager_enqueue(m, map[i], JOB_SCRUB, JOB_ORIGIN_IDLE, &j) < 0)
			break;
		s[i].busy = true;
		if (manager_start_job(m, j) < 0)
			break;
	}
	if (m->paused) {
		if (m->timer)
			sd_event_source_set_enabled(m->timer, SD_EVENT_OFF);
		return;
	}
	/* Sleep until something is due; while something is due but busy, look again now and then. */
	next = scheduler_next_due(s, n, &p, now_s(), m->last_idle_start);
	poll = (int64_t)MAX(1, MIN(POLL_MAX_SEC, m->config->idle_after / 2));
	/* A chunk another process holds is looked at again every poll until it is free. */
	for (size_t i = 0; i < n; i++)
		if (map[i]->in_use && next > now_s() + poll)
			next = now_s() + poll;
	if (next == INT64_MAX) {
		if (m->timer)
			sd_event_source_set_enabled(m->timer, SD_EVENT_OFF);
		return;
	}
	manager_arm_timer(m, next <= now_s() ? now_s() + poll : next);
}

static void manager_retire_if_done(struct manager *m, struct scrub_volume *v)
{
	for (unsigned i = 0; i < v->n_chunks; i++)
		if (v->chunks[i]->job)
			return;
	for (size_t i = 0; i < m->n_retired; i++)
		if (m->retired[i] == v) {
			m->retired[i] = m->retired[--m->n_retired];
			scrub_volume_free(v);
			return;
		}
}

/* A job writes more than its own chunk: a repair marks DAMAGED a peer whose record it could
 * not read, and can leave its own chunk DAMAGED because a peer it had to write was DAMAGED
 * (read-only) at the time; repairing the two in turn settles it, as `chunkctl repair` does in
 * rounds. So after a job every chunk of the volume is read again: one newly DAMAGED is scrubbed
 * (and so repaired), and after a repair, or a DAMAGED chunk checked clean, the chunks still
 * DAMAGED are tried again, at most PEER_RETRIES times each until one of their own jobs ends
 * well: no loop on a chunk that cannot be repaired. */
#define PEER_RETRIES 3

static void manager_peers_after_job(struct manager *m, const struct job *j)
{
	struct scrub_volume *v = j->chunk->volume;
	bool wrote = j->kind == JOB_REPAIR || j->repair_code >= 0; /* or it became writable */
	_cleanup_free_ bool *was_damaged = calloc(v->n_chunks, sizeof(bool));

	if (j->result == JOB_RESULT_CLEAN || j->result == JOB_RESULT_REPAIRED)
		j->chunk->peer_retries = 0;
	for (unsigned i = 0; was_damaged && i < v->n_chunks; i++)
		was_damaged[i] = v->chunks[i]->status.state == CHUNK_DAMAGED;
	scrub_volume_refresh(v, NULL);
	if (!was_damaged)
		return;
	/* A chunk DAMAGED before its job and not after is writable again: peers may go on. */
	for (unsigned i = 0; i < v->n_chunks; i++)
		if (v->chunks[i] == j->chunk && was_damaged[i] && j->chunk->status.state != CHUNK_DAMAGED)
			wrote = true;
	for (unsigned i = 0; i < v->n_chunks; i++) {
		struct scrub_chunk *k = v->chunks[i];

		if (k == j->chunk || k->job || k->status.state != CHUNK_DAMAGED)
			continue;
		if (was_damaged[i] && (!wrote || k->peer_retries >= PEER_RETRIES))
			continue;
		if (was_damaged[i])
			k->peer_retries++;
		log_chunk(LOG_WARNING, 0, v->name, (int)k->id, LOG_MESSAGE_DAMAGE_FOUND, was_damaged[i] ?
			  "Damaged chunk tried again after the job on chunk %u (%u of %u)" :
			  "Chunk was marked damaged by the job on chunk %u; scheduling a scrub", j->chunk->id,
			  k->peer_retries, PEER_RETRIES);
		manager_enqueue(m, k, JOB_SCRUB, JOB_ORIGIN_DAMAGE, NULL);
	}
}

static void manager_on_job_finished(struct job *j, void *userdata)
{
	struct manager *m = userdata;
	struct scrub_chunk *c = j->chunk;
	struct scrub_volume *v = c->volume;
	int prio = j->result == JOB_RESULT_CLEAN || j->result == JOB_RESULT_REPAIRED ? LOG_INFO : LOG_WARNING;

	m->running--;
	manager_unlink_job(m, j);
	/* Interrupted or failed: the chunk's old state stands, and it is checked again at the next
	 * start; a failure is not retried automatically before the pace (or a minute) has passed. */
	c->recheck = j->result == JOB_RESULT_CANCELLED || j->result == JOB_RESULT_FAILED;
	if (j->result == JOB_RESULT_FAILED) {
		size_t n = 0;

		for (size_t i = 0; i < m->n_volumes; i++)
			n += m->volumes[i]->n_chunks;
		c->retry_after = now_s() + (int64_t)MAX(RETRY_MIN_SEC, scheduler_pace(m->config->interval, n));
	}
	if (j->repair_code >= 0 && j->result == JOB_RESULT_REPAIRED)
		log_chunk(LOG_NOTICE, 0, v->name, (int)c->id, LOG_MESSAGE_REPAIR_DONE,
			  "Repaired (fsck code %d)", j->repair_code);
	log_chunk(prio, 0, v->name, (int)c->id, LOG_MESSAGE_JOB_FINISHED,
		  "Finished %s job %" PRIu32 ": %s (fsck code %d)", job_kind_to_string(j->kind), j->id,
		  job_result_to_string(j->result), j->code);
	state_store_add_history(j);
	if (j->report) {
		json_object_put(c->last_report);
		c->last_report = TAKE_PTR(j->report);
	}
	if (!v->retired) {
		manager_peers_after_job(m, j);
		idle_tracker_rebase(&c->idle, now_s());
	}
	/* The state file and the metrics file say what the job did before its client hears that
	 * it finished (`chunkctl scrub --wait`, or a wait for no job running, and then a read of
	 * either file was a race: t6130, t6120). */
	manager_save_state(m);
	manager_status_changed(m);
	if (m->bus_events) {
		m->bus_events->job_finished(j, m->bus_userdata);
		if (!v->retired)
			m->bus_events->chunk_changed(c, m->bus_userdata);
	}
	job_free(j);
	if (v->retired)
		manager_retire_if_done(m, v);
	manager_save_state(m);
	manager_status_changed(m);
	if (m->stopping) {
		if (m->running == 0)
			sd_event_exit(m->event, 0);
		return;
	}
	manager_schedule(m);
}

static void manager_on_device_event(const char *action, const char *devnode, const char *fs_uuid,
				    void *userdata)
{
	struct manager *m = userdata;

	for (size_t i = 0; i < m->n_volumes; i++) {
		struct scrub_volume *v = m->volumes[i];
		bool mine = scrub_volume_resolve(v, m->udev);

		for (unsigned k = 0; k < v->n_chunks; k++)
			if (v->chunks[k]->path && devnode && !strcmp(v->chunks[k]->path, devnode))
				mine = true;
		if (!mine)
			continue;
		log_chunk(LOG_INFO, 0, v->name, -1, NULL, "Device %s: %s", devnode ?: "?", action);
		if (scrub_volume_refresh(v, NULL) > 0) {
			/* A device that came back DIRTY or DAMAGED is checked like at boot. */
			for (unsigned k = 0; k < v->n_chunks; k++) {
				struct scrub_chunk *c = v->chunks[k];

				if (!c->job && (c->status.state == CHUNK_DAMAGED || c->status.state == CHUNK_DIRTY || c->recheck))
					manager_enqueue(m, c, JOB_SCRUB, JOB_ORIGIN_BOOT, NULL);
			}
			if (m->bus_events)
				m->bus_events->volume_changed(v, m->bus_userdata);
		}
	}
	manager_status_changed(m);
	manager_schedule(m);
}

/* A volume that came (a reload, a mount found): its objects appear, and once the boot pass is
 * done its damaged and dirty chunks are checked first, as the boot pass would have. */
static void manager_volume_came(struct manager *m, struct scrub_volume *v)
{
	scrub_volume_refresh(v, NULL);
	if (m->bus_events)
		m->bus_events->object_added(v->object_path, m->bus_userdata);
	for (unsigned k = 0; k < v->n_chunks; k++) {
		struct scrub_chunk *c = v->chunks[k];

		if (m->bus_events)
			m->bus_events->object_added(c->object_path, m->bus_userdata);
		if (m->boot_pass_done && !c->job &&
		    (c->status.state == CHUNK_DAMAGED || c->status.state == CHUNK_DIRTY))
			manager_enqueue(m, c, JOB_SCRUB, JOB_ORIGIN_BOOT, NULL);
	}
}

/* A volume that went (a reload, an unmount): its objects go and its queued jobs with them; it
 * lives on, retired, until its running jobs end, which CANCEL_RUNNING asks them to do now. */
static void manager_volume_went(struct manager *m, struct scrub_volume *old, bool cancel_running)
{
	struct scrub_volume **nr;

	for (unsigned k = 0; k < old->n_chunks; k++) {
		struct job *j = old->chunks[k]->job;

		if (j && (j->pid == 0 || cancel_running))
			manager_cancel(m, j);
		if (m->bus_events)
			m->bus_events->object_removed(old->chunks[k]->object_path, m->bus_userdata);
	}
	if (m->bus_events)
		m->bus_events->object_removed(old->object_path, m->bus_userdata);
	old->retired = true;
	nr = reallocarray(m->retired, m->n_retired + 1, sizeof(*nr));
	if (nr) {
		m->retired = nr;
		m->retired[m->n_retired++] = old;
		manager_retire_if_done(m, old);
	}
}

/* What a change of the volumes shows: Volumes on the bus, the status, the schedule. */
static void manager_volumes_changed(struct manager *m)
{
	if (!m->boot_pass_done)
		return; /* manager_start shows them and makes the first schedule */
	if (m->bus_events)
		m->bus_events->manager_changed(m->bus_userdata);
	manager_status_changed(m);
	manager_schedule(m);
}

/* A volume found mounted (discover.c): scrubbed as volume NAME, with the [daemon] settings,
 * until its unmount. */
static int manager_on_mount_found(const char *name, const char *file, const char *mount_point, void *userdata)
{
	struct manager *m = userdata;
	const struct config_volume cv = { .name = (char *)name, .path = (char *)file };
	struct scrub_volume *v = NULL, **nv;
	int r;

	r = scrub_volume_new(&cv, m->udev, manager_on_chunk_changed, m, &v);
	if (r < 0)
		return r;
	v->discovered = true;
	v->mount_point = strdup(mount_point);
	nv = reallocarray(m->volumes, m->n_volumes + 1, sizeof(*nv));
	if (!v->mount_point || !nv) {
		if (nv)
			m->volumes = nv;
		scrub_volume_free(v);
		return -ENOMEM;
	}
	m->volumes = nv;
	m->volumes[m->n_volumes++] = v;
	log_chunk(LOG_INFO, 0, v->name, -1, NULL, "Found %s mounted at %s: scrubbed as volume %s, %u chunks",
		  file, mount_point, v->name, v->n_chunks);
	if (m->boot_pass_done)
		manager_volume_came(m, v);
	manager_volumes_changed(m);
	return 0;
}

/* A volume found mounted whose mount went: it goes, its jobs cancelled. */
static void manager_remove_volume(struct manager *m, struct scrub_volume *v)
{
	for (size_t i = 0; i < m->n_volumes; i++)
		if (m->volumes[i] == v) {
			memmove(m->volumes + i, m->volumes + i + 1, (m->n_volumes - i - 1) * sizeof(*m->volumes));
			m->n_volumes--;
			break;
		}
	log_chunk(LOG_INFO, 0, v->name, -1, NULL, "%s is no longer mounted at %s: volume %s is no longer scrubbed",
		  v->path, v->mount_point ?: "?", v->name);
	manager_volume_went(m, v, true);
	manager_volumes_changed(m);
}

static bool mounted_from(const struct mount_entry *mounts, size_t n, const char *file)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(mounts[i].source, file))
			return true;
	return false;
}

static void manager_on_mounts_changed(const struct mount_entry *mounts, size_t n, void *userdata)
{
	struct manager *m = userdata;

	for (size_t i = m->n_volumes; i-- > 0;)
		if (m->volumes[i]->discovered && !mounted_from(mounts, n, m->volumes[i]->path))
			manager_remove_volume(m, m->volumes[i]);
}

static bool manager_on_mount_covered(const char *file, const unsigned char uuid[16], void *userdata)
{
	struct manager *m = userdata;

	for (size_t i = 0; i < m->n_volumes; i++)
		if (scrub_volume_is(m->volumes[i], file, uuid))
			return true;
	return false;
}

static bool manager_on_name_taken(const char *name, void *userdata)
{
	return manager_find_volume(userdata, name) != NULL;
}

static const struct discovery_callbacks manager_discovery_callbacks = {
	.mounts_changed = manager_on_mounts_changed,
	.covered = manager_on_mount_covered,
	.name_taken = manager_on_name_taken,
	.found = manager_on_mount_found,
};

/* Discovery as the configuration says: started, stopped, or (after a reload, which may have
 * named or dropped mounted volumes) every mount looked at anew. */
static void manager_discover_update(struct manager *m)
{
	int r;

	if (!m->config->discover_mounts) {
		discovery_free(TAKE_PTR(m->discovery));
		return;
	}
	if (m->discovery) {
		discovery_rescan(m->discovery);
		return;
	}
	r = discovery_new(m->event, &manager_discovery_callbacks, m, &m->discovery);
	if (r < 0)
		log_warning_errno(r, "Not watching for chunkfs mounts: cannot watch /proc/self/mountinfo: %m");
}

/* At a reload, the volumes found mounted stay (appended to VS), unless the new file names
 * them, or no longer wants mounts discovered: then they go like a volume dropped from it. */
static int manager_keep_discovered(struct manager *m, const struct config *cfg, struct scrub_volume ***vs,
				   size_t *n)
{
	for (size_t i = 0; i < m->n_volumes; i++) {
		struct scrub_volume *d = m->volumes[i], **nv;
		_cleanup_(volume_closep) struct volume *lv = NULL;
		unsigned char uuid[16] = {};
		size_t k;

		if (!d->discovered || !cfg->discover_mounts)
			continue;
		if (volume_open(d->path, VOLUME_STATE_ONLY, &lv) >= 0)
			volume_uuid(lv, uuid);
		for (k = 0; k < *n; k++)
			if (scrub_volume_is((*vs)[k], d->path, uuid))
				break;
		if (k < *n) {
			log_chunk(LOG_INFO, 0, d->name, -1, NULL, "%s is now in %s: volume %s takes its place",
				  d->path, cfg->file, (*vs)[k]->name);
			continue;
		}
		nv = reallocarray(*vs, *n + 1, sizeof(*nv));
		if (!nv)
			return -ENOMEM;
		*vs = nv;
		nv[(*n)++] = d;
	}
	return 0;
}

int manager_reload(struct manager *m, char **error)
{
	_cleanup_(config_freep) struct config *cfg = NULL;
	struct scrub_volume **vs = NULL;
	_cleanup_free_ bool *fresh = NULL;
	size_t n = 0;
	int r;

	sd_notify(false, "RELOADING=1");
	r = config_load(m->config_file, &cfg, error);
	if (r >= 0)
		r = config_check_system(cfg, error);
	if (r >= 0)
		r = manager_load_volumes(m, cfg, &vs, &n, error);
	if (r >= 0 && (r = manager_keep_discovered(m, cfg, &vs, &n)) < 0) {
		for (size_t i = 0; i < n; i++)
			if (!manager_find_volume(m, vs[i]->name) || manager_find_volume(m, vs[i]->name) != vs[i])
				scrub_volume_free(vs[i]);
		free(vs);
	}
	if (r < 0) {
		sd_notify(false, "READY=1");
		return r;
	}
	/* Volumes gone from the file, or redefined: their objects go, running jobs finish. */
	for (size_t i = 0; i < m->n_volumes; i++) {
		bool kept = false;

		for (size_t k = 0; k < n; k++)
			kept = kept || vs[k] == m->volumes[i];
		if (!kept)
			manager_volume_went(m, m->volumes[i], false);
	}
	fresh = calloc(n ?: 1, sizeof(bool));
	for (size_t i = 0; fresh && i < n; i++) {
		fresh[i] = true;
		for (size_t k = 0; k < m->n_volumes; k++)
			fresh[i] = fresh[i] && m->volumes[k] != vs[i];
	}
	free(m->volumes);
	m->volumes = vs;
	m->n_volumes = n;
	config_free(m->config);
	m->config = TAKE_PTR(cfg);
	for (size_t i = 0; fresh && i < n; i++)
		if (fresh[i])
			manager_volume_came(m, vs[i]);
	manager_discover_update(m);
	log_info("Reloaded %s: %zu volume%s", m->config_file, n, n == 1 ? "" : "s");
	sd_notify(false, "READY=1");
	manager_status_changed(m);
	manager_schedule(m);
	return 0;
}

static int manager_on_sighup(sd_event_source *s, const struct signalfd_siginfo *si, void *userdata)
{
	struct manager *m = userdata;
	_cleanup_free_ char *error = NULL;

	if (manager_reload(m, &error) < 0)
		log_error("Reload failed, keeping the old configuration: %s", error ?: "unknown error");
	return 0;
}

static int manager_on_stop_timeout(sd_event_source *s, uint64_t usec, void *userdata)
{
	struct manager *m = userdata;

	log_warning("Jobs did not stop in time; killing them");
	for (struct job *j = m->jobs; j; j = j->next)
		if (j->pid > 0)
			kill(j->pid, SIGKILL);
	return 0;
}

static int manager_on_sigterm(sd_event_source *s, const struct signalfd_siginfo *si, void *userdata)
{
	struct manager *m = userdata;

	if (m->stopping)
		return 0;
	m->stopping = true;
	sd_notify(false, "STOPPING=1");
	log_info("Stopping: %u job%s to cancel", m->running, m->running == 1 ? "" : "s");
	manager_save_state(m); /* running jobs are saved as needing a re-check */
	if (m->running == 0)
		return sd_event_exit(m->event, 0);
	for (struct job *j = m->jobs; j; j = j->next)
		if (j->pid > 0)
			job_cancel(j);
	return sd_event_add_time_relative(m->event, NULL, CLOCK_MONOTONIC, STOP_TIMEOUT_USEC, 0,
					  manager_on_stop_timeout, m);
}

void manager_set_bus_events(struct manager *m, const struct bus_events *events, void *userdata)
{
	m->bus_events = events;
	m->bus_userdata = userdata;
}

/* Signals, the chunks' states and the state file: all the manager knows before the bus is up. */
static int manager_load(struct manager *m)
{
	struct state_store_view view;
	sigset_t ss;
	int r;

	sigemptyset(&ss);
	sigaddset(&ss, SIGTERM);
	sigaddset(&ss, SIGINT);
	sigaddset(&ss, SIGHUP);
	sigaddset(&ss, SIGCHLD);
	sigprocmask(SIG_BLOCK, &ss, NULL);
	if ((r = sd_event_add_signal(m->event, NULL, SIGTERM, manager_on_sigterm, m)) < 0 ||
	    (r = sd_event_add_signal(m->event, NULL, SIGINT, manager_on_sigterm, m)) < 0 ||
	    (r = sd_event_add_signal(m->event, NULL, SIGHUP, manager_on_sighup, m)) < 0)
		return log_error_errno(r, "Failed to set up signal handling: %m");
	sd_event_set_watchdog(m->event, true);

	for (size_t i = 0; i < m->n_volumes; i++)
		scrub_volume_refresh(m->volumes[i], NULL);
	view = manager_state_view(m);
	r = state_store_load(&view);
	if (r >= 0 && m->paused)
		log_info("Automatic scrubbing paused since the last run (chunkctl resume restarts it)");
	return r;
}

int manager_start(struct manager *m)
{
	int r;

	/* Before any job: a note a killed daemon's job left would name a job that is gone to
	 * whoever later gets its pid and holds a chunk. */
	r = lock_holder_note_sweep();
	if (r < 0)
		log_warning_errno(r, "Cannot sweep the job notes in %s/jobs: %m", chunkfs_run_dir());
	else if (r > 0)
		log_info("Removed %d job note(s) of jobs that are gone.", r);
	r = udev_monitor_source_new(m->udev, m->event, manager_on_device_event, m, &m->udev_monitor);
	if (r < 0)
		log_warning_errno(r, "Not watching for chunk devices: %m");
	manager_boot_pass(m);
	manager_status_changed(m);
	manager_schedule(m);
	sd_notifyf(false, "READY=1\nSTATUS=%s", m->status_text ?: "running");
	log_info("Ready: %s", m->status_text ?: "");
	return 0;
}

int manager_run(struct manager *m)
{
	int r = sd_event_loop(m->event);

	manager_save_state(m);
	return r;
}
