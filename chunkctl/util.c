/* Small helpers shared by the chunkctl commands: messages, sizes, chunk numbers, volume paths. */
#include <ctype.h>
#include <math.h>
#include <errno.h>
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
#include "libchunk/volume/volume.h"

static bool progress_on, progress_drawn;
static struct timespec progress_last;

void ctl_progress_clear(void)
{
	if (progress_drawn)
		fputs("\r\033[K", stderr);
	progress_drawn = false;
}

static void print_message(FILE *f, const char *msg);

/* libchunk's messages ("chunkfs: ...") on stderr, as its default handler writes them, after
 * the progress line is cleared, and with the names in them made harmless as ctl_error's are. */
static void log_after_progress(int priority, const char *msg, void *userdata)
{
	/* Off a terminal, what libchunk's own handler prints: its level, warnings and worse. */
	if (priority > LOG_WARNING && !progress_on)
		return;
	ctl_progress_clear();
	fputs("chunkfs: ", stderr);
	print_message(stderr, msg);
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
		print_message(f, msg);
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

int ctl_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "chunkctl %s: ", cmd);
	va_start(ap, fmt);
	print_messagev(stderr, fmt, ap);
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

/* The length of the UTF-8 sequence at S that is a printable character, or 0: an invalid or
 * overlong sequence, a surrogate, or a C1 control (U+0080-U+009F), which some terminals obey
 * as they obey ESC. */
static size_t printable_utf8(const unsigned char *s)
{
	uint32_t cp;
	size_t n;

	if (s[0] >= 0x20 && s[0] < 0x7f)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < 0xa0 || (n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/* The bytes at *S up to the next printable character, as GNU ls's shell-escape style writes
 * them: $'\n', $'\033'. */
static void print_unprintable(FILE *f, const unsigned char **s)
{
	fputs("$'", f);
	for (; **s && !printable_utf8(*s); (*s)++) {
		const char *esc = **s == '\n' ? "\\n" : **s == '\t' ? "\\t" : **s == '\r' ? "\\r" : NULL;
		if (esc)
			fputs(esc, f);
		else
			fprintf(f, "\\%03o", **s);
	}
	fputc('\'', f);
}

static bool all_printable(const unsigned char *s)
{
	for (size_t k; *s; s += k)
		if (!(k = printable_utf8(s)))
			return false;
	return true;
}

void ctl_print_name(FILE *f, const char *name)
{
	const unsigned char *s = (const unsigned char *)name;
	bool quoted = false;

	if (all_printable(s)) {
		fputs(name, f);
		return;
	}
	/* As GNU ls's shell-escape style: printable runs in '...', every other byte in $'...',
	 * so that what is printed, pasted into a shell, names the file again. */
	while (*s) {
		size_t k = printable_utf8(s);
		if (k) {
			if (!quoted)
				fputc('\'', f);
			quoted = true;
			if (*s == '\'')
				fputs("'\\''", f);
			else
				fwrite(s, 1, k, f);
			s += k;
			continue;
		}
		if (quoted)
			fputc('\'', f);
		quoted = false;
		print_unprintable(f, &s);
	}
	if (quoted)
		fputc('\'', f);
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

	if (all_printable((const unsigned char *)name))
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

/* A message: its printable text as it is, each run of other bytes (of a name ctl_quoted was
 * not given, or one libchunk names) as ls escapes it, so that no message can move the cursor,
 * rewrite the terminal or print a line that looks like another message. */
static void print_message(FILE *f, const char *msg)
{
	const unsigned char *s = (const unsigned char *)msg;

	while (*s) {
		size_t k = printable_utf8(s);
		if (k) {
			fwrite(s, 1, k, f);
			s += k;
		} else
			print_unprintable(f, &s);
	}
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
