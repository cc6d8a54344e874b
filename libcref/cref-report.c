/* cref's output: the human report (the fields of the 2007 tool), a sweep table, and JSON
 * (json-c objects; chunkctl prints them). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "libcref/cref.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"

static void format_bytes(char *buf, size_t n, double bytes)
{
	static const char *units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	unsigned u = 0;

	while (bytes >= 1024 && u + 1 < sizeof(units) / sizeof(units[0])) {
		bytes /= 1024;
		u++;
	}
	snprintf(buf, n, u ? "%.1f %s" : "%.0f %s", bytes, units[u]);
}

static void format_seconds(char *buf, size_t n, double s)
{
	if (s < 1)
		snprintf(buf, n, "%.1f ms", s * 1000);
	else if (s < 120)
		snprintf(buf, n, "%.1f s", s);
	else if (s < 7200)
		snprintf(buf, n, "%.1f min", s / 60);
	else
		snprintf(buf, n, "%.1f h", s / 3600);
}

static double avg_refs_per_chunk(const struct cref_counter *c)
{
	double sum = 0;

	for (uint32_t i = 0; i < c->chunks; i++)
		sum += (double)c->chunk_refs[i];
	return c->chunks ? sum / c->chunks : 0;
}

static uint64_t inodes_per_chunk(const struct cref_counter *c)
{
	return (uint64_t)c->geo.inodes_per_group * c->geo.groups_per_chunk;
}

struct peer_print {
	FILE *f;
	unsigned shown, max, more;
};

static void print_peer(uint32_t peer, uint64_t refs, void *userdata)
{
	struct peer_print *p = userdata;

	if (p->shown >= p->max) {
		p->more++;
		return;
	}
	fprintf(p->f, " %u:%llu", peer, (unsigned long long)refs);
	p->shown++;
}

#define LINE "%-38s"

void cref_report_human(FILE *f, const struct cref_report *r, const struct cref_counter *c)
{
	const struct cref_stats *st = r->stats;
	uint32_t busiest = cref_counter_busiest(c);
	struct peer_print pp = { .f = f, .max = r->max_peers };
	char a[32], b[32], d[32], e[32], g[32];

	format_bytes(a, sizeof(a), (double)c->geo.blocks_per_group * c->geo.block_size);
	fprintf(f, "%s: %s, %u-byte blocks, %u groups of %s\n", st->device, st->fs_type, st->block_size,
		st->groups, a);
	format_bytes(a, sizeof(a), (double)st->total_bytes);
	fprintf(f, LINE "%s\n", "Total size:", a);
	format_bytes(a, sizeof(a), (double)st->used_bytes);
	fprintf(f, LINE "%s\n", "Data stored:", a);
	fprintf(f, LINE "%llu\n", "Files:", (unsigned long long)st->files);
	fprintf(f, LINE "%llu\n", "Directories:", (unsigned long long)st->directories);
	fprintf(f, LINE "%llu\n", "Special files:", (unsigned long long)st->special_files);
	format_bytes(a, sizeof(a), (double)cref_geometry_chunk_bytes(&c->geo));
	fprintf(f, LINE "%s (%u groups)\n", "Chunk size:", a, c->geo.groups_per_chunk);
	fprintf(f, LINE "%u\n", "Chunks:", c->chunks);
	fprintf(f, LINE "%llu\n", "Inodes per chunk:", (unsigned long long)inodes_per_chunk(c));
	fprintf(f, LINE "%s\n", "Rule:", cref_rule_name(c->rule));
	fprintf(f, LINE "%llu\n", "Intra-file cross references:", (unsigned long long)c->intra_file_refs);
	fprintf(f, LINE "%llu\n", "Directory-subdirectory references:", (unsigned long long)c->dir_subdir_refs);
	fprintf(f, LINE "%llu\n", "Directory-file references:", (unsigned long long)c->dir_file_refs);
	fprintf(f, LINE "%llu\n", "Total directory cross references:",
		(unsigned long long)(c->dir_subdir_refs + c->dir_file_refs));
	fprintf(f, LINE "%llu\n", "Total cross references:", (unsigned long long)cref_counter_total(c));
	fprintf(f, LINE "%.2f\n", "Average references per chunk:", avg_refs_per_chunk(c));
	fprintf(f, LINE "%llu (chunk %u)\n", "Maximum references per chunk:",
		(unsigned long long)c->chunk_refs[busiest], busiest);
	fprintf(f, "Busiest chunk %u, references per peer:", busiest);
	if (cref_counter_peers(c, busiest, print_peer, &pp) < 0)
		fputs(" (out of memory)", f);
	if (pp.shown == 0 && pp.more == 0)
		fputs(" none", f);
	if (pp.more)
		fprintf(f, " (and %u more peers)", pp.more);
	fputc('\n', f);
	fprintf(f, LINE "%llu inodes, %llu blocks, %llu directory blocks, %llu entries, %llu groups%s\n",
		"Skipped as corrupt:", (unsigned long long)st->skipped_inodes, (unsigned long long)st->bad_blocks,
		(unsigned long long)st->bad_dir_blocks, (unsigned long long)st->bad_dirents,
		(unsigned long long)st->skipped_groups, st->scan_truncated ? " (some inode tables unreadable)" : "");
	fprintf(f, "Additional check time, one random access per cross reference:\n");
	fprintf(f, "  %-10s %8s %10s %12s %12s %15s %15s %12s\n", "model", "access", "bandwidth",
		"refs avg", "refs max", "chunk+refs avg", "chunk+refs max", "whole fs");
	for (size_t i = 0; i < r->n_models; i++) {
		struct cref_estimate est;

		cref_estimate(c, &r->models[i], &est);
		format_seconds(a, sizeof(a), est.avg_refs_s);
		format_seconds(b, sizeof(b), est.max_refs_s);
		format_seconds(d, sizeof(d), est.avg_check_s);
		format_seconds(e, sizeof(e), est.max_check_s);
		format_seconds(g, sizeof(g), est.whole_fs_s);
		fprintf(f, "  %-10s %5.2f ms %5.0f MB/s %12s %12s %15s %15s %12s\n", r->models[i].name,
			est.access_ms, r->models[i].bandwidth_mb_s, a, b, d, e, g);
	}
	if (r->adjacency) {
		struct cref_pair *p;
		size_t n;

		fprintf(f, "Adjacency (chunk pair: references):\n");
		if (cref_counter_pairs(c, &p, &n) < 0) {
			fputs("  (out of memory)\n", f);
			return;
		}
		for (size_t i = 0; i < n; i++)
			fprintf(f, "  %u-%u: %llu\n", p[i].a, p[i].b, (unsigned long long)p[i].refs);
		free(p);
	}
}

void cref_report_sweep_human(FILE *f, const struct cref_report *r, const struct cref_counter *cs, size_t n)
{
	const char *model = r->n_models ? r->models[0].name : "-";

	fprintf(f, "%s: %s, %u-byte blocks, %u groups, %llu files, %llu directories, %llu special files\n",
		r->stats->device, r->stats->fs_type, r->stats->block_size, r->stats->groups,
		(unsigned long long)r->stats->files, (unsigned long long)r->stats->directories,
		(unsigned long long)r->stats->special_files);
	fprintf(f, "%-11s %7s %11s %11s %11s %11s %10s %10s %13s %13s\n", "chunk size", "chunks", "intra-file",
		"dir-subdir", "dir-file", "total", "avg/chunk", "max/chunk", "check avg", "check max");
	for (size_t i = 0; i < n; i++) {
		const struct cref_counter *c = &cs[i];
		struct cref_estimate est = {};
		char size[32], avg[32], max[32];

		if (r->n_models)
			cref_estimate(c, &r->models[0], &est);
		format_bytes(size, sizeof(size), (double)cref_geometry_chunk_bytes(&c->geo));
		format_seconds(avg, sizeof(avg), est.avg_check_s);
		format_seconds(max, sizeof(max), est.max_check_s);
		fprintf(f, "%-11s %7u %11llu %11llu %11llu %11llu %10.2f %10llu %13s %13s\n", size, c->chunks,
			(unsigned long long)c->intra_file_refs, (unsigned long long)c->dir_subdir_refs,
			(unsigned long long)c->dir_file_refs, (unsigned long long)cref_counter_total(c),
			avg_refs_per_chunk(c), (unsigned long long)c->chunk_refs[cref_counter_busiest(c)], avg, max);
	}
	fprintf(f, "(check times: one chunk + its references under %s)\n", model);
}

/* json-c constructors return NULL when out of memory: add() and append() then drop the value
 * and say so. */
