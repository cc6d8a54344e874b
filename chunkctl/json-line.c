/* chunkctl's JSON on one line (json-line.h): json-c makes the text of every name, string and
 * number; this only lays the document out. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "chunkctl/json-line.h"
#include "libchunk/base/macro.h"

void json_object_putp(struct json_object **o)
{
	json_object_put(*o);
}

int json_add(struct json_object *o, const char *key, struct json_object *value)
{
	if (!value || json_object_object_add(o, key, value) < 0) {
		json_object_put(value);
		return -ENOMEM;
	}
	return 0;
}

int json_add_null(struct json_object *o, const char *key)
{
	return json_object_object_add(o, key, NULL) < 0 ? -ENOMEM : 0;
}

int json_append(struct json_object *a, struct json_object *value)
{
	if (!value || json_object_array_add(a, value) < 0) {
		json_object_put(value);
		return -ENOMEM;
	}
	return 0;
}

/* O (NULL: JSON null) to F. Slashes stay as they are: "\/" is valid JSON but not how a path
 * has ever been written here. */
static int json_line_write(struct json_object *o, FILE *f)
{
	const int flags = JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE;
	const char *sep = "", *text;
	int r = 0;

	switch (json_object_get_type(o)) {
	case json_type_object:
		fputc('{', f);
		json_object_object_foreach(o, key, value) {
			_cleanup_(json_object_putp) struct json_object *k = json_object_new_string(key);

			text = k ? json_object_to_json_string_ext(k, flags) : NULL;
			if (!text)
				return -ENOMEM;
			fprintf(f, "%s%s: ", sep, text);
			r = json_line_write(value, f);
			if (r < 0)
				return r;
			sep = ", ";
		}
		fputc('}', f);
		break;
	case json_type_array:
		fputc('[', f);
		for (size_t i = 0; i < json_object_array_length(o); i++) {
			fputs(sep, f);
			r = json_line_write(json_object_array_get_idx(o, i), f);
			if (r < 0)
				return r;
			sep = ", ";
		}
		fputc(']', f);
		break;
	default:
		text = json_object_to_json_string_ext(o, flags);
		if (!text)
			return -ENOMEM;
		fputs(text, f);
	}
	return 0;
}

int json_line_print(struct json_object *doc)
{
	_cleanup_free_ char *line = NULL;
	size_t size = 0;
	FILE *f;
	int r;

	/* The whole line is made first, so that a failure prints nothing rather than half a
	 * document. */
	f = open_memstream(&line, &size);
	if (!f)
		return -errno;
	r = json_line_write(doc, f);
	if (fclose(f) != 0 && r >= 0)
		r = -ENOMEM;
	if (r < 0)
		return r;
	puts(line);
	return 0;
}
