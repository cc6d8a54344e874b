/* chunkctl's JSON output. json-c builds the document and writes the text of every name,
 * string and number; json_line_print() lays it out on one line, `"key": value` with items
 * parted by ", ", the layout chunkctl(8) documents and scripts read (json-c's own layouts
 * space braces and brackets: "{ "). */
#pragma once

struct json_object;

/* For _cleanup_(json_object_putp). */
void json_object_putp(struct json_object **o);
/* Adds KEY: VALUE to O, which takes VALUE. json-c's constructors return NULL only when out of
 * memory, so a NULL VALUE is that here (-ENOMEM); JSON null is json_add_null(). */
int json_add(struct json_object *o, const char *key, struct json_object *value);
int json_add_null(struct json_object *o, const char *key);
/* Appends VALUE to array A, which takes it; NULL is out of memory, as for json_add(). */
int json_append(struct json_object *a, struct json_object *value);
/* DOC and a newline to stdout; all of it or, on failure (-errno), nothing. */
int json_line_print(struct json_object *doc);
