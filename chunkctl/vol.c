/* chunkctl helpers for the commands that work on a volume's files, and for saying what of the
 * volume they could not read. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/vol.h"
#include "libchunk/base/macro.h"
#include "libchunk/namespace/file.h"

int ctl_open_volume_flags(const struct ctl *ctl, const char *cmd, int flags, struct volume **ret)
{
	int r;

	if (!ctl->volume)
		return ctl_usage_error(cmd, "needs a volume: chunkctl -V VOL %s ...", cmd);
	r = volume_open(ctl->volume, flags, ret);
	if (r < 0)
		return EXIT_ERR;
	if (!(flags & VOLUME_STATE_ONLY) && (r = ctl_volume_access(*ret, cmd, flags & VOLUME_RDWR))) {
		volume_close(TAKE_PTR(*ret));
		return r;
	}
	return 0;
}

int ctl_volume_access(struct volume *v, const char *cmd, bool write)
{
	const char *denied = NULL;

	for (unsigned i = 0; i < volume_chunk_count(v); i++) {
		const char *path = volume_chunk_path(v, i);
		if (access(path, write ? R_OK | W_OK : R_OK) == 0)
			return 0;
		if (errno == EACCES || errno == EPERM)
			denied = denied ?: path;
	}
	if (!denied)
		return 0; /* every chunk missing: the command says so in its own words */
	return ctl_denied(cmd, "uid %u cannot %s the chunk images (%s, ...): run it as root or as their owner",
			  (unsigned)getuid(), write ? "write" : "read", ctl_quoted(denied));
}

int ctl_open_volume(const struct ctl *ctl, const char *cmd, bool write, struct volume **ret)
{
	return ctl_open_volume_flags(ctl, cmd, write ? VOLUME_RDWR : 0, ret);
}

int ctl_resolve_parent(struct volume *v, const char *path, vino_t *parent, char **name)
{
	char *copy = strdup(path), *slash;
	int r;

	if (!copy)
		return -ENOMEM;
	while (strlen(copy) > 1 && copy[strlen(copy) - 1] == '/')
		copy[strlen(copy) - 1] = '\0';
	slash = strrchr(copy, '/');
	if (!slash) {
		*parent = VOLUME_ROOT;
		*name = copy;
		return 0;
	}
	*slash = '\0';
	if (slash[1] == '\0') {
		free(copy);
		return -EINVAL;
	}
	r = volume_resolve(v, copy, parent);
	if (r < 0) {
		free(copy);
		return r;
	}
	*name = strdup(slash + 1);
	free(copy);
	return *name ? 0 : -ENOMEM;
}

int ctl_path_error(const char *path, int err)
{
	return ctl_error("%s: %s", ctl_quoted(path), strerror(-err));
}

int ctl_read_error(struct volume *v, const char *path, vino_t ino, int err)
{
	_cleanup_(vfile_closep) struct vfile *f = NULL;
	_cleanup_free_ struct record_range *rg = NULL;
	uint64_t bytes = 0;
	size_t n = 0;

	if (err != -EIO || vfile_open(v, ino, false, &f) < 0 || vfile_lost_ranges(f, &rg, &n) < 0 || n == 0)
		return ctl_path_error(path, err);
	for (size_t i = 0; i < n; i++)
		bytes += rg[i].end - rg[i].start;
	return ctl_error("%s: %s: %llu byte(s) from offset %llu were lost in a repair (chunkctl lost)", ctl_quoted(path),
			 strerror(-err), (unsigned long long)bytes, (unsigned long long)rg[0].start);
}

int ctl_resolve_target(struct volume *v, const char *src, const char *dst, vino_t *dir, char **name)
{
	struct vstat st;
	vino_t ino;

	if (volume_resolve(v, dst, &ino) == 0 && volume_stat(v, ino, &st) == 0 && S_ISDIR(st.mode)) {
		vino_t sp;
		int r = ctl_resolve_parent(v, src, &sp, name);
		*dir = ino;
		return r;
	}
	return ctl_resolve_parent(v, dst, dir, name);
}

