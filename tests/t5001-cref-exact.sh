#!/bin/bash
# Exact counts: mkcrefimg places every inode and block in a chosen group of a small image, and
# the expected figures below are reasoned out from that layout by hand.
#
# All images: 1 KiB blocks, 1024 blocks (1 MiB) and 16 inodes per group, 16 groups, no
# flex_bg, no journal, so that mke2fs leaves root (inode 2) and lost+found (inode 11) with
# their blocks in group 0 and nothing else outside the groups' own metadata.
# --chunk-size 1M makes chunk N = group N; --chunk-size 2M makes chunk N = groups 2N, 2N+1.
. "$(dirname "$0")/test-lib.sh"

if ! command -v jq >/dev/null; then
	test_skip 'the cref stories' 'jq is not installed (Debian package jq)'
	test_done
fi

MKCREFIMG=$BUILD/tests/mkcrefimg

mkfs_small() { # mkfs_small IMAGE TYPE [mke2fs -O features]
	mke2fs -q -F -t "$2" -b 1024 -g 1024 -N 256 -I 256 ${3:+-O "$3"} "$1" 16M
}

# cref_is IMAGE "CREF OPTIONS" 'JQ FILTER' EXPECTED: the filtered JSON must equal EXPECTED.
cref_is() {
	local got
	got=$("$CHUNKCTL" cref $2 --json "$1" | jq -c "$3")
	[ "$got" = "$4" ] || die "cref $2 $1: $3 is $got, expected $4"
}

# The ext4 layout (extent-mapped), group of each inode and block:
#   /a        dir   inode g1, block g1              intra 0
#   /b        dir   inode g2, block g3              intra 1: {2,3}
#   /a/f1     file  inode g1, 4 blocks g1           intra 0
#   /a/f2     file  inode g4, blocks g5, g6         intra 2: {4,5,6}       (fragmented)
#   /a/f3     file  inode g1, lblk 0 in g7, lblk 100 in g1   intra 1: {1,7} (sparse)
#   /b/big    file  inode g2, 5 extents in g2,g9,g2,g9,g10, extent leaf block in g8
#                   intra 3: {2,8,9,10}; data-only: {2,9,10} -> 2
#   /b/f2     hard link to /a/f2 (inode g4)
#   /b/p      fifo  inode g11;  /a/s  fast symlink inode g1
# intra-file = 1 + 2 + 1 + 3 = 7 (data-only: b 0, f2 1, f3 1, big 2 = 4)
# Directories (chunk = group):
#   /  (g0): lost+found g0, a g1, b g2: subdir {1,2} = 2
#   /a (g1): f1 g1, f2 g4, f3 g1, s g1: file {4} = 1
#   /b (g2): big g2, f2 g4 (the hard link counts here too), p g11: file {4,11} = 2
# dir-file 3, dir-subdir 2, total 12.
# Pairs: 2-3, 4-5, 4-6, 1-7, 2-8, 2-9, 2-10, 0-1, 0-2, 1-4, 2-4, 2-11
# Per chunk: 0:2 1:3 2:7 3:1 4:4 5..11:1 12..15:0; busiest chunk 2 (peers 0,3,4,8,9,10,11).
cat >layout.spec <<'SPEC'
dir  /a    igroup=1 blocks=0:1:1
dir  /b    igroup=2 blocks=0:3:1
file /a/f1 igroup=1 blocks=0:1:4
file /a/f2 igroup=4 blocks=0:5:2,2:6:2
file /a/f3 igroup=1 blocks=0:7:1,100:1:1
file /b/big igroup=2 tree=8 blocks=0:2:1,1:9:1,2:2:1,3:9:1,4:10:1
link /b/f2 /a/f2
fifo /b/p  igroup=11
symlink /a/s igroup=1 target=f1
SPEC
PER_CHUNK='[2,3,7,1,4,1,1,1,1,1,1,1,0,0,0,0]'

test_expect_success 'ext4 extents: every count matches the layout' '
	mkfs_small e4.img ext4 ^flex_bg,^resize_inode,^has_journal &&
	
	"$MKCREFIMG" e4.img "$TRASH/layout.spec" >/dev/null &&
	e2fsck_clean e4.img &&
	cref_is e4.img "--chunk-size 1M" "[.files,.directories,.special_files,.chunks,.inodes_per_chunk]" "[4,4,2,16,16]" &&
	cref_is e4.img "--chunk-size 1M" "[.intra_file_refs,.dir_file_refs,.dir_subdir_refs,.dir_refs,.total_refs]" "[7,3,2,5,12]" &&
	cref_is e4.img "--chunk-size 1M" ".per_chunk_refs" "$PER_CHUNK" &&
	cref_is e4.img "--chunk-size 1M" "[.busiest.chunk,.busiest.refs]" "[2,7]" &&
	cref_is e4.img "--chunk-size 1M" ".busiest.peers" "{\"0\":1,\"3\":1,\"4\":1,\"8\":1,\"9\":1,\"10\":1,\"11\":1}" &&
	cref_is e4.img "--chunk-size 1M" "[.skipped_inodes,.bad_blocks,.bad_dir_blocks,.bad_dirents]" "[0,0,0,0]"
