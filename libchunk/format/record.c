/* Encoding and decoding of the records in docs/FORMAT.md, through one little-endian cursor. */
#include <endian.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <ext2fs/ext2fs.h>

#include "libchunk/base/macro.h"
#include "libchunk/format/record.h"

#define HEADER_SIZE 16
#define CRC_SIZE 4

static const uint32_t magics[] = {
	[RECORD_CHUNK] = 0x48434b43, [RECORD_STATE] = 0x54534b43, [RECORD_HEAD] = 0x44484b43,
	[RECORD_CONT] = 0x4f434b43, [RECORD_INDEX] = 0x58494b43, [RECORD_PEERS] = 0x52504b43,
	[RECORD_LOSSES] = 0x4f4c4b43,
	[RECORD_RENAME] = 0x4e524b43,
	[RECORD_NAME] = 0x4d4e4b43,
};

struct cursor {
	uint8_t *p;
	size_t len, pos;
};

static void put16(struct cursor *c, uint16_t v) { v = htole16(v); memcpy(c->p + c->pos, &v, 2); c->pos += 2; }
static void put32(struct cursor *c, uint32_t v) { v = htole32(v); memcpy(c->p + c->pos, &v, 4); c->pos += 4; }
static void put64(struct cursor *c, uint64_t v) { v = htole64(v); memcpy(c->p + c->pos, &v, 8); c->pos += 8; }
static void putbytes(struct cursor *c, const void *b, size_t n) { memcpy(c->p + c->pos, b, n); c->pos += n; }
static uint16_t get16(struct cursor *c) { uint16_t v; memcpy(&v, c->p + c->pos, 2); c->pos += 2; return le16toh(v); }
static uint32_t get32(struct cursor *c) { uint32_t v; memcpy(&v, c->p + c->pos, 4); c->pos += 4; return le32toh(v); }
static uint64_t get64(struct cursor *c) { uint64_t v; memcpy(&v, c->p + c->pos, 8); c->pos += 8; return le64toh(v); }
static void getbytes(struct cursor *c, void *b, size_t n) { memcpy(b, c->p + c->pos, n); c->pos += n; }

static uint32_t crc(const uint8_t *p, size_t n)
{
	return ext2fs_crc32c_le(~0U, p, n);
}

/* Allocates a record of LEN bytes and writes its header. */
static int begin(enum record_type type, size_t len, struct cursor *c)
{
	if (len > UINT32_MAX)
		return -EMSGSIZE;
	c->p = calloc(1, len);
	if (!c->p)
		return -ENOMEM;
	c->len = len;
	c->pos = 0;
	put32(c, magics[type]);
	put16(c, RECORD_VERSION);
	put16(c, type);
	put32(c, (uint32_t)len);
	put32(c, 0);
	return 0;
}

static void finish(struct cursor *c, void **buf, size_t *len)
{
	c->pos = c->len - CRC_SIZE;
	put32(c, crc(c->p, c->len - CRC_SIZE));
	*buf = c->p;
	*len = c->len;
}

/* Validates the header and CRC; leaves the cursor after the header. */
static int open_record(enum record_type type, const void *buf, size_t len, struct cursor *c)
{
	uint32_t reclen;

	c->p = (uint8_t *)buf;
	c->len = len;
	c->pos = 0;
	if (len < HEADER_SIZE + CRC_SIZE)
		return -EMSGSIZE;
	if (get32(c) != magics[type])
		return -EBADMSG;
	if (get16(c) != RECORD_VERSION)
		return -EPROTONOSUPPORT;
	if (get16(c) != type)
		return -EBADMSG;
	reclen = get32(c);
	get32(c);
	if (reclen < HEADER_SIZE + CRC_SIZE || reclen > len)
		return -EMSGSIZE;
	c->len = reclen;
	{
		struct cursor t = { c->p, c->len, c->len - CRC_SIZE };
		if (get32(&t) != crc(c->p, c->len - CRC_SIZE))
			return -EILSEQ;
	}
	return 0;
}

