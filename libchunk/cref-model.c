/* cref's arithmetic, free of libext2fs: which chunk a block or inode falls in, the sets and
 * pair counts that turn a stream of inodes and directory entries into reference counts, and
 * the disk models that turn counts into seconds. The scan (cref-scan.c) feeds it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/cref.h"
#include "libchunk/macro.h"

uint32_t cref_groups_per_chunk(uint64_t chunk_bytes, uint64_t group_bytes)
{
	uint64_t n;

	if (group_bytes == 0)
		return 1;
	n = chunk_bytes / group_bytes;
	if (n < 1)
		return 1;
	return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

uint32_t cref_geometry_chunks(const struct cref_geometry *g)
{
	return (uint32_t)(((uint64_t)g->groups + g->groups_per_chunk - 1) / g->groups_per_chunk);
}

uint64_t cref_geometry_chunk_bytes(const struct cref_geometry *g)
{
	return (uint64_t)g->groups_per_chunk * g->blocks_per_group * g->block_size;
}

bool cref_geometry_block_valid(const struct cref_geometry *g, uint64_t blk)
{
	return blk >= g->first_data_block && blk < g->blocks_count;
}

uint32_t cref_chunk_of_group(const struct cref_geometry *g, uint32_t group)
{
	return group / g->groups_per_chunk;
}

uint32_t cref_chunk_of_block(const struct cref_geometry *g, uint64_t blk)
{
	return cref_chunk_of_group(g, (uint32_t)((blk - g->first_data_block) / g->blocks_per_group));
}

uint32_t cref_chunk_of_inode(const struct cref_geometry *g, uint32_t ino)
{
	return cref_chunk_of_group(g, (ino - 1) / g->inodes_per_group);
}

static int chunk_set_init(struct cref_chunk_set *s, uint32_t chunks)
{
	s->member = calloc(chunks, 1);
	s->list = calloc(chunks, sizeof(*s->list));
	s->n = 0;
	return s->member && s->list ? 0 : -ENOMEM;
}

static void chunk_set_done(struct cref_chunk_set *s)
{
	free(s->member);
	free(s->list);
	*s = (struct cref_chunk_set){};
}

static void chunk_set_add(struct cref_chunk_set *s, uint32_t chunk)
{
	if (s->member[chunk])
		return;
	s->member[chunk] = 1;
	s->list[s->n++] = chunk;
}

static void chunk_set_clear(struct cref_chunk_set *s)
{
	for (uint32_t i = 0; i < s->n; i++)
		s->member[s->list[i]] = 0;
	s->n = 0;
}

#define PAIR_EMPTY UINT64_MAX

static size_t pair_slot(const struct cref_pair_table *t, uint64_t key)
{
	size_t i = (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 17) & (t->size - 1);

	while (t->keys[i] != PAIR_EMPTY && t->keys[i] != key)
		i = (i + 1) & (t->size - 1);
	return i;
}

static int pair_table_resize(struct cref_pair_table *t, size_t size)
{
	struct cref_pair_table n = { .size = size };

	n.keys = malloc(size * sizeof(*n.keys));
	n.counts = calloc(size, sizeof(*n.counts));
	if (!n.keys || !n.counts) {
		free(n.keys);
		free(n.counts);
		return -ENOMEM;
	}
	memset(n.keys, 0xff, size * sizeof(*n.keys));
	for (size_t i = 0; i < t->size; i++) {
		if (t->keys[i] == PAIR_EMPTY)
			continue;
		size_t j = pair_slot(&n, t->keys[i]);
		n.keys[j] = t->keys[i];
		n.counts[j] = t->counts[i];
		n.used++;
	}
	free(t->keys);
	free(t->counts);
	*t = n;
	return 0;
}

static uint64_t pair_key(uint32_t a, uint32_t b)
{
	return a < b ? (uint64_t)a << 32 | b : (uint64_t)b << 32 | a;
}

static int pair_table_add(struct cref_pair_table *t, uint32_t a, uint32_t b)
{
	uint64_t key = pair_key(a, b);
	size_t i;

	if ((t->used + 1) * 2 > t->size) {
		int r = pair_table_resize(t, t->size ? t->size * 2 : 64);
		if (r < 0)
			return r;
	}
	i = pair_slot(t, key);
	if (t->keys[i] == PAIR_EMPTY) {
		t->keys[i] = key;
		t->used++;
	}
	t->counts[i]++;
	return 0;
}

uint64_t cref_pair_table_get(const struct cref_pair_table *t, uint32_t a, uint32_t b)
{
	size_t i;

	if (t->size == 0)
		return 0;
	i = pair_slot(t, pair_key(a, b));
	return t->keys[i] == PAIR_EMPTY ? 0 : t->counts[i];
}

int cref_counter_init(struct cref_counter *c, const struct cref_geometry *geo, enum cref_rule rule)
{
	*c = (struct cref_counter){ .geo = *geo, .rule = rule };
	if (geo->groups_per_chunk == 0 || geo->blocks_per_group == 0 || geo->inodes_per_group == 0 ||
	    geo->groups == 0)
		return -EINVAL;
	c->chunks = cref_geometry_chunks(geo);
	c->chunk_refs = calloc(c->chunks, sizeof(*c->chunk_refs));
	c->chunk_meta_bytes = calloc(c->chunks, sizeof(*c->chunk_meta_bytes));
	if (!c->chunk_refs || !c->chunk_meta_bytes || chunk_set_init(&c->files, c->chunks) < 0 ||
	    chunk_set_init(&c->subdirs, c->chunks) < 0) {
		cref_counter_done(c);
		return -ENOMEM;
	}
	return 0;
}

void cref_counter_done(struct cref_counter *c)
{
	free(c->chunk_refs);
	free(c->chunk_meta_bytes);
	free(c->pairs.keys);
	free(c->pairs.counts);
	chunk_set_done(&c->files);
	chunk_set_done(&c->subdirs);
	*c = (struct cref_counter){};
}

static int counter_add_ref(struct cref_counter *c, uint32_t a, uint32_t b)
{
	c->chunk_refs[a]++;
	c->chunk_refs[b]++;
	return pair_table_add(&c->pairs, a, b);
}

void cref_counter_file_begin(struct cref_counter *c, uint32_t ino)
{
	chunk_set_clear(&c->files);
	c->has_home = false;
	if (c->rule == CREF_RULE_ALL) {
		c->home = cref_chunk_of_inode(&c->geo, ino);
		c->has_home = true;
		chunk_set_add(&c->files, c->home);
	}
}

int cref_counter_file_blocks(struct cref_counter *c, uint64_t blk, uint64_t count, bool data)
{
	uint32_t first, last;

	if (count == 0)
		return 0;
	if (!cref_geometry_block_valid(&c->geo, blk) || !cref_geometry_block_valid(&c->geo, blk + count - 1) ||
	    blk + count < blk)
		return -ERANGE;
	if (c->rule == CREF_RULE_DATA_ONLY && !data)
		return 0;
	first = cref_chunk_of_block(&c->geo, blk);
	last = cref_chunk_of_block(&c->geo, blk + count - 1);
	if (!c->has_home) {
		/* data-only: the file lives where its first data block is */
		c->home = first;
		c->has_home = true;
	}
	for (uint32_t ch = first; ch <= last; ch++)
		chunk_set_add(&c->files, ch);
	return 0;
}

