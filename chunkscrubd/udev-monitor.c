/* The libudev monitor ("udev" events, after udevd's rules ran, so ID_FS_UUID is known) as an
 * sd-event I/O source. Without a running udevd no events come, and nothing breaks. */
#include <errno.h>
#include <libudev.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-event.h>

#include "chunkscrubd/log.h"
#include "chunkscrubd/udev-monitor.h"

struct udev_monitor_source {
	udev_device_event_fn on_event;
	void *userdata;
	struct udev_monitor *monitor;
	sd_event_source *io;
};

static int on_udev_event(sd_event_source *s, int fd, uint32_t revents, void *userdata)
{
	struct udev_monitor_source *u = userdata;
	struct udev_device *d;

	while ((d = udev_monitor_receive_device(u->monitor))) {
		const char *action = udev_device_get_action(d);
		const char *node = udev_device_get_devnode(d);
		const char *uuid = udev_device_get_property_value(d, "ID_FS_UUID");

		log_debug("udev: %s %s %s", action ?: "?", node ?: "?", uuid ?: "-");
		if (action && (!strcmp(action, "add") || !strcmp(action, "remove") || !strcmp(action, "change")))
			u->on_event(action, node, uuid, u->userdata);
		udev_device_unref(d);
	}
	return 0;
}

int udev_monitor_source_new(struct udev *udev, sd_event *event, udev_device_event_fn on_event,
			    void *userdata, struct udev_monitor_source **ret)
{
	struct udev_monitor_source *u;
	int r;

	if (!udev)
		return -ENOMEM;
	u = calloc(1, sizeof(*u));
	if (!u)
		return -ENOMEM;
	u->on_event = on_event;
	u->userdata = userdata;
	u->monitor = udev_monitor_new_from_netlink(udev, "udev");
	if (!u->monitor) {
		udev_monitor_source_free(u);
		return -errno ?: -EIO;
	}
	udev_monitor_filter_add_match_subsystem_devtype(u->monitor, "block", NULL);
	r = udev_monitor_enable_receiving(u->monitor);
	if (r >= 0)
		r = sd_event_add_io(event, &u->io, udev_monitor_get_fd(u->monitor), EPOLLIN, on_udev_event, u);
	if (r < 0) {
		udev_monitor_source_free(u);
		return r;
	}
	*ret = u;
	return 0;
}

void udev_monitor_source_free(struct udev_monitor_source *u)
{
	if (!u)
		return;
	sd_event_source_disable_unref(u->io);
	if (u->monitor)
		udev_monitor_unref(u->monitor);
	free(u);
}
