/* chunkctl check / repair: the fsck of chunks. Each chunk is checked (e2fsck, then the
 * cross-chunk pass) on its own; the exit status is the fsck(8) codes of all of them ORed,
 * as fsck does for several file systems. */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "chunkctl/bus-client.h"
#include "chunkctl/chunkctl.h"
#include "chunkctl/mount-client.h"
#include "chunkctl/offline-check.h"
#include "chunkctl/vol.h"
#include "libchunk/check/check.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/state.h"
#include "libchunk/volume/volume.h"

static volatile sig_atomic_t cancel_requested;

static void on_signal(int sig)
{
	(void)sig;
	cancel_requested = 1;
}

/* Which chunks, when no numbers are given: --dirty and --damaged add up, --all is every one. */
enum select { SELECT_LIST = 0, SELECT_DIRTY = 1 << 0, SELECT_DAMAGED = 1 << 1, SELECT_ALL = 1 << 2 };

struct check_args {
	bool repair, json;
	unsigned select;
	struct chunk_check_opts opts;
	unsigned *ids;
	size_t nids;
};

static void usage(FILE *f, bool repair)
{
	if (repair)
		fputs("Usage: chunkctl -V VOL repair CHUNK...|--dirty|--damaged|--all [--preen]\n"
		      "                              [--orphans=quarantine|delete] [--rebuild-index] [--json]\n"
		      "                              [--e2fsck PATH] [--e2fsck-timeout SEC] [--wait[=SEC]]\n"
		      "       chunkctl repair NAME CHUNK [--wait]\n\n"
		      "Repairs each chunk: e2fsck -fy (-p with --preen) on it, then the cross-chunk pass\n"
		      "with repairs, then a re-check. Orphaned data goes to /lost+found unless\n"
		      "--orphans=delete. A chunk in use by another process is refused.\n"
		      "--dirty repairs the chunks left DIRTY (by a crash), --damaged the DAMAGED ones (both\n"
		      "may be given), --all every chunk; the DAMAGED ones first, then the DIRTY ones, then\n"
		      "the rest, so that after a crash one command brings the volume back.\n"
		      "Without -V, chunk CHUNK of volume NAME (its name in chunkscrubd.conf) is repaired\n"
		      "by chunkscrubd; --wait follows the job to its end.\n", f);
	else
		fputs("Usage: chunkctl -V VOL check [CHUNK...|--all|--dirty|--damaged] [--json] [--e2fsck PATH]\n"
		      "                             [--e2fsck-timeout SEC] [--wait[=SEC]]\n\n"
		      "Checks each chunk read-only: e2fsck -fn on it, then chunkfs's own metadata and every\n"
		      "cross-chunk reference touching it. Writes only the chunk's last-check record.\n", f);
	fputs("\nExit status (ORed over chunks, as fsck(8)): 0 clean, 1 errors corrected, 4 errors left,\n"
	      "8 operational error, 16 usage, 32 cancelled. The e2fsck binary is --e2fsck,\n"
	      "else $CHUNKFS_E2FSCK, else e2fsck on $PATH. --e2fsck-timeout stops an e2fsck that runs\n"
	      "longer (some damaged file systems make e2fsck -n loop); the chunk then counts as damaged.\n"
	      "With -V, --wait is chunkctl's own (before or after the command): a chunk another process\n"
	      "holds is waited for, without limit or up to SEC, instead of refused.\n", f);
}

static int parse_chunk(const char *cmd, const char *s, unsigned *ret)
{
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(s, &end, 10);
	if (!*s || *end || errno || n >= VOLUME_MAX_CHUNKS || s[0] == '-') {
		ctl_usage_error(cmd, "'%s' is not a chunk number", s);
		return -EINVAL;
	}
	*ret = (unsigned)n;
	return 0;
}

