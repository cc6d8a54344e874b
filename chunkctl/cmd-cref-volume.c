/* chunkctl cref --volume: a chunkfs volume's actual cross-chunk references, counted from the
 * continuation and head records of every chunk and compared with every chunk's index. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/cref-volume.h"
#include "chunkctl/vol.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"
#include "libchunk/namespace/namespace.h"
#include "libchunk/chunk/state.h"
#include "libchunk/volume/volume-refs.h"
#include "libchunk/volume/volume.h"

struct tally {
	struct volume *v;
	uint64_t files, dirs, special;
	int err;
};

static int tally_entry(void *userdata, const char *name, vino_t ino, unsigned ftype)
{
	struct tally *t = userdata;
	struct vstat st;

	if (volume_stat(t->v, ino, &st) < 0) {
		t->err = -EIO;
		return 0;
	}
	if (S_ISDIR(st.mode)) {
		t->dirs++;
		volume_readdir(t->v, ino, tally_entry, t);
	} else if (S_ISREG(st.mode) || S_ISLNK(st.mode)) {
		t->files++;
	} else {
		t->special++;
	}
	return 0;
}

/* {"PEER": references, ...} between the busiest chunk and each peer it has some with. */
static struct json_object *busiest_peers_to_json(const struct volume_refs *vr)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	for (unsigned i = 0; i < vr->chunks; i++)
		if (vr->busiest_peers[i]) {
			char key[16];

			snprintf(key, sizeof(key), "%u", i);
			if (!json_add(o, key, json_object_new_uint64(vr->busiest_peers[i])))
				return NULL;
		}
	return TAKE_PTR(o);
}

/* {"chunk": K, "refs": its references, "peers": {...}}: the busiest chunk, as cref --json
 * writes it. */
static struct json_object *busiest_to_json(const struct volume_refs *vr)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();

	if (!o || !json_add(o, "chunk", json_object_new_uint64(vr->max_chunk)) ||
	    !json_add(o, "refs", json_object_new_uint64(vr->max_refs)) || !json_add(o, "peers", busiest_peers_to_json(vr)))
		return NULL;
	return TAKE_PTR(o);
}

/* The counts, keyed as cref --json keys those of a file system, and whether the index agrees. */
static int print_json(const char *path, const struct tally *t, const struct volume_refs *vr, uint64_t chunk_bytes)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();
	bool ok = false;

	if (o && json_add(o, "volume", json_text_new(path)) && json_add(o, "files", json_object_new_uint64(t->files)) &&
	    json_add(o, "directories", json_object_new_uint64(t->dirs)) &&
	    json_add(o, "special_files", json_object_new_uint64(t->special)) &&
	    json_add(o, "chunks", json_object_new_uint64(vr->chunks)) &&
	    json_add(o, "chunk_size_bytes", json_object_new_uint64(chunk_bytes)) &&
	    json_add(o, "intra_file_refs", json_object_new_uint64(vr->file_refs)) &&
	    json_add(o, "dir_refs", json_object_new_uint64(vr->dir_refs)) &&
	    json_add(o, "total_refs", json_object_new_uint64(vr->file_refs + vr->dir_refs)) &&
	    json_add(o, "busiest", busiest_to_json(vr)) &&
	    json_add(o, "index_mismatches", json_object_new_uint64(vr->index_mismatches)) &&
	    json_add(o, "index_agrees", json_object_new_boolean(vr->index_mismatches == 0)) &&
	    json_add(o, "unreadable_chunks", json_object_new_uint64(vr->unreadable_chunks)))
		ok = json_print(stdout, o, JSON_C_TO_STRING_SPACED) == 0;
	if (!ok)
		return ctl_error("%s: out of memory for the JSON output", path);
	return EXIT_OK;
}

int cref_volume(const char *path, bool json)
{
	struct volume_refs vr;
	struct volume *v;
	struct tally t = {};
	uint64_t bytes = 0;
	int r;

	r = volume_open(path, 0, &v);
	if (r < 0)
		return EXIT_ERR;
	r = ctl_volume_access(v, "cref", false);
	if (r) {
		volume_close(v);
		return r;
	}
	t.v = v;
	t.dirs = 1; /* the root */
	volume_readdir(v, VOLUME_ROOT, tally_entry, &t);
	for (unsigned i = 0; i < volume_chunk_count(v); i++) {
		struct chunk_status st;
		if (volume_chunk_status(v, i, &st) == 0)
			bytes += st.bytes_total;
	}
	r = volume_refs_measure(v, &vr);
	if (r < 0) {
		volume_close(v);
		return ctl_error("%s: %s", path, strerror(-r));
	}
	if (json) {
		if (print_json(path, &t, &vr, vr.chunks ? bytes / vr.chunks : 0) != EXIT_OK)
			t.err = -ENOMEM;
	} else {
		printf("Volume:                         %s\n", path);
		printf("Chunks:                         %u of %llu bytes on average\n", vr.chunks,
		       (unsigned long long)(vr.chunks ? bytes / vr.chunks : 0));
		printf("Files, directories, special:    %llu, %llu, %llu\n", (unsigned long long)t.files,
		       (unsigned long long)t.dirs, (unsigned long long)t.special);
		printf("File continuations:             %llu\n", (unsigned long long)vr.file_refs);
		printf("Directory continuations:        %llu\n", (unsigned long long)vr.dir_refs);
		printf("Total cross references:         %llu\n", (unsigned long long)(vr.file_refs + vr.dir_refs));
		printf("Average references per chunk:   %.1f\n",
		       vr.chunks ? 2.0 * (double)(vr.file_refs + vr.dir_refs) / vr.chunks : 0.0);
		printf("Busiest chunk:                  %u with %llu\n", vr.max_chunk, (unsigned long long)vr.max_refs);
		for (unsigned i = 0; i < vr.chunks; i++)
			if (vr.busiest_peers[i])
				printf("  with chunk %-4u              %llu\n", i, (unsigned long long)vr.busiest_peers[i]);
		printf("Index:                          %s\n", vr.index_mismatches ? "DISAGREES with the records" :
		       "agrees with the records in every chunk");
		if (vr.index_mismatches)
			printf("  references in one and not the other: %llu (chunkctl repair --rebuild-index)\n",
			       (unsigned long long)vr.index_mismatches);
		if (vr.unreadable_chunks)
			printf("Unreadable chunks:              %u\n", vr.unreadable_chunks);
	}
	r = vr.index_mismatches || vr.unreadable_chunks || t.err ? EXIT_ERR : EXIT_OK;
	volume_refs_done(&vr);
	volume_close(v);
	return r;
}
