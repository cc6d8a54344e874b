/* chunkfs VOL MOUNTPOINT [-o OPTIONS]: mounts a chunkfs volume (libfuse3, low level). */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <systemd/sd-journal.h>
#include <unistd.h>

#include "chunkfs/chunkfs.h"
#include "chunkfs/ops.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/version.h"

enum { KEY_HELP, KEY_VERSION, KEY_RO, KEY_NO_DEFAULT_PERMISSIONS };

struct parse {
	struct chunkfs_options opt;
	bool help, version, no_default_permissions;
	unsigned nonopts;
};

#define OPT(t, field, value) { t, offsetof(struct parse, opt.field), value }
static const struct fuse_opt option_spec[] = {
	OPT("commit=%u", commit_s, 0),
	OPT("uid=%d", uid, 0),
	OPT("gid=%d", gid, 0),
	OPT("entry_timeout=%lf", entry_timeout, 0),
	OPT("attr_timeout=%lf", attr_timeout, 0),
	OPT("writeback", writeback, 1),
	OPT("nowriteback", writeback, 0),
	FUSE_OPT_KEY("ro", KEY_RO),
	FUSE_OPT_KEY("nodefault_permissions", KEY_NO_DEFAULT_PERMISSIONS),
	FUSE_OPT_KEY("-h", KEY_HELP),
	FUSE_OPT_KEY("--help", KEY_HELP),
	FUSE_OPT_KEY("-V", KEY_VERSION),
	FUSE_OPT_KEY("--version", KEY_VERSION),
	FUSE_OPT_END
};

static int option_proc(void *data, const char *arg, int key, struct fuse_args *outargs)
{
	struct parse *p = data;

	switch (key) {
	case FUSE_OPT_KEY_NONOPT:
		if (p->nonopts++ == 0) {
			p->opt.volume = strdup(arg);
			return 0; /* ours; the second is the mount point, libfuse's */
		}
		return 1;
	case KEY_RO:
		p->opt.read_only = 1;
		return 1; /* the kernel's too */
	case KEY_NO_DEFAULT_PERMISSIONS:
		p->no_default_permissions = true;
		return 0;
	case KEY_HELP:
		p->help = true;
		return 0;
	case KEY_VERSION:
		p->version = true;
		return 0;
	default:
		return 1;
	}
}

static void usage(const char *prog)
{
	printf("Usage: %s VOL MOUNTPOINT [-f] [-d] [-s] [-o OPTION[,OPTION...]]\n\n"
	       "Mounts the chunkfs volume VOL (a volume directory or volume file) at MOUNTPOINT.\n\n"
	       "chunkfs options:\n"
	       "    -o ro                  read only: no chunk is written\n"
	       "    -o commit=SECONDS      flush each chunk written this often, and mark it CLEAN once\n"
	       "                           idle this long (default 5; 0: only at fsync and unmount)\n"
	       "    -o uid=N,gid=N         show every file as owned by N\n"
	       "    -o entry_timeout=SECONDS  the kernel caches names this long (default 1)\n"
	       "    -o attr_timeout=SECONDS   the kernel caches attributes this long (default 1)\n"
	       "    -o writeback           let the kernel cache writes (not safe yet: see chunkfs(8))\n"
	       "    -o nodefault_permissions  permissions are not checked by the kernel\n"
	       "    -o allow_other         other users may use the mount\n\n"
	       "FUSE options:\n", prog);
	fuse_cmdline_help();
	fuse_lowlevel_help();
}

/* To the journal always (which chunk and why), and to stderr in the foreground. */
static void log_to_journal(int priority, const char *msg, void *userdata)
{
	const int *foreground = userdata;

	if (*foreground || priority <= LOG_WARNING)
		fprintf(stderr, "chunkfs: %s\n", msg);
	sd_journal_send("MESSAGE=%s", msg, "PRIORITY=%d", priority, "SYSLOG_IDENTIFIER=chunkfs", NULL);
}

