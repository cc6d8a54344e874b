/* A file unlinked while open: kept with no link on its chunk's orphan list (s_last_orphan,
 * i_dtime as the next), read, written, stat'ed and truncated through what is open, freed with
 * its continuations on release, from the head of the list or from its middle. Then a process
 * that dies with two such files (one with a continuation in another chunk): the chunks stay
 * DIRTY, e2fsck -fn calls the list an error, a repair of the DIRTY chunks frees them (e2fsck
 * -fy clears the list; the continuation, its head gone, goes to /lost+found), and every chunk
 * checks clean after. Again with a check first, which marks the chunk DAMAGED: e2fsck then
 * does not trust the list, and its pass 1 frees the inodes all the same. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libchunk/base/test-assert.h"
#include "libchunk/check/check.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/orphan.h"
#include "libchunk/chunk/state.h"
#include "libchunk/namespace/file.h"
#include "libchunk/namespace/namespace.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/volume/volume.h"

#define T 8192u
#define NCHUNKS 3u

static char buf[4 * T];

static int write_file(struct volume *v, const char *name, size_t len, char fill, vino_t *ino)
{
	struct vfile *f = NULL;
	int r = volume_create(v, VOLUME_ROOT, name, 0644, 0, 0, ino);

	memset(buf, fill, len);
	if (r == 0)
		r = vfile_open(v, *ino, true, &f);
	if (r == 0 && vfile_pwrite(f, buf, len, 0) != (ssize_t)len)
		r = -EIO;
	return vfile_close(f) < 0 && r == 0 ? -EIO : r;
}

static bool reads_as(struct vfile *f, uint64_t off, size_t len, char want)
{
	bool ok = vfile_pread(f, buf, len, off) == (ssize_t)len;

	for (size_t i = 0; ok && i < len; i++)
		ok = buf[i] == want;
	return ok;
}

static ext2_ino_t last_orphan(struct volume *v, unsigned chunk)
{
	struct chunk *c;

	return volume_chunk(v, chunk, &c) == 0 ? c->fs->super->s_last_orphan : 0;
}

static void test_open_unlinked(struct volume *v)
{
	struct vfile *open_f = NULL, *again = NULL;
	vino_t f, g, orphan = 1, found;
	struct vstat st;
	struct chunk *c;

	CHECK(write_file(v, "f", 3000, 'a', &f) == 0 && vfile_open(v, f, true, &open_f) == 0,
	      "f (3000 bytes, all in its head) is made and kept open");
	CHECK(volume_unlink2(v, VOLUME_ROOT, "f", VOLUME_KEEP_ORPHAN, &orphan) == 0 && orphan == f &&
	      volume_lookup(v, VOLUME_ROOT, "f", &found) == -ENOENT, "unlinked with VOLUME_KEEP_ORPHAN: its name is gone, "
	      "its number comes back");
	CHECK(last_orphan(v, 0) == VINO_INO(f) && volume_stat(v, f, &st) == 0 && st.nlink == 0 && st.size == 3000,
	      "it heads chunk 0's orphan list, and stat sees it with no link, its size kept");
	CHECK(open_f && vfile_pwrite(open_f, "bb", 2, 3000) == 2 && vfile_sync(open_f) == 0 && reads_as(open_f, 0, 3000, 'a') &&
	      reads_as(open_f, 3000, 2, 'b'), "what is open reads and writes it");
	CHECK(vfile_open(v, f, false, &again) == 0 && reads_as(again, 0, 3000, 'a') && vfile_close(again) == 0,
	      "it opens again by number (as /proc/self/fd does)");
	CHECK(volume_setattr(v, f, &(struct vattr){ .set = VATTR_SIZE | VATTR_MODE, .size = 10, .mode = 0600 }) == 0 &&
	      volume_stat(v, f, &st) == 0 && st.size == 10 && (st.mode & 07777) == 0600 && st.nlink == 0,
	      "setattr cuts it and changes its mode (ftruncate, fchmod)");
	CHECK(volume_link(v, f, VOLUME_ROOT, "back") == -ENOENT, "it cannot be linked again (-ENOENT, as on Linux)");
	vfile_close(open_f);

	CHECK(write_file(v, "g", 3 * T, 'g', &g) == 0 && volume_stat(v, g, &st) == 0 && st.continuations == 1,
	      "g (3T bytes) continues in another chunk");
	CHECK(volume_unlink2(v, VOLUME_ROOT, "g", VOLUME_KEEP_ORPHAN, &orphan) == 0 && orphan == g &&
	      last_orphan(v, 0) == VINO_INO(g) && volume_chunk(v, 0, &c) == 0 && chunk_orphan_contains(c, VINO_INO(f)),
	      "g unlinked too: it heads the list, f is next");
	CHECK(volume_orphan_release(v, f) == 0 && volume_stat(v, f, &st) == -ENOENT && last_orphan(v, 0) == VINO_INO(g) &&
	      volume_chunk(v, 0, &c) == 0 && !chunk_orphan_contains(c, VINO_INO(f)),
	      "f is released from the middle of the list: gone, g still on it");
	CHECK(volume_orphan_release(v, g) == 0 && volume_stat(v, g, &st) == -ENOENT && last_orphan(v, 0) == 0,
	      "g is released with its continuation: the list is empty");
	CHECK(volume_orphan_release(v, g) == -ENOENT && volume_orphan_release(v, VOLUME_ROOT) == -ENOENT,
	      "releasing it again, or a linked inode, is -ENOENT");
}

static void test_not_last_link(struct volume *v)
{
	vino_t h, orphan = 1;
	struct vstat st;

	CHECK(write_file(v, "h", 100, 'h', &h) == 0 && volume_link(v, h, VOLUME_ROOT, "h2") == 0 &&
	      volume_unlink2(v, VOLUME_ROOT, "h", VOLUME_KEEP_ORPHAN, &orphan) == 0 && orphan == 0 &&
	      volume_stat(v, h, &st) == 0 && st.nlink == 1, "not the last link: nothing is orphaned (0 comes back)");
	CHECK(volume_unlink2(v, VOLUME_ROOT, "h2", 0, &orphan) == 0 && orphan == 0 && volume_stat(v, h, &st) == -ENOENT &&
	      last_orphan(v, 0) == 0, "the last link without the flag: freed at once");
	CHECK(volume_unlink2(v, VOLUME_ROOT, "x", 1 << 9, &orphan) == -EINVAL, "an unknown flag is -EINVAL");
}

static void test_rename_over_open(struct volume *v)
{
	vino_t a, b, orphan = 0;
	struct vstat st;

	CHECK(write_file(v, "a", 10, 'a', &a) == 0 && write_file(v, "b", 3 * T, 'b', &b) == 0 &&
	      volume_rename2(v, VOLUME_ROOT, "a", VOLUME_ROOT, "b", VOLUME_KEEP_ORPHAN, &orphan) == 0 && orphan == b &&
	      volume_stat(v, b, &st) == 0 && st.nlink == 0 && st.size == 3 * T,
	      "a renamed over b (open): b stays, with no link, on the orphan list");
	CHECK(volume_orphan_release(v, b) == 0 && last_orphan(v, 0) == 0, "and is released");
}

/* A process dies holding two unlinked files open: h (in its head) and k (with a continuation). */
static int die_with_orphans(const char *dir, unsigned *cont_chunk)
{
	int fds[2], status;
	pid_t pid;

	if (pipe(fds) < 0)
		return -errno;
	pid = fork();
	if (pid == 0) {
		struct volume *v = NULL;
		struct vstat st;
		vino_t h, k, o1 = 0, o2 = 0;
		struct record_head head;
		struct volume_chain_link *l = NULL;
		unsigned n = 0, cc = 0;
		if (volume_open(dir, VOLUME_RDWR, &v) < 0 || write_file(v, "h", 3000, 'h', &h) < 0 ||
		    write_file(v, "k", 3 * T, 'k', &k) < 0 || volume_stat(v, k, &st) < 0 || st.continuations != 1 ||
		    volume_chain(v, k, &l, &n, &head) < 0 || n != 2 ||
		    volume_unlink2(v, VOLUME_ROOT, "h", VOLUME_KEEP_ORPHAN, &o1) < 0 ||
		    volume_unlink2(v, VOLUME_ROOT, "k", VOLUME_KEEP_ORPHAN, &o2) < 0 || o1 != h || o2 != k)
			_exit(1);
		cc = l[1].chunk;
		if (write(fds[1], &cc, sizeof(cc)) != sizeof(cc))
			_exit(1);
		_exit(0);
	}
	close(fds[1]);
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
	    read(fds[0], cont_chunk, sizeof(*cont_chunk)) != sizeof(*cont_chunk)) {
		close(fds[0]);
		return -EIO;
	}
	close(fds[0]);
	return 0;
}

