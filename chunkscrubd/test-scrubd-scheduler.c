/* The scheduling rules, on made-up chunks: what the boot pass picks, and when the idle pass
 * starts which chunk. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "chunkscrubd/scheduler.h"
#include "libchunk/base/macro.h"

static int n, failed;
#define check(cond, what) do { n++; if (cond) printf("ok %d - %s\n", n, what); \
	else { failed++; printf("not ok %d - %s (%s:%d: %s)\n", n, what, __FILE__, __LINE__, #cond); } } while (0)

#define NOW 1764000000
#define DAY 86400

static void test_boot_pass(void)
{
	struct sched_chunk c[8] = {
		{ .state = CHUNK_CLEAN, .last_check = NOW - 1 * DAY },
		{ .state = CHUNK_DIRTY, .last_check = NOW - 2 * DAY },
		{ .state = CHUNK_CLEAN, .last_check = NOW - 9 * DAY },   /* oldest clean */
		{ .state = CHUNK_DAMAGED, .last_check = NOW - 1 * DAY },
		{ .state = CHUNK_CLEAN, .last_check = 0 },               /* never checked: older than any */
		{ .state = CHUNK_MISSING, .last_check = 0 },
		{ .state = CHUNK_CLEAN, .last_check = NOW - 5 * DAY },
		{ .state = CHUNK_DAMAGED, .last_check = NOW - 3 * DAY, .busy = true }, /* already has a job */
	};
	size_t order[8];
	size_t k = scheduler_boot_pass(c, 8, 2, order);

	check(k == 4, "boot pass: damaged, dirty and 2 oldest clean, no more");
	check(k >= 4 && order[0] == 3 && order[1] == 1, "damaged first, then dirty");
	check(k >= 4 && order[2] == 4 && order[3] == 2, "then the clean chunks least recently checked, never-checked first");
	k = scheduler_boot_pass(c, 8, 0, order);
	check(k == 2, "boot_chunks = 0 still checks damaged and dirty");
	k = scheduler_boot_pass(c, 8, 100, order);
	check(k == 6, "boot_chunks larger than the volume takes every present, free chunk once");
	c[0].recheck = true;
	k = scheduler_boot_pass(c, 8, 1, order);
	check(k == 4 && order[2] == 0 && order[3] == 4, "an interrupted check is redone with the dirty ones");
}

static void test_idle_pass(void)
{
	struct sched_params p = { .interval = 4 * DAY };
	struct sched_chunk c[4] = {
		{ .state = CHUNK_CLEAN, .last_check = NOW - 2 * DAY, .idle = true },
		{ .state = CHUNK_CLEAN, .last_check = NOW - 3 * DAY, .idle = false }, /* oldest but busy with I/O */
		{ .state = CHUNK_CLEAN, .last_check = NOW - 1 * DAY + 60, .idle = true }, /* checked within the pace */
		{ .state = CHUNK_CLEAN, .last_check = NOW - 1 * DAY - 60, .idle = true },
	};

	check(scheduler_pace(4 * DAY, 4) == DAY, "pace is interval / chunks");
	check(scheduler_pace(10, 100) == 1, "pace is at least a second");
	check(scheduler_pick_idle(c, 4, &p, NOW, 0) == 0, "idle pass picks the oldest idle chunk, not the busy one");
	check(scheduler_pick_idle(c, 4, &p, NOW, NOW - 3600) == -1, "one idle job per pace period");
	check(scheduler_pick_idle(c, 4, &p, NOW, NOW - DAY) == 0, "the next pace period allows the next job");
	c[0].busy = true;
	check(scheduler_pick_idle(c, 4, &p, NOW, 0) == 3, "never two jobs on one chunk");
	c[3].last_check = NOW - 10;
	check(scheduler_pick_idle(c, 4, &p, NOW, 0) == -1, "a chunk checked within the pace is not due");
	c[0].busy = false;
	c[0].last_check = NOW - 5 * DAY;
	check(scheduler_pick_idle(c, 4, &p, NOW, NOW - 60) == 0, "an overdue chunk starts at once, pace or not");
	c[0].state = CHUNK_MISSING;
	check(scheduler_pick_idle(c, 4, &p, NOW, 0) == -1, "a missing chunk is never picked");
}

static void test_next_due(void)
{
	struct sched_params p = { .interval = 4 * DAY };
	struct sched_chunk c[2] = {
		{ .state = CHUNK_CLEAN, .last_check = NOW - 1000 },
		{ .state = CHUNK_CLEAN, .last_check = NOW - 2000 },
	};

	check(scheduler_next_due(c, 2, &p, NOW, 0) == NOW - 2000 + 2 * DAY, "next due is the oldest chunk's pace");
	check(scheduler_next_due(c, 2, &p, NOW, NOW) == NOW + 2 * DAY, "no sooner than the next pace slot");
	c[1].last_check = 0;
	check(scheduler_next_due(c, 2, &p, NOW, 0) == NOW, "a never-checked chunk is due now");
	check(scheduler_next_due(c, 0, &p, NOW, 0) == INT64_MAX, "no chunks, nothing due");
}

int main(void)
{
	test_boot_pass();
	test_idle_pass();
	test_next_due();
	return failed > 0;
}
