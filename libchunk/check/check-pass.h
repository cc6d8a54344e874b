/* What the passes of one chunk's check share: the chunk K, the volume, the report, and the
 * cross-chunk references touching K as each source claims them. Internal to libchunk. */
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/format/record.h"
#include "libchunk/check/e2fsck.h"
#include "libchunk/check/report.h"
#include "libchunk/volume/volume.h"

struct chunk_check_opts;

/* Who says a reference exists. */
enum {
	SRC_HEAD_RECORD = 1 << 0,   /* the head's record lists the continuation */
	SRC_CONT_RECORD = 1 << 1,   /* the continuation's record names the head */
	SRC_HEAD_INDEX  = 1 << 2,   /* an OUT entry in the head chunk's index */
	SRC_CONT_INDEX  = 1 << 3,   /* an IN entry in the continuation chunk's index */
};

struct check_ref {
	struct chunk_ref head, cont;
	uint8_t kind;                /* REF_FILE, REF_DIR */
	unsigned src;                /* SRC_* seen so far */
	size_t index_finding;        /* 1 + the finding of pass 2 about K's index, or 0 */
};

struct check_ctx {
	struct volume *v;
	unsigned id;                 /* K */
	struct chunk *c;             /* K, open again after e2fsck */
	const struct chunk_check_opts *o;
	struct chunk_check_report *r;
	bool repair;
	bool online;                 /* K is in use by a mount (volume_check_chunk_online) */
	bool passes_wrote_k;         /* a pass wrote K after e2fsck (so a re-check runs e2fsck again) */
	io_channel k_io;             /* K's channel, and what it had written, when the passes began */
	unsigned long long k_written;
	bool meta_rebuilt;           /* K's /.chunkfs was remade: trust the peers for K's refs */
	bool use_all_peers;          /* read every peer's summary (K lost its own) */
	bool rolled_back;            /* K is older than its last write session (pass 1): read every
					peer's summary too, counting those that do not open */
	bool state_remade;           /* K's state record was unreadable (its sequence unknown) */
	bool e2fsck_verified;        /* e2fsck found K clean (or made it so) just before the passes,
					under the check's lock: K's ext4 checksums are not verified
					again while the passes read it (peers' always are) */

	struct check_ref *refs;      /* sorted and merged by check_refs_merge() */
	size_t nrefs, refs_cap;
	bool *peer_seen;             /* [N]: peers of K whose index entry for K was read */
	int *unavailable;            /* [N]: why a chunk could not be read (-errno), or 0 */
	bool *written;               /* [N]: chunks a repair wrote (only those are flushed) */
	ext2_ino_t *bad_conts;       /* K's continuations with unreadable records: quarantined once
					every claim is collected, so the quarantine is not one */
	size_t *bad_findings;        /* 1 + finding index, or 0 */
	size_t nbad;
	ext2_ino_t *bad_heads;       /* K's inodes whose head record is unreadable: rebuilt (repair)
					once K's index has said which continuations they had */
	size_t *bad_head_findings;   /* 1 + finding index, or 0 */
	size_t nbad_heads;
	ext2_ino_t *oversize;        /* files of K whose size is past the volume's, noted by pass 3's
					scan for pass 6 */
	size_t noversize;
	uint64_t cut_block;          /* K's image was cut short: its first block past the cut (whose
					bytes pass 0 gave back as zeros), 0 when it was not */
	bool cut_marked;             /* pass 2 marked lost every file's bytes past the cut: the
					note of the cut goes once the repair's writes are durable */
	uint64_t size_bound;         /* the volume's bytes, UINT64_MAX when unknown, 0 before known */
	struct check_cache *cache;   /* check-cache.c: inodes at the ends of references, read once */
	struct check_paths *paths;   /* check-path.c: per chunk, the names its directories give */
	struct lost_name *lost_names; /* names in the first blocks e2fsck freed, whose inodes went
					too (check_links_keep_freed_names) */
	size_t nlost_names;
	struct moved_part *moved;    /* directory parts a repair moved whole to /lost+found, whose
					entries are named after the passes (repair_name_moved) */
	size_t nmoved;
};

