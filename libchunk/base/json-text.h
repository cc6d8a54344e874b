/* JSON through json-c: names that round-trip, and the few helpers every JSON output uses.
 *
 * Names for JSON. json-c writes strings as they are and JSON wants UTF-8, but a name on disk is
 * any bytes but NUL and '/'. A name that is valid UTF-8 becomes a JSON string (json-c escapes
 * quotes, backslashes and control characters); one that is not becomes an array of its byte
 * values, as `journalctl -o json` writes such fields, so every name round-trips exactly. */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct json_object;

bool utf8_valid(const char *s, size_t len);
/* A new JSON string or byte array for S (NULL gives JSON null); NULL when out of memory. */
struct json_object *json_text_new(const char *s);

/* For _cleanup_(json_object_putp). */
void json_object_putp(struct json_object **o);
/* Adds KEY: VALUE to O, which takes VALUE; false when VALUE is NULL (json-c's constructors give
 * NULL only when out of memory) or the add fails, VALUE then released. JSON null: json_add_null. */
bool json_add(struct json_object *o, const char *key, struct json_object *value);
bool json_add_null(struct json_object *o, const char *key);
/* Appends VALUE to array A, which takes it; false as json_add(). */
bool json_append(struct json_object *a, struct json_object *value);
/* DOC on one line and a newline to F, in json-c's layout FLAGS (JSON_C_TO_STRING_*), slashes
 * as they are; -ENOMEM when DOC is NULL or json-c has no memory for the text. */
int json_print(FILE *f, struct json_object *doc, int flags);
