/* mount_control_request: a request on a mount's control channel (mount-control.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include <json-c/json.h>

#include "libchunk/base/macro.h"
#include "libchunk/base/mount-control.h"
#include "libchunk/base/mounts.h"

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

static int send_all(int fd, const char *s, size_t len)
{
	while (len > 0) {
		ssize_t n = send(fd, s, len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		s += n;
		len -= (size_t)n;
	}
	return 0;
}

/* The whole reply: the mount closes the connection after it. */
static int read_reply(int fd, char **ret, const volatile sig_atomic_t *cancel)
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
		if (n < 0 && errno == EINTR && cancel && *cancel)
			return -ECANCELED;
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno == EAGAIN ? -ETIMEDOUT : -errno;
		if (n == 0)
			break;
		len += (size_t)n;
	}
	buf[len] = 0;
	*ret = TAKE_PTR(buf);
	return 0;
}

static int request(const unsigned char uuid[16], struct json_object *req, struct json_object **ret, char *where,
		   size_t where_size, const volatile sig_atomic_t *cancel, unsigned timeout_ms)
{
	char path[4096];
	_cleanup_close_ int fd = -1;
	_cleanup_free_ char *reply = NULL;
	const char *s = json_object_to_json_string_ext(req, JSON_C_TO_STRING_PLAIN);
	struct json_object *o;
	int r = mount_control_path(uuid, path, sizeof(path));

	if (where)
		snprintf(where, where_size, "%s", path);
	if (r < 0)
		return r;
	if (!s)
		return -ENOMEM;
	fd = connect_to(path);
	if (fd < 0)
		return fd;
	if (timeout_ms) {
		struct timeval tv = { .tv_sec = timeout_ms / 1000, .tv_usec = (timeout_ms % 1000) * 1000 };
		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
		setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	}
	r = send_all(fd, s, strlen(s));
	if (r == 0)
		r = send_all(fd, "\n", 1);
	if (r == 0)
		r = read_reply(fd, &reply, cancel);
	if (r < 0)
		return r;
	o = json_tokener_parse(reply);
	if (!o || !json_object_is_type(o, json_type_object)) {
		json_object_put(o);
		return -EPROTO;
	}
	*ret = o;
	return 0;
}

int mount_control_request(const unsigned char uuid[16], struct json_object *req, struct json_object **ret,
			  char *where, size_t where_size, const volatile sig_atomic_t *cancel)
{
	return request(uuid, req, ret, where, where_size, cancel, 0);
}

int mount_control_request_timeout(const unsigned char uuid[16], struct json_object *req, struct json_object **ret,
				  unsigned timeout_ms)
{
	return request(uuid, req, ret, NULL, 0, NULL, timeout_ms);
}
