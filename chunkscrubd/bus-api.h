/* chunkscrubd's D-Bus API (org.chunkfs.Scrub1.xml): the names, object paths, interfaces,
 * methods, signals and errors, shared by the daemon and by chunkctl, its client. */
#pragma once
#include <stdint.h>

#define BUS_NAME "org.chunkfs.Scrub1"
#define BUS_PATH "/org/chunkfs/Scrub1"
#define BUS_MANAGER_INTERFACE "org.chunkfs.Scrub1.Manager"
#define BUS_VOLUME_INTERFACE "org.chunkfs.Scrub1.Volume"
#define BUS_CHUNK_INTERFACE "org.chunkfs.Scrub1.Chunk"
#define BUS_VOLUME_PREFIX BUS_PATH "/volume"
#define BUS_CHUNK_PREFIX BUS_PATH "/chunk"

/* Methods and signals of the manager. */
#define BUS_METHOD_SCRUB "Scrub"
#define BUS_METHOD_REPAIR "Repair"
#define BUS_METHOD_CANCEL "Cancel"
#define BUS_METHOD_PAUSE "Pause"
#define BUS_METHOD_RESUME "Resume"
#define BUS_METHOD_RELOAD "Reload"
#define BUS_METHOD_REPORT_DAMAGE "ReportDamage"
#define BUS_SIGNAL_JOB_STARTED "JobStarted"
#define BUS_SIGNAL_JOB_FINISHED "JobFinished"

/* A chunk's Refs when they are not known: the chunk could not be opened (missing, damaged past
 * opening) or was read from its superblock alone (held by a mount). */
#define BUS_REFS_UNKNOWN UINT64_MAX

#define BUS_ERROR_NO_SUCH_VOLUME "org.chunkfs.Scrub1.Error.NoSuchVolume"
#define BUS_ERROR_NO_SUCH_CHUNK "org.chunkfs.Scrub1.Error.NoSuchChunk"
#define BUS_ERROR_NO_SUCH_JOB "org.chunkfs.Scrub1.Error.NoSuchJob"
#define BUS_ERROR_CHUNK_BUSY "org.chunkfs.Scrub1.Error.ChunkBusy"
#define BUS_ERROR_CHUNK_MISSING "org.chunkfs.Scrub1.Error.ChunkMissing"
#define BUS_ERROR_CONFIG "org.chunkfs.Scrub1.Error.BadConfig"
