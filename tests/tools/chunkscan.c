/* chunkscan IMAGE CHUNK: every cross-chunk reference found by reading all continuation and head
 * records of one chunk image (not its index), one line each in the form `chunkctl refs` prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/chunk-open.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/index-rebuild.h"
#include "libchunk/chunk/index.h"

static int print_ref(void *userdata, unsigned peer, const struct index_ref *x)
{
	unsigned self = *(unsigned *)userdata;

	printf("  %-4s %-3s %u:%u (gen %u) %s %u:%u (gen %u)\n", x->kind == REF_DIR ? "dir" : "file",
	       x->dir == REF_OUT ? "out" : "in", self, x->local_ino, x->local_gen, x->dir == REF_OUT ? "->" : "<-",
	       peer, x->peer_ino, x->peer_gen);
	return 0;
}

int main(int argc, char **argv)
{
	struct chunk *c;
	unsigned id;
	int r;

	if (argc != 3) {
		fprintf(stderr, "usage: chunkscan IMAGE CHUNK\n");
		return 2;
	}
	id = (unsigned)atoi(argv[2]);
	r = chunk_open(argv[1], id, NULL, 0, 0, &c);
	if (r < 0)
		return 1;
	r = chunk_index_scan_records(c, print_ref, &id);
	chunk_close(c);
	return r < 0 ? 1 : 0;
}