struct moved_part {
	size_t finding;              /* the part's finding: its index + 1 in x->r, 0 none */
	vino_t part;                 /* the part, a directory of its own now */
	char *to;                    /* its path in the volume now */
	char *note;                  /* words after a path there ("" or where it waits) */
};

struct lost_name {
	ext2_ino_t dir, ino;         /* K's inodes: the directory (part) and the one the name gave */
	char *name;
};

/* Pass 0 (check-e2fsck.c): e2fsck on PATH, which is K or a snapshot of it, FD open on it. Returns
 * -1 when the passes may run (x->e2fsck_verified says whether e2fsck found K clean), else the
 * fsck(8) code the check ends with; findings and e2fsck's output are in the report. */
int check_e2fsck(struct check_ctx *x, const char *path, int fd);
/* Our lock on K while e2fsck runs (shared for a check, exclusive for a repair), in *RET_FD. */
int check_e2fsck_lock(struct check_ctx *x, const char *path, int *ret_fd);
/* One e2fsck run of the check, started and then waited for, its result kept in the report. */
struct progress_relay {
	const struct chunk_check_opts *o;
	unsigned id;
};
struct e2fsck_job {
	struct progress_relay relay;
	struct e2fsck_opts eo;
	struct e2fsck_child child;
	int err;                     /* e2fsck could not be started */
};
void e2fsck_job_start(struct check_ctx *x, const char *path, enum e2fsck_mode mode, uint64_t superblock,
		      struct e2fsck_job *j);
int e2fsck_job_finish(struct check_ctx *x, const char *path, struct e2fsck_job *j);
double check_now(void);            /* seconds, monotonic */

/* Pass 1 (check-records.c): K's chunk, state and peers records and its index files decode and
 * agree with the volume. Establishes that K is chunk K of this volume and that /.chunkfs is
 * there to be read (a repair remakes it from the peers when it is not). */
int check_records(struct check_ctx *x);
/* Pass 1b (check-rename.c): a rename over a file that a kill cut short, named by K's rename
 * record, is finished or undone and the record cleared. Establishes that its file has one name. */
int check_rename(struct check_ctx *x);
/* Whether CHUNK's rename record names a pending rename to NAME of directory DIR (a name found in
 * two parts of DIR is then that rename's, which the repair of CHUNK settles). */
bool check_rename_pending(struct check_ctx *x, unsigned chunk, vino_t dir, const char *name);
/* Pass 2 (check-links.c): every continuation in K is linked from /.chunkfs/cont under its
 * head's name, and e2fsck's own lost+found of K holds nothing the volume cannot see
 * (continuations go back to /.chunkfs/cont, the rest to the volume's /lost+found).
 * Establishes that the record scan of pass 3 finds every continuation where it belongs. */
int check_links(struct check_ctx *x);
/* The pointers pass dropped DIR, a part in K of the directory at DPATH that the damage took:
 * the names its first block, which e2fsck freed, held whose inodes went too (kept by pass 2,
 * before its own writes could take that block or number again), are named gone below DPATH. */
void check_links_name_lost_part(struct check_ctx *x, ext2_ino_t dir, const char *dpath);
/* Before any pass writes K (the freed blocks may be taken again): the names in the first blocks
 * e2fsck freed, of directories whose inodes it freed, naming inodes it freed that the damage
 * zeroed; kept for passes 2 and 4. */
void check_links_keep_freed_names(struct check_ctx *x);
void check_links_free(struct check_ctx *x);
/* Pass 4 settled continuation INO as an orphan: a finding of pass 2 that left it under
 * its old name, the one its record asks for being another continuation's, is settled by it. */
void check_links_orphan_moved(struct check_ctx *x, vino_t ino);
/* Pass 3 (check-index.c): K's index against K's own records, both ways: every reference a
 * head or continuation record in K makes is listed, and nothing else. Establishes the list of
 * references K's records claim (x->refs) and an index that matches it. */
