/* The client end of a mount's control channel (mount-client.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/mount-client.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/mount-control.h"
#include "libchunk/base/mounts.h"
#include "libchunk/volume/volume.h"

int mount_client_where(struct volume *v, char **ret)
{
	return volume_mount_point(v, ret);
}

int mount_client_request(struct volume *v, struct json_object *req, struct json_object **ret)
{
	char path[4096] = "";
	uuid_t uuid = { 0 };
	int r;

	volume_uuid(v, uuid);
	r = mount_control_request(uuid, req, ret, path, sizeof(path), NULL);
	if (r == -EPROTO || r == -ECONNRESET)
		return ctl_error("%s: no answer from the mount on %s", volume_path(v), path), r;
	if (r < 0)
		return ctl_error("%s: cannot reach the mount's control channel %s: %s", volume_path(v), path,
				 strerror(-r)), r;
	return 0;
}
