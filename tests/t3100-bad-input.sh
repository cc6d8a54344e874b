#!/bin/bash
# Bad chunks and bad arguments: each a clear error naming the thing that is wrong, and no write.
. "$(dirname "$0")/test-lib.sh"

V=$TRASH/vol
sums() { sha256sum "$V"/chunk-*.img "$@"; }

test_expect_success 'setup: a 4-chunk volume with files in every chunk' '
	"$CHUNKCTL" mkfs --chunks 4 --size 8M --threshold 8K "$V" >/dev/null &&
	mkdir -p src/d && head -c 3000000 /dev/urandom >src/d/big && echo small >src/small &&
	for i in $(seq 1 40); do head -c 20000 /dev/urandom >src/d/f$i; done &&
	"$CHUNKCTL" -V "$V" cp -r src :/ &&
	e2fsck_clean "$V"/chunk-*.img
'

test_expect_success 'a file that is not ext2/ext4 as a chunk: error names it, nothing written' '
	cp "$V/chunk-0002.img" saved2 &&
	head -c 8M /dev/zero >"$V/chunk-0002.img" && sums >before &&
	expect_status 1 "$CHUNKCTL" -V "$V" refs 2 2>err &&
	grep -q "chunk-0002.img.*not an ext2/ext4 file system" err &&
	sums >after && diff before after &&
	cp saved2 "$V/chunk-0002.img"
'

test_expect_success 'a chunk of another volume: refused by name, nothing written' '
	"$CHUNKCTL" mkfs --chunks 4 --size 8M other >/dev/null &&
	cp "$V/chunk-0001.img" saved1 && cp other/chunk-0001.img "$V/chunk-0001.img" && sums >before &&
	expect_status 1 "$CHUNKCTL" -V "$V" df >/dev/null 2>err &&
	grep -q "chunk-0001.img (chunk 1): belongs to volume" err &&
	sums >after && diff before after &&
	cp saved1 "$V/chunk-0001.img"
'

test_expect_success 'a chunk at the wrong place (two chunks swapped) is refused by name' '
	cp "$V/chunk-0003.img" saved3 && cp "$V/chunk-0000.img" "$V/chunk-0003.img" && sums >before &&
	expect_status 1 "$CHUNKCTL" -V "$V" df >/dev/null 2>err &&
	grep -q "chunk-0003.img (chunk 3): holds chunk 0 of its volume, not chunk 3" err &&
	sums >after && diff before after &&
	cp saved3 "$V/chunk-0003.img"
'

test_expect_success 'a missing chunk: the rest stays readable, its data reads as EIO' '
	mv "$V/chunk-0003.img" saved3 &&
	"$CHUNKCTL" -V "$V" cat :/src/small >got && echo small | cmp - got &&
	ok=0 eio=0 &&
	for i in $(seq 1 40); do
		if "$CHUNKCTL" -V "$V" cat :/src/d/f$i >got 2>err; then cmp got src/d/f$i && ok=$((ok + 1));
		else grep -q "Input/output error" err && eio=$((eio + 1)); fi
	done &&
	echo "readable $ok, EIO $eio" && test $ok -gt 0 &&
	mv saved3 "$V/chunk-0003.img"
'

test_expect_success 'a truncated image is refused as truncated, nothing written' '
	cp "$V/chunk-0002.img" saved2 && truncate -s 4M "$V/chunk-0002.img" && sums >before &&
	expect_status 1 "$CHUNKCTL" -V "$V" df >/dev/null 2>err &&
	grep -q "chunk-0002.img (chunk 2): image is truncated" err &&
	sums >after && diff before after &&
	cp saved2 "$V/chunk-0002.img"
'

if mkdir mnt && mount -o loop,ro "$V/chunk-0001.img" mnt 2>/dev/null; then
	test_at_end "umount '$TRASH/mnt'"
	test_expect_success 'a mounted chunk is refused as mounted, nothing written' '
		sums >before &&
		expect_status 1 "$CHUNKCTL" -V "$V" df >/dev/null 2>err &&
		grep -q "chunk-0001.img (chunk 1): is mounted" err &&
		sums >after && diff before after
	'
	umount mnt
else
	test_skip 'a mounted chunk is refused as mounted' "cannot loop-mount here (needs root and loop devices)"
fi

test_expect_success 'a volume file with errors names file:line' '
	printf "[volume]\nuuid = 1234\n" >bad.conf &&
	expect_status 1 "$CHUNKCTL" -V bad.conf ls 2>err && grep -q "bad.conf:2: uuid" err &&
	printf "[volume]\ncolour = blue\n" >bad2.conf &&
	expect_status 1 "$CHUNKCTL" -V bad2.conf ls 2>err && grep -q "bad2.conf:2: unknown key .colour." err
'

test_expect_success 'mkfs refuses to overwrite a volume' '
	sums >before &&
	expect_status 1 "$CHUNKCTL" mkfs --chunks 4 --size 8M "$V" 2>err && grep -q "already exists" err &&
	sums >after && diff before after
'

test_expect_success 'usage errors exit 2 and say what is wrong' '
	expect_status 2 "$CHUNKCTL" frobnicate 2>err && grep -q "unknown command" err &&
	expect_status 2 "$CHUNKCTL" mkfs --chunks 0 --size 8M x 2>err && grep -q "chunks" err &&
	expect_status 2 "$CHUNKCTL" -V "$V" cp src 2>err &&
	expect_status 2 "$CHUNKCTL" -V "$V" refs 9 2>err && grep -q "no chunk 9" err &&
	expect_status 2 "$CHUNKCTL" ls 2>err && grep -q "needs a volume" err &&
	"$CHUNKCTL" cp --help | grep -q Usage
'

test_expect_success 'a volume file that does not exist is named' '
	expect_status 1 "$CHUNKCTL" -V "$TRASH/nope" ls 2>err && grep -q "nope" err
'

test_expect_success 'the volume is still clean after all of it' '
	e2fsck_clean "$V"/chunk-*.img && "$CHUNKCTL" -V "$V" cat :/src/d/big | cmp - src/d/big
'

test_done
