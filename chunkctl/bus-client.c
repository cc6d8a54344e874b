/* chunkctl's client of chunkscrubd on the system bus ($DBUS_SYSTEM_BUS_ADDRESS honoured, as
 * sd-bus does): connecting, reading every chunk's status, calling the manager, following jobs
 * to their JobFinished, and `repair` without -V. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <systemd/sd-bus.h>
#include <json-c/json.h>

#include "chunkctl/bus-client.h"
#include "chunkctl/chunkctl.h"
#include "chunkctl/offline-check.h"
#include "chunkctl/scrubd-config.h"
#include "chunkscrubd/bus-api.h"
#include "libchunk/base/fsck-result.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"

/* freedesktop's standard interface, which sd-bus serves at BUS_PATH for chunkscrubd: not one
 * of chunkscrubd's own names, so not in bus-api.h. */
#define DBUS_OBJECT_MANAGER_INTERFACE "org.freedesktop.DBus.ObjectManager"
#define DBUS_METHOD_GET_MANAGED_OBJECTS "GetManagedObjects"

void chunk_row_done(struct chunk_row *row)
{
	free(row->volume);
	free(row->state);
	free(row->last_result);
	free(row->job_kind);
	free(row->job_state);
	record_losses_done(&row->losses);
}

void status_done(struct status *s)
{
	for (size_t i = 0; i < s->n_volumes; i++) {
		free(s->volumes[i]);
		free(s->volume_paths ? s->volume_paths[i] : NULL);
	}
	free(s->volume_paths);
	free(s->volumes);
	for (size_t i = 0; i < s->n_rows; i++)
		chunk_row_done(&s->rows[i]);
	free(s->rows);
	free(s->mountpoint);
}

/* Connects and checks that chunkscrubd is there; returns -EHOSTDOWN when it is not. */
int daemon_connect(sd_bus **ret)
{
	_cleanup_(sd_bus_flush_close_unrefp) sd_bus *bus = NULL;
	int r;

	r = sd_bus_open_system(&bus);
	if (r < 0)
		return -EHOSTDOWN;
	r = sd_bus_get_name_creds(bus, BUS_NAME, 0, NULL);
	if (r < 0)
		return -EHOSTDOWN;
	*ret = TAKE_PTR(bus);
	return 0;
}

/* A call of command CMD that the daemon refused, said "chunkctl CMD: [WHAT: ]why" as every
 * command says its errors, with its exit code as the one rule says. A caller without the
 * right is refused in the same words by every command (ctl_denied); a request the daemon
 * calls InvalidArgs is a usage error, as one chunkctl catches itself. */
static int bus_fail(const char *cmd, const char *what, const sd_bus_error *e, int r)
{
	const char *why = sd_bus_error_is_set(e) ? e->message : strerror(-r);

	if (sd_bus_error_has_name(e, SD_BUS_ERROR_ACCESS_DENIED) || r == -EACCES || r == -EPERM)
		return ctl_denied(cmd, "%s", why);
	/* A chunk number outside the volume is a usage error, as when chunkctl reads the volume
	 * itself; a volume or job the daemon does not know (any more) is an error. */
	if (sd_bus_error_has_names(e, SD_BUS_ERROR_INVALID_ARGS, BUS_ERROR_NO_SUCH_CHUNK))
		return ctl_usage_error(cmd, "%s%s%s", what ?: "", what ? ": " : "", why);
	return ctl_command_error(cmd, "%s%s%s", what ?: "", what ? ": " : "", why);
}

