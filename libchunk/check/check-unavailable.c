/* The chunks a check of K could not read: missing, refused for who they are (a chunk of
 * another volume, a copy of a sibling, a chunk in the wrong place), in use, or not opening at
 * all. Such a chunk is unavailable, not a peer that lost everything: what touches it is left
 * as it is at both ends, nothing is written to it, and K's check is unfinished (8, check.c:
 * outcome), so K is not marked DAMAGED for what it could not see. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check/check-pass.h"

void check_peer_unavailable(struct check_ctx *x, unsigned chunk, int err)
{
	if (chunk < volume_chunk_count(x->v) && !x->unavailable[chunk])
		x->unavailable[chunk] = err < 0 ? err : -EIO;
}

unsigned check_unavailable_count(const struct check_ctx *x)
{
	unsigned n = 0;

	for (unsigned i = 0; i < volume_chunk_count(x->v); i++)
		n += x->unavailable[i] != 0;
	return n;
}

char *check_unavailable_text(const struct check_ctx *x)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	const char *sep = "";

	if (!f)
		return NULL;
	for (unsigned i = 0; i < volume_chunk_count(x->v); i++) {
		char buf[256];
		if (!x->unavailable[i])
			continue;
		fprintf(f, "%schunk %u %s", sep, i, volume_unavailable_reason(i, x->unavailable[i], buf, sizeof(buf)));
		sep = "; ";
	}
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}
