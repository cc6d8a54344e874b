#!/bin/bash
# After a crash only the chunks being written need a repair, and placement keeps them few
# (libchunk/namespace/dir-place.c, "hot" chunks): a tree copied into a mount in one go fills the
# chunks it is writing up to their share before it makes another DIRTY, so kill -9 of the mount
# leaves no more DIRTY chunks than the tree needs, and repair --dirty of just those brings back
# every file.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-crash.sh"
. "$SRC/tests/lib-mount.sh"

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'DIRTY chunks after a crash mid-copy' "no /dev/fuse or fusermount3 on this machine"
	test_done
fi

# 8 chunks of 4096 inodes (a share: the mean in use plus 1024); 5545 files and directories,
# as in t3210: they need 4 chunks at their share. Placement that went to the emptiest chunk at
# each spill wrote 6.
test_expect_success 'a tree of 5500 inodes copied in, then kill -9: at most 4 of 8 chunks DIRTY' '
	"$CHUNKCTL" mkfs --chunks 8 --size 32M vol >/dev/null &&
	mkdir -p tree/big tree/mid &&
	(cd tree/big && seq 1 3000 | sed "s/^/f/" | xargs touch) &&
	for d in 1 2 3 4; do mkdir tree/mid/m$d && (cd tree/mid/m$d && seq 1 600 | xargs touch); done &&
	for d in $(seq 1 20); do mkdir tree/top$d && echo $d >tree/top$d/f && echo $d >tree/top$d/g; done &&
	mount_chunkfs vol mnt -o commit=600 &&
	cp -a tree mnt/tree &&
	sync mnt/tree/top20/g mnt/tree/big/f3000 mnt/tree/mid/m4/600 &&
	kill -9 "$(cat mnt.pid)" && chunkfs_wait_exit mnt && umount -l mnt &&
	chunk_states vol >states &&
	cat states &&
	dirty=$(awk "\$2 == \"dirty\"" states | wc -l) &&
	echo "DIRTY: $dirty" &&
	[ "$dirty" -ge 1 ] && [ "$dirty" -le 4 ]
'

test_expect_success 'repair --dirty repairs just those, and every file is back' '
	st=0 && { "$CHUNKCTL" -V vol repair --dirty --json >rep.json || st=$?; } &&
	{ [ $st -le 1 ] || { cat rep.json; false; }; } &&
	repaired=$(python3 -c "import json,sys; print(len(json.load(open(\"rep.json\"))[\"chunks\"]))") &&
	echo "repaired: $repaired" &&
	[ "$repaired" = "$(awk "\$2 == \"dirty\"" states | wc -l)" ] &&
	{ "$CHUNKCTL" -V vol check --all >out || { cat out; false; }; } &&
	"$CHUNKCTL" -V vol cp -r :/tree back &&
	diff -r tree back
'

test_done