/* The fixed part plus COUNT items of SIZE bytes must be exactly the record body. */
static int expect_body(const struct cursor *c, size_t fixed, uint64_t count, size_t size)
{
	if ((uint64_t)c->len != HEADER_SIZE + fixed + count * size + CRC_SIZE)
		return -EMSGSIZE;
	return 0;
}

static void put_ref(struct cursor *c, const struct chunk_ref *r)
{
	put16(c, r->chunk);
	put16(c, 0);
	put32(c, r->ino);
	put32(c, r->gen);
}

static void get_ref(struct cursor *c, struct chunk_ref *r)
{
	r->chunk = get16(c);
	get16(c);
	r->ino = get32(c);
	r->gen = get32(c);
}

int record_chunk_encode(const struct record_chunk *r, void **buf, size_t *len)
{
	struct cursor c;
	int e = begin(RECORD_CHUNK, HEADER_SIZE + 40 + 16 * (size_t)r->nchunks + CRC_SIZE, &c);

	if (e < 0)
		return e;
	putbytes(&c, r->volume, 16);
	put16(&c, r->id);
	put16(&c, r->nchunks);
	put32(&c, r->flags);
	put64(&c, r->threshold);
	put64(&c, (uint64_t)r->created);
	for (unsigned i = 0; i < r->nchunks; i++)
		putbytes(&c, r->members[i], 16);
	finish(&c, buf, len);
	return 0;
}

int record_chunk_decode(const void *buf, size_t len, struct record_chunk *r)
{
	struct cursor c;
	int e = open_record(RECORD_CHUNK, buf, len, &c);

	memset(r, 0, sizeof(*r));
	if (e < 0)
		return e;
	if (c.len < HEADER_SIZE + 40 + CRC_SIZE)
		return -EMSGSIZE;
	getbytes(&c, r->volume, 16);
	r->id = get16(&c);
	r->nchunks = get16(&c);
	r->flags = get32(&c);
	r->threshold = get64(&c);
	r->created = (int64_t)get64(&c);
	e = expect_body(&c, 40, r->nchunks, 16);
	if (e < 0 || r->nchunks == 0 || r->id >= r->nchunks)
		return e < 0 ? e : -EBADMSG;
	r->members = calloc(r->nchunks, sizeof(uuid_t));
	if (!r->members)
		return -ENOMEM;
	for (unsigned i = 0; i < r->nchunks; i++)
		getbytes(&c, r->members[i], 16);
	return 0;
}

void record_chunk_done(struct record_chunk *r)
{
	free(r->members);
	r->members = NULL;
}

int record_state_encode(const struct record_state *r, void **buf, size_t *len)
{
	struct cursor c;
	int e = begin(RECORD_STATE, RECORD_STATE_SIZE, &c);

	if (e < 0)
		return e;
	put32(&c, r->state);
	put32(&c, (uint32_t)r->last_result);
	put64(&c, (uint64_t)r->last_check);
	put64(&c, (uint64_t)r->last_repair);
	put32(&c, (uint32_t)r->last_repair_result);
	put32(&c, r->errors_found);
	put32(&c, r->errors_fixed);
	put32(&c, r->seq);
	put32(&c, r->witness);
	finish(&c, buf, len);
	return 0;
}

int record_state_decode(const void *buf, size_t len, struct record_state *r)
{
	struct cursor c;
	int e = open_record(RECORD_STATE, buf, len, &c);

	memset(r, 0, sizeof(*r));
	if (e < 0)
		return e;
	if (c.len != RECORD_STATE_SIZE)
		return -EMSGSIZE;
	r->state = get32(&c);
	r->last_result = (int32_t)get32(&c);
	r->last_check = (int64_t)get64(&c);
	r->last_repair = (int64_t)get64(&c);
	r->last_repair_result = (int32_t)get32(&c);
	r->errors_found = get32(&c);
	r->errors_fixed = get32(&c);
	r->seq = get32(&c);
	r->witness = get32(&c);
	return r->state > 2 ? -EBADMSG : 0;
}

size_t record_head_size(unsigned ncont, uint32_t nranges)
{
	return HEADER_SIZE + 16 + 12 * (size_t)ncont + 24 * (size_t)nranges + CRC_SIZE;
}

