/* Names from disk in text for a terminal: a name is written as GNU ls's shell-escape style
 * writes it ('a'$'\n''b'), a message with names in it has every unprintable byte escaped so,
 * and no name or message can move the cursor, rewrite the terminal or print a line that reads
 * as another message. One rule for chunkctl's messages, libchunk's reports and the daemon. */
#pragma once
#include <stdbool.h>
#include <stdio.h>

/* Whether every character of NAME is printable (valid UTF-8, no C0 or C1 control, no DEL). */
bool name_is_printable(const char *name);
/* Writes NAME (a file name or path, any bytes) to F as it is when every character is
 * printable, else quoted as GNU ls's shell-escape style does, so that what is printed, pasted
 * into a shell, names the file again. */
void name_quote_print(FILE *f, const char *name);
/* Writes MSG to F: its printable text as it is, each run of other bytes as ls escapes it
 * ($'\n', $'\033'). For text that holds names not quoted on their own. */
void name_quote_message(FILE *f, const char *msg);
