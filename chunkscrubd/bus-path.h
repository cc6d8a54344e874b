/* The object paths of volumes and chunks on the bus: VOLUME_PREFIX/NAME and CHUNK_PREFIX/NAME_ID,
 * NAME escaped by sd_bus_path_encode(). Pure functions: the volumes compute their paths once. */
#pragma once

/* malloc'd, NULL when out of memory. */
char *bus_volume_path(const char *name);
char *bus_chunk_path(const char *volume, unsigned id);
/* A chunk's path back to its volume's name (malloc'd) and id; 0 if PATH is no chunk's path. */
int bus_chunk_path_decode(const char *path, char **ret_volume, unsigned *ret_id);
