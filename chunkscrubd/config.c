/* Parsing of chunkscrubd.conf. inih hands us one key at a time; a line-counting reader gives
 * each key its line so that every message can say FILE:LINE. */
#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "chunkscrubd/config.h"
#include "libchunk/base/macro.h"

/* A [section] line or a key, where it was first seen: for sections without keys (which inih
 * never shows the handler) and for keys given twice. */
struct seen {
	char *what;         /* "volume:NAME", or "SECTION\nKEY" */
	unsigned line;
};

struct parse_state {
	struct config *config;
	FILE *f;
	unsigned line;
	bool new_section;   /* a [section] line was read since the last key */
	struct seen *sections, *keys;
	size_t n_sections, n_keys;
	char *error;
	int r;
};

static void seen_free(struct seen *a, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(a[i].what);
	free(a);
}

/* Where WHAT was first seen in A, or 0; else records it at LINE. -ENOMEM when it cannot. */
static int seen_at(struct seen **a, size_t *n, const char *what, unsigned line)
{
	struct seen *na;

	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*a)[i].what, what))
			return (int)(*a)[i].line;
	na = reallocarray(*a, *n + 1, sizeof(**a));
	if (!na)
		return -ENOMEM;
	*a = na;
	na[*n] = (struct seen) { .what = strdup(what), .line = line };
	if (!na[*n].what)
		return -ENOMEM;
	(*n)++;
	return 0;
}