int cref_counter_file_end(struct cref_counter *c)
{
	int r = 0;

	for (uint32_t i = 0; i < c->files.n && r >= 0; i++) {
		if (c->files.list[i] == c->home)
			continue;
		c->intra_file_refs++;
		r = counter_add_ref(c, c->home, c->files.list[i]);
	}
	chunk_set_clear(&c->files);
	return r;
}

void cref_counter_dir_begin(struct cref_counter *c, uint32_t dir_ino)
{
	chunk_set_clear(&c->files);
	chunk_set_clear(&c->subdirs);
	c->home = cref_chunk_of_inode(&c->geo, dir_ino);
	c->has_home = true;
}

int cref_counter_dir_entry(struct cref_counter *c, uint32_t ino, bool is_dir)
{
	uint32_t ch;

	if (ino == 0 || ino > c->geo.inodes_count)
		return -ERANGE;
	ch = cref_chunk_of_inode(&c->geo, ino);
	if (ch != c->home)
		chunk_set_add(is_dir ? &c->subdirs : &c->files, ch);
	return 0;
}

int cref_counter_dir_end(struct cref_counter *c)
{
	int r = 0;

	for (uint32_t i = 0; i < c->files.n && r >= 0; i++) {
		c->dir_file_refs++;
		r = counter_add_ref(c, c->home, c->files.list[i]);
	}
	for (uint32_t i = 0; i < c->subdirs.n && r >= 0; i++) {
		c->dir_subdir_refs++;
		r = counter_add_ref(c, c->home, c->subdirs.list[i]);
	}
	chunk_set_clear(&c->files);
	chunk_set_clear(&c->subdirs);
	return r;
}

void cref_counter_add_meta(struct cref_counter *c, uint32_t chunk, uint64_t bytes)
{
	if (chunk < c->chunks)
		c->chunk_meta_bytes[chunk] += bytes;
}

uint32_t cref_counter_busiest(const struct cref_counter *c)
{
	uint32_t best = 0;

	for (uint32_t i = 1; i < c->chunks; i++)
		if (c->chunk_refs[i] > c->chunk_refs[best])
			best = i;
	return best;
}

uint64_t cref_counter_total(const struct cref_counter *c)
{
	return c->intra_file_refs + c->dir_file_refs + c->dir_subdir_refs;
}

struct peer_count {
	uint32_t peer;
	uint64_t refs;
};

