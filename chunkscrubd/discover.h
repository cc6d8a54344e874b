/* Discovery of mounted volumes: each chunkfs mount that no volume of the daemon covers is
 * offered to the manager, as a volume to scrub, once its control channel answers; each change
 * of the mount table is told to it, so that it drops the volumes whose mount went. Below the
 * manager: it talks back through struct discovery_callbacks. */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <systemd/sd-event.h>

#include "libchunk/base/mounts.h"

struct discovery;

/* What discovery asks and tells; each gets the userdata given to discovery_new(). */
struct discovery_callbacks {
	/* The chunkfs mounts there are now, after every change of the mount table. */
	void (*mounts_changed)(const struct mount_entry *mounts, size_t n, void *userdata);
	/* Whether a volume of the daemon is already the one mounted from FILE, with UUID. */
	bool (*covered)(const char *file, const unsigned char uuid[16], void *userdata);
	/* Whether a volume of the daemon is called NAME. */
	bool (*name_taken)(const char *name, void *userdata);
	/* A mount to scrub from now on, as volume NAME: 0, or -errno to be asked again later. */
	int (*found)(const char *name, const char *file, const char *point, void *userdata);
};

/* Watches the mount table on EVENT, and looks at it at once. */
int discovery_new(sd_event *event, const struct discovery_callbacks *callbacks, void *userdata,
		  struct discovery **ret);
void discovery_free(struct discovery *d);
/* Every mount is looked at anew (what covers a mount changed: a reload). */
void discovery_rescan(struct discovery *d);

/* The name of a volume found mounted at POINT: POINT without its leading '/', each '/' a '-'
 * and each character a [volume:NAME] may not have a '_' (/srv/home: srv-home); the volume's
 * UUID when that name is empty, longer than 64, or TAKEN. malloc'd, NULL out of memory. */
char *discovery_name(const char *point, const unsigned char uuid[16],
		     bool (*taken)(const char *name, void *userdata), void *userdata);
