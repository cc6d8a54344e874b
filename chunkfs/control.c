/* The mount's control channel (docs/MOUNT.md): a unix socket named by the volume's UUID
 * (mount_control_path), for root and the mount's own user, on which chunkctl and chunkscrubd
 * send one JSON request a connection and read one JSON reply: "status" (where the volume is
 * mounted, each chunk's state and use), "check" (an online check of one chunk,
 * volume_check_chunk_online) or "repair" (one chunk repaired under the volume lock, then every
 * open file read again, and the kernel told to ask again for the names the repair may have
 * changed and to drop the attributes and pages of every file). Each connection has a thread, so a
 * status is answered while a check runs; checks and repairs run one at a time. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <syslog.h>
#include <unistd.h>

#include <json-c/json.h>
#include <systemd/sd-journal.h>

#include "chunkfs/chunkfs.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/fsck-result.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/mounts.h"
#include "libchunk/check/check.h"

#define REQUEST_MAX 4096

struct connection {
	struct chunkfs *fs;
	int fd;
};

static void hold_lock(void *userdata) { chunkfs_lock(userdata); }
static void hold_unlock(void *userdata) { chunkfs_unlock(userdata); }
static int hold_commit(void *userdata) { return chunkfs_commit_files(userdata); }

static struct json_object *error_reply(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static struct json_object *error_reply(const char *fmt, ...)
{
	struct json_object *o = json_object_new_object();
	_cleanup_free_ char *text = NULL;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&text, fmt, ap) < 0)
		text = NULL;
	va_end(ap);
	if (o && !json_add(o, "error", json_text_new(text ? text : "out of memory")))
		return NULL;
	return o;
}

/* "online", "checking" (an online check holds it), "missing" or "DAMAGED" (WHY says more);
 * *DIRTY: written since the flusher last marked it CLEAN, the normal state of a chunk in use. */
static const char *chunk_state_word(struct chunkfs *fs, unsigned id, bool *dirty, char *why, size_t size)
{
	bool bad = volume_chunk_peek(fs->volume, id, why, size);

	*dirty = bad && strncmp(why, "DIRTY", 5) == 0;
	if (!bad || *dirty)
		why[0] = 0;
	if (fs->control.checking == (int)id)
		return fs->control.repairing ? "repairing" : "checking";
	if (!bad || *dirty)
		return "online";
	return strcmp(why, "missing") == 0 ? "missing" : "DAMAGED";
}

/* The files chunk ID's repairs lost, for a chunk the mount has open (chunkctl cannot read it
 * then); nothing for the others, which chunkctl reads itself. */
static bool add_losses(struct chunkfs *fs, unsigned id, struct json_object *c)
{
	struct record_losses l;
	bool ok;

	if (!volume_chunk_if_open(fs->volume, id) || volume_chunk_losses(fs->volume, id, &l) < 0)
		return true;
	ok = json_add(c, "losses", chunk_losses_to_json(&l));
	record_losses_done(&l);
	return ok;
}

static struct json_object *status_reply(struct chunkfs *fs)
{
	_cleanup_(json_object_putp) struct json_object *o = json_object_new_object(), *chunks = json_object_new_array();
	unsigned n = volume_chunk_count(fs->volume);

