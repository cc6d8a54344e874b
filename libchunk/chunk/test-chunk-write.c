/* chunk_file_pwrite: what a file reads after writes of every shape (inside a block, across
 * blocks, past the end leaving a hole, over old data, far enough for indirect blocks on ext2),
 * against a copy kept in memory; and the chunk is e2fsck-clean afterwards (mappings, i_size,
 * i_blocks, bitmaps). The order of the writes, for kills, is tested by tests/t4300. */
#include <ext2fs/ext2fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "libchunk/chunk/chunk-open.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/base/test-assert.h"
#include "libchunk/volume/volume.h"

#define FILE_MAX (300u << 10)

static const struct { uint64_t off; size_t len; } writes[] = {
	{ 0, 3300 },       /* part of block 0 */
	{ 3300, 5000 },    /* the rest of block 0, block 1, part of block 2 */
	{ 30000, 20000 },  /* past the end: a hole before it */
	{ 10, 100 },       /* over old data */
	{ 8000, 4096 },    /* over old data and on into the hole after it */
	{ 70000, 60000 },  /* past block 12: indirect blocks on ext2 */
	{ 250000, 1 },
};

static void run(bool ext4)
{
	const char *kind = ext4 ? "ext4" : "ext2";
	char dir[] = "/tmp/chunkfs-test-write.XXXXXX", cmd[256];
	struct volume_mkfs_opts mo = { .nchunks = 1, .chunk_size = 8u << 20, .ext4 = ext4 };
	static char model[FILE_MAX], data[FILE_MAX];
	struct ext2_inode_large inode;
	struct volume *v = NULL;
	struct chunk *c = NULL;
	uint64_t size = 0;
	uuid_t uuid = { 0 };
	ext2_ino_t ino = 0;
	int st;

	if (!mkdtemp(dir))
		exit(1);
	mo.dir = dir;
	memset(model, 0, sizeof(model));
	CHECK(volume_mkfs(&mo, uuid) == 0 && volume_open(dir, VOLUME_RDWR, &v) == 0 &&
	      volume_chunk_writable(v, 0, &c) == 0 && chunk_begin_write(c) == 0,
	      "%s: a 1-chunk volume, open for writing", kind);
	CHECK(chunk_inode_new(c, EXT2_ROOT_INO, LINUX_S_IFREG | 0644, 0, 0, &ino) == 0 &&
	      chunk_inode_read(c, ino, &inode) == 0 && (inode.i_links_count = 1) &&
	      chunk_inode_write(c, ino, &inode) == 0 &&
	      chunk_link(c, EXT2_ROOT_INO, "f", ino, EXT2_FT_REG_FILE) == 0, "%s: a new file", kind);
	for (size_t i = 0; i < sizeof(writes) / sizeof(writes[0]); i++) {
		void *got = NULL;
		size_t len = 0;
		for (size_t j = 0; j < writes[i].len; j++)
			data[j] = (char)(rand() | 1);
		memcpy(model + writes[i].off, data, writes[i].len);
		if (writes[i].off + writes[i].len > size)
			size = writes[i].off + writes[i].len;
		CHECK(chunk_file_pwrite(c, ino, data, writes[i].len, writes[i].off) == 0 &&
		      chunk_file_read_all(c, ino, &got, &len) == 0 && len == size &&
		      memcmp(got, model, size) == 0,
		      "%s: %zu bytes at %llu: the file reads %llu bytes as written (got %zu)", kind,
		      writes[i].len, (unsigned long long)writes[i].off, (unsigned long long)size, len);
		free(got);
	}
	CHECK(volume_close(v) == 0, "%s: closed", kind);
	snprintf(cmd, sizeof(cmd), "e2fsck -fn '%s/chunk-0000.img' >/dev/null 2>&1", dir);
	st = system(cmd);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: the chunk is e2fsck-clean (status %d)", kind,
	      WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		exit(1);
}

int main(void)
{
	run(true);
	run(false);
	return test_exit();
}
