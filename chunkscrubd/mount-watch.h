/* The chunkfs mounts of the system, watched: /proc/self/mountinfo is polled for the kernel's
 * POLLPRI, which it raises on every change to the mount table, and each change reads the table
 * again and hands its fuse.chunkfs mounts to a callback. */
#pragma once
#include <stddef.h>
#include <systemd/sd-event.h>

#include "libchunk/base/mounts.h"

#define MOUNT_WATCH_FSTYPE "fuse.chunkfs"

struct mount_watch;

/* The chunkfs mounts there are now, every one of them, in the table's order. */
typedef void (*mount_watch_fn)(const struct mount_entry *mounts, size_t n, void *userdata);

int mount_watch_new(sd_event *event, mount_watch_fn fn, void *userdata, struct mount_watch **ret);
void mount_watch_free(struct mount_watch *w);
/* Reads the table now and calls the callback, changed or not. */
int mount_watch_rescan(struct mount_watch *w);
