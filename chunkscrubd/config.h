/* The daemon's configuration: /etc/chunkfs/chunkscrubd.conf, a [daemon] section and one
 * [volume:NAME] section per volume. Parsed with inih; every error names file:line and key. */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "libchunk/check/check.h"

#define CONFIG_DEFAULT_PATH "/etc/chunkfs/chunkscrubd.conf"

struct config_volume {
	char *name;          /* NAME of [volume:NAME]: letters, digits, '_', '-', '.' */
	char *path;          /* volume directory or volume file, as chunkctl -V takes it; may be NULL */
	char **chunks;       /* chunk = lines in id order (paths, globs expanded, UUID=...); may be empty */
	size_t n_chunks;
	unsigned line;       /* where the section starts, for later messages */
	unsigned path_line;  /* where its path = is */
};

struct config {
	char *file;
	unsigned boot_chunks;        /* clean chunks checked at start, least recently checked first */
	uint64_t interval;           /* seconds: every chunk checked at least this often */
	uint64_t idle_after;         /* seconds without I/O before a chunk counts as idle */
	unsigned max_parallel;
	int io_class;                /* IOPRIO_CLASS_{RT,BE,IDLE} */
	int nice;
	bool auto_repair;
	bool discover_mounts;        /* chunkfs mounts of volumes without a section are scrubbed too */
	enum chunk_orphan_policy orphans;
	char *e2fsck;                /* NULL: libchunk's default */
	unsigned e2fsck_line;        /* where the file sets it; 0: the default */
	char *state_dir;
	unsigned state_dir_line;
	char *metrics_file;          /* NULL: no metrics */
	struct config_volume *volumes;
	size_t n_volumes;
};

/* Parses FILE. On error returns -errno and, if error is non-NULL, a malloc'd message
 * "FILE:LINE: key 'K': what is wrong". */
int config_load(const char *file, struct config **ret, char **error);
void config_free(struct config *c);
static inline void config_freep(struct config **c) { if (*c) config_free(*c); }

/* What only the system can answer (chunkscrubd/config-check.c): STATE_DIR can be made and
 * written, the E2FSCK named runs, each volume's path is there. -EINVAL and a malloc'd ERROR
 * "FILE:LINE: key 'K': ..." on the first that is not so. */
int config_check_system(const struct config *c, char **error);
/* The configuration in force, defaults too, in the file's own syntax. */
void config_print(const struct config *c, FILE *f);

const struct config_volume *config_find_volume(const struct config *c, const char *name);

/* "7d", "12h", "30m", "45s", "1h30m", a bare number is seconds. */
int config_parse_duration(const char *s, uint64_t *ret);
/* Writes "7d", "1h30m", "45s" into buf. */
const char *config_format_duration(uint64_t secs, char *buf, size_t size);
int config_parse_bool(const char *s, bool *ret);

/* Where the ioprio_set(2) constants live is not in glibc. */
enum { IOPRIO_CLASS_NONE, IOPRIO_CLASS_RT, IOPRIO_CLASS_BE, IOPRIO_CLASS_IDLE };
const char *config_io_class_to_string(int c);
