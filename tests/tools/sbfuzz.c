/* sbfuzz: each field of an image's superblock set in turn to 0, 1 and its largest value (all
 * bits set, in each element of an array), its checksum made right again when the result has
 * metadata_csum (so the field is what is tested; a case of s_checksum itself keeps its bad
 * checksum), and on each such image: chunk open (read-only, then writable, which reads the
 * bitmaps), cref, and with --e2fsck `e2fsck -fn`, whose outcome is only noted.
 *
 *   sbfuzz [--e2fsck] [--wide] [--verbose] [--field NAME] IMAGE CHUNK-ID
 *   sbfuzz --set NAME=VALUE IMAGE     set one field in place (checksum made right)
 *
 * --wide adds 2, the top bit, all bits but the lowest, and the field's own value plus and
 * minus one, doubled and halved (bench/sbfuzz.sh). One line a case says what each did. Each
 * case runs in a child process: a crash (a signal, a sanitizer's report) fails that case and
 * the sweep goes on. A case fails too when chunk open or cref refuses without naming the
 * image. Exit status 1 when a case failed, 2 on bad arguments. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include <ext2fs/ext2fs.h>

#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/chunk-open.h"
#include "libcref/cref.h"

struct field {
	const char *name;
	size_t off, size, elem; /* elem: bytes an element, size: bytes in all */
};

#define F(f) { #f, offsetof(struct ext2_super_block, f), sizeof(((struct ext2_super_block *)0)->f), \
	       sizeof(((struct ext2_super_block *)0)->f) }
#define A(f) { #f, offsetof(struct ext2_super_block, f), sizeof(((struct ext2_super_block *)0)->f), \
	       sizeof(((struct ext2_super_block *)0)->f[0]) }

static const struct field fields[] = {
	F(s_inodes_count), F(s_blocks_count), F(s_r_blocks_count), F(s_free_blocks_count),
	F(s_free_inodes_count), F(s_first_data_block), F(s_log_block_size), F(s_log_cluster_size),
	F(s_blocks_per_group), F(s_clusters_per_group), F(s_inodes_per_group), F(s_mtime), F(s_wtime),
	F(s_mnt_count), F(s_max_mnt_count), F(s_magic), F(s_state), F(s_errors), F(s_minor_rev_level),
	F(s_lastcheck), F(s_checkinterval), F(s_creator_os), F(s_rev_level), F(s_def_resuid),
	F(s_def_resgid), F(s_first_ino), F(s_inode_size), F(s_block_group_nr), F(s_feature_compat),
	F(s_feature_incompat), F(s_feature_ro_compat), A(s_uuid), A(s_volume_name), A(s_last_mounted),
	F(s_algorithm_usage_bitmap), F(s_prealloc_blocks), F(s_prealloc_dir_blocks),
	F(s_reserved_gdt_blocks), A(s_journal_uuid), F(s_journal_inum), F(s_journal_dev),
	F(s_last_orphan), A(s_hash_seed), F(s_def_hash_version), F(s_jnl_backup_type), F(s_desc_size),
	F(s_default_mount_opts), F(s_first_meta_bg), F(s_mkfs_time), A(s_jnl_blocks), F(s_blocks_count_hi),
	F(s_r_blocks_count_hi), F(s_free_blocks_hi), F(s_min_extra_isize), F(s_want_extra_isize),
	F(s_flags), F(s_raid_stride), F(s_mmp_update_interval), F(s_mmp_block), F(s_raid_stripe_width),
	F(s_log_groups_per_flex), F(s_checksum_type), F(s_encryption_level), F(s_reserved_pad),
	F(s_kbytes_written), F(s_snapshot_inum), F(s_snapshot_id), F(s_snapshot_r_blocks_count),
	F(s_snapshot_list), F(s_error_count), F(s_first_error_time), F(s_first_error_ino),
	F(s_first_error_block), A(s_first_error_func), F(s_first_error_line), F(s_last_error_time),
	F(s_last_error_ino), F(s_last_error_line), F(s_last_error_block), A(s_last_error_func),
	A(s_mount_opts), F(s_usr_quota_inum), F(s_grp_quota_inum), F(s_overhead_clusters),
	A(s_backup_bgs), A(s_encrypt_algos), A(s_encrypt_pw_salt), F(s_lpf_ino), F(s_prj_quota_inum),
	F(s_checksum_seed), F(s_wtime_hi), F(s_mtime_hi), F(s_mkfs_time_hi), F(s_lastcheck_hi),
	F(s_first_error_time_hi), F(s_last_error_time_hi), F(s_first_error_errcode),
	F(s_last_error_errcode), F(s_encoding), F(s_encoding_flags), F(s_orphan_file_inum),
	A(s_reserved), F(s_checksum),
};

