#!/bin/bash
# Power cuts under the mount (issue 20): the mount writes its chunks in ordered mode (a file's
# data at once, the rest held until the chunk's next flush, which syncs the data first;
# docs/MOUNT.md, "Ordered writes"). The mount is traced once (strace, with the data of every
# write) through a load of file writes, among them files written into blocks that hold another
# file's old bytes (it was removed before the mount) and into blocks a file removed during the
# load freed. Then tests/tools/powercut.py builds, from the volume as it was before, the state
# a power cut after event N leaves (of the writes since each image's last sync, page by page,
# any prefix), for random N (fixed seeds), every other trial just before a sync that ends 4 or
# more writes (a flush's data and its held blocks, were they not synced apart); the
# DIRTY chunks are repaired, and then every chunk
# is e2fsck-clean, check --all finds nothing, and:
#   a file the load did not touch   is as it was;
#   the file the load removed       is whole or gone;
#   a file the load wrote           is absent, or a prefix of what was written (never another
#                                   file's bytes, old or new), or its tail is named lost.
# POWERCUT_TRIALS cuts (default 48; 12 under ASan), POWERCUT_SEED (1) varies them.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-crash.sh"
. "$SRC/tests/lib-mount.sh"

POWERCUT="python3 $SRC/tests/tools/powercut.py"
TRIALS=${POWERCUT_TRIALS:-48}
[ "${CHUNKFS_SANITIZED:-0}" = 1 ] && TRIALS=${POWERCUT_TRIALS:-12}
SEED=${POWERCUT_SEED:-1}

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null || ! command -v strace >/dev/null; then
	test_skip 'power cuts under the mount' "no /dev/fuse, fusermount3 or strace on this machine"
	test_done
fi

# The old bytes: a run of "Z" no written file has (they are random).
test_expect_success 'setup: a volume whose free blocks hold a removed file'"'"'s bytes' '
	mkdir src && for f in a b n c d1; do head -c $((60000 + ${#f} * 9000)) /dev/urandom >src/$f || return 1; done &&
	head -c 400000 /dev/zero | tr "\0" Z >old &&
	"$CHUNKCTL" mkfs --chunks 3 --size 8M base >/dev/null &&
	"$CHUNKCTL" -V base cp old :/old && "$CHUNKCTL" -V base cp src/a :/a && "$CHUNKCTL" -V base cp src/b :/b &&
	"$CHUNKCTL" -V base rm :/old &&
	grep -q ZZZZZZZZZZZZZZZZ base/chunk-0000.img &&
	expect_status 0 "$CHUNKCTL" -V base check --all >/dev/null
'

is() { "$CHUNKCTL" -V "$1" cat "$2" 2>/dev/null | cmp -s - "$3"; }
absent() { ! "$CHUNKCTL" -V "$1" stat "$2" >/dev/null 2>&1; }
outcome() {
	local f
	is "$1" :/b src/b || die "$2: :/b changed, and the load did not touch it"
	absent "$1" :/a || is "$1" :/a src/a || die "$2: :/a is neither whole nor gone"
	for f in n c d/d1; do
		absent "$1" :/$f || prefix "$1" :/$f src/${f#d/} "$2"
	done
}

# The load: a new file; a removed one, and a new file in the blocks it freed; a directory with
# a file in it. Each file is written in 4 KiB pieces, so that many writes map blocks.
test_expect_success 'the mount traced through a load of writes, removes and new files in freed blocks' '
	cp -a base vc && mkdir -p mnt &&
	no_leaks strace -f -qq -y -e trace=pwrite64,write,lseek,fdatasync,fsync -e write=all -o trace \
		"$BUILD/chunkfs" vc mnt -f -o commit=1 2>mnt.log &
	n=100 && until mountpoint -q mnt; do
		[ $n -gt 0 ] || die "chunkfs under strace: not mounted after 10 s"; sleep 0.1; n=$((n - 1))
	done &&
	dd if=src/n of=mnt/n bs=4096 status=none &&
	rm mnt/a && dd if=src/c of=mnt/c bs=4096 status=none &&
	mkdir mnt/d && dd if=src/d1 of=mnt/d/d1 bs=4096 status=none &&
	fusermount3 -u mnt && wait &&
	outcome vc "not cut" && absent vc :/a &&
	n=$($POWERCUT count trace) && echo "$n events" && [ "$n" -gt 20 ] && echo $n >events &&
	$POWERCUT syncs trace >syncs && [ "$(wc -w <syncs)" -ge 2 ]
'

test_expect_success 'a power cut at any point of it: untouched files as they were, written ones absent or a prefix, never old bytes' '
	n=$(cat events) && read -r -a syncs <syncs && [ "$n" -gt 0 ] && [ ${#syncs[@]} -gt 0 ] && bad=0 &&
	for t in $(seq 1 "$TRIALS"); do
		r=$(( SEED * 7919 + t * 104729 )) &&
		if [ $((t % 2)) = 0 ]; then cut=${syncs[$((r % ${#syncs[@]}))]}; else cut=$((r % (n + 1))); fi &&
		echo "trial $t: cut after event $cut of $n" &&
		rm -rf vk && cp -a base vk &&
		$POWERCUT apply trace vk "$cut" $((SEED * 1000 + t)) >/dev/null || die "powercut.py failed"
		(repair_dirty vk >/dev/null && outcome vk "trial $t, cut after event $cut of $n") || bad=$((bad + 1))
	done &&
	[ $bad -eq 0 ] || die "wrong after $bad of $TRIALS power cuts"
'

test_done
