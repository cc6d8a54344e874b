/* Placeholder until the owning issue lands; replaced wholesale. */
#include "chunkctl/chunkctl.h"
int cmd_cref(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
