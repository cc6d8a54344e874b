/* The two containers behind cref's counters: a set of chunks that clears in time
 * proportional to its size, and an open-addressing table of reference counts per chunk pair. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libcref/cref.h"

int cref_chunk_set_init(struct cref_chunk_set *s, uint32_t chunks)
{
	s->member = calloc(chunks, 1);
	s->list = calloc(chunks, sizeof(*s->list));
	s->n = 0;
	return s->member && s->list ? 0 : -ENOMEM;
}

void cref_chunk_set_done(struct cref_chunk_set *s)
{
	free(s->member);
	free(s->list);
	*s = (struct cref_chunk_set){};
}

void cref_chunk_set_add(struct cref_chunk_set *s, uint32_t chunk)
{
	if (s->member[chunk])
		return;
	s->member[chunk] = 1;
	s->list[s->n++] = chunk;
}

void cref_chunk_set_clear(struct cref_chunk_set *s)
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

int cref_pair_table_add(struct cref_pair_table *t, uint32_t a, uint32_t b)
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

static int pair_compare(const void *a, const void *b)
{
	const struct cref_pair *x = a, *y = b;

	if (x->a != y->a)
		return x->a < y->a ? -1 : 1;
	return x->b < y->b ? -1 : x->b > y->b;
}

int cref_pair_table_list(const struct cref_pair_table *t, struct cref_pair **ret, size_t *n)
{
	struct cref_pair *p = calloc(t->used + 1, sizeof(*p));
	size_t k = 0;

	if (!p)
		return -ENOMEM;
	for (size_t i = 0; i < t->size; i++)
		if (t->keys[i] != PAIR_EMPTY)
			p[k++] = (struct cref_pair){ (uint32_t)(t->keys[i] >> 32), (uint32_t)t->keys[i],
						     t->counts[i] };
	qsort(p, k, sizeof(*p), pair_compare);
	*ret = p;
	*n = k;
	return 0;
}

void cref_pair_table_done(struct cref_pair_table *t)
{
	free(t->keys);
	free(t->counts);
	*t = (struct cref_pair_table){};
}
