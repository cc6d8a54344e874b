/* Pass 0 of a check: the real e2fsck on the chunk (or on an online check's snapshot of it),
 * with the lock that keeps other processes off the chunk while it runs, a truncated image given
 * its length back, and a damaged primary superblock rebuilt from its backup. */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/check/check.h"
#include "libchunk/check/e2fsck.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/ext-super.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/mounts.h"
#include "libchunk/chunk/chunk-open.h"

double check_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void relay_progress(void *userdata, int pass, unsigned long cur, unsigned long max)
{
	struct progress_relay *p = userdata;

	p->o->progress(p->o->userdata, p->id, pass, cur, max);
}

/* Exclusive for a repair, shared for a check, so a writer or the daemon holding K makes us
 * refuse instead of racing it. */
int check_e2fsck_lock(struct check_ctx *x, const char *path, int *ret_fd)
{
	_cleanup_close_ int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		chunk_check_report_set_error(x->r, "%s: %s", path,
					     errno == ENOENT ? "chunk is missing" : strerror(errno));
		return errno == ENOENT ? -ENXIO : -errno;
	}
	if (chunk_mounted(path)) {
		chunk_check_report_set_error(x->r, "%s: is mounted; unmount it before checking it as a chunk",
					     path);
		return -EBUSY;
	}
	if (chunk_flock_wait(fd, x->repair ? LOCK_EX : LOCK_SH, path, x->id) < 0) {
		char busy[CHUNK_BUSY_TEXT_MAX];
		const char *t = chunk_busy_text(fd, busy, sizeof(busy));
		if (t == busy)
			chunk_check_report_set_error(x->r, "%s: %s", path, t);
		else
			chunk_check_report_set_error(x->r, "%s: in use by another process (chunkscrubd or a "
						     "chunkctl writer); try again when it is done", path);
		return -EBUSY;
	}
	/* Readers share the lock, but a check would not record its result in a chunk that a
	 * job of chunkscrubd checks meanwhile: refused, or waited for, as a writer is. */
	if (!x->repair) {
		char busy[CHUNK_BUSY_TEXT_MAX];

		if (chunk_job_wait(fd, path, x->id, busy, sizeof(busy)) < 0) {
			chunk_check_report_set_error(x->r, "%s: %s", path, busy);
			return -EBUSY;
		}
	}
	*ret_fd = TAKE_FD(fd);
	return 0;
}

/* A cut a repair gave the length back to but did not finish with (noted beside the image,
 * repair-cut.c): its files past the cut are not all marked lost yet. */
static void cut_unfinished(struct check_ctx *x, uint64_t block)
{
	struct finding *f = check_found(x, "e2fsck", 0, "the image was cut short at block %llu, and the repair that "
					"gave it its length back did not mark all that was past the cut lost",
					(unsigned long long)block);

	if (!x->repair) {
		finding_set_action(f, FINDING_LEFT, "repair the chunk: it marks them lost");
		return;
	}
	x->cut_block = block; /* pass 2 marks them */
	finding_set_action(f, FINDING_FIXED, "the files whose data was past it are named and marked below");
}

/* An image file shorter than its file system (truncated): a repair notes where it was cut,
 * then gives it its length back, as zeros, so e2fsck can work on it; pass 2 marks what was past
 * the cut lost. The superblock is read raw: libext2fs refuses to open it. */
static void image_length(struct check_ctx *x, int fd, const char *path)
{
	struct ext2_super_block sb;
	struct stat st;
	uint64_t need, cut, noted;
	bool has_note;
	struct finding *f;
	int r;

	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || pread(fd, &sb, sizeof(sb), 1024) != sizeof(sb) ||
	    sb.s_magic != EXT2_SUPER_MAGIC || sb.s_log_block_size > 6)
		return;
	has_note = repair_cut_noted(x->r->chunk_path, &noted) == 0;
	need = ext2fs_blocks_count(&sb) * (uint64_t)(1024u << sb.s_log_block_size);
	if ((uint64_t)st.st_size >= need) {
		if (has_note)
			cut_unfinished(x, noted);
		return;
	}
	cut = (uint64_t)st.st_size / (1024u << sb.s_log_block_size);
	if (has_note)
		cut = MIN(cut, noted); /* cut again before a repair finished with the first cut */
	f = check_found(x, "e2fsck", 0, "image is truncated: %lld bytes, the file system needs %llu",
			(long long)st.st_size, (unsigned long long)need);
	if (!x->repair)
		return;
	x->cut_block = cut;
	r = repair_cut_note(x->r->chunk_path, cut);
	if (r < 0)
		finding_set_action(f, FINDING_LEFT, "cannot note where it was cut (%s.cut: %s), so it is not extended",
				   x->r->chunk_path, strerror(-r));
	else if (truncate(path, (off_t)need) == 0)
		finding_set_action(f, FINDING_FIXED, "extended to %llu bytes; the files whose data was cut off are "
				   "named below, their bytes marked lost (they read as EIO)", (unsigned long long)need);
	else
		finding_set_action(f, FINDING_LEFT, "cannot extend it: %s", strerror(errno));
}

