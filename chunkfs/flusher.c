/* The flusher: what ext4 does at each commit interval, chunk by chunk. Every commit_s
 * seconds it commits the files written since the last round and marks every chunk idle that
 * long CLEAN again, so after a crash only the chunks written in the last seconds are DIRTY
 * and need a check (chunkctl repair --dirty). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>

#include "chunkfs/chunkfs.h"
#include "chunkfs/ops.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"

struct commit_round {
	int r;
};

static void commit_one(struct node *n, void *userdata)
{
	struct commit_round *round = userdata;
	int r;

	if (!n->written || !n->file)
		return;
	r = vfile_sync(n->file);
	if (r < 0 && round->r == 0)
		round->r = r;
	if (r == 0)
		n->written = false;
}

int chunkfs_commit_files(struct chunkfs *fs)
{
	struct commit_round round = { 0 };

	/* Every written file, idle or not: a chunk marked CLEAN must not hold the half of a
	 * change whose other half (a head's range table) is still only in memory. */
	node_for_each(&fs->nodes, commit_one, &round);
	return round.r;
}

int chunkfs_flush_idle(struct chunkfs *fs)
{
	int r;

	chunkfs_lock(fs);
	volume_record_damage(fs->volume); /* logs what it cannot record */
	r = chunkfs_commit_files(fs);
	if (r == 0)
		r = volume_settle_idle(fs->volume, (uint64_t)fs->opt.commit_s * 1000);
	chunkfs_unlock(fs);
	if (r < 0)
		chunk_log(LOG_ERR, "%s: flushing idle chunks failed: %s", fs->opt.volume, strerror(-r));
	return r;
}

void chunkfs_damage_met(unsigned id, void *userdata)
{
	struct chunkfs *fs = userdata;

	pthread_mutex_lock(&fs->flusher_lock);
	if (fs->damage_pending && id < volume_chunk_count(fs->volume)) {
		fs->damage_pending[id] = true;
		fs->damage_any = true;
		pthread_cond_signal(&fs->flusher_wake);
	}
	pthread_mutex_unlock(&fs->flusher_lock);
}

/* The chunks marked DAMAGED since the last round, recorded on disk by the flush just done:
 * chunkscrubd is told of each (outside every lock: a bus call may take seconds). */
static void tell_damage(struct chunkfs *fs, const bool *pending)
{
	for (unsigned i = 0; i < volume_chunk_count(fs->volume); i++)
		if (pending[i])
			notify_damage(fs, i);
}

static void *flusher_main(void *userdata)
{
	struct chunkfs *fs = userdata;
	unsigned n = volume_chunk_count(fs->volume);
	_cleanup_free_ bool *pending = calloc(n ?: 1, sizeof(bool));

	pthread_mutex_lock(&fs->flusher_lock);
	while (!fs->stopping) {
		struct timespec until;
		bool damage;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += fs->opt.commit_s;
		if (!fs->damage_any)
			pthread_cond_timedwait(&fs->flusher_wake, &fs->flusher_lock, &until);
		if (fs->stopping)
			break;
		damage = fs->damage_any && pending;
		if (damage) {
			memcpy(pending, fs->damage_pending, n * sizeof(bool));
			memset(fs->damage_pending, 0, n * sizeof(bool));
		}
		fs->damage_any = false;
		pthread_mutex_unlock(&fs->flusher_lock);
		chunkfs_flush_idle(fs); /* records the damage on disk first */
		if (damage)
			tell_damage(fs, pending);
		pthread_mutex_lock(&fs->flusher_lock);
	}
	pthread_mutex_unlock(&fs->flusher_lock);
	return NULL;
}

int flusher_start(struct chunkfs *fs)
{
	int r;

	if (fs->opt.read_only || fs->opt.commit_s == 0)
		return 0;
	fs->damage_pending = calloc(volume_chunk_count(fs->volume) ?: 1, sizeof(bool));
	if (fs->damage_pending)
		volume_set_damage_hook(fs->volume, chunkfs_damage_met, fs);
	r = -pthread_create(&fs->flusher, NULL, flusher_main, fs);
	fs->flusher_started = r == 0;
	return r;
}

void flusher_stop(struct chunkfs *fs)
{
	if (!fs->flusher_started)
		return;
	pthread_mutex_lock(&fs->flusher_lock);
	fs->stopping = true;
	pthread_cond_signal(&fs->flusher_wake);
	pthread_mutex_unlock(&fs->flusher_lock);
	pthread_join(fs->flusher, NULL);
	fs->flusher_started = false;
	volume_set_damage_hook(fs->volume, NULL, NULL);
	pthread_mutex_lock(&fs->flusher_lock);
	free(fs->damage_pending);
	fs->damage_pending = NULL;
	pthread_mutex_unlock(&fs->flusher_lock);
}