static int peer_compare(const void *a, const void *b)
{
	const struct peer_count *x = a, *y = b;

	return x->peer < y->peer ? -1 : x->peer > y->peer;
}

int cref_counter_peers(const struct cref_counter *c, uint32_t chunk,
		       void (*fn)(uint32_t peer, uint64_t refs, void *userdata), void *userdata)
{
	_cleanup_free_ struct peer_count *peers = NULL;
	size_t n = 0;

	peers = calloc(c->pairs.used + 1, sizeof(*peers));
	if (!peers)
		return -ENOMEM;
	for (size_t i = 0; i < c->pairs.size; i++) {
		uint64_t key = c->pairs.keys[i];
		uint32_t a = (uint32_t)(key >> 32), b = (uint32_t)key;

		if (key == PAIR_EMPTY || (a != chunk && b != chunk))
			continue;
		peers[n++] = (struct peer_count){ a == chunk ? b : a, c->pairs.counts[i] };
	}
	qsort(peers, n, sizeof(*peers), peer_compare);
	for (size_t i = 0; i < n; i++)
		fn(peers[i].peer, peers[i].refs, userdata);
	return 0;
}

static int pair_compare(const void *a, const void *b)
{
	const struct cref_pair *x = a, *y = b;

	if (x->a != y->a)
		return x->a < y->a ? -1 : 1;
	return x->b < y->b ? -1 : x->b > y->b;
}

int cref_counter_pairs(const struct cref_counter *c, struct cref_pair **ret, size_t *n)
{
	struct cref_pair *p = calloc(c->pairs.used + 1, sizeof(*p));
	size_t k = 0;

	if (!p)
		return -ENOMEM;
	for (size_t i = 0; i < c->pairs.size; i++)
		if (c->pairs.keys[i] != PAIR_EMPTY)
			p[k++] = (struct cref_pair){ (uint32_t)(c->pairs.keys[i] >> 32), (uint32_t)c->pairs.keys[i],
						     c->pairs.counts[i] };
	qsort(p, k, sizeof(*p), pair_compare);
	*ret = p;
	*n = k;
	return 0;
}

/* hdd-2007: a 7200 rpm SATA disk of the day (8 ms average seek, 70 MB/s). hdd-2013 applies the
 * 2006 projection to it: access time 1.2x better (seek and rotation alike), bandwidth 5x. */
static const struct cref_model builtin_models[] = {
	{ "hdd-2007", 8.0, 7200.0, 70.0 },
	{ "hdd-2013", 8.0 / 1.2, 7200.0 * 1.2, 70.0 * 5 },
	{ "ssd", 0.1, 0.0, 500.0 },
};

const struct cref_model *cref_models_builtin(size_t *n)
{
	*n = ELEMENTSOF(builtin_models);
	return builtin_models;
}

int cref_model_lookup(const char *name, struct cref_model *ret)
{
	for (size_t i = 0; i < ELEMENTSOF(builtin_models); i++) {
		if (strcmp(builtin_models[i].name, name) == 0) {
			*ret = builtin_models[i];
			return 0;
		}
	}
	return -ENOENT;
}

double cref_model_access_ms(const struct cref_model *m)
{
	return m->seek_ms + (m->rotation_rpm > 0 ? 30000.0 / m->rotation_rpm : 0.0);
}

void cref_estimate(const struct cref_counter *c, const struct cref_model *m, struct cref_estimate *ret)
{
	double bytes_per_s = m->bandwidth_mb_s * 1e6, sum_refs = 0, sum_check = 0, all_meta = 0;

	*ret = (struct cref_estimate){ .access_ms = cref_model_access_ms(m) };
	for (uint32_t i = 0; i < c->chunks; i++) {
		double refs_s = (double)c->chunk_refs[i] * ret->access_ms / 1000.0;
		double check_s = (double)c->chunk_meta_bytes[i] / bytes_per_s + refs_s;

		sum_refs += refs_s;
		sum_check += check_s;
		all_meta += (double)c->chunk_meta_bytes[i];
		if (refs_s > ret->max_refs_s)
			ret->max_refs_s = refs_s;
		if (check_s > ret->max_check_s) {
			ret->max_check_s = check_s;
			ret->worst_chunk = i;
		}
	}
	if (c->chunks) {
		ret->avg_refs_s = sum_refs / c->chunks;
		ret->avg_check_s = sum_check / c->chunks;
	}
	ret->whole_fs_s = all_meta / bytes_per_s;
}

const char *cref_rule_name(enum cref_rule rule)
{
	return rule == CREF_RULE_DATA_ONLY ? "data-only" : "all";
}

int cref_rule_from_string(const char *s, enum cref_rule *ret)
{
	if (strcmp(s, "all") == 0)
		*ret = CREF_RULE_ALL;
	else if (strcmp(s, "data-only") == 0)
		*ret = CREF_RULE_DATA_ONLY;
	else
		return -EINVAL;
	return 0;
}
