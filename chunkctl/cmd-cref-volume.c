/* chunkctl cref --volume: a chunkfs volume's actual cross-chunk references, counted from the
 * continuation and head records of every chunk and compared with every chunk's index. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/cref-volume.h"
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
		printf("{\"volume\": \"%s\", \"files\": %llu, \"directories\": %llu, \"special_files\": %llu, "
		       "\"chunks\": %u, \"chunk_size_bytes\": %llu, \"intra_file_refs\": %llu, \"dir_refs\": %llu, "
		       "\"total_refs\": %llu, \"max_refs_chunk\": %u, \"max_refs\": %llu, \"busiest_peers\": {",
		       path, (unsigned long long)t.files, (unsigned long long)t.dirs, (unsigned long long)t.special,
		       vr.chunks, (unsigned long long)(vr.chunks ? bytes / vr.chunks : 0),
		       (unsigned long long)vr.file_refs, (unsigned long long)vr.dir_refs,
		       (unsigned long long)(vr.file_refs + vr.dir_refs), vr.max_chunk, (unsigned long long)vr.max_refs);
		for (unsigned i = 0, first = 1; i < vr.chunks; i++)
			if (vr.busiest_peers[i]) {
				printf("%s\"%u\": %llu", first ? "" : ", ", i, (unsigned long long)vr.busiest_peers[i]);
				first = 0;
			}
		printf("}, \"index_mismatches\": %llu, \"index_agrees\": %s, \"unreadable_chunks\": %u}\n",
		       (unsigned long long)vr.index_mismatches, vr.index_mismatches ? "false" : "true", vr.unreadable_chunks);
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