static int read_chunk_props(sd_bus_message *m, struct chunk_row *row)
{
	int r;

	while ((r = sd_bus_message_enter_container(m, 'e', "sv")) > 0) {
		const char *name, *s;

		r = sd_bus_message_read(m, "s", &name);
		if (r < 0)
			return r;
#define STR(prop, field) \
		if (!strcmp(name, prop)) { \
			if ((r = sd_bus_message_read(m, "v", "s", &s)) < 0) return r; \
			free(row->field); if (!(row->field = strdup(s))) return -ENOMEM; }
		STR("Volume", volume)
		else STR("State", state)
		else STR("LastResult", last_result)
		else STR("JobKind", job_kind)
		else STR("JobState", job_state)
		else if (!strcmp(name, "Id"))
			r = sd_bus_message_read(m, "v", "u", &row->id);
		else if (!strcmp(name, "LastCheck"))
			r = sd_bus_message_read(m, "v", "t", &row->last_check);
		else if (!strcmp(name, "Refs")) {
			r = sd_bus_message_read(m, "v", "t", &row->refs);
			row->refs_unknown = row->refs == BUS_REFS_UNKNOWN;
		}
		else if (!strcmp(name, "Job"))
			r = sd_bus_message_read(m, "v", "u", &row->job);
		else if (!strcmp(name, "JobProgress"))
			r = sd_bus_message_read(m, "v", "d", &row->progress);
		else
			r = sd_bus_message_skip(m, "v");
#undef STR
		if (r < 0)
			return r;
		r = sd_bus_message_exit_container(m);
		if (r < 0)
			return r;
	}
	return r;
}

/* The Path of volume object OBJ, kept beside its name in ST. */
static int read_volume_path(sd_bus_message *m, const char *obj, struct status *st)
{
	_cleanup_free_ char *name = NULL;
	size_t k = st->n_volumes;
	int r;

	if (sd_bus_path_decode(obj, BUS_VOLUME_PREFIX, &name) > 0)
		for (size_t i = 0; i < st->n_volumes; i++)
			if (!strcmp(st->volumes[i], name))
				k = i;
	while ((r = sd_bus_message_enter_container(m, 'e', "sv")) > 0) {
		const char *prop, *s;

		r = sd_bus_message_read(m, "s", &prop);
		if (r >= 0 && !strcmp(prop, "Path") && k < st->n_volumes) {
			r = sd_bus_message_read(m, "v", "s", &s);
			if (r >= 0 && !st->volume_paths[k] && !(st->volume_paths[k] = strdup(s)))
				r = -ENOMEM;
		} else if (r >= 0)
			r = sd_bus_message_skip(m, "v");
		if (r >= 0)
			r = sd_bus_message_exit_container(m);
		if (r < 0)
			return r;
	}
	return r;
}

