test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

#test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

!test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

#test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

2test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

:test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

vtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ytest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

wtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

#test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

(test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

+test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

)test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

,test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

wtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ytest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

wtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

(test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

0test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

)test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

2test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

!test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

*test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

vtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

2test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

;test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

vtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ytest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

(test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

)test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

{test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

;test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

}test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

xtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

vtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ytest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

*test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

;test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

(test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

)test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

;test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

0test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

2test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

?test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

[test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

qtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

0test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

]test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

{test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

;test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

:test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

xtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

;test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

}test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

qtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

+test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

+test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

vtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

:test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

vtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

2test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

:test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

xtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

,test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

wtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

qtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

0test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

xtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ytest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

:test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

2test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

qtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

8test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

9test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

3test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

0test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

qtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

8test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

9test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

3test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

xtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

:test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ztest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

2test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

vtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

qtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

8test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

9test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

3test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

0test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

xtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ytest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

:test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

2test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

vtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

qtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

xtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ytest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

qtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

+test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

0test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

xtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

xtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

xtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

xtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

qtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

btest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

xtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

2test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

0test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

0test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

0test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

;test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Htest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ktest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

Ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

2test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

?test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

	test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

{test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

[test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

qtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

0test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

]test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

qtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

=test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

0test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

"test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

>test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

vtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

/test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

;test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

}test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

|test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

{test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

[test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

$test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ctest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

qtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

1test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

]test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

&test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ptest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

-test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

qtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ftest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

jtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

utest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

atest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ltest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

.test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

itest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

mtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

gtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

rtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

;test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

 test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

}test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

'test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

stest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ttest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

_test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

dtest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

otest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

ntest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

etest_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'


test_expect_success 'a truncated image is read as far as it goes' '
	mke2fs -q -F -t ext4 -b 1024 -g 1024 -N 512 -O ^flex_bg -d "$SRC/libchunk" cut.img 16M &&
	truncate -s 6M cut.img &&
	"$CHUNKCTL" cref --json cut.img >j &&
	jq -e ".scan_truncated and .skipped_groups > 0 and .files > 0" j
'

