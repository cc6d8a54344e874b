/* When was a chunk last used? Polled by the manager; cheap (one stat or one small read). */
#include <errno.h>
#include <inttypes.h>
#include <libudev.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "chunkscrubd/idle.h"
#include "libchunk/base/macro.h"

static int read_device_ios(const char *stat_path, uint64_t *ret)
{
	unsigned long long f[17] = {};
	FILE *fp = fopen(stat_path, "re");
	int n;

	if (!fp)
		return -errno;
	/* Documentation/block/stat.rst: reads(0) ... writes(4) ... in_flight(8) ... discards(11) */
	n = fscanf(fp, "%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
		   &f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6], &f[7], &f[8], &f[9], &f[10], &f[11]);
	fclose(fp);
	if (n < 11)
		return -EBADMSG;
	*ret = f[0] + f[4] + f[8] + (n >= 12 ? f[11] : 0);
	return 0;
}

static int64_t file_stamp(const struct stat *st)
{
	return MAX((int64_t)st->st_mtime, (int64_t)st->st_atime);
}

int idle_tracker_init(struct idle_tracker *t, struct udev *udev, const char *path, int64_t now)
{
	struct stat st;

	*t = (struct idle_tracker) { .last_activity = now };
	if (!path || stat(path, &st) < 0)
		return 0;
	if (S_ISBLK(st.st_mode) && udev) {
		struct udev_device *d = udev_device_new_from_devnum(udev, 'b', st.st_rdev);
		const char *sys = d ? udev_device_get_syspath(d) : NULL;

		if (sys && asprintf(&t->stat_path, "%s/stat", sys) < 0)
			t->stat_path = NULL;
		if (d)
			udev_device_unref(d);
		if (t->stat_path)
			read_device_ios(t->stat_path, &t->ios);
		return 0;
	}
	t->image_path = strdup(path);
	t->file_stamp = file_stamp(&st);
	t->last_activity = MIN(t->file_stamp, now);
	return t->image_path ? 0 : -ENOMEM;
}

void idle_tracker_done(struct idle_tracker *t)
{
	free(t->stat_path);
	free(t->image_path);
	*t = (struct idle_tracker) {};
}

void idle_tracker_poll(struct idle_tracker *t, int64_t now)
{
	if (t->stat_path) {
		uint64_t ios;

		if (read_device_ios(t->stat_path, &ios) == 0 && ios != t->ios) {
			t->ios = ios;
			t->last_activity = now;
			t->changed = true;
		}
	} else if (t->image_path) {
		struct stat st;

		if (stat(t->image_path, &st) == 0 && file_stamp(&st) != t->file_stamp) {
			t->file_stamp = file_stamp(&st);
			t->last_activity = MIN(t->file_stamp, now);
			t->changed = true;
		}
	}
}

bool idle_tracker_is_idle(const struct idle_tracker *t, int64_t now, uint64_t idle_after)
{
	return now - t->last_activity >= (int64_t)idle_after;
}

void idle_tracker_note_mount_use(struct idle_tracker *t, int64_t used, int64_t now)
{
	if (used <= t->mount_use)
		return;
	t->mount_use = used;
	t->last_activity = MAX(t->last_activity, MIN(used, now));
	t->changed = true;
}

void idle_tracker_rebase(struct idle_tracker *t, int64_t now)
{
	int64_t before = t->last_activity;

	idle_tracker_poll(t, now);
	t->last_activity = before;
	/* A job through the mount used the chunk there too. */
	t->mount_use = MAX(t->mount_use, now);
	t->changed = false;
}

bool idle_tracker_take_changed(struct idle_tracker *t)
{
	bool c = t->changed;

	t->changed = false;
	return c;
}