	if (!o || !chunks)
		return NULL;
	if (!json_add(o, "volume", json_text_new(volume_path(fs->volume))) ||
	    !json_add(o, "mountpoint", json_text_new(fs->control.mountpoint ? fs->control.mountpoint : "")) ||
	    !json_add(o, "pid", json_object_new_int(getpid())) ||
	    !json_add(o, "read_only", json_object_new_boolean(fs->opt.read_only)))
		return NULL;
	chunkfs_lock(fs);
	pthread_mutex_lock(&fs->control.lock);
	for (unsigned i = 0; i < n; i++) {
		struct json_object *c = json_object_new_object();
		struct volume_chunk_activity a;
		char why[200] = "";
		bool dirty;
		const char *word = chunk_state_word(fs, i, &dirty, why, sizeof(why));

		volume_chunk_activity(fs->volume, i, &a);
		if (!c || !json_add(c, "chunk", json_object_new_uint64(i)) ||
		    !json_add(c, "path", json_text_new(volume_chunk_path(fs->volume, i))) ||
		    !json_add(c, "state", json_object_new_string(word)) ||
		    !json_add(c, "dirty", json_object_new_boolean(dirty)) ||
		    !(why[0] ? json_add(c, "why", json_text_new(why)) : true) ||
		    !json_add(c, "uses", json_object_new_uint64(a.uses)) ||
		    !json_add(c, "writes", json_object_new_uint64(a.writes)) ||
		    !json_add(c, "last_use_ms", json_object_new_uint64(a.used_ms)) ||
		    !json_add(c, "last_write_ms", json_object_new_uint64(a.written_ms)) || !add_losses(fs, i, c) ||
		    json_object_array_add(chunks, c) < 0) {
			json_object_put(c);
			break;
		}
	}
	pthread_mutex_unlock(&fs->control.lock);
	chunkfs_unlock(fs);
	if (!json_add(o, "chunks", TAKE_PTR(chunks)))
		return NULL;
	return TAKE_PTR(o);
}

/* The report as chunkctl prints it, for a client that shows text. */
static char *report_text(const struct chunk_check_report *rep)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	chunk_check_report_print(rep, f);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* The reply to a check or repair: the result, the report as JSON and as text. */
/* The repair's files lost or moved, one journal entry each, and its summary (libchunk's
 * entries; chunkctl and chunkscrubd log their offline repairs the same way). */
static void journal_repair(struct chunkfs *fs, const struct chunk_check_report *rep)
{
	_cleanup_free_ char *abs = realpath(fs->opt.volume, NULL);

	chunk_check_report_journal(rep, "chunkfs", abs ? abs : fs->opt.volume, sd_journal_sendv);
}

static struct json_object *report_reply(struct chunkfs *fs, unsigned id, int result, struct chunk_check_report *rep)
{
	_cleanup_free_ char *text = NULL;
	struct json_object *o;

	if (!rep)
		return error_reply("chunk %u: out of memory for the check", id);
	chunk_log(result & ~FSCK_CORRECTED ? LOG_WARNING : LOG_INFO,
		  "%s: online %s of chunk %u: %s (%zu problem(s); the mount waited %.3f s, %.3f s at most at once)",
		  fs->opt.volume, rep->repair ? "repair" : "check", id, fsck_result_meaning(result), rep->nfindings,
		  rep->hold_seconds, rep->longest_hold_seconds);
	text = report_text(rep);
	o = json_object_new_object();
	if (!o || !json_add(o, "result", json_object_new_int(result)) ||
	    !json_add(o, "report", chunk_check_report_to_json(rep)) ||
	    !json_add(o, "text", json_text_new(text ? text : ""))) {
		json_object_put(o);
		o = NULL;
	}
	return o;
}

static void online_begin(struct chunkfs *fs, unsigned id, bool repair)
{
	pthread_mutex_lock(&fs->control.check_lock);
	pthread_mutex_lock(&fs->control.lock);
	fs->control.checking = (int)id;
	fs->control.repairing = repair;
	pthread_mutex_unlock(&fs->control.lock);
	chunk_log(LOG_INFO, "%s: online %s of chunk %u begins", fs->opt.volume, repair ? "repair" : "check", id);
}

static void online_end(struct chunkfs *fs)
{
	pthread_mutex_lock(&fs->control.lock);
	fs->control.checking = -1;
	fs->control.repairing = false;
	pthread_mutex_unlock(&fs->control.lock);
	pthread_mutex_unlock(&fs->control.check_lock);
}

/* After a repair, every open file reads its head again: the repair may have changed its
 * ranges or continuations. One whose inode the repair removed is stale: its opens give
 * ESTALE (EIO to programs), and it is not freed again at its last close. */