static int row_compare(const void *a, const void *b, void *userdata)
{
	const struct chunk_row *x = a, *y = b;
	const struct status *s = userdata;
	size_t ix = s->n_volumes, iy = s->n_volumes;

	for (size_t i = 0; i < s->n_volumes; i++) {
		if (!strcmp(s->volumes[i], x->volume))
			ix = i;
		if (!strcmp(s->volumes[i], y->volume))
			iy = i;
	}
	if (ix != iy)
		return ix < iy ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* One GetManagedObjects call for everything, plus the manager's volume order. */
int daemon_status(sd_bus *bus, struct status *st)
{
	_cleanup_(sd_bus_message_unrefp) sd_bus_message *reply = NULL, *vreply = NULL;
	_cleanup_(sd_bus_error_free) sd_bus_error e = SD_BUS_ERROR_NULL;
	const char *path;
	int paused, r;

	r = sd_bus_call_method(bus, BUS_NAME, BUS_PATH, DBUS_OBJECT_MANAGER_INTERFACE,
			       DBUS_METHOD_GET_MANAGED_OBJECTS, &e, &reply, NULL);
	if (r < 0)
		goto fail;
	r = sd_bus_get_property(bus, BUS_NAME, BUS_PATH, BUS_MANAGER_INTERFACE, "Volumes", &e, &vreply, "ao");
	if (r < 0)
		goto fail;
	r = sd_bus_get_property_trivial(bus, BUS_NAME, BUS_PATH, BUS_MANAGER_INTERFACE, "Paused", &e, 'b', &paused);
	if (r < 0)
		goto fail;
	st->from_daemon = true;
	st->paused = paused;
	r = sd_bus_message_enter_container(vreply, 'a', "o");
	while (r >= 0 && (r = sd_bus_message_read(vreply, "o", &path)) > 0) {
		_cleanup_free_ char *name = NULL;
		char **nv;

		if (sd_bus_path_decode(path, BUS_VOLUME_PREFIX, &name) <= 0)
			continue;
		nv = reallocarray(st->volumes, st->n_volumes + 1, sizeof(char *));
		if (!nv)
			return -ENOMEM;
		st->volumes = nv;
		st->volumes[st->n_volumes++] = TAKE_PTR(name);
	}
	if (r < 0)
		goto fail;
	st->volume_paths = calloc(st->n_volumes + 1, sizeof(char *));
	if (!st->volume_paths)
		return -ENOMEM;
	r = sd_bus_message_enter_container(reply, 'a', "{oa{sa{sv}}}");
	while (r >= 0 && (r = sd_bus_message_enter_container(reply, 'e', "oa{sa{sv}}")) > 0) {
		r = sd_bus_message_read(reply, "o", &path);
		if (r >= 0)
			r = sd_bus_message_enter_container(reply, 'a', "{sa{sv}}");
		while (r >= 0 && (r = sd_bus_message_enter_container(reply, 'e', "sa{sv}")) > 0) {
			const char *iface;

			r = sd_bus_message_read(reply, "s", &iface);
			if (r >= 0 && !strcmp(iface, BUS_CHUNK_INTERFACE)) {
				struct chunk_row *nr = reallocarray(st->rows, st->n_rows + 1, sizeof(*nr));

				if (!nr)
					return -ENOMEM;
				st->rows = nr;
				nr = &st->rows[st->n_rows++];
				*nr = (struct chunk_row) {};
				r = sd_bus_message_enter_container(reply, 'a', "{sv}");
				if (r >= 0)
					r = read_chunk_props(reply, nr);
				if (r >= 0)
					r = sd_bus_message_exit_container(reply);
			} else if (r >= 0 && !strcmp(iface, BUS_VOLUME_INTERFACE)) {
				r = sd_bus_message_enter_container(reply, 'a', "{sv}");
				if (r >= 0)
					r = read_volume_path(reply, path, st);
				if (r >= 0)
					r = sd_bus_message_exit_container(reply);
			} else if (r >= 0)
				r = sd_bus_message_skip(reply, "a{sv}");
			if (r >= 0)
				r = sd_bus_message_exit_container(reply);
		}
		if (r >= 0)
			r = sd_bus_message_exit_container(reply);
		if (r >= 0)
			r = sd_bus_message_exit_container(reply);
	}
	if (r < 0)
		goto fail;
	for (size_t i = 0; i < st->n_rows; i++)
		if (!st->rows[i].volume || !st->rows[i].state)
			return ctl_error("chunkscrubd sent a chunk without a volume or state");
	qsort_r(st->rows, st->n_rows, sizeof(*st->rows), row_compare, st);
	return 0;
fail:
	bus_fail("status", "cannot read chunkscrubd's status", &e, r);
	return -EIO;
}

struct waiter {
	const char *cmd;        /* "scrub" or "repair", for messages */
	uint32_t *jobs;
	size_t n;
	size_t left;
	int code;
	bool tty;
	struct json_object *json_jobs;  /* --json: one object per job, in the order of JOBS */
};

/* {"chunk": K, "job": N, "kind": "scrub", "result": its fsck(8) code, "outcome": "clean" (the
 * words the text shows)}, both null until it has finished: "result" is an fsck code in every
 * document, as at the top of this one and in check's. */
static struct json_object *job_json(uint32_t chunk, uint32_t job, const char *kind)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();

	if (!o || !json_add(o, "chunk", json_object_new_uint64(chunk)) || !json_add(o, "job", json_object_new_uint64(job)) ||
	    !json_add(o, "kind", json_object_new_string(kind)) || !json_add_null(o, "result") ||
	    !json_add_null(o, "outcome"))
		return NULL;
	return TAKE_PTR(o);
}

static int on_job_finished(sd_bus_message *m, void *userdata, sd_bus_error *error)
{
	struct waiter *w = userdata;
	const char *volume, *kind, *result;
	uint32_t id, chunk;
	int32_t code;

	if (sd_bus_message_read(m, "usus" "si", &id, &volume, &chunk, &kind, &result, &code) < 0)
		return 0;
	for (size_t i = 0; i < w->n; i++)
		if (w->jobs[i] == id) {
			w->jobs[i] = 0;
			w->left--;
			w->code |= fsck_result_from_word(result);
			if (w->tty)
				fprintf(stderr, "\r\033[K");
			if (w->json_jobs) {
				struct json_object *o = json_object_array_get_idx(w->json_jobs, i);
				json_object_object_add(o, "result", json_object_new_int(fsck_result_from_word(result)));
				json_object_object_add(o, "outcome", json_object_new_string(result));
				continue;
			}
			printf("%s chunk %" PRIu32 ": %s %s (job %" PRIu32 ")\n", volume, chunk, kind, result, id);
			fflush(stdout);
		}
	return 0;
}

