/* Names for JSON. json-c writes strings as they are and JSON wants UTF-8, but a name on disk is
 * any bytes but NUL and '/'. A name that is valid UTF-8 becomes a JSON string (json-c escapes
 * quotes, backslashes and control characters); one that is not becomes an array of its byte
 * values, as `journalctl -o json` writes such fields, so every name round-trips exactly. */
#pragma once
#include <stdbool.h>
#include <stddef.h>

struct json_object;

bool utf8_valid(const char *s, size_t len);
/* A new JSON string or byte array for S (NULL gives JSON null); NULL when out of memory. */
struct json_object *json_text_new(const char *s);
