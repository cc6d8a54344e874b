/* chunkctl status: the files each chunk's repairs lost or moved (chunkctl/status-losses.c). */
#pragma once
#include "chunkctl/bus-client.h"

/* Through the daemon: each chunk's list read from the volume where the daemon says it is, as
 * offline. A chunk the caller may not read, or that a job or a mount holds, stays unknown. */
void status_read_daemon_losses(struct status *st);
/* Under the table: each chunk with files lost, until acknowledged (with -V VOLPATH, or where
 * the daemon says the volume is, in the command that acknowledges them). */
void status_print_losses(const struct status *st, const char *volpath);