int ctl_unavailable_error(const char *path, const char *what, unsigned chunk, int err)
{
	char buf[256];

	ctl_error("%s: %s: chunk %u %s", ctl_quoted_volume_path(path), what, chunk, volume_unavailable_reason(chunk, err, buf, sizeof(buf)));
	return EXIT_INCOMPLETE;
}

int ctl_dir_gap_error(const char *path, const char *what, unsigned chunk, uint32_t ino, int err)
{
	_cleanup_free_ char *text = NULL;

	if (asprintf(&text, "the entries in chunk %u (directory part %u:%u) %s", chunk, chunk, ino, what) < 0)
		return ctl_error("%s: out of memory", ctl_quoted_volume_path(path));
	return ctl_unavailable_error(path, text, chunk, err);
}

struct lookup_gaps {
	const char *path, *dir;
	unsigned n;
};

static int ignore_entry(void *userdata, const char *name, vino_t ino, unsigned ftype)
{
	return 0;
}

static int lookup_gap(void *userdata, unsigned chunk, uint32_t ino, int err)
{
	struct lookup_gaps *g = userdata;
	_cleanup_free_ char *text = NULL;

	if (asprintf(&text, "not found in what of %s could be read; its part %u:%u was not", ctl_quoted_volume_path(g->dir), chunk, ino) < 0)
		return -ENOMEM;
	g->n++;
	ctl_unavailable_error(g->path, text, chunk, err);
	return 0;
}

/* The directory part of PATH[0, LEN), without trailing slashes: "/" for the root. */
static char *dir_of(const char *path, size_t len)
{
	while (len > 1 && path[len - 1] == '/')
		len--;
	return len ? strndup(path, len) : strdup("/");
}

int ctl_resolve_error(struct volume *v, const char *path, int err)
{
	vino_t cur = VOLUME_ROOT;
	size_t at = 0;

	/* Walk again, to the directory whose lookup could not see all of its parts. */
	while (err == -EIO) {
		_cleanup_free_ char *name = NULL;
		size_t len;
		vino_t next;
		int r;
		at += strspn(path + at, "/");
		len = strcspn(path + at, "/");
		if (len == 0 || !(name = strndup(path + at, len)))
			break;
		r = volume_lookup(v, cur, name, &next);
		if (r == -EIO) {
			_cleanup_free_ char *dir = dir_of(path, at);
			struct lookup_gaps g = { .path = path, .dir = dir };
			if (dir)
				volume_readdir_gaps(v, cur, ignore_entry, lookup_gap, &g);
			if (g.n)
				return EXIT_INCOMPLETE;
			break;
		}
		if (r < 0)
			break;
		cur = next;
		at += len;
	}
	return ctl_error("%s: %s", ctl_quoted_volume_path(path), strerror(-err));
}

int ctl_inode_error(struct volume *v, const char *path, vino_t ino, int err)
{
	struct chunk *c;
	int r;

	if (err == -ENXIO || err == -EXDEV || err == -EBUSY || err == -EUCLEAN) {
		r = volume_chunk(v, VINO_CHUNK(ino), &c);
		if (r < 0)
			return ctl_unavailable_error(path, "cannot be read", VINO_CHUNK(ino), r);
	}
	return ctl_error("%s: %s", ctl_quoted_volume_path(path), strerror(-err));
}

int ctl_chain_gaps(const char *path, const struct volume_chain_link *links, unsigned n, const char *what)
{
	int rc = 0;

	for (unsigned i = 1; i < n; i++) {
		char text[128];
		if (links[i].status == 0 || links[i].status == -ESTALE)
			continue;
		snprintf(text, sizeof(text), "continuation %u:%u (%llu bytes) %s", links[i].chunk, links[i].ino,
			 (unsigned long long)links[i].bytes, what);
		rc = ctl_unavailable_error(path, text, links[i].chunk, links[i].status);
	}
	return rc;
}