static bool has_ext_magic(int fd)
{
	struct ext2_super_block sb;

	return pread(fd, &sb, sizeof(sb), 1024) == sizeof(sb) && sb.s_magic == EXT2_SUPER_MAGIC;
}

/* The primary superblock cannot be used: no ext magic, a field libext2fs cannot take (which
 * can crash e2fsck itself: a zero s_desc_size of a 64-bit file system), or a metadata_csum
 * checksum that does not match (what a write cut short leaves, or a bad sector). WHY says
 * which. */
static bool primary_super_bad(int fd, char *why, size_t why_size)
{
	struct ext2_super_block sb;
	int r = ext_super_read(fd, EXT_SUPER_OFFSET, 0, &sb, why, why_size);

	if (r == -ENODATA || r == -EMEDIUMTYPE)
		snprintf(why, why_size, "bad magic");
	if (r < 0)
		return true;
	snprintf(why, why_size, "bad checksum");
	return (sb.s_feature_ro_compat & EXT4_FEATURE_RO_COMPAT_METADATA_CSUM) &&
	       ext2fs_crc32c_le(~0U, (unsigned char *)&sb, offsetof(struct ext2_super_block, s_checksum)) !=
		       sb.s_checksum;
}

/* The backup superblock of group 1, as a 4 KiB block number, or 0. A small chunk is made
 * with a block group size of its own (mkfs.c), which e2fsck's search for a backup (groups of
 * 8 * block size blocks) does not try, so every size a group can have is looked at. */
static uint64_t find_backup_super(int fd)
{
	struct ext2_super_block sb;
	off_t size = lseek(fd, 0, SEEK_END);
	uint64_t blocks = size > 0 ? (uint64_t)size / 4096 : 0;

	for (uint64_t b = 256; b <= 8 * 4096 && b < blocks; b += 8) {
		if (pread(fd, &sb, sizeof(sb), (off_t)(b * 4096)) != sizeof(sb))
			break;
		if (sb.s_magic == EXT2_SUPER_MAGIC && sb.s_log_block_size == 2 && sb.s_first_data_block == 0 &&
		    sb.s_blocks_per_group == b && sb.s_block_group_nr == 1)
			return b;
	}
	return 0;
}

void e2fsck_job_start(struct check_ctx *x, const char *path, enum e2fsck_mode mode, uint64_t superblock,
			     struct e2fsck_job *j)
{
	j->relay = (struct progress_relay) { .o = x->o, .id = x->id };
	j->eo = (struct e2fsck_opts) { .binary = x->o->e2fsck, .mode = mode, .cancel = x->o->cancel,
				       .timeout = x->o->e2fsck_timeout, .progress = x->o->progress ? relay_progress : NULL,
				       .userdata = &j->relay, .superblock = superblock,
				       .background = x->o->background };
	j->err = e2fsck_start(path, &j->eo, &j->child);
	x->r->e2fsck_runs++;
}

int e2fsck_job_finish(struct check_ctx *x, const char *path, struct e2fsck_job *j)
{
	struct e2fsck_result res;
	int r = j->err < 0 ? j->err : e2fsck_finish(&j->child, &res);

	if (r < 0) {
		chunk_check_report_set_error(x->r, "cannot run %s: %s", e2fsck_binary(x->o->e2fsck),
					     strerror(-r));
		return FSCK_ERROR;
	}
	free(x->r->e2fsck_output);
	x->r->e2fsck_output = TAKE_PTR(res.output);
	x->r->e2fsck_status = res.status;
	if ((res.status & FSCK_ERROR) && !(res.status & FSCK_UNCORRECTED))
		chunk_check_report_set_error(x->r, "%s: e2fsck could not check it (status %d): not an "
					     "ext2/ext4 file system, or unreadable", path, res.raw_status);
	return res.status;
}