static void draw_progress(sd_bus *bus, const char *volume, struct waiter *w, const uint32_t *chunks)
{
	double sum = 0;
	char bar[41];
	int fill;

	for (size_t i = 0; i < w->n; i++) {
		_cleanup_free_ char *path = NULL, *p = NULL;
		double d = 0;

		if (!w->jobs[i]) {
			sum += 1;
			continue;
		}
		if (sd_bus_path_encode(BUS_CHUNK_PREFIX, volume, &p) < 0 || asprintf(&path, "%s_%u", p, chunks[i]) < 0)
			continue;
		if (sd_bus_get_property_trivial(bus, BUS_NAME, path, BUS_CHUNK_INTERFACE, "JobProgress", NULL, 'd', &d) >= 0)
			sum += d;
	}
	fill = (int)(40 * sum / (double)w->n);
	memset(bar, '#', (size_t)fill);
	memset(bar + fill, ' ', (size_t)(40 - fill));
	bar[40] = '\0';
	fprintf(stderr, "\r[%s] %3.0f%%  %zu of %zu job%s left", bar, 100 * sum / (double)w->n, w->left, w->n,
		w->n == 1 ? "" : "s");
}

static volatile sig_atomic_t wait_interrupted;

static void on_wait_sigint(int sig)
{
	wait_interrupted = 1;
}

/* Ctrl-C while waiting ends the wait, not the jobs: a job may be one that others follow too
 * (the daemon hands the same job to every caller asking for the chunk), and a repair cut short
 * leaves the chunk to check again. So the jobs run on, and the caller is told how to cancel
 * them. Returns fsck(8)'s "cancelled by the user" with what had finished. */
static int wait_jobs_interrupted(const struct waiter *w)
{
	if (w->tty)
		fprintf(stderr, "\r\033[K");
	fprintf(stderr, "chunkctl %s: interrupted; %zu job%s go%s on in chunkscrubd; to cancel %s: chunkctl cancel",
		w->cmd, w->left, w->left == 1 ? "" : "s", w->left == 1 ? "es" : "", w->left == 1 ? "it" : "them");
	for (size_t i = 0; i < w->n; i++)
		if (w->jobs[i])
			fprintf(stderr, " %" PRIu32, w->jobs[i]);
	fputc('\n', stderr);
	return w->code | FSCK_CANCELED;
}

/* Follows the jobs until each has sent JobFinished, or SIGINT; returns the fsck(8) codes ORed
 * together. The wait is never longer than 250 ms, so a SIGINT that comes just before it is
 * seen at once after it. */
