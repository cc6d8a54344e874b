/* The check report: collected while the passes run, printed for a human (file paths first,
 * inode numbers as a second name) or as one JSON object for scripts and the daemon. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/name-quote.h"
#include "libchunk/check/report.h"

struct chunk_check_report *chunk_check_report_new(unsigned chunk, const char *path, bool repair)
{
	struct chunk_check_report *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->chunk = chunk;
	r->chunk_path = path ? strdup(path) : NULL;
	r->repair = repair;
	r->e2fsck_status = -1;
	return r;
}

struct finding *chunk_check_report_add(struct chunk_check_report *r, const char *pass, vino_t ino,
				       const char *fmt, ...)
{
	struct finding *f, *n;
	va_list ap;

	n = realloc(r->findings, (r->nfindings + 1) * sizeof(*n));
	if (!n)
		return NULL;
	r->findings = n;
	f = &r->findings[r->nfindings];
	*f = (struct finding) { .pass = pass, .ino = ino };
	va_start(ap, fmt);
	if (vasprintf(&f->problem, fmt, ap) < 0)
		f->problem = NULL;
	va_end(ap);
	if (!f->problem)
		return NULL;
	r->nfindings++;
	return f;
}

void finding_set_action(struct finding *f, enum finding_action a, const char *fmt, ...)
{
	va_list ap;

	if (!f)
		return;
	f->action = a;
	free(f->done);
	va_start(ap, fmt);
	if (vasprintf(&f->done, fmt, ap) < 0)
		f->done = NULL;
	va_end(ap);
}

void finding_set_path(struct finding *f, const char *path)
{
	if (!f || !path)
		return;
	free(f->path);
	f->path = strdup(path);
}

void finding_set_moved(struct finding *f, const char *prefix, const char *name)
{
	if (!f)
		return;
	free(f->moved_to);
	if (asprintf(&f->moved_to, "%s%s", prefix, name) < 0)
		f->moved_to = NULL;
}

void finding_take_path(struct finding *f, char *path)
{
	if (!f) {
		free(path);
		return;
	}
	free(f->path);
	f->path = path;
}

void chunk_check_report_set_error(struct chunk_check_report *r, const char *fmt, ...)
{
	va_list ap;

	free(r->error);
	va_start(ap, fmt);
	if (vasprintf(&r->error, fmt, ap) < 0)
		r->error = NULL;
	va_end(ap);
}

unsigned chunk_check_report_found(const struct chunk_check_report *r)
{
	return (unsigned)r->nfindings;
}

unsigned chunk_check_report_fixed(const struct chunk_check_report *r)
{
	unsigned n = 0;

	for (size_t i = 0; i < r->nfindings; i++)
		n += r->findings[i].action != FINDING_LEFT;
	return n;
}

unsigned chunk_check_report_left(const struct chunk_check_report *r)
{
	return chunk_check_report_found(r) - chunk_check_report_fixed(r);
}

const char *finding_action_to_string(enum finding_action a)
{
	switch (a) {
	case FINDING_LEFT: return "left";
	case FINDING_FIXED: return "fixed";
	case FINDING_QUARANTINED: return "quarantined";
	case FINDING_DELETED: return "deleted";
	case FINDING_HOLED: return "hole";
	}
	return "unknown";
}

bool finding_is_loss(const struct finding *f)
{
	return f->action == FINDING_HOLED || f->action == FINDING_QUARANTINED;
}

enum loss_kind finding_loss_kind(const struct finding *f)
{
	if (f->action == FINDING_QUARANTINED)
		return LOSS_MOVED;
	if (f->gone)
		return LOSS_GONE;
	return f->bytes_lost ? LOSS_DATA : LOSS_ENTRIES;
}

int chunk_check_report_losses(const struct chunk_check_report *r, struct record_losses *ret)
{
	*ret = (struct record_losses) { .last = time(NULL) };
	for (size_t i = 0; i < r->nfindings; i++)
		ret->count += finding_is_loss(&r->findings[i]);
	if (!ret->count)
		return 0;
	ret->entries = calloc(ret->count, sizeof(*ret->entries));
	if (!ret->entries)
		return -ENOMEM;
	for (size_t i = 0; i < r->nfindings; i++) {
		const struct finding *x = &r->findings[i];

		if (finding_is_loss(x))
			ret->entries[ret->nentries++] = (struct loss_entry) {
				.kind = finding_loss_kind(x), .ino = x->ino, .bytes = x->bytes_lost, .path = x->path,
				.moved_to = x->moved_to,
			};
	}
	return 0;
}

/* e2fsck's own words about what it found (file names included), without its banner,
 * pass headers and summary line. */
