/* The name a volume found mounted goes by: its mount point made a volume name, or its UUID. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chunkscrubd/discover.h"

static int n, failed;
#define check(cond, what) do { n++; if (cond) printf("ok %d - %s\n", n, what); \
	else { failed++; printf("not ok %d - %s (%s:%d: %s)\n", n, what, __FILE__, __LINE__, #cond); } } while (0)

static const unsigned char uuid[16] = {
	0x2c, 0x19, 0x59, 0x6c, 0x0d, 0xd6, 0x4c, 0x5a, 0x97, 0x87, 0x59, 0xb1, 0x98, 0xb3, 0x6f, 0xb1,
};
#define UUID_TEXT "2c19596c-0dd6-4c5a-9787-59b198b36fb1"

static bool taken(const char *name, void *userdata)
{
	return userdata && !strcmp(name, userdata);
}

static bool name_is(const char *point, const char *taken_name, const char *want)
{
	char *name = discovery_name(point, uuid, taken, (void *)taken_name);
	bool ok = name && !strcmp(name, want);

	if (!ok)
		printf("# %s: got %s, want %s\n", point, name ?: "(null)", want);
	free(name);
	return ok;
}

int main(void)
{
	char deep[128];

	check(name_is("/srv/home", NULL, "srv-home"), "the mount point, its slashes dashes");
	check(name_is("/mnt/my vol/x.y_z-1", NULL, "mnt-my_vol-x.y_z-1"),
	      "a character a volume name may not have becomes '_'; '.', '_' and '-' stay");
	check(name_is("/srv/home", "srv-home", UUID_TEXT), "a name taken (by a section) gives the UUID");
	check(name_is("/", NULL, UUID_TEXT), "the root, an empty name, gives the UUID");
	memset(deep, 'a', sizeof(deep) - 1);
	deep[0] = '/';
	deep[sizeof(deep) - 1] = 0;
	check(name_is(deep, NULL, UUID_TEXT), "a name longer than 64 gives the UUID");
	return failed > 0;
}
