/* Cross-chunk reference counter ("cref"): how many references an ordinary ext2/3/4 file
 * system would have across chunks if its block groups were cut into chunks, and what
 * following them would cost at check time. The rules are in docs/CREF.md. */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <ext2fs/ext2fs.h>

struct json_object;

enum cref_rule {
	CREF_RULE_ALL,       /* inode + data blocks + extent-tree/indirect blocks */
	CREF_RULE_DATA_ONLY, /* data blocks only, as the 2007 tool counted */
};

/* Where chunk boundaries fall. Chunks are runs of whole block groups. */
struct cref_geometry {
	uint64_t first_data_block;
	uint64_t blocks_count;
	uint64_t blocks_per_group;  /* in blocks, also under bigalloc */
	uint32_t inodes_per_group;
	uint32_t inodes_count;
	uint32_t groups;
	uint32_t groups_per_chunk;
	uint32_t block_size;
};

/* chunk_bytes rounded down to whole groups, at least one. */
uint32_t cref_groups_per_chunk(uint64_t chunk_bytes, uint64_t group_bytes);
uint32_t cref_geometry_chunks(const struct cref_geometry *g);
uint64_t cref_geometry_chunk_bytes(const struct cref_geometry *g);
bool cref_geometry_block_valid(const struct cref_geometry *g, uint64_t blk);
uint32_t cref_chunk_of_block(const struct cref_geometry *g, uint64_t blk);
uint32_t cref_chunk_of_inode(const struct cref_geometry *g, uint32_t ino);
uint32_t cref_chunk_of_group(const struct cref_geometry *g, uint32_t group);

/* A set of chunks, cleared in time proportional to its size. */
struct cref_chunk_set {
	uint8_t *member;
	uint32_t *list;
	uint32_t n;
};

/* Reference counts between chunk pairs (a < b), an open-addressing table. */
struct cref_pair_table {
	uint64_t *keys;
	uint64_t *counts;
	size_t size, used;
};

struct cref_pair {
	uint32_t a, b;
	uint64_t refs;
};

/* cref-sets.c */
int cref_chunk_set_init(struct cref_chunk_set *s, uint32_t chunks);
void cref_chunk_set_done(struct cref_chunk_set *s);
void cref_chunk_set_add(struct cref_chunk_set *s, uint32_t chunk);
void cref_chunk_set_clear(struct cref_chunk_set *s);
int cref_pair_table_add(struct cref_pair_table *t, uint32_t a, uint32_t b);
uint64_t cref_pair_table_get(const struct cref_pair_table *t, uint32_t a, uint32_t b);
/* Every pair with references, sorted by (a, b); the caller frees *ret. */
int cref_pair_table_list(const struct cref_pair_table *t, struct cref_pair **ret, size_t *n);
void cref_pair_table_done(struct cref_pair_table *t);

/* Everything counted for one chunk size. The scan feeds several at once (--sweep). */
struct cref_counter {
	struct cref_geometry geo;
	enum cref_rule rule;
	uint32_t chunks;

	uint64_t intra_file_refs;
	uint64_t dir_file_refs;
	uint64_t dir_subdir_refs;
	uint64_t *chunk_refs;        /* references touching each chunk */
	uint64_t *chunk_meta_bytes;  /* what a check of the chunk alone reads */
	struct cref_pair_table pairs;

	/* the object being counted */
	uint32_t home;
	bool has_home;
	struct cref_chunk_set files, subdirs;
};

int cref_counter_init(struct cref_counter *c, const struct cref_geometry *geo, enum cref_rule rule);
void cref_counter_done(struct cref_counter *c);
/* One inode with blocks: begin, any number of block ranges, end. */
void cref_counter_file_begin(struct cref_counter *c, uint32_t ino);
int cref_counter_file_blocks(struct cref_counter *c, uint64_t blk, uint64_t count, bool data);
int cref_counter_file_end(struct cref_counter *c);
/* One directory: begin, its entries other than "." and "..", end. */
void cref_counter_dir_begin(struct cref_counter *c, uint32_t dir_ino);
int cref_counter_dir_entry(struct cref_counter *c, uint32_t ino, bool is_dir);
int cref_counter_dir_end(struct cref_counter *c);
void cref_counter_add_meta(struct cref_counter *c, uint32_t chunk, uint64_t bytes);
/* The chunk most references touch (lowest number on a tie). */
uint32_t cref_counter_busiest(const struct cref_counter *c);
uint64_t cref_counter_total(const struct cref_counter *c);
/* Every chunk pair with references (a < b), sorted; the caller frees *ret. */
int cref_counter_pairs(const struct cref_counter *c, struct cref_pair **ret, size_t *n);
/* Calls fn for each peer of chunk with a nonzero count, in peer order. */
int cref_counter_peers(const struct cref_counter *c, uint32_t chunk,
		       void (*fn)(uint32_t peer, uint64_t refs, void *userdata), void *userdata);

