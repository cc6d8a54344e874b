/* Logging: to the journal with structured fields when stderr is connected to it (or when
 * run by systemd), to stderr otherwise. Helpers return the error they log. */
#pragma once
#include <syslog.h>

/* MESSAGE_IDs of the events an admin may want to find with journalctl MESSAGE_ID=... */
#define LOG_MESSAGE_JOB_STARTED   "1fda408239934abf82d86ec193beea8e"
#define LOG_MESSAGE_JOB_FINISHED  "6c0e14f76ad24d32960507f8a3748426"
#define LOG_MESSAGE_DAMAGE_FOUND  "61c5d65bd8cf402590195c3bb69ada7b"
#define LOG_MESSAGE_REPAIR_DONE   "04b5b1695cfa419a87a9debf8054f7e6"

struct chunk_check_report;

void log_setup(void);
/* A repair's files lost or moved, an entry each (CHUNKFS_PATH=...), and its summary: libchunk's
 * journal entries (chunk_check_report_journal), or their messages on stderr. */
void log_repair_report(const struct chunk_check_report *r, const char *volume);
/* volume may be NULL and chunk < 0 when the message is not about one chunk; message_id may be NULL. */
int log_chunk(int priority, int error, const char *volume, int chunk, const char *message_id,
	      const char *fmt, ...) __attribute__((format(printf, 6, 7)));

#define log_error_errno(e, ...) log_chunk(LOG_ERR, (e), NULL, -1, NULL, __VA_ARGS__)
#define log_warning_errno(e, ...) log_chunk(LOG_WARNING, (e), NULL, -1, NULL, __VA_ARGS__)
#define log_error(...) log_chunk(LOG_ERR, 0, NULL, -1, NULL, __VA_ARGS__)
#define log_warning(...) log_chunk(LOG_WARNING, 0, NULL, -1, NULL, __VA_ARGS__)
#define log_info(...) log_chunk(LOG_INFO, 0, NULL, -1, NULL, __VA_ARGS__)
#define log_debug(...) log_chunk(LOG_DEBUG, 0, NULL, -1, NULL, __VA_ARGS__)