static void reload_one(struct node *n, void *userdata)
{
	struct chunkfs *fs = userdata;
	int r;

	if (!n->file)
		return;
	r = vfile_reload(n->file);
	if (r == 0)
		return;
	chunk_log(LOG_WARNING, "%s: inode %u of chunk %u, open, is %s after the repair: its opens give EIO",
		  fs->opt.volume, VINO_INO(n->ino), VINO_CHUNK(n->ino), r == -ESTALE ? "gone" : strerror(-r));
	vfile_close(n->file);
	n->file = NULL;
	n->stale = true;
	n->orphan = false;
	n->written = false;
}

struct inos {
	fuse_ino_t *ino;
	size_t n, cap;
};

static void collect_ino(struct node *n, void *userdata)
{
	struct inos *s = userdata;

	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 256;
		fuse_ino_t *p = realloc(s->ino, cap * sizeof(*p));
		if (!p)
			return;
		s->ino = p;
		s->cap = cap;
	}
	s->ino[s->n++] = fuse_ino_of(n->ino);
}

/* A name the kernel may cache that a repair may have changed: NAME in PARENT, and CHILD, the
 * inode it named, when that inode is gone (0 when it lives on, or the name may be new). */
struct stale_name {
	fuse_ino_t parent, child;
	char *name;
};

struct stale_names {
	struct chunkfs *fs;
	struct stale_name *e;
	size_t n, cap;
};

static void stale_add(struct stale_names *s, vino_t parent, vino_t child, const char *name)
{
	char *copy;

	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct stale_name *e = realloc(s->e, cap * sizeof(*e));
		if (!e)
			return;
		s->e = e;
		s->cap = cap;
	}
	copy = strdup(name);
	if (!copy)
		return;
	s->e[s->n++] = (struct stale_name){ fuse_ino_of(parent), child ? fuse_ino_of(child) : 0, copy };
}

/* A name the kernel looked N up by, N's inode in the repaired chunk: every entry lives in the
 * chunk of the inode it names (docs/FORMAT.md), so these are the names the repair may have
 * changed that the kernel holds (forgotten on the node: the kernel's next lookup notes it
 * again). An open file whose inode the repair removed (reload_one) is told as deleted; to
 * know of the others would cost a read of each inode under the lock, and expiring their names
 * is enough for the next lookup to say ENOENT. Under the node table's lock. */
static void take_name(const struct node *n, const struct node_name *nm, void *userdata)
{
	stale_add(userdata, nm->parent, n->stale ? n->ino : 0, nm->name);
}

/* The names along PATH, a volume path of the repair's report (a file's old place, or where it
 * was moved): where the repair made a name, the kernel may cache that there is none. */
static void add_report_path(struct stale_names *s, const char *path)
{
	_cleanup_free_ char *copy = path && path[0] == '/' ? strdup(path) : NULL;
	vino_t dir = VOLUME_ROOT;
	char *save = NULL;

	for (char *c = copy ? strtok_r(copy, "/", &save) : NULL; c; c = strtok_r(NULL, "/", &save)) {
		stale_add(s, dir, 0, c);
		if (volume_lookup(s->fs->volume, dir, c, &dir) < 0)
			return;
	}
}

/* The names the repair of chunk ID may have changed that the kernel may cache (under
 * volume_lock). */
static void collect_stale_names(struct chunkfs *fs, unsigned id, const struct chunk_check_report *rep,
				struct stale_names *s)
{
	*s = (struct stale_names){ .fs = fs };
	node_take_names(&fs->nodes, id, take_name, s);
	for (size_t i = 0; rep && i < rep->nfindings; i++) {
		add_report_path(s, rep->findings[i].path);
		add_report_path(s, rep->findings[i].moved_to);
	}
}

/* The kernel expires the names S lists (its next use of one asks the mount again: a name that
 * did not change stays, and nothing mounted below it is touched), is told of the deletion of
 * those whose inode is gone, and drops the attributes and pages it caches of every file it
 * knows. Outside every lock, from this thread, which serves no request: the kernel takes the
 * directory's lock for a name and may wait for requests on it, which need volume_lock. */
