/* The check (or repair) of chunks here, through libchunk: `scrub -V VOL`, and what scrub and
 * repair fall back to when chunkscrubd is not running. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/offline-check.h"
#include "chunkctl/vol.h"
#include "libchunk/check/check.h"
#include "libchunk/base/fsck-result.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"
#include "libchunk/volume/volume.h"

/* --json: {"volume": VOL, "chunks": [one report per chunk checked], "result": N}. */
struct json_object *check_json_new(const char *volume)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();

	if (!o || !json_add(o, "volume", json_text_new(volume)) || !json_add(o, "chunks", json_object_new_array()))
		return NULL;
	return TAKE_PTR(o);
}

/* A report that could not be made is null, as is one json-c had no memory for. */
void check_json_add_report(struct json_object *doc, const struct chunk_check_report *rep)
{
	struct json_object *j;

	if (!doc)
		return; /* out of memory already: check_json_print() says so */
	j = rep ? chunk_check_report_to_json(rep) : NULL;
	if (json_object_array_add(json_object_object_get(doc, "chunks"), j) < 0)
		json_object_put(j);
}

int check_json_print(struct json_object *doc, int result)
{
	if (!doc || !json_add(doc, "result", json_object_new_int(result)) ||
	    !json_add(doc, "outcome", json_object_new_string(fsck_result_word(result) ?: "failed")))
		return -ENOMEM;
	return json_print(stdout, doc, JSON_C_TO_STRING_PLAIN);
}

int offline_check(const char *volpath, uint32_t *chunks, size_t n, bool all, bool repair, bool json)
{
	_cleanup_(volume_closep) struct volume *v = NULL;
	_cleanup_(json_object_putp) struct json_object *doc = json ? check_json_new(volpath) : NULL;
	struct chunk_check_opts o = { .repair = repair, .orphans = CHUNK_ORPHANS_QUARANTINE };
	int r, code = 0;
	unsigned count;

	r = volume_open(volpath, VOLUME_RDWR, &v);
	if (r < 0)
		return ctl_error("%s: cannot open volume: %s", ctl_quoted(volpath), strerror(-r)), FSCK_ERROR;
	r = ctl_volume_access(v, repair ? "repair" : "scrub", true);
	if (r)
		return r;
	count = volume_chunk_count(v);
	for (size_t i = 0; i < (all ? count : n); i++) {
		uint32_t id = all ? (uint32_t)i : chunks[i];
		struct chunk_check_report *rep = NULL;

		if (id >= count) {
			ctl_usage_error(repair ? "repair" : "scrub", "chunk %" PRIu32 ": no such chunk (the volume has %u: 0-%u)",
					id, count, count - 1);
			code |= FSCK_USAGE;
			continue;
		}
		ctl_progress("%s: chunk %" PRIu32 " (%zu of %zu)", repair ? "repair" : "check", id, i + 1,
			     all ? (size_t)count : n);
		r = volume_check_chunk(v, id, &o, &rep);
		ctl_progress_clear();
		ctl_journal_repair(rep, volpath);
		if (json)
			check_json_add_report(doc, rep);
		else if (rep)
			chunk_check_report_print(rep, stdout);
		chunk_check_report_free(rep);
		/* An operational error here is most often a chunk that chunkscrubd's job holds. */
		if (!json)
			printf("chunk %" PRIu32 ": %s%s\n", id, r < 0 ? strerror(-r) : fsck_result_meaning(r),
			       r >= 0 && (r & FSCK_ERROR) && !(r & FSCK_CANCELED) ? "; see above (held by chunkscrubd?)" : "");
		code |= r < 0 ? FSCK_ERROR : r;
	}
	if (json && check_json_print(doc, code) < 0) {
		ctl_error("%s: out of memory for the JSON report", volpath);
		code |= FSCK_ERROR;
	}
	return code;
}