static void print_e2fsck(const char *out, FILE *f)
{
	unsigned shown = 0;

	for (const char *p = out; *p && shown < 200;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		if (len && strncmp(p, "Pass ", 5) != 0 && strncmp(p, "e2fsck ", 7) != 0 &&
		    !memchr(p, '%', len) && strncmp(p, "\n", 1) != 0) {
			_cleanup_free_ char *line = strndup(p, len);

			fputs("    | ", f);
			name_quote_message(f, line ?: "(out of memory for e2fsck's line)");
			fputc('\n', f);
			shown++;
		}
		p += len + (nl ? 1 : 0);
	}
}

/* "    PATH (WHAT)", the path of finding X quoted as ls quotes a name. */
static void print_lost_file(FILE *f, const struct finding *x, const char *what)
{
	fputs("    ", f);
	name_quote_print(f, x->path ?: "(path unknown)");
	fprintf(f, " (%s)\n", what);
}

/* Names in the report (the chunk's image, the files, the messages that hold them) are quoted
 * or escaped as ls does (name-quote.h): a name from disk or an image path cannot rewrite the
 * terminal or print a line that reads as another. */
void chunk_check_report_print(const struct chunk_check_report *r, FILE *f)
{
	bool lost = false;

	fprintf(f, "chunk %u (", r->chunk);
	name_quote_print(f, r->chunk_path ?: "?");
	fprintf(f, "): %s %s, status %d\n", r->repair ? "repair:" : "check:", fsck_result_meaning(r->result),
		r->result);
	if (r->error) {
		fputs("  error: ", f);
		name_quote_message(f, r->error);
		fputc('\n', f);
	}
	if (r->e2fsck_status >= 0)
		fprintf(f, "  e2fsck: status %d%s\n", r->e2fsck_status,
			r->e2fsck_status == 0 ? " (clean)" : ", it said:");
	if (r->e2fsck_status > 0 && r->e2fsck_output)
		print_e2fsck(r->e2fsck_output, f);
	if (r->fallback_peers)
		fprintf(f, "  the chunk's own chunkfs metadata was unusable; its references were taken "
			   "from the peers' indexes\n");
	for (size_t i = 0; i < r->nfindings; i++) {
		const struct finding *x = &r->findings[i];

		fprintf(f, "  [%s] ", x->pass);
		if (x->path) {
			name_quote_print(f, x->path);
			fputs(": ", f);
		}
		name_quote_message(f, x->problem);
		if (x->ino)
			fprintf(f, " (inode %u:%u)", VINO_CHUNK(x->ino), VINO_INO(x->ino));
		fputc('\n', f);
		if (x->done) {
			fputs("      -> ", f);
			name_quote_message(f, x->done);
			fputc('\n', f);
		}
		lost |= x->action == FINDING_HOLED;
	}
	if (lost) {
		fprintf(f, "  files that lost data:\n");
		for (size_t i = 0; i < r->nfindings; i++) {
			const struct finding *x = &r->findings[i];
			char what[64];

			if (x->action != FINDING_HOLED)
				continue;
			if (x->bytes_lost)
				snprintf(what, sizeof(what), "%llu bytes lost, read as EIO", (unsigned long long)x->bytes_lost);
			print_lost_file(f, x, x->gone ? "gone: its inode was lost" : x->bytes_lost ? what :
					      "entries lost"); /* else a directory's part */
		}
	}
	if (r->online && r->repair)
		fprintf(f, "  online: the mount held every operation for the repair, %.3f s\n", r->hold_seconds);
	else if (r->online)
		fprintf(f, "  online: e2fsck checked a snapshot taken at a quiet point; the mount waited "
			   "%.3f s for the check in all, %.3f s at most at once\n", r->hold_seconds,
			r->longest_hold_seconds);
	if (r->peers_unread)
		fprintf(f, "  %u chunk(s) with no reference to this chunk in its own index could not be read: a "
			   "reference from them that this chunk forgot (an older copy of it) would go unseen\n",
			r->peers_unread);
	fprintf(f, "  %zu problem(s), %u dealt with; %llu cross-chunk reference(s) verified, "
		   "%u peer index entr%s read, %.3f s\n", r->nfindings, chunk_check_report_fixed(r),
		(unsigned long long)r->refs_checked, r->peers_read, r->peers_read == 1 ? "y" : "ies",
		r->seconds);
}

/* json-c constructors return NULL when out of memory: add() then drops the object and says so. */
static bool add(struct json_object *o, const char *key, struct json_object *v)
{
	if (v && json_object_object_add(o, key, v) == 0)
		return true;
	json_object_put(v);
	return false;
}

/* Paths and messages hold names from disk: a string when UTF-8, else bytes; NULL is null. */
static bool add_text(struct json_object *o, const char *key, const char *s)
{
	if (!s)
		return json_object_object_add(o, key, NULL) == 0;
	return add(o, key, json_text_new(s));
}

/* Times keep their microseconds and no more. */
static struct json_object *seconds_new(double s)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.6f", s);
	return json_object_new_double_s(s, buf);
}

static struct json_object *finding_to_json(const struct finding *x)
{
	struct json_object *o = json_object_new_object();
	bool ok = true;

