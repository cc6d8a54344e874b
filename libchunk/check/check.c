/* volume_check_chunk: the check (or repair) of one chunk K, as a sequence of passes.
 *
 *   0. lock K and run the real e2fsck on it while libchunk has it closed;
 *   1. records   (check-records.c)  K's chunk/state/peers records and index files;
 *      rename    (check-rename.c)   a rename a kill cut short, finished or undone;
 *   2. links     (check-links.c)    continuations linked from /.chunkfs/cont, nothing
 *                                   stranded in e2fsck's own lost+found of K;
 *   3. index     (check-index.c)    K's index against K's own records, both ways;
 *   4. pointers  (check-pointers.c) both ends of every reference touching K, with the peers'
 *                                   index entries for K — never a scan of a peer;
 *   5. names     (check-names.c)    names unique across each directory's continuations.
 * A repair then checks again, read-only, and reports what is still wrong. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/check/check.h"
#include "libchunk/chunk/chunk-open.h"
#include "libchunk/check/e2fsck.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/ext-super.h"
#include "libchunk/chunk/index.h"
#include "libchunk/chunk/losses.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/mounts.h"
#include "libchunk/base/snapshot.h"
#include "libchunk/chunk/state.h"

/* Passes 1-6 over the chunk as it is now. */
static int run_passes(struct check_ctx *x)
{
	static int (*const passes[])(struct check_ctx *) = {
		check_records, check_rename, check_links, check_index, check_pointers, check_names, check_sizes,
	};
	bool trust = x->e2fsck_verified && x->c && !(x->c->fs->flags & EXT2_FLAG_IGNORE_CSUM_ERRORS);
	/* K pinned while the passes run: they open peers, and with more chunks than a volume keeps
	 * open an unpinned K would be closed under them. */
	struct chunk *k = x->c;
	int r = 0;

	/* e2fsck has just verified every checksum of K (inodes, directory and extent blocks,
	 * bitmaps), and K has been locked since: reading K, libext2fs need not compute them all
	 * again (a pass scans every inode of K, and computing their CRCs was the largest cost of
	 * the scan). What the passes write gets its checksums as always. */
	bool sessions = volume_count_sessions(x->v, false);

	if (k)
		chunk_pin(k);
	if (trust)
		x->c->fs->flags |= EXT2_FLAG_IGNORE_CSUM_ERRORS;
	if (x->repair)
		check_links_keep_freed_names(x);
	for (size_t i = 0; i < ELEMENTSOF(passes); i++) {
		if (x->o->cancel && *x->o->cancel) {
			r = -ECANCELED;
			break;
		}
		r = passes[i](x);
		if (r == -ECANCELED)
			break;
		if (r < 0 && !x->r->error)
			chunk_check_report_set_error(x->r, "pass %zu: %s", i + 1, strerror(-r));
		if (r < 0 && i == 0)
			break; /* without K's records nothing else can be read */
		r = 0;
	}
	if (trust && x->c && x->c->fs)
		x->c->fs->flags &= ~EXT2_FLAG_IGNORE_CSUM_ERRORS;
	if (x->repair)
		repair_name_moved(x);
	check_paths_settle(x);
	volume_count_sessions(x->v, sessions);
	if (k)
		chunk_unpin(k);
	return r;
}

static void ctx_done(struct check_ctx *x)
{
	check_cache_free(x);
	check_paths_free(x);
	check_links_free(x);
	repair_moved_free(x);
	free(x->refs);
	free(x->peer_seen);
	free(x->unavailable);
	free(x->written);
	free(x->bad_conts);
	free(x->bad_findings);
	free(x->bad_heads);
	free(x->bad_head_findings);
	x->bad_heads = NULL;
	x->bad_head_findings = NULL;
	x->nbad_heads = 0;
	free(x->oversize);
	x->oversize = NULL;
	x->noversize = 0;
	x->bad_conts = NULL;
	x->bad_findings = NULL;
	x->nbad = 0;
	x->refs = NULL;
	x->peer_seen = x->written = NULL;
	x->unavailable = NULL;
	x->nrefs = x->refs_cap = 0;
}

