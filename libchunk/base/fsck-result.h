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

/* One word for CODE, its most serious bit first: "clean", "corrected", "uncorrected",
 * "error" or "cancelled" (the bus's LastResult, JSON); NULL for a negative CODE (never run). */
const char *fsck_result_word(int code);
/* The same as a phrase for people: "errors left uncorrected", "not checked (error)", ... */
const char *fsck_result_meaning(int code);