static int wait_jobs(sd_bus *bus, const char *volume, struct waiter *w, const uint32_t *chunks)
{
	struct sigaction sa = { .sa_handler = on_wait_sigint }, old;
	uint64_t last = 0;
	int code = -1;

	wait_interrupted = 0;
	sigaction(SIGINT, &sa, &old);
	while (w->left > 0 && code < 0) {
		int r = sd_bus_process(bus, NULL);
		struct timespec ts;
		uint64_t now;

		if (r < 0) {
			ctl_error("lost chunkscrubd: %s", strerror(-r));
			code = FSCK_ERROR;
			break;
		}
		if (r > 0)
			continue;
		if (wait_interrupted) {
			code = wait_jobs_interrupted(w);
			break;
		}
		clock_gettime(CLOCK_MONOTONIC, &ts);
		now = (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
		if (w->tty && now - last >= 250) {
			draw_progress(bus, volume, w, chunks);
			last = now;
		}
		r = sd_bus_wait(bus, 250000);
		if (r < 0 && r != -EINTR) {
			ctl_error("lost chunkscrubd: %s", strerror(-r));
			code = FSCK_ERROR;
		}
	}
	sigaction(SIGINT, &old, NULL);
	if (code >= 0)
		return code;
	if (w->tty)
		fprintf(stderr, "\r\033[K");
	return w->code;
}

/* Calls Scrub or Repair, then (with --wait) follows the jobs it got. */
int daemon_start_jobs(const char *method, const char *volume, uint32_t *chunks, size_t n, bool all, bool wait,
		      bool json)
{
	_cleanup_(json_object_putp) struct json_object *doc = NULL;
	_cleanup_(sd_bus_flush_close_unrefp) sd_bus *bus = NULL;
	_cleanup_(sd_bus_message_unrefp) sd_bus_message *call = NULL, *reply = NULL;
	_cleanup_(sd_bus_slot_unrefp) sd_bus_slot *slot = NULL;
	_cleanup_free_ uint32_t *jobs = NULL, *job_chunks = NULL;
	_cleanup_(sd_bus_error_free) sd_bus_error e = SD_BUS_ERROR_NULL;
	struct waiter w = { .tty = ctl_progress_enabled(), .cmd = !strcmp(method, BUS_METHOD_SCRUB) ? "scrub" : "repair" };
	int r;

	if (daemon_connect(&bus) < 0)
		return -EHOSTDOWN;
	if (wait) {
		r = sd_bus_match_signal(bus, &slot, BUS_NAME, BUS_PATH, BUS_MANAGER_INTERFACE, BUS_SIGNAL_JOB_FINISHED, on_job_finished, &w);
		if (r < 0)
			return ctl_error("cannot follow jobs: %s", strerror(-r)), FSCK_ERROR;
	}
	r = sd_bus_message_new_method_call(bus, &call, BUS_NAME, BUS_PATH, BUS_MANAGER_INTERFACE, method);
	if (r >= 0 && !strcmp(method, BUS_METHOD_SCRUB)) {
		r = sd_bus_message_append(call, "s", volume);
		if (r >= 0)
			r = sd_bus_message_append_array(call, 'u', chunks, all ? 0 : n * sizeof(uint32_t));
	} else if (r >= 0)
		r = sd_bus_message_append(call, "su", volume, chunks[0]);
	if (r >= 0)
		r = sd_bus_call(bus, call, 0, &e, &reply);
	if (r < 0) {
		const char *cmd = !strcmp(method, BUS_METHOD_SCRUB) ? "scrub" : "repair";
		return bus_fail(cmd, NULL, &e, r);
	}
	if (!strcmp(method, BUS_METHOD_SCRUB)) {
		const void *ids;
		size_t size;

		r = sd_bus_message_read_array(reply, 'u', &ids, &size);
		if (r < 0)
			return ctl_error("bad reply from chunkscrubd: %s", strerror(-r)), FSCK_ERROR;
		w.n = size / sizeof(uint32_t);
		jobs = malloc(size ?: 1);
		if (!jobs)
			return FSCK_ERROR;
		memcpy(jobs, ids, size);
	} else {
		jobs = malloc(sizeof(uint32_t));
		if (!jobs || sd_bus_message_read(reply, "u", jobs) < 0)
			return FSCK_ERROR;
		w.n = 1;
	}
	/* Which chunk each job is on, for the progress bar. */
	job_chunks = calloc(w.n ?: 1, sizeof(uint32_t));
	if (!job_chunks)
		return FSCK_ERROR;
	for (size_t i = 0; i < w.n; i++)
		job_chunks[i] = all ? (uint32_t)i : chunks[i];
	if (all) {
		/* --all: the daemon skipped missing chunks, so ask each job's chunk by its Job id. */
		struct status st = {};

		if (daemon_status(bus, &st) >= 0)
			for (size_t i = 0; i < w.n; i++)
				for (size_t k = 0; k < st.n_rows; k++)
					if (st.rows[k].job == jobs[i] && !strcmp(st.rows[k].volume, volume))
						job_chunks[i] = st.rows[k].id;
		status_done(&st);
	}
	/* --json: {"volume": NAME, "jobs": [{"chunk", "job", "kind", "result", "outcome"}], "result": N,
	 * "outcome": WORD}, printed
	 * once every job asked for is queued, or with --wait finished. */
	if (json && (!(doc = json_object_new_object()) || !json_add(doc, "volume", json_text_new(volume)) ||
		     !json_add(doc, "jobs", json_object_new_array())))
		return ctl_error("out of memory for the JSON output"), FSCK_ERROR;
	w.json_jobs = json ? json_object_object_get(doc, "jobs") : NULL;
	for (size_t i = 0; i < w.n; i++) {
		const char *kind = !strcmp(method, BUS_METHOD_SCRUB) ? "scrub" : "repair";
		if (json && !json_append(w.json_jobs, job_json(job_chunks[i], jobs[i], kind)))
			return ctl_error("out of memory for the JSON output"), FSCK_ERROR;
		if (!json)
			printf("%s chunk %" PRIu32 ": %s job %" PRIu32 " queued\n", volume, job_chunks[i], kind, jobs[i]);
	}
	fflush(stdout);
	w.jobs = jobs;
	w.left = w.n;
	r = wait ? wait_jobs(bus, volume, &w, job_chunks) : FSCK_OK;
	/* The outcome of all the jobs, as check --json gives the outcome of all its chunks: null
	 * while they have not finished. */
	if (json && (!json_add(doc, "result", json_object_new_int(r)) ||
		     !(wait ? json_add(doc, "outcome", json_object_new_string(fsck_result_word(r) ?: "failed"))
			    : json_add_null(doc, "outcome")) ||
		     json_print(stdout, doc, JSON_C_TO_STRING_SPACED) < 0))
		return ctl_error("cannot write the JSON output"), r | FSCK_ERROR;
	return r;
}

int bus_repair(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "wait", no_argument, NULL, 'w' }, { "json", no_argument, NULL, 'j' }, { "help", no_argument, NULL, 'h' }, {}
	};
	_cleanup_free_ char *offline = NULL;
	bool wait = false, json = false;
	uint32_t chunk;
	int c, r;

	optind = 0;
	while ((c = getopt_long(argc, argv, "wh", opts, NULL)) >= 0)
		switch (c) {
		case 'w': wait = true; break;
		case 'j': json = true; break;
		case 'h':
			printf("Usage: chunkctl repair VOLUME CHUNK [--wait] [--json]\n"
			       "       chunkctl -V VOL repair CHUNK... (offline)\n");
			return EXIT_OK;
		default: return ctl_usage_error("repair", "bad option");
		}
	if (argc - optind != 2)
		return ctl_usage_error("repair", "expected VOLUME CHUNK");
	if (ctl_parse_chunk_id(argv[optind + 1], &chunk) < 0)
		return ctl_usage_error("repair", "'%s' is not a chunk number", argv[optind + 1]);
	r = daemon_start_jobs(BUS_METHOD_REPAIR, argv[optind], &chunk, 1, false, wait, json);
	if (r != -EHOSTDOWN)
		return r;
	offline = config_volume_path(argv[optind]);
	if (!offline)
		return ctl_error("chunkscrubd is not running and its configuration names no volume '%s' "
				 "(use -V VOL to repair offline)", argv[optind]), FSCK_ERROR;
	fprintf(stderr, "chunkctl: chunkscrubd is not running; repairing %s offline\n", ctl_quoted(offline));
	return offline_check(offline, &chunk, 1, false, true, json);
}

int daemon_simple(const char *cmd, const char *method, const char *types, uint32_t arg)
{
	_cleanup_(sd_bus_flush_close_unrefp) sd_bus *bus = NULL;
	_cleanup_(sd_bus_error_free) sd_bus_error e = SD_BUS_ERROR_NULL;
	int r;

	if (daemon_connect(&bus) < 0)
		return ctl_command_error(cmd, "chunkscrubd is not running");
	r = types ? sd_bus_call_method(bus, BUS_NAME, BUS_PATH, BUS_MANAGER_INTERFACE, method, &e, NULL, types, arg)
		  : sd_bus_call_method(bus, BUS_NAME, BUS_PATH, BUS_MANAGER_INTERFACE, method, &e, NULL, NULL);
	if (r < 0)
		return bus_fail(cmd, NULL, &e, r);
	return EXIT_OK;
}