static int ctx_init(struct check_ctx *x, struct volume *v, unsigned id, const struct chunk_check_opts *o,
		    struct chunk_check_report *r, bool repair)
{
	*x = (struct check_ctx) { .v = v, .id = id, .o = o, .r = r, .repair = repair };
	x->peer_seen = calloc(volume_chunk_count(v), sizeof(bool));
	x->written = calloc(volume_chunk_count(v), sizeof(bool));
	x->unavailable = calloc(volume_chunk_count(v), sizeof(int));
	return x->peer_seen && x->written && x->unavailable ? 0 : -ENOMEM;
}

/* After a repair: e2fsck -fn and the passes again, read-only; anything found is left over.
 * Both only read K, so the passes run while e2fsck does (a machine has more than one core).
 * e2fsck is left out when its -fy left K clean and no pass wrote K after it (RUN_E2FSCK
 * false): K's ext layer is then byte for byte what e2fsck made it, but for the state record. */
static int recheck(struct volume *v, unsigned id, const struct chunk_check_opts *o,
		   struct chunk_check_report *r, bool run_e2fsck)
{
	struct chunk_check_report *again = chunk_check_report_new(id, r->chunk_path, false);
	struct e2fsck_job j;
	struct check_ctx x;
	int st, left = 0;

	if (!again || ctx_init(&x, v, id, o, again, false) < 0) {
		chunk_check_report_free(again);
		return -ENOMEM;
	}
	volume_chunk_release(v, id);
	/* The repair's e2fsck -fy left K clean, and the repair wrote it through libext2fs. */
	x.e2fsck_verified = r->e2fsck_status >= 0 && (r->e2fsck_status & ~FSCK_CORRECTED) == 0;
	if (run_e2fsck)
		e2fsck_job_start(&x, r->chunk_path, E2FSCK_CHECK, 0, &j);
	if (volume_chunk(v, id, &x.c) == 0)
		run_passes(&x);
	st = run_e2fsck ? e2fsck_job_finish(&x, r->chunk_path, &j) : 0;
	r->e2fsck_runs += again->e2fsck_runs;
	if (st != 0) {
		chunk_check_report_add(r, "recheck", 0, "e2fsck -fn still finds errors (status %d)", st);
		left++;
	}
	for (size_t i = 0; i < again->nfindings; i++, left++)
		chunk_check_report_add(r, "recheck", again->findings[i].ino, "still: [%s] %s",
				       again->findings[i].pass, again->findings[i].problem);
	ctx_done(&x);
	chunk_check_report_free(again);
	return left;
}

/* Only the chunks a repair wrote are flushed: the others stay byte for byte as they were. */
static void sync_written(struct check_ctx *x)
{
	for (unsigned i = 0; i < volume_chunk_count(x->v); i++) {
		struct chunk *c;
		int r;
		if (!x->written[i] || volume_chunk(x->v, i, &c) < 0)
			continue;
		r = chunk_index_flush_and_sync(c);
		if (r < 0)
			chunk_check_report_set_error(x->r, "writing the repairs to chunk %u failed: %s", i,
						     strerror(-r));
	}
}

/* The files this repair named as lost or moved, added to those K keeps until the admin
 * acknowledges them (chunkctl status shows them), synced before the repair's result is
 * recorded; a repair that lost nothing writes nothing (a second repair changes nothing). */
static void record_losses(struct check_ctx *x)
{
	struct record_losses add;
	int r = chunk_check_report_losses(x->r, &add);

	if (r == 0 && add.count)
		r = chunk_losses_add(x->c, &add);
	free(add.entries);
	if (r < 0)
		chunk_check_report_add(x->r, "records", 0, "the files this repair lost could not be kept for "
				       "chunkctl status: %s", strerror(-r));
}

/* How long the record of a check waits for K's lock. A check of a neighbour that runs
 * meanwhile (a second job of chunkscrubd, a chunkctl check) holds K shared while it reads K's
 * side of their references: a short while, and it lets go of K before it records its own. */
#define RECORD_LOCK_WAIT_S 120

/* K opened to be written for its record, once the peers this check read are let go (a check of
 * one of them waits in turn for its own chunk, which they hold) and, when a reader holds K,
 * once it lets go of K: a check's result is recorded, unless K stays busy that long or the
 * check is cancelled meanwhile. */