static bool add(struct json_object *o, const char *key, struct json_object *v)
{
	if (v && json_object_object_add(o, key, v) == 0)
		return true;
	json_object_put(v);
	return false;
}

static bool append(struct json_object *a, struct json_object *v)
{
	if (v && json_object_array_add(a, v) == 0)
		return true;
	json_object_put(v);
	return false;
}

static bool add_u64(struct json_object *o, const char *key, uint64_t v)
{
	return add(o, key, json_object_new_uint64(v));
}

/* Six significant digits, as always; 0 for what a model cannot estimate (no finite number). */
static bool add_number(struct json_object *o, const char *key, double v)
{
	char buf[32];

	if (!isfinite(v))
		v = 0;
	snprintf(buf, sizeof(buf), "%.6g", v);
	return add(o, key, json_object_new_double_s(v, buf));
}

/* A device path is whatever bytes the user gave: json_text_new() keeps them; NULL is null. */
static bool add_text(struct json_object *o, const char *key, const char *s)
{
	if (!s)
		return json_object_object_add(o, key, NULL) == 0;
	return add(o, key, json_text_new(s));
}

static struct json_object *u64_array_to_json(const uint64_t *v, uint32_t n)
{
	_cleanup_(json_object_putp) struct json_object *a = json_object_new_array_ext((int)n);

