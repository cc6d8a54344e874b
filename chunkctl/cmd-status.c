/* chunkctl status: the state of every chunk, from chunkscrubd; with -V VOL (or, when the
 * daemon is not running, a volume its configuration names) offline through libchunk, saying so. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <json-c/json.h>
#include <systemd/sd-bus.h>

#include "chunkctl/bus-client.h"
#include "chunkctl/chunkctl.h"
#include "chunkctl/mount-client.h"
#include "chunkctl/scrubd-config.h"
#include "chunkctl/status-losses.h"
#include "libchunk/base/fsck-result.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/mounts.h"
#include "libchunk/check/report.h"
#include "libchunk/chunk/state.h"
#include "libchunk/volume/volume.h"

/* Keeps only volume NAME in the status, and only its chunks, for the table, the JSON and the
 * exit status alike; -ENOENT (reported) if the daemon has no such volume. */
static int status_keep_volume(struct status *st, const char *name)
{
	size_t k = st->n_volumes, n = 0;

	for (size_t i = 0; i < st->n_volumes; i++)
		if (!strcmp(st->volumes[i], name))
			k = i;
	if (k == st->n_volumes) {
		ctl_error("chunkscrubd has no volume '%s'", name);
		return -ENOENT;
	}
	for (size_t i = 0; i < st->n_volumes; i++)
		if (i != k) {
			free(st->volumes[i]);
			free(st->volume_paths ? st->volume_paths[i] : NULL);
		}
	st->volumes[0] = st->volumes[k];
	if (st->volume_paths)
		st->volume_paths[0] = st->volume_paths[k];
	st->n_volumes = 1;
	for (size_t i = 0; i < st->n_rows; i++) {
		if (strcmp(st->rows[i].volume, name) == 0)
			st->rows[n++] = st->rows[i];
		else
			chunk_row_done(&st->rows[i]);
	}
	st->n_rows = n;
	return 0;
}

/* What `status` exits with once it has shown the chunks: as `systemctl is-failed` answers
 * for units, a script asks whether any chunk is DAMAGED, and gets fsck(8)'s "errors left
 * uncorrected", the code check gives for the same chunk. A chunk being checked again is still
 * damaged until that check says otherwise: its last result counts, whatever its state. A
 * MISSING chunk is an error, as df says it (1); damaged wins. */
static int status_exit_code(const struct status *st)
{
	int r = EXIT_OK;

	for (size_t i = 0; i < st->n_rows; i++) {
		if (strcmp(st->rows[i].state, "damaged") == 0 ||
		    (st->rows[i].last_result && strcmp(st->rows[i].last_result, "damaged") == 0))
			return FSCK_UNCORRECTED;
		if (strcmp(st->rows[i].state, "missing") == 0)
			r = EXIT_ERR;
	}
	return r;
}

/* ---- offline, through libchunk ---- */

/* A mounted volume: where, and from the mount (its control channel) which chunk it is checking
 * online; a chunk's state on disk says the rest. A mount that does not answer is said, not fatal. */
static void mount_status(struct volume *v, struct status *st)
{
	_cleanup_(json_object_putp) struct json_object *req = json_object_new_object(), *reply = NULL;
	struct json_object *chunks, *t;

	if (mount_client_where(v, &st->mountpoint) <= 0 || !req ||
	    !json_add(req, "op", json_object_new_string("status")) || mount_client_request(v, req, &reply) < 0)
		return;
	if (json_object_object_get_ex(reply, "pid", &t))
		st->mount_pid = json_object_get_int64(t);
	if (!json_object_object_get_ex(reply, "chunks", &chunks) || !json_object_is_type(chunks, json_type_array))
		return;
	for (size_t i = 0; i < json_object_array_length(chunks) && i < st->n_rows; i++) {
		struct json_object *c = json_object_array_get_idx(chunks, i), *state, *losses;
		char *word;
		/* The files a chunk's repairs lost, from the mount that holds the chunk. */
		if (!st->rows[i].losses_known && json_object_object_get_ex(c, "losses", &losses))
			st->rows[i].losses_known = chunk_losses_from_json(losses, &st->rows[i].losses) == 0;
		if (!json_object_object_get_ex(c, "state", &state) || strcmp(json_object_get_string(state), "checking"))
			continue;
		word = strdup("checking");
		if (word) {
			free(st->rows[i].state);
			st->rows[i].state = word;
		}
	}
}

