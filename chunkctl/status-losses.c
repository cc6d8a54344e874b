/* chunkctl status: the files each chunk's repairs lost or moved, until `chunkctl lost --ack`
 * (libchunk/chunk/losses.h keeps them in the chunk), read through the daemon's view of where a
 * volume is, and shown under the table or in the JSON. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <json-c/json.h>

#include "chunkctl/bus-client.h"
#include "chunkctl/chunkctl.h"
#include "chunkctl/status-losses.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/mounts.h"
#include "libchunk/volume/volume.h"

/* Whether this caller may read the volume file at PATH (a volume directory or its file), so that
 * one who may not is not told so: status is open to every user. */
static bool volume_readable(const char *path)
{
	_cleanup_free_ char *file = NULL;
	struct stat st;

	if (stat(path, &st) < 0)
		return false;
	if (S_ISDIR(st.st_mode) && asprintf(&file, "%s/volume.conf", path) < 0)
		return false;
	return access(file ?: path, R_OK) == 0;
}

/* Through the daemon: each chunk's list of the files its repairs lost, read from the volume
 * where the daemon says it is, as offline. A chunk the caller may not read, one a job or a
 * mount holds, shows none (null). */
void status_read_daemon_losses(struct status *st)
{
	for (size_t i = 0; st->volume_paths && i < st->n_volumes; i++) {
		_cleanup_(volume_closep) struct volume *v = NULL;

		if (!st->volume_paths[i] || !volume_readable(st->volume_paths[i]) ||
		    volume_open(st->volume_paths[i], VOLUME_STATE_ONLY, &v) < 0)
			continue;
		for (size_t k = 0; k < st->n_rows; k++) {
			struct chunk_row *row = &st->rows[k];
			const char *path;

			if (strcmp(row->volume, st->volumes[i]) || row->id >= volume_chunk_count(v))
				continue;
			path = volume_chunk_path(v, row->id);
			if (access(path, R_OK) < 0 || chunk_mounted(path) || strcmp(row->state, "checking") == 0)
				continue;
			row->losses_known = volume_chunk_losses(v, row->id, &row->losses) == 0;
			volume_chunk_release(v, row->id);
		}
	}
}

/* Where volume NAME of the status is, for the command that acknowledges: -V's (VOLPATH), or
 * the daemon's. */
static const char *status_volume_path(const struct status *st, const char *name, const char *volpath)
{
	for (size_t i = 0; !volpath && st->volume_paths && i < st->n_volumes; i++)
		if (!strcmp(st->volumes[i], name))
			return st->volume_paths[i];
	return volpath;
}

/* Under the table, each chunk whose repairs named files lost or moved, until acknowledged. */
void status_print_losses(const struct status *st, const char *volpath)
{
	for (size_t i = 0; i < st->n_rows; i++) {
		const struct record_losses *l = &st->rows[i].losses;
		const char *where = status_volume_path(st, st->rows[i].volume, volpath);
		char when[32] = "?";

		if (!st->rows[i].losses_known || l->count == 0)
			continue;
		if (l->last) {
			time_t t = (time_t)l->last;
			struct tm tm;
			strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", localtime_r(&t, &tm));
		}
		printf("\nchunk %" PRIu32 " of %s: %" PRIu32 " file(s) lost data or moved in repairs (the last %s), "
		       "until acknowledged with `chunkctl -V %s lost --ack %" PRIu32 "`:\n", st->rows[i].id,
		       st->rows[i].volume, l->count, when, where ? where : "VOL", st->rows[i].id);
		for (uint32_t k = 0; k < l->nentries; k++) {
			const struct loss_entry *e = &l->entries[k];

			printf("  ");
			if (e->path) {
				putchar(':');
				ctl_print_name(stdout, e->path);
			} else
				printf("(path unknown)");
			if (e->ino)
				printf(" (inode %u:%u)", (unsigned)(e->ino >> 32), (unsigned)e->ino);
			if (e->kind == LOSS_DATA)
				printf(": %" PRIu64 " byte(s) lost, they read as EIO\n", e->bytes);
			else if (e->kind == LOSS_GONE)
				printf(": gone, its inode was lost\n");
			else if (e->kind == LOSS_ENTRIES)
				printf(": the directory lost the entries of its part in chunk %" PRIu32 "\n", st->rows[i].id);
			else {
				printf(": moved to :");
				ctl_print_name(stdout, e->moved_to ? e->moved_to : "/lost+found");
				putchar('\n');
			}
		}
		if (l->count > l->nentries)
			printf("  and %" PRIu32 " more, not kept here (each repair's report and the journal name them)\n",
			       l->count - l->nentries);
	}
}
