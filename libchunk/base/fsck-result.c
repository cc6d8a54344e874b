/* The fsck(8) result table (fsck-result.h). */
#include <stddef.h>
#include <string.h>

#include "libchunk/base/fsck-result.h"

static const struct {
	int bits;
	const char *word, *meaning;
} fsck_results[] = {
	/* Most serious first: a code with several bits set is named by the first that matches. */
	{ FSCK_CANCELED, "cancelled", "cancelled" },
	{ FSCK_ERROR | FSCK_USAGE, "failed", "not checked (error)" },
	{ FSCK_UNCORRECTED, "damaged", "errors left uncorrected" },
	{ FSCK_CORRECTED | FSCK_REBOOT, "repaired", "errors corrected" },
};

static int fsck_result_find(int code)
{
	for (size_t i = 0; i < sizeof(fsck_results) / sizeof(fsck_results[0]); i++)
		if (code & fsck_results[i].bits)
			return (int)i;
	return -1;
}

const char *fsck_result_word(int code)
{
	if (code < 0)
		return NULL;
	int i = fsck_result_find(code);
	return i < 0 ? "clean" : fsck_results[i].word;
}

const char *fsck_result_meaning(int code)
{
	if (code < 0)
		return NULL;
	int i = fsck_result_find(code);
	return i < 0 ? "clean" : fsck_results[i].meaning;
}

int fsck_result_from_word(const char *word)
{
	if (!strcmp(word, "clean"))
		return FSCK_OK;
	for (size_t i = 0; i < sizeof(fsck_results) / sizeof(fsck_results[0]); i++)
		if (!strcmp(word, fsck_results[i].word))
			return fsck_results[i].bits & -fsck_results[i].bits; /* its first bit: 1, 4, 8, 32 */
	return FSCK_ERROR;
}
