/* Placeholder until the owning issue lands; replaced wholesale. */
#include "chunkctl/chunkctl.h"
int cmd_status(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
int cmd_scrub(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
int cmd_cancel(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
int cmd_pause(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
int cmd_resume(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