'

test_expect_success 'the adjacency lists exactly the twelve pairs' '
	cref_is e4.img "--chunk-size 1M --adjacency" ".adjacency" \
		"[[0,1,1],[0,2,1],[1,4,1],[1,7,1],[2,3,1],[2,4,1],[2,8,1],[2,9,1],[2,10,1],[2,11,1],[4,5,1],[4,6,1]]"
'

test_expect_success 'data-only ignores the inode and the extent leaf' '
	cref_is e4.img "--chunk-size 1M --rule data-only" "[.intra_file_refs,.dir_file_refs,.dir_subdir_refs,.total_refs]" "[4,3,2,9]"
'

# Two groups a chunk (chunk = group / 2):
#   b: g2,g3 -> c1 only: 0;  f2: g4 c2, g5 c2, g6 c3: 1;  f3: g1 c0, g7 c3: 1
#   big: g2 c1, leaf g8 c4, g9 c4, g10 c5: {1,4,5} = 2;   intra 4
#   / (c0): a c0, b c1: subdir 1.  /a (c0): f2 c2: file 1.  /b (c1): f2 c2, p g11 c5: file 2
test_expect_success 'two groups a chunk: the counts follow the coarser chunks' '
	cref_is e4.img "--chunk-size 2M" "[.chunks,.intra_file_refs,.dir_file_refs,.dir_subdir_refs,.total_refs]" "[8,4,3,1,8]" &&
	cref_is e4.img "--chunk-size 2M" ".per_chunk_refs" "[3,5,3,2,1,2,0,0]"
'

test_expect_success 'the same layout counts the same on 64bit + flex_bg + meta_bg' '
	mkfs_small m.img ext4 64bit,flex_bg,meta_bg,^resize_inode,^has_journal &&
	"$MKCREFIMG" m.img layout.spec >/dev/null &&
	e2fsck_clean m.img &&
	cref_is m.img "--chunk-size 1M" "[.intra_file_refs,.dir_file_refs,.dir_subdir_refs,.total_refs]" "[7,3,2,12]" &&
	cref_is m.img "--chunk-size 1M" ".per_chunk_refs" "$PER_CHUNK"
'

# bigalloc, 4 KiB clusters: runs start on cluster boundaries, so the layout uses 4-block
# runs at logical multiples of 4; which groups hold what is unchanged, so are the counts.
test_expect_success 'bigalloc: groups of clusters map like groups of blocks' '
	mke2fs -q -F -t ext4 -b 1024 -C 4096 -g 256 -N 256 -O bigalloc,^flex_bg,^resize_inode,^has_journal big.img 16M &&
	sed -e "s|0:5:2,2:6:2|0:5:4,4:6:4|" \
	    -e "s|0:2:1,1:9:1,2:2:1,3:9:1,4:10:1|0:2:4,4:9:4,8:2:4,12:9:4,16:10:1|" layout.spec >big.spec &&
	"$MKCREFIMG" big.img big.spec >/dev/null &&
	e2fsck_clean big.img &&
	cref_is big.img "--chunk-size 1M" "[.groups,.cluster_size,.intra_file_refs,.dir_file_refs,.dir_subdir_refs,.total_refs]" "[16,4096,7,3,2,12]"
'

