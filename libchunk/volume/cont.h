/* Continuations: an inode's chain of continuation inodes in other chunks. The head carries
 * the forward pointers (trusted.chunkfs.head), each continuation its back pointer
 * (trusted.chunkfs.cont); both are listed in the two chunks' indexes. */
#pragma once
#include <stdbool.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/cont-record.h"
#include "libchunk/format/record.h"

struct volume;

/* Confirms forward pointer TO from head FROM: the continuation exists with that generation and
 * names FROM as its head. 0; -ESTALE: not confirmed, what was read says it is not there; any
 * other error (cont_unknown): -ENXIO chunk missing, or the chunk, inode or record could not be
 * read, and the continuation may well be there. */
int cont_confirm(struct volume *v, const struct chunk_ref *from, const struct chunk_ref *to,
		 struct record_cont *rec);
/* Whether chunk CHUNK can hold a continuation of a head in chunk HEAD_CHUNK: a chunk of the
 * volume, and not the head's own. A pointer anywhere else leads nowhere (cont_confirm gives
 * -ESTALE), whatever any chunk holds. */
bool cont_chunk_possible(struct volume *v, unsigned head_chunk, unsigned chunk);

static inline bool cont_unknown(int status)
{
	return status < 0 && status != -ESTALE;
}

/* Before a head lets go of its continuations (N of CONTS): each chunk holding one is marked
 * DIRTY, durably, so that a kill before cont_destroy() leaves the orphans in chunks that a
 * repair of the DIRTY ones covers. A missing or DAMAGED chunk is not written (its own repair
 * finds the orphan); any other error is returned before anything changed. */
int cont_mark_holders_dirty(struct volume *v, const struct chunk_ref *conts, unsigned n);

/* Before HEAD lets go of its continuations (N of CONTS) for good — its removal, or its last
 * link while it is open: the holders are marked DIRTY (as above), then each continuation that
 * names HEAD back gets CONT_FLAG_RELEASED, durably. A kill anywhere after this leaves every
 * continuation that outlives its head flagged, and a repair frees it instead of keeping it as
 * user data in /lost+found (a head that lives on ignores the flag, and its repair clears it). */
int cont_release_begin(struct volume *v, const struct chunk_ref *head, const struct chunk_ref *conts, unsigned n);

/* Makes a continuation of HEAD (kind REF_FILE or REF_DIR) in chunk TARGET, steps 1-3 of the
 * order in docs/FORMAT.md: both chunks DIRTY, the continuation with its back pointer, both
 * index entries, each durable. The caller commits by adding *ret to the head record. */
int cont_create(struct volume *v, const struct chunk_ref *head, int kind, unsigned target,
		const struct chunk_ref *prev, struct chunk_ref *ret);
/* Removes continuation CONT of HEAD once the forward pointer is gone: index entries, then
 * the inode (a directory continuation must be empty). */
int cont_destroy(struct volume *v, const struct chunk_ref *head, const struct chunk_ref *cont, int kind);
/* Appends CONT to head record H of HEAD and commits it (write + sync of the head's chunk). */
int cont_commit(struct volume *v, const struct chunk_ref *head, struct record_head *h, const struct chunk_ref *cont);