int check_index(struct check_ctx *x);
/* Pass 4 (check-pointers.c): both ends of every reference touching K, with the peers' index
 * entries for K (and nothing else of any peer): generations, back pointers, ranges. Repairs
 * dangling forward pointers (holes) and orphans (quarantine). Establishes that every
 * reference touching K is confirmed at both ends and listed in both indexes. */
int check_pointers(struct check_ctx *x);
/* Pass 5 (check-names.c): names unique across each directory's continuations, for every
 * directory with a part in K. */
int check_names(struct check_ctx *x);
/* Pass 6 (check-sizes.c): no file in K claims more bytes than the whole volume holds (e2fsck
 * leaves such sizes); a repair cuts each to where its data ends, freeing nothing. Its files
 * are noted by pass 3's scan of K's inodes: check_size_note(), for every inode in use. */
int check_sizes(struct check_ctx *x);
void check_size_note(struct check_ctx *x, ext2_ino_t ino, const struct ext2_inode_large *inode);
/* Where the blocks of INO (of chunk C, INODE as read) end, in bytes: 0 when it has none. */
int check_data_end(struct chunk *c, ext2_ino_t ino, const struct ext2_inode_large *inode, uint64_t *ret);
/* References (check-refs.c). */
int check_ref_add(struct check_ctx *x, const struct chunk_ref *head, const struct chunk_ref *cont,
		  uint8_t kind, unsigned src);
void check_refs_merge(struct check_ctx *x);
/* The index entry that SIDE (SRC_HEAD_INDEX or SRC_CONT_INDEX) of REF stands for. */
struct index_ref check_ref_index_entry(const struct check_ref *ref, unsigned side);
/* Adds to the references every entry of chunk CHUNK's index for PEER, marking SRC_*_INDEX. */
int check_refs_from_index(struct check_ctx *x, struct chunk *c, unsigned peer);
/* Scans K's inodes for head and continuation records (K only: it is the chunk checked). */
int check_refs_from_records(struct check_ctx *x);
/* Quarantines the continuations of K whose records could not be read (repair only). */
void check_refs_quarantine_unreadable(struct check_ctx *x);

/* Chunks the check could not read (check-unavailable.c): missing, refused for who they are
 * (another volume's, a copy, in the wrong place), in use, or not opening. What touches them
 * is left as it is, and K's check is unfinished (8), not K's problem. The first ERR of a chunk
 * is kept. */
void check_peer_unavailable(struct check_ctx *x, unsigned chunk, int err);
unsigned check_unavailable_count(const struct check_ctx *x);
/* "chunk P REASON; chunk Q REASON", malloc'd (NULL when out of memory). */
char *check_unavailable_text(const struct check_ctx *x);

/* The inode cache of a check (check-cache.c). An entry: the inode's generation, link count
 * and mode, and its records (head_err/cont_err: 0 decoded, -ENODATA absent, else why not). */
struct check_inode {
	uint16_t chunk;
	uint32_t ino;
	uint32_t gen;
	uint16_t links, mode;
	bool open_unlinked;      /* no link, on the chunk's orphan list: open in a mount */
	int head_err, cont_err;
	struct record_head head;
	struct record_cont cont;
};
/* Enters inode INO of chunk C from its on-disk form INODE (the file system's inode size, as an
 * inode scan gives it), reading its records; replaces an older entry. */
int check_cache_add(struct check_ctx *x, struct chunk *c, ext2_ino_t ino, void *inode,
		    const struct check_inode **ret);
/* The entry of INO in chunk CHUNK, read on first use. -ENXIO: the chunk is missing; -ESTALE:
 * no such inode. Entries stay where they are until forgotten or the cache is freed. */
int check_cache_inode(struct check_ctx *x, unsigned chunk, ext2_ino_t ino, const struct check_inode **ret);
/* The entry of INO in chunk CHUNK if it was read, else NULL (nothing is read). */
const struct check_inode *check_cache_lookup(struct check_ctx *x, unsigned chunk, ext2_ino_t ino);
/* The head record of HEAD, when the inode is there, linked, of that generation, and its
 * record decodes (a bad record in a peer marks the peer DAMAGED). 0, -ENXIO or -ESTALE. */
