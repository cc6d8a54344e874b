/* On-disk records of docs/FORMAT.md: encoding and decoding, nothing else.
 * Decoders return 0, or -EBADMSG (wrong magic or type), -EPROTONOSUPPORT (wrong version),
 * -EMSGSIZE (truncated, or a count that does not fit the length), -EILSEQ (bad CRC). */
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <uuid/uuid.h>

#define RECORD_VERSION 1
#define CHUNK_NONE 0xffffu

enum record_type {
	RECORD_CHUNK = 1,
	RECORD_STATE = 2,
	RECORD_HEAD  = 3,
	RECORD_CONT  = 4,
	RECORD_INDEX = 5,
	RECORD_PEERS = 6,
	RECORD_LOSSES = 7,
	RECORD_RENAME = 8,
	RECORD_NAME = 9,
};

enum { REF_FILE = 1, REF_DIR = 2 };        /* kind of a continuation */
enum { REF_OUT = 0, REF_IN = 1 };          /* direction, seen from the chunk holding the index */

/* A pointer to an inode of some chunk. */
struct chunk_ref {
	uint16_t chunk;
	uint32_t ino;
	uint32_t gen;
};

struct record_chunk {
	uuid_t volume;
	uint16_t id;
	uint16_t nchunks;
	uint32_t flags;          /* RECORD_CHUNK_EXT4 */
	uint64_t threshold;
	int64_t created;
	uuid_t *members;         /* nchunks entries, malloc'd by decode */
};
#define RECORD_CHUNK_EXT4 1u

struct record_state {
	uint32_t state;          /* enum chunk_state, without MISSING */
	int32_t last_result;
	int64_t last_check;
	int64_t last_repair;
	int32_t last_repair_result;
	uint32_t errors_found;
	uint32_t errors_fixed;
	/* Rollback detection (docs/FORMAT.md): SEQ counts the chunk's write sessions (CLEAN to
	 * DIRTY); WITNESS is the SEQ of chunk (id - 1) mod N as that chunk last told this one. Both
	 * are 0 in records made before they existed. */
	uint32_t seq;
	uint32_t witness;
};
#define RECORD_STATE_SIZE 64

struct record_range {
	uint64_t start, end;     /* [start, end) */
	uint32_t holder;         /* in a head: 0 the head itself, k the k-th continuation,
				    RANGE_LOST bytes a repair could not keep (format/lost.h) */
};
/* The holder of a lost range in memory; on disk, holder 0 with RANGE_FLAG_LOST set. */
#define RANGE_LOST UINT32_MAX
#define RANGE_FLAG_LOST 1u

struct record_head {
	uint32_t gen;
	uint16_t kind;
	uint16_t ncont;
	uint32_t nranges;
	uint32_t parent;         /* hint: the directory inode, in the head's chunk, whose entry
				    named the head when the record was made; 0 unknown */
	struct chunk_ref *conts;
	struct record_range *ranges;
};

struct record_cont {
	uint16_t kind;
	uint16_t flags;          /* CONT_FLAG_* */
	uint32_t gen;
	struct chunk_ref head, prev, next;
	uint32_t nranges;
	struct record_range *ranges;
};

/* The head let go of this continuation: its file or directory was being removed (or unlinked
 * while open), so a repair that finds the head gone frees it instead of keeping it as an
 * orphan (docs/FORMAT.md). */
#define CONT_FLAG_RELEASED 1u

struct index_ref {
	uint8_t kind;            /* REF_FILE, REF_DIR */
	uint8_t dir;             /* REF_OUT, REF_IN */
	uint32_t local_ino, local_gen;
	uint32_t peer_ino, peer_gen;
};

struct record_index {
	uint16_t chunk, peer;
	uint32_t count;
	struct index_ref *refs;
};

struct peer_count {
	uint16_t peer;
	uint32_t refs;
};

struct record_peers {
	uint16_t chunk;
	uint16_t npeers;
	struct peer_count *peers;
};

/* The files repairs named as lost or moved since the admin last acknowledged them
 * (/.chunkfs/losses, written by libchunk/chunk/losses.c): how many, and the first of them. */
enum loss_kind {
	LOSS_DATA = 1,           /* bytes of the file lost: they read as EIO */
	LOSS_ENTRIES = 2,        /* a directory's part lost, with the names in it */
	LOSS_MOVED = 3,          /* moved into /lost+found */
	LOSS_GONE = 4,           /* the file itself: its inode lost, its entry cleared by e2fsck */
};

struct loss_entry {
	uint8_t kind;            /* enum loss_kind */
	uint64_t ino;            /* its volume inode, 0 unknown */
	uint64_t bytes;          /* LOSS_DATA: how many */
	char *path;              /* its volume path when the repair named it; NULL unknown */
	char *moved_to;          /* LOSS_MOVED: its path in the volume now; NULL otherwise */
};

