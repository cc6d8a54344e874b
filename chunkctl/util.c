/* Small helpers shared by the chunkctl commands: messages, sizes, chunk numbers, volume paths. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chunkctl/chunkctl.h"
#include "libchunk/volume/volume.h"

int ctl_error(const char *fmt, ...)
{
	va_list ap;

	fputs("chunkctl: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_ERR;
}

int ctl_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "chunkctl %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (try 'chunkctl %s --help')\n", cmd);
	return ctl_exit_usage(cmd);
}

int ctl_denied(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "chunkctl %s: permission denied: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
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