/* Returns 1 when a chunk could not be read by this user (said on stderr, shown "unreadable"). */
static int offline_status(const char *volpath, const char *name, struct status *st)
{
	_cleanup_(volume_closep) struct volume *v = NULL;
	unsigned n;
	int r;

	int denied = 0;

	r = volume_open(volpath, VOLUME_STATE_ONLY, &v); /* works while mounted */
	if (r < 0) {
		ctl_error("%s: cannot open volume: %s", volpath, strerror(-r));
		return r;
	}
	n = volume_chunk_count(v);
	st->volumes = calloc(1, sizeof(char *));
	st->rows = calloc(n ?: 1, sizeof(*st->rows));
	if (!st->volumes || !st->rows || !(st->volumes[0] = strdup(name)))
		return -ENOMEM;
	st->n_volumes = 1;
	for (unsigned i = 0; i < n; i++) {
		struct chunk_status cs;
		struct chunk_row *row = &st->rows[st->n_rows++];
		const char *state;

		r = volume_chunk_status(v, i, &cs);
		/* Busy: mounted, or locked by another process (chunkscrubd's job, or a chunkctl). */
		state = r == -EBUSY ? (chunk_mounted(volume_chunk_path(v, i)) ? "mounted" : "busy") :
			r == -EACCES || r == -EPERM ? "unreadable" : r < 0 ? "damaged" : cs.state == CHUNK_MISSING ? "missing" : chunk_state_to_string(cs.state);
		*row = (struct chunk_row) {
			.volume = strdup(name), .id = i, .state = strdup(state),
			.last_check = r < 0 ? 0 : (uint64_t)MAX(cs.last_check, 0),
			.last_check_unknown = r < 0,
			.last_result = strdup(r < 0 ? "" : fsck_result_word(cs.last_result) ?: ""),
			.refs = r < 0 ? 0 : cs.refs,
			/* Not read (unreadable, busy, not opened, missing) or held by a mount: not 0, unknown. */
			.refs_unknown = r < 0 || !chunk_status_refs_known(&cs),
		};
		if (!row->volume || !row->state || !row->last_result)
			return -ENOMEM;
		/* The files its repairs lost, while the chunk is open (a mounted one is not read). */
		if (r == 0 && cs.state != CHUNK_MISSING && !cs.from_superblock)
			row->losses_known = volume_chunk_losses(v, i, &row->losses) == 0;
		if (r == -EACCES || r == -EPERM)
			denied = ctl_denied("status", "uid %u cannot read chunk %u (%s): its state is not known",
					    (unsigned)getuid(), i, ctl_quoted(volume_chunk_path(v, i)));
		volume_chunk_release(v, i);
	}
	mount_status(v, st);
	if (st->mountpoint)
		fprintf(stderr, "chunkctl: %s is mounted at %s (chunkfs pid %ld): a chunk shows \"checking\" while "
			"the mount checks it online\n", ctl_quoted(volpath), ctl_quoted(st->mountpoint), st->mount_pid);
	return denied ? 1 : 0;
}

static struct json_object *job_json(const struct chunk_row *c)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();
	char progress[32];

	/* Three decimals, as status has always written it, rather than json-c's 17 digits. */
	snprintf(progress, sizeof(progress), "%.3f", c->progress);
	if (!o || !json_add(o, "job", json_object_new_int64(c->job)) ||
	    !json_add(o, "kind", json_object_new_string(c->job_kind ?: "")) ||
	    !json_add(o, "state", json_object_new_string(c->job_state ?: "")) ||
	    !json_add(o, "progress", json_object_new_double_s(c->progress, progress)))
		return NULL;
	return TAKE_PTR(o);
}

