/* chunkctl df and refs: space per chunk; a chunk's cross-chunk references from its index. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <json-c/json.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/index.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/state.h"

/* The options of df and refs: --json, and for df -h (human-readable sizes, the default on a
 * terminal) and --bytes. *RC is -1 to go on, else the exit status. */
static bool parse_flags(int argc, char **argv, const char *cmd, const char *usage, bool *human, int *rc)
{
	enum { OPT_JSON = 256, OPT_BYTES, OPT_HELP };
	static const struct option opts[] = {
		{ "json", no_argument, NULL, OPT_JSON }, { "human-readable", no_argument, NULL, 'h' },
		{ "bytes", no_argument, NULL, OPT_BYTES }, { "help", no_argument, NULL, OPT_HELP }, {}
	};
	static const struct option refs_opts[] = {
		{ "json", no_argument, NULL, OPT_JSON }, { "help", no_argument, NULL, OPT_HELP }, {}
	};
	bool json = false;
	int c;

	*rc = -1;
	while ((c = getopt_long(argc, argv, "h", human ? opts : refs_opts, NULL)) >= 0) {
		if (c == OPT_JSON)
			json = true;
		else if (c == 'h' && human)
			*human = true;
		else if (c == OPT_BYTES)
			*human = false;
		else if (c == OPT_HELP || c == 'h') {
			fputs(usage, stdout);
			*rc = EXIT_OK;
		} else
			*rc = ctl_usage_error(cmd, "bad option");
	}
	return json;
}

/* Prints the document on one line, "key": value, as df and refs always have. */
static int json_document_print(struct json_object *o, bool ok)
{
	if (!ok || json_print(stdout, o, JSON_C_TO_STRING_SPACED) < 0)
		return ctl_error("out of memory for the JSON output");
	return EXIT_OK;
}

/* A chunk's space: what its superblock says, or for one that cannot be read (unreadable,
 * damaged, missing) only the size of its image or device, from stat(2), when there is one. */
struct space {
	uint64_t bytes, free, inodes, inodes_free;
	bool size_known, space_known;
};

/* The size of the image or device at PATH without opening it: st_size of a file, the block
 * count sysfs gives a device (readable by every user, unlike the device). */
static bool image_size(const char *path, uint64_t *ret)
{
	char sys[96];
	unsigned long long sectors;
	struct stat st;
	FILE *f;
	bool ok;

	if (stat(path, &st) < 0)
		return false;
	if (S_ISREG(st.st_mode)) {
		*ret = (uint64_t)st.st_size;
		return st.st_size > 0;
	}
	if (!S_ISBLK(st.st_mode))
		return false;
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u/size", major(st.st_rdev), minor(st.st_rdev));
	f = fopen(sys, "re");
	if (!f)
		return false;
	ok = fscanf(f, "%llu", &sectors) == 1 && sectors > 0;
	fclose(f);
	*ret = (uint64_t)sectors * 512;
	return ok;
}

static struct space space_of(const char *path, const struct chunk_status *st)
{
	struct space s = {
		.bytes = st->bytes_total, .free = st->bytes_free, .inodes = st->inodes_total,
		.inodes_free = st->inodes_free,
	};

	/* No chunk has a file system of 0 blocks: 0 is what was not read. */
	s.space_known = s.size_known = st->bytes_total > 0;
	if (!s.space_known) {
		s = (struct space) {};
		s.size_known = image_size(path, &s.bytes);
	}
	return s;
}

static bool add_known(struct json_object *o, const char *key, bool known, uint64_t value)
{
	return known ? json_add(o, key, json_object_new_uint64(value)) : json_add_null(o, key);
}

/* The sizes of a chunk, or of the volume: a count not known is null, never 0. */
static bool space_to_json(struct json_object *o, const struct space *s)
{
	return add_known(o, "bytes", s->size_known, s->bytes) &&
	       add_known(o, "used", s->space_known, s->bytes - s->free) &&
	       add_known(o, "free", s->space_known, s->free) &&
	       add_known(o, "inodes", s->space_known, s->inodes) &&
	       add_known(o, "inodes_free", s->space_known, s->inodes_free);
}

static struct json_object *chunk_to_json(unsigned id, const char *path, const char *state, const struct space *s,
					 const struct chunk_status *st)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();

	if (!o || !json_add(o, "chunk", json_object_new_uint64(id)) || !json_add(o, "path", json_text_new(path)) ||
	    !json_add(o, "state", json_object_new_string(state)) || !space_to_json(o, s) ||
	    (st->from_superblock || !s->space_known ? !json_add_null(o, "refs")
						     : !json_add(o, "refs", json_object_new_uint64(st->refs))))
		return NULL;
	return TAKE_PTR(o);
}

/* "-" for a chunk a mount holds, or one not read: its index was not read. */
static const char *refs_text(const struct chunk_status *st, const struct space *s, char buf[static 24])
{
	if (st->from_superblock || !s->space_known)
		return "-";
	snprintf(buf, 24, "%llu", (unsigned long long)st->refs);
	return buf;
}

