/* Checking chunks here, without chunkscrubd (chunkctl/offline-check.c). */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Checks (REPAIR: repairs) N CHUNKS, or ALL, of the volume at VOLPATH, printing each report.
 * Returns the fsck(8) codes ORed together. */
int offline_check(const char *volpath, uint32_t *chunks, size_t n, bool all, bool repair);