	if (!a)
		return NULL;
	for (uint32_t i = 0; i < n; i++)
		if (!append(a, json_object_new_uint64(v[i])))
			return NULL;
	return TAKE_PTR(a);
}

struct peer_json {
	struct json_object *o;
	bool ok;
};

static void add_peer(uint32_t peer, uint64_t refs, void *userdata)
{
	struct peer_json *p = userdata;
	char key[16];

	snprintf(key, sizeof(key), "%u", peer);
	p->ok = p->ok && add_u64(p->o, key, refs);
}

/* {"PEER": references, ...} of CHUNK. */
static struct json_object *peers_to_json(const struct cref_counter *c, uint32_t chunk)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();
	struct peer_json p = { .o = o, .ok = o != NULL };

	if (!o || cref_counter_peers(c, chunk, add_peer, &p) < 0 || !p.ok)
		return NULL;
	return TAKE_PTR(o);
}

/* {"chunk": K, "refs": its references, "peers": {"PEER": references, ...}}: the busiest chunk. */
static struct json_object *busiest_to_json(const struct cref_counter *c, uint32_t chunk)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();

	if (!o || !add_u64(o, "chunk", chunk) || !add_u64(o, "refs", c->chunk_refs[chunk]) ||
	    !add(o, "peers", peers_to_json(c, chunk)))
		return NULL;
	return TAKE_PTR(o);
}

/* [[a, b, references], ...] for every chunk pair a < b with references. */
static struct json_object *adjacency_to_json(const struct cref_counter *c)
{
	_cleanup_(json_object_putp) struct json_object *a = json_object_new_array();
	_cleanup_free_ struct cref_pair *p = NULL;
	size_t n = 0;

	if (!a || cref_counter_pairs(c, &p, &n) < 0)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		struct json_object *pair = json_object_new_array_ext(3);

		if (!append(a, pair) || !append(pair, json_object_new_uint64(p[i].a)) ||
		    !append(pair, json_object_new_uint64(p[i].b)) || !append(pair, json_object_new_uint64(p[i].refs)))
			return NULL;
	}
	return TAKE_PTR(a);
}

static struct json_object *model_to_json(const struct cref_counter *c, const struct cref_model *m)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();
	struct cref_estimate est;
	bool ok;

	if (!o)
		return NULL;
	cref_estimate(c, m, &est);
	ok = add_text(o, "name", m->name);
	ok &= add_number(o, "seek_ms", m->seek_ms);
	ok &= add_number(o, "rotation_rpm", m->rotation_rpm);
	ok &= add_number(o, "bandwidth_mb_s", m->bandwidth_mb_s);
	ok &= add_number(o, "access_ms", est.access_ms);
	ok &= add_number(o, "avg_refs_s", est.avg_refs_s);
	ok &= add_number(o, "max_refs_s", est.max_refs_s);
	ok &= add_number(o, "avg_check_s", est.avg_check_s);
	ok &= add_number(o, "max_check_s", est.max_check_s);
	ok &= add_u64(o, "chunk", est.worst_chunk);
	ok &= add_number(o, "whole_fs_s", est.whole_fs_s);
	return ok ? TAKE_PTR(o) : NULL;
}

