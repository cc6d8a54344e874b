/* chunkscrubd's log: sd_journal_send with CHUNKFS_VOLUME / CHUNKFS_CHUNK / MESSAGE_ID fields when
 * the journal is our stderr, plain lines on stderr otherwise. libchunk's messages come here too. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>

#include "chunkscrubd/log.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/name-quote.h"
#include "libchunk/check/report.h"

#define SYSLOG_IDENTIFIER "SYSLOG_IDENTIFIER=chunkscrubd"

static bool use_journal;
static int max_level = LOG_INFO;

/* systemd sets $JOURNAL_STREAM to "DEV:INO" of the stream it connected to our stderr. */
static bool stderr_is_journal(void)
{
	const char *e = getenv("JOURNAL_STREAM");
	unsigned long long dev, ino;
	struct stat st;

	if (!e || sscanf(e, "%llu:%llu", &dev, &ino) != 2)
		return false;
	if (fstat(STDERR_FILENO, &st) < 0)
		return false;
	return st.st_dev == dev && st.st_ino == ino;
}

/* MSG and a newline, on stderr, which may be an admin's terminal: the paths and names in it
 * (a chunk's image, a file's) escaped as chunkctl escapes them, so that none rewrites the
 * terminal or prints a line that reads as another message. The journal keeps the bytes. */
static void stderr_message(const char *msg)
{
	name_quote_message(stderr, msg);
	fputc('\n', stderr);
}

static void libchunk_log(int priority, const char *msg, void *userdata)
{
	log_chunk(priority, 0, NULL, -1, NULL, "%s", msg);
}

void log_setup(void)
{
	const char *e = getenv("CHUNKSCRUBD_LOG_LEVEL");

	use_journal = stderr_is_journal();
	if (e && !strcmp(e, "debug"))
		max_level = LOG_DEBUG;
	chunk_log_set_handler(libchunk_log, NULL);
	chunk_log_set_level(max_level);
}

int log_chunk(int priority, int error, const char *volume, int chunk, const char *message_id,
	      const char *fmt, ...)
{
	_cleanup_free_ char *msg = NULL;
	int saved = errno;
	va_list ap;

	if (priority > max_level)
		return error < 0 ? error : -abs(error);
	errno = error < 0 ? -error : error; /* so that %m names the error being logged */
	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	errno = saved;
	if (!msg)
		return error < 0 ? error : -ENOMEM;

	if (use_journal) {
		_cleanup_free_ char *m = NULL;
		char prio[16], vol[128], ch[32], id[48];
		struct iovec iov[6];
		int k = 0;

		if (asprintf(&m, "MESSAGE=%s", msg) < 0)
			return error < 0 ? error : -ENOMEM;
		snprintf(prio, sizeof(prio), "PRIORITY=%d", priority);
		iov[k++] = (struct iovec) { m, strlen(m) };
		iov[k++] = (struct iovec) { prio, strlen(prio) };
		iov[k++] = (struct iovec) { (char *)SYSLOG_IDENTIFIER, strlen(SYSLOG_IDENTIFIER) };
		if (volume) {
			snprintf(vol, sizeof(vol), "CHUNKFS_VOLUME=%s", volume);
			iov[k++] = (struct iovec) { vol, strlen(vol) };
		}
		if (volume && chunk >= 0) {
			snprintf(ch, sizeof(ch), "CHUNKFS_CHUNK=%d", chunk);
			iov[k++] = (struct iovec) { ch, strlen(ch) };
		}
		if (message_id) {
			snprintf(id, sizeof(id), "MESSAGE_ID=%s", message_id);
			iov[k++] = (struct iovec) { id, strlen(id) };
		}
		sd_journal_sendv(iov, k);
	} else {
		fputs("chunkscrubd: ", stderr);
		if (volume) {
			name_quote_print(stderr, volume);
			if (chunk >= 0)
				fprintf(stderr, "/%d", chunk);
			fputs(": ", stderr);
		}
		stderr_message(msg);
	}
	return error < 0 ? error : -abs(error);
}

/* Without the journal, each entry is its MESSAGE on a line of stderr. */
static int stderr_send(const struct iovec *iov, int n)
{
	for (int i = 0; i < n; i++)
		if (iov[i].iov_len > 8 && memcmp(iov[i].iov_base, "MESSAGE=", 8) == 0) {
			_cleanup_free_ char *msg = strndup((const char *)iov[i].iov_base + 8, iov[i].iov_len - 8);

			fputs("chunkscrubd: ", stderr);
			stderr_message(msg ?: "(out of memory for the message)");
		}
	return 0;
}

void log_repair_report(const struct chunk_check_report *r, const char *volume)
{
	chunk_check_report_journal(r, "chunkscrubd", volume, use_journal ? sd_journal_sendv : stderr_send);
}
