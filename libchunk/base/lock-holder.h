/* Who holds a flock: a refusal with "in use" can name the chunkfs process in the way, and a
 * command told to wait for a lock can say what it waits for. */
#pragma once
#include <stddef.h>
#include <sys/types.h>

/* The process (other than this one) /proc/locks lists as holding a flock on the file FD is
 * open on: 1 and "COMM (pid N)" in BUF, 0 when none is found (or /proc/locks is unreadable). */
int lock_holder(int fd, char *buf, size_t size);

/* For the unit test: the pid in a /proc/locks TEXT holding a FLOCK on device MAJOR:MINOR,
 * inode INO, other than SELF; 0 when none. */
pid_t lock_holder_parse(const char *text, unsigned major, unsigned minor, ino_t ino, pid_t self);
