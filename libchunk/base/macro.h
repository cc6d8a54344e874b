/* Cleanup attributes and small macros used everywhere (after systemd's macro-fundamental.h). */
#pragma once
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#define _cleanup_(f) __attribute__((cleanup(f)))
#define _unused_ __attribute__((unused))
#define ELEMENTSOF(a) (sizeof(a) / sizeof((a)[0]))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

static inline void freep(void *p) { free(*(void **)p); }
#define _cleanup_free_ _cleanup_(freep)

static inline void closep(int *fd)
{
	if (*fd >= 0)
		close(*fd);
}
#define _cleanup_close_ _cleanup_(closep)

/* Give up ownership of a _cleanup_ pointer: return it and leave NULL behind. */
#define TAKE_PTR(p) ({ __typeof__(p) _t = (p); (p) = NULL; _t; })
#define TAKE_FD(fd) ({ int _t = (fd); (fd) = -1; _t; })
