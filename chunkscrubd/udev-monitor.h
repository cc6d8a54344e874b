/* Watches block devices through libudev: a chunk device that appears is looked at (and
 * scheduled if due), one that disappears is shown as missing. */
#pragma once

struct manager;
struct udev_monitor_source;

int udev_monitor_source_new(struct manager *m, struct udev_monitor_source **ret);
void udev_monitor_source_free(struct udev_monitor_source *s);