/* A size column of df: bytes, or with -h as df -h writes them; "-" when it is not known. */
static const char *size_text(uint64_t bytes, bool known, bool human, char buf[static CTL_HUMAN_SIZE_MAX])
{
	if (!known)
		return "-";
	if (human)
		return ctl_human_size(bytes, buf);
	snprintf(buf, CTL_HUMAN_SIZE_MAX, "%llu", (unsigned long long)bytes);
	return buf;
}

static void print_row(const char *chunk, const struct space *s, const char *state, const char *refs,
		      const char *path, bool human)
{
	char t[CTL_HUMAN_SIZE_MAX], u[CTL_HUMAN_SIZE_MAX], f[CTL_HUMAN_SIZE_MAX], pct[8] = "-";
	char in[24] = "-", ifree[24] = "-";

	if (s->space_known) {
		snprintf(pct, sizeof(pct), "%.0f%%", s->bytes ? 100.0 * (double)(s->bytes - s->free) / (double)s->bytes : 0.0);
		snprintf(in, sizeof(in), "%llu", (unsigned long long)s->inodes);
		snprintf(ifree, sizeof(ifree), "%llu", (unsigned long long)s->inodes_free);
	}
	printf("%5s %12s %12s %12s %5s %9s %9s", chunk, size_text(s->bytes, s->size_known, human, t),
	       size_text(s->bytes - s->free, s->space_known, human, u), size_text(s->free, s->space_known, human, f),
	       pct, in, ifree);
	if (state)
		printf(" %10s %8s  %s", state, refs, ctl_quoted(path));
	putchar('\n');
}

int cmd_df(const struct ctl *ctl, int argc, char **argv)
{
	struct space total = { .size_known = true, .space_known = true };
	_cleanup_(json_object_putp) struct json_object *doc = NULL;
	struct volume *v;
	bool human = isatty(STDOUT_FILENO);
	int rc, r;
	bool ok = true;
	bool json = parse_flags(argc, argv, "df",
		"Usage: chunkctl -V VOL df [-h|--bytes] [--json]\n\n"
		"Space and inodes of each chunk and of the volume, with each chunk's state\n"
		"and how many cross-chunk references touch it.\n\n"
		"  -h, --human-readable  sizes as 1.5K, 20M, 3.1G (the default on a terminal)\n"
		"      --bytes        sizes in bytes (the default otherwise)\n"
		"      --json         one JSON document, sizes in bytes\n"
		"      --help         this text\n", &human, &rc);

	if (rc >= 0)
		return rc;
	if (optind < argc)
		return ctl_usage_error("df", "'%s': df takes no arguments (the volume is -V's)", argv[optind]);
	/* Only states and counts: it works while the volume is mounted. */
	if ((r = ctl_open_volume_flags(ctl, "df", VOLUME_STATE_ONLY, &v)))
		return r;
	rc = EXIT_OK;
	if (json) {
		doc = json_object_new_object();
		ok = doc && json_add(doc, "chunks", json_object_new_array());
	} else
		printf("%5s %12s %12s %12s %5s %9s %9s %10s %8s  %s\n", "CHUNK", "SIZE", "USED", "FREE", "USE%", "INODES",
		       "IFREE", "STATE", "REFS", "PATH");
	for (unsigned i = 0; i < volume_chunk_count(v); i++) {
		const char *path = volume_chunk_path(v, i);
		struct chunk_status st;
		struct space sp;
		char refs[24], id[16];
		const char *state;
		r = volume_chunk_status(v, i, &st);
		if (r == -EACCES || r == -EPERM)
			rc = ctl_denied("df", "uid %u cannot read chunk %u (%s): its state and space are not known",
					(unsigned)getuid(), i, ctl_quoted(path));
		else if (r < 0)
			rc = ctl_error("chunk %u (%s): %s", i, ctl_quoted(path), strerror(-r));
		if (r < 0) {
			memset(&st, 0, sizeof(st));
			st.state = CHUNK_DAMAGED;
		}
		/* One that cannot be read is not known to be damaged: "unreadable", its reason on stderr. */
		state = r == -EACCES || r == -EPERM ? "unreadable" : chunk_state_to_string(st.state);
		sp = space_of(path, &st);
		if (!sp.space_known)
			rc = EXIT_ERR; /* unreadable, damaged or missing: its reason is already on stderr */
		total.bytes += sp.bytes;
		total.free += sp.free;
		total.inodes += sp.inodes;
		total.inodes_free += sp.inodes_free;
		total.size_known &= sp.size_known;
		total.space_known &= sp.space_known;
		snprintf(id, sizeof(id), "%u", i);
		if (json)
			ok = ok && json_append(json_object_object_get(doc, "chunks"), chunk_to_json(i, path, state, &sp, &st));
		else
			print_row(id, &sp, state, refs_text(&st, &sp, refs), path, human);
	}
	/* The volume's sums: a sum with a part not known is not known either. */
	if (json) {
		ok = ok && space_to_json(doc, &total);
		if (json_document_print(doc, ok) != EXIT_OK)
			rc = EXIT_ERR;
	} else
		print_row("total", &total, NULL, NULL, NULL, human);
	volume_close(v);
	return rc;
}