static void invalidate_kernel_caches(struct chunkfs *fs, unsigned id, struct stale_names *s)
{
	enum fuse_expire_flags how = fs->expire_only ? FUSE_LL_EXPIRE_ONLY : 0;
	uint64_t t0 = chunkfs_now_ms();
	struct inos inos = { 0 };
	size_t expired = 0, deleted = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct stale_name *e = &s->e[i];
		size_t len = strlen(e->name);
		if (e->child)
			deleted += fuse_lowlevel_notify_delete(fs->session, e->parent, e->child, e->name, len) == 0;
		else
			expired += fuse_lowlevel_notify_expire_entry(fs->session, e->parent, e->name, len, how) == 0;
		free(e->name);
	}
	free(s->e);
	node_for_each(&fs->nodes, collect_ino, &inos);
	for (size_t i = 0; i < inos.n; i++)
		fuse_lowlevel_notify_inval_inode(fs->session, inos.ino[i], 0, 0);
	free(inos.ino);
	chunk_log(LOG_INFO, "%s: after the repair of chunk %u the kernel was told: %zu name(s) %s, %zu deleted, the "
		  "attributes of %zu file(s) dropped (%.3f s)", fs->opt.volume, id, expired,
		  fs->expire_only ? "expired" : "dropped", deleted, inos.n, (double)(chunkfs_now_ms() - t0) / 1000.0);
}

static struct json_object *check_reply(struct chunkfs *fs, struct json_object *req)
{
	const struct chunk_check_online hold = { hold_lock, hold_unlock, hold_commit, fs };
	/* e2fsck of a check runs beside the mount's work, on a snapshot: it yields to it. */
	struct chunk_check_opts opts = { .orphans = CHUNK_ORPHANS_QUARANTINE, .cancel = &fs->control.cancel,
					 .background = true };
	struct json_object *chunk = json_object_object_get(req, "chunk"), *t;
	struct chunk_check_report *rep = NULL;
	int64_t id = chunk && json_object_is_type(chunk, json_type_int) ? json_object_get_int64(chunk) : -1;
	bool repair = strcmp(json_object_get_string(json_object_object_get(req, "op")), "repair") == 0;
	int result = FSCK_ERROR;

	if (id < 0 || id >= volume_chunk_count(fs->volume))
		return error_reply("\"chunk\" must be a chunk number, 0-%u", volume_chunk_count(fs->volume) - 1);
	if (json_object_object_get_ex(req, "e2fsck_timeout", &t) && json_object_is_type(t, json_type_int))
		opts.e2fsck_timeout = (unsigned)json_object_get_int(t);
	if (json_object_object_get_ex(req, "preen", &t))
		opts.preen = json_object_get_boolean(t);
	if (json_object_object_get_ex(req, "rebuild_index", &t))
		opts.rebuild_index = json_object_get_boolean(t);
	if (json_object_object_get_ex(req, "orphans", &t) && strcmp(json_object_get_string(t), "delete") == 0)
		opts.orphans = CHUNK_ORPHANS_DELETE;
	if (fs->opt.read_only)
		return error_reply("%s is mounted read-only: an online %s writes the chunk", fs->opt.volume,
				   repair ? "repair" : "check (its result is recorded in the chunk)");
	online_begin(fs, (unsigned)id, repair);
	if (!repair) {
		result = volume_check_chunk_online(fs->volume, (unsigned)id, &opts, &hold, &rep);
	} else {
		/* The repair under the volume lock: every operation waits for it (the mount has one
		 * lock; docs/MOUNT.md), but for the e2fsck -fy of a DAMAGED chunk, whose files give
		 * EIO anyway: that runs with the lock let go, K closed and locked (its operations
		 * fail, EBUSY, the others go on). What the mount holds is written first, and every
		 * open file reads its head again after. */
		struct stale_names stale = { 0 };
		uint64_t t0 = chunkfs_now_ms();
		char why[128];
		int r;
		opts.repair = true;
		chunkfs_lock(fs);
		if (volume_chunk_peek(fs->volume, (unsigned)id, why, sizeof(why)) && strncmp(why, "DIRTY", 5) != 0 &&
		    strcmp(why, "missing") != 0)
			opts.e2fsck_unlocked = &hold;
		r = chunkfs_commit_files(fs);
		if (r == 0) {
			result = volume_check_chunk(fs->volume, (unsigned)id, &opts, &rep);
			node_for_each(&fs->nodes, reload_one, fs);
			collect_stale_names(fs, (unsigned)id, rep, &stale);
		}
		chunkfs_unlock(fs);
		if (r < 0) {
			online_end(fs);
			/* A repair reading half-written files would take their new parts for orphans. */
			return error_reply("chunk %lld: not repaired: writing out the open files failed: %s",
					   (long long)id, strerror(-r));
		}
		if (rep) {
			/* Held from the start but for e2fsck, where it ran unlocked; in two parts then. */
			double all = (double)(chunkfs_now_ms() - t0) / 1000.0;
			rep->online = true;
			rep->hold_seconds = rep->longest_hold_seconds =
				rep->e2fsck_unlocked && all > rep->e2fsck_seconds ? all - rep->e2fsck_seconds : all;
		}
		invalidate_kernel_caches(fs, (unsigned)id, &stale);
		journal_repair(fs, rep);
	}
	online_end(fs);
	{
		struct json_object *o = report_reply(fs, (unsigned)id, result, rep);
		chunk_check_report_free(rep);
		return o;
	}
}