/* Disk models (cref-time.c): one random access per cross reference, metadata read at bandwidth. */
struct cref_model {
	const char *name;
	double seek_ms;
	double rotation_rpm;   /* 0: no rotational latency */
	double bandwidth_mb_s; /* 10^6 bytes per second */
};

int cref_model_lookup(const char *name, struct cref_model *ret);
const struct cref_model *cref_models_builtin(size_t *n);
double cref_model_access_ms(const struct cref_model *m);

struct cref_estimate {
	double access_ms;
	double avg_refs_s, max_refs_s;    /* following the references of one chunk */
	double avg_check_s, max_check_s;  /* fsck of one chunk + its references */
	uint32_t worst_chunk;             /* the chunk behind max_check_s */
	double whole_fs_s;                /* fsck of the whole file system */
};

void cref_estimate(const struct cref_counter *c, const struct cref_model *m, struct cref_estimate *ret);

/* What one run found, beside the counters. */
struct cref_stats {
	const char *device;
	const char *fs_type;        /* "ext2", "ext3", "ext4" */
	bool mounted;
	uint64_t superblock;        /* 0, or the backup superblock used */
	uint64_t total_bytes, used_bytes;
	uint32_t block_size, cluster_size;
	uint32_t groups;
	uint64_t files, directories, special_files;
	uint64_t inodes_with_blocks, inline_inodes;
	uint64_t skipped_inodes;    /* unreadable or nonsensical inodes */
	uint64_t bad_blocks;        /* block numbers outside the file system, unreadable trees */
	uint64_t bad_dir_blocks;    /* directory blocks that could not be parsed to the end */
	uint64_t bad_dirents;       /* entries naming an inode number that cannot exist */
	uint64_t skipped_groups;    /* groups whose inode table lies outside the file system */
	bool scan_truncated;        /* the inode scan stopped at a read error */
};

struct cref_options {
	uint64_t *chunk_bytes;      /* one entry per counter */
	size_t n_chunk_bytes;
	enum cref_rule rule;
	bool progress;              /* progress lines on stderr */
};

/* Open device read-only and count. counters[] gets n_chunk_bytes entries, each initialised;
 * the caller frees them with cref_counter_done() and free(). Returns -errno. */
int cref_run(const char *device, const struct cref_options *opts,
	     struct cref_stats *stats, struct cref_counter **counters);

/* The passes over an open file system, used by cref_run(): cref-scan.c (groups, pass 1:
 * inodes) and cref-dirs.c (pass 2: directories). The state they share: */
struct cref_scan {
	ext2_filsys fs;
	struct cref_counter *cs;
	size_t n;
	struct cref_stats *st;
	bool progress;

	ext2fs_inode_bitmap dirs;
	ext2_dblist dblist;
	uint32_t *inline_dirs;
	size_t n_inline_dirs, cap_inline_dirs;

	/* the inode pass 1 is at, handed to libext2fs through fs->read_inode */
	ext2_ino_t cur_ino;
	struct ext2_inode *cur;
	bool cur_is_dir;

	int prefetch_fd;            /* our own descriptor for readahead hints, or -1 */
	ext2_ino_t dir_ino;         /* pass 2: the directory being read */
	uint64_t dir_blocks_seen;
	char *block;
	int error;                  /* first fatal error (-errno), stops the scan */
};

#define CREF_PROGRESS_EVERY 65536 /* inodes or directory blocks between progress lines */

int cref_scan(ext2_filsys fs, struct cref_counter *cs, size_t n, struct cref_stats *st, bool show_progress);
/* Pass 1 (cref-scan.c): the group descriptors, then every inode. */
int cref_scan_inodes(struct cref_scan *s);
/* Pass 2 (cref-dirs.c): every directory entry. */
int cref_scan_directories(struct cref_scan *s);
/* Keeps the first fatal error; -ERANGE (a block or inode out of range) is not fatal. */
void cref_scan_note_error(struct cref_scan *s, int r);
/* A readahead hint for blocks the scan will read soon. */
void cref_scan_prefetch(const struct cref_scan *s, uint64_t blk, uint64_t count);
void cref_scan_progress(const struct cref_scan *s, const char *what, uint64_t done, uint64_t total);

/* Output (cref-report.c). models[] are the models to estimate under. */
struct cref_report {
	const struct cref_stats *stats;
	const struct cref_model *models;
	size_t n_models;
	bool adjacency;             /* list every chunk pair */
	unsigned max_peers;         /* peers of the busiest chunk to print (human output) */
};

void cref_report_human(FILE *f, const struct cref_report *r, const struct cref_counter *c);
void cref_report_sweep_human(FILE *f, const struct cref_report *r, const struct cref_counter *cs, size_t n);
/* The report as a json-c object, NULL when out of memory; a sweep is an array of them. */
struct json_object *cref_report_to_json(const struct cref_report *r, const struct cref_counter *c);
struct json_object *cref_report_sweep_to_json(const struct cref_report *r, const struct cref_counter *cs,
					      size_t n);
const char *cref_rule_name(enum cref_rule rule);
int cref_rule_from_string(const char *s, enum cref_rule *ret);
