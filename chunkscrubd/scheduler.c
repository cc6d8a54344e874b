/* The scheduling rules of chunkscrubd (see scheduler.h): which chunk is checked next. */
#include <stdint.h>
#include <stdlib.h>

#include "chunkscrubd/scheduler.h"

/* Least recently checked first; never checked counts as oldest; ties by index (stable). */
static bool older(const struct sched_chunk *c, size_t a, size_t b)
{
	if (c[a].last_check != c[b].last_check)
		return c[a].last_check < c[b].last_check;
	return a < b;
}

static bool checkable(const struct sched_chunk *c)
{
	return !c->busy && c->state != CHUNK_MISSING;
}

size_t scheduler_boot_pass(const struct sched_chunk *c, size_t n, unsigned boot_chunks, size_t *order)
{
	size_t k = 0, first_clean;

	for (size_t i = 0; i < n; i++)
		if (checkable(&c[i]) && c[i].state == CHUNK_DAMAGED)
			order[k++] = i;
	for (size_t i = 0; i < n; i++)
		if (checkable(&c[i]) && c[i].state == CHUNK_DIRTY)
			order[k++] = i;
	for (size_t i = 0; i < n; i++)
		if (checkable(&c[i]) && c[i].state == CHUNK_CLEAN && c[i].recheck)
			order[k++] = i;
	first_clean = k;
	/* Selection of the boot_chunks oldest clean chunks: n is at most a few thousand. */
	for (unsigned b = 0; b < boot_chunks; b++) {
		ssize_t best = -1;

		for (size_t i = 0; i < n; i++) {
			bool taken = false;

			if (!checkable(&c[i]) || c[i].state != CHUNK_CLEAN || c[i].recheck)
				continue;
			for (size_t j = first_clean; j < k && !taken; j++)
				taken = order[j] == i;
			if (!taken && (best < 0 || older(c, i, (size_t)best)))
				best = (ssize_t)i;
		}
		if (best < 0)
			break;
		order[k++] = (size_t)best;
	}
	return k;
}

uint64_t scheduler_pace(uint64_t interval, size_t n)
{
	uint64_t pace = n ? interval / n : interval;

	return pace ? pace : 1;
}

static int64_t age(const struct sched_chunk *c, int64_t now)
{
	return c->last_check > 0 ? now - c->last_check : INT64_MAX;
}

ssize_t scheduler_pick_idle(const struct sched_chunk *c, size_t n, const struct sched_params *p,
			    int64_t now, int64_t last_idle_start)
{
	int64_t pace = (int64_t)scheduler_pace(p->interval, n);
	bool slot = last_idle_start <= 0 || now - last_idle_start >= pace;
	ssize_t best = -1;

	for (size_t i = 0; i < n; i++) {
		int64_t a = age(&c[i], now);

		if (!checkable(&c[i]) || !c[i].idle || a < pace)
			continue;
		if (!slot && a < (int64_t)p->interval)
			continue;
		if (best < 0 || older(c, i, (size_t)best))
			best = (ssize_t)i;
	}
	return best;
}

int64_t scheduler_next_due(const struct sched_chunk *c, size_t n, const struct sched_params *p,
			   int64_t now, int64_t last_idle_start)
{
	int64_t pace = (int64_t)scheduler_pace(p->interval, n);
	int64_t slot = last_idle_start > 0 ? last_idle_start + pace : now;
	int64_t next = INT64_MAX;

	for (size_t i = 0; i < n; i++) {
		int64_t due_pace, due_overdue, t;

		if (c[i].state == CHUNK_MISSING)
			continue;
		if (c[i].last_check <= 0)
			return slot > now ? slot : now;
		due_pace = c[i].last_check + pace;
		due_overdue = c[i].last_check + (int64_t)p->interval;
		t = due_pace > slot ? due_pace : slot;
		if (due_overdue < t)
			t = due_overdue;
		if (t < next)
			next = t;
	}
	return next < now ? now : next;
}