static int open_for_record(struct check_ctx *x, const uuid_t vu, struct chunk **ret)
{
	double t0 = check_now();
	bool quiet;
	int r;

	/* Online, the peers are the mount's, which it keeps open. */
	for (unsigned i = 0; i < volume_chunk_count(x->v); i++)
		if (i == x->id || !x->online)
			(void)volume_chunk_release(x->v, i);
	quiet = chunk_log_quiet(true); /* said by the caller, once, with what it means */
	for (;;) {
		r = chunk_open(volume_chunk_path(x->v, x->id), x->id, vu, volume_chunk_count(x->v),
			       CHUNK_OPEN_RDWR | CHUNK_OPEN_NO_VERIFY, ret);
		if (r != -EBUSY || x->online || check_now() - t0 >= RECORD_LOCK_WAIT_S ||
		    (x->o->cancel && *x->o->cancel))
			break;
		usleep(50 * 1000);
	}
	chunk_log_quiet(quiet);
	return r;
}

/* The state record of a checked chunk: the only write a read-only check makes. */
static void record_check(struct check_ctx *x, int result)
{
	uuid_t vu = { 0 };
	struct chunk *c;
	uint32_t found = chunk_check_report_found(x->r);
	int r;

	if (x->repair) {
		record_losses(x);
		if (chunk_state_record_repair(x->c, result, found, chunk_check_report_fixed(x->r)) < 0)
			chunk_check_report_add(x->r, "records", 0, "the repair result could not be recorded");
		return;
	}
	volume_uuid(x->v, vu);
	x->c = NULL;
	r = open_for_record(x, vu, &c);
	if (r < 0) {
		/* The chunk keeps its old state (a DIRTY one is checked again): safe, but say so. */
		chunk_log(LOG_WARNING, "%s: the check result (above) stands, but could not be recorded in "
			  "the chunk: %s; the chunk keeps its state", volume_chunk_path(x->v, x->id),
			  strerror(-r));
		return;
	}
	if (c->state_ino && (x->online ? chunk_state_record_online_check(c, result, found)
				       : chunk_state_record_check(c, result, found)) < 0)
		chunk_log(LOG_WARNING, "%s: the check result could not be recorded", c->path);
	chunk_close(c);
}

/* fsck(8) codes from the findings: anything left is 4, anything dealt with is 1. References
 * whose other end is in a chunk the check could not read (missing, another volume's, in use,
 * not opening: check-unavailable.c) are not K's problem, but K is then not fully checked: 8,
 * and its state and last check stay as they were (volume_check_chunk records only a finished
 * check), unless K has problems of its own. */
static int outcome(const struct check_ctx *x)
{
	struct chunk_check_report *r = x->r;
	int fixed = chunk_check_report_fixed(r) ? FSCK_CORRECTED : FSCK_OK;
	unsigned n = check_unavailable_count(x);
	_cleanup_free_ char *why = n ? check_unavailable_text(x) : NULL;
	char count[64] = "cross-chunk references not all verified";

	if (n && r->refs_unverified)
		snprintf(count, sizeof(count), "%u cross-chunk reference(s) not verified", r->refs_unverified);
	if (n && chunk_check_report_left(r))
		check_found(x, "pointers", 0, "%s: %s", count, why ? why : "peers unavailable");
	if (chunk_check_report_left(r))
		return FSCK_UNCORRECTED;
	if (n) {
		chunk_check_report_set_error(r, "%s: %s; check chunk %u again when %s available (nothing was "
					     "changed at either end of those references)", count,
					     why ? why : "peers unavailable", x->id, n > 1 ? "they are" : "it is");
		return fixed | FSCK_ERROR;
	}
	return fixed;
}

static unsigned long long k_bytes_written(struct chunk *c)
{
	io_stats st = NULL;

	if (!c->fs->io->manager->get_stats || c->fs->io->manager->get_stats(c->fs->io, &st) || !st)
		return ULLONG_MAX;
	return st->bytes_written;
}

/* Whether the passes wrote K: its channel wrote, or K holds changes not written yet (its file
 * system's, or index changes, which are written when the repair syncs what it wrote), or the
 * channel is no longer the one they began with. Unknown counts as written. */
