/* The one boundary between libext2fs's errcode_t and libchunk's -errno convention,
 * and libchunk's logging hook (stderr by default; the daemon points it at the journal). */
#pragma once
#include <stdbool.h>
#include <ext2fs/ext2fs.h>
#include <stdarg.h>

/* Returns a negative errno for a libext2fs/com_err code (0 stays 0). */
int chunk_errno(errcode_t err);

/* Log priorities are syslog's (LOG_ERR, LOG_WARNING, LOG_INFO, LOG_DEBUG). */
typedef void (*chunk_log_fn)(int priority, const char *msg, void *userdata);
void chunk_log_set_handler(chunk_log_fn fn, void *userdata);
void chunk_log_set_level(int max_priority);
/* Logs and returns err (a negative errno) so callers can `return chunk_log_errno(r, ...)`. */
int chunk_log_errno(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void chunk_log(int priority, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* While set (per thread), errors are not logged: for what libchunk tries on its own account
 * and may fail without harm (the rollback witness). Returns the previous setting. */
bool chunk_log_quiet(bool quiet);
/* Work done on the chance that nothing goes wrong (a shared section, volume_shared_begin):
 * from chunk_log_hold() on, this thread's warnings and errors are not said but remembered,
 * and so is chunk_log_hold_fail() (something the work must not do here, such as marking a
 * chunk DAMAGED); chunk_log_release() ends it and says whether any came, in which case the
 * caller does the work again the ordinary way, which says them. */
void chunk_log_hold(void);
bool chunk_log_release(void);
bool chunk_log_holding(void);
void chunk_log_hold_fail(void);
