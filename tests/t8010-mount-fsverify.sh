#!/bin/bash
# fsverify (tests/tools/fsverify.c) with fixed seeds: first on tmpfs, where it shows that it
# passes a correct file system, fails with a useful report when a byte is wrong, and skips what
# a file system lacks only when asked; then on a chunkfs mount of a volume whose small chunks and
# threshold make its files span chunks. After the unmount the volume is clean, chunkctl reads the
# same bytes the mount wrote, and a second mount reads them too.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-mount.sh"

FSVERIFY=$BUILD/tests/fsverify
SEEDS="1 2 3"
V=$TRASH/vol
MNT=$TRASH/mnt
TMPFS=$TRASH/tmpfs
MOUNT_TITLE='fsverify passes with fixed seeds on a chunkfs mount'
# Options of fsverify on the mount, each with why; take one off when its reason goes.
#   none: fallocate (every mode fsverify uses), mmap, truncate all run on the mount.
MOUNT_FSVERIFY_OPTS=""

# tmpfs is the reference for the tool; without root, whatever file system $TRASH is on.
if [ "$(id -u)" -eq 0 ]; then
	mkdir -p "$TMPFS" && mount -t tmpfs -o size=1G tmpfs "$TMPFS" && test_at_end "umount -l '$TMPFS'"
else
	mkdir -p "$TMPFS"
fi

test_expect_success 'fsverify passes with fixed seeds on tmpfs, files up to 64 MiB' '
	for s in $SEEDS; do
		mkdir "$TMPFS/s$s" && "$FSVERIFY" -s $s -n 2000 -f 4 -m 64M "$TMPFS/s$s" >>summary || exit 1
	done &&
	cat summary && test "$(grep -c "^fsverify: seed [0-9]*: 2000 ops on 4 files .* verified: write [1-9]" summary)" = 3 &&
	rm -r "$TMPFS"/s*
'

test_expect_success 'the same seed runs the same ops' '
	mkdir "$TMPFS/a" "$TMPFS/b" &&
	"$FSVERIFY" -s 11 -n 500 -v "$TMPFS/a" 2>a.log && "$FSVERIFY" -s 11 -n 500 -v "$TMPFS/b" 2>b.log &&
	sed "s|$TMPFS/[ab]/||" a.log >a.ops && sed "s|$TMPFS/[ab]/||" b.log >b.ops &&
	test "$(wc -l <a.ops)" -gt 500 && diff a.ops b.ops && rm -r "$TMPFS/a" "$TMPFS/b"
'

test_expect_success 'ops left out with -x are not run, and the summary says so' '
	mkdir "$TMPFS/x" &&
	"$FSVERIFY" -s 5 -n 300 -x truncate,ftruncate,punch -v "$TMPFS/x" >summary 2>ops &&
	cat summary &&
	grep " truncate 0 (excluded), ftruncate 0 (excluded), punch 0 (excluded), falloc-keep [1-9]" summary &&
	! grep -E "^[^ ]*:  op [0-9]+ (truncate|ftruncate|punch) " ops &&
	expect_status 2 "$FSVERIFY" -x trunc "$TMPFS/x" &&
	rm -r "$TMPFS/x"
'

test_expect_success 'a wrong byte fails the run: the report names seed, op, last ops and the byte' '
	mkdir "$TMPFS/x" &&
	expect_status 1 "$FSVERIFY" -s 7 -n 300 -X 300 "$TMPFS/x" 2>report &&
	cat report &&
	injected=$(sed -n "s/^fsverify: fault injected after op 300: byte \([0-9]*\) of .* flipped in the model$/\1/p" report) &&
	test -n "$injected" &&
	grep "^fsverify: FAILED: seed 7, op 300, $TMPFS/x/fsverify\.[0-9]: final read-back: first differing byte at offset $injected " report &&
	grep "^last 20 ops on $TMPFS/x/fsverify\.[0-9]" report &&
	test "$(grep -c "^  op [0-9]* " report)" = 20 &&
	grep "^reproduce: fsverify -s 7 -n 300 -f 4 -m 67108864 DIR$" report &&
	rm -r "$TMPFS/x"
