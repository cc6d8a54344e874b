/* Repair of K's /.chunkfs, first step: what e2fsck reconnected of it into K's own lost+found
 * goes back into place before anything is remade. When K's root inode is lost, e2fsck
 * reconnects /.chunkfs whole as #INODE; when /.chunkfs's own inode is, its record files and
 * its cont and index directories. Remade empty instead, /.chunkfs/cont would no longer hold
 * K's continuations, which would then be reachable only through the visible lost+found, and
 * an `rm -r` of it would take the data of files that were fine. A piece is known by what it
 * holds (a record that decodes, names of continuations), never by its #INODE name. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/cont-record.h"
#include "libchunk/chunk/state.h"
#include "libchunk/chunk/index.h"

enum piece { PIECE_NONE, PIECE_META, PIECE_CHUNK, PIECE_STATE, PIECE_PEERS, PIECE_INDEX, PIECE_CONT };

static const char *const piece_name[] = {
	[PIECE_META] = CHUNK_META_DIR, [PIECE_CHUNK] = "chunk", [PIECE_STATE] = "state",
	[PIECE_PEERS] = "peers", [PIECE_INDEX] = "index", [PIECE_CONT] = "cont",
};

static ext2_ino_t *piece_slot(struct chunk *c, enum piece p)
{
	switch (p) {
	case PIECE_META: return &c->meta_ino;
	case PIECE_CHUNK: return &c->chunk_ino;
	case PIECE_STATE: return &c->state_ino;
	case PIECE_PEERS: return &c->peers_ino;
	case PIECE_INDEX: return &c->index_ino;
	case PIECE_CONT: return &c->cont_ino;
	default: return NULL;
	}
}

/* The chunk record of chunk K of this volume (VOLUME), in file INO. */
static bool holds_chunk_record(struct chunk *c, ext2_ino_t ino, const uuid_t volume)
{
	_cleanup_free_ void *buf = NULL;
	struct record_chunk rec = {};
	size_t len;
	bool yes;

	if (chunk_file_read_all(c, ino, &buf, &len) < 0 || record_chunk_decode(buf, len, &rec) < 0)
		return false;
	yes = rec.id == c->id && uuid_compare(rec.volume, volume) == 0;
	record_chunk_done(&rec);
	return yes;
}

static enum piece file_piece(struct chunk *c, ext2_ino_t ino, const uuid_t volume)
{
	_cleanup_free_ void *buf = NULL;
	struct record_state st;
	struct record_peers peers = {};
	size_t len;
	enum piece p = PIECE_NONE;

	if (holds_chunk_record(c, ino, volume))
		return PIECE_CHUNK;
	if (chunk_file_read_all(c, ino, &buf, &len) < 0 || len == 0)
		return PIECE_NONE;
	if (record_state_decode(buf, len, &st) == 0)
		return PIECE_STATE;
	if (record_peers_decode(buf, len, &peers) == 0 && peers.chunk == c->id)
		p = PIECE_PEERS;
	record_peers_done(&peers);
	return p;
}

struct dir_look {
	struct chunk *c;
	const uint8_t *volume;
	unsigned entries, conts, index_files;
	bool chunk_record;
};

/* A name /.chunkfs/cont gives: CCCC-IIIIIIII-GGGGGGGG (chunk_cont_name). */
static bool cont_shaped(const char *name, size_t len)
{
	const char *dash1 = memchr(name, '-', len);

	if (!dash1 || dash1 - name < 4 || len - (size_t)(dash1 - name) != 18 || dash1[9] != '-')
		return false;
	for (size_t i = 0; i < len; i++)
		if (name + i != dash1 && name + i != dash1 + 9 && !strchr("0123456789abcdef", name[i]))
			return false;
	return true;
}

static int look_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
		   char *buf, void *priv)
{
	struct dir_look *l = priv;
	size_t len = ext2fs_dirent_name_len(de);
	struct record_cont rec;

	if (entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE || de->inode == 0)
		return 0;
	l->entries++;
	if (cont_shaped(de->name, len) && cont_load(l->c, de->inode, &rec) == 0) {
		l->conts++;
		record_cont_done(&rec);
	} else if (len == 4 && strspn(de->name, "0123456789") >= 4) {
		_cleanup_free_ void *data = NULL;
		struct record_index ix = {};
		size_t n;
		if (chunk_file_read_all(l->c, de->inode, &data, &n) == 0 && record_index_decode(data, n, &ix) == 0 &&
		    ix.chunk == l->c->id)
			l->index_files++;
		record_index_done(&ix);
	} else if (len == 5 && memcmp(de->name, "chunk", 5) == 0 && holds_chunk_record(l->c, de->inode, l->volume))
		l->chunk_record = true;
	return 0;
}

/* What directory INO is: /.chunkfs (it holds K's chunk record), /.chunkfs/cont (every entry
 * a continuation under its head's name) or /.chunkfs/index (every entry an index entry of
 * K). An empty directory is none of them: remaking it loses nothing. */
static enum piece dir_piece(struct chunk *c, ext2_ino_t ino, const uuid_t volume)
{
	struct dir_look l = { .c = c, .volume = volume };

	if (ext2fs_dir_iterate2(c->fs, ino, 0, NULL, look_cb, &l))
		return PIECE_NONE;
	if (l.chunk_record)
		return PIECE_META;
	if (l.entries && l.conts == l.entries)
		return PIECE_CONT;
	if (l.entries && l.index_files == l.entries)
		return PIECE_INDEX;
	return PIECE_NONE;
}

