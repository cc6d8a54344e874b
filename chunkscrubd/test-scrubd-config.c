/* The configuration file as an admin writes it: defaults, durations, and errors that say
 * file:line and key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chunkscrubd/config.h"
#include "libchunk/base/macro.h"

static int n, failed;
#define check(cond, what) do { n++; if (cond) printf("ok %d - %s\n", n, what); \
	else { failed++; printf("not ok %d - %s (%s:%d: %s)\n", n, what, __FILE__, __LINE__, #cond); } } while (0)

static char dir[] = "/tmp/test-scrubd-config.XXXXXX";

static char *write_conf(const char *name, const char *text)
{
	char *path;
	FILE *f;

	if (asprintf(&path, "%s/%s", dir, name) < 0)
		abort();
	f = fopen(path, "we");
	if (!f)
		abort();
	fputs(text, f);
	fclose(f);
	return path;
}

static char *load_error(const char *text)
{
	_cleanup_free_ char *path = write_conf("bad.conf", text);
	struct config *c = NULL;
	char *error = NULL;

	if (config_load(path, &c, &error) >= 0) {
		config_free(c);
		return strdup("(accepted)");
	}
	return error ? error : strdup("(no message)");
}

static void test_durations(void)
{
	uint64_t d;
	char buf[32];

	check(config_parse_duration("7d", &d) == 0 && d == 7 * 86400, "7d is a week");
	check(config_parse_duration("12h", &d) == 0 && d == 12 * 3600, "12h is half a day");
	check(config_parse_duration("30m", &d) == 0 && d == 1800, "30m is half an hour");
	check(config_parse_duration("45s", &d) == 0 && d == 45, "45s is 45 seconds");
	check(config_parse_duration("1h30m", &d) == 0 && d == 5400, "units combine: 1h30m");
	check(config_parse_duration("90", &d) == 0 && d == 90, "a bare number is seconds");
	check(config_parse_duration("7x", &d) < 0, "an unknown unit is refused");
	check(config_parse_duration("", &d) < 0, "an empty duration is refused");
	check(config_parse_duration("-5m", &d) < 0, "a negative duration is refused");
	check(!strcmp(config_format_duration(5400, buf, sizeof(buf)), "1h30m"), "5400s prints as 1h30m");
	check(!strcmp(config_format_duration(7 * 86400, buf, sizeof(buf)), "7d"), "a week prints as 7d");
}

static void test_defaults_and_volumes(void)
{
	_cleanup_free_ char *path = write_conf("good.conf",
		"; an example\n"
		"[daemon]\n"
		"interval = 3d\n"
		"idle_after = 10m\n"
		"state_dir = state\n"
		"\n"
		"[volume:home]\n"
		"path = /srv/home\n"
		"[volume:dev]\n"
		"chunk = UUID=6f1c2a3e-0c4b-4e7e-9d55-0123456789ab\n"
		"chunk = images/c-*.img\n");
	_cleanup_(config_freep) struct config *c = NULL;
	_cleanup_free_ char *error = NULL;
	_cleanup_free_ char *state = NULL;
	const struct config_volume *v;

	check(config_load(path, &c, &error) == 0, "a good file loads");
	if (!c) {
		printf("# %s\n", error);
		return;
	}
	if (asprintf(&state, "%s/state", dir) < 0)
		abort();
	check(c->boot_chunks == 2, "boot_chunks defaults to 2");
	check(c->max_parallel == 1, "max_parallel defaults to 1");
	check(c->io_class == IOPRIO_CLASS_IDLE && c->nice == 19, "jobs run at I/O class idle, nice 19 by default");
	check(c->auto_repair && c->orphans == CHUNK_ORPHANS_QUARANTINE, "auto repair on, orphans quarantined by default");
	check(c->discover_mounts, "mounts of volumes without a section are scrubbed by default");
	check(c->interval == 3 * 86400 && c->idle_after == 600, "interval and idle_after are read");
	check(!strcmp(c->state_dir, state), "a relative state_dir is relative to the file's folder");
	check(c->n_volumes == 2, "both volumes are read");
	v = config_find_volume(c, "home");
	check(v && !strcmp(v->path, "/srv/home") && v->n_chunks == 0, "volume home has its path");
	v = config_find_volume(c, "dev");
	check(v && !v->path && v->n_chunks == 2 && !strncmp(v->chunks[0], "UUID=", 5),
	      "volume dev lists its chunks in order");
	check(!config_find_volume(c, "nope"), "an unknown volume is not found");
}

static void test_errors(void)
{
	static const struct { const char *text, *want, *what; } cases[] = {
		{ "[daemon]\nintervall = 7d\n", "bad.conf:2: key 'intervall': unknown key", "an unknown key names file:line and key" },
		{ "[daemon]\n\ninterval = 7 days\n", "bad.conf:3: key 'interval': '7 days' is not a duration", "a bad duration names file:line and key" },
		{ "[daemon]\nmax_parallel = 0\n", "key 'max_parallel'", "max_parallel 0 is refused" },
		{ "[daemon]\nauto_repair = maybe\n", "key 'auto_repair': 'maybe' is not yes or no", "a bad boolean is refused" },
		{ "[daemon]\ndiscover_mounts = some\n", "key 'discover_mounts': 'some' is not yes or no", "discover_mounts is yes or no" },
		{ "[daemon]\norphans = keep\n", "key 'orphans'", "an unknown orphan policy is refused" },
		{ "[daemon]\nnice = 40\n", "key 'nice'", "a nice level out of range is refused" },
		{ "[deamon]\nnice = 4\n", "bad.conf:2: unknown section [deamon]", "an unknown section is refused" },
		{ "nice = 4\n", "key outside any section", "a key before any section is refused" },
		{ "[volume:a]\npath = /x\n[volume:a]\npath = /y\n", "volume 'a' is defined twice", "a volume defined twice is refused" },
		{ "[volume:a b]\npath = /x\n", "'a b' is not a volume name", "a volume name with a space is refused" },
		{ "[volume:a]\nchunk = UUID=zzz\n", "bad.conf:2: key 'chunk': 'zzz' is not a file system UUID", "a bad UUID is refused" },
		{ "[volume:a]\ndevice = /x\n", "key 'device': unknown key in [volume:a]", "an unknown volume key is refused" },
		{ "[daemon]\nthis line has no equals sign\n", "bad.conf:2: syntax error", "a syntax error names the line" },
	};

	for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
		_cleanup_free_ char *e = load_error(cases[i].text);

		check(strstr(e, cases[i].want) != NULL, cases[i].what);
		if (!strstr(e, cases[i].want))
			printf("#   got: %s\n#   want: %s\n", e, cases[i].want);
	}
}

static void test_missing_file(void)
{
	struct config *c = NULL;
	_cleanup_free_ char *error = NULL;

	check(config_load("/nonexistent/chunkscrubd.conf", &c, &error) == -ENOENT &&
	      strstr(error, "/nonexistent/chunkscrubd.conf"), "a missing file is named in the error");
}

int main(void)
{
	if (!mkdtemp(dir))
		return 1;
	test_durations();
	test_defaults_and_volumes();
	test_errors();
	test_missing_file();
	{
		char cmd[128];
		snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
		if (system(cmd) != 0)
			return 1;
	}
	return failed > 0;
}