struct record_losses {
	uint64_t seq;            /* which of the file's two slots is newer */
	int64_t last;            /* Unix seconds of the last repair that added to it */
	uint32_t count;          /* files named since the last acknowledgement, kept or not */
	uint32_t nentries;       /* the first of them, as many as LOSSES_RECORD_MAX holds */
	struct loss_entry *entries;
};
/* A record's largest size (one of the file's two slots), and how many entries it keeps. */
#define LOSSES_RECORD_MAX 4096
#define LOSSES_KEEP 32

/* Encoders allocate *buf and set *len. */
int record_chunk_encode(const struct record_chunk *r, void **buf, size_t *len);
int record_chunk_decode(const void *buf, size_t len, struct record_chunk *r);
void record_chunk_done(struct record_chunk *r);

int record_state_encode(const struct record_state *r, void **buf, size_t *len);
int record_state_decode(const void *buf, size_t len, struct record_state *r);

/* Bytes of a head record with NCONT continuations and NRANGES ranges, header and CRC included. */
size_t record_head_size(unsigned ncont, uint32_t nranges);
int record_head_encode(const struct record_head *r, void **buf, size_t *len);
int record_head_decode(const void *buf, size_t len, struct record_head *r);
void record_head_done(struct record_head *r);

int record_cont_encode(const struct record_cont *r, void **buf, size_t *len);
int record_cont_decode(const void *buf, size_t len, struct record_cont *r);
void record_cont_done(struct record_cont *r);

int record_index_encode(const struct record_index *r, void **buf, size_t *len);
int record_index_decode(const void *buf, size_t len, struct record_index *r);
void record_index_done(struct record_index *r);

int record_peers_encode(const struct record_peers *r, void **buf, size_t *len);
int record_peers_decode(const void *buf, size_t len, struct record_peers *r);
void record_peers_done(struct record_peers *r);

/* Encodes the first entries that fit in LOSSES_RECORD_MAX bytes and LOSSES_KEEP entries; the
 * count stays what it is. */
int record_losses_encode(const struct record_losses *r, void **buf, size_t *len);
int record_losses_decode(const void *buf, size_t len, struct record_losses *r);
void record_losses_done(struct record_losses *r);

/* Order of references inside an index entry: (dir, local_ino, peer_ino). */
int index_ref_compare(const struct index_ref *a, const struct index_ref *b);
const char *record_strerror(int err);

/* A rename in flight (/.chunkfs/rename of the chunk S holding the renamed inode, and with it
 * the old and the new name): written before the rename's first change, cleared after its
 * last, so that the repair of S finishes it or undoes it. The names are in S's parts of the
 * two directories (SDIR, DDIR: their heads' volume inode numbers). */
struct record_rename {
	uint32_t ino, gen;       /* the renamed inode, in S */
	uint32_t spart, dpart;   /* S's parts holding the old name and getting the new one */
	uint64_t sdir, ddir;
	struct chunk_ref target; /* what the new name replaces; chunk CHUNK_NONE for nothing; for
				  * an exchange, the other inode */
	uint16_t flags;          /* RENAME_FLAG_* */
	char sname[256], dname[256];
};
/* An exchange (RENAME_EXCHANGE): TARGET takes the old name as INO takes the new one. When the
 * two inodes are in different chunks each holds a record of its own half (names and parts its
 * own), and the half of the renamed inode's chunk, written first, is FIRST. */
#define RENAME_FLAG_EXCHANGE 0x1
#define RENAME_FLAG_FIRST    0x2
#define RENAME_FLAGS_KNOWN   (RENAME_FLAG_EXCHANGE | RENAME_FLAG_FIRST)
#define RECORD_RENAME_SIZE 580
int record_rename_encode(const struct record_rename *r, void **buf, size_t *len);
int record_rename_decode(const void *buf, size_t len, struct record_rename *r);

/* The name an inode was given (xattr trusted.chunkfs.name, docs/FORMAT.md): the directory part
 * LDIR, in the inode's chunk, that holds its entry; the directory (its head's volume inode
 * number); and the name. A hint for a repair: an inode e2fsck finds with no entry (its
 * directory block was lost) is put back under it, or at least named. */
struct record_name {
	uint32_t ldir;
	uint64_t dir;
	char name[256];
};
#define RECORD_NAME_MAX (16 + 14 + 255 + 4) /* the record of the longest name */
int record_name_encode(const struct record_name *r, void **buf, size_t *len);
int record_name_decode(const void *buf, size_t len, struct record_name *r);
