/* Names from disk in text for a terminal, as GNU ls's shell-escape style quotes them. */
#include <stdint.h>

#include "libchunk/base/name-quote.h"

/* The length of the UTF-8 sequence at S that is a printable character, or 0: an invalid or
 * overlong sequence, a surrogate, or a C1 control (U+0080-U+009F), which some terminals obey
 * as they obey ESC. */
static size_t printable_utf8(const unsigned char *s)
{
	uint32_t cp;
	size_t n;

	if (s[0] >= 0x20 && s[0] < 0x7f)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < 0xa0 || (n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/* The bytes at *S up to the next printable character, as GNU ls's shell-escape style writes
 * them: $'\n', $'\033'. */
static void print_unprintable(FILE *f, const unsigned char **s)
{
	fputs("$'", f);
	for (; **s && !printable_utf8(*s); (*s)++) {
		const char *esc = **s == '\n' ? "\\n" : **s == '\t' ? "\\t" : **s == '\r' ? "\\r" : NULL;
		if (esc)
			fputs(esc, f);
		else
			fprintf(f, "\\%03o", **s);
	}
	fputc('\'', f);
}

bool name_is_printable(const char *name)
{
	const unsigned char *s = (const unsigned char *)name;

	for (size_t k; *s; s += k)
		if (!(k = printable_utf8(s)))
			return false;
	return true;
}

void name_quote_print(FILE *f, const char *name)
{
	const unsigned char *s = (const unsigned char *)name;
	bool quoted = false;

	if (name_is_printable(name)) {
		fputs(name, f);
		return;
	}
	/* As GNU ls's shell-escape style: printable runs in '...', every other byte in $'...',
	 * so that what is printed, pasted into a shell, names the file again. */
	while (*s) {
		size_t k = printable_utf8(s);
		if (k) {
			if (!quoted)
				fputc('\'', f);
			quoted = true;
			if (*s == '\'')
				fputs("'\\''", f);
			else
				fwrite(s, 1, k, f);
			s += k;
			continue;
		}
		if (quoted)
			fputc('\'', f);
		quoted = false;
		print_unprintable(f, &s);
	}
	if (quoted)
		fputc('\'', f);
}

/* A message: each run of bytes that are not printable (of a name not quoted on its own) as ls
 * escapes it, so that no message can move the cursor, rewrite the terminal or print a line that
 * looks like another message. */
void name_quote_message(FILE *f, const char *msg)
{
	const unsigned char *s = (const unsigned char *)msg;

	while (*s) {
		size_t k = printable_utf8(s);
		if (k) {
			fwrite(s, 1, k, f);
			s += k;
		} else
			print_unprintable(f, &s);
	}
}