static int parse_fail(struct parse_state *p, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A [volume:NAME] or [daemon] line: remembered, so that an empty one and a second one are
 * both named (inih would merge a second [daemon] into the first without a word). */
static void parse_section_line(struct parse_state *p, const char *s)
{
	const char *end = strchr(s, ']');
	_cleanup_free_ char *name = end ? strndup(s + 1, (size_t)(end - s - 1)) : NULL;
	int first;

	if (!name)
		return;
	if ((strncmp(name, "volume:", 7) && strcmp(name, "daemon")) || p->error)
		return;
	first = seen_at(&p->sections, &p->n_sections, name, p->line);
	if (first > 0 && !strcmp(name, "daemon"))
		parse_fail(p, NULL, "a second [daemon] section (the first is on line %d): give every daemon "
			   "key in one", first);
	else if (first > 0)
		parse_fail(p, NULL, "volume '%s' is defined twice (first on line %d)", name + 7, first);
}

static char *parse_reader(char *str, int num, void *stream)
{
	struct parse_state *p = stream;
	char *s = fgets(str, num, p->f);

	if (s) {
		p->line++;
		s += strspn(s, " \t");
		if (*s == '[') {
			p->new_section = true;
			parse_section_line(p, s);
		}
	}
	return s;
}

static int parse_fail(struct parse_state *p, const char *key, const char *fmt, ...)
{
	_cleanup_free_ char *what = NULL;
	va_list ap;

	if (p->error) /* keep the first error: later ones often follow from it */
		return 0;
	va_start(ap, fmt);
	if (vasprintf(&what, fmt, ap) < 0)
		what = NULL;
	va_end(ap);
	if (key) {
		if (asprintf(&p->error, "%s:%u: key '%s': %s", p->config->file, p->line, key,
			     what ?: "out of memory") < 0)
			p->error = NULL;
	} else if (asprintf(&p->error, "%s:%u: %s", p->config->file, p->line, what ?: "out of memory") < 0)
		p->error = NULL;
	p->r = -EINVAL;
	return 0;
}

int config_parse_duration(const char *s, uint64_t *ret)
{
	static const struct { char unit; uint64_t secs; } units[] = {
		{ 'w', 7 * 86400 }, { 'd', 86400 }, { 'h', 3600 }, { 'm', 60 }, { 's', 1 },
	};
	uint64_t total = 0;
	bool any = false;

	while (*s) {
		char *end;
		unsigned long long v;
		uint64_t mul = 0;

		while (*s == ' ')
			s++;
		if (!*s)
			break;
		if (!isdigit((unsigned char)*s))
			return -EINVAL;
		errno = 0;
		v = strtoull(s, &end, 10);
		if (errno)
			return -ERANGE;
		if (*end == '\0' && !any) {
			mul = 1;
		} else {
			for (size_t i = 0; i < ELEMENTSOF(units); i++)
				if (*end == units[i].unit)
					mul = units[i].secs;
			if (mul == 0)
				return -EINVAL;
			end++;
		}
		if (v > (UINT64_MAX - total) / mul)
			return -ERANGE;
		total += v * mul;
		any = true;
		s = end;
	}
	if (!any)
		return -EINVAL;
	*ret = total;
	return 0;
}

const char *config_format_duration(uint64_t secs, char *buf, size_t size)
{
	static const struct { char unit; uint64_t secs; } units[] = {
		{ 'd', 86400 }, { 'h', 3600 }, { 'm', 60 }, { 's', 1 },
	};
	size_t n = 0;

	if (secs == 0) {
		snprintf(buf, size, "0s");
		return buf;
	}
	buf[0] = '\0';
	for (size_t i = 0; i < ELEMENTSOF(units) && n < size; i++) {
		if (secs < units[i].secs)
			continue;
		n += snprintf(buf + n, size - n, "%llu%c", (unsigned long long)(secs / units[i].secs),
			      units[i].unit);
		secs %= units[i].secs;
	}
	return buf;
}

int config_parse_bool(const char *s, bool *ret)
{
	if (!strcmp(s, "yes") || !strcmp(s, "true") || !strcmp(s, "on") || !strcmp(s, "1"))
		*ret = true;
	else if (!strcmp(s, "no") || !strcmp(s, "false") || !strcmp(s, "off") || !strcmp(s, "0"))
		*ret = false;
	else
		return -EINVAL;
	return 0;
}

const char *config_io_class_to_string(int c)
{
	switch (c) {
	case IOPRIO_CLASS_RT: return "realtime";
	case IOPRIO_CLASS_BE: return "best-effort";
	case IOPRIO_CLASS_IDLE: return "idle";
	default: return "none";
	}
}

static int parse_uint(const char *s, unsigned min, unsigned max, unsigned *ret)
{
	char *end;
	unsigned long v;

	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -ERANGE;
	*ret = (unsigned)v;
	return 0;
}

static int set_string(char **dst, const char *value)
{
	char *s = strdup(value);

	if (!s)
		return -ENOMEM;
	free(*dst);
	*dst = s;
	return 0;
}

/* Relative paths in the file are relative to the file's own folder. */
static char *config_absolute_path(const struct config *c, const char *value)
{
	const char *slash;
	char *s;

	if (value[0] == '/')
		return strdup(value);
	slash = strrchr(c->file, '/');
	if (!slash)
		return strdup(value);
	if (asprintf(&s, "%.*s/%s", (int)(slash - c->file), c->file, value) < 0)
		return NULL;
	return s;
}

static int parse_daemon_key(struct parse_state *p, const char *key, const char *value)
{
	struct config *c = p->config;
	uint64_t d;
	unsigned u;

	if (!strcmp(key, "boot_chunks")) {
		if (parse_uint(value, 0, 4096, &u) < 0)
			return parse_fail(p, key, "'%s' is not a number of chunks (0..4096)", value);
		c->boot_chunks = u;
	} else if (!strcmp(key, "interval") || !strcmp(key, "idle_after")) {
		if (config_parse_duration(value, &d) < 0)
			return parse_fail(p, key, "'%s' is not a duration (like 7d, 12h, 30m, 45s)", value);
		if (!strcmp(key, "interval")) {
			if (d == 0)
				return parse_fail(p, key, "the interval must be longer than 0s");
			c->interval = d;
		} else
			c->idle_after = d;
	} else if (!strcmp(key, "max_parallel")) {
		if (parse_uint(value, 1, 64, &u) < 0)
			return parse_fail(p, key, "'%s' is not a number of jobs (1..64)", value);
		c->max_parallel = u;
	} else if (!strcmp(key, "io_class")) {
		if (!strcmp(value, "idle"))
			c->io_class = IOPRIO_CLASS_IDLE;
		else if (!strcmp(value, "best-effort"))
			c->io_class = IOPRIO_CLASS_BE;
		else if (!strcmp(value, "realtime"))
			c->io_class = IOPRIO_CLASS_RT;
		else if (!strcmp(value, "none"))
			c->io_class = IOPRIO_CLASS_NONE;
		else
			return parse_fail(p, key, "'%s' is not one of idle, best-effort, realtime, none", value);
	} else if (!strcmp(key, "nice")) {
		char *end;
		long v;

		errno = 0;
		v = strtol(value, &end, 10);
		if (errno || end == value || *end || v < -20 || v > 19)
			return parse_fail(p, key, "'%s' is not a nice level (-20..19)", value);
		c->nice = (int)v;
	} else if (!strcmp(key, "auto_repair") || !strcmp(key, "discover_mounts")) {
		if (config_parse_bool(value, !strcmp(key, "auto_repair") ? &c->auto_repair : &c->discover_mounts) < 0)
			return parse_fail(p, key, "'%s' is not yes or no", value);
	} else if (!strcmp(key, "orphans")) {
		if (!strcmp(value, "quarantine"))
			c->orphans = CHUNK_ORPHANS_QUARANTINE;
		else if (!strcmp(value, "delete"))
			c->orphans = CHUNK_ORPHANS_DELETE;
		else
			return parse_fail(p, key, "'%s' is not quarantine or delete", value);
	} else if (!strcmp(key, "e2fsck") || !strcmp(key, "state_dir") || !strcmp(key, "metrics_file")) {
		char **dst = !strcmp(key, "e2fsck") ? &c->e2fsck :
			     !strcmp(key, "state_dir") ? &c->state_dir : &c->metrics_file;
		_cleanup_free_ char *abs = NULL;

		if (!*value)
			return parse_fail(p, key, "needs a path");
		/* A bare "e2fsck" is looked up on PATH, like libchunk does. */
		abs = (!strcmp(key, "e2fsck") && !strchr(value, '/')) ? strdup(value) :
		      config_absolute_path(c, value);
		if (!abs || set_string(dst, abs) < 0)
			return parse_fail(p, key, "out of memory");
		if (!strcmp(key, "e2fsck"))
			c->e2fsck_line = p->line;
		else if (!strcmp(key, "state_dir"))
			c->state_dir_line = p->line;
	} else
		return parse_fail(p, key, "unknown key in [daemon]");
	return 1;
}

static bool volume_name_valid(const char *s)
{
	if (!*s || strlen(s) > 64)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("_-.", *s))
			return false;
	return true;
}