/* Repairs every chunk that is not CLEAN, printing what each found, then checks them all. */
static void repair_and_check(struct volume *v, bool expect_list_run)
{
	struct chunk_check_opts repair = { .repair = true }, check = { .repair = false };
	struct chunk_check_report *rep = NULL;
	struct chunk_status cs;
	int rc;

	for (unsigned id = 0; id < NCHUNKS; id++) {
		if (volume_chunk_status(v, id, &cs) < 0 || cs.state == CHUNK_CLEAN)
			continue;
		rc = volume_check_chunk(v, id, &repair, &rep);
		CHECK(rc == 0 || rc == 1, "the repair of %s chunk %u ends with %d", chunk_state_to_string(cs.state), id, rc);
		for (size_t i = 0; rep && i < rep->nfindings; i++)
			printf("# chunk %u, %s: %s -> %s\n", id, rep->findings[i].pass, rep->findings[i].problem,
			       rep->findings[i].done ? rep->findings[i].done : "left");
		if (id == 0 && expect_list_run)
			CHECK(rep && rep->e2fsck_output && strstr(rep->e2fsck_output, "Clearing orphaned inode"),
			      "its e2fsck -fy runs the orphan list (\"Clearing orphaned inode\")");
		else if (id == 0)
			CHECK(rep && rep->e2fsck_output && strstr(rep->e2fsck_output, "orphaned inode list") &&
			      !strstr(rep->e2fsck_output, "Clearing orphaned inode"),
			      "its e2fsck -fy, the chunk marked with errors, does not trust the list; pass 1 frees "
			      "the inodes on it");
		chunk_check_report_free(rep);
		rep = NULL;
	}
	for (unsigned id = 0; id < NCHUNKS; id++)
		CHECK(volume_check_chunk(v, id, &check, NULL) == 0, "chunk %u then checks clean", id);
}