static int run_e2fsck_at(struct check_ctx *x, const char *path, enum e2fsck_mode mode, uint64_t superblock)
{
	struct e2fsck_job j;

	e2fsck_job_start(x, path, mode, superblock, &j);
	return e2fsck_job_finish(x, path, &j);
}

static int run_e2fsck(struct check_ctx *x, const char *path, enum e2fsck_mode mode)
{
	return run_e2fsck_at(x, path, mode, 0);
}

/* e2fsck could not open K: when its primary superblock is bad and group 1 has a backup, a
 * check says K is damaged, and a repair runs e2fsck again from the backup, which rewrites
 * the primary superblock from it. */
static int from_backup_super(struct check_ctx *x, const char *path, enum e2fsck_mode mode, int fd, int st)
{
	uint64_t b;
	struct finding *f;
	char why[256];

	if (!(st & FSCK_ERROR) || (st & FSCK_UNCORRECTED) || !primary_super_bad(fd, why, sizeof(why)) ||
	    !(b = find_backup_super(fd)))
		return st;
	f = check_found(x, "e2fsck", 0, "the primary superblock is damaged (%s); group 1 has a backup, in block %llu",
			why, (unsigned long long)b);
	free(x->r->error);
	x->r->error = NULL;
	if (!x->repair) {
		finding_set_action(f, FINDING_LEFT, "repair the chunk: e2fsck rebuilds it from the backup");
		return FSCK_ERROR | FSCK_UNCORRECTED;
	}
	st = run_e2fsck_at(x, path, mode, b);
	if (!(st & (FSCK_ERROR | FSCK_UNCORRECTED | FSCK_CANCELED)))
		finding_set_action(f, FINDING_FIXED, "rebuilt by e2fsck from the backup (e2fsck -b %llu -B 4096)",
				   (unsigned long long)b);
	return st;
}


int check_e2fsck(struct check_ctx *x, const char *path, int fd)
{
	const struct chunk_check_opts *o = x->o;
	enum e2fsck_mode mode = !x->repair ? E2FSCK_CHECK : o->preen ? E2FSCK_PREEN : E2FSCK_REPAIR;
	double t0;
	int st;

	image_length(x, fd, path);
	t0 = check_now();
	st = run_e2fsck(x, path, mode);
	st = from_backup_super(x, path, mode, fd, st);
	x->r->e2fsck_seconds = check_now() - t0;
	if (st & FSCK_CANCELED)
		return FSCK_CANCELED;
	/* e2fsck -n gives up (8) on some ext file systems too damaged to check without writing:
	 * that is a damaged chunk, not an operational error, when the superblock is an ext one. */
	if (!x->repair && x->r->e2fsck_status >= 0 && (st & FSCK_ERROR) && has_ext_magic(fd)) {
		st |= FSCK_UNCORRECTED;
		free(x->r->error);
		x->r->error = NULL;
	}
	if ((st & (FSCK_ERROR | FSCK_UNCORRECTED)) == (FSCK_ERROR | FSCK_UNCORRECTED)) {
		/* e2fsck found errors it could not get past read-only: the chunk is damaged, and
		 * nothing above the ext layer can be trusted until it is repaired. */
		check_found(x, "e2fsck", 0, "e2fsck found errors it could not get past (status %d)%s", st,
			    x->repair ? "" : "; repair the chunk");
		return FSCK_UNCORRECTED;
	}
	if (st & (FSCK_ERROR | FSCK_USAGE))
		return FSCK_ERROR;
	/* A preen that stopped needs a full repair first; the cross-chunk pass waits for it. */
	if (x->repair && (st & FSCK_UNCORRECTED)) {
		check_found(x, "e2fsck", 0, "e2fsck left errors (status %d)%s", st,
			    o->preen ? "; run repair without --preen" : "");
		return FSCK_UNCORRECTED;
	}
	if (st) {
		struct finding *f = check_found(x, "e2fsck", 0, "the ext file system had errors (e2fsck status %d)", st);
		if (x->repair)
			finding_set_action(f, FINDING_FIXED, "corrected by e2fsck");
	}
	x->e2fsck_verified = (st & ~FSCK_CORRECTED) == 0;
	return -1;
}
