/* cref's counting rules, free of libext2fs: which chunk a block or inode falls in, and how
 * a stream of inodes, block ranges and directory entries becomes reference counts
 * (docs/CREF.md). The scan (cref-scan.c, cref-dirs.c) feeds it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libcref/cref.h"
#include "libchunk/base/macro.h"

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

int cref_counter_init(struct cref_counter *c, const struct cref_geometry *geo, enum cref_rule rule)
{
	*c = (struct cref_counter){ .geo = *geo, .rule = rule };
	if (geo->groups_per_chunk == 0 || geo->blocks_per_group == 0 || geo->inodes_per_group == 0 ||
	    geo->groups == 0)
		return -EINVAL;
	c->chunks = cref_geometry_chunks(geo);
	c->chunk_refs = calloc(c->chunks, sizeof(*c->chunk_refs));
	c->chunk_meta_bytes = calloc(c->chunks, sizeof(*c->chunk_meta_bytes));
	if (!c->chunk_refs || !c->chunk_meta_bytes || cref_chunk_set_init(&c->files, c->chunks) < 0 ||
	    cref_chunk_set_init(&c->subdirs, c->chunks) < 0) {
		cref_counter_done(c);
		return -ENOMEM;
	}
	return 0;
}

void cref_counter_done(struct cref_counter *c)
{
	free(c->chunk_refs);
	free(c->chunk_meta_bytes);
	cref_pair_table_done(&c->pairs);
	cref_chunk_set_done(&c->files);
	cref_chunk_set_done(&c->subdirs);
	*c = (struct cref_counter){};
}

static int counter_add_ref(struct cref_counter *c, uint32_t a, uint32_t b)
{
	c->chunk_refs[a]++;
	c->chunk_refs[b]++;
	return cref_pair_table_add(&c->pairs, a, b);
}

void cref_counter_file_begin(struct cref_counter *c, uint32_t ino)
{
	cref_chunk_set_clear(&c->files);
	c->has_home = false;
	if (c->rule == CREF_RULE_ALL) {
		c->home = cref_chunk_of_inode(&c->geo, ino);
		c->has_home = true;
		cref_chunk_set_add(&c->files, c->home);
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
		cref_chunk_set_add(&c->files, ch);
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
	cref_chunk_set_clear(&c->files);
	return r;
}

void cref_counter_dir_begin(struct cref_counter *c, uint32_t dir_ino)
{
	cref_chunk_set_clear(&c->files);
	cref_chunk_set_clear(&c->subdirs);
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
		cref_chunk_set_add(is_dir ? &c->subdirs : &c->files, ch);
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
	cref_chunk_set_clear(&c->files);
	cref_chunk_set_clear(&c->subdirs);
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

int cref_counter_pairs(const struct cref_counter *c, struct cref_pair **ret, size_t *n)
{
	return cref_pair_table_list(&c->pairs, ret, n);
}

uint64_t cref_counter_total(const struct cref_counter *c)
{
	return c->intra_file_refs + c->dir_file_refs + c->dir_subdir_refs;
}

static int peer_compare(const void *a, const void *b)
{
	const struct cref_pair *x = a, *y = b;

	return x->b < y->b ? -1 : x->b > y->b;
}

int cref_counter_peers(const struct cref_counter *c, uint32_t chunk,
		       void (*fn)(uint32_t peer, uint64_t refs, void *userdata), void *userdata)
{
	_cleanup_free_ struct cref_pair *pairs = NULL;
	size_t n, k = 0;
	int r;

	r = cref_pair_table_list(&c->pairs, &pairs, &n);
	if (r < 0)
		return r;
	/* keep the pairs with chunk, as (chunk, peer) */
	for (size_t i = 0; i < n; i++) {
		if (pairs[i].a != chunk && pairs[i].b != chunk)
			continue;
		pairs[k++] = (struct cref_pair){ chunk, pairs[i].a == chunk ? pairs[i].b : pairs[i].a, pairs[i].refs };
	}
	qsort(pairs, k, sizeof(*pairs), peer_compare);
	for (size_t i = 0; i < k; i++)
		fn(pairs[i].b, pairs[i].refs, userdata);
	return 0;
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
