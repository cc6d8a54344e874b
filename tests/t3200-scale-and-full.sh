#!/bin/bash
# Opening touches only the chunks an operation needs; a full volume leaves no half-made
# continuation behind.
. "$(dirname "$0")/test-lib.sh"

chunk_opens() { # chunk_opens CMD...: how many distinct chunk images the command opened
	strace -f -qq -e trace=openat -o trace.out "$@" >/dev/null 2>&1
	grep -o 'chunk-[0-9]*\.img' trace.out | sort -u | wc -l
}

if command -v strace >/dev/null; then
	test_expect_success 'ls / on a 512-chunk volume opens one chunk' '
		"$CHUNKCTL" mkfs --chunks 512 --size 2M big >/dev/null &&
		"$CHUNKCTL" -V big mkdir :/a :/b &&
		n=$(chunk_opens "$CHUNKCTL" -V big ls :/) && echo "opened $n chunks" && test "$n" -eq 1
	'
else
	test_skip 'ls / on a 512-chunk volume opens one chunk' "strace is not installed"
fi

test_expect_success 'filling the whole volume ends in ENOSPC with every chunk clean' '
	"$CHUNKCTL" mkfs --chunks 4 --size 4M --threshold 4K small >/dev/null &&
	mkdir fill && for i in $(seq 1 60); do head -c 300000 /dev/urandom >fill/f$i; done &&
	expect_status 1 "$CHUNKCTL" -V small cp -r fill :/ 2>err &&
	grep -q "No space left on device" err &&
	e2fsck_clean small/chunk-*.img
'

test_expect_success 'after ENOSPC every continuation is named by its head and the index agrees' '
	for k in 0 1 2 3; do
		"$CHUNKCTL" -V small refs $k | grep "^  " | LC_ALL=C sort >idx.$k &&
		chunkscan small/chunk-000$k.img $k | LC_ALL=C sort >scan.$k &&
		diff idx.$k scan.$k || return 1
	done &&
	cat idx.* | awk "{ if (\$2 == \"out\") print \$1, \"in\", \$7, \$8, \$9, \"<-\", \$3, \$4, \$5;
		else print \$1, \$2, \$3, \$4, \$5, \$6, \$7, \$8, \$9 }" | LC_ALL=C sort | uniq -c | awk "\$1 != 2" >unpaired &&
	test ! -s unpaired
'

test_expect_success 'files that were copied before ENOSPC read back intact' '
	"$CHUNKCTL" -V small ls :/fill >names &&
	test -s names &&
	while read -r f; do
		if "$CHUNKCTL" -V small cat ":/fill/$f" >got 2>/dev/null && cmp -s got "fill/$f"; then :; else
			size=$(stat -c %s got); head -c "$size" "fill/$f" | cmp - got || return 1; fi
	done <names
'

test_expect_success 'when the root chunk runs out of inodes, the volume goes on growing in the other chunks' '
	"$CHUNKCTL" mkfs --chunks 16 --size 8M few >/dev/null &&
	inodes=$(dumpe2fs -h few/chunk-0000.img 2>/dev/null | sed -n "s/^Inode count: *//p") &&
	mkdir -p many/a && (cd many/a && seq 1 $inodes | xargs touch) &&
	for d in $(seq 1 12); do mkdir many/b$d && echo $d >many/b$d/f; done &&
	"$CHUNKCTL" -V few cp -r many :/many &&
	"$CHUNKCTL" -V few df &&
	test "$("$CHUNKCTL" -V few ls :/many/a | wc -l)" = $inodes &&
	for d in $(seq 1 12); do test "$("$CHUNKCTL" -V few cat :/many/b$d/f)" = $d || return 1; done &&
	e2fsck_clean few/chunk-*.img &&
	"$CHUNKCTL" -V few check --all --e2fsck /bin/true >out || { cat out; false; }
'

test_done