/* CHECK_FIRST: a check runs before the repair, and marks chunk 0 DAMAGED ("clean with errors"). */
static void test_crash(const char *dir, bool check_first)
{
	struct chunk_check_opts check = { .repair = false };
	struct chunk_status cs;
	struct volume *v = NULL;
	unsigned cont_chunk = 0;

	CHECK(die_with_orphans(dir, &cont_chunk) == 0, "a process dies holding h and k (k continues in chunk %u) "
	      "unlinked and open", cont_chunk);
	if (!check_first) {
		CHECK(test_sh("e2fsck -fn '%s/chunk-0000.img' >'%s/fn.out' 2>&1; test $? -eq 4 && "
			      "grep -q 'has zero dtime' '%s/fn.out' && "
			      "grep -q 'was part of the orphaned inode list' '%s/fn.out'", dir, dir, dir, dir) == 0,
		      "e2fsck -fn (which writes nothing, so never runs the list) calls the orphans errors: exit 4");
		test_sh("sed 's/^/# /' '%s/fn.out'", dir);
	}
	CHECK(volume_open(dir, VOLUME_RDWR, &v) == 0 && volume_chunk_status(v, 0, &cs) == 0 && cs.state == CHUNK_DIRTY &&
	      volume_chunk_status(v, cont_chunk, &cs) == 0 && cs.state == CHUNK_DIRTY,
	      "chunk 0 and the continuation's chunk are left DIRTY");
	if (v && check_first)
		CHECK(volume_check_chunk(v, 0, &check, NULL) == 4 && volume_chunk_status(v, 0, &cs) == 0 &&
		      cs.state == CHUNK_DAMAGED, "a check of chunk 0 finds the orphans errors and marks it DAMAGED");
	if (v)
		repair_and_check(v, !check_first);
	CHECK(v && volume_close(v) == 0, "the volume is closed");
}

int main(void)
{
	char dir[] = "/tmp/chunkfs-test-orphan.XXXXXX";
	struct volume_mkfs_opts mo = { .nchunks = NCHUNKS, .chunk_size = 8u << 20, .threshold = T, .ext4 = true };
	struct volume *v = NULL;
	uuid_t uuid = { 0 };

	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(120);
	if (!mkdtemp(dir))
		return 1;
	mo.dir = dir;
	CHECK(volume_mkfs(&mo, uuid) == 0 && volume_open(dir, VOLUME_RDWR, &v) == 0,
	      "a %u-chunk volume with a threshold of %u bytes", NCHUNKS, T);
	if (v) {
		test_open_unlinked(v);
		test_not_last_link(v);
		test_rename_over_open(v);
	}
	CHECK(volume_close(v) == 0, "the volume is closed");
	test_chunks_e2fsck_clean(dir, NCHUNKS);
	test_crash(dir, false);
	test_chunks_e2fsck_clean(dir, NCHUNKS);
	test_crash(dir, true);
	test_chunks_e2fsck_clean(dir, NCHUNKS);
	if (!test_remove_dir(dir))
		return 1;
	return test_exit();
}
