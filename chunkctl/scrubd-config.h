/* chunkscrubd's configuration as chunkctl reads it (chunkctl/scrubd-config.c). */
#pragma once

/* With no daemon, a volume NAME is looked up in chunkscrubd's configuration ($CHUNKSCRUBD_CONFIG,
 * else the default file). Returns its path (to free), or NULL. */
char *config_volume_path(const char *name);
