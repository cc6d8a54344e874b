#!/bin/bash
# The commit interval bounds what a crash loses, also on a chunk that is never idle (issue 20):
# the mount holds a chunk's metadata until the chunk's next flush (ordered writes,
# docs/MOUNT.md), and the flusher flushes every chunk written since its last round, idle or
# not. A file appended to without pause, never fsync'd, is after kill -9 and repair --dirty at
# least as long as it was a few commit intervals before the kill, and its bytes are the ones
# written.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-crash.sh"
. "$SRC/tests/lib-mount.sh"

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'the commit interval on a busy chunk' "no /dev/fuse or fusermount3 on this machine"
	test_done
fi

test_expect_success 'a file appended to without pause: after kill -9, at least what it held 3 commit intervals before' '
	"$CHUNKCTL" mkfs --chunks 2 --size 32M vol >/dev/null &&
	mount_chunkfs vol mnt -o commit=1 &&
	head -c 4096 /dev/urandom >piece &&
	( while :; do cat piece >>mnt/log || exit; sleep 0.1; done ) &
	w=$! &&
	sleep 2 && cp mnt/log then && size=$(stat -c %s then) && echo "$size bytes after 2 s" &&
	sleep 3.5 &&
	kill -9 "$(cat mnt.pid)" && chunkfs_wait_exit mnt &&
	{ kill "$w" 2>/dev/null || :; } && { wait "$w" 2>/dev/null || :; } && # it may have ended at its write error
	umount -l mnt &&
	[ "$size" -gt 40000 ] &&
	repair_dirty vol &&
	"$CHUNKCTL" -V vol cat :/log >now &&
	echo "$(stat -c %s now) bytes after the crash" &&
	[ "$(stat -c %s now)" -ge "$size" ] && cmp -n "$size" now then
'

test_done