'

test_expect_success 'a byte wrong in the middle of a run is caught by a read before the end' '
	mkdir "$TMPFS/x" &&
	expect_status 1 "$FSVERIFY" -s 7 -n 2000 -X 220 "$TMPFS/x" 2>report &&
	cat report &&
	grep -E "^fsverify: FAILED: seed 7, op [0-9]+, .*: (mmap )?read: first differing byte" report &&
	rm -r "$TMPFS/x"
'

# ramfs has no fallocate at all: an op a file system lacks.
if [ "$(id -u)" -eq 0 ]; then
	test_expect_success 'an unsupported op fails the run, unless -S skips it and counts it' '
		mkdir ramfs && mount -t ramfs ramfs ramfs &&
		rc=0; "$FSVERIFY" -s 3 -n 500 ramfs 2>report || rc=$?
		"$FSVERIFY" -s 3 -n 500 -S ramfs >summary 2>skips || rc=$((rc + 10 * $?))
		umount ramfs && cat report skips summary && test $rc = 1 &&
		grep -E "^fsverify: FAILED: seed 3, op [0-9]+, .*: fallocate\(.*\): Operation not supported \(-S skips" report &&
		test "$(grep -c "^fsverify: fallocate(.*): Operation not supported: op .* disabled$" skips)" = 3 &&
		grep -E " punch 0 \([0-9]+ skipped, unsupported\), falloc-keep 0 \([0-9]+ skipped, unsupported\), falloc 0 \([0-9]+ skipped" summary
	'
else
	test_skip 'an unsupported op fails the run, unless -S skips it and counts it' 'needs root to mount ramfs'
fi

# A real environment limit is a skip; anything else is for the test to find out.
if [ ! -x "$BUILD/chunkfs" ]; then
	test_skip "$MOUNT_TITLE" 'chunkfs mount not built yet'
	test_done
fi
test_at_end "chunkfs_unmount_at_end '$MNT'"

test_expect_success "$MOUNT_TITLE, and chunkfs exits 0 at the unmount" '
	"$CHUNKCTL" mkfs --chunks 8 --size 32M --threshold 1M "$V" >/dev/null &&
	mount_chunkfs "$V" "$MNT" &&
	for s in $SEEDS; do
		mkdir "$MNT/s$s" &&
		"$FSVERIFY" $MOUNT_FSVERIFY_OPTS -s $s -n 1000 -f 3 -m 16M "$MNT/s$s" >>summary ||
			{ unmount_chunkfs_exit0 "$MNT"; exit 1; }
	done &&
	cat summary && (cd "$MNT" && sha256sum s*/fsverify.*) >sums &&
	unmount_chunkfs_exit0 "$MNT"
'

test_expect_success 'chunkctl check --all finds the volume clean' '
	"$CHUNKCTL" -V "$V" check --all
'

test_expect_success 'the files fsverify left span chunks' '
	for f in $(cut -d" " -f3- sums); do "$CHUNKCTL" -V "$V" stat --json ":/$f" || exit 1; done >stat.json &&
	test "$(jq -s "[.[].files[0] | .chain | map(.chunk) | unique | length | select(. > 1)] | length" stat.json)" -gt 0
'

test_expect_success 'chunkctl reads the bytes the mount wrote' '
	while read -r sum f; do
		test "$("$CHUNKCTL" -V "$V" cat ":/$f" | sha256sum | cut -d" " -f1)" = "$sum" || die "$f differs"
	done <sums
'

test_expect_success 'a second mount reads them too, and unmounts cleanly' '
	mount_chunkfs "$V" "$MNT" &&
	(cd "$MNT" && sha256sum -c --quiet "$TRASH/sums") &&
	unmount_chunkfs_exit0 "$MNT" &&
	"$CHUNKCTL" -V "$V" check --all
'

test_done
