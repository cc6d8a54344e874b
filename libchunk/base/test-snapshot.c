/* image_snapshot: a sparse image copied byte for byte into an unnamed file whose holes stay
 * holes, readable by another process under image_snapshot_path, gone with its descriptor;
 * and what a missing image gives. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libchunk/base/snapshot.h"
#include "libchunk/base/test-assert.h"

#define SIZE (64 << 20)

static bool same_bytes(int a, int b)
{
	static char x[1 << 16], y[1 << 16];

	for (off_t off = 0; off < SIZE; off += sizeof(x))
		if (pread(a, x, sizeof(x), off) != (ssize_t)sizeof(x) || pread(b, y, sizeof(y), off) != (ssize_t)sizeof(y) ||
		    memcmp(x, y, sizeof(x)) != 0)
			return false;
	return true;
}

int main(void)
{
	char dir[] = "/tmp/test-snapshot.XXXXXX", path[4200], other[64], cmd[4400];
	char block[4096];
	struct stat st;
	int img, snap = -1, again;

	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof(path), "%s/chunk-0000.img", dir);
	img = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (img < 0 || ftruncate(img, SIZE) < 0)
		return 1;
	for (size_t i = 0; i < sizeof(block); i++)
		block[i] = (char)(i * 7 + 1);
	/* data at the start, in the middle and in the last block, holes between */
	if (pwrite(img, block, sizeof(block), 0) != (ssize_t)sizeof(block) ||
	    pwrite(img, block, sizeof(block), 20 << 20) != (ssize_t)sizeof(block) ||
	    pwrite(img, block, sizeof(block), SIZE - 4096) != (ssize_t)sizeof(block))
		return 1;

	CHECK(image_snapshot(path, &snap) == 0, "a sparse image is copied");
	CHECK(snap >= 0 && fstat(snap, &st) == 0 && st.st_size == SIZE, "the copy has the image's size");
	CHECK(snap >= 0 && st.st_nlink == 0, "the copy has no name: nothing to clean up after a crash");
	CHECK(snap >= 0 && st.st_blocks * 512 < (1 << 20), "its holes stay holes (%lld bytes allocated)",
	      (long long)st.st_blocks * 512);
	CHECK(snap >= 0 && same_bytes(img, snap), "the copy reads byte for byte as the image");
	CHECK(snap >= 0 && (fcntl(snap, F_GETFD) & FD_CLOEXEC), "its descriptor is close-on-exec");

	image_snapshot_path(snap, other, sizeof(other));
	snprintf(cmd, sizeof(cmd), "cmp -s %s %s", other, path);
	CHECK(system(cmd) == 0, "another process reads it under %s", other);
	again = open(other, O_RDONLY);
	CHECK(again >= 0, "and so does this one");
	if (again >= 0)
		close(again);

	if (pwrite(img, "changed", 7, 0) != 7)
		return 1;
	CHECK(snap >= 0 && !same_bytes(img, snap), "a write to the image after the snapshot does not reach it");

	snprintf(path, sizeof(path), "%s/no-such.img", dir);
	CHECK(image_snapshot(path, &again) == -ENOENT, "a missing image gives -ENOENT");

	if (snap >= 0)
		close(snap);
	close(img);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		return 1;
	return test_exit();
}