static struct json_object *ref_to_json(const struct index_ref *x)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();

	if (!o || !json_add(o, "kind", json_object_new_string(x->kind == REF_DIR ? "dir" : "file")) ||
	    !json_add(o, "direction", json_object_new_string(x->dir == REF_OUT ? "out" : "in")) ||
	    !json_add(o, "local_ino", json_object_new_uint64(x->local_ino)) ||
	    !json_add(o, "local_gen", json_object_new_uint64(x->local_gen)) ||
	    !json_add(o, "peer_ino", json_object_new_uint64(x->peer_ino)) ||
	    !json_add(o, "peer_gen", json_object_new_uint64(x->peer_gen)))
		return NULL;
	return TAKE_PTR(o);
}

/* The index entry for PEER: {"peer", "count", "refs": [...]}. */
static struct json_object *peer_to_json(unsigned peer, const struct record_index *ix)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();

	if (!o || !json_add(o, "peer", json_object_new_uint64(peer)) ||
	    !json_add(o, "count", json_object_new_uint64(ix->count)) || !json_add(o, "refs", json_object_new_array()))
		return NULL;
	for (unsigned i = 0; i < ix->count; i++)
		if (!json_append(json_object_object_get(o, "refs"), ref_to_json(&ix->refs[i])))
			return NULL;
	return TAKE_PTR(o);
}

int cmd_refs(const struct ctl *ctl, int argc, char **argv)
{
	const struct record_peers *peers;
	unsigned long long total = 0;
	_cleanup_(json_object_putp) struct json_object *doc = NULL;
	struct volume *v;
	struct chunk *c;
	unsigned long long id;
	int rc, r;
	bool ok = true;
	bool json = parse_flags(argc, argv, "refs",
		"Usage: chunkctl -V VOL refs CHUNK [--json]\n\nEvery cross-chunk reference between CHUNK and each peer, read from CHUNK's\n"
		"index alone: kind (file/dir), direction (out: CHUNK holds the head), both inodes and generations.\n", NULL, &rc);

	if (rc >= 0)
		return rc;
	if (optind != argc - 1 || ctl_parse_size(argv[optind], &id) < 0)
		return ctl_usage_error("refs", "needs one chunk number");
	if ((r = ctl_open_volume(ctl, "refs", false, &v)))
		return r;
	if (id >= volume_chunk_count(v)) {
		unsigned n = volume_chunk_count(v);
		volume_close(v);
		return ctl_usage_error("refs", "no chunk %llu: the volume has chunks 0-%u", id, n - 1);
	}
	r = volume_chunk(v, (unsigned)id, &c);
	if (r == 0)
		r = chunk_index_peers(c, &peers);
	if (r < 0) {
		volume_close(v);
		return ctl_error("chunk %llu: %s", id, strerror(-r));
	}
	if (json) {
		doc = json_object_new_object();
		ok = doc && json_add(doc, "chunk", json_object_new_uint64(id)) && json_add(doc, "peers", json_object_new_array());
	}
	for (unsigned p = 0; p < peers->npeers; p++) {
		const struct record_index *ix;
		unsigned peer = peers->peers[p].peer;
		r = chunk_index_get(c, peer, &ix);
		if (r < 0) {
			rc = ctl_error("chunk %llu: index entry for peer %u: %s", id, peer, strerror(-r));
			continue;
		}
		total += ix->count;
		if (json) {
			ok = ok && json_append(json_object_object_get(doc, "peers"), peer_to_json(peer, ix));
			continue;
		}
		printf("peer %u: %u reference%s\n", peer, ix->count, ix->count == 1 ? "" : "s");
		for (unsigned i = 0; i < ix->count; i++) {
			const struct index_ref *x = &ix->refs[i];
			const char *kind = x->kind == REF_DIR ? "dir" : "file", *dir = x->dir == REF_OUT ? "out" : "in";
			printf("  %-4s %-3s %llu:%u (gen %u) %s %u:%u (gen %u)\n", kind, dir, id, x->local_ino, x->local_gen,
			       x->dir == REF_OUT ? "->" : "<-", peer, x->peer_ino, x->peer_gen);
		}
	}
	if (json) {
		ok = ok && json_add(doc, "total", json_object_new_uint64(total));
		if (json_document_print(doc, ok) != EXIT_OK)
			rc = EXIT_ERR;
	} else
		printf("total: %llu\n", total);
	volume_close(v);
	return rc == -1 ? EXIT_OK : rc;
}
