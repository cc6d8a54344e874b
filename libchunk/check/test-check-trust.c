/* A check does not verify K's ext4 checksums again right after e2fsck found K clean, but only
 * for the length of its passes: afterwards the chunk, still open in the volume (as in
 * chunkscrubd), verifies them as before. Real e2fsck, real images. */
#include <ext2fs/ext2fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libchunk/check/check.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/check/report.h"
#include "libchunk/base/test-assert.h"
#include "libchunk/volume/volume.h"

static bool verifies(struct volume *v, unsigned id)
{
	struct chunk *c;

	return volume_chunk(v, id, &c) == 0 && !(c->fs->flags & EXT2_FLAG_IGNORE_CSUM_ERRORS);
}

int main(void)
{
	char dir[] = "/tmp/chunkfs-test-trust.XXXXXX";
	struct volume_mkfs_opts mo = { .nchunks = 2, .chunk_size = 8u << 20, .ext4 = true };
	struct chunk_check_opts co = {};
	struct chunk_check_report *r = NULL;
	struct volume *v = NULL;
	uuid_t uuid = { 0 };
	int st;

	if (!mkdtemp(dir))
		return 1;
	mo.dir = dir;
	CHECK(volume_mkfs(&mo, uuid) == 0, "a 2-chunk volume is made");
	CHECK(volume_open(dir, VOLUME_RDWR, &v) == 0, "and opened read-write");
	CHECK(verifies(v, 1), "chunk 1 verifies checksums when opened");
	st = volume_check_chunk(v, 1, &co, &r);
	CHECK(st == 0 && r && r->e2fsck_status == 0, "a check of chunk 1 is clean (status %d)", st);
	chunk_check_report_free(r);
	CHECK(verifies(v, 1), "after the check chunk 1 verifies checksums again");
	co.repair = true;
	r = NULL;
	st = volume_check_chunk(v, 1, &co, &r);
	CHECK(st == 0, "a repair of the clean chunk 1 finds nothing (status %d)", st);
	chunk_check_report_free(r);
	CHECK(verifies(v, 1), "after the repair too");
	volume_close(v);
	if (!test_remove_dir(dir))
		return 1;
	return test_exit();
}
