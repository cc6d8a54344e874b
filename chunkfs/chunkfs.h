/* The mount: one chunkfs volume served through libfuse3's low-level API. The handlers in
 * ops-*.c are adapters: decode a request, call one libchunk namespace function, reply.
 *
 * Locking (docs/MOUNT.md): `volume_lock` guards the volume and every libchunk call (libchunk
 * and libext2fs are not thread-safe). Held to itself by every handler but two: reads and
 * writes in place share it, each then taking its node's `io_lock` and, around the work in one
 * chunk, that chunk's `io_lock` (vfile_pread_shared). `nodes.lock` guards the node table and
 * is taken inside `volume_lock` when both are needed, never the other way round. */
#pragma once
#define FUSE_USE_VERSION 312
#include <fuse_lowlevel.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "libchunk/namespace/file.h"
#include "libchunk/namespace/namespace.h"
#include "libchunk/volume/volume.h"

struct chunkfs_options {
	char *volume;             /* as given */
	char *volume_abs;         /* absolute, the fsname in the mount table */
	int read_only;
	int writeback;            /* the kernel's writeback cache */
	unsigned commit_s;        /* a chunk idle this long is flushed and marked CLEAN */
	double attr_timeout, entry_timeout;
	int uid, gid;             /* uid=, gid=: every file shown as theirs; -1: as stored */
};

/* A name the kernel may cache of a node (a dentry): what an online repair of the node's chunk
 * tells the kernel to ask for again. The kernel holds at most one dentry per lookup it has not
 * forgotten, so a node keeps the last nlookup names it was looked up by (at least
 * NODE_NAMES_MIN, a renamed name being cached without a lookup), and never more than
 * NODE_NAMES_MAX (a file with more hard links than that in use forgets the oldest). */
#define NODE_NAMES_MIN 8
#define NODE_NAMES_MAX 4096
struct node_name {
	struct node_name *next;
	vino_t parent;
	char name[];
};

/* A file the kernel knows: lookup count and, while open, the one vfile all opens share
 * (a vfile caches the file's range table, so two of one file would disagree). */
struct node {
	vino_t ino;
	uint64_t nlookup;
	struct node_name *names;  /* newest first, at most MAX(NODE_NAMES_MIN, MIN(nlookup, NODE_NAMES_MAX)) */
	unsigned nnames;
	unsigned nopen;
	struct vfile *file;
	bool file_writable;
	bool written;             /* since the last commit */
	bool orphan;              /* its last name went while open: freed at the last close */
	bool stale;               /* an online repair removed its inode: its opens give ESTALE */
	uint64_t last_write_ms;
	/* Taken by a read or write that holds volume_lock shared, around its use of file,
	 * written and last_write_ms: one such request on a file at a time. */
	pthread_mutex_t io_lock;
	struct node *next;
};

struct node_table {
	pthread_mutex_t lock;
	struct node **buckets;
	size_t nbuckets;
};

/* The control channel (control.c): its socket, its connections, the chunk under online check. */
struct control {
	int fd;                      /* the listening socket */
	char path[4096];
	char *mountpoint;            /* absolute */
	pthread_t thread;
	bool started;
	pthread_mutex_t lock;        /* guards nconn and checking */
	pthread_cond_t idle;         /* nconn went down */
	unsigned nconn;              /* connections being served */
	int checking;                /* the chunk under online check or repair, or -1 */
	bool repairing;              /* that is a repair */
	pthread_mutex_t check_lock;  /* one online check at a time */
	volatile sig_atomic_t cancel; /* unmounting: a check under way stops */
};

struct chunkfs {
	struct chunkfs_options opt;
	struct volume *volume;
	pthread_rwlock_t volume_lock;
	struct node_table nodes;
	struct fuse_session *session;
	bool expire_only;         /* the kernel can expire a name (FUSE_CAP_EXPIRE_ONLY), not only drop it */
	pthread_t flusher;
	bool flusher_started;
	pthread_mutex_t flusher_lock;
	pthread_cond_t flusher_wake;
	bool stopping;
	bool *damage_pending;     /* per chunk: marked DAMAGED in use, the daemon not told yet
				     (guarded by flusher_lock) */
	bool damage_any;
	struct control control;
};

extern const struct fuse_lowlevel_ops chunkfs_ops;

static inline struct chunkfs *chunkfs_of(fuse_req_t req) { return fuse_req_userdata(req); }
void chunkfs_lock(struct chunkfs *fs);
/* volume_lock shared: only for vfile_pread_shared and vfile_pwrite_shared (under the node's
 * io_lock). */
void chunkfs_lock_shared(struct chunkfs *fs);
void chunkfs_unlock(struct chunkfs *fs);
/* Read-only requests (lookup, getattr, opendir, readdirplus, readlink, getxattr, listxattr) run
 * in parallel: chunkfs_read_begin takes volume_lock shared and opens a libchunk shared section
 * (volume_shared_begin); chunkfs_read_end closes it and returns true when its results stand
 * (volume_lock still shared), or false when they do not, with volume_lock now held to itself
 * for the work to be done again. Either way the caller ends with chunkfs_unlock:
 *	for (bool shared = chunkfs_read_begin(fs);; shared = false) {
 *		r = volume_...(...);
 *		if (!shared || chunkfs_read_end(fs))
 *			break;
 *	} */