static void k_writes_begin(struct check_ctx *x)
{
	if (chunk_sync(x->c) < 0)
		x->passes_wrote_k = true;
	x->k_io = x->c->fs->io;
	x->k_written = k_bytes_written(x->c);
	if (x->meta_rebuilt || x->k_written == ULLONG_MAX)
		x->passes_wrote_k = true;
}

static void k_writes_end(struct check_ctx *x)
{
	struct chunk *c = NULL;

	if (volume_chunk(x->v, x->id, &c) < 0 || c != x->c || c->fs->io != x->k_io ||
	    (c->fs->flags & (EXT2_FLAG_DIRTY | EXT2_FLAG_IB_DIRTY | EXT2_FLAG_BB_DIRTY)) || chunk_index_pending(c) ||
	    k_bytes_written(c) != x->k_written || x->meta_rebuilt)
		x->passes_wrote_k = true;
}

static int check_chunk(struct check_ctx *x, const char *path)
{
	_cleanup_close_ int lock = -1;
	double t0;
	int st, r;

	volume_chunk_release(x->v, x->id);
	r = check_e2fsck_lock(x, path, &lock);
	if (r < 0)
		return FSCK_ERROR;
	if (x->repair && x->o->e2fsck_unlocked) {
		const struct chunk_check_online *h = x->o->e2fsck_unlocked;
		h->unlock(h->userdata);
		st = check_e2fsck(x, path, lock);
		h->lock(h->userdata);
		x->r->e2fsck_unlocked = true;
		/* Another thread's use of K meanwhile failed (K was locked): not K's state now. */
		volume_chunk_release(x->v, x->id);
	} else {
		st = check_e2fsck(x, path, lock);
	}
	if (st >= 0)
		return st;
	volume_chunk_adopt_lock(x->v, x->id, TAKE_FD(lock), x->repair);
	r = volume_chunk(x->v, x->id, &x->c);
	if (r < 0 && x->repair)
		r = repair_meta(x);
	if (r < 0) {
		if (r == -EBUSY)
			chunk_check_report_set_error(x->r, "%s: in use by another process", path);
		else
			check_found(x, "records", 0, "cannot open the chunk as chunk %u of this volume: %s",
				    x->id, strerror(-r));
		return r == -EBUSY ? FSCK_ERROR : FSCK_UNCORRECTED;
	}
	if (x->repair) {
		/* K is writable from here on (DIRTY until the repair is recorded). */
		struct chunk *c;
		r = repair_chunk(x, x->id, &c);
		if (r < 0) {
			chunk_check_report_set_error(x->r, "%s: cannot be written: %s", path, strerror(-r));
			return FSCK_ERROR;
		}
	}
	if (x->repair)
		k_writes_begin(x);
	t0 = check_now();
	r = run_passes(x);
	x->r->pass_seconds = check_now() - t0;
	if (x->repair)
		k_writes_end(x);
	if (r == -ECANCELED)
		return FSCK_CANCELED;
	return outcome(x);
}

/* Whether SB's checksum is right, where it has one (metadata_csum). */
static bool super_csum_ok(const struct ext2_super_block *sb)
{
	if (!(sb->s_feature_ro_compat & EXT4_FEATURE_RO_COMPAT_METADATA_CSUM))
		return true;
	return ext2fs_crc32c_le(~0U, (const unsigned char *)sb, offsetof(struct ext2_super_block, s_checksum)) ==
	       sb->s_checksum;
}

/* A K that is plainly another file system than member K of this volume (another volume's
 * chunk, a copy of a sibling, chunks swapped) is refused before e2fsck or anything else writes
 * it (issue 19 item 1). Plainly: K's superblock is sound (the ext magic, fields libext2fs can
 * take, its checksum where it has one) and its UUID is not the one a peer's chunk record gives
 * member K. A K whose superblock is damaged, or whose peers cannot say, is the repair's to mend.
 * True if refused, the report saying why. */