	if (!o)
		return NULL;
	ok &= add_text(o, "pass", x->pass);
	ok &= add_text(o, "problem", x->problem);
	if (x->ino) {
		ok &= add(o, "ino", json_object_new_uint64(x->ino));
		ok &= add(o, "chunk", json_object_new_uint64(VINO_CHUNK(x->ino)));
		ok &= add(o, "local_ino", json_object_new_uint64(VINO_INO(x->ino)));
	} else
		ok &= json_object_object_add(o, "ino", NULL) == 0;
	ok &= add_text(o, "path", x->path);
	ok &= add(o, "action", json_object_new_string(finding_action_to_string(x->action)));
	ok &= add_text(o, "done", x->done);
	ok &= add(o, "bytes_lost", json_object_new_uint64(x->bytes_lost));
	if (x->action == FINDING_QUARANTINED)
		ok &= add_text(o, "moved_to", x->moved_to);
	if (!ok) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

/* "findings" and "files_lost", the paths of the files a repair holed. */
static bool add_findings(struct json_object *o, const struct chunk_check_report *r)
{
	struct json_object *findings = json_object_new_array_ext((int)r->nfindings);
	struct json_object *lost = json_object_new_array();
	bool ok = add(o, "findings", findings) & add(o, "files_lost", lost);

	for (size_t i = 0; ok && i < r->nfindings; i++) {
		const struct finding *x = &r->findings[i];
		struct json_object *v = finding_to_json(x);

		ok = v && json_object_array_add(findings, v) == 0;
		if (!ok)
			json_object_put(v);
		else if (x->action == FINDING_HOLED) {
			/* json_text_new(NULL) is NULL: an unknown path is null, as before */
			v = json_text_new(x->path);
			ok = (v || !x->path) && json_object_array_add(lost, v) == 0;
			if (!ok)
				json_object_put(v);
		}
	}
	return ok;
}

struct json_object *chunk_check_report_to_json(const struct chunk_check_report *r)
{
	struct json_object *o = json_object_new_object();
	bool ok = true;

	if (!o)
		return NULL;
	ok &= add(o, "chunk", json_object_new_uint64(r->chunk));
	ok &= add_text(o, "path", r->chunk_path);
	ok &= add(o, "mode", json_object_new_string(r->repair ? "repair" : "check"));
	ok &= add(o, "result", json_object_new_int(r->result));
	ok &= add_text(o, "outcome", fsck_result_word(r->result));
	ok &= add_text(o, "result_text", fsck_result_meaning(r->result));
	ok &= add_text(o, "error", r->error);
	ok &= add(o, "e2fsck_status", json_object_new_int(r->e2fsck_status));
	ok &= add(o, "e2fsck_runs", json_object_new_uint64(r->e2fsck_runs));
	ok &= add_text(o, "e2fsck_output", r->e2fsck_output);
	ok &= add(o, "seconds", seconds_new(r->seconds));
	ok &= add(o, "e2fsck_seconds", seconds_new(r->e2fsck_seconds));
	ok &= add(o, "pass_seconds", seconds_new(r->pass_seconds));
	ok &= add(o, "recheck_seconds", seconds_new(r->recheck_seconds));
	if (r->online) {
		ok &= add(o, "online", json_object_new_boolean(true));
		ok &= add(o, "hold_seconds", seconds_new(r->hold_seconds));
		ok &= add(o, "longest_hold_seconds", seconds_new(r->longest_hold_seconds));
		if (r->e2fsck_unlocked)
			ok &= add(o, "e2fsck_unlocked", json_object_new_boolean(true));
	}
	ok &= add(o, "refs_checked", json_object_new_uint64(r->refs_checked));
	ok &= add(o, "refs_unverified", json_object_new_uint64(r->refs_unverified));
	ok &= add(o, "peers_read", json_object_new_uint64(r->peers_read));
	ok &= add(o, "peers_unread", json_object_new_uint64(r->peers_unread));
	ok &= add(o, "fallback_peers", json_object_new_boolean(r->fallback_peers));
	ok &= add(o, "found", json_object_new_uint64(chunk_check_report_found(r)));
	ok &= add(o, "fixed", json_object_new_uint64(chunk_check_report_fixed(r)));
	ok &= add_findings(o, r);
	if (!ok) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

char *chunk_check_report_json(const struct chunk_check_report *r)
{
	struct json_object *o = chunk_check_report_to_json(r);
	const char *s = o ? json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
							   JSON_C_TO_STRING_NOSLASHESCAPE) : NULL;
	char *ret = s ? strdup(s) : NULL;

	json_object_put(o);
	return ret;
}

void chunk_check_report_free(struct chunk_check_report *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->nfindings; i++) {
		free(r->findings[i].problem);
		free(r->findings[i].path);
		free(r->findings[i].done);
		free(r->findings[i].moved_to);
	}
	free(r->findings);
	free(r->chunk_path);
	free(r->e2fsck_output);
	free(r->error);
	free(r);
}
