/* The inode cache of a check: entries of many chunks and inodes are found again, a forgotten
 * entry is gone while every other stays findable (open addressing with deletion), and a
 * re-added inode replaces its old entry. Unlinked inodes are used so no file system is read. */
#include <stdlib.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/base/test-assert.h"

#define N 3000

static struct ext2_inode_large unlinked(uint32_t gen)
{
	return (struct ext2_inode_large) { .i_generation = gen, .i_links_count = 0 };
}

static bool present(struct check_ctx *x, unsigned chunk, ext2_ino_t ino, uint32_t gen)
{
	const struct check_inode *e = check_cache_lookup(x, chunk, ino);

	return e && e->chunk == chunk && e->ino == ino && e->gen == gen;
}

int main(void)
{
	struct check_ctx x = {};
	struct chunk c[4] = { { .id = 0 }, { .id = 1 }, { .id = 7 }, { .id = 4095 } };
	bool gone[N] = {};
	const struct check_inode *e;
	int added = 0, found = 0, wrong = 0;

	CHECK(check_cache_lookup(&x, 0, 12) == NULL, "an empty cache finds nothing and reads nothing");
	for (int i = 0; i < N; i++) {
		struct ext2_inode_large in = unlinked((uint32_t)i + 1);
		added += check_cache_add(&x, &c[i % 4], (ext2_ino_t)(11 + i / 4), &in, &e) == 0 &&
			 e->head_err == -ENODATA && e->cont_err == -ENODATA;
	}
	CHECK(added == N, "%d inodes of 4 chunks are entered, an unlinked one without records", N);
	for (int i = 0; i < N; i++)
		found += present(&x, c[i % 4].id, (ext2_ino_t)(11 + i / 4), (uint32_t)i + 1);
	CHECK(found == N, "each is found again by (chunk, inode) after the table grew");

	srand(4);
	for (int i = 0; i < N; i++)
		if (rand() % 3 == 0) {
			check_cache_forget(&x, c[i % 4].id, (ext2_ino_t)(11 + i / 4));
			gone[i] = true;
		}
	for (int i = 0; i < N; i++)
		wrong += present(&x, c[i % 4].id, (ext2_ino_t)(11 + i / 4), (uint32_t)i + 1) == gone[i];
	CHECK(wrong == 0, "forgetting a third at random leaves exactly the others findable");

	check_cache_forget(&x, 5, 99);
	CHECK(!present(&x, 5, 99, 0), "forgetting an inode never entered changes nothing");
	{
		struct ext2_inode_large in = unlinked(77777);
		check_cache_add(&x, &c[1], 11, &in, &e);
		CHECK(present(&x, 1, 11, 77777), "entering an inode again replaces its entry");
	}
	check_cache_free(&x);
	CHECK(x.cache == NULL && check_cache_lookup(&x, 1, 11) == NULL, "a freed cache is empty");
	return test_exit();
}
