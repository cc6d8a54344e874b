/* The fsck(8) result table (fsck-result.h). */
#include <stddef.h>

#include "libchunk/base/fsck-result.h"

static const struct {
	int bits;
	const char *word, *meaning;
} fsck_results[] = {
	/* Most serious first: a code with several bits set is named by the first that matches. */
	{ FSCK_CANCELED, "cancelled", "cancelled" },
	{ FSCK_ERROR | FSCK_USAGE, "error", "not checked (error)" },
	{ FSCK_UNCORRECTED, "uncorrected", "errors left uncorrected" },
	{ FSCK_CORRECTED | FSCK_REBOOT, "corrected", "errors corrected" },
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