static struct json_object *models_to_json(const struct cref_report *r, const struct cref_counter *c)
{
	_cleanup_(json_object_putp) struct json_object *a = json_object_new_array_ext((int)r->n_models);

	if (!a)
		return NULL;
	for (size_t i = 0; i < r->n_models; i++)
		if (!append(a, model_to_json(c, &r->models[i])))
			return NULL;
	return TAKE_PTR(a);
}

/* The file system, the counts for the counter's chunk size, then what is known to be wrong. */
struct json_object *cref_report_to_json(const struct cref_report *r, const struct cref_counter *c)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();
	const struct cref_stats *st = r->stats;
	uint32_t busiest = cref_counter_busiest(c);
	bool ok;

	if (!o)
		return NULL;
	ok = add_text(o, "path", st->device);
	ok &= add_text(o, "fs_type", st->fs_type);
	ok &= add(o, "mounted", json_object_new_boolean(st->mounted));
	ok &= add_u64(o, "superblock", st->superblock);
	ok &= add_u64(o, "block_size", st->block_size);
	ok &= add_u64(o, "cluster_size", st->cluster_size);
	ok &= add_u64(o, "groups", st->groups);
	ok &= add_u64(o, "bytes", st->total_bytes);
	ok &= add_u64(o, "used", st->used_bytes);
	ok &= add_u64(o, "files", st->files);
	ok &= add_u64(o, "directories", st->directories);
	ok &= add_u64(o, "special_files", st->special_files);
	ok &= add_u64(o, "inodes_with_blocks", st->inodes_with_blocks);
	ok &= add_u64(o, "inline_inodes", st->inline_inodes);
	ok &= add_text(o, "rule", cref_rule_name(c->rule));
	ok &= add_u64(o, "chunk_size_bytes", cref_geometry_chunk_bytes(&c->geo));
	ok &= add_u64(o, "groups_per_chunk", c->geo.groups_per_chunk);
	ok &= add_u64(o, "chunks", c->chunks);
	ok &= add_u64(o, "inodes_per_chunk", inodes_per_chunk(c));
	ok &= add_u64(o, "intra_file_refs", c->intra_file_refs);
	ok &= add_u64(o, "dir_file_refs", c->dir_file_refs);
	ok &= add_u64(o, "dir_subdir_refs", c->dir_subdir_refs);
	ok &= add_u64(o, "dir_refs", c->dir_file_refs + c->dir_subdir_refs);
	ok &= add_u64(o, "total_refs", cref_counter_total(c));
	ok &= add_number(o, "avg_refs_per_chunk", avg_refs_per_chunk(c));
	ok &= add(o, "busiest", busiest_to_json(c, busiest));
	ok &= add(o, "per_chunk_refs", u64_array_to_json(c->chunk_refs, c->chunks));
	ok &= add(o, "per_chunk_meta_bytes", u64_array_to_json(c->chunk_meta_bytes, c->chunks));
	ok &= add_u64(o, "skipped_inodes", st->skipped_inodes);
	ok &= add_u64(o, "bad_blocks", st->bad_blocks);
	ok &= add_u64(o, "bad_dir_blocks", st->bad_dir_blocks);
	ok &= add_u64(o, "bad_dirents", st->bad_dirents);
	ok &= add_u64(o, "skipped_groups", st->skipped_groups);
	ok &= add(o, "scan_truncated", json_object_new_boolean(st->scan_truncated));
	if (r->adjacency)
		ok &= add(o, "adjacency", adjacency_to_json(c));
	ok &= add(o, "models", models_to_json(r, c));
	return ok ? TAKE_PTR(o) : NULL;
}

struct json_object *cref_report_sweep_to_json(const struct cref_report *r, const struct cref_counter *cs, size_t n)
{
	_cleanup_(json_object_putp) struct json_object *a = json_object_new_array_ext((int)n);

	if (!a)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (!append(a, cref_report_to_json(r, &cs[i])))
			return NULL;
	return TAKE_PTR(a);
}
