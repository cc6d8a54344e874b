/* The check report: a repair that quarantined an orphan and holed a file reads well to a human
 * (paths, then inode numbers) and as JSON (any path round-trips, the lost files are listed). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include <json-c/json.h>

#include "libchunk/base/json-text.h"
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

static struct json_object *get(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	json_object_object_get_ex(o, key, &v);
	return v;
}

static struct json_object *item(struct json_object *a, size_t i)
{
	if (!json_object_is_type(a, json_type_array) || i >= json_object_array_length(a))
		return NULL;
	return json_object_array_get_idx(a, i);
}

static struct json_object *finding(struct json_object *doc, size_t i)
{
	return item(get(doc, "findings"), i);
}

static bool is_text(struct json_object *v, const char *s)
{
	return json_object_is_type(v, json_type_string) && strcmp(json_object_get_string(v), s) == 0;
}

/* A JSON array of byte values that spells S. */
static bool bytes_are(struct json_object *a, const char *s)
{
	size_t n = strlen(s);

	if (!json_object_is_type(a, json_type_array) || json_object_array_length(a) != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (json_object_get_int(json_object_array_get_idx(a, i)) != (unsigned char)s[i])
			return false;
	return true;
}

/* What the journal was sent, one entry a line, its fields separated by '|'. */
static char journal[4096];
static unsigned journal_entries;

static int fake_journal_send(const struct iovec *iov, int n)
{
	size_t len = strlen(journal);

	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(journal + len, sizeof(journal) - len, "%.*s|", (int)iov[i].iov_len,
					(const char *)iov[i].iov_base);
	snprintf(journal + len, sizeof(journal) - len, "\n");
	journal_entries++;
	return 0;
}

static void test_losses_and_journal(const struct chunk_check_report *r)
{
	struct record_losses l;
	const char *summary;

	CHECK(chunk_check_report_losses(r, &l) == 0 && l.count == 2 && l.nentries == 2, "the losses are the moved and the holed file");
	CHECK(l.entries[0].kind == LOSS_MOVED && l.entries[0].path == NULL && l.entries[0].ino == VINO(3, 18) &&
	      strcmp(l.entries[0].moved_to, "/lost+found/orphan-c3-i18") == 0 && l.entries[1].moved_to == NULL &&
	      l.entries[1].kind == LOSS_DATA && strcmp(l.entries[1].path, "/src/big file.c") == 0 &&
	      l.entries[1].bytes == 57344, "each loss keeps its kind, path, inode and bytes");

	l.count = 5;
	l.last = 1764000000;
	l.entries[1].path = (char *)"/d\"\\\n\377";
	{
		_cleanup_(json_object_putp) struct json_object *j = chunk_losses_to_json(&l);
		_cleanup_(json_object_putp) struct json_object *back = j ? json_tokener_parse(json_object_to_json_string(j)) : NULL;
		struct record_losses b;

		CHECK(j && json_object_get_int(get(j, "more")) == 3 && is_text(get(item(get(j, "files"), 0), "loss"), "moved"),
		      "the losses as JSON: the count, how many are not kept, each loss by name");
		CHECK(chunk_losses_from_json(back, &b) == 0 && b.count == 5 && b.last == 1764000000 && b.nentries == 2 &&
		      b.entries[0].kind == LOSS_MOVED && strcmp(b.entries[0].moved_to, "/lost+found/orphan-c3-i18") == 0 &&
		      !b.entries[0].path && b.entries[1].kind == LOSS_DATA && b.entries[1].bytes == 57344 &&
		      strcmp(b.entries[1].path, "/d\"\\\n\377") == 0 && b.entries[1].ino == VINO(0, 58),
		      "and back, a path that is not UTF-8 too");
		record_losses_done(&b);
		CHECK(chunk_losses_from_json(get(j, "count"), &b) == -EBADMSG, "what is not a list of losses is refused");
	}
	free(l.entries);

	CHECK(chunk_check_report_journal(r, "test", "/srv/vol", fake_journal_send) == 0 && journal_entries == 3,
	      "the journal gets one entry per file lost or moved, then a summary");
	CHECK(strstr(journal, "MESSAGE_ID=" CHUNK_MESSAGE_FILE_LOST "|SYSLOG_IDENTIFIER=test|CHUNKFS_VOLUME=/srv/vol|"
			      "CHUNKFS_CHUNK=3|CHUNKFS_CHUNK_PATH=/v/chunk-0003.img|MESSAGE=repair of chunk 3 of /srv/vol: "
			      "/src/big file.c lost 57344 byte(s), which read as EIO|CHUNKFS_PATH=/src/big file.c|"
			      "CHUNKFS_INODE=0:58|CHUNKFS_LOSS=data|CHUNKFS_BYTES_LOST=57344|") != NULL,
	      "a file's entry names it by path, with the volume, the chunk and the bytes lost");
	CHECK(strstr(journal, "a file of unknown path (inode 3:18) was moved to /lost+found/orphan-c3-i18|CHUNKFS_INODE=3:18|"
			      "CHUNKFS_MOVED_TO=/lost+found/orphan-c3-i18|CHUNKFS_LOSS=moved|") != NULL,
	      "a moved file without a known path is named by its inode and where it went");
	summary = strstr(journal, "MESSAGE_ID=" CHUNK_MESSAGE_REPAIR_SUMMARY);
	CHECK(summary && strstr(summary, "CHUNKFS_RESULT=1|CHUNKFS_FOUND=3|CHUNKFS_FIXED=2|CHUNKFS_FILES_LOST=1|"
				  "CHUNKFS_FILES_MOVED=1|CHUNKFS_BYTES_LOST=57344|") != NULL,
	      "the summary counts the files lost and moved");
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
	finding_set_moved(f, "/lost+found/", "orphan-c3-i18");
	f = chunk_check_report_add(r, "pointers", VINO(0, 58), "forward pointer to 3:20 is dangling");
	finding_set_path(f, "/src/big file.c");
	finding_set_action(f, FINDING_HOLED, "bytes 8192-65536 are lost: marked, they read as EIO");
	f->bytes_lost = 57344;
	f = chunk_check_report_add(r, "names", VINO(0, 12), "name \"a\" is in two continuations");
	finding_set_path(f, "/d\"\\\n\x01\x1f\xff");
	CHECK(chunk_check_report_found(r) == 3 && chunk_check_report_fixed(r) == 2 &&
	      chunk_check_report_left(r) == 1, "found, fixed and left are counted from the findings");

	text = print_text(r);
	CHECK(strstr(text, "chunk 3 (/v/chunk-0003.img): repair: errors corrected, status 1") != NULL,
	      "the text report opens with the chunk, its path and the outcome");
	CHECK(strstr(text, "/src/big file.c: forward pointer to 3:20 is dangling (inode 0:58)") != NULL,
	      "a finding names the file by path, then by inode");
	CHECK(strstr(text, "-> moved to /lost+found/orphan-c3-i18") != NULL, "what was done is shown");
	CHECK(strstr(text, "files that lost data:\n    /src/big file.c (57344 bytes lost, read as EIO)") != NULL,
	      "files that lost data are listed at the end");
	CHECK(strstr(text, "42 cross-chunk reference(s) verified") != NULL, "the reference count is shown");

	json = chunk_check_report_json(r);
	CHECK(json && json[0] == '{' && json[strlen(json) - 1] == '}' && !strchr(json, '\n'),
	      "JSON is one object on one line");
	CHECK(strstr(json, "\"e2fsck_output\":\"Pass 1: \\\"quoted\\\"\\n\\ttab\\u0001\"") != NULL,
	      "quotes, newlines, tabs and control characters are escaped");
	CHECK(strstr(json, "\"path\":\"/v/chunk-0003.img\"") != NULL, "slashes are left as they are");

	_cleanup_(json_object_putp) struct json_object *doc = json_tokener_parse(json);
	CHECK(json_object_is_type(doc, json_type_object), "JSON parses");
	CHECK(is_text(item(get(doc, "files_lost"), 0), "/src/big file.c") && !item(get(doc, "files_lost"), 1),
	      "JSON lists the lost files");
	CHECK(is_text(get(finding(doc, 0), "moved_to"), "/lost+found/orphan-c3-i18") &&
	      !json_object_object_get_ex(finding(doc, 1), "moved_to", NULL), "JSON says where a quarantined file is now");
	CHECK(is_text(get(finding(doc, 0), "action"), "quarantined") &&
	      json_object_get_int(get(finding(doc, 0), "chunk")) == 3 &&
	      json_object_get_int(get(finding(doc, 0), "local_ino")) == 18,
	      "JSON findings carry the action and both halves of the inode number");
	CHECK(json_object_get_int(get(doc, "result")) == 1 && json_object_get_int(get(doc, "found")) == 3 &&
	      json_object_get_int(get(doc, "fixed")) == 2 && finding(doc, 2) && !finding(doc, 3),
	      "JSON carries the status and the counts");
	CHECK(finding(doc, 0) && json_object_is_type(get(finding(doc, 0), "path"), json_type_null) &&
	      get(doc, "error") == NULL && json_object_object_get_ex(doc, "error", NULL),
	      "what is not known is null");
	CHECK(bytes_are(get(finding(doc, 2), "path"), "/d\"\\\n\x01\x1f\xff"),
	      "a path that is not UTF-8 is its bytes");
	CHECK(is_text(get(finding(doc, 2), "problem"), "name \"a\" is in two continuations"),
	      "a message round-trips");
	test_losses_and_journal(r);
	chunk_check_report_free(r);
	return test_exit();
}
