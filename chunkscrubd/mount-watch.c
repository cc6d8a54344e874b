/* Watching the mount table for chunkfs mounts (see mount-watch.h). The table stays open: its
 * POLLPRI is per open file, raised when the table changed since that file last polled. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "chunkscrubd/log.h"
#include "chunkscrubd/mount-watch.h"
#include "libchunk/base/macro.h"

struct mount_watch {
	int fd;
	sd_event_source *source;
	mount_watch_fn fn;
	void *userdata;
};

int mount_watch_rescan(struct mount_watch *w)
{
	_cleanup_free_ char *text = NULL;
	struct mount_entry *mounts = NULL;
	size_t n = 0;
	int r;

	r = mountinfo_read(w->fd, &text);
	if (r >= 0)
		r = mountinfo_list(text, MOUNT_WATCH_FSTYPE, &mounts, &n);
	if (r < 0)
		return log_warning_errno(r, "Failed to read the mount table: %m");
	w->fn(mounts, n, w->userdata);
	mount_entries_free(mounts, n);
	return 0;
}

static int mount_watch_on_change(sd_event_source *s, int fd, uint32_t revents, void *userdata)
{
	mount_watch_rescan(userdata);
	return 0;
}

int mount_watch_new(sd_event *event, mount_watch_fn fn, void *userdata, struct mount_watch **ret)
{
	struct mount_watch *w = calloc(1, sizeof(*w));
	int r;

	if (!w)
		return -ENOMEM;
	*w = (struct mount_watch) { .fn = fn, .userdata = userdata };
	w->fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
	if (w->fd < 0) {
		r = -errno;
		free(w);
		return r;
	}
	/* The table reads as always readable; only POLLPRI (with POLLERR) says it changed. */
	r = sd_event_add_io(event, &w->source, w->fd, EPOLLPRI, mount_watch_on_change, w);
	if (r < 0) {
		mount_watch_free(w);
		return r;
	}
	*ret = w;
	return 0;
}

void mount_watch_free(struct mount_watch *w)
{
	if (!w)
		return;
	sd_event_source_disable_unref(w->source);
	if (w->fd >= 0)
		close(w->fd);
	free(w);
}
