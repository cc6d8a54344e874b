/* chunkscrubd's configuration as chunkctl reads it: where a volume NAME lives, for the commands
 * that fall back to working offline when the daemon is not running. */
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chunkctl/scrubd-config.h"

#define DEFAULT_CONFIG "/etc/chunkfs/chunkscrubd.conf"

struct config_lookup {
	const char *name;
	char *path;
	char *file;
};

static int config_lookup_handler(void *userdata, const char *section, const char *key, const char *value)
{
	struct config_lookup *l = userdata;

	if (!strncmp(section, "volume:", 7) && !strcmp(section + 7, l->name) && !strcmp(key, "path")) {
		const char *slash = strrchr(l->file, '/');

		free(l->path);
		if (value[0] == '/' || !slash)
			l->path = strdup(value);
		else if (asprintf(&l->path, "%.*s/%s", (int)(slash - l->file), l->file, value) < 0)
			l->path = NULL;
	}
	return 1;
}

/* With no daemon, a volume NAME is looked up in chunkscrubd's configuration. */
char *config_volume_path(const char *name)
{
	const char *file = getenv("CHUNKSCRUBD_CONFIG") ?: DEFAULT_CONFIG;
	struct config_lookup l = { .name = name, .file = (char *)file };

	if (ini_parse(file, config_lookup_handler, &l) < 0)
		return NULL;
	return l.path;
}
