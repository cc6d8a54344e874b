/* org.chunkfs.Scrub1.Volume: one object per volume, configured or found mounted,
 * /org/chunkfs/Scrub1/volume/NAME. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "chunkscrubd/bus.h"
#include "chunkscrubd/manager.h"
#include "libchunk/base/macro.h"

int bus_volume_find(sd_bus *bus, const char *path, const char *interface, void *userdata,
		    void **found, sd_bus_error *error)
{
	_cleanup_free_ char *name = NULL;
	struct scrub_volume *v;

	if (sd_bus_path_decode(path, BUS_VOLUME_PREFIX, &name) <= 0)
		return 0;
	v = manager_find_volume(userdata, name);
	if (!v)
		return 0;
	*found = v;
	return 1;
}

int bus_volume_enumerate(sd_bus *bus, const char *prefix, void *userdata, char ***nodes,
			 sd_bus_error *error)
{
	struct manager *m = userdata;
	char **l = calloc(m->n_volumes + 1, sizeof(char *));

	if (!l)
		return -ENOMEM;
	for (size_t i = 0; i < m->n_volumes; i++)
		if (!(l[i] = strdup(m->volumes[i]->object_path))) {
			for (size_t k = 0; k < i; k++)
				free(l[k]);
			free(l);
			return -ENOMEM;
		}
	*nodes = l;
	return 1;
}

#define VOLUME(userdata) ((struct scrub_volume *)(userdata))

static int property_string(sd_bus *bus, const char *path, const char *interface, const char *property,
			   sd_bus_message *reply, void *userdata, sd_bus_error *error)
{
	const struct scrub_volume *v = userdata;

	return sd_bus_message_append(reply, "s", !strcmp(property, "Name") ? v->name : v->path ?: "");
}

static int property_discovered(sd_bus *bus, const char *path, const char *interface, const char *property,
			       sd_bus_message *reply, void *userdata, sd_bus_error *error)
{
	const struct scrub_volume *v = userdata;

	return sd_bus_message_append(reply, "b", v->discovered);
}

static int property_chunks(sd_bus *bus, const char *path, const char *interface, const char *property,
			   sd_bus_message *reply, void *userdata, sd_bus_error *error)
{
	const struct scrub_volume *v = userdata;
	int r = sd_bus_message_open_container(reply, 'a', "o");

	for (unsigned i = 0; r >= 0 && i < v->n_chunks; i++)
		r = sd_bus_message_append(reply, "o", v->chunks[i]->object_path);
	return r < 0 ? r : sd_bus_message_close_container(reply);
}

static int property_count(sd_bus *bus, const char *path, const char *interface, const char *property,
			  sd_bus_message *reply, void *userdata, sd_bus_error *error)
{
	const struct scrub_volume *v = userdata;
	uint32_t n = 0;

	for (unsigned i = 0; i < v->n_chunks; i++) {
		const char *s = scrub_chunk_state_string(v->chunks[i]);

		n += !strcmp(property, "Damaged") ? !strcmp(s, "damaged") :
		     !strcmp(property, "Dirty") ? !strcmp(s, "dirty") :
		     !strcmp(property, "Missing") ? !strcmp(s, "missing") : 1;
	}
	return sd_bus_message_append(reply, "u", n);
}

const sd_bus_vtable bus_volume_vtable[] = {
	SD_BUS_VTABLE_START(0),
	SD_BUS_PROPERTY("Name", "s", property_string, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("Path", "s", property_string, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("Discovered", "b", property_discovered, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("Chunks", "ao", property_chunks, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("ChunkCount", "u", property_count, 0, SD_BUS_VTABLE_PROPERTY_CONST),
	SD_BUS_PROPERTY("Damaged", "u", property_count, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("Dirty", "u", property_count, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_PROPERTY("Missing", "u", property_count, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
	SD_BUS_VTABLE_END
};

void bus_volume_emit_changed(struct scrub_volume *v, void *userdata)
{
	if (!v->retired)
		sd_bus_emit_properties_changed(userdata, v->object_path, BUS_VOLUME_INTERFACE,
					       "Damaged", "Dirty", "Missing", NULL);
}