static bool refuse_foreign(struct volume *v, unsigned id, struct chunk_check_report *r)
{
	struct ext2_super_block sb;
	const unsigned char *member = NULL;
	char why[256], want[37], have[37];
	int fd, e;

	for (unsigned p = 0; p < volume_chunk_count(v) && !member; p++) {
		struct chunk *pc;
		if (p != id && volume_chunk(v, p, &pc) == 0 && pc->rec.members && id < pc->rec.nchunks)
			member = pc->rec.members[id];
	}
	if (!member)
		return false;
	fd = open(r->chunk_path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	e = ext_super_read(fd, EXT_SUPER_OFFSET, 0, &sb, why, sizeof(why));
	close(fd);
	if (e < 0 || !super_csum_ok(&sb) || memcmp(sb.s_uuid, member, sizeof(uuid_t)) == 0)
		return false;
	uuid_unparse(member, want);
	uuid_unparse(sb.s_uuid, have);
	chunk_check_report_set_error(r, "%s is not chunk %u of this volume: its file system is %s, the "
				     "volume's member %u is %s (another volume's chunk, a copy of a sibling, or "
				     "chunks swapped); refused, nothing written", r->chunk_path, id, have, id, want);
	return true;
}

/* The check's time set, its report handed to the caller (RET) or freed; its fsck(8) code. */
static int report_done(struct chunk_check_report *r, double t0, struct chunk_check_report **ret)
{
	int result = r->result;

	r->seconds = check_now() - t0;
	if (ret)
		*ret = r;
	else
		chunk_check_report_free(r);
	return result;
}

int volume_check_chunk(struct volume *v, unsigned id, const struct chunk_check_opts *o,
		       struct chunk_check_report **ret)
{
	static const struct chunk_check_opts defaults = { .orphans = CHUNK_ORPHANS_QUARANTINE };
	struct chunk_check_report *r;
	struct check_ctx x;
	double t0 = check_now();
	bool on_demand, recheck_e2fsck;
	int result;

	if (!o)
		o = &defaults;
	/* Peers are only read, but for the few a repair writes: open them read-only. */
	on_demand = volume_set_write_on_demand(v, true);
	/* K is opened whatever its records say (pass 1 reads them); its peers only as what they are. */
	volume_set_checked_chunk(v, id < volume_chunk_count(v) ? (int)id : -1);
	r = chunk_check_report_new(id, volume_chunk_path(v, id), o->repair);
	if (!r) {
		volume_set_write_on_demand(v, on_demand);
		return FSCK_ERROR;
	}
	if (id >= volume_chunk_count(v)) {
		chunk_check_report_set_error(r, "chunk %u: no such chunk (the volume has %u: 0-%u)", id,
					     volume_chunk_count(v), volume_chunk_count(v) - 1);
		r->result = FSCK_USAGE;
		goto out;
	}
	if (refuse_foreign(v, id, r)) {
		r->result = FSCK_ERROR;
		goto out;
	}
	if (ctx_init(&x, v, id, o, r, o->repair) < 0) {
		r->result = FSCK_ERROR;
		goto out;
	}
	result = check_chunk(&x, r->chunk_path);
	/* A repair that wrote nothing after e2fsck -fy made K clean needs no second e2fsck. */
	recheck_e2fsck = x.passes_wrote_k || (result & FSCK_UNCORRECTED) || r->e2fsck_status < 0 ||
			 (r->e2fsck_status & ~FSCK_CORRECTED) != 0;
	if (x.repair) {
		sync_written(&x);
		repair_cut_settled(&x);
	}
	if (x.c && !(result & (FSCK_ERROR | FSCK_CANCELED | FSCK_USAGE)))
		record_check(&x, result);
	ctx_done(&x);
	/* The re-check verifies what the repair changed; a repair that found nothing (e2fsck -fy
	 * exited 0, no finding) changed nothing, and checking again would see the same. */
	if (o->repair && !(result & (FSCK_ERROR | FSCK_CANCELED | FSCK_USAGE)) &&
	    (r->e2fsck_status != 0 || r->nfindings > 0)) {
		double t1 = check_now();
		int left = recheck(v, id, o, r, recheck_e2fsck);
		r->recheck_seconds = check_now() - t1;
		if (left > 0)
			result = (result & ~FSCK_CORRECTED) | FSCK_UNCORRECTED;
		if (left > 0 && volume_chunk(v, id, &x.c) == 0 && chunk_make_writable(x.c) == 0)
			chunk_state_mark_damaged(x.c, "errors left after repair");
	}
	r->result = result;
	/* A peer found holding a damaged record (its reference left unknown) is marked DAMAGED on
	 * disk, so that its own repair, which mends the record, is next (chunkscrubd schedules it). */
	(void)volume_record_damage(v);
out:
	volume_set_checked_chunk(v, -1);
	volume_set_write_on_demand(v, on_demand);
	return report_done(r, t0, ret);
}

/* The caller's lock, timed: the report keeps how long the mount waited for the check. */
static void hold_begin(const struct chunk_check_online *h, double *t0)
{
	h->lock(h->userdata);
	*t0 = check_now();
}

static void hold_end(const struct chunk_check_online *h, struct chunk_check_report *r, double t0)
{
	double held = check_now() - t0;

	h->unlock(h->userdata);
	r->hold_seconds += held;
	if (held > r->longest_hold_seconds)
		r->longest_hold_seconds = held;
}

/* Under the caller's lock: what it holds written out, then K copied at that point. */
static int take_snapshot(struct volume *v, unsigned id, const struct chunk_check_online *h, int *ret_fd)
{
	struct chunk *c;
	int r = h->commit ? h->commit(h->userdata) : 0;

	/* Written out to the image (the copy reads the page cache), not made durable: the mount's
	 * flusher does that on its own schedule. */
	if (r == 0 && (c = volume_chunk_if_open(v, id)))
		r = chunk_write_out(c);
	return r < 0 ? r : image_snapshot(volume_chunk_path(v, id), ret_fd);
}

/* Frees inode INO of FS, on its orphan list with no link, with what it holds, as e2fsck -fy
 * frees such an inode (the snapshot's own copy: nothing else is written). */
static errcode_t free_orphan_inode(ext2_filsys fs, ext2_ino_t ino, struct ext2_inode_large *inode)
{
	struct ext2_inode *in = (struct ext2_inode *)inode;
	blk64_t ea = ext2fs_file_acl_block(fs, in);
	errcode_t err = 0;

	if (ext2fs_inode_has_valid_blocks2(fs, in))
		err = ext2fs_punch(fs, ino, in, NULL, 0, ~0ULL);
	if (!err && ea) {
		_cleanup_free_ char *buf = malloc(fs->blocksize);
		__u32 count = 1;

		err = buf ? ext2fs_adjust_ea_refcount3(fs, ea, buf, -1, &count, ino) : EXT2_ET_NO_MEMORY;
		if (!err && count == 0)
			ext2fs_block_alloc_stats2(fs, ea, -1);
		if (!err)
			ext2fs_file_acl_block_set(fs, in, 0);
	}
	if (err)
		return err;
	ext2fs_inode_alloc_stats2(fs, ino, -1, LINUX_S_ISDIR(inode->i_mode));
	inode->i_dtime = (__u32)time(NULL);
	return ext2fs_write_inode_full(fs, ino, in, sizeof(*inode));
}

/* The snapshot of a mounted chunk as the last close of its files unlinked while open would
 * leave it: each inode on its orphan list freed (e2fsck -fn, which writes nothing, would
 * report them as errors; after a crash e2fsck -fy frees them the same way). A list it cannot
 * follow is left as it is, for e2fsck to report. */
static void snapshot_release_orphans(int fd, const char *path)
{
	struct ext2_super_block sb;
	ext2_filsys fs;
	ext2_ino_t ino;
	errcode_t err;
	char why[128];

	if (ext_super_read(fd, EXT_SUPER_OFFSET, 0, &sb, why, sizeof(why)) < 0 || !sb.s_last_orphan)
		return;
	if (ext2fs_open2(path, NULL, EXT2_FLAG_RW | EXT2_FLAG_64BITS, 0, 0, unix_io_manager, &fs))
		return;
	err = ext2fs_read_bitmaps(fs);
	ino = fs->super->s_last_orphan;
	for (unsigned n = 0; !err && ino && n < fs->super->s_inodes_count; n++) {
		struct ext2_inode_large inode;
		ext2_ino_t next;

		if (ino < EXT2_FIRST_INODE(fs->super) || ino > fs->super->s_inodes_count)
			err = EXT2_ET_BAD_INODE_NUM;
		else
			err = ext2fs_read_inode_full(fs, ino, (struct ext2_inode *)&inode, sizeof(inode));
		if (err)
			break;
		next = inode.i_dtime;
		if (inode.i_links_count == 0)
			err = free_orphan_inode(fs, ino, &inode);
		ino = next;
	}
	if (!err && !ino) {
		fs->super->s_last_orphan = 0;
		ext2fs_mark_super_dirty(fs);
		ext2fs_close_free(&fs);
	} else {
		fs->flags &= ~EXT2_FLAG_DIRTY; /* left as it was */
		ext2fs_free(fs);
	}
}

/* Passes 1-6 over K as it is now (under the caller's lock), then the check recorded. */
static int online_passes(struct check_ctx *x, const struct chunk_check_online *h)
{
	int r = h->commit ? h->commit(h->userdata) : 0, result;

	if (r < 0) {
		chunk_check_report_set_error(x->r, "writing out what the mount holds failed: %s", strerror(-r));
		return FSCK_ERROR;
	}
	volume_set_checked_chunk(x->v, (int)x->id);
	x->e2fsck_verified = false; /* e2fsck saw the snapshot: K may have been written since */
	r = volume_chunk(x->v, x->id, &x->c);
	if (r < 0) {
		check_found(x, "records", 0, "cannot open the chunk as chunk %u of this volume: %s", x->id,
			    strerror(-r));
		result = FSCK_UNCORRECTED;
	} else {
		double t0 = check_now();
		r = run_passes(x);
		x->r->pass_seconds = check_now() - t0;
		result = r == -ECANCELED ? FSCK_CANCELED : outcome(x);
		if (!(result & (FSCK_ERROR | FSCK_CANCELED)))
			record_check(x, result);
	}
	volume_set_checked_chunk(x->v, -1);
	return result;
}

int volume_check_chunk_online(struct volume *v, unsigned id, const struct chunk_check_opts *o,
			      const struct chunk_check_online *h, struct chunk_check_report **ret)
{
	struct chunk_check_report *r;
	struct check_ctx x;
	_cleanup_close_ int snap = -1;
	char snap_path[64];
	static const struct chunk_check_opts defaults = { .orphans = CHUNK_ORPHANS_QUARANTINE };
	double t0 = check_now(), held;
	int result, err;

	if (!o)
		o = &defaults;
	r = chunk_check_report_new(id, id < volume_chunk_count(v) ? volume_chunk_path(v, id) : "", false);
	if (!r)
		return FSCK_ERROR;
	r->online = true;
	if (id >= volume_chunk_count(v) || o->repair) {
		if (o->repair)
			chunk_check_report_set_error(r, "chunk %u: a repair of a mounted volume is not done online yet; "
						     "unmount it and repair it", id);
		else
			chunk_check_report_set_error(r, "chunk %u: no such chunk (the volume has %u: 0-%u)", id,
						     volume_chunk_count(v), volume_chunk_count(v) - 1);
		r->result = FSCK_USAGE;
		goto out;
	}
	if (ctx_init(&x, v, id, o, r, false) < 0) {
		r->result = FSCK_ERROR;
		goto out;
	}
	x.online = true;
	hold_begin(h, &held);
	err = take_snapshot(v, id, h, &snap);
	hold_end(h, r, held);
	if (err < 0) {
		chunk_check_report_set_error(r, "%s: cannot take a snapshot to check: %s", r->chunk_path, strerror(-err));
		result = FSCK_ERROR;
	} else {
		image_snapshot_path(snap, snap_path, sizeof(snap_path));
		snapshot_release_orphans(snap, snap_path);
		result = check_e2fsck(&x, snap_path, snap);
		close(TAKE_FD(snap));
		if (result < 0) {
			hold_begin(h, &held);
			result = online_passes(&x, h);
			hold_end(h, r, held);
		}
	}
	ctx_done(&x);
	r->result = result;
out:
	return report_done(r, t0, ret);
}
