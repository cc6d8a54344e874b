/* Checking chunks here, without chunkscrubd, and the JSON document of a check (chunkctl/offline-check.c). */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct chunk_check_report;
struct json_object;

/* Checks (REPAIR: repairs) N CHUNKS, or ALL, of the volume at VOLPATH, printing each report,
 * or with JSON one document as check --json prints. Returns the fsck(8) codes ORed together. */
int offline_check(const char *volpath, uint32_t *chunks, size_t n, bool all, bool repair, bool json);

/* The one document of check --json, repair --json and scrub --json offline:
 * {"volume": VOL, "chunks": [one report per chunk checked], "result": N}. */
struct json_object *check_json_new(const char *volume);
/* A report that could not be made is null in "chunks". */
void check_json_add_report(struct json_object *doc, const struct chunk_check_report *rep);
/* Adds "result" and prints; -ENOMEM when DOC could not be made. */
int check_json_print(struct json_object *doc, int result);
