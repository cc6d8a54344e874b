/* The client end of a mount's control channel (mount-client.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/mount-client.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/mounts.h"
#include "libchunk/volume/volume.h"

int mount_client_where(struct volume *v, char **ret)
{
	/* The mount names the volume file by its absolute path (its fsname). */
	_cleanup_free_ char *abs = realpath(volume_path(v), NULL);

	return abs ? mount_point_of("fuse.chunkfs", abs, ret) : -errno;
}

static int connect_to(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	_cleanup_close_ int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return -errno;
	if (strlen(path) >= sizeof(sa.sun_path))
		return -ENAMETOOLONG;
	strcpy(sa.sun_path, path);
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		return -errno;
	return TAKE_FD(fd);
}

/* The whole reply: the mount closes the connection after it. */
static int read_reply(int fd, char **ret)
{
	_cleanup_free_ char *buf = NULL;
	size_t len = 0, cap = 0;

	for (;;) {
		ssize_t n;
		if (len + 4096 + 1 > cap) {
			char *b = realloc(buf, cap = cap ? cap * 2 : 65536);
			if (!b)
				return -ENOMEM;
			buf = b;
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			break;
		len += (size_t)n;
	}
	if (!buf)
		return -EPROTO;
	buf[len] = 0;
	*ret = TAKE_PTR(buf);
	return 0;
}

int mount_client_request(struct volume *v, struct json_object *req, struct json_object **ret)
{
	char path[4096];
	_cleanup_close_ int fd = -1;
	_cleanup_free_ char *reply = NULL;
	const char *s = json_object_to_json_string_ext(req, JSON_C_TO_STRING_PLAIN);
	uuid_t uuid;
	struct json_object *o;
	int r;

	volume_uuid(v, uuid);
	r = mount_control_path(uuid, path, sizeof(path));
	if (r < 0)
		return ctl_error("%s: the mount's control channel: %s", volume_path(v), strerror(-r)), r;
	fd = connect_to(path);
	if (fd < 0)
		return ctl_error("%s: cannot reach the mount's control channel %s: %s", volume_path(v), path,
				 strerror(-fd)), fd;
	if (send(fd, s, strlen(s), MSG_NOSIGNAL) < 0 || send(fd, "\n", 1, MSG_NOSIGNAL) < 0)
		return ctl_error("%s: writing to %s: %m", volume_path(v), path), -errno;
	r = read_reply(fd, &reply);
	o = r == 0 ? json_tokener_parse(reply) : NULL;
	if (!o || !json_object_is_type(o, json_type_object)) {
		json_object_put(o);
		return ctl_error("%s: no answer from the mount on %s%s%s", volume_path(v), path, r < 0 ? ": " : "",
				 r < 0 ? strerror(-r) : ""), -EPROTO;
	}
	*ret = o;
	return 0;
}
