/* Idle detection for one chunk. An image file is active while its mtime/atime move; a block
 * device while the I/O counters in its sysfs "stat" file move (found through libudev). */
#pragma once
#include <stdbool.h>
#include <stdint.h>

struct udev;

struct idle_tracker {
	char *stat_path;        /* /sys/.../stat for a block device, NULL for an image file */
	char *image_path;
	uint64_t ios;           /* last seen reads + writes + discards of the device */
	int64_t file_stamp;     /* last seen max(mtime, atime) of the image */
	int64_t last_activity;  /* Unix seconds of the last activity seen */
	int64_t mount_use;      /* the last use the chunk's mount reported (Unix seconds), 0 none */
	bool changed;           /* activity since the last idle_tracker_take_changed() */
};

/* path: the chunk's image or device; a missing path leaves the tracker unarmed. */
int idle_tracker_init(struct idle_tracker *t, struct udev *udev, const char *path, int64_t now);
void idle_tracker_done(struct idle_tracker *t);
void idle_tracker_poll(struct idle_tracker *t, int64_t now);
bool idle_tracker_is_idle(const struct idle_tracker *t, int64_t now, uint64_t idle_after);
/* What the mount of the chunk's volume reports: the last time one of its operations used the
 * chunk (Unix seconds). Exact where the image's times are not: a read moves no mtime, and an
 * atime only once a day under relatime. */
void idle_tracker_note_mount_use(struct idle_tracker *t, int64_t used, int64_t now);
/* Forget activity caused by our own job on the chunk: what is seen now is the new baseline. */
void idle_tracker_rebase(struct idle_tracker *t, int64_t now);
bool idle_tracker_take_changed(struct idle_tracker *t);