/* Only root and the user the mount runs as may ask (the socket's mode says the same). */
static bool caller_allowed(int fd)
{
	struct ucred cred;
	socklen_t len = sizeof(cred);

	return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0 &&
	       (cred.uid == 0 || cred.uid == geteuid());
}

/* One request: a JSON object on one line, read within 10 s. */
static struct json_object *read_request(int fd)
{
	char buf[REQUEST_MAX + 1];
	size_t len = 0;

	while (len < REQUEST_MAX) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t n;
		if (poll(&p, 1, 10000) <= 0)
			return NULL;
		n = read(fd, buf + len, REQUEST_MAX - len);
		if (n <= 0)
			break;
		len += (size_t)n;
		if (memchr(buf, '\n', len))
			break;
	}
	buf[len] = 0;
	return json_tokener_parse(buf);
}

static void write_reply(int fd, struct json_object *reply)
{
	const char *s = reply ? json_object_to_json_string_ext(reply, JSON_C_TO_STRING_PLAIN) :
				"{\"error\":\"out of memory\"}";
	size_t len = strlen(s), done = 0;

	while (done < len) {
		ssize_t n = send(fd, s + done, len - done, MSG_NOSIGNAL);
		if (n <= 0)
			return; /* the client went away: nothing to tell it */
		done += (size_t)n;
	}
	send(fd, "\n", 1, MSG_NOSIGNAL);
}

static void *connection_main(void *userdata)
{
	struct connection *c = userdata;
	struct chunkfs *fs = c->fs;
	_cleanup_(json_object_putp) struct json_object *req = NULL, *reply = NULL;
	struct json_object *op;

	if (!caller_allowed(c->fd))
		reply = error_reply("permission denied: only root and the mount's user may use its control channel");
	else if (!(req = read_request(c->fd)) || !json_object_is_type(req, json_type_object) ||
		 !json_object_object_get_ex(req, "op", &op) || !json_object_is_type(op, json_type_string))
		reply = error_reply("a request is one JSON object with \"op\" on one line");
	else if (strcmp(json_object_get_string(op), "status") == 0)
		reply = status_reply(fs);
	else if (strcmp(json_object_get_string(op), "check") == 0 || strcmp(json_object_get_string(op), "repair") == 0)
		reply = check_reply(fs, req);
	else
		reply = error_reply("unknown op '%s' (status, check, repair)", json_object_get_string(op));
	write_reply(c->fd, reply);
	close(c->fd);
	free(c);
	pthread_mutex_lock(&fs->control.lock);
	fs->control.nconn--;
	pthread_cond_broadcast(&fs->control.idle);
	pthread_mutex_unlock(&fs->control.lock);
	return NULL;
}