/* Adds -o NAME=VALUE with VALUE escaped for libfuse's option parser (commas, backslashes). */
static int add_option(struct fuse_args *args, const char *name, const char *value)
{
	_cleanup_free_ char *opt = NULL, *escaped = NULL;

	if (asprintf(&opt, "%s=%s", name, value) < 0)
		return -ENOMEM;
	if (fuse_opt_add_opt_escaped(&escaped, opt) < 0 || fuse_opt_add_arg(args, "-o") < 0 ||
	    fuse_opt_add_arg(args, escaped) < 0)
		return -ENOMEM;
	return 0;
}

/* Says at mount which chunks are not CLEAN: the volume is then used in degraded mode, their
 * files giving EIO (missing, DAMAGED) or resting on a chunk no check has vouched for (DIRTY). */
static void report_degraded(struct chunkfs *fs)
{
	unsigned n = volume_chunk_count(fs->volume), bad = 0;
	char why[200];

	for (unsigned i = 0; i < n; i++) {
		if (!volume_chunk_peek(fs->volume, i, why, sizeof(why)))
			continue;
		bad++;
		chunk_log(LOG_WARNING, "%s (chunk %u): %s", volume_chunk_path(fs->volume, i), i, why);
	}
	if (bad)
		chunk_log(LOG_WARNING, "%s: mounted degraded: %u of %u chunks are not CLEAN (above); files in a missing or "
			  "DAMAGED chunk give EIO; chunkctl -V %s repair --dirty --damaged mends what it can",
			  fs->opt.volume, bad, n, fs->opt.volume);
}

static int serve(struct chunkfs *fs, struct fuse_args *args, struct fuse_cmdline_opts *cmd)
{
	struct fuse_loop_config *loop;
	int r;

	fs->session = fuse_session_new(args, &chunkfs_ops, sizeof(chunkfs_ops), fs);
	if (!fs->session)
		return -EINVAL;
	if (fuse_set_signal_handlers(fs->session) != 0) {
		fuse_session_destroy(fs->session);
		return -EIO;
	}
	if (fuse_session_mount(fs->session, cmd->mountpoint) != 0) {
		fuse_remove_signal_handlers(fs->session);
		fuse_session_destroy(fs->session);
		return -EIO;
	}
	fuse_daemonize(cmd->foreground);
	r = flusher_start(fs);
	if (r < 0)
		chunk_log(LOG_ERR, "cannot start the flusher: %s; chunks are marked CLEAN only at unmount", strerror(-r));
	control_start(fs, cmd->mountpoint); /* logs why not: the mount works without it */
	if (cmd->singlethread) {
		r = fuse_session_loop(fs->session);
	} else {
		loop = fuse_loop_cfg_create();
		fuse_loop_cfg_set_clone_fd(loop, cmd->clone_fd);
		if (cmd->max_idle_threads != UINT_MAX) /* libfuse's "not given" */
			fuse_loop_cfg_set_idle_threads(loop, cmd->max_idle_threads);
		fuse_loop_cfg_set_max_threads(loop, cmd->max_threads);
		r = fuse_session_loop_mt(fs->session, loop);
		fuse_loop_cfg_destroy(loop);
	}
	control_stop(fs);
	flusher_stop(fs);
	fuse_session_unmount(fs->session);
	fuse_remove_signal_handlers(fs->session);
	fuse_session_destroy(fs->session); /* calls op_destroy: the last commit */
	fs->session = NULL;
	return r < 0 ? r : r > 0 ? -EINTR : 0;
}

static void args_freep(struct fuse_args *a)
{
	fuse_opt_free_args(a); /* safe twice: it leaves the arguments empty */
}

/* libfuse refuses an option it does not know only when the session is made, after the volume
 * is opened, and that fails as any error does: a trial session on a copy of ARGS (which
 * says what it refuses) makes it a usage error, before anything is opened. */
static int fuse_options_check(const struct fuse_args *args)
{
	struct fuse_args copy __attribute__((cleanup(args_freep))) = FUSE_ARGS_INIT(0, NULL);
	struct fuse_session *se;

	for (int i = 0; i < args->argc; i++)
		if (fuse_opt_add_arg(&copy, args->argv[i]) < 0)
			return -ENOMEM;
	se = fuse_session_new(&copy, &chunkfs_ops, sizeof(chunkfs_ops), NULL);
	if (!se)
		return -EINVAL;
	fuse_session_destroy(se);
	return 0;
}