int record_head_encode(const struct record_head *r, void **buf, size_t *len)
{
	struct cursor c;
	int e = begin(RECORD_HEAD, record_head_size(r->ncont, r->nranges), &c);

	if (e < 0)
		return e;
	put32(&c, r->gen);
	put16(&c, r->kind);
	put16(&c, r->ncont);
	put32(&c, r->nranges);
	put32(&c, r->parent);
	for (unsigned i = 0; i < r->ncont; i++)
		put_ref(&c, &r->conts[i]);
	for (unsigned i = 0; i < r->nranges; i++) {
		put64(&c, r->ranges[i].start);
		put64(&c, r->ranges[i].end);
		/* A lost range reads as the head's own bytes (zeros) to a build that knows no flags. */
		put32(&c, r->ranges[i].holder == RANGE_LOST ? 0 : r->ranges[i].holder);
		put32(&c, r->ranges[i].holder == RANGE_LOST ? RANGE_FLAG_LOST : 0);
	}
	finish(&c, buf, len);
	return 0;
}

/* Ranges must be sorted, non-empty and disjoint; holders must name a continuation (or, in a
 * head, mark the range lost). */
static int check_ranges(const struct record_range *rg, uint32_t n, uint32_t max_holder)
{
	for (uint32_t i = 0; i < n; i++) {
		if (rg[i].start >= rg[i].end || (rg[i].holder > max_holder && rg[i].holder != RANGE_LOST))
			return -EBADMSG;
		if (i > 0 && rg[i].start < rg[i - 1].end)
			return -EBADMSG;
	}
	return 0;
}

int record_head_decode(const void *buf, size_t len, struct record_head *r)
{
	struct cursor c;
	uint32_t flags;
	int e = open_record(RECORD_HEAD, buf, len, &c);

	memset(r, 0, sizeof(*r));
	if (e < 0)
		return e;
	if (c.len < HEADER_SIZE + 16 + CRC_SIZE)
		return -EMSGSIZE;
	r->gen = get32(&c);
	r->kind = get16(&c);
	r->ncont = get16(&c);
	r->nranges = get32(&c);
	r->parent = get32(&c);
	if ((uint64_t)c.len != HEADER_SIZE + 16 + 12ULL * r->ncont + 24ULL * r->nranges + CRC_SIZE)
		return -EMSGSIZE;
	if (r->kind != REF_FILE && r->kind != REF_DIR)
		return -EBADMSG;
	r->conts = calloc(r->ncont + 1, sizeof(*r->conts));
	r->ranges = calloc(r->nranges + 1, sizeof(*r->ranges));
	if (!r->conts || !r->ranges) {
		record_head_done(r);
		return -ENOMEM;
	}
	for (unsigned i = 0; i < r->ncont; i++)
		get_ref(&c, &r->conts[i]);
	for (unsigned i = 0; i < r->nranges; i++) {
		r->ranges[i].start = get64(&c);
		r->ranges[i].end = get64(&c);
		r->ranges[i].holder = get32(&c);
		flags = get32(&c);
		/* On disk a lost range names the head; the in-memory RANGE_LOST is no holder. */
		if ((flags & ~RANGE_FLAG_LOST) || (flags && r->ranges[i].holder != 0) ||
		    r->ranges[i].holder == RANGE_LOST) {
			record_head_done(r);
			return -EBADMSG;
		}
		if (flags)
			r->ranges[i].holder = RANGE_LOST;
	}
	e = check_ranges(r->ranges, r->nranges, r->ncont);
	if (e < 0)
		record_head_done(r);
	return e;
}

void record_head_done(struct record_head *r)
{
	free(r->conts);
	free(r->ranges);
	r->conts = NULL;
	r->ranges = NULL;
	r->ncont = 0;
	r->nranges = 0;
}

