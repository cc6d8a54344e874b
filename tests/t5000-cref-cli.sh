#!/bin/bash
# chunkctl cref from the admin's side: options, errors, the human report, sweep, progress. The
# reports of an image whose layout is fixed are compared whole with tests/expect/t5000/.
. "$(dirname "$0")/test-lib.sh"

if ! command -v jq >/dev/null; then
	test_skip 'the cref stories' 'jq is not installed (Debian package jq)'
	test_done
fi

mkimg() { # a small ext4 image holding a real tree
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 2048 -d "$SRC/libchunk" "$1" 32M
}

# An image whose every inode and block is placed in a chosen group (the tool and its spec as in
# t5001): its report is the same everywhere, while mkimg's tree changes with the code.
# 16 groups of 1 MiB; --chunk-size 2M makes chunk N = groups 2N, 2N+1.
layout_img() {
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 256 -I 256 -O ^flex_bg,^resize_inode,^has_journal "$1" 16M &&
	"$BUILD/tests/mkcrefimg" "$1" - >/dev/null <<-SPEC
	dir  /a    igroup=1 blocks=0:1:1
	dir  /b    igroup=2 blocks=0:3:1
	file /a/f1 igroup=1 blocks=0:1:4
	file /a/f2 igroup=4 blocks=0:5:2,2:6:2
	file /b/big igroup=2 tree=8 blocks=0:2:1,1:9:1,2:2:1,3:9:1,4:10:1
	link /b/f2 /a/f2
	fifo /b/p  igroup=11
	symlink /a/s igroup=1 target=f1
	SPEC
}

test_expect_success 'cref --help describes the options' '
	"$CHUNKCTL" cref --help >out &&
	grep -q -- "--chunk-size SIZE" out && grep -q -- "--sweep" out && grep -q -- "--rule all|data-only" out
'

test_expect_success 'cref without a device is a usage error' '
	expect_status 2 "$CHUNKCTL" cref 2>err &&
	grep -q "no device or image given" err
'

test_expect_success 'cref names a missing image' '
	expect_status 1 "$CHUNKCTL" cref "$TRASH/nothere.img" 2>err &&
	grep -q "nothere.img" err
'

test_expect_success 'cref refuses a file that is not a file system, naming it' '
	head -c 1048576 /dev/zero >zero.img &&
	expect_status 1 "$CHUNKCTL" cref zero.img 2>err &&
	grep -q "zero.img" err
'

test_expect_success 'cref --volume names a volume that is not there' '
	expect_status 1 "$CHUNKCTL" cref --volume "$TRASH/no-such-vol" 2>err &&
	grep -q "no-such-vol" err
'

test_expect_success 'cref rejects a bad chunk size, rule and model by name' '
	mkimg a.img &&
	expect_status 2 "$CHUNKCTL" cref --chunk-size 12Q a.img 2>err && grep -q "12Q" err &&
	expect_status 2 "$CHUNKCTL" cref --rule some a.img 2>err && grep -q "some" err &&
	expect_status 2 "$CHUNKCTL" cref --model floppy a.img 2>err && grep -q "floppy" err &&
	expect_status 2 "$CHUNKCTL" cref --sweep 1G,,x a.img 2>err && grep -q "sweep" err
'

test_expect_success 'the human report has the fields of the 2007 tool' '
	layout_img l.img &&
	"$CHUNKCTL" cref --chunk-size 2M l.img >out &&
	test_cmp_output "$EXPECT/report" out
'

test_expect_success 'no progress or warnings on stderr when it is not a terminal' '
	mkimg a.img &&
	"$CHUNKCTL" cref a.img >out 2>err &&
	test ! -s err
'

test_expect_success 'one model, or a disk of ones own, replaces the three' '
	mkimg a.img &&
	"$CHUNKCTL" cref --model ssd --json a.img | jq -e ".models | length == 1 and .[0].name == \"ssd\"" &&
	"$CHUNKCTL" cref --seek-ms 4 --rotation-rpm 15000 --bandwidth 200 --json a.img >j &&
	jq -e ".models[0] | .name == \"custom\" and .access_ms == 6 and .bandwidth_mb_s == 200" j
