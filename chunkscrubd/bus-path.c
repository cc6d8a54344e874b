/* Object paths of the volume and chunk objects (see bus-path.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>

#include "chunkscrubd/bus-api.h"
#include "chunkscrubd/bus-path.h"
#include "libchunk/base/macro.h"

char *bus_volume_path(const char *name)
{
	char *p;

	return sd_bus_path_encode(BUS_VOLUME_PREFIX, name, &p) < 0 ? NULL : p;
}

char *bus_chunk_path(const char *volume, unsigned id)
{
	_cleanup_free_ char *p = NULL;
	char *s;

	if (sd_bus_path_encode(BUS_CHUNK_PREFIX, volume, &p) < 0)
		return NULL;
	return asprintf(&s, "%s_%u", p, id) < 0 ? NULL : s;
}

/* The label is the encoded volume name, '_', the chunk id; encoded names never end in '_N'
 * ambiguously because the id follows the last '_'. */
int bus_chunk_path_decode(const char *path, char **ret_volume, unsigned *ret_id)
{
	_cleanup_free_ char *head = NULL;
	const char *us = strrchr(path, '_');
	char *end;
	unsigned long id;
	int r;

	if (strncmp(path, BUS_CHUNK_PREFIX "/", sizeof(BUS_CHUNK_PREFIX)) || !us || !us[1])
		return 0;
	id = strtoul(us + 1, &end, 10);
	if (*end || id > UINT_MAX)
		return 0;
	head = strndup(path, (size_t)(us - path));
	if (!head)
		return -ENOMEM;
	r = sd_bus_path_decode(head, BUS_CHUNK_PREFIX, ret_volume);
	if (r <= 0)
		return r;
	*ret_id = (unsigned)id;
	return 1;
}
