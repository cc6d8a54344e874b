#!/bin/bash
# The stories that read ../shared (e2fsprogs' corrupted images in e2fs-images/, the pjdfstest
# source in pjdfstest/) skip, saying what is missing and where, when it is not there: a clone
# without ../shared passes the rest of the suite, and never fails obscurely.
. "$(dirname "$0")/test-lib.sh"

# without_shared STORY: the story run with ../shared pointing at nothing; its result lines.
without_shared() {
	CHUNKFS_SHARED=$TRASH/no-shared bash "$SRC/tests/$1" >"$1.out" 2>&1 || :
	cat "$1.out"
	! grep -q "^not ok" "$1.out" || die "$1 failed without ../shared"
}

test_expect_success 'the e2fsprogs image stories skip without ../shared/e2fs-images, naming it' '
	for t in t4200-check-e2fs-images.sh t5002-cref-damaged.sh; do
		without_shared $t &&
		grep -q "^skip .*(skipped: .*$TRASH/no-shared/e2fs-images)$" $t.out || die "$t: no skip naming the folder"
	done
'

test_expect_success 'the pjdfstest story skips without ../shared/pjdfstest, naming it' '
	without_shared t8000-mount-pjdfstest.sh &&
	grep -q "^skip .*(skipped: .*$TRASH/no-shared/pjdfstest/src.*)$" t8000-mount-pjdfstest.sh.out ||
	grep -q "^skip .*(skipped: \(chunkfs mount not built yet\|needs root.*\|sanitized build.*\))$" t8000-mount-pjdfstest.sh.out
'

test_done
