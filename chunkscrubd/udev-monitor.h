/* Watches block devices through libudev: a chunk device that appears is looked at (and
 * scheduled if due), one that disappears is shown as missing. */
#pragma once
#include <systemd/sd-event.h>

struct udev;
struct udev_monitor_source;

/* A block device was added, removed or changed ("add", "remove", "change"); its node and its
 * file system's UUID may be NULL. */
typedef void (*udev_device_event_fn)(const char *action, const char *devnode, const char *fs_uuid,
				     void *userdata);

int udev_monitor_source_new(struct udev *udev, sd_event *event, udev_device_event_fn on_event,
			    void *userdata, struct udev_monitor_source **ret);
void udev_monitor_source_free(struct udev_monitor_source *s);