int check_cache_head(struct check_ctx *x, const struct chunk_ref *head, const struct record_head **ret);
/* The record of continuation CONT, when it is there with that generation and names HEAD
 * back. 0, -ENXIO or -ESTALE (also when CONT's chunk cannot hold it: cont_chunk_possible). */
int check_cache_cont(struct check_ctx *x, const struct chunk_ref *head, const struct chunk_ref *cont,
		     const struct record_cont **ret);
/* After a repair changed INO's records or links. */
void check_cache_forget(struct check_ctx *x, unsigned chunk, ext2_ino_t ino);
void check_cache_free(struct check_ctx *x);

/* Naming files (check-path.c): the path of a volume inode, or NULL. The first name asked of a
 * chunk costs a scan of its directories (kept for the rest of the check), so it is used only
 * for files the report must name. */
char *check_path_of(struct check_ctx *x, vino_t ino);
/* After a repair linked, unlinked or renamed in CHUNK's directories. */
void check_path_forget(struct check_ctx *x, unsigned chunk);
/* INO's inode is gone (e2fsck cleared the entry that named it at PATH, or the repair freed the
 * directory): files whose name records place them in it are named below PATH from now on, and
 * the orphan continuations of a file, by PATH. */
void check_path_note_lost(struct check_ctx *x, vino_t ino, const char *path);
/* The path INO had, when it was noted so and its inode is still gone, or NULL. */
const char *check_path_lost(struct check_ctx *x, vino_t ino);
/* The path INO had when it was noted so, even if its number is another file's now: for names
 * read before the repair wrote (check_links_keep_freed_names, a finding's "(unnamed inode)"). */
const char *check_path_lost_noted(struct check_ctx *x, vino_t ino);
/* After the passes: a finding's path that begins with a directory unnamed when it was made,
 * "(unnamed inode C:I)/...", whose path a later pass learnt (a directory the damage took,
 * named gone below a part the pointers pass dropped), begins with that path now. */
void check_paths_settle(struct check_ctx *x);
void check_paths_free(struct check_ctx *x);

/* Repairs (repair-*.c). Each reports what it did on F. */
int repair_index_entry(struct check_ctx *x, unsigned chunk, unsigned peer, const struct index_ref *ref,
		       bool add, struct finding *f);
int repair_hole(struct check_ctx *x, const struct check_ref *ref, struct finding *f);
/* The head record of HEAD names continuation TO where it named FROM (one that does not confirm):
 * -ENOENT when it does not name FROM, or names TO already. */
int repair_repoint(struct check_ctx *x, const struct chunk_ref *head, const struct chunk_ref *from,
		   const struct chunk_ref *to, struct finding *f);
/* Replaces the unreadable head record of K's inode INODE (number INO) by one rebuilt from the
 * N continuations of ADOPT (references K's index lists, each confirmed by the continuation's
 * back pointer, RECS its records): a file's ranges are theirs, the bytes the head holds itself
 * its own, the rest of the file lost; none is left when there is no continuation and nothing is
 * lost. A continuation that cannot be taken back (ranges that overlap, a table too small) makes
 * it take none: they are then orphans, as every continuation not in ADOPT is. *ADOPTED: whether
 * the N were taken back. */
int repair_head_unreadable(struct check_ctx *x, ext2_ino_t ino, const struct ext2_inode_large *inode,
			   const struct check_ref *const *adopt, const struct record_cont *const *recs, size_t n,
			   bool *adopted, struct finding *f);
/* Pass 2, once K's index is read: K's head records that everything else contradicts found
 * (and, in a repair, taken for unreadable ones); the unreadable head records of K rebuilt, and
 * the records of K's continuations that one head claims (check-refs.c). */
void check_refs_contradicted_heads(struct check_ctx *x);
void check_refs_rebuild_heads(struct check_ctx *x);
void check_refs_rebuild_conts(struct check_ctx *x);
/* Gives the N ranges GAPS (held by the K-th continuation of REF's head, mapped to nobody)
 * back to that continuation in the head's range table. */
