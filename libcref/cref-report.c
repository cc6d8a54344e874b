/* cref's output: the human report (the fields of the 2007 tool), a sweep table, and JSON. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "libcref/cref.h"

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
	bool json, first;
};

static void print_peer(uint32_t peer, uint64_t refs, void *userdata)
{
	struct peer_print *p = userdata;

	if (p->json) {
		fprintf(p->f, "%s\"%u\": %llu", p->first ? "" : ", ", peer, (unsigned long long)refs);
		p->first = false;
		return;
	}
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

static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

static void json_u64(FILE *f, const char *key, uint64_t v)
{
	fprintf(f, "\"%s\": %llu, ", key, (unsigned long long)v);
}

static void json_double(FILE *f, const char *key, double v)
{
	fprintf(f, "\"%s\": %.6g, ", key, isfinite(v) ? v : 0.0);
}

static void json_u64_array(FILE *f, const char *key, const uint64_t *v, uint32_t n)
{
	fprintf(f, "\"%s\": [", key);
	for (uint32_t i = 0; i < n; i++)
		fprintf(f, "%s%llu", i ? ", " : "", (unsigned long long)v[i]);
	fputs("], ", f);
}

static void json_models(FILE *f, const struct cref_report *r, const struct cref_counter *c)
{
	fputs("\"models\": [", f);
	for (size_t i = 0; i < r->n_models; i++) {
		const struct cref_model *m = &r->models[i];
		struct cref_estimate est;

		cref_estimate(c, m, &est);
		fputs(i ? ", {\"name\": " : "{\"name\": ", f);
		json_string(f, m->name);
		fputs(", ", f);
		json_double(f, "seek_ms", m->seek_ms);
		json_double(f, "rotation_rpm", m->rotation_rpm);
		json_double(f, "bandwidth_mb_s", m->bandwidth_mb_s);
		json_double(f, "access_ms", est.access_ms);
		json_double(f, "avg_refs_s", est.avg_refs_s);
		json_double(f, "max_refs_s", est.max_refs_s);
		json_double(f, "avg_check_s", est.avg_check_s);
		json_double(f, "max_check_s", est.max_check_s);
		json_u64(f, "worst_chunk", est.worst_chunk);
		fprintf(f, "\"whole_fs_s\": %.6g}", est.whole_fs_s);
	}
	fputs("]", f);
}

void cref_report_json(FILE *f, const struct cref_report *r, const struct cref_counter *c)
{
	const struct cref_stats *st = r->stats;
	uint32_t busiest = cref_counter_busiest(c);
	struct peer_print pp = { .f = f, .json = true, .first = true };

	fputs("{\"device\": ", f);
	json_string(f, st->device);
	fputs(", \"fs_type\": ", f);
	json_string(f, st->fs_type);
	fprintf(f, ", \"mounted\": %s, ", st->mounted ? "true" : "false");
	json_u64(f, "superblock", st->superblock);
	json_u64(f, "block_size", st->block_size);
	json_u64(f, "cluster_size", st->cluster_size);
	json_u64(f, "groups", st->groups);
	json_u64(f, "total_bytes", st->total_bytes);
	json_u64(f, "used_bytes", st->used_bytes);
	json_u64(f, "files", st->files);
	json_u64(f, "directories", st->directories);
	json_u64(f, "special_files", st->special_files);
	json_u64(f, "inodes_with_blocks", st->inodes_with_blocks);
	json_u64(f, "inline_inodes", st->inline_inodes);
	fputs("\"rule\": ", f);
	json_string(f, cref_rule_name(c->rule));
	fputs(", ", f);
	json_u64(f, "chunk_size_bytes", cref_geometry_chunk_bytes(&c->geo));
	json_u64(f, "groups_per_chunk", c->geo.groups_per_chunk);
	json_u64(f, "chunks", c->chunks);
	json_u64(f, "inodes_per_chunk", inodes_per_chunk(c));
	json_u64(f, "intra_file_refs", c->intra_file_refs);
	json_u64(f, "dir_file_refs", c->dir_file_refs);
	json_u64(f, "dir_subdir_refs", c->dir_subdir_refs);
	json_u64(f, "dir_refs", c->dir_file_refs + c->dir_subdir_refs);
	json_u64(f, "total_refs", cref_counter_total(c));
	json_double(f, "avg_refs_per_chunk", avg_refs_per_chunk(c));
	json_u64(f, "max_refs_chunk", busiest);
	json_u64(f, "max_refs", c->chunk_refs[busiest]);
	fputs("\"busiest_peers\": {", f);
	cref_counter_peers(c, busiest, print_peer, &pp);
	fputs("}, ", f);
	json_u64_array(f, "per_chunk_refs", c->chunk_refs, c->chunks);
	json_u64_array(f, "per_chunk_meta_bytes", c->chunk_meta_bytes, c->chunks);
	json_u64(f, "skipped_inodes", st->skipped_inodes);
	json_u64(f, "bad_blocks", st->bad_blocks);
	json_u64(f, "bad_dir_blocks", st->bad_dir_blocks);
	json_u64(f, "bad_dirents", st->bad_dirents);
	json_u64(f, "skipped_groups", st->skipped_groups);
	fprintf(f, "\"scan_truncated\": %s, ", st->scan_truncated ? "true" : "false");
	if (r->adjacency) {
		struct cref_pair *p = NULL;
		size_t n = 0;

		fputs("\"adjacency\": [", f);
		if (cref_counter_pairs(c, &p, &n) >= 0)
			for (size_t i = 0; i < n; i++)
				fprintf(f, "%s[%u, %u, %llu]", i ? ", " : "", p[i].a, p[i].b, (unsigned long long)p[i].refs);
		free(p);
		fputs("], ", f);
	}
	json_models(f, r, c);
	fputs("}", f);
}

void cref_report_sweep_json(FILE *f, const struct cref_report *r, const struct cref_counter *cs, size_t n)
{
	fputs("[", f);
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputs(",\n ", f);
		cref_report_json(f, r, &cs[i]);
	}
	fputs("]\n", f);
}
