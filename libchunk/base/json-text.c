/* Names for JSON (json-text.h). */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include <json-c/json.h>

#include "libchunk/base/json-text.h"

/* RFC 3629: shortest form only, no surrogates, nothing above U+10FFFF. */
bool utf8_valid(const char *s, size_t len)
{
	const uint8_t *p = (const uint8_t *)s, *end = p + len;

	while (p < end) {
		uint8_t c = *p;
		size_t n;
		uint8_t lo = 0x80, hi = 0xbf; /* the allowed range of the second byte */

		if (c < 0x80) {
			p++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			n = 1;
		else if (c >= 0xe0 && c <= 0xef) {
			n = 2;
			if (c == 0xe0)
				lo = 0xa0;  /* overlong */
			else if (c == 0xed)
				hi = 0x9f;  /* surrogates */
		} else if (c >= 0xf0 && c <= 0xf4) {
			n = 3;
			if (c == 0xf0)
				lo = 0x90;  /* overlong */
			else if (c == 0xf4)
				hi = 0x8f;  /* past U+10FFFF */
		} else
			return false;
		if ((size_t)(end - p) <= n || p[1] < lo || p[1] > hi)
			return false;
		for (size_t i = 2; i <= n; i++)
			if ((p[i] & 0xc0) != 0x80)
				return false;
		p += n + 1;
	}
	return true;
}

struct json_object *json_text_new(const char *s)
{
	if (!s)
		return NULL;

	size_t len = strlen(s);
	if (utf8_valid(s, len))
		return json_object_new_string_len(s, (int)len);

	struct json_object *a = json_object_new_array_ext((int)len);
	if (!a)
		return NULL;
	for (size_t i = 0; i < len; i++)
		if (json_object_array_add(a, json_object_new_int((uint8_t)s[i])) < 0) {
			json_object_put(a);
			return NULL;
		}
	return a;
}

void json_object_putp(struct json_object **o)
{
	json_object_put(*o);
}

bool json_add(struct json_object *o, const char *key, struct json_object *value)
{
	if (value && json_object_object_add(o, key, value) == 0)
		return true;
	json_object_put(value);
	return false;
}

bool json_add_null(struct json_object *o, const char *key)
{
	return json_object_object_add(o, key, NULL) == 0;
}

bool json_append(struct json_object *a, struct json_object *value)
{
	if (value && json_object_array_add(a, value) == 0)
		return true;
	json_object_put(value);
	return false;
}

int json_print(FILE *f, struct json_object *doc, int flags)
{
	const char *s = doc ? json_object_to_json_string_ext(doc, flags | JSON_C_TO_STRING_NOSLASHESCAPE) : NULL;

	if (!s)
		return -ENOMEM;
	fputs(s, f);
	fputc('\n', f);
	return 0;
}
