/* The node table: the files the kernel holds a lookup of or has open, keyed by inode number.
 * Inode numbers are stable (chunk and ext inode), so the table is not needed to find a file,
 * only to share one open file among the kernel's opens, to count lookups, and to know by which
 * names the kernel may cache a file (for an online repair to tell it which to ask for again). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "chunkfs/chunkfs.h"
#include "libchunk/base/macro.h"

int node_table_init(struct node_table *t)
{
	t->nbuckets = 4096;
	t->buckets = calloc(t->nbuckets, sizeof(*t->buckets));
	if (!t->buckets)
		return -ENOMEM;
	return -pthread_mutex_init(&t->lock, NULL);
}

static void names_free(struct node *n)
{
	for (struct node_name *nm = n->names, *next; nm; nm = next) {
		next = nm->next;
		free(nm);
	}
	n->names = NULL;
	n->nnames = 0;
}

static void node_free(struct node *n)
{
	names_free(n);
	pthread_mutex_destroy(&n->io_lock);
	free(n);
}

void node_table_free(struct node_table *t)
{
	for (size_t i = 0; i < t->nbuckets; i++)
		for (struct node *n = t->buckets[i], *next; n; n = next) {
			next = n->next;
			node_free(n);
		}
	free(t->buckets);
	pthread_mutex_destroy(&t->lock);
}

static struct node **slot(struct node_table *t, vino_t ino)
{
	struct node **p = &t->buckets[(ino ^ (ino >> 32) * 2654435761u) % t->nbuckets];

	while (*p && (*p)->ino != ino)
		p = &(*p)->next;
	return p;
}

static struct node *get_locked(struct node_table *t, vino_t ino)
{
	struct node **p = slot(t, ino);

	if (!*p) {
		*p = calloc(1, sizeof(**p));
		if (*p) {
			(*p)->ino = ino;
			pthread_mutex_init(&(*p)->io_lock, NULL);
		}
	}
	return *p;
}

static void put_locked(struct node_table *t, struct node *n)
{
	struct node **p;

	if (n->nlookup || n->nopen)
		return;
	p = slot(t, n->ino);
	*p = n->next;
	node_free(n);
}

/* Notes NAME in PARENT on N, newest first; the oldest goes beyond what N may keep (chunkfs.h).
 * Out of memory, the name is not noted: a repair's change to it then waits for the entry
 * timeout. */
static void name_note(struct node *n, vino_t parent, const char *name)
{
	struct node_name **p = &n->names, *nm;
	size_t len = strlen(name);

	for (; *p; p = &(*p)->next)
		if ((*p)->parent == parent && strcmp((*p)->name, name) == 0) {
			nm = *p;
			*p = nm->next;
			nm->next = n->names;
			n->names = nm;
			return;
		}
	nm = malloc(sizeof(*nm) + len + 1);
	if (!nm)
		return;
	nm->parent = parent;
	memcpy(nm->name, name, len + 1);
	nm->next = n->names;
	n->names = nm;
	if (++n->nnames <= MAX((uint64_t)NODE_NAMES_MIN, MIN(n->nlookup, (uint64_t)NODE_NAMES_MAX)))
		return;
	for (p = &n->names; (*p)->next; p = &(*p)->next)
		;
	free(*p);
	*p = NULL;
	n->nnames--;
}

struct node *node_open(struct node_table *t, vino_t ino)
{
	struct node *n;

	pthread_mutex_lock(&t->lock);
	n = get_locked(t, ino);
	if (n)
		n->nopen++;
	pthread_mutex_unlock(&t->lock);
	return n;
}

void node_close(struct node_table *t, struct node *n)
{
	pthread_mutex_lock(&t->lock);
	n->nopen--;
	put_locked(t, n);
	pthread_mutex_unlock(&t->lock);
}

struct node *node_find(struct node_table *t, vino_t ino)
{
	struct node *n;

	pthread_mutex_lock(&t->lock);
	n = *slot(t, ino);
	pthread_mutex_unlock(&t->lock);
	return n;
}

bool node_is_open(struct node_table *t, vino_t ino)
{
	struct node *n;
	bool open;

	pthread_mutex_lock(&t->lock);
	n = *slot(t, ino);
	open = n && n->nopen;
	pthread_mutex_unlock(&t->lock);
	return open;
}

bool node_is_stale(struct node_table *t, vino_t ino)
{
	struct node *n;
	bool stale;

	pthread_mutex_lock(&t->lock);
	n = *slot(t, ino);
	stale = n && n->stale;
	pthread_mutex_unlock(&t->lock);
	return stale;
}

bool node_file_size(struct node_table *t, vino_t ino, uint64_t *size)
{
	struct node *n;
	bool open;

	pthread_mutex_lock(&t->lock);
	n = *slot(t, ino);
	open = n && n->file;
	if (open) {
		pthread_mutex_lock(&n->io_lock);
		*size = vfile_size(n->file);
		pthread_mutex_unlock(&n->io_lock);
	}
	pthread_mutex_unlock(&t->lock);
	return open;
}

int node_lookup(struct node_table *t, vino_t ino, vino_t parent, const char *name)
{
	struct node *n;

	pthread_mutex_lock(&t->lock);
	n = get_locked(t, ino);
	if (n) {
		n->nlookup++;
		name_note(n, parent, name);
	}
	pthread_mutex_unlock(&t->lock);
	return n ? 0 : -ENOMEM;
}

void node_renamed(struct node_table *t, vino_t ino, vino_t parent, const char *name)
{
	struct node *n;

	pthread_mutex_lock(&t->lock);
	n = *slot(t, ino);
	if (n)
		name_note(n, parent, name);
	pthread_mutex_unlock(&t->lock);
}

void node_take_names(struct node_table *t, unsigned chunk,
		     void (*fn)(const struct node *n, const struct node_name *nm, void *userdata), void *userdata)
{
	pthread_mutex_lock(&t->lock);
	for (size_t i = 0; i < t->nbuckets; i++)
		for (struct node *n = t->buckets[i]; n; n = n->next) {
			if (VINO_CHUNK(n->ino) != chunk)
				continue;
			for (const struct node_name *nm = n->names; nm; nm = nm->next)
				fn(n, nm, userdata);
			names_free(n);
		}
	pthread_mutex_unlock(&t->lock);
}

void node_forget(struct node_table *t, vino_t ino, uint64_t count)
{
	struct node *n;

	pthread_mutex_lock(&t->lock);
	n = *slot(t, ino);
	if (n) {
		n->nlookup = count > n->nlookup ? 0 : n->nlookup - count;
		put_locked(t, n);
	}
	pthread_mutex_unlock(&t->lock);
}

void node_for_each(struct node_table *t, void (*fn)(struct node *n, void *userdata), void *userdata)
{
	pthread_mutex_lock(&t->lock);
	for (size_t i = 0; i < t->nbuckets; i++)
		for (struct node *n = t->buckets[i]; n; n = n->next)
			fn(n, userdata);
	pthread_mutex_unlock(&t->lock);
}
