/* chunkstate: a test tool that sets the state record of one chunk image, so that daemon tests
 * can stage DIRTY, DAMAGED and old "last check" chunks without crashing a writer.
 * Usage: chunkstate IMAGE clean|dirty|damaged [LAST_CHECK_UNIX [LAST_RESULT]] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/chunk-open.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/base/errors.h"
#include "libchunk/chunk/state.h"

int main(int argc, char **argv)
{
	struct chunk *c;
	enum chunk_state s;
	int r;

	if (argc < 3 || argc > 5) {
		fprintf(stderr, "Usage: chunkstate IMAGE clean|dirty|damaged [LAST_CHECK [LAST_RESULT]]\n");
		return 2;
	}
	if (!strcmp(argv[2], "clean"))
		s = CHUNK_CLEAN;
	else if (!strcmp(argv[2], "dirty"))
		s = CHUNK_DIRTY;
	else if (!strcmp(argv[2], "damaged"))
		s = CHUNK_DAMAGED;
	else {
		fprintf(stderr, "chunkstate: '%s' is not clean, dirty or damaged\n", argv[2]);
		return 2;
	}
	chunk_log_set_level(2); /* quiet: the chunk id is not known here, so identity checks would warn */
	r = chunk_open(argv[1], 0, NULL, 0, CHUNK_OPEN_RDWR | CHUNK_OPEN_NO_VERIFY, &c);
	if (r < 0) {
		fprintf(stderr, "chunkstate: %s: %s\n", argv[1], strerror(-r));
		return 1;
	}
	if (argc >= 4) {
		c->state.last_check = strtoll(argv[3], NULL, 10);
		c->state.last_result = argc >= 5 ? atoi(argv[4]) : 0;
	}
	c->damaged = s == CHUNK_DAMAGED;
	r = chunk_state_set(c, s);
	if (r < 0) {
		fprintf(stderr, "chunkstate: %s: cannot write the state: %s\n", argv[1], strerror(-r));
		chunk_close(c);
		return 1;
	}
	return chunk_close(c) < 0;
}
