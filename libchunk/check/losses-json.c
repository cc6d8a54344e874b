/* The list of files a chunk's repairs lost (libchunk/chunk/losses.h) as JSON, and back: the
 * form `chunkctl status --json` shows and the mount's control channel hands to chunkctl.
 * Paths are json_text_new()'s: a string when UTF-8, else the array of their bytes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"
#include "libchunk/check/report.h"

static const char *const loss_words[] = { [LOSS_DATA] = "data", [LOSS_ENTRIES] = "entries", [LOSS_MOVED] = "moved",
					       [LOSS_GONE] = "gone" };

static const char *loss_word(uint8_t kind)
{
	return kind < ELEMENTSOF(loss_words) && loss_words[kind] ? loss_words[kind] : "unknown";
}

static uint8_t loss_kind(const char *word)
{
	for (uint8_t k = 0; k < ELEMENTSOF(loss_words); k++)
		if (loss_words[k] && word && !strcmp(word, loss_words[k]))
			return k;
	return 0;
}

static bool add_path(struct json_object *o, const char *key, const char *path)
{
	return path ? json_add(o, key, json_text_new(path)) : json_add_null(o, key);
}

struct json_object *chunk_losses_to_json(const struct record_losses *l)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object();
	struct json_object *files;

	if (!o || !json_add(o, "count", json_object_new_uint64(l->count)) ||
	    !(l->last && l->count ? json_add(o, "last", json_object_new_int64(l->last)) : json_add_null(o, "last")) ||
	    !json_add(o, "files", json_object_new_array()) ||
	    !json_add(o, "more", json_object_new_uint64(l->count - l->nentries)))
		return NULL;
	files = json_object_object_get(o, "files");
	for (uint32_t i = 0; i < l->nentries; i++) {
		const struct loss_entry *e = &l->entries[i];
		_cleanup_(json_object_putp) struct json_object *f = json_object_new_object();

		if (!f || !add_path(f, "path", e->path) ||
		    !(e->ino ? json_add(f, "ino", json_object_new_uint64(e->ino)) : json_add_null(f, "ino")) ||
		    !json_add(f, "loss", json_object_new_string(loss_word(e->kind))) ||
		    !json_add(f, "bytes_lost", json_object_new_uint64(e->bytes)) || !add_path(f, "moved_to", e->moved_to) ||
		    !json_append(files, TAKE_PTR(f)))
			return NULL;
	}
	return TAKE_PTR(o);
}

/* A path as json_text_new() wrote it into *RET (NULL for null or absent). */
static int path_from_json(struct json_object *o, const char *key, char **ret)
{
	struct json_object *v;
	size_t n;

	*ret = NULL;
	if (!json_object_object_get_ex(o, key, &v) || !v)
		return 0;
	if (json_object_is_type(v, json_type_string))
		return (*ret = strdup(json_object_get_string(v))) ? 0 : -ENOMEM;
	if (!json_object_is_type(v, json_type_array))
		return -EBADMSG;
	n = json_object_array_length(v);
	*ret = calloc(n + 1, 1);
	if (!*ret)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		int b = json_object_get_int(json_object_array_get_idx(v, i));
		if (b <= 0 || b > 255)
			return -EBADMSG;
		(*ret)[i] = (char)b;
	}
	return 0;
}

static uint64_t get_u64(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) && v ? json_object_get_uint64(v) : 0;
}

int chunk_losses_from_json(struct json_object *o, struct record_losses *ret)
{
	struct json_object *files, *v;
	size_t n;
	int r = 0;

	memset(ret, 0, sizeof(*ret));
	if (!json_object_is_type(o, json_type_object) || !json_object_object_get_ex(o, "files", &files) ||
	    !json_object_is_type(files, json_type_array))
		return -EBADMSG;
	n = MIN(json_object_array_length(files), (size_t)LOSSES_KEEP);
	ret->count = (uint32_t)get_u64(o, "count");
	ret->last = json_object_object_get_ex(o, "last", &v) && v ? json_object_get_int64(v) : 0;
	ret->entries = calloc(n + 1, sizeof(*ret->entries));
	if (!ret->entries)
		return -ENOMEM;
	for (size_t i = 0; r == 0 && i < n; i++) {
		struct json_object *f = json_object_array_get_idx(files, i);
		struct loss_entry *e = &ret->entries[ret->nentries++];

		e->kind = json_object_object_get_ex(f, "loss", &v) ? loss_kind(json_object_get_string(v)) : 0;
		e->ino = get_u64(f, "ino");
		e->bytes = get_u64(f, "bytes_lost");
		r = path_from_json(f, "path", &e->path);
		if (r == 0)
			r = path_from_json(f, "moved_to", &e->moved_to);
	}
	if (r == 0 && ret->count < ret->nentries)
		r = -EBADMSG;
	if (r < 0)
		record_losses_done(ret);
	return r;
}
