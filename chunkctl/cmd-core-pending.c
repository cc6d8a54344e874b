#include "chunkctl/chunkctl.h"


int cmd_ls(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
int cmd_cat(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
int cmd_mkdir(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
int cmd_rm(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
int cmd_mv(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
int cmd_ln(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
int cmd_stat(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
int cmd_df(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
int cmd_refs(const struct ctl *ctl, int argc, char **argv) { return ctl_error("%s: not built yet", argv[0]); }
