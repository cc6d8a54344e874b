/* The report of one chunk's check or repair: what each pass found, what was done about it,
 * and which files lost data, named by path. The struct is libchunk's;
 * programs print, serialise and free it. */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "libchunk/base/fsck-result.h"
#include "libchunk/format/record.h"
#include "libchunk/volume/volume.h"

struct iovec;
struct json_object;

enum finding_action {
	FINDING_LEFT,         /* seen, not changed (a check, or a repair that could not) */
	FINDING_FIXED,        /* corrected in place */
	FINDING_QUARANTINED,  /* moved into /lost+found with its data */
	FINDING_DELETED,      /* removed (only with --orphans=delete) */
	FINDING_HOLED,        /* a range of a file is lost (marked, reads as EIO), or a directory's
				 part with its entries: data lost */
};

struct finding {
	const char *pass;     /* "e2fsck", "records", "links", "index", "pointers", "names", "sizes" */
	char *problem;        /* what is wrong, in words */
	vino_t ino;           /* the volume inode concerned, 0 if none */
	char *path;           /* its path in the volume, if known */
	enum finding_action action;
	char *done;           /* what was done, in words (NULL while FINDING_LEFT) */
	uint64_t bytes_lost;  /* FINDING_HOLED: how much */
	char *moved_to;       /* FINDING_QUARANTINED: its path in the volume now */
	bool gone;            /* FINDING_HOLED: the whole file, its inode lost (LOSS_GONE) */
};

struct chunk_check_report {
	unsigned chunk;
	char *chunk_path;
	bool repair;
	int result;           /* fsck(8) code */
	int e2fsck_status;    /* -1 if e2fsck did not run */
	unsigned e2fsck_runs; /* e2fsck runs, the re-check's included */
	char *e2fsck_output;
	char *error;          /* the operational error that stopped the check, if any */
	double seconds;
	double e2fsck_seconds;   /* of that, in e2fsck (the first run; a repair's re-check is apart) */
	double pass_seconds;     /* of that, in the cross-chunk pass (passes 1-6, first round) */
	double recheck_seconds;  /* of that, in a repair's re-check (e2fsck -fn and the passes) */
	bool online;             /* checked while mounted (volume_check_chunk_online) */
	bool e2fsck_unlocked;    /* a repair's e2fsck ran beside the caller's work (e2fsck_unlocked) */
	double hold_seconds;     /* online: how long the check held the mount's lock, in all */
	double longest_hold_seconds; /* online: the longest of those holds */
	uint64_t refs_checked;   /* cross-chunk references verified, both ends */
	unsigned refs_unverified; /* not verified: the chunk at their other end was unavailable
				     (missing, another volume's, in use, not opening) */
	unsigned peers_read;     /* peer index entries read */
	unsigned peers_unread;   /* chunks K names no reference with that could not be opened to
				    see whether they reference K (references an older copy of K
				    forgot would go unseen there) */
	bool fallback_peers;     /* K's own metadata was unusable: rebuilt from the peers' */
	struct finding *findings;
	size_t nfindings;
};

struct chunk_check_report *chunk_check_report_new(unsigned chunk, const char *path, bool repair);
/* Adds a problem found by PASS; returns it so the caller can say what was done. NULL on ENOMEM
 * (the report then simply lacks the line; the counts stay right). */
struct finding *chunk_check_report_add(struct chunk_check_report *r, const char *pass, vino_t ino,
				       const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void finding_set_action(struct finding *f, enum finding_action a, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void finding_set_path(struct finding *f, const char *path);
/* F quarantined: QUARANTINED, with what was done in words, and where it is now, a path of the
 * volume (/lost+found/...) made of PREFIX and NAME. */
void finding_set_moved(struct finding *f, const char *prefix, const char *name);
/* Same, taking ownership of a malloc'd PATH (freed if F is NULL). */
void finding_take_path(struct finding *f, char *path);
void chunk_check_report_set_error(struct chunk_check_report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

unsigned chunk_check_report_found(const struct chunk_check_report *r);   /* problems */
unsigned chunk_check_report_fixed(const struct chunk_check_report *r);   /* problems dealt with */
unsigned chunk_check_report_left(const struct chunk_check_report *r);    /* still there */
const char *finding_action_to_string(enum finding_action a);

/* The files a repair named as lost (data, or a directory part's entries) or moved into
 * /lost+found: its findings HOLED and QUARANTINED. */
bool finding_is_loss(const struct finding *f);
enum loss_kind finding_loss_kind(const struct finding *f);
/* Those files as a losses record (libchunk/chunk/losses.h keeps it): ENTRIES are allocated,
 * their paths are R's (free ret->entries alone, not with record_losses_done). */
int chunk_check_report_losses(const struct chunk_check_report *r, struct record_losses *ret);

/* The list of a chunk's losses as JSON ({"count", "last", "files": [{"path", "ino", "loss",
 * "bytes_lost", "moved_to"}], "more"}), as status shows it and the mount hands it over; and
 * back (free with record_losses_done; -EBADMSG when O is not such a list). */
struct json_object *chunk_losses_to_json(const struct record_losses *l);
int chunk_losses_from_json(struct json_object *o, struct record_losses *ret);

/* The journal entries of a repair, for programs that log to the journal (libchunk itself does
 * not): one per file named as lost or moved (MESSAGE_ID CHUNK_MESSAGE_FILE_LOST, with
 * CHUNKFS_PATH, CHUNKFS_LOSS, CHUNKFS_BYTES_LOST, CHUNKFS_INODE), then one summary of the repair
 * (CHUNK_MESSAGE_REPAIR_SUMMARY), each with CHUNKFS_VOLUME=VOLUME, CHUNKFS_CHUNK and
 * SYSLOG_IDENTIFIER=IDENTIFIER, handed to SEND (sd_journal_sendv). A check sends nothing.
 * Returns 0, or the first error SEND returned. */
#define CHUNK_MESSAGE_FILE_LOST      "be30b251f2384ae98bac56219762c0fb"
#define CHUNK_MESSAGE_REPAIR_SUMMARY "70cf91ee5b4e40ed975dc118b07425d4"
typedef int (*chunk_journal_send_fn)(const struct iovec *iov, int n);
int chunk_check_report_journal(const struct chunk_check_report *r, const char *identifier, const char *volume,
			       chunk_journal_send_fn send);

/* For programs: the report as text; as one JSON object, built with json-c (NULL when out of
 * memory); as a malloc'd line of JSON text, with no raw newline in it; and freed. */
void chunk_check_report_print(const struct chunk_check_report *r, FILE *f);
struct json_object *chunk_check_report_to_json(const struct chunk_check_report *r);
char *chunk_check_report_json(const struct chunk_check_report *r);
void chunk_check_report_free(struct chunk_check_report *r);
