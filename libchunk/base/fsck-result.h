/* The fsck(8) exit codes a check or repair returns, with the word and the phrase each one has
 * in reports, in chunkctl's output and on the bus: the one table every program uses. */
#pragma once

enum fsck_result {
	FSCK_OK          = 0,
	FSCK_CORRECTED   = 1,
	FSCK_REBOOT      = 2,   /* corrected, reboot needed (e2fsck on a mounted root) */
	FSCK_UNCORRECTED = 4,
	FSCK_ERROR       = 8,   /* operational error */
	FSCK_USAGE       = 16,
	FSCK_CANCELED    = 32,
};

/* The outcome of a check, a repair or a daemon's job in one word, CODE's most serious bit
 * first: "clean", "repaired", "damaged" (errors left), "failed" (not checked: an error) or
 * "cancelled"; NULL for a negative CODE (never run). The same word everywhere: "outcome" in
 * every --json, status's last_result, the bus's LastResult and JobFinished, the logs. */
const char *fsck_result_word(int code);
/* The code a word stands for: 0, 1, 4, 8 or 32; FSCK_ERROR for a word not among them. */
int fsck_result_from_word(const char *word);
/* The same as a phrase for people: "errors left uncorrected", "not checked (error)", ... */
const char *fsck_result_meaning(int code);