static int parse_args(int argc, char **argv, bool repair, struct check_args *a)
{
	enum { OPT_JSON = 256, OPT_E2FSCK, OPT_TIMEOUT, OPT_ALL, OPT_DIRTY, OPT_DAMAGED, OPT_PREEN, OPT_ORPHANS,
	       OPT_REBUILD, OPT_WAIT };
	static const struct option check_opts[] = {
		{ "json", no_argument, NULL, OPT_JSON },
		{ "e2fsck", required_argument, NULL, OPT_E2FSCK },
		{ "e2fsck-timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "all", no_argument, NULL, OPT_ALL },
		{ "dirty", no_argument, NULL, OPT_DIRTY },
		{ "damaged", no_argument, NULL, OPT_DAMAGED },
		{ "wait", optional_argument, NULL, OPT_WAIT },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	static const struct option repair_opts[] = {
		{ "json", no_argument, NULL, OPT_JSON },
		{ "all", no_argument, NULL, OPT_ALL },
		{ "dirty", no_argument, NULL, OPT_DIRTY },
		{ "damaged", no_argument, NULL, OPT_DAMAGED },
		{ "e2fsck", required_argument, NULL, OPT_E2FSCK },
		{ "e2fsck-timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "preen", no_argument, NULL, OPT_PREEN },
		{ "orphans", required_argument, NULL, OPT_ORPHANS },
		{ "rebuild-index", no_argument, NULL, OPT_REBUILD },
		{ "wait", optional_argument, NULL, OPT_WAIT },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	int c;

	*a = (struct check_args) { .repair = repair, .select = SELECT_LIST };
	a->opts.repair = repair;
	a->opts.cancel = &cancel_requested;
	while ((c = getopt_long(argc, argv, "h", repair ? repair_opts : check_opts, NULL)) >= 0) {
		switch (c) {
		case OPT_JSON: a->json = true; break;
		case OPT_E2FSCK: a->opts.e2fsck = optarg; break;
		case OPT_TIMEOUT: {
			char *end;
			unsigned long t = strtoul(optarg, &end, 10);
			if (!*optarg || *end || t > 86400)
				return ctl_usage_error(argv[0], "--e2fsck-timeout takes seconds, not '%s'", optarg),
				       -EINVAL;
			a->opts.e2fsck_timeout = (unsigned)t;
			break;
		}
		case OPT_ALL: a->select |= SELECT_ALL; break;
		case OPT_DIRTY: a->select |= SELECT_DIRTY; break;
		case OPT_DAMAGED: a->select |= SELECT_DAMAGED; break;
		case OPT_PREEN: a->opts.preen = true; break;
		case OPT_REBUILD: a->opts.rebuild_index = true; break;
		/* The global --wait, where a user types it too: after the command. */
		case OPT_WAIT:
			if (ctl_set_lock_wait(optarg) < 0)
				return ctl_usage_error(argv[0], "--wait=%s: not a number of seconds (1 or more)", optarg),
				       -EINVAL;
			break;
		case OPT_ORPHANS:
			if (strcmp(optarg, "quarantine") == 0)
				a->opts.orphans = CHUNK_ORPHANS_QUARANTINE;
			else if (strcmp(optarg, "delete") == 0)
				a->opts.orphans = CHUNK_ORPHANS_DELETE;
			else
				return ctl_usage_error(argv[0], "--orphans takes quarantine or delete, not '%s'",
						       optarg), -EINVAL;
			break;
		case 'h':
			usage(stdout, repair);
			return 1;
		default:
			ctl_usage_error(argv[0], "bad option");
			return -EINVAL;
		}
	}
	if (optind < argc && a->select != SELECT_LIST)
		return ctl_usage_error(argv[0], "give chunk numbers or a selection, not both"), -EINVAL;
	a->nids = (size_t)(argc - optind);
	a->ids = calloc(a->nids + 1, sizeof(unsigned));
	if (!a->ids)
		return -ENOMEM;
	for (int i = optind; i < argc; i++)
		if (parse_chunk(argv[0], argv[i], &a->ids[i - optind]) < 0)
			return -EINVAL;
	if (a->nids == 0 && a->select == SELECT_LIST) {
		if (repair)
			return ctl_usage_error(argv[0], "which chunks? (chunk numbers start at 0, or --dirty, "
					       "--damaged, --all)"), -EINVAL;
		a->select = SELECT_ALL;
	}
	return 0;
}

/* Where chunk I goes in a selection: 0 DAMAGED (a peer's cross-chunk repair can need it whole,
 * and a DAMAGED peer is never written), 1 DIRTY, 2 the rest; -1 when the selection leaves it
 * out, -EBUSY when its state cannot be read (another process holds it). A check of every
 * chunk needs no state. */
static int chunk_rank(struct volume *v, unsigned i, unsigned select, bool repair)
{
	struct chunk_status st;
	int r;

	if (select & SELECT_ALL && !repair)
		return 2;
	r = volume_chunk_status(v, i, &st);
	volume_chunk_release(v, i);
	if (r < 0)
		return select & SELECT_ALL ? 2 : r;
	if (st.state == CHUNK_DAMAGED)
		return select & (SELECT_ALL | SELECT_DAMAGED) ? 0 : -1;
	if (st.state == CHUNK_DIRTY)
		return select & (SELECT_ALL | SELECT_DIRTY) ? 1 : -1;
	return select & SELECT_ALL ? 2 : -1;
}

/* The chunks a selection means, checked against the volume: for a check in the order of their
 * numbers, for a repair DAMAGED first, then DIRTY, then the rest. Returns 1 when a chunk had
 * to be left out because its state could not be read (said on stderr). */
static int select_chunks(struct volume *v, const char *cmd, struct check_args *a)
{
	unsigned n = volume_chunk_count(v);
	_cleanup_free_ int *rank = NULL;
	unsigned *ids;
	size_t k = 0;
	int left_out = 0;

	for (size_t i = 0; i < a->nids; i++)
		if (a->ids[i] >= n) {
			ctl_usage_error(cmd, "chunk %u: no such chunk (the volume has %u: 0-%u)", a->ids[i], n, n - 1);
			return -ENOENT;
		}
	if (a->select == SELECT_LIST)
		return 0;
	ids = calloc(n, sizeof(unsigned));
	rank = calloc(n, sizeof(int));
	if (!ids || !rank) {
		free(ids);
		return -ENOMEM;
	}
	for (unsigned i = 0; i < n; i++) {
		rank[i] = chunk_rank(v, i, a->select, a->repair);
		if (rank[i] == -EBUSY) {
			fprintf(stderr, "chunkctl %s: chunk %u left out: another process holds it, so whether it "
				"is DIRTY or DAMAGED cannot be read\n", cmd, i);
			left_out = 1;
		}
	}
	for (int r = a->repair ? 0 : 2; r <= 2; r++)
		for (unsigned i = 0; i < n; i++)
			if (a->repair ? rank[i] == r : rank[i] >= 0)
				ids[k++] = i;
	free(a->ids);
	a->ids = ids;
	a->nids = k;
	return left_out;
}

/* One chunk checked by the mount (chunkfs/control.c): its report printed, or added to DOC. */
static int check_through_mount(struct volume *v, unsigned id, const struct check_args *a, struct json_object *doc,
			       const char *cmd)
{
	_cleanup_(json_object_putp) struct json_object *req = json_object_new_object(), *reply = NULL;
	struct json_object *t;

	if (!req || !json_add(req, "op", json_object_new_string(a->repair ? "repair" : "check")) ||
	    !json_add(req, "chunk", json_object_new_int((int)id)) ||
	    !json_add(req, "e2fsck_timeout", json_object_new_int((int)a->opts.e2fsck_timeout)) ||
	    !json_add(req, "preen", json_object_new_boolean(a->opts.preen)) ||
	    !json_add(req, "rebuild_index", json_object_new_boolean(a->opts.rebuild_index)) ||
	    !json_add(req, "orphans", json_object_new_string(a->opts.orphans == CHUNK_ORPHANS_DELETE ? "delete" :
							     "quarantine")))
		return FSCK_ERROR;
	if (mount_client_request(v, req, &reply) < 0)
		return FSCK_ERROR;
	if (json_object_object_get_ex(reply, "error", &t)) {
		fprintf(stderr, "chunkctl %s: chunk %u: the mount refused: %s\n", cmd, id, json_object_get_string(t));
		return FSCK_ERROR;
	}
	if (a->json && doc && json_object_object_get_ex(reply, "report", &t))
		json_object_array_add(json_object_object_get(doc, "chunks"), json_object_get(t));
	else if (!a->json && json_object_object_get_ex(reply, "text", &t))
		fputs(json_object_get_string(t), stdout);
	fflush(stdout);
	return json_object_object_get_ex(reply, "result", &t) ? json_object_get_int(t) : FSCK_ERROR;
}

/* The volume is mounted: each chunk is checked (or repaired) online, by the mount, while it
 * stays in use. */
static int run_through_mount(const struct ctl *ctl, struct volume *v, const char *point, struct check_args *a,
			     const char *cmd)
{
	_cleanup_(json_object_putp) struct json_object *doc = NULL;
	int result = 0, r;

	if (a->opts.e2fsck)
		fprintf(stderr, "chunkctl %s: --e2fsck is not used: the mount runs the e2fsck it was started with\n",
			cmd);
	r = select_chunks(v, cmd, a);
	if (r < 0)
		return r == -ENOENT ? FSCK_USAGE : FSCK_ERROR;
	if (r > 0)
		result |= FSCK_ERROR;
	if (a->json)
		doc = check_json_new(ctl->volume);
	else
		printf("%s is mounted at %s: %s online, through the mount\n", ctl_quoted(ctl->volume), ctl_quoted(point),
		       a->repair ? "repairing" : "checking");
	for (size_t i = 0; i < a->nids && !cancel_requested; i++)
		result |= check_through_mount(v, a->ids[i], a, doc, cmd);
	if (cancel_requested)
		result |= FSCK_CANCELED;
	if (a->json && check_json_print(doc, result) < 0) {
		fprintf(stderr, "chunkctl %s: out of memory for the JSON report\n", cmd);
		result |= FSCK_ERROR;
	}
	fflush(stdout);
	return result;
}

/* Whether the volume is mounted: then 1, *RET opened without locks (its states only) and
 * *POINT where; else 0. */
static int open_if_mounted(const char *volume, struct volume **ret, char **point)
{
	struct volume *v;

	if (volume_open(volume, VOLUME_STATE_ONLY, &v) < 0)
		return 0; /* the real open says what is wrong */
	if (mount_client_where(v, point) <= 0) {
		volume_close(v);
		return 0;
	}
	*ret = v;
	return 1;
}

static int run(const struct ctl *ctl, int argc, char **argv, bool repair)
{
	_cleanup_(volume_closep) struct volume *v = NULL;
	struct check_args a;
	_cleanup_(json_object_putp) struct json_object *doc = NULL;
	struct sigaction sa = { .sa_handler = on_signal };
	int result = 0, r;

	/* Without -V, "repair NAME CHUNK [--wait]" goes to the daemon: its own arguments. */
	if (!ctl->volume && repair && !ctl_wants_help(argc, argv))
		return bus_repair(argc, argv);
	r = parse_args(argc, argv, repair, &a);
	if (r != 0) {
		free(a.ids);
		return r > 0 ? FSCK_OK : r == -ENOMEM ? FSCK_ERROR : FSCK_USAGE;
	}
	if (!ctl->volume) {
		free(a.ids);
		return ctl_usage_error(argv[0], "needs a volume: chunkctl -V VOL %s ...", argv[0]);
	}
	{
		_cleanup_free_ char *point = NULL;
		if (open_if_mounted(ctl->volume, &v, &point)) {
			sigaction(SIGINT, &sa, NULL);
			sigaction(SIGTERM, &sa, NULL);
			result = run_through_mount(ctl, v, point, &a, argv[0]);
			free(a.ids);
			return result;
		}
	}
	r = volume_open(ctl->volume, repair ? VOLUME_RDWR : 0, &v);
	if (r < 0) {
		free(a.ids);
		fprintf(stderr, "chunkctl %s: %s: cannot open the volume: %s\n", argv[0], ctl_quoted(ctl->volume), strerror(-r));
		return FSCK_ERROR;
	}
	r = ctl_volume_access(v, argv[0], repair);
	if (r) {
		free(a.ids);
		return r;
	}
	r = select_chunks(v, argv[0], &a);
	if (r < 0) {
		free(a.ids);
		return r == -ENOENT ? FSCK_USAGE : FSCK_ERROR;
	}
	if (r > 0)
		result |= FSCK_ERROR;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	if (a.json)
		doc = check_json_new(ctl->volume);
	/* A repair of several chunks goes round again for those left with errors, or unfinished
	 * for a reference whose other end could not be judged: a cross-chunk repair can need a
	 * peer that was DAMAGED (read-only, or holding a damaged record) until its own turn came. */
	_cleanup_free_ int *status = calloc(a.nids + 1, sizeof(int));
	_cleanup_free_ bool *unfinished = calloc(a.nids + 1, sizeof(bool));
	if (!status || !unfinished)
		return FSCK_ERROR;
	for (int round = 0; round < (repair && a.nids > 1 ? 2 : 1); round++) {
		for (size_t i = 0; i < a.nids; i++) {
			struct chunk_check_report *rep = NULL;
			int st;

			if (round == 1 && !(status[i] & FSCK_UNCORRECTED) && !unfinished[i])
				continue;
			ctl_progress("%s: chunk %u (%zu of %zu)%s", repair ? "repair" : "check", a.ids[i], i + 1,
				     a.nids, round == 1 ? ", second round" : "");
			st = volume_check_chunk(v, a.ids[i], &a.opts, &rep);
			ctl_progress_clear();
			status[i] = round == 0 ? st : st | (status[i] & FSCK_CORRECTED);
			unfinished[i] = rep && rep->refs_unverified > 0 && (st & FSCK_ERROR);
			ctl_journal_repair(rep, ctl->volume);
			if (a.json)
				check_json_add_report(doc, rep);
			else if (rep) {
				if (round == 1)
					printf("second round, now that the other chunks are repaired:\n");
				chunk_check_report_print(rep, stdout);
			}
			chunk_check_report_free(rep);
			if (st & FSCK_CANCELED)
				goto done;
		}
	}
done:
	for (size_t i = 0; i < a.nids; i++)
		result |= status[i];
	if (a.json && check_json_print(doc, result) < 0) {
		fprintf(stderr, "chunkctl %s: out of memory for the JSON report\n", argv[0]);
		result |= FSCK_ERROR;
	}
	fflush(stdout);
	free(a.ids);
	r = volume_close(TAKE_PTR(v));
	if (r < 0) {
		fprintf(stderr, "chunkctl %s: closing the volume failed: %s\n", argv[0], strerror(-r));
		result |= FSCK_ERROR;
	}
	return result;
}

int cmd_check(const struct ctl *ctl, int argc, char **argv)
{
	return run(ctl, argc, argv, false);
}

int cmd_repair(const struct ctl *ctl, int argc, char **argv)
{
	return run(ctl, argc, argv, true);
}