'

test_expect_success 'the JSON has the figures of the human report, the adjacency and the models' '
	layout_img l.img &&
	"$CHUNKCTL" cref --chunk-size 2M --adjacency --json l.img >j &&
	test_cmp_json "$EXPECT/report.json" j
'

test_expect_success 'a sweep row equals a single run at that chunk size' '
	layout_img l.img &&
	"$CHUNKCTL" cref --sweep 1M,4M,1G --json l.img >sweep &&
	jq -e "length == 3" sweep &&
	for i in 0 1 2; do
		size=$(jq ".[$i].chunk_size_bytes" sweep) &&
		"$CHUNKCTL" cref --chunk-size "$size" --json l.img >one &&
		test "$(jq -c "del(.models)" one)" = "$(jq -c ".[$i] | del(.models)" sweep)" || die "row $i differs"
	done &&
	"$CHUNKCTL" cref --sweep 1M,4M,1G l.img >table &&
	test_cmp_output "$EXPECT/sweep" table
'

test_expect_success 'every reference touches two chunks and one pair' '
	mkdir -p tree && cp -r "$SRC/libchunk" "$SRC/chunkctl" /usr/include/linux tree/ &&
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 4096 -O ^flex_bg -d tree tree.img 64M &&
	"$CHUNKCTL" cref --chunk-size 1M --adjacency --json tree.img >j &&
	jq -e "([.per_chunk_refs[]] | add) == 2 * .total_refs" j &&
	jq -e "([.adjacency[][2]] | add // 0) == .total_refs" j &&
	jq -e ".busiest.refs == ([.per_chunk_refs[]] | max) and .per_chunk_refs[.busiest.chunk] == .busiest.refs" j &&
	jq -e "([.busiest.peers[]] | add // 0) == .busiest.refs" j
'

test_expect_success 'a chunk as large as the file system has no references' '
	mkimg a.img &&
	"$CHUNKCTL" cref --chunk-size 1T --json a.img | jq -e ".chunks == 1 and .total_refs == 0"
'

test_expect_success 'the data-only rule never counts more intra-file references' '
	mkimg a.img &&
	all=$("$CHUNKCTL" cref --chunk-size 1M --json a.img | jq .intra_file_refs) &&
	data=$("$CHUNKCTL" cref --chunk-size 1M --rule data-only --json a.img | jq .intra_file_refs) &&
	test "$data" -le "$all"
'

test_expect_success 'progress goes to stderr when asked for' '
	mke2fs -q -F -t ext4 -N 140000 -d "$SRC/libchunk" big.img 256M &&
	"$CHUNKCTL" cref --progress big.img >out 2>err &&
	grep -q "cref: inodes" err && ! grep -q "cref:" out
'

if mkimg dev.img && loop=$(losetup -r --find --show "$TRASH/dev.img" 2>/dev/null); then
	test_at_end "losetup -d $loop"
	test_expect_success 'a block device counts the same as its image' '
		"$CHUNKCTL" cref --chunk-size 2M --json "$TRASH/dev.img" | jq -c "del(.path, .models)" >img.json &&
		"$CHUNKCTL" cref --chunk-size 2M --json "$loop" | jq -c "del(.path, .models)" >dev.json &&
		cmp img.json dev.json
	'
else
	test_skip 'a block device counts the same as its image' 'no loop device here'
fi

if mkdir mnt && mkimg m.img && mount -o loop,ro m.img mnt 2>/dev/null; then
	test_at_end "umount $TRASH/mnt"
	test_expect_success 'a mounted file system is read with a warning' '
		dev=$(findmnt -n -o SOURCE "$TRASH/mnt") &&
		"$CHUNKCTL" cref --json "$dev" >j 2>err &&
		grep -q "is mounted; the figures may be inexact" err &&
		jq -e ".mounted == true" j
	'
	umount "$TRASH/mnt"
else
	test_skip 'a mounted file system is read with a warning' 'cannot loop-mount here'
fi

test_done
