/* The check (or repair) of chunks here, through libchunk: `scrub -V VOL`, and what scrub and
 * repair fall back to when chunkscrubd is not running. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/offline-check.h"
#include "chunkctl/vol.h"
#include "libchunk/check/check.h"
#include "libchunk/base/fsck-result.h"
#include "libchunk/base/macro.h"
#include "libchunk/volume/volume.h"

int offline_check(const char *volpath, uint32_t *chunks, size_t n, bool all, bool repair)
{
	_cleanup_(volume_closep) struct volume *v = NULL;
	struct chunk_check_opts o = { .repair = repair, .orphans = CHUNK_ORPHANS_QUARANTINE };
	int r, code = 0;
	unsigned count;

	r = volume_open(volpath, VOLUME_RDWR, &v);
	if (r < 0)
		return ctl_error("%s: cannot open volume: %s", volpath, strerror(-r)), FSCK_ERROR;
	r = ctl_volume_access(v, repair ? "repair" : "scrub", true);
	if (r)
		return r;
	count = volume_chunk_count(v);
	for (size_t i = 0; i < (all ? count : n); i++) {
		uint32_t id = all ? (uint32_t)i : chunks[i];
		struct chunk_check_report *rep = NULL;

		if (id >= count) {
			ctl_error("%s has no chunk %" PRIu32 " (it has %u chunks)", volpath, id, count);
			code |= FSCK_USAGE;
			continue;
		}
		r = volume_check_chunk(v, id, &o, &rep);
		if (rep) {
			chunk_check_report_print(rep, stdout);
			chunk_check_report_free(rep);
		}
		/* An operational error here is most often a chunk that chunkscrubd's job holds. */
		printf("chunk %" PRIu32 ": %s%s\n", id, r < 0 ? strerror(-r) : fsck_result_meaning(r),
		       r >= 0 && (r & FSCK_ERROR) && !(r & FSCK_CANCELED) ? "; see above (held by chunkscrubd?)" : "");
		code |= r < 0 ? FSCK_ERROR : r;
	}
	return code;
}
