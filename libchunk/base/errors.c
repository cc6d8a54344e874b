/* errcode_t -> -errno, and the logging hook. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <syslog.h>

#include "libchunk/base/errors.h"

static chunk_log_fn log_fn;
static void *log_userdata;
static int log_level = LOG_WARNING;
static __thread bool log_quiet;
static __thread bool log_held, log_held_any;

int chunk_errno(errcode_t err)
{
	if (err == 0)
		return 0;
	if (err > 0 && err < 4096) /* libext2fs passes plain errno values through */
		return -(int)err;
	switch (err) {
	case EXT2_ET_NO_MEMORY: return -ENOMEM;
	case EXT2_ET_BLOCK_ALLOC_FAIL:
	case EXT2_ET_INODE_ALLOC_FAIL:
	case EXT2_ET_DIR_NO_SPACE:
	case EXT2_ET_EA_NO_SPACE:
	case EXT2_ET_TOOSMALL: return -ENOSPC;
	case EXT2_ET_FILE_NOT_FOUND: return -ENOENT;
	case EXT2_ET_DIR_EXISTS:
	case EXT2_ET_FILE_EXISTS: return -EEXIST;
	case EXT2_ET_NO_DIRECTORY: return -ENOTDIR;
	case EXT2_ET_FILE_RO:
	case EXT2_ET_RO_FILSYS:
	case EXT2_ET_RO_UNSUPP_FEATURE: return -EROFS;
	case EXT2_ET_FILE_TOO_BIG: return -EFBIG;
	case EXT2_ET_EA_KEY_NOT_FOUND: return -ENODATA;
	case EXT2_ET_SHORT_READ:
	case EXT2_ET_SHORT_WRITE: return -EIO;
	case EXT2_ET_UNSUPP_FEATURE: return -EOPNOTSUPP;
	case EXT2_ET_BAD_MAGIC:
	case EXT2_ET_SB_CSUM_INVALID:
	case EXT2_ET_BAD_DESC_SIZE:
	case EXT2_ET_CORRUPT_SUPERBLOCK: return -EUCLEAN;
	default:
		if (err >= EXT2_ET_BASE && err < EXT2_ET_BASE + 256)
			return -EUCLEAN; /* corrupt metadata of some kind */
		return -EIO;
	}
}

void chunk_log_set_handler(chunk_log_fn fn, void *userdata)
{
	log_fn = fn;
	log_userdata = userdata;
}

void chunk_log_set_level(int max_priority)
{
	log_level = max_priority;
}

bool chunk_log_quiet(bool quiet)
{
	bool was = log_quiet;

	log_quiet = quiet;
	return was;
}

void chunk_log_hold(void)
{
	log_held = true;
	log_held_any = false;
}

bool chunk_log_release(void)
{
	bool any = log_held_any;

	log_held = log_held_any = false;
	return any;
}

bool chunk_log_holding(void)
{
	return log_held;
}

void chunk_log_hold_fail(void)
{
	if (log_held)
		log_held_any = true;
}

static void log_va(int priority, int err, const char *fmt, va_list ap)
{
	char buf[1024];
	int n;

	if (log_held && priority <= LOG_WARNING) {
		log_held_any = true;
		return;
	}
	if ((priority > log_level && !log_fn) || log_quiet)
		return;
	errno = err < 0 ? -err : err; /* so %m works in fmt */
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	if (n < 0)
		return;
	if (log_fn)
		log_fn(priority, buf, log_userdata);
	else
		fprintf(stderr, "chunkfs: %s\n", buf);
}

int chunk_log_errno(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_va(LOG_ERR, err, fmt, ap);
	va_end(ap);
	return err;
}

void chunk_log(int priority, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_va(priority, 0, fmt, ap);
	va_end(ap);
}