/* Moves entry NAME (inode INO) of LF to DIR as the piece's own name. Unlinked first: a kill
 * between the two writes leaves INO unattached, which e2fsck reconnects to lost+found again,
 * and this repair is then done once more; never one inode under two names. */
static int adopt(struct chunk *c, ext2_ino_t lf, const char *name, ext2_ino_t ino, bool dir, ext2_ino_t to,
		 enum piece p)
{
	int r = chunk_unlink(c, lf, name);

	if (r == 0)
		r = chunk_link(c, to, piece_name[p], ino, dir ? EXT2_FT_DIR : EXT2_FT_REG_FILE);
	if (r == 0 && dir)
		r = repair_move_dir(c, ino, lf, to);
	if (r == 0)
		*piece_slot(c, p) = ino;
	return r;
}

/* The entries an adopted /.chunkfs already holds. */
static void find_meta_entries(struct chunk *c)
{
	for (enum piece p = PIECE_CHUNK; p <= PIECE_CONT; p++)
		if (!*piece_slot(c, p) && chunk_lookup(c, c->meta_ino, piece_name[p], piece_slot(c, p)) < 0)
			*piece_slot(c, p) = 0;
}

struct lf_entries {
	char (*names)[EXT2_NAME_LEN + 1];
	ext2_ino_t *inos;
	size_t n, cap;
	int err;
};

static int lf_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize, char *buf,
		 void *priv)
{
	struct lf_entries *l = priv;
	size_t len = ext2fs_dirent_name_len(de);

	if (entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE || de->inode == 0)
		return 0;
	if (l->n == l->cap) {
		size_t ncap = l->cap ? l->cap * 2 : 16;
		void *n = realloc(l->names, ncap * sizeof(*l->names)), *i;
		if (n)
			l->names = n;
		i = n ? realloc(l->inos, ncap * sizeof(*l->inos)) : NULL;
		if (!i) {
			l->err = -ENOMEM;
			return DIRENT_ABORT;
		}
		l->inos = i;
		l->cap = ncap;
	}
	memcpy(l->names[l->n], de->name, len);
	l->names[l->n][len] = 0;
	l->inos[l->n++] = de->inode;
	return 0;
}

/* One round over K's own lost+found: each entry that is a piece /.chunkfs lacks goes back.
 * META says whether to look for /.chunkfs itself (it is missing) or for what it holds. */
static int adopt_round(struct check_ctx *x, struct chunk *c, ext2_ino_t lf, const uuid_t volume, bool meta)
{
	struct lf_entries l = {};
	int r = chunk_errno(ext2fs_dir_iterate2(c->fs, lf, 0, NULL, lf_cb, &l)), n = 0;

	if (r == 0)
		r = l.err;
	for (size_t i = 0; r == 0 && i < l.n; i++) {
		struct ext2_inode_large inode;
		bool dir;
		enum piece p;

		if (chunk_inode_read(c, l.inos[i], &inode) < 0 || inode.i_links_count == 0)
			continue;
		dir = LINUX_S_ISDIR(inode.i_mode);
		if (!dir && !LINUX_S_ISREG(inode.i_mode))
			continue;
		p = dir ? dir_piece(c, l.inos[i], volume) : file_piece(c, l.inos[i], volume);
		if (p == PIECE_NONE || (p == PIECE_META) != meta || *piece_slot(c, p))
			continue;
		struct finding *f = check_found(x, "records", VINO(x->id, l.inos[i]), "e2fsck left chunk %u's "
						"%s%s in its own lost+found as %s", x->id, p == PIECE_META ? "/" :
						"/" CHUNK_META_DIR "/", piece_name[p], l.names[i]);
		r = adopt(c, lf, l.names[i], l.inos[i], dir, p == PIECE_META ? EXT2_ROOT_INO : c->meta_ino, p);
		if (r < 0) {
			finding_set_action(f, FINDING_LEFT, "cannot link it back: %s", strerror(-r));
			break;
		}
		finding_set_action(f, FINDING_FIXED, "linked back as %s%s", p == PIECE_META ? "/" :
				   "/" CHUNK_META_DIR "/", piece_name[p]);
		n++;
	}
	free(l.names);
	free(l.inos);
	return r < 0 ? r : n;
}

int repair_meta_adopt(struct check_ctx *x, struct chunk *c, const uuid_t volume)
{
	ext2_ino_t lf;
	int r, n = 0;

	if (chunk_lookup(c, EXT2_ROOT_INO, "lost+found", &lf) < 0)
		return 0;
	if (!c->meta_ino) {
		r = adopt_round(x, c, lf, volume, true);
		if (r < 0)
			return r;
		n += r;
		if (c->meta_ino)
			find_meta_entries(c);
	}
	if (c->meta_ino && (!c->chunk_ino || !c->state_ino || !c->peers_ino || !c->index_ino || !c->cont_ino)) {
		r = adopt_round(x, c, lf, volume, false);
		if (r < 0)
			return r;
		n += r;
	}
	if (n == 0)
		return 0;
	/* What was read of the pieces before they were back is read again from them. */
	chunk_index_free(c);
	if (c->state_ino)
		(void)chunk_state_read(c);
	check_path_forget(x, x->id);
	return n;
}
