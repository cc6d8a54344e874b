/* Telling chunkscrubd, over the system bus, that a chunk was found damaged in use: the mount
 * knows at once, and the daemon then checks (and with auto_repair repairs) the chunk through
 * the mount's control channel, instead of finding it at its next scrub. */
#include <errno.h>
#include <string.h>
#include <syslog.h>
#include <systemd/sd-bus.h>

#include "chunkfs/chunkfs.h"
#include "chunkscrubd/bus-api.h"
#include "libchunk/base/errors.h"

#define CALL_TIMEOUT_USEC (5 * 1000000ULL)

void notify_damage(struct chunkfs *fs, unsigned id)
{
	sd_bus *bus = NULL;
	sd_bus_error error = SD_BUS_ERROR_NULL;
	int r = sd_bus_open_system(&bus);

	if (r >= 0)
		r = sd_bus_set_method_call_timeout(bus, CALL_TIMEOUT_USEC);
	if (r >= 0)
		r = sd_bus_call_method(bus, BUS_NAME, BUS_PATH, BUS_MANAGER_INTERFACE, BUS_METHOD_REPORT_DAMAGE, &error,
				       NULL, "su", volume_path(fs->volume), id);
	if (r < 0)
		chunk_log(LOG_WARNING, "%s (chunk %u): marked DAMAGED; chunkscrubd was not told (%s): repair it with "
			  "chunkctl -V %s repair %u", fs->opt.volume, id,
			  sd_bus_error_is_set(&error) ? error.message : strerror(-r), fs->opt.volume, id);
	else
		chunk_log(LOG_INFO, "%s (chunk %u): marked DAMAGED; chunkscrubd was told", fs->opt.volume, id);
	sd_bus_error_free(&error);
	sd_bus_flush_close_unref(bus);
}
