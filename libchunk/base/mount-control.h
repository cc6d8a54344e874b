/* The client end of a chunkfs mount's control channel (docs/MOUNT.md): one JSON request a
 * connection, one JSON reply, on the socket mount_control_path() names. */
#pragma once
#include <signal.h>
#include <stddef.h>

struct json_object;

/* Sends REQ to the mount of the volume with UUID and returns its reply in *RET (an object; one
 * with "error" is the mount's refusal, in words). -errno when the channel cannot be reached or
 * answers nothing a client can read (-EPROTO, -ECONNRESET: the mount went away); WHERE (when
 * not NULL) gets the socket's path. A signal that sets *CANCEL (when not NULL) ends the wait,
 * -ECANCELED; what the mount was asked to do goes on there. */
int mount_control_request(const unsigned char uuid[16], struct json_object *req, struct json_object **ret,
			  char *where, size_t where_size, const volatile sig_atomic_t *cancel);
/* The same, giving up after TIMEOUT_MS without an answer (-ETIMEDOUT): for a status, which
 * waits for the mount's lock, from a caller that must not stall (the daemon's event loop). */
int mount_control_request_timeout(const unsigned char uuid[16], struct json_object *req, struct json_object **ret,
				  unsigned timeout_ms);
