/* Small helpers shared by the chunkctl commands: messages, sizes, chunk numbers, volume paths. */
#include <ctype.h>
#include <math.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <syslog.h>
#include <time.h>

#include "chunkctl/chunkctl.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/name-quote.h"
#include "libchunk/volume/volume.h"

static bool progress_on, progress_drawn;
static struct timespec progress_last;

void ctl_progress_clear(void)
{
	if (progress_drawn)
		fputs("\r\033[K", stderr);
	progress_drawn = false;
}

/* libchunk's messages ("chunkfs: ...") on stderr, as its default handler writes them, after
 * the progress line is cleared, and with the names in them made harmless as ctl_error's are. */
static void log_after_progress(int priority, const char *msg, void *userdata)
{
	/* Off a terminal, what libchunk's own handler prints: its level, warnings and worse. */
	if (priority > LOG_WARNING && !progress_on)
		return;
	ctl_progress_clear();
	fputs("chunkfs: ", stderr);
	name_quote_message(stderr, msg);
	fputc('\n', stderr);
}

void ctl_progress_enable(bool on)
{
	progress_on = on;
	chunk_log_set_handler(log_after_progress, NULL);
}

bool ctl_progress_enabled(void)
{
	return progress_on;
}

void ctl_progress(const char *fmt, ...)
{
	struct timespec now;
	va_list ap;

	if (!progress_on)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (progress_drawn && (now.tv_sec - progress_last.tv_sec) * 1000 +
	    (now.tv_nsec - progress_last.tv_nsec) / 1000000 < 200)
		return;
	progress_last = now;
	fputs("\r\033[K", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fflush(stderr);
	progress_drawn = true;
}

/* Every message chunkctl prints about something wrong goes through here: the text made by
 * FMT, with whatever in it is not printable written as ls writes it in a name. */
static void print_messagev(FILE *f, const char *fmt, va_list ap)
{
	_cleanup_free_ char *msg = NULL;

	if (vasprintf(&msg, fmt, ap) < 0)
		fputs("(out of memory for the message)", f);
	else
		name_quote_message(f, msg);
}

int ctl_error(const char *fmt, ...)
{
	va_list ap;

	ctl_progress_clear();
	fputs("chunkctl: ", stderr);
	va_start(ap, fmt);
	print_messagev(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_ERR;
}

/* "chunkctl CMD: message" on stderr (a progress line cleared first), without its newline. */
static void command_messagev(const char *cmd, const char *fmt, va_list ap)
{
	ctl_progress_clear();
	fprintf(stderr, "chunkctl %s: ", cmd);
	print_messagev(stderr, fmt, ap);
}

int ctl_command_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	command_messagev(cmd, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return ctl_exit_error(cmd);
}

int ctl_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	command_messagev(cmd, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (try 'chunkctl %s --help')\n", cmd);
	return ctl_exit_usage(cmd);
}

int ctl_denied(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "chunkctl %s: permission denied: ", cmd);
	va_start(ap, fmt);
	print_messagev(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return ctl_exit_error(cmd);
}

int ctl_set_lock_wait(const char *arg)
{
	unsigned long s = UINT_MAX;
	char *end;

	if (arg) {
		errno = 0;
		s = strtoul(arg, &end, 10);
		if (errno || end == arg || *end || s == 0 || s >= UINT_MAX)
			return -EINVAL;
	}
	volume_set_lock_wait((unsigned)s);
	return 0;
}

bool ctl_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
			return true;
	}
	return false;
}

int ctl_parse_size(const char *s, unsigned long long *ret)
{
	char *end;
	double v;
	unsigned long long mul = 1;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || v < 0)
		return -EINVAL;
	switch (toupper((unsigned char)*end)) {
	case 'K': mul = 1ULL << 10; end++; break;
	case 'M': mul = 1ULL << 20; end++; break;
	case 'G': mul = 1ULL << 30; end++; break;
	case 'T': mul = 1ULL << 40; end++; break;
	case '\0': break;
	default: return -EINVAL;
	}
	if (*end == 'i' || *end == 'I')
		end++;
	if (*end == 'B' || *end == 'b')
		end++;
	if (*end)
		return -EINVAL;
	if (v * (double)mul >= 18446744073709551616.0) /* 2^64: no such size */
		return -ERANGE;
	*ret = (unsigned long long)(v * (double)mul);
	return 0;
}

const char *ctl_volume_path(const char *arg)
{
	return arg[0] == ':' ? arg + 1 : NULL;
}

const char *ctl_volume_path_json(const char *arg)
{
	const char *p = ctl_volume_path(arg);

	return p && *p ? p : "/";
}

int ctl_parse_chunk_id(const char *s, uint32_t *ret)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || v >= VOLUME_MAX_CHUNKS)
		return -EINVAL;
	*ret = (uint32_t)v;
	return 0;
}

int ctl_want_volume_paths(const char *cmd, int from, int argc, char **argv)
{
	for (int i = from; i < argc; i++)
		if (!ctl_volume_path(argv[i]))
			return ctl_usage_error(cmd, "'%s' is not a volume path (write it as :/path)", argv[i]);
	return 0;
}

void ctl_print_name(FILE *f, const char *name)
{
	name_quote_print(f, name);
}

#define QUOTED_KEPT 4

/* TEXT, malloc'd, kept until QUOTED_KEPT more are kept. */
static const char *quoted_keep(char *text)
{
	static char *kept[QUOTED_KEPT];
	static unsigned next;

	free(kept[next]);
	kept[next] = text;
	next = (next + 1) % QUOTED_KEPT;
	return text;
}

const char *ctl_quoted(const char *name)
{
	char *text = NULL;
	size_t len;
	FILE *f;

	if (name_is_printable(name))
		return name;
	f = open_memstream(&text, &len);
	if (!f)
		return "(a name that could not be quoted: out of memory)";
	ctl_print_name(f, name);
	if (fclose(f) != 0) {
		free(text);
		return "(a name that could not be quoted: out of memory)";
	}
	return quoted_keep(text);
}

const char *ctl_quoted_volume_path(const char *path)
{
	_cleanup_free_ char *arg = NULL;
	const char *q;

	if (asprintf(&arg, ":%s", path) < 0)
		return "(a name that could not be quoted: out of memory)";
	q = ctl_quoted(arg);
	return q == arg ? quoted_keep(TAKE_PTR(arg)) : q;
}

const char *ctl_human_size(uint64_t bytes, char buf[static CTL_HUMAN_SIZE_MAX])
{
	static const char units[] = "KMGTPE";
	double v = (double)bytes;
	int u = -1;

	if (bytes < 1024) {
		snprintf(buf, CTL_HUMAN_SIZE_MAX, "%llu", (unsigned long long)bytes);
		return buf;
	}
	/* Rounded up, as df -h does, so that a size shown is never less than the size: one
	 * decimal below 10, none from 10, the next unit from 1024. */
	do {
		v /= 1024;
		u++;
	} while (u < 5 && ceil(v) >= 1024);
	if (ceil(v * 10) / 10 < 10)
		snprintf(buf, CTL_HUMAN_SIZE_MAX, "%.1f%c", ceil(v * 10) / 10, units[u]);
	else
		snprintf(buf, CTL_HUMAN_SIZE_MAX, "%.0f%c", ceil(v), units[u]);
	return buf;
}

const char *ctl_type_name(mode_t m)
{
	return S_ISDIR(m) ? "directory" : S_ISLNK(m) ? "symlink" : S_ISREG(m) ? "file" : "special";
}
