/* Talking to the mount of a volume through its control channel (chunkfs/control.c,
 * docs/MOUNT.md): one JSON request a connection, one JSON reply. */
#pragma once
#include <json-c/json.h>

struct volume;

/* Where V is mounted by chunkfs: 1 and a malloc'd *RET, 0 when it is not, -errno. */
int mount_client_where(struct volume *v, char **ret);
/* Sends REQ to the mount of V and returns its reply in *RET (an object; one with "error" is the
 * mount's refusal, in words). -errno when the channel cannot be reached: the message, naming
 * the socket, is printed. */
int mount_client_request(struct volume *v, struct json_object *req, struct json_object **ret);