int repair_unmapped(struct check_ctx *x, const struct check_ref *ref, unsigned k, const struct record_range *gaps,
		    size_t n, struct finding *f);
int repair_orphan(struct check_ctx *x, unsigned chunk, ext2_ino_t ino, const char *origin,
		  struct finding *f);
/* Each entry under the directory parts this repair moved whole to /lost+found (and under its
 * subdirectories, to any depth) gets a finding of its own: its old path, when its directory's
 * is known, and its new one. Run once the passes are done (a finding added meanwhile would
 * move the findings a pass holds). */
void repair_name_moved(struct check_ctx *x);
void repair_moved_free(struct check_ctx *x);
/* An orphan continuation flagged released (its head let go of it: a removal a kill or crash
 * cut short): freed, as the removal would have, and counted as no loss; a directory part that
 * still holds entries is quarantined as any orphan. */
int repair_released(struct check_ctx *x, unsigned chunk, ext2_ino_t ino, const char *origin,
		    struct finding *f);
/* A continuation flagged released whose head lives and names it (a removal cut short before
 * the head let go): the flag is cleared. */
int repair_unrelease(struct check_ctx *x, const struct chunk_ref *cont, struct finding *f);
/* Remakes what K's /.chunkfs lacks; > 0: pieces of it were found and linked back. */
int repair_meta(struct check_ctx *x);
/* Links back into place the pieces of K's /.chunkfs (of volume VOLUME) that e2fsck left in
 * K's own lost+found (repair-adopt.c): /.chunkfs itself when C has none, else what it lacks.
 * The number of pieces linked back, or -errno. */
int repair_meta_adopt(struct check_ctx *x, struct chunk *c, const uuid_t volume);
/* Helpers of the repairs (repair-orphan.c). repair_move_dir: TO 0 when INO is to be freed. */
int repair_move_dir(struct chunk *c, ext2_ino_t ino, ext2_ino_t from, ext2_ino_t to);
/* Whether inode INO of C holds nothing: an empty directory, a file of no bytes. */
bool repair_holds_nothing(struct chunk *c, ext2_ino_t ino);
int repair_lost_found_part(struct check_ctx *x, unsigned chunk, ext2_ino_t *ret);
/* Links INO into the volume's /lost+found as BASE (or BASE.N), written to NAME; returns the
 * local part's inode. When the volume's /lost+found cannot be written, INO goes to C's own
 * lost+found and NAME says so after the name: *NAME_LEN (if not NULL) is the name's length. */
int repair_link_lost_found(struct check_ctx *x, struct chunk *c, ext2_ino_t ino, int ftype,
			   const char *base, char *name, size_t size, size_t *name_len);
/* An image cut short (repair-cut.c). Where IMAGE was cut (its first block past the cut), noted
 * beside it, durably, before pass 0 gives it its length back: 0, or -errno. */
int repair_cut_note(const char *image, uint64_t block);
/* 0 and *BLOCK when a cut of IMAGE is noted, -ENOENT when none is, or another -errno. */
int repair_cut_noted(const char *image, uint64_t *block);
/* Pass 2 of a repair of a cut image: each file with data blocks at or past x->cut_block is named,
 * and the bytes they held marked lost in its head's record (they read as EIO). */
void repair_cut_files(struct check_ctx *x);
/* After the repair's writes are durable: the note goes when pass 2 marked every file. */
void repair_cut_settled(struct check_ctx *x);
/* Says on F that chunk CHUNK could not be written (ERR), and what to do about it. */
void repair_refused(struct finding *f, unsigned chunk, int err);
/* The chunk ID, opened for writing by a repair (DAMAGED K is writable once e2fsck is done). */
int repair_chunk(struct check_ctx *x, unsigned id, struct chunk **ret);

/* A finding at pass PASS, counted in the report. */
#define check_found(x, pass, ino, ...) chunk_check_report_add((x)->r, pass, ino, __VA_ARGS__)
