#!/bin/bash
# A superblock libext2fs cannot be given (a zero s_desc_size on a 64-bit file system makes
# ext2fs_open2 divide by zero, in e2fsck 1.47 as well) is refused by chunk open and by cref with
# the image and the field named; every superblock field set to 0, 1 and its largest value
# crashes neither, under ASan too (tests/tools/sbfuzz.c), and e2fsck's outcome is noted.
. "$(dirname "$0")/test-lib.sh"

# sbfuzz hides libext2fs's complaints (stderr) and counts a case as crashed unless it ends
# normally: a sanitizer's report must end it.
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}halt_on_error=1"

V=$TRASH/vol
sums() { sha256sum "$V"/chunk-*.img; }

test_expect_success 'setup: a volume with files in its chunks, and a 64-bit ext4 of one group' '
	"$CHUNKCTL" mkfs --chunks 4 --size 8M --threshold 8K "$V" >/dev/null &&
	mkdir -p src && head -c 300000 /dev/urandom >src/big &&
	for i in $(seq 1 20); do echo "file $i" >src/f$i; done &&
	"$CHUNKCTL" -V "$V" cp -r src :/ &&
	cp "$V/chunk-0001.img" chunk1.img &&
	mke2fs -q -F -t ext4 -O 64bit -b 1024 -d src one-group.img 8M &&
	dumpe2fs -h one-group.img 2>/dev/null | grep -q "^Filesystem features:.* 64bit" &&
	e2fsck_clean chunk1.img one-group.img
'

test_expect_success 'a 64-bit chunk without a descriptor size: refused by name, the others readable, nothing written' '
	debugfs -w -R "feature 64bit" "$V/chunk-0001.img" >/dev/null 2>&1 &&
	sums >before &&
	expect_status 1 "$CHUNKCTL" -V "$V" df >out 2>err &&
	grep "chunk-0001.img (chunk 1): superblock: s_desc_size 0 on a 64-bit file system" err &&
	grep -E "^ +2 +8388608 .* clean" out &&
	sums >after && diff before after &&
	cp chunk1.img "$V/chunk-0001.img"
'

test_expect_success 'check of that chunk names the field; repair rebuilds the superblock from its backup' '
	debugfs -w -R "feature 64bit" "$V/chunk-0001.img" >/dev/null 2>&1 &&
	expect_status 4 "$CHUNKCTL" -V "$V" check 1 >out &&
	grep "primary superblock is damaged (s_desc_size 0 on a 64-bit file system .*); group 1 has a backup" out &&
	expect_status 1 "$CHUNKCTL" -V "$V" repair 1 >out &&
	grep "rebuilt by e2fsck from the backup" out &&
	expect_status 0 "$CHUNKCTL" -V "$V" check --all >/dev/null &&
	e2fsck_clean "$V"/chunk-*.img &&
	"$CHUNKCTL" -V "$V" cat :/src/big | cmp - src/big
'

test_expect_success 'cref of a 64-bit file system without a descriptor size and no backup: refused by name' '
	cp one-group.img nodesc.img && sbfuzz --set s_desc_size=0 nodesc.img &&
	expect_status 1 "$CHUNKCTL" cref nodesc.img 2>err &&
	grep "nodesc.img: not a readable ext2/3/4 file system: superblock: s_desc_size 0 on a 64-bit file system" err
'

test_expect_success 'a superblock whose checksum does not match: chunk open says so' '
	cp "$V/chunk-0002.img" chunk2.img && sbfuzz --set s_checksum=0 "$V/chunk-0002.img" &&
	expect_status 1 "$CHUNKCTL" -V "$V" df >/dev/null 2>err &&
	grep "chunk-0002.img (chunk 2): cannot open: Superblock checksum does not match superblock" err &&
	cp chunk2.img "$V/chunk-0002.img"
'

test_expect_success 'each superblock field at 0, 1 and max: chunk open and cref of a chunk, no crash, refusals named' '
	sbfuzz chunk1.img 1 >log || { grep -v "^ok " log; die "sbfuzz failed"; } &&
	tail -1 log && grep -Eq "^2[0-9][0-9] cases, 0 failed" log &&
	grep "^ok s_magic=0: chunk open refused, cref refused" log &&
	grep "^ok s_inodes_per_group=0: chunk open refused, cref refused" log &&
	grep "^ok s_log_block_size=max: chunk open refused, cref refused" log &&
	grep "^ok s_mtime=max: chunk open ok, cref ok" log
'

test_expect_success 'the same on a 64-bit ext4 of one group, e2fsck -fn noted beside' '
	sbfuzz --e2fsck one-group.img 0 >log || { grep -v "^ok " log; die "sbfuzz failed"; } &&
	tail -1 log && grep -Eq "^2[0-9][0-9] cases, 0 failed" log &&
	grep "^ok s_desc_size=0: chunk open refused, cref refused" log &&
	echo "where e2fsck -fn itself crashed or hung:" && { grep "e2fsck -fn: killed" log || :; }
'

test_done
