/* The check report: a repair that quarantined an orphan and holed a file reads well to a human
 * (paths, then inode numbers) and as JSON (escaped, with the lost files listed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/base/macro.h"
#include "libchunk/check/report.h"
#include "libchunk/base/test-assert.h"

static char *print_text(const struct chunk_check_report *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	chunk_check_report_print(r, f);
	fclose(f);
	return buf;
}

int main(void)
{
	struct chunk_check_report *r = chunk_check_report_new(3, "/v/chunk-0003.img", true);
	struct finding *f;
	_cleanup_free_ char *text = NULL, *json = NULL;

	CHECK(r && r->e2fsck_status == -1 && chunk_check_report_found(r) == 0,
	      "a new report is empty and e2fsck has not run");
	r->e2fsck_status = 1;
	r->e2fsck_output = strdup("Pass 1: \"quoted\"\n\ttab\x01");
	r->result = FSCK_CORRECTED;
	r->refs_checked = 42;
	f = chunk_check_report_add(r, "pointers", VINO(3, 18), "continuation of %s is not named by its head",
				   "0000-0000003a-4130e0f9");
	finding_set_action(f, FINDING_QUARANTINED, "moved to %s", "/lost+found/orphan-c3-i18");
	f = chunk_check_report_add(r, "pointers", VINO(0, 58), "forward pointer to 3:20 is dangling");
	finding_set_path(f, "/src/big file.c");
	finding_set_action(f, FINDING_HOLED, "bytes 8192-65536 are now a hole");
	f->bytes_lost = 57344;
	chunk_check_report_add(r, "names", VINO(0, 12), "name \"a\" is in two continuations");
	CHECK(chunk_check_report_found(r) == 3 && chunk_check_report_fixed(r) == 2 &&
	      chunk_check_report_left(r) == 1, "found, fixed and left are counted from the findings");

	text = print_text(r);
	CHECK(strstr(text, "chunk 3 (/v/chunk-0003.img): repair: errors corrected, status 1") != NULL,
	      "the text report opens with the chunk, its path and the outcome");
	CHECK(strstr(text, "/src/big file.c: forward pointer to 3:20 is dangling (inode 0:58)") != NULL,
	      "a finding names the file by path, then by inode");
	CHECK(strstr(text, "-> moved to /lost+found/orphan-c3-i18") != NULL, "what was done is shown");
	CHECK(strstr(text, "files that lost data:\n    /src/big file.c (57344 bytes now a hole)") != NULL,
	      "files that lost data are listed at the end");
	CHECK(strstr(text, "42 cross-chunk reference(s) verified") != NULL, "the reference count is shown");

	json = chunk_check_report_json(r);
	CHECK(json && json[0] == '{' && json[strlen(json) - 1] == '}', "JSON is one object");
	CHECK(strstr(json, "\"e2fsck_output\":\"Pass 1: \\\"quoted\\\"\\n\\ttab\\u0001\"") != NULL,
	      "quotes, newlines, tabs and control characters are escaped");
	CHECK(strstr(json, "\"files_lost\":[\"/src/big file.c\"]") != NULL, "JSON lists the lost files");
	CHECK(strstr(json, "\"action\":\"quarantined\"") && strstr(json, "\"ino_chunk\":3,\"ino_local\":18"),
	      "JSON findings carry the action and both halves of the inode number");
	CHECK(strstr(json, "\"result\":1,") && strstr(json, "\"found\":3,\"fixed\":2"),
	      "JSON carries the status and the counts");
	chunk_check_report_free(r);
	return test_exit();
}
