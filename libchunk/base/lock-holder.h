/* Who holds a flock: a refusal with "in use" can name the chunkfs process in the way, and a
 * command told to wait for a lock can say what it waits for. */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The process (other than this one) /proc/locks lists as holding a flock on the file FD is
 * open on: 1 and "COMM (pid N)" in BUF, 0 when none is found (or /proc/locks is unreadable). */
int lock_holder(int fd, char *buf, size_t size);

struct lock_holder {
	pid_t pid;
	char comm[64];   /* its /proc/PID/comm, "" unreadable */
	/* Its job note, when it has one: job JOB, the KIND ("scrub", "repair") of chunk CHUNK of
	 * the volume the daemon calls VOLUME. */
	bool has_job;
	unsigned job, chunk;
	char kind[16], volume[96];
};

/* The same, with the holder's job note: 1 and *RET filled, 0 when no holder is found. */
int lock_holder_find(int fd, struct lock_holder *ret);
/* Of every process holding a flock on FD's file, shared ones included, one whose job note says
 * it runs a job on chunk CHUNK (not on a neighbour whose check reads the file): 1 and *RET
 * filled, 0 when none. */
int lock_holder_find_job(int fd, unsigned chunk, struct lock_holder *ret);

/* A job note says which job a process (a job of chunkscrubd) runs, so that whoever finds a
 * chunk locked by it can name the job: one line "START JOB KIND CHUNK VOLUME" in
 * $CHUNKFS_RUN_DIR/jobs/PID (chunkfs_run_dir), START being when the process started (proc(5),
 * /proc/PID/stat field 22), written by the process itself before it takes any lock, removed by
 * whoever reaps it. A file, so that libchunk names the job without asking the daemon on the
 * bus. A note is read only while process PID lives and started at START: a note left behind
 * (a daemon killed before it reaped its job) names no later process that gets the pid. */
int lock_holder_note_job(unsigned job, const char *kind, unsigned chunk, const char *volume);
void lock_holder_note_remove(pid_t pid);
/* Removes the notes left behind: each whose process is gone or is another process than the one
 * that wrote it. A note of a living job is kept, whichever daemon runs it. Returns how many
 * were removed, or -errno when the directory cannot be read. */
int lock_holder_note_sweep(void);

/* For the unit test: the pid in a /proc/locks TEXT holding a FLOCK on device MAJOR:MINOR,
 * inode INO, other than SELF; 0 when none. */
pid_t lock_holder_parse(const char *text, unsigned major, unsigned minor, ino_t ino, pid_t self);