enum value { V_ZERO, V_ONE, V_MAX, V_TWO, V_TOP, V_MAX_LESS_ONE, V_PLUS_ONE, V_MINUS_ONE, V_DOUBLE, V_HALF };
static const char *const value_names[] = { "0", "1", "max", "2", "top-bit", "max-1", "+1", "-1", "*2", "/2" };

struct image {
	const char *path;
	char *work; /* the case's image, beside IMAGE */
	unsigned id;
	unsigned char *bytes;
	size_t size;
	bool written;          /* the case's image is there, last written at mtime */
	struct timespec mtime;
};

static uint64_t get_le(const unsigned char *p, size_t n)
{
	uint64_t v = 0;

	for (size_t i = n; i-- > 0;)
		v = v << 8 | p[i];
	return v;
}

static void put_le(unsigned char *p, size_t n, uint64_t v)
{
	for (size_t i = 0; i < n; i++, v >>= 8)
		p[i] = (unsigned char)v;
}

static uint64_t value_of(enum value k, uint64_t orig, size_t n)
{
	uint64_t max = n == 8 ? UINT64_MAX : (1ULL << (8 * n)) - 1;

	switch (k) {
	case V_ZERO: return 0;
	case V_ONE: return 1;
	case V_MAX: return max;
	case V_TWO: return 2;
	case V_TOP: return 1ULL << (8 * n - 1);
	case V_MAX_LESS_ONE: return max - 1;
	case V_PLUS_ONE: return (orig + 1) & max;
	case V_MINUS_ONE: return (orig - 1) & max;
	case V_DOUBLE: return (orig * 2) & max;
	case V_HALF: return orig / 2;
	}
	return 0;
}

/* The superblock of the case: FIELD's every element set to K (or, for K < 0, to VALUE), the
 * checksum made right. False when that is the superblock it was. */
static bool mutate(const unsigned char *orig, unsigned char *sb, const struct field *f, int k, uint64_t value)
{
	struct ext2_super_block *s = (struct ext2_super_block *)sb;

	memcpy(sb, orig, SUPERBLOCK_SIZE);
	for (size_t o = f->off; o < f->off + f->size; o += f->elem)
		put_le(sb + o, f->elem, k < 0 ? value : value_of((enum value)k, get_le(orig + o, f->elem), f->elem));
	if (memcmp(sb, orig, SUPERBLOCK_SIZE) == 0)
		return false;
	if (strcmp(f->name, "s_checksum") != 0 && ext2fs_has_feature_metadata_csum(s))
		s->s_checksum = ext2fs_crc32c_le(~0U, sb, offsetof(struct ext2_super_block, s_checksum));
	return true;
}

/* The case's image: IMAGE's bytes with SB. Only the superblock is written when the image was
 * left as it was (a chunk opened writable may write); else every block that is not zeros. */
