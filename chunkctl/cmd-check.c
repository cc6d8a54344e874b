/* Placeholder until the owning issue lands; replaced wholesale. */
#include "chunkctl/chunkctl.h"
int cmd_check(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
int cmd_repair(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
