/* cref's disk models: one random access per cross-chunk reference, metadata read at the
 * model's bandwidth, per chunk and for the whole file system (docs/CREF.md). */
#include <errno.h>
#include <string.h>

#include "libcref/cref.h"
#include "libchunk/base/macro.h"

/* hdd-2007: a 7200 rpm SATA disk of the day (8 ms average seek, 70 MB/s). hdd-2013 applies the
 * 2006 projection to it: access time 1.2x better (seek and rotation alike), bandwidth 5x. */
static const struct cref_model builtin_models[] = {
	{ "hdd-2007", 8.0, 7200.0, 70.0 },
	{ "hdd-2013", 8.0 / 1.2, 7200.0 * 1.2, 70.0 * 5 },
	{ "ssd", 0.1, 0.0, 500.0 },
};

const struct cref_model *cref_models_builtin(size_t *n)
{
	*n = ELEMENTSOF(builtin_models);
	return builtin_models;
}

int cref_model_lookup(const char *name, struct cref_model *ret)
{
	for (size_t i = 0; i < ELEMENTSOF(builtin_models); i++) {
		if (strcmp(builtin_models[i].name, name) == 0) {
			*ret = builtin_models[i];
			return 0;
		}
	}
	return -ENOENT;
}

double cref_model_access_ms(const struct cref_model *m)
{
	return m->seek_ms + (m->rotation_rpm > 0 ? 30000.0 / m->rotation_rpm : 0.0);
}

void cref_estimate(const struct cref_counter *c, const struct cref_model *m, struct cref_estimate *ret)
{
	double bytes_per_s = m->bandwidth_mb_s * 1e6, sum_refs = 0, sum_check = 0, all_meta = 0;

	*ret = (struct cref_estimate){ .access_ms = cref_model_access_ms(m) };
	for (uint32_t i = 0; i < c->chunks; i++) {
		double refs_s = (double)c->chunk_refs[i] * ret->access_ms / 1000.0;
		double check_s = (double)c->chunk_meta_bytes[i] / bytes_per_s + refs_s;

		sum_refs += refs_s;
		sum_check += check_s;
		all_meta += (double)c->chunk_meta_bytes[i];
		if (refs_s > ret->max_refs_s)
			ret->max_refs_s = refs_s;
		if (check_s > ret->max_check_s) {
			ret->max_check_s = check_s;
			ret->worst_chunk = i;
		}
	}
	if (c->chunks) {
		ret->avg_refs_s = sum_refs / c->chunks;
		ret->avg_check_s = sum_check / c->chunks;
	}
	ret->whole_fs_s = all_meta / bytes_per_s;
}