int record_cont_encode(const struct record_cont *r, void **buf, size_t *len)
{
	struct cursor c;
	int e = begin(RECORD_CONT, HEADER_SIZE + 48 + 16 * (size_t)r->nranges + CRC_SIZE, &c);

	if (e < 0)
		return e;
	put16(&c, r->kind);
	put16(&c, r->flags);
	put32(&c, r->gen);
	put_ref(&c, &r->head);
	put_ref(&c, &r->prev);
	put_ref(&c, &r->next);
	put32(&c, r->nranges);
	for (unsigned i = 0; i < r->nranges; i++) {
		put64(&c, r->ranges[i].start);
		put64(&c, r->ranges[i].end);
	}
	finish(&c, buf, len);
	return 0;
}

int record_cont_decode(const void *buf, size_t len, struct record_cont *r)
{
	struct cursor c;
	int e = open_record(RECORD_CONT, buf, len, &c);

	memset(r, 0, sizeof(*r));
	if (e < 0)
		return e;
	if (c.len < HEADER_SIZE + 48 + CRC_SIZE)
		return -EMSGSIZE;
	r->kind = get16(&c);
	r->flags = get16(&c);
	r->gen = get32(&c);
	get_ref(&c, &r->head);
	get_ref(&c, &r->prev);
	get_ref(&c, &r->next);
	r->nranges = get32(&c);
	e = expect_body(&c, 48, r->nranges, 16);
	if (e < 0)
		return e;
	if ((r->kind != REF_FILE && r->kind != REF_DIR) || (r->flags & ~CONT_FLAG_RELEASED))
		return -EBADMSG;
	r->ranges = calloc(r->nranges + 1, sizeof(*r->ranges));
	if (!r->ranges)
		return -ENOMEM;
	for (unsigned i = 0; i < r->nranges; i++) {
		r->ranges[i].start = get64(&c);
		r->ranges[i].end = get64(&c);
	}
	e = check_ranges(r->ranges, r->nranges, 0);
	if (e < 0)
		record_cont_done(r);
	return e;
}

void record_cont_done(struct record_cont *r)
{
	free(r->ranges);
	r->ranges = NULL;
	r->nranges = 0;
}

int index_ref_compare(const struct index_ref *a, const struct index_ref *b)
{
	if (a->dir != b->dir)
		return a->dir < b->dir ? -1 : 1;
	if (a->local_ino != b->local_ino)
		return a->local_ino < b->local_ino ? -1 : 1;
	if (a->peer_ino != b->peer_ino)
		return a->peer_ino < b->peer_ino ? -1 : 1;
	return 0;
}

int record_index_encode(const struct record_index *r, void **buf, size_t *len)
{
	struct cursor c;
	int e = begin(RECORD_INDEX, HEADER_SIZE + 8 + 20 * (size_t)r->count + CRC_SIZE, &c);

	if (e < 0)
		return e;
	put16(&c, r->chunk);
	put16(&c, r->peer);
	put32(&c, r->count);
	for (unsigned i = 0; i < r->count; i++) {
		const struct index_ref *x = &r->refs[i];
		c.p[c.pos++] = x->kind;
		c.p[c.pos++] = x->dir;
		put16(&c, 0);
		put32(&c, x->local_ino);
		put32(&c, x->local_gen);
		put32(&c, x->peer_ino);
		put32(&c, x->peer_gen);
	}
	finish(&c, buf, len);
	return 0;
}

int record_index_decode(const void *buf, size_t len, struct record_index *r)
{
	struct cursor c;
	int e = open_record(RECORD_INDEX, buf, len, &c);

	memset(r, 0, sizeof(*r));
	if (e < 0)
		return e;
	if (c.len < HEADER_SIZE + 8 + CRC_SIZE)
		return -EMSGSIZE;
	r->chunk = get16(&c);
	r->peer = get16(&c);
	r->count = get32(&c);
	e = expect_body(&c, 8, r->count, 20);
	if (e < 0)
		return e;
	r->refs = calloc(r->count + 1, sizeof(*r->refs));
	if (!r->refs)
		return -ENOMEM;
	for (unsigned i = 0; i < r->count; i++) {
		struct index_ref *x = &r->refs[i];
		x->kind = c.p[c.pos++];
		x->dir = c.p[c.pos++];
		get16(&c);
		x->local_ino = get32(&c);
		x->local_gen = get32(&c);
		x->peer_ino = get32(&c);
		x->peer_gen = get32(&c);
		if ((x->kind != REF_FILE && x->kind != REF_DIR) || x->dir > REF_IN ||
		    (i > 0 && index_ref_compare(&r->refs[i - 1], x) >= 0)) {
			record_index_done(r);
			return -EBADMSG;
		}
	}
	return 0;
}

