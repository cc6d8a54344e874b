/* A repair's report as journal entries: one per file it named as lost or moved, one summary.
 * libchunk builds the fields; the program hands them to the journal (sd_journal_sendv), so
 * the library stays free of systemd and every program logs a repair the same way. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <syslog.h>

#include "libchunk/base/macro.h"
#include "libchunk/check/report.h"

#define JOURNAL_FIELDS_MAX 16

struct journal_entry {
	char *field[JOURNAL_FIELDS_MAX];
	int n;
	bool failed;
};

static void entry_add(struct journal_entry *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void entry_add(struct journal_entry *e, const char *fmt, ...)
{
	va_list ap;

	if (e->failed || e->n == JOURNAL_FIELDS_MAX) {
		e->failed = true;
		return;
	}
	va_start(ap, fmt);
	if (vasprintf(&e->field[e->n], fmt, ap) < 0)
		e->failed = true;
	else
		e->n++;
	va_end(ap);
}

/* The fields every entry of the repair has. */
static void entry_begin(struct journal_entry *e, const struct chunk_check_report *r, const char *identifier,
			const char *volume, int priority, const char *message_id)
{
	entry_add(e, "PRIORITY=%d", priority);
	entry_add(e, "MESSAGE_ID=%s", message_id);
	entry_add(e, "SYSLOG_IDENTIFIER=%s", identifier);
	entry_add(e, "CHUNKFS_VOLUME=%s", volume);
	entry_add(e, "CHUNKFS_CHUNK=%u", r->chunk);
	entry_add(e, "CHUNKFS_CHUNK_PATH=%s", r->chunk_path ? r->chunk_path : "");
}

/* Sends E and frees its fields; -ENOMEM if one could not be made. */
static int entry_send(struct journal_entry *e, chunk_journal_send_fn send)
{
	struct iovec iov[JOURNAL_FIELDS_MAX];
	int r = e->failed ? -ENOMEM : 0;

	for (int i = 0; i < e->n; i++)
		iov[i] = (struct iovec) { e->field[i], strlen(e->field[i]) };
	if (r == 0)
		r = send(iov, e->n);
	for (int i = 0; i < e->n; i++)
		free(e->field[i]);
	return r;
}

static const char *loss_word(enum loss_kind k)
{
	switch (k) {
	case LOSS_DATA: return "data";
	case LOSS_ENTRIES: return "entries";
	case LOSS_MOVED: return "moved";
	case LOSS_GONE: return "gone";
	}
	return "unknown";
}

static int journal_file(const struct chunk_check_report *r, const struct finding *x, const char *identifier,
			const char *volume, chunk_journal_send_fn send)
{
	struct journal_entry e = {};
	enum loss_kind k = finding_loss_kind(x);
	char unknown[64];
	const char *path = x->path;

	if (!path) {
		snprintf(unknown, sizeof(unknown), "a file of unknown path (inode %u:%u)", VINO_CHUNK(x->ino),
			 VINO_INO(x->ino));
		path = unknown;
	}

	entry_begin(&e, r, identifier, volume, LOG_WARNING, CHUNK_MESSAGE_FILE_LOST);
	if (k == LOSS_DATA)
		entry_add(&e, "MESSAGE=repair of chunk %u of %s: %s lost %llu byte(s), which read as EIO", r->chunk,
			  volume, path, (unsigned long long)x->bytes_lost);
	else if (k == LOSS_GONE)
		entry_add(&e, "MESSAGE=repair of chunk %u of %s: %s is gone: its inode was lost", r->chunk, volume, path);
	else if (k == LOSS_ENTRIES)
		entry_add(&e, "MESSAGE=repair of chunk %u of %s: directory %s lost the entries it held in chunk %u",
			  r->chunk, volume, path, r->chunk);
	else
		entry_add(&e, "MESSAGE=repair of chunk %u of %s: %s was moved to %s", r->chunk, volume, path,
			  x->moved_to ? x->moved_to : "/lost+found");
	if (x->path)
		entry_add(&e, "CHUNKFS_PATH=%s", x->path);
	if (x->ino)
		entry_add(&e, "CHUNKFS_INODE=%u:%u", VINO_CHUNK(x->ino), VINO_INO(x->ino));
	if (x->moved_to)
		entry_add(&e, "CHUNKFS_MOVED_TO=%s", x->moved_to);
	entry_add(&e, "CHUNKFS_LOSS=%s", loss_word(k));
	entry_add(&e, "CHUNKFS_BYTES_LOST=%llu", (unsigned long long)x->bytes_lost);
	if (x->done)
		entry_add(&e, "CHUNKFS_ACTION=%s", x->done);
	return entry_send(&e, send);
}

static int journal_summary(const struct chunk_check_report *r, const char *identifier, const char *volume,
			   chunk_journal_send_fn send)
{
	struct journal_entry e = {};
	unsigned lost = 0, moved = 0;
	unsigned long long bytes = 0;

	for (size_t i = 0; i < r->nfindings; i++) {
		const struct finding *x = &r->findings[i];

		if (!finding_is_loss(x))
			continue;
		moved += finding_loss_kind(x) == LOSS_MOVED;
		lost += finding_loss_kind(x) != LOSS_MOVED;
		bytes += x->bytes_lost;
	}
	entry_begin(&e, r, identifier, volume,
		    r->result & (FSCK_UNCORRECTED | FSCK_ERROR) ? LOG_ERR : lost || moved ? LOG_WARNING : LOG_INFO,
		    CHUNK_MESSAGE_REPAIR_SUMMARY);
	entry_add(&e, "MESSAGE=repair of chunk %u of %s: %s (status %d); %u file(s) lost data (%llu byte(s)), %u moved "
		  "to /lost+found", r->chunk, volume, fsck_result_meaning(r->result), r->result, lost, bytes, moved);
	entry_add(&e, "CHUNKFS_RESULT=%d", r->result);
	entry_add(&e, "CHUNKFS_FOUND=%u", chunk_check_report_found(r));
	entry_add(&e, "CHUNKFS_FIXED=%u", chunk_check_report_fixed(r));
	entry_add(&e, "CHUNKFS_FILES_LOST=%u", lost);
	entry_add(&e, "CHUNKFS_FILES_MOVED=%u", moved);
	entry_add(&e, "CHUNKFS_BYTES_LOST=%llu", bytes);
	return entry_send(&e, send);
}

int chunk_check_report_journal(const struct chunk_check_report *r, const char *identifier, const char *volume,
			       chunk_journal_send_fn send)
{
	int r0 = 0, k;

	if (!r || !r->repair)
		return 0;
	for (size_t i = 0; i < r->nfindings; i++)
		if (finding_is_loss(&r->findings[i]) &&
		    (k = journal_file(r, &r->findings[i], identifier, volume, send)) < 0 && r0 == 0)
			r0 = k;
	k = journal_summary(r, identifier, volume, send);
	return r0 ?: k;
}