static struct json_object *chunk_json(const struct chunk_row *c)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();

	if (!o || !json_add(o, "chunk", json_object_new_int64(c->id)) ||
	    !json_add(o, "state", json_object_new_string(c->state)) ||
	    !(c->last_check ? json_add(o, "last_check", json_object_new_uint64(c->last_check))
			    : json_add_null(o, "last_check")) ||
	    !(c->last_result && *c->last_result ? json_add(o, "last_result", json_object_new_string(c->last_result))
						: json_add_null(o, "last_result")) ||
	    (c->refs_unknown ? !json_add_null(o, "refs") : !json_add(o, "refs", json_object_new_uint64(c->refs))) ||
	    !(c->job ? json_add(o, "job", job_json(c)) : json_add_null(o, "job")) ||
	    !(c->losses_known ? json_add(o, "losses", chunk_losses_to_json(&c->losses)) : json_add_null(o, "losses")))
		return NULL;
	return TAKE_PTR(o);
}

/* {"name": NAME, "chunks": [CHUNK, ...]} for volume V; NAME as json_text_new() writes names,
 * a string when it is UTF-8, else its bytes. */
static struct json_object *volume_json(const struct status *st, size_t v)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();
	struct json_object *chunks;

	if (!o || !json_add(o, "name", json_text_new(st->volumes[v])) ||
	    (st->mountpoint && !json_add(o, "mountpoint", json_text_new(st->mountpoint))) ||
	    !json_add(o, "chunks", json_object_new_array()))
		return NULL;
	chunks = json_object_object_get(o, "chunks");
	for (size_t i = 0; i < st->n_rows; i++)
		if (strcmp(st->rows[i].volume, st->volumes[v]) == 0 && !json_append(chunks, chunk_json(&st->rows[i])))
			return NULL;
	return TAKE_PTR(o);
}

static int print_json(const struct status *st)
{
	_cleanup_(json_object_putp) struct json_object *doc = json_object_new_object();
	/* "paused" only from the daemon: offline it is not asked, so nothing is known of it. */
	bool ok = doc && (!st->from_daemon || json_add(doc, "paused", json_object_new_boolean(st->paused))) &&
		  json_add(doc, "volumes", json_object_new_array());
	struct json_object *volumes = ok ? json_object_object_get(doc, "volumes") : NULL;

	for (size_t v = 0; ok && v < st->n_volumes; v++)
		ok = json_append(volumes, volume_json(st, v));
	if (!ok || json_print(stdout, doc, JSON_C_TO_STRING_SPACED) < 0)
		return ctl_error("cannot write the status as JSON: %s", strerror(ENOMEM)), -ENOMEM;
	return 0;
}

static void print_table(const struct status *st)
{
	printf("%-12s %5s %-10s %-19s %-11s %7s  %s\n", "VOLUME", "CHUNK", "STATE", "LAST CHECK", "RESULT", "REFS", "JOB");
	for (size_t i = 0; i < st->n_rows; i++) {
		const struct chunk_row *c = &st->rows[i];
		char when[32] = "-", job[64] = "-", refs[24];

		if (c->last_check) {
			time_t t = (time_t)c->last_check;
			struct tm tm;

			strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", localtime_r(&t, &tm));
		} else if (!c->last_check_unknown)
			snprintf(when, sizeof(when), "never");
		if (c->job && c->job_state && !strcmp(c->job_state, "running"))
			snprintf(job, sizeof(job), "%" PRIu32 " %s %3.0f%%", c->job, c->job_kind, c->progress * 100);
		else if (c->job)
			snprintf(job, sizeof(job), "%" PRIu32 " %s queued", c->job, c->job_kind);
		if (c->refs_unknown)
			snprintf(refs, sizeof(refs), "-");
		else
			snprintf(refs, sizeof(refs), "%" PRIu64, c->refs);
		printf("%-12s %5" PRIu32 " %-10s %-19s %-11s %7s  %s\n", c->volume, c->id, c->state, when,
		       c->last_result && *c->last_result ? c->last_result : "-", refs, job);
	}
	/* Below the table, whose first line stays its header for scripts. */
	if (st->paused)
		printf("chunkscrubd: automatic scrubbing is paused (chunkctl resume restarts it); "
		       "requested scrubs still run\n");
}