static int write_case(struct image *im, const unsigned char *sb)
{
	_cleanup_close_ int fd = open(im->work, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	struct stat st;
	bool same;

	if (fd < 0 || fstat(fd, &st) < 0)
		return -errno;
	same = im->written && st.st_mtim.tv_sec == im->mtime.tv_sec && st.st_mtim.tv_nsec == im->mtime.tv_nsec &&
	       (size_t)st.st_size == im->size;
	if (!same) {
		if (ftruncate(fd, 0) < 0 || ftruncate(fd, (off_t)im->size) < 0)
			return -errno;
		for (size_t off = 0; off < im->size; off += 4096) {
			size_t n = MIN(4096, im->size - off);
			const unsigned char *p = im->bytes + off;

			if ((p[0] || memcmp(p, p + 1, n - 1)) && pwrite(fd, p, n, (off_t)off) != (ssize_t)n)
				return -EIO;
		}
	}
	if (pwrite(fd, sb, SUPERBLOCK_SIZE, SUPERBLOCK_OFFSET) != SUPERBLOCK_SIZE || fstat(fd, &st) < 0)
		return -EIO;
	im->written = true;
	im->mtime = st.st_mtim;
	return 0;
}

/* In the case's child: what libchunk logged, and whether a message named the image. */
struct heard {
	const char *path;
	bool named;
	char first[200];
};

static void hear(int priority, const char *msg, void *userdata)
{
	struct heard *h = userdata;

	if (priority > LOG_WARNING)
		return;
	if (strstr(msg, h->path))
		h->named = true;
	if (!h->first[0])
		snprintf(h->first, sizeof(h->first), "%s", msg);
}

enum { REFUSED_CHUNK = 1, REFUSED_CREF = 2, UNNAMED = 4, CHILD_BASE = 100 };

/* The child: chunk open, read-only then writable, and cref. Exits CHILD_BASE + what happened. */
static void run_case(const struct image *im, bool verbose)
{
	struct heard h = { .path = im->work };
	uint64_t chunk_bytes = 1 << 20;
	struct cref_options o = { .chunk_bytes = &chunk_bytes, .n_chunk_bytes = 1 };
	struct cref_stats st;
	struct cref_counter *cs = NULL;
	struct chunk *c;
	int res = 0, r;

	if (!verbose) {
		int null = open("/dev/null", O_WRONLY);
		dup2(null, 2); /* libext2fs's own complaints about the damage */
	}
	chunk_log_set_handler(hear, &h);
	r = chunk_open(im->work, im->id, NULL, 0, CHUNK_OPEN_NO_VERIFY, &c);
	if (r == 0) {
		r = chunk_make_writable(c);
		int rc = chunk_close(c);
		r = r < 0 ? r : rc;
	}
	if (r < 0) {
		res |= REFUSED_CHUNK | (h.named ? 0 : UNNAMED);
		if (verbose)
			printf("    chunk open: %s\n", h.first[0] ? h.first : strerror(-r));
	}
	h.named = false;
	h.first[0] = 0;
	r = cref_run(im->work, &o, &st, &cs);
	if (r == 0) {
		cref_counter_done(&cs[0]);
		free(cs);
	} else {
		res |= REFUSED_CREF | (h.named ? 0 : UNNAMED);
		if (verbose)
			printf("    cref: %s\n", h.first[0] ? h.first : strerror(-r));
	}
	fflush(stdout);
	_exit(CHILD_BASE + res);
}

/* e2fsck -fn on the case's image, for the record: its status, or how it crashed (e2fsck
 * catches SIGSEGV, SIGFPE and the like itself, prints "Signal (N) NAME ..." and exits 8). */
static void note_e2fsck(const struct image *im, char *out, size_t size)
{
	const char *bin = getenv("CHUNKFS_E2FSCK") ? getenv("CHUNKFS_E2FSCK") : "e2fsck";
	char buf[4096], tail[sizeof(buf) + 64] = "", sig[32] = "";
	int p[2], st;
	pid_t pid;
	ssize_t n;

	if (pipe2(p, O_CLOEXEC) < 0) {
		snprintf(out, size, "not run");
		return;
	}
	pid = fork();
	if (pid == 0) {
		dup2(p[1], 1);
		dup2(p[1], 2);
		alarm(30); /* some damaged file systems make e2fsck -n loop */
		execlp(bin, bin, "-fn", im->work, (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	/* "Signal (" may be cut between two reads: look in the end of the last and the next. */
	while ((n = read(p[0], buf, sizeof(buf) - 1)) > 0) {
		size_t keep = strlen(tail) > 32 ? 32 : strlen(tail);
		const char *at;

		buf[n] = 0;
		memmove(tail, tail + strlen(tail) - keep, keep + 1);
		strcat(tail, buf);
		int num;
		char name[32];

		if (!sig[0] && (at = strstr(tail, "Signal (")) && sscanf(at, "Signal (%d) %31s", &num, name) == 2)
			snprintf(sig, sizeof(sig), "%s", name);
	}
	close(p[0]);
	if (pid < 0 || waitpid(pid, &st, 0) < 0)
		snprintf(out, size, "not run");
	else if (WIFSIGNALED(st))
		snprintf(out, size, "killed by %s", WTERMSIG(st) == SIGALRM ? "timeout" : strsignal(WTERMSIG(st)));
	else if (sig[0])
		snprintf(out, size, "%d, crashed by %s", WEXITSTATUS(st), sig);
	else
		snprintf(out, size, "%d", WEXITSTATUS(st));
}

/* --set NAME=VALUE: one field of IMAGE's superblock, in place. */
static int set_field(const char *path, const char *assignment)
{
	const char *eq = strchr(assignment, '=');
	unsigned char orig[SUPERBLOCK_SIZE], sb[SUPERBLOCK_SIZE];
	_cleanup_close_ int fd = open(path, O_RDWR | O_CLOEXEC);
	char *end;
	uint64_t value;

	if (!eq || !eq[1])
		return fprintf(stderr, "sbfuzz: --set takes NAME=VALUE, not '%s'\n", assignment), 2;
	value = strtoull(eq + 1, &end, 0);
	if (*end)
		return fprintf(stderr, "sbfuzz: '%s' is not a number\n", eq + 1), 2;
	for (size_t i = 0; i < ELEMENTSOF(fields); i++) {
		if (strlen(fields[i].name) != (size_t)(eq - assignment) ||
		    strncmp(fields[i].name, assignment, (size_t)(eq - assignment)) != 0)
			continue;
		if (fd < 0 || pread(fd, orig, sizeof(orig), SUPERBLOCK_OFFSET) != sizeof(orig))
			return fprintf(stderr, "sbfuzz: %s: cannot read the superblock\n", path), 1;
		mutate(orig, sb, &fields[i], -1, value);
		if (pwrite(fd, sb, sizeof(sb), SUPERBLOCK_OFFSET) != sizeof(sb))
			return fprintf(stderr, "sbfuzz: %s: cannot write the superblock\n", path), 1;
		return 0;
	}
	return fprintf(stderr, "sbfuzz: no superblock field '%.*s'\n", (int)(eq - assignment), assignment), 2;
}

static int read_image(struct image *im)
{
	struct stat s;
	int fd = open(im->path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0 || fstat(fd, &s) < 0 || s.st_size < SUPERBLOCK_OFFSET + SUPERBLOCK_SIZE)
		return fprintf(stderr, "sbfuzz: %s: not an image: %s\n", im->path, fd < 0 ? strerror(errno) : "too small"),
		       -EINVAL;
	im->size = (size_t)s.st_size;
	im->bytes = malloc(im->size);
	n = im->bytes ? pread(fd, im->bytes, im->size, 0) : -1;
	close(fd);
	if (n != (ssize_t)im->size)
		return fprintf(stderr, "sbfuzz: %s: cannot read it\n", im->path), -EIO;
	if (asprintf(&im->work, "%s.case", im->path) < 0)
		return -ENOMEM;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "e2fsck", no_argument, NULL, 'e' }, { "wide", no_argument, NULL, 'w' },
		{ "field", required_argument, NULL, 'f' }, { "verbose", no_argument, NULL, 'v' },
		{ "set", required_argument, NULL, 's' }, {}
	};
	struct image im = {};
	const char *only = NULL, *set = NULL;
	bool e2fsck = false, verbose = false;
	unsigned nvalues = 3, cases = 0, failed = 0;
	unsigned char sb[SUPERBLOCK_SIZE];
	int c;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) >= 0) {
		switch (c) {
		case 'e': e2fsck = true; break;
		case 'w': nvalues = ELEMENTSOF(value_names); break;
		case 'f': only = optarg; break;
		case 'v': verbose = true; break;
		case 's': set = optarg; break;
		default: return 2;
		}
	}
	if (set && argc - optind == 1)
		return set_field(argv[optind], set);
	if (argc - optind != 2) {
		fprintf(stderr, "Usage: sbfuzz [--e2fsck] [--wide] [--verbose] [--field NAME] IMAGE CHUNK-ID\n"
			"       sbfuzz --set NAME=VALUE IMAGE\n");
		return 2;
	}
	im.path = argv[optind];
	im.id = (unsigned)strtoul(argv[optind + 1], NULL, 10);
	if (read_image(&im) < 0)
		return 2;
	for (size_t i = 0; i < ELEMENTSOF(fields); i++) {
		if (only && strcmp(only, fields[i].name) != 0)
			continue;
		for (unsigned k = 0; k < nvalues; k++) {
			char e2[128] = "";
			pid_t pid;
			int st;

			if (!mutate(im.bytes + SUPERBLOCK_OFFSET, sb, &fields[i], (int)k, 0))
				continue; /* the value it has already */
			if (write_case(&im, sb) < 0)
				return fprintf(stderr, "sbfuzz: %s: cannot write: %m\n", im.work), 2;
			fflush(stdout);
			pid = fork();
			if (pid == 0)
				run_case(&im, verbose);
			if (pid < 0 || waitpid(pid, &st, 0) < 0)
				return fprintf(stderr, "sbfuzz: fork: %m\n"), 2;
			if (e2fsck)
				note_e2fsck(&im, e2, sizeof(e2));
			cases++;
			if (!WIFEXITED(st) || WEXITSTATUS(st) < CHILD_BASE || WEXITSTATUS(st) > CHILD_BASE + 7) {
				failed++;
				printf("FAIL %s=%s: crashed (%s %d)%s%s\n", fields[i].name, value_names[k],
				       WIFSIGNALED(st) ? "signal" : "exit status",
				       WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st), e2[0] ? "; e2fsck -fn: " : "", e2);
				continue;
			}
			st = WEXITSTATUS(st) - CHILD_BASE;
			if (st & UNNAMED)
				failed++;
			printf("%s %s=%s: chunk open %s, cref %s%s%s%s\n", st & UNNAMED ? "FAIL" : "ok", fields[i].name,
			       value_names[k], st & REFUSED_CHUNK ? "refused" : "ok", st & REFUSED_CREF ? "refused" : "ok",
			       st & UNNAMED ? " (a refusal did not name the image)" : "", e2[0] ? "; e2fsck -fn: " : "", e2);
		}
	}
	unlink(im.work);
	printf("%u cases, %u failed\n", cases, failed);
	free(im.bytes);
	free(im.work);
	return failed ? 1 : 0;
}
