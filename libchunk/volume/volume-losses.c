/* The files repairs of a chunk named as lost or moved, as `chunkctl status` shows them and
 * the admin acknowledges them: chunk/losses.c's list, for one chunk of a volume. */
#include <errno.h>
#include <string.h>

#include "libchunk/chunk/chunk-open.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/losses.h"
#include "libchunk/volume/volume.h"

int volume_chunk_losses(struct volume *v, unsigned id, struct record_losses *ret)
{
	struct chunk *c;
	int r;

	memset(ret, 0, sizeof(*ret));
	if (id >= volume_chunk_count(v))
		return -EINVAL;
	r = volume_chunk(v, id, &c);
	return r < 0 ? r : chunk_losses_read(c, ret);
}

int volume_chunk_losses_ack(struct volume *v, unsigned id)
{
	struct chunk *c;
	int r;

	if (id >= volume_chunk_count(v))
		return -EINVAL;
	r = volume_chunk(v, id, &c);
	if (r < 0)
		return r;
	if (c->damaged)
		return -EROFS;
	r = chunk_make_writable(c);
	return r < 0 ? r : chunk_losses_clear(c);
}
