/* What of chunkscrubd's configuration only the system can answer, checked before anything
 * runs: the state directory can be made and written, the e2fsck named can be run, each
 * volume's path is there. Each error names the FILE:LINE of its key, as parse errors do.
 * And the effective configuration, printed for --check-config. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chunkscrubd/config.h"
#include "libchunk/base/macro.h"

/* "FILE:LINE: key 'KEY': WHAT", or without a line "FILE: KEY VALUE (the default): WHAT". */
static int check_fail(const struct config *c, unsigned line, const char *key, const char *value, const char *what,
		      char **error)
{
	int r = line ? asprintf(error, "%s:%u: key '%s': %s %s", c->file, line, key, value, what)
		     : asprintf(error, "%s: %s %s (the default): %s", c->file, key, value, what);

	if (r < 0)
		*error = NULL;
	return -EINVAL;
}

/* The daemon makes DIR (one level) at its first save and writes there every save after. */
static int check_state_dir(const struct config *c, char **error)
{
	_cleanup_free_ char *parent = strdup(c->state_dir);
	const char *dir = c->state_dir;
	struct stat st;
	char *slash;

	if (!parent)
		return -ENOMEM;
	if (stat(dir, &st) == 0) {
		if (!S_ISDIR(st.st_mode))
			return check_fail(c, c->state_dir_line, "state_dir", dir, "is not a directory", error);
		if (access(dir, W_OK | X_OK) < 0)
			return check_fail(c, c->state_dir_line, "state_dir", dir, "cannot be written", error);
		return 0;
	}
	if (errno != ENOENT)
		return check_fail(c, c->state_dir_line, "state_dir", dir, strerror(errno), error);
	slash = strrchr(parent, '/');
	if (slash)
		*slash = '\0';
	if (!slash || !*parent || (stat(parent, &st) == 0 && S_ISDIR(st.st_mode) && access(parent, W_OK | X_OK) == 0))
		return 0;
	return check_fail(c, c->state_dir_line, "state_dir", dir,
			  "cannot be created: its parent is missing or not writable", error);
}

/* A bare name is looked up on $PATH, as libchunk runs it. */
static int check_e2fsck(const struct config *c, char **error)
{
	const char *path = getenv("PATH") ?: "/usr/sbin:/usr/bin:/sbin:/bin";
	struct stat st;

	if (!c->e2fsck)
		return 0;
	if (strchr(c->e2fsck, '/')) {
		if (stat(c->e2fsck, &st) < 0)
			return check_fail(c, c->e2fsck_line, "e2fsck", c->e2fsck, "does not exist", error);
		if (!S_ISREG(st.st_mode) || access(c->e2fsck, X_OK) < 0)
			return check_fail(c, c->e2fsck_line, "e2fsck", c->e2fsck, "is not an executable file", error);
		return 0;
	}
	while (*path) {
		size_t len = strcspn(path, ":");
		char full[PATH_MAX];

		snprintf(full, sizeof(full), "%.*s/%s", (int)len, path, c->e2fsck);
		if (stat(full, &st) == 0 && S_ISREG(st.st_mode) && access(full, X_OK) == 0)
			return 0;
		path += len + (path[len] == ':');
	}
	return check_fail(c, c->e2fsck_line, "e2fsck", c->e2fsck, "is not found on $PATH", error);
}

static int check_volumes(const struct config *c, char **error)
{
	for (size_t i = 0; i < c->n_volumes; i++) {
		const struct config_volume *v = &c->volumes[i];

		if (v->path && access(v->path, F_OK) < 0) {
			if (asprintf(error, "%s:%u: [volume:%s]: cannot open %s: %s", c->file, v->line, v->name, v->path,
				     strerror(errno)) < 0)
				*error = NULL;
			return -EINVAL;
		}
	}
	return 0;
}

int config_check_system(const struct config *c, char **error)
{
	int r;

	*error = NULL;
	r = check_state_dir(c, error);
	if (r >= 0)
		r = check_e2fsck(c, error);
	if (r >= 0)
		r = check_volumes(c, error);
	return r;
}

void config_print(const struct config *c, FILE *f)
{
	char interval[32], idle[32];

	fprintf(f, "# the configuration in force, read from %s\n[daemon]\n", c->file);
	fprintf(f, "boot_chunks = %u\ninterval = %s\nidle_after = %s\nmax_parallel = %u\n", c->boot_chunks,
		config_format_duration(c->interval, interval, sizeof(interval)),
		config_format_duration(c->idle_after, idle, sizeof(idle)), c->max_parallel);
	fprintf(f, "io_class = %s\nnice = %d\nauto_repair = %s\norphans = %s\n", config_io_class_to_string(c->io_class),
		c->nice, c->auto_repair ? "yes" : "no", c->orphans == CHUNK_ORPHANS_DELETE ? "delete" : "quarantine");
	fprintf(f, "discover_mounts = %s\n", c->discover_mounts ? "yes" : "no");
	fprintf(f, "e2fsck = %s\nstate_dir = %s\n", c->e2fsck ?: "e2fsck", c->state_dir);
	if (c->metrics_file)
		fprintf(f, "metrics_file = %s\n", c->metrics_file);
	for (size_t i = 0; i < c->n_volumes; i++) {
		const struct config_volume *v = &c->volumes[i];

		fprintf(f, "\n[volume:%s]\n", v->name);
		if (v->path)
			fprintf(f, "path = %s\n", v->path);
		for (size_t k = 0; k < v->n_chunks; k++)
			fprintf(f, "chunk = %s\n", v->chunks[k]);
	}
}