int main(int argc, char **argv)
{
	/* Freed on every way out, --help and --version included (LeakSanitizer checks them). */
	struct fuse_args args __attribute__((cleanup(args_freep))) = FUSE_ARGS_INIT(argc, argv);
	struct fuse_cmdline_opts cmd = { 0 };
	static struct chunkfs fs = {
		/* Writers first: a stream of reads and writes in place, which share it, must not
		 * keep an operation that needs the volume to itself waiting. */
		.volume_lock = PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP,
		.flusher_lock = PTHREAD_MUTEX_INITIALIZER,
		.flusher_wake = PTHREAD_COND_INITIALIZER,
		.control = { .fd = -1, .checking = -1, .lock = PTHREAD_MUTEX_INITIALIZER,
			     .idle = PTHREAD_COND_INITIALIZER, .check_lock = PTHREAD_MUTEX_INITIALIZER },
	};
	struct parse p = {
		.opt = { .commit_s = 5, .writeback = 0, .attr_timeout = 1.0, .entry_timeout = 1.0, .uid = -1, .gid = -1 },
	};
	int r, q;

	_cleanup_free_ char *volume = NULL;

	if (fuse_opt_parse(&args, &p, option_spec, option_proc) != 0)
		return 2;
	fs.opt = p.opt;
	volume = fs.opt.volume;
	if (p.help) {
		usage(argv[0]);
		return 0;
	}
	if (p.version) {
		printf("chunkfs %s (libfuse %s)\n", CHUNKFS_VERSION, fuse_pkgversion());
		return 0;
	}
	if (!fs.opt.volume) {
		fprintf(stderr, "chunkfs: no volume given\nUsage: %s VOL MOUNTPOINT [-o OPTIONS] (--help for more)\n", argv[0]);
		return 2;
	}
	if (fuse_parse_cmdline(&args, &cmd) != 0)
		return 2;
	if (!cmd.mountpoint) {
		fprintf(stderr, "chunkfs: no mount point given\nUsage: %s VOL MOUNTPOINT [-o OPTIONS]\n", argv[0]);
		return 2;
	}
	if (fuse_options_check(&args) < 0) {
		fprintf(stderr, "chunkfs: bad option (above); %s --help lists the options\n", argv[0]);
		free(cmd.mountpoint);
		return 2;
	}
	chunk_log_set_handler(log_to_journal, &cmd.foreground);
	/* Absolute: the chunks' paths follow from it, and a mount in the background runs in /. */
	fs.opt.volume_abs = realpath(fs.opt.volume, NULL);
	if (!fs.opt.volume_abs) {
		fprintf(stderr, "chunkfs: %s: cannot open volume: %m\n", fs.opt.volume);
		return 1;
	}
	r = volume_open(fs.opt.volume_abs, (fs.opt.read_only ? 0 : VOLUME_RDWR | VOLUME_ORDERED) | VOLUME_MOUNT, &fs.volume);
	if (r < 0)
		return 1;
	/* Chunks only read are opened shared and never written: a crash leaves them CLEAN. */
	volume_set_write_on_demand(fs.volume, true);
	report_degraded(&fs);
	r = node_table_init(&fs.nodes);
	if (r == 0)
		r = add_option(&args, "fsname", volume_path(fs.volume));
	if (r == 0)
		r = add_option(&args, "subtype", "chunkfs");
	if (r == 0 && !p.no_default_permissions)
		r = fuse_opt_add_arg(&args, "-odefault_permissions");
	if (r == 0)
		r = serve(&fs, &args, &cmd);
	q = volume_close(fs.volume);
	if (q < 0)
		chunk_log(LOG_ERR, "%s: closing the volume failed: %s; chunkctl repair --dirty will check what was left",
			  fs.opt.volume, strerror(-q));
	node_table_free(&fs.nodes);
	free(cmd.mountpoint);
	fuse_opt_free_args(&args);
	free(fs.opt.volume_abs);
	return r < 0 || q < 0 ? 1 : 0;
}
