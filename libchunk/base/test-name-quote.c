/* Names in text for a terminal: quoted as GNU ls's shell-escape style quotes them, and messages
 * with every unprintable byte escaped, so that nothing printed moves the cursor. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/base/macro.h"
#include "libchunk/base/name-quote.h"
#include "libchunk/base/test-assert.h"

/* What PRINT writes of TEXT, malloc'd. */
static char *written(void (*print)(FILE *, const char *), const char *text)
{
	char *out = NULL;
	size_t len;
	FILE *f = open_memstream(&out, &len);

	if (!f)
		return NULL;
	print(f, text);
	fclose(f);
	return out;
}

static void check_quote(const char *name, const char *want)
{
	_cleanup_free_ char *got = written(name_quote_print, name);

	CHECK(got && !strcmp(got, want), "name %s (got %s)", want, got ?: "(null)");
}

static void check_message(const char *msg, const char *want)
{
	_cleanup_free_ char *got = written(name_quote_message, msg);

	CHECK(got && !strcmp(got, want), "message %s (got %s)", want, got ?: "(null)");
}

int main(void)
{
	CHECK(name_is_printable("vol/chunk-0001.img") && name_is_printable("caf\xc3\xa9"), "printable names");
	CHECK(!name_is_printable("a\nb") && !name_is_printable("\xff") && !name_is_printable("\xc2\x9b"),
	      "a newline, a byte that is not UTF-8 and a C1 control (CSI) are not printable");
	check_quote("vol/chunk-0001.img", "vol/chunk-0001.img");
	check_quote("q\nv\033[2J/chunk-0000.img", "'q'$'\\n''v'$'\\033''[2J/chunk-0000.img'");
	check_quote("it's\t", "'it'\\''s'$'\\t'");
	check_message("q\nv\033[2J/chunk-0000.img: not a chunk", "q$'\\n'v$'\\033'[2J/chunk-0000.img: not a chunk");
	check_message("caf\xc3\xa9 \xff", "caf\xc3\xa9 $'\\377'");
	return test_exit();
}