# ext2, block-mapped:
#   /d      dir  inode g3, blocks g3 (lblk 0) and g5 (lblk 1)        intra 1: {3,5}
#   /d/ind  file inode g3, lblk 0-9 g3, 10-13 g4, 14-15 g7, indirect block g6
#                intra 3: {3,4,6,7}; data-only: {3,4,7} -> 2
#   /d/small file inode g9, 3 blocks g9                                intra 0
#   /d/link  hard link to /d/small: the same chunk counts once per directory
#   /e      dir  inode g12, block g12; /e/small2 hard link to /d/small (g9): file 1
# Directories: / (g0): d g3, e g12: subdir 2.  /d (g3): ind g3, small g9: file 1.
# intra 4, dir-file 2, dir-subdir 2, total 8.
test_expect_success 'ext2 block maps: indirect blocks count, hard links count per directory' '
	mkfs_small e2.img ext2 &&
	cat >e2.spec <<-SPEC &&
	dir  /d       igroup=3 blocks=0:3:1,1:5:1
	file /d/ind   igroup=3 tree=6 blocks=0:3:10,10:4:4,14:7:2
	file /d/small igroup=9 blocks=0:9:3
	link /d/link  /d/small
	dir  /e       igroup=12 blocks=0:12:1
	link /e/small2 /d/small
	SPEC
	"$MKCREFIMG" e2.img e2.spec >/dev/null &&
	e2fsck_clean e2.img &&
	cref_is e2.img "--chunk-size 1M" "[.fs_type,.files,.directories,.intra_file_refs,.dir_file_refs,.dir_subdir_refs,.total_refs]" "[\"ext2\",2,4,4,2,2,8]" &&
	cref_is e2.img "--chunk-size 1M --rule data-only" ".intra_file_refs" "3"
'

# ext3: the same layout with a journal; the journal (inode 8) is the file system's own, not a
# file, so nothing changes but the type.
test_expect_success 'ext3: the journal is not counted as a file' '
	mkfs_small e3.img ext3 &&
	"$MKCREFIMG" e3.img e2.spec >/dev/null &&
	e2fsck_clean e3.img &&
	cref_is e3.img "--chunk-size 1M" "[.fs_type,.files,.directories,.intra_file_refs,.dir_file_refs,.dir_subdir_refs,.total_refs]" "[\"ext3\",2,4,4,2,2,8]"
'

# Block maps on ext4 (map=blocks) behave as on ext2: the same /d/ind layout, 3 references.
test_expect_success 'ext4 with a block-mapped file counts its indirect block' '
	mkfs_small e4b.img ext4 ^flex_bg,^resize_inode,^has_journal &&
	echo "file /ind igroup=3 map=blocks tree=6 blocks=0:3:10,10:4:4,14:7:2" | "$MKCREFIMG" e4b.img - >/dev/null &&
	e2fsck_clean e4b.img &&
	cref_is e4b.img "--chunk-size 1M" "[.intra_file_refs,.dir_file_refs,.total_refs]" "[3,1,4]"
'

# Inline data: no blocks, so no intra-file references, whatever the groups.
#   /i (g5) inline dir: tiny (g6, inline file), tiny2 (g5), sub (g7 dir, block g7)
#   / (g0): i g5 -> subdir 1; tiny3 g0 file with its block in g0 -> nothing
#   /i: file {6} = 1, subdir {7} = 1; the inline "." and ".." are not entries.
test_expect_success 'inline data: no blocks, no intra-file references; inline dirs are read' '
	mkfs_small in.img ext4 ^flex_bg,^resize_inode,^has_journal,inline_data &&
	cat >in.spec <<-SPEC &&
	inlinedir /i     igroup=5
	inline    /i/tiny  igroup=6 text=hello
	inline    /i/tiny2 igroup=5 text=hi
	dir       /i/sub   igroup=7 blocks=0:7:1
	file      /tiny3   igroup=0 blocks=0:0:1
	SPEC
	"$MKCREFIMG" in.img in.spec >/dev/null &&
	e2fsck_clean in.img &&
	cref_is in.img "--chunk-size 1M" "[.inline_inodes,.intra_file_refs,.dir_file_refs,.dir_subdir_refs,.total_refs]" "[3,0,1,2,3]"
'

# /wide: inode g1, three 900-block extents in g2, g3, g4. One group a chunk: {1,2,3,4} = 3,
# and / (g0) names it: 1. Two groups a chunk: {c0, c1, c2} = 2, and / is in c0 with it: 0.
# (An extent crossing a group boundary is counted arithmetically: libcref/test-cref.c.)
test_expect_success 'long extents count once per chunk they touch' '
	mkfs_small wide.img ext4 ^flex_bg,^resize_inode,^has_journal &&
	echo "file /wide igroup=1 blocks=0:2:900,900:3:900,1800:4:900" | "$MKCREFIMG" wide.img - >/dev/null &&
	e2fsck_clean wide.img &&
	cref_is wide.img "--chunk-size 1M" "[.intra_file_refs,.dir_file_refs,.total_refs]" "[3,1,4]" &&
	cref_is wide.img "--chunk-size 2M" "[.intra_file_refs,.dir_file_refs,.total_refs]" "[2,0,2]"
'

test_done
