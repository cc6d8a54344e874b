#!/bin/bash
# cref on the corrupted images of e2fsprogs' test suite: it must read every one without
# crashing (also under ASan+UBSan), skip what is corrupt and say how much it skipped. The
# reports on the images named below are compared whole with tests/expect/t5002/, as
# e2fsprogs' tests hold e2fsck's on the same images.
. "$(dirname "$0")/test-lib.sh"

if ! command -v jq >/dev/null; then
	test_skip 'the cref stories' 'jq is not installed (Debian package jq)'
	test_done
fi

IMAGES=$SHARED/e2fs-images

if ! ls "$IMAGES"/*.img.gz >/dev/null 2>&1; then
	test_skip 'cref reads every corrupted image' "no images in $IMAGES"
	test_done
fi

unpack() { gunzip -c "$IMAGES/$1.img.gz" >"$TRASH/$1.img"; }
report_is() { # report_is NAME: the human report on image NAME, warnings first, is the expected one
	"$CHUNKCTL" cref "$1.img" >"$1.report" 2>&1 && test_cmp_output "$EXPECT/$1.report" "$1.report"
}

test_expect_success 'cref reads every corrupted image and reports JSON for each' '
	for gz in "$IMAGES"/*.img.gz; do
		name=$(basename "$gz" .img.gz) &&
		unpack "$name" &&
		for size in 1 1G; do
			rc=0
			"$CHUNKCTL" cref --chunk-size $size --json "$name.img" >"$name.json" 2>"$name.err" || rc=$?
			[ $rc -eq 0 ] || { cat "$name.err"; die "$name: exit $rc"; }
			jq -e ".total_refs == .intra_file_refs + .dir_file_refs + .dir_subdir_refs" "$name.json" >/dev/null ||
				die "$name: bad JSON"
		done &&
		"$CHUNKCTL" cref --chunk-size 1 "$name.img" >/dev/null 2>&1 || die "$name: human report failed"
	done
'

test_expect_success 'illegal blocks in an inode are counted, not followed' '
	unpack f_lotsbad && report_is f_lotsbad &&
	"$CHUNKCTL" cref --json f_lotsbad.img | jq -e ".bad_blocks > 0"
'

test_expect_success 'a zeroed primary superblock: the backup is used and named' '
	unpack f_zero_super && report_is f_zero_super &&
	"$CHUNKCTL" cref --json f_zero_super.img 2>err | jq -e ".superblock == 8193 and .files > 0" &&
	grep -q "using backup at block 8193" err
'

test_expect_success 'zeroed group descriptors: the backup is used' '
	unpack f_zero_group && report_is f_zero_group &&
	"$CHUNKCTL" cref --json f_zero_group.img 2>/dev/null | jq -e ".superblock == 8193 and .directories > 0"
'

test_expect_success 'an inode table outside the file system: its group is skipped and counted' '
	unpack f_illitable && report_is f_illitable &&
	"$CHUNKCTL" cref --json f_illitable.img 2>/dev/null | jq -e ".skipped_groups >= 1"
'

test_expect_success 'corrupted directory blocks are counted' '
	unpack f_baddir && report_is f_baddir &&
	"$CHUNKCTL" cref --json f_baddir.img | jq -e ".bad_dir_blocks + .bad_dirents > 0"
'

test_expect_success 'a bad extent leaf is counted and the scan goes on' '
	unpack f_extent_leaf_bad_magic && report_is f_extent_leaf_bad_magic &&
	"$CHUNKCTL" cref --json f_extent_leaf_bad_magic.img | jq -e ".bad_blocks >= 1 and .files >= 1"
'

# Without group checksums every inode table is read, also the ten past the cut; the files,
# all in group 0, are still all found.
test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg,^metadata_csum,^uninit_bg -d "$SRC/libchunk" cut.img 16M &&
	files=$("$CHUNKCTL" cref --json cut.img | jq .files) &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups == 10 and .files == $files" j
'

test_done
