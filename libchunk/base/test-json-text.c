/* Unit test of json-text.c: which byte strings are UTF-8, and that every name becomes JSON
 * that parses back to the same bytes. */
#include <string.h>

#include <json-c/json.h>

#include "libchunk/base/json-text.h"
#include "libchunk/base/test-assert.h"

static void test_utf8(void)
{
	static const struct { const char *s; bool ok; } cases[] = {
		{ "", true }, { "plain", true }, { "caf\xc3\xa9", true }, { "\xe2\x82\xac", true },
		{ "\xf0\x9f\x98\x80", true }, { "\xf4\x8f\xbf\xbf", true },
		{ "\xff", false }, { "\xc3", false }, { "\xc0\xaf", false }, { "\xe0\x80\xaf", false },
		{ "\xed\xa0\x80", false }, { "\xf4\x90\x80\x80", false }, { "\xf8\x88\x80\x80\x80", false },
		{ "a\xe2\x82", false }, { "\x80", false },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(utf8_valid(cases[i].s, strlen(cases[i].s)) == cases[i].ok, "UTF-8 case %zu", i);
}

/* Serialises NAME, parses the text again and compares what comes back with NAME. */
static bool round_trips(const char *name)
{
	struct json_object *o = json_text_new(name);
	const char *text = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
	struct json_object *back = json_tokener_parse(text);
	bool same = false;

	if (json_object_is_type(back, json_type_string))
		same = strcmp(json_object_get_string(back), name) == 0;
	else if (json_object_is_type(back, json_type_array) && json_object_array_length(back) == strlen(name)) {
		same = true;
		for (size_t i = 0; i < strlen(name); i++)
			same &= json_object_get_int(json_object_array_get_idx(back, i)) == (uint8_t)name[i];
	}
	json_object_put(back);
	json_object_put(o);
	return same;
}

int main(void)
{
	test_utf8();
	CHECK(round_trips("a \"quoted\" name"), "quotes round-trip");
	CHECK(round_trips("back\\slash"), "backslashes round-trip");
	CHECK(round_trips("new\nline\ttab\x01\x1f"), "control characters round-trip");
	CHECK(round_trips("caf\xc3\xa9"), "UTF-8 round-trips as a string");
	CHECK(round_trips("bad\xff\xfe"), "invalid UTF-8 round-trips as bytes");
	struct json_object *o = json_text_new("bad\xff");
	CHECK(json_object_is_type(o, json_type_array), "invalid UTF-8 is a byte array");
	json_object_put(o);
	CHECK(json_text_new(NULL) == NULL, "NULL is JSON null");
	return test_exit();
}