/* 8-4-4-4-12 hex digits, as blkid and /dev/disk/by-uuid print an ext file system's UUID. */
static bool uuid_string_valid(const char *s)
{
	if (strlen(s) != 36)
		return false;
	for (int i = 0; i < 36; i++)
		if ((i == 8 || i == 13 || i == 18 || i == 23) ? s[i] != '-' : !isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

static struct config_volume *config_volume_get(struct parse_state *p, const char *name)
{
	struct config *c = p->config;
	struct config_volume *v;

	/* inih calls us once per key; the reader tells us when a [section] line came between. */
	if (!p->new_section && c->n_volumes > 0 && !strcmp(c->volumes[c->n_volumes - 1].name, name))
		return &c->volumes[c->n_volumes - 1];
	p->new_section = false;
	if (config_find_volume(c, name)) {
		parse_fail(p, NULL, "volume '%s' is defined twice", name);
		return NULL;
	}
	if (!volume_name_valid(name)) {
		parse_fail(p, NULL, "'%s' is not a volume name (letters, digits, '_', '-', '.')", name);
		return NULL;
	}
	v = reallocarray(c->volumes, c->n_volumes + 1, sizeof(*v));
	if (!v)
		return NULL;
	c->volumes = v;
	v = &c->volumes[c->n_volumes++];
	*v = (struct config_volume) { .name = strdup(name), .line = p->line };
	return v->name ? v : NULL;
}

static int parse_volume_key(struct parse_state *p, const char *section, const char *key, const char *value)
{
	struct config_volume *v = config_volume_get(p, section);

	if (!v)
		return p->error ? 0 : parse_fail(p, key, "out of memory");
	if (!strcmp(key, "path")) {
		if (!*value)
			return parse_fail(p, key, "needs a volume directory or volume file");
		free(v->path);
		v->path = config_absolute_path(p->config, value);
		v->path_line = p->line;
	} else if (!strcmp(key, "chunk")) {
		char **a;

		if (!strncmp(value, "UUID=", 5)) {
			if (!uuid_string_valid(value + 5))
				return parse_fail(p, key, "'%s' is not a file system UUID", value + 5);
		} else if (!*value)
			return parse_fail(p, key, "needs an image path, a glob or UUID=...");
		a = reallocarray(v->chunks, v->n_chunks + 1, sizeof(char *));
		if (!a)
			return parse_fail(p, key, "out of memory");
		v->chunks = a;
		a[v->n_chunks] = !strncmp(value, "UUID=", 5) ? strdup(value) : config_absolute_path(p->config, value);
		if (!a[v->n_chunks])
			return parse_fail(p, key, "out of memory");
		v->n_chunks++;
	} else
		return parse_fail(p, key, "unknown key in [volume:%s] (known: path, chunk)", section);
	return 1;
}

static int parse_handler(void *userdata, const char *section, const char *key, const char *value)
{
	struct parse_state *p = userdata;

	_cleanup_free_ char *where = NULL;
	int first;

	if (p->error)
		return 1;
	/* "chunk =" is a list, one line a chunk; any other key said twice is a mistake, whichever
	 * of the two values was meant. */
	if (strcmp(key, "chunk") || strncmp(section, "volume:", 7)) {
		if (asprintf(&where, "%s\n%s", section, key) < 0)
			return parse_fail(p, key, "out of memory");
		first = seen_at(&p->keys, &p->n_keys, where, p->line);
		if (first < 0)
			return parse_fail(p, key, "out of memory");
		if (first > 0)
			return parse_fail(p, key, "given twice in [%s] (first on line %d)", section, first);
	}
	if (!strcmp(section, "daemon")) {
		p->new_section = false;
		return parse_daemon_key(p, key, value);
	}
	if (!strncmp(section, "volume:", 7))
		return parse_volume_key(p, section + 7, key, value);
	if (!*section)
		return parse_fail(p, key, "key outside any section (expected [daemon] or [volume:NAME] first)");
	return parse_fail(p, NULL, "unknown section [%s] (expected [daemon] or [volume:NAME])", section);
}

/* A [volume:NAME] line with no key under it: inih never calls the handler for it. */
static void parse_check_empty_sections(struct parse_state *p)
{
	for (size_t i = 0; i < p->n_sections && !p->error; i++)
		if (!strncmp(p->sections[i].what, "volume:", 7) && !config_find_volume(p->config, p->sections[i].what + 7)) {
			p->line = p->sections[i].line;
			parse_fail(p, NULL, "[%s] is empty: it needs 'path =' (a volume directory or file) or "
				   "'chunk =' lines", p->sections[i].what);
		}
}

/* The volume file PATH names: PATH, or a volume directory's volume.conf, as volume_open
 * takes it; -errno if there is none. */
static int config_volume_file_stat(const char *path, struct stat *st)
{
	_cleanup_free_ char *file = NULL;

	if (stat(path, st) < 0)
		return -errno;
	if (!S_ISDIR(st->st_mode))
		return 0;
	if (asprintf(&file, "%s/volume.conf", path) < 0)
		return -ENOMEM;
	return stat(file, st) < 0 ? -errno : 0;
}

/* Paths A and B name the same volume: the same text, or (when both exist) the same volume
 * file, reached through a symlink, another spelling, or its directory. */
static bool config_same_path(const char *a, const char *b)
{
	struct stat sa, sb;

	if (!strcmp(a, b))
		return true;
	return config_volume_file_stat(a, &sa) == 0 && config_volume_file_stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static int config_validate(struct config *c, char **error)
{
	for (size_t i = 0; i < c->n_volumes; i++) {
		const struct config_volume *v = &c->volumes[i];

		if (!v->path && v->n_chunks == 0) {
			if (asprintf(error, "%s:%u: [volume:%s] needs 'path =' (a volume directory or file) "
				     "or 'chunk =' lines", c->file, v->line, v->name) < 0)
				*error = NULL;
			return -EINVAL;
		}
		/* Two sections of one volume would run two jobs on its chunks and keep two states. */
		for (size_t j = 0; j < i && v->path; j++) {
			const struct config_volume *w = &c->volumes[j];

			if (!w->path || !config_same_path(w->path, v->path))
				continue;
			if (asprintf(error, "%s:%u: [volume:%s]: path %s is the volume of [volume:%s] (line %u) "
				     "too: a volume is named by one section", c->file, v->path_line, v->name, v->path,
				     w->name, w->path_line) < 0)
				*error = NULL;
			return -EINVAL;
		}
	}
	return 0;
}

int config_load(const char *file, struct config **ret, char **error)
{
	_cleanup_(config_freep) struct config *c = NULL;
	struct parse_state p = {};
	int r;

	if (error)
		*error = NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return -ENOMEM;
	*c = (struct config) {
		.boot_chunks = 2,
		.interval = 7 * 86400,
		.idle_after = 300,
		.max_parallel = 1,
		.io_class = IOPRIO_CLASS_IDLE,
		.nice = 19,
		.auto_repair = true,
		.discover_mounts = true,
		.orphans = CHUNK_ORPHANS_QUARANTINE,
		.file = file[0] == '/' ? strdup(file) : NULL,
		.state_dir = strdup("/var/lib/chunkfs"),
	};
	if (!c->file) {
		/* Relative paths inside are relative to the file, so keep where it is absolutely. */
		_cleanup_free_ char *cwd = get_current_dir_name();

		if (!cwd || asprintf(&c->file, "%s/%s", cwd, file) < 0)
			return -ENOMEM;
	}
	if (!c->state_dir)
		return -ENOMEM;
	p.config = c;
	p.f = fopen(file, "re");
	if (!p.f) {
		r = -errno;
		if (error && asprintf(error, "%s: %s", c->file, strerror(-r)) < 0)
			*error = NULL;
		return r;
	}
	r = ini_parse_stream(parse_reader, &p, parse_handler, &p);
	fclose(p.f);
	if (r == 0)
		parse_check_empty_sections(&p);
	seen_free(p.sections, p.n_sections);
	seen_free(p.keys, p.n_keys);
	if (p.error) {
		if (error)
			*error = p.error;
		else
			free(p.error);
		return p.r;
	}
	if (r != 0) {
		if (error && asprintf(error, "%s:%d: syntax error (expected [section], key = value or a comment)",
				      c->file, r) < 0)
			*error = NULL;
		return -EINVAL;
	}
	r = config_validate(c, error);
	if (r < 0)
		return r;
	*ret = TAKE_PTR(c);
	return 0;
}

const struct config_volume *config_find_volume(const struct config *c, const char *name)
{
	for (size_t i = 0; i < c->n_volumes; i++)
		if (!strcmp(c->volumes[i].name, name))
			return &c->volumes[i];
	return NULL;
}

void config_free(struct config *c)
{
	for (size_t i = 0; i < c->n_volumes; i++) {
		free(c->volumes[i].name);
		free(c->volumes[i].path);
		for (size_t j = 0; j < c->volumes[i].n_chunks; j++)
			free(c->volumes[i].chunks[j]);
		free(c->volumes[i].chunks);
	}
	free(c->volumes);
	free(c->file);
	free(c->e2fsck);
	free(c->state_dir);
	free(c->metrics_file);
	free(c);
}
