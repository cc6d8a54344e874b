#!/bin/bash
# Placement spreads a tree over the chunks (libchunk/namespace/dir-place.c): a small tree stays
# in its directory's chunk, a large one leaves no chunk holding a large multiple of the average
# number of inodes, and the volume it makes checks clean and reads back.
. "$(dirname "$0")/test-lib.sh"

# "max mean" of the inodes in use per chunk of volume $1.
inode_spread() {
	"$CHUNKCTL" -V "$1" df --bytes | awk '$1 ~ /^[0-9]+$/ { used = $6 - $7; sum += used; n++; if (used > max) max = used }
		END { printf "%d %d\n", max, sum / n }'
}

test_expect_success 'a small tree stays in the chunk of its directory' '
	"$CHUNKCTL" mkfs --chunks 4 --size 8M small >/dev/null &&
	mkdir -p few/d1/sub few/d2 &&
	for i in $(seq 1 20); do echo $i >few/d1/f$i; echo $i >few/d2/f$i; echo $i >few/d1/sub/f$i; done &&
	"$CHUNKCTL" -V small cp -r few :/few &&
	for p in few few/d1 few/d1/sub few/d2 few/d1/f7 few/d2/f20 few/d1/sub/f1; do
		"$CHUNKCTL" -V small stat :/$p >st &&
		grep -q "^  Chain: 0 continuations" st && grep -q "(chunk 0, " st || { cat st; die "$p left chunk 0"; }
	done
'

# 8 chunks of 4096 inodes (the slack over the mean is then 1024 inodes); 5500 files and
# directories: one directory of 3000 files, four of 600 under one parent, and twenty small
# top-level ones. Before placement spread, the root's chunk filled up (4080 inodes) and spilled
# into the next, near 6 times the mean.
test_expect_success 'a tree of 5500 inodes over 8 chunks: no chunk holds more than 3 times the mean' '
	"$CHUNKCTL" mkfs --chunks 8 --size 32M vol >/dev/null &&
	mkdir -p tree/big tree/mid &&
	(cd tree/big && seq 1 3000 | sed "s/^/f/" | xargs touch) &&
	for d in 1 2 3 4; do mkdir tree/mid/m$d && (cd tree/mid/m$d && seq 1 600 | xargs touch); done &&
	for d in $(seq 1 20); do mkdir tree/top$d && echo $d >tree/top$d/f && echo $d >tree/top$d/g; done &&
	"$CHUNKCTL" -V vol cp -r tree :/tree &&
	"$CHUNKCTL" -V vol df &&
	read max mean < <(inode_spread vol) &&
	echo "max $max mean $mean" &&
	test "$max" -le $((mean * 3))
'

test_expect_success 'the spread tree checks clean and reads back whole' '
	"$CHUNKCTL" -V vol check --all >out || { cat out; false; } &&
	e2fsck_clean vol/chunk-*.img &&
	test "$("$CHUNKCTL" -V vol ls :/tree/big | wc -l)" = 3000 &&
	for d in 1 2 3 4; do test "$("$CHUNKCTL" -V vol ls :/tree/mid/m$d | wc -l)" = 600 || return 1; done &&
	for d in $(seq 1 20); do test "$("$CHUNKCTL" -V vol cat :/tree/top$d/g)" = $d || return 1; done
'

test_expect_success 'a directory that spilled over keeps its entries where its inodes are' '
	"$CHUNKCTL" -V vol stat :/tree/big >st &&
	grep -q "^  Chain: [1-9][0-9]* continuation" st || { cat st; false; }
'

test_done