void record_index_done(struct record_index *r)
{
	free(r->refs);
	r->refs = NULL;
	r->count = 0;
}

int record_peers_encode(const struct record_peers *r, void **buf, size_t *len)
{
	struct cursor c;
	int e = begin(RECORD_PEERS, HEADER_SIZE + 8 + 8 * (size_t)r->npeers + CRC_SIZE, &c);

	if (e < 0)
		return e;
	put16(&c, r->chunk);
	put16(&c, r->npeers);
	put32(&c, 0);
	for (unsigned i = 0; i < r->npeers; i++) {
		put16(&c, r->peers[i].peer);
		put16(&c, 0);
		put32(&c, r->peers[i].refs);
	}
	finish(&c, buf, len);
	return 0;
}

int record_peers_decode(const void *buf, size_t len, struct record_peers *r)
{
	struct cursor c;
	int e = open_record(RECORD_PEERS, buf, len, &c);

	memset(r, 0, sizeof(*r));
	if (e < 0)
		return e;
	if (c.len < HEADER_SIZE + 8 + CRC_SIZE)
		return -EMSGSIZE;
	r->chunk = get16(&c);
	r->npeers = get16(&c);
	get32(&c);
	e = expect_body(&c, 8, r->npeers, 8);
	if (e < 0)
		return e;
	r->peers = calloc(r->npeers + 1, sizeof(*r->peers));
	if (!r->peers)
		return -ENOMEM;
	for (unsigned i = 0; i < r->npeers; i++) {
		r->peers[i].peer = get16(&c);
		get16(&c);
		r->peers[i].refs = get32(&c);
		if (i > 0 && r->peers[i].peer <= r->peers[i - 1].peer) {
			record_peers_done(r);
			return -EBADMSG;
		}
	}
	return 0;
}

void record_peers_done(struct record_peers *r)
{
	free(r->peers);
	r->peers = NULL;
	r->npeers = 0;
}

/* Losses: seq, last, count, nentries; then each entry: kind, pad, the lengths of its path and
 * of where it was moved (0xffff: none), pad, ino, bytes, then the two paths' bytes. */
#define LOSSES_FIXED 24
#define LOSS_ENTRY_FIXED 24
#define LOSS_NO_PATH 0xffffu

static size_t loss_entry_size(const struct loss_entry *e)
{
	return LOSS_ENTRY_FIXED + (e->path ? strlen(e->path) : 0) + (e->moved_to ? strlen(e->moved_to) : 0);
}

static void put_path_len(struct cursor *c, const char *path)
{
	put16(c, path ? (uint16_t)strlen(path) : LOSS_NO_PATH);
}

static void put_path(struct cursor *c, const char *path)
{
	if (path)
		putbytes(c, path, strlen(path));
}

int record_losses_encode(const struct record_losses *r, void **buf, size_t *len)
{
	size_t size = HEADER_SIZE + LOSSES_FIXED + CRC_SIZE;
	uint32_t n = 0;
	struct cursor c;
	int e;

	/* LOSSES_RECORD_MAX keeps every path kept shorter than LOSS_NO_PATH. */
	while (n < r->nentries && n < LOSSES_KEEP &&
	       size + loss_entry_size(&r->entries[n]) <= LOSSES_RECORD_MAX)
		size += loss_entry_size(&r->entries[n++]);
	e = begin(RECORD_LOSSES, size, &c);
	if (e < 0)
		return e;
	put64(&c, r->seq);
	put64(&c, (uint64_t)r->last);
	put32(&c, MAX(r->count, n));
	put32(&c, n);
	for (uint32_t i = 0; i < n; i++) {
		const struct loss_entry *x = &r->entries[i];

		c.p[c.pos++] = x->kind;
		c.p[c.pos++] = 0;
		put_path_len(&c, x->path);
		put_path_len(&c, x->moved_to);
		put16(&c, 0);
		put64(&c, x->ino);
		put64(&c, x->bytes);
		put_path(&c, x->path);
		put_path(&c, x->moved_to);
	}
	finish(&c, buf, len);
	return 0;
}