int cmd_status(const struct ctl *ctl, int argc, char **argv)
{
	enum { OPT_HELP = 256, OPT_BYTES };
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' }, { "human-readable", no_argument, NULL, 'h' },
		{ "bytes", no_argument, NULL, OPT_BYTES }, { "help", no_argument, NULL, OPT_HELP }, {}
	};
	_cleanup_(sd_bus_flush_close_unrefp) sd_bus *bus = NULL;
	_cleanup_free_ char *offline = NULL;
	struct status st = {};
	const char *name = NULL;
	bool json = false, denied;
	int c, r;

	while ((c = getopt_long(argc, argv, "jh", opts, NULL)) >= 0)
		switch (c) {
		case 'j': json = true; break;
		/* The table has no sizes; -h and --bytes are taken as df and ls take them (-h not as --help). */
		case 'h': case OPT_BYTES: break;
		case OPT_HELP:
			printf("Usage: chunkctl status [VOLUME] [-h|--human-readable|--bytes] [--json]\n"
			       "       chunkctl -V VOL status [-h|--human-readable|--bytes] [--json]\n\n"
			       "The state of every chunk: from chunkscrubd, or offline with -V. -h and --bytes\n"
			       "are accepted as df and ls take them, and change nothing: status shows no sizes.\n"
			       "Exit status: 0 no chunk shown is damaged or missing, 1 error (a chunk shown\n"
			       "is missing), 2 usage error, 4 a chunk shown is damaged (its state, or its last\n"
			       "result while it is checked again).\n");
			return EXIT_OK;
		default: return ctl_usage_error("status", "bad option");
		}
	if (argc - optind > 1)
		return ctl_usage_error("status", "expected at most one VOLUME");
	name = optind < argc ? argv[optind] : NULL;
	if (ctl->volume) {
		if (name)
			return ctl_usage_error("status", "a VOLUME name is for the daemon; with -V the volume is %s", ctl->volume);
		fprintf(stderr, "chunkctl: reading %s offline (not through chunkscrubd)\n", ctl_quoted(ctl->volume));
		r = offline_status(ctl->volume, ctl->volume, &st);
	} else if (daemon_connect(&bus) >= 0) {
		r = daemon_status(bus, &st);
		if (r >= 0 && name)
			r = status_keep_volume(&st, name);
		if (r >= 0)
			status_read_daemon_losses(&st);
	} else if (name && (offline = config_volume_path(name))) {
		fprintf(stderr, "chunkctl: chunkscrubd is not running; reading %s offline\n", ctl_quoted(offline));
		r = offline_status(offline, name, &st);
	} else {
		status_done(&st);
		return ctl_error("chunkscrubd is not running%s (use -V VOL to read a volume offline)",
				 name ? " and its configuration names no such volume" : "");
	}
	denied = r > 0;
	if (r >= 0 && json)
		r = print_json(&st);
	else if (r >= 0) {
		print_table(&st);
		status_print_losses(&st, ctl->volume ?: offline);
	}
	/* A damaged chunk shown wins: it is the answer a script asks status for. */
	if (r >= 0)
		r = status_exit_code(&st) ?: denied ? EXIT_ERR : EXIT_OK;
	else
		r = EXIT_ERR;
	status_done(&st);
	return r;
}
