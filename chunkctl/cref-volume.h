/* chunkctl cref --volume (chunkctl/cmd-cref-volume.c). */
#pragma once
#include <stdbool.h>

/* Prints the volume's actual cross references; EXIT_ERR if an index disagrees with the records. */
int cref_volume(const char *path, bool json);