/* A path of LEN bytes (LOSS_NO_PATH: none, *RET stays NULL). */
static int get_path(struct cursor *c, uint16_t len, char **ret)
{
	if (len == LOSS_NO_PATH)
		return 0;
	if (c->pos + len > c->len - CRC_SIZE)
		return -EMSGSIZE;
	*ret = strndup((const char *)c->p + c->pos, len);
	c->pos += len;
	return *ret ? 0 : -ENOMEM;
}

static int get_loss_entry(struct cursor *c, struct loss_entry *x)
{
	uint16_t plen, mlen;
	int r;

	if (c->pos + LOSS_ENTRY_FIXED > c->len - CRC_SIZE)
		return -EMSGSIZE;
	x->kind = c->p[c->pos];
	c->pos += 2;
	plen = get16(c);
	mlen = get16(c);
	get16(c);
	x->ino = get64(c);
	x->bytes = get64(c);
	r = get_path(c, plen, &x->path);
	return r < 0 ? r : get_path(c, mlen, &x->moved_to);
}

int record_losses_decode(const void *buf, size_t len, struct record_losses *r)
{
	struct cursor c;
	int e = open_record(RECORD_LOSSES, buf, len, &c);

	memset(r, 0, sizeof(*r));
	if (e < 0)
		return e;
	if (c.len < HEADER_SIZE + LOSSES_FIXED + CRC_SIZE)
		return -EMSGSIZE;
	r->seq = get64(&c);
	r->last = (int64_t)get64(&c);
	r->count = get32(&c);
	r->nentries = get32(&c);
	if (r->nentries > LOSSES_KEEP || r->count < r->nentries) {
		r->nentries = 0;
		return -EBADMSG;
	}
	r->entries = calloc(r->nentries ?: 1, sizeof(*r->entries));
	if (!r->entries) {
		r->nentries = 0;
		return -ENOMEM;
	}
	for (uint32_t i = 0; e == 0 && i < r->nentries; i++)
		e = get_loss_entry(&c, &r->entries[i]);
	if (e == 0 && c.pos != c.len - CRC_SIZE)
		e = -EMSGSIZE;
	if (e < 0)
		record_losses_done(r);
	return e;
}

void record_losses_done(struct record_losses *r)
{
	for (uint32_t i = 0; r->entries && i < r->nentries; i++) {
		free(r->entries[i].path);
		free(r->entries[i].moved_to);
	}
	free(r->entries);
	r->entries = NULL;
	r->nentries = 0;
}

const char *record_strerror(int err)
{
	switch (err) {
	case -EBADMSG: return "bad magic, type or contents";
	case -EPROTONOSUPPORT: return "unsupported format version";
	case -EMSGSIZE: return "truncated record";
	case -EILSEQ: return "bad checksum";
	default: return strerror(-err);
	}
}

/* The two names: their lengths (1-255), then each in a zero-padded slot of 256 bytes. */
static int put_names(struct cursor *c, const char *sname, const char *dname)
{
	size_t n[2] = { strnlen(sname, 256), strnlen(dname, 256) };
	const char *name[2] = { sname, dname };

	for (int i = 0; i < 2; i++)
		if (n[i] == 0 || n[i] > 255 || memchr(name[i], '/', n[i]))
			return -EINVAL;
	put16(c, (uint16_t)n[0]);
	put16(c, (uint16_t)n[1]);
	for (int i = 0; i < 2; i++) {
		putbytes(c, name[i], n[i]);
		c->pos += 256 - n[i];
	}
	return 0;
}

