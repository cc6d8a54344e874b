/* The check report: collected while the passes run, printed for a human (file paths first,
 * inode numbers as a second name) or as one JSON object for scripts and the daemon. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/base/macro.h"
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
			fprintf(f, "    | %.*s\n", (int)len, p);
			shown++;
		}
		p += len + (nl ? 1 : 0);
	}
}

void chunk_check_report_print(const struct chunk_check_report *r, FILE *f)
{
	bool lost = false;

	fprintf(f, "chunk %u (%s): %s %s, status %d\n", r->chunk, r->chunk_path ? r->chunk_path : "?",
		r->repair ? "repair:" : "check:", fsck_result_meaning(r->result), r->result);
	if (r->error)
		fprintf(f, "  error: %s\n", r->error);
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
		if (x->path)
			fprintf(f, "%s: ", x->path);
		fprintf(f, "%s", x->problem);
		if (x->ino)
			fprintf(f, " (inode %u:%u)", VINO_CHUNK(x->ino), VINO_INO(x->ino));
		fputc('\n', f);
		if (x->done)
			fprintf(f, "      -> %s\n", x->done);
		lost |= x->action == FINDING_HOLED;
	}
	if (lost) {
		fprintf(f, "  files that lost data:\n");
		for (size_t i = 0; i < r->nfindings; i++)
			if (r->findings[i].action == FINDING_HOLED)
				fprintf(f, "    %s (%llu bytes now a hole)\n",
					r->findings[i].path ? r->findings[i].path : "(path unknown)",
					(unsigned long long)r->findings[i].bytes_lost);
	}
	fprintf(f, "  %zu problem(s), %u dealt with; %llu cross-chunk reference(s) verified, "
		   "%u peer index entr%s read, %.3f s\n", r->nfindings, chunk_check_report_fixed(r),
		(unsigned long long)r->refs_checked, r->peers_read, r->peers_read == 1 ? "y" : "ies",
		r->seconds);
}

static void json_string(FILE *f, const char *s)
{
	if (!s) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"': fputs("\\\"", f); break;
		case '\\': fputs("\\\\", f); break;
		case '\n': fputs("\\n", f); break;
		case '\t': fputs("\\t", f); break;
		case '\r': fputs("\\r", f); break;
		default:
			if (*p < 0x20)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

char *chunk_check_report_json(const struct chunk_check_report *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	fprintf(f, "{\"chunk\":%u,\"path\":", r->chunk);
	json_string(f, r->chunk_path);
	fprintf(f, ",\"mode\":\"%s\",\"result\":%d,\"result_text\":", r->repair ? "repair" : "check",
		r->result);
	json_string(f, fsck_result_meaning(r->result));
	fputs(",\"error\":", f);
	json_string(f, r->error);
	fprintf(f, ",\"e2fsck_status\":%d,\"e2fsck_output\":", r->e2fsck_status);
	json_string(f, r->e2fsck_output);
	fprintf(f, ",\"seconds\":%.6f,\"e2fsck_seconds\":%.6f,\"pass_seconds\":%.6f,\"recheck_seconds\":%.6f,"
		"\"refs_checked\":%llu,\"refs_unverified\":%u,"
		"\"peers_read\":%u,\"fallback_peers\":%s",
		r->seconds, r->e2fsck_seconds, r->pass_seconds, r->recheck_seconds,
		(unsigned long long)r->refs_checked, r->refs_unverified, r->peers_read,
		r->fallback_peers ? "true" : "false");
	fprintf(f, ",\"found\":%u,\"fixed\":%u,\"findings\":[", chunk_check_report_found(r),
		chunk_check_report_fixed(r));
	for (size_t i = 0; i < r->nfindings; i++) {
		const struct finding *x = &r->findings[i];

		fprintf(f, "%s{\"pass\":", i ? "," : "");
		json_string(f, x->pass);
		fputs(",\"problem\":", f);
		json_string(f, x->problem);
		if (x->ino)
			fprintf(f, ",\"ino\":%llu,\"ino_chunk\":%u,\"ino_local\":%u",
				(unsigned long long)x->ino, VINO_CHUNK(x->ino), VINO_INO(x->ino));
		else
			fputs(",\"ino\":null", f);
		fputs(",\"path\":", f);
		json_string(f, x->path);
		fprintf(f, ",\"action\":\"%s\",\"done\":", finding_action_to_string(x->action));
		json_string(f, x->done);
		fprintf(f, ",\"bytes_lost\":%llu}", (unsigned long long)x->bytes_lost);
	}
	fputs("],\"files_lost\":[", f);
	for (size_t i = 0, n = 0; i < r->nfindings; i++)
		if (r->findings[i].action == FINDING_HOLED) {
			fputs(n++ ? "," : "", f);
			json_string(f, r->findings[i].path);
		}
	fputs("]}", f);
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

void chunk_check_report_free(struct chunk_check_report *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->nfindings; i++) {
		free(r->findings[i].problem);
		free(r->findings[i].path);
		free(r->findings[i].done);
	}
	free(r->findings);
	free(r->chunk_path);
	free(r->e2fsck_output);
	free(r->error);
	free(r);
}