static void *accept_main(void *userdata)
{
	struct chunkfs *fs = userdata;

	for (;;) {
		int fd = accept4(fs->control.fd, NULL, NULL, SOCK_CLOEXEC);
		struct connection *c;
		pthread_attr_t attr;
		pthread_t t;

		if (fd < 0) {
			if (errno == EINTR || errno == ECONNABORTED)
				continue;
			break; /* shut down (control_stop) */
		}
		c = malloc(sizeof(*c));
		if (!c) {
			close(fd);
			continue;
		}
		*c = (struct connection) { fs, fd };
		pthread_mutex_lock(&fs->control.lock);
		fs->control.nconn++;
		pthread_mutex_unlock(&fs->control.lock);
		pthread_attr_init(&attr);
		pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		if (pthread_create(&t, &attr, connection_main, c) != 0) {
			close(fd);
			free(c);
			pthread_mutex_lock(&fs->control.lock);
			fs->control.nconn--;
			pthread_mutex_unlock(&fs->control.lock);
		}
		pthread_attr_destroy(&attr);
	}
	return NULL;
}

static int listen_on(struct chunkfs *fs, const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	_cleanup_close_ int fd = -1;
	_cleanup_free_ char *dir = strdup(path);
	char *slash = dir ? strrchr(dir, '/') : NULL;
	mode_t old;

	if (!dir)
		return -ENOMEM;
	if (strlen(path) >= sizeof(sa.sun_path))
		return -ENAMETOOLONG;
	strcpy(sa.sun_path, path);
	if (slash && slash != dir) {
		*slash = 0;
		if (mkdir(dir, 0755) < 0 && errno != EEXIST)
			return -errno;
	}
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	/* A socket left by a mount that died: the volume's lock says no other mount runs. */
	unlink(path);
	old = umask(0077);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		umask(old);
		return -errno;
	}
	umask(old);
	if (listen(fd, 16) < 0)
		return -errno;
	fs->control.fd = TAKE_FD(fd);
	return 0;
}

int control_start(struct chunkfs *fs, const char *mountpoint)
{
	uuid_t uuid = { 0 };
	int r;

	fs->control.fd = -1;
	fs->control.checking = -1;
	fs->control.mountpoint = realpath(mountpoint, NULL);
	volume_uuid(fs->volume, uuid);
	r = mount_control_path(uuid, fs->control.path, sizeof(fs->control.path));
	if (r == 0)
		r = listen_on(fs, fs->control.path);
	if (r == 0)
		r = -pthread_create(&fs->control.thread, NULL, accept_main, fs);
	if (r < 0) {
		if (fs->control.fd >= 0) {
			close(fs->control.fd);
			unlink(fs->control.path);
			fs->control.fd = -1;
		}
		return chunk_log_errno(r, "%s: no control channel at %s (online checks through the mount are "
				       "not possible): %s", fs->opt.volume, fs->control.path, strerror(-r));
	}
	fs->control.started = true;
	chunk_log(LOG_INFO, "%s: control channel at %s", fs->opt.volume, fs->control.path);
	return 0;
}

void control_stop(struct chunkfs *fs)
{
	if (!fs->control.started)
		return;
	unlink(fs->control.path);
	shutdown(fs->control.fd, SHUT_RDWR);
	pthread_join(fs->control.thread, NULL);
	close(fs->control.fd);
	/* A check under way stops (its e2fsck is ended cleanly); the volume outlives them all. */
	pthread_mutex_lock(&fs->control.lock);
	fs->control.cancel = 1;
	while (fs->control.nconn > 0)
		pthread_cond_wait(&fs->control.idle, &fs->control.lock);
	pthread_mutex_unlock(&fs->control.lock);
	fs->control.started = false;
	free(fs->control.mountpoint);
	fs->control.mountpoint = NULL;
}