static int get_names(struct cursor *c, char sname[256], char dname[256])
{
	char *name[2] = { sname, dname };
	uint16_t n[2];

	n[0] = get16(c); /* in order: an initializer list would not sequence the reads */
	n[1] = get16(c);

	for (int i = 0; i < 2; i++) {
		if (n[i] == 0 || n[i] > 255)
			return -EBADMSG;
		getbytes(c, name[i], n[i]);
		name[i][n[i]] = '\0';
		c->pos += 256 - n[i];
		if (memchr(name[i], '/', n[i]) || strlen(name[i]) != n[i])
			return -EBADMSG;
	}
	return 0;
}

int record_rename_encode(const struct record_rename *r, void **buf, size_t *len)
{
	struct cursor c;
	int e = begin(RECORD_RENAME, RECORD_RENAME_SIZE, &c);

	if (e < 0)
		return e;
	put32(&c, r->ino);
	put32(&c, r->gen);
	put32(&c, r->spart);
	put32(&c, r->dpart);
	put64(&c, r->sdir);
	put64(&c, r->ddir);
	put16(&c, r->target.chunk);
	put16(&c, r->flags);
	put32(&c, r->target.ino);
	put32(&c, r->target.gen);
	e = put_names(&c, r->sname, r->dname);
	if (e < 0) {
		free(c.p);
		return e;
	}
	finish(&c, buf, len);
	return 0;
}

int record_rename_decode(const void *buf, size_t len, struct record_rename *r)
{
	struct cursor c;
	int e = open_record(RECORD_RENAME, buf, len, &c);

	memset(r, 0, sizeof(*r));
	if (e < 0)
		return e;
	if (c.len != RECORD_RENAME_SIZE)
		return -EMSGSIZE;
	r->ino = get32(&c);
	r->gen = get32(&c);
	r->spart = get32(&c);
	r->dpart = get32(&c);
	r->sdir = get64(&c);
	r->ddir = get64(&c);
	r->target.chunk = get16(&c);
	r->flags = get16(&c);
	r->target.ino = get32(&c);
	r->target.gen = get32(&c);
	e = get_names(&c, r->sname, r->dname);
	/* An exchange names the other inode; a flag this reader does not know, a record it cannot
	 * settle. */
	if (e == 0 && (!r->ino || !r->spart || !r->dpart || (r->flags & ~RENAME_FLAGS_KNOWN) ||
		       ((r->flags & RENAME_FLAG_EXCHANGE) && r->target.chunk == CHUNK_NONE) ||
		       (r->flags & (RENAME_FLAG_EXCHANGE | RENAME_FLAG_FIRST)) == RENAME_FLAG_FIRST))
		e = -EBADMSG;
	if (e < 0)
		memset(r, 0, sizeof(*r));
	return e;
}

int record_name_encode(const struct record_name *r, void **buf, size_t *len)
{
	size_t n = strnlen(r->name, 256);
	struct cursor c;
	int e;

	if (n == 0 || n > 255 || memchr(r->name, '/', n) || !r->ldir)
		return -EINVAL;
	e = begin(RECORD_NAME, HEADER_SIZE + 14 + n + CRC_SIZE, &c);
	if (e < 0)
		return e;
	put32(&c, r->ldir);
	put64(&c, r->dir);
	put16(&c, (uint16_t)n);
	putbytes(&c, r->name, n);
	finish(&c, buf, len);
	return 0;
}

int record_name_decode(const void *buf, size_t len, struct record_name *r)
{
	struct cursor c;
	uint16_t n;
	int e = open_record(RECORD_NAME, buf, len, &c);

	memset(r, 0, sizeof(*r));
	if (e < 0)
		return e;
	if (c.len < HEADER_SIZE + 14 + CRC_SIZE)
		return -EMSGSIZE;
	r->ldir = get32(&c);
	r->dir = get64(&c);
	n = get16(&c);
	if (c.len != (size_t)HEADER_SIZE + 14 + n + CRC_SIZE)
		return -EMSGSIZE;
	if (n == 0 || n > 255 || !r->ldir) {
		memset(r, 0, sizeof(*r));
		return -EBADMSG;
	}
	getbytes(&c, r->name, n);
	if (memchr(r->name, '/', n) || strlen(r->name) != n) {
		memset(r, 0, sizeof(*r));
		return -EBADMSG;
	}
	return 0;
}