bool chunkfs_read_begin(struct chunkfs *fs);
bool chunkfs_read_end(struct chunkfs *fs);
uint64_t chunkfs_now_ms(void);

/* FUSE's root is inode 1; the volume's root is VOLUME_ROOT. Every other number is the vino. */
static inline vino_t vino_of(fuse_ino_t ino) { return ino == FUSE_ROOT_ID ? VOLUME_ROOT : (vino_t)ino; }
static inline fuse_ino_t fuse_ino_of(vino_t v) { return v == VOLUME_ROOT ? FUSE_ROOT_ID : (fuse_ino_t)v; }
/* libchunk's -errno as the errno a program should see. */
int chunkfs_errno(int r);

/* node.c */
int node_table_init(struct node_table *t);
void node_table_free(struct node_table *t);
/* Takes a reference for the kernel (a lookup of NAME in PARENT): the node is made if new, and
 * the name noted on it. */
int node_lookup(struct node_table *t, vino_t ino, vino_t parent, const char *name);
/* The kernel moved a name of INO to NAME in PARENT (a rename): noted, if INO has a node. */
void node_renamed(struct node_table *t, vino_t ino, vino_t parent, const char *name);
/* Hands FN each name noted on a node whose inode is in chunk CHUNK, and forgets them (under the
 * table's lock). */
void node_take_names(struct node_table *t, unsigned chunk,
		     void (*fn)(const struct node *n, const struct node_name *nm, void *userdata), void *userdata);
void node_forget(struct node_table *t, vino_t ino, uint64_t n);
/* An open of INO (the node made if new) and its close, which drops the node when the kernel
 * holds no lookup of it either. Callers hold volume_lock: nopen, file, written and
 * last_write_ms change only under it. */
struct node *node_open(struct node_table *t, vino_t ino);
void node_close(struct node_table *t, struct node *n);
/* The node of INO if the table has it (callers hold volume_lock, so an open one stays). */
struct node *node_find(struct node_table *t, vino_t ino);
/* The size of the vfile INO is open with, if it is open (callers hold volume_lock, shared or
 * not, under which vfiles are opened and closed): true and *SIZE. Takes the table's lock, then
 * the node's io_lock, so never call it inside a shared section (which may hold a chunk's
 * io_lock that a write holding the node's waits for). */
bool node_file_size(struct node_table *t, vino_t ino, uint64_t *size);
/* Whether INO's node is stale (an online repair removed its inode while it was open). */
bool node_is_stale(struct node_table *t, vino_t ino);
/* Whether INO is open, read under the table's lock (a node not open may go at any forget). */
bool node_is_open(struct node_table *t, vino_t ino);
/* Calls FN on every node (under the table's lock). */
void node_for_each(struct node_table *t, void (*fn)(struct node *n, void *userdata), void *userdata);

/* flusher.c: flushes idle chunks and marks them CLEAN, every commit_s seconds; and at once when
 * a chunk is marked DAMAGED in use (chunkfs_damage_met), records it and tells chunkscrubd. */
void chunkfs_damage_met(unsigned id, void *userdata);
int flusher_start(struct chunkfs *fs);
void flusher_stop(struct chunkfs *fs);
/* Commits every open file's pending changes (under volume_lock). */
int chunkfs_commit_files(struct chunkfs *fs);
/* One round: commits the files, marks the chunks idle for commit_s CLEAN. */
int chunkfs_flush_idle(struct chunkfs *fs);

/* control.c: the control channel, started once the mount serves and stopped before the volume
 * closes (it waits for the requests under way; a check is cancelled). */
int control_start(struct chunkfs *fs, const char *mountpoint);
void control_stop(struct chunkfs *fs);

/* notify.c: tells chunkscrubd over the system bus that chunk ID is damaged (ReportDamage), so
 * that it checks and, with auto_repair, repairs it through this mount at once. */
void notify_damage(struct chunkfs *fs, unsigned id);

/* attr.c */
void vstat_to_stat(const struct chunkfs *fs, const struct vstat *vs, struct stat *st);
/* volume_stat, with the size of the file's open vfile when it has one (under volume_lock). */
int chunkfs_vstat(struct chunkfs *fs, vino_t ino, struct vstat *vs);
/* That size alone, for a stat made in a shared section (after it ends, volume_lock held). */
void chunkfs_open_size(struct chunkfs *fs, vino_t ino, struct vstat *vs);
int chunkfs_stat(struct chunkfs *fs, vino_t ino, struct stat *st);
/* The reply to a lookup-like request for INO with attributes VS. */
void chunkfs_entry_param(const struct chunkfs *fs, vino_t ino, const struct vstat *vs, struct fuse_entry_param *e);
/* Called with volume_lock held; releases it before replying. PARENT and NAME: the name the
 * kernel will cache. */
void chunkfs_reply_entry(fuse_req_t req, struct chunkfs *fs, vino_t parent, const char *name, vino_t ino, int r);
/* The same with INO's attributes VS already read (R == 0). */
void chunkfs_reply_entry_vs(fuse_req_t req, struct chunkfs *fs, vino_t parent, const char *name, vino_t ino,
			    struct vstat *vs, int r);
