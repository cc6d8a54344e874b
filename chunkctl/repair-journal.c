/* A repair chunkctl ran itself (offline) goes to the journal too, as chunkscrubd's and the
 * mount's do: libchunk's entries, one per file lost or moved and a summary. The report on
 * stdout is for the admin at the terminal; the journal keeps it. */
#include <limits.h>
#include <stdlib.h>
#include <systemd/sd-journal.h>

#include "chunkctl/chunkctl.h"
#include "libchunk/base/macro.h"
#include "libchunk/check/report.h"

void ctl_journal_repair(const struct chunk_check_report *rep, const char *volume)
{
	_cleanup_free_ char *abs = volume ? realpath(volume, NULL) : NULL;

	/* Without a journal (no journald, a container) sd_journal_sendv fails; the report on
	 * stdout has said it all, so that is no error of the repair's. */
	chunk_check_report_journal(rep, "chunkctl", abs ? abs : volume ? volume : "?", sd_journal_sendv);
}
