#!/bin/bash
# chunkctl check / repair from the outside: exit codes as fsck(8), what a check writes (the
# checked chunk's state record, nothing else), and bad input refused with a clear error and
# nothing written. The reports are compared whole with tests/expect/t4000/.
. "$(dirname "$0")/test-lib.sh"

V=$TRASH/vol
sums() { sha256sum "$V"/chunk-*.img "$@"; }

test_expect_success 'setup: a 4-chunk volume with files continued across chunks' '
	"$CHUNKCTL" mkfs --chunks 4 --size 16M --threshold 8K "$V" >/dev/null &&
	mkdir -p src/d && for i in $(seq 1 20); do head -c 30000 /dev/urandom >src/d/f$i; done &&
	cp_in_name_order "$V" src :/src && e2fsck_clean "$V"/chunk-*.img
'

test_expect_success 'a healthy volume checks clean, every chunk, exit 0' '
	"$CHUNKCTL" -V "$V" check >out && test_cmp_output "$EXPECT/check-clean" out
'

test_expect_success 'check --json is one JSON document with a report per chunk' '
	"$CHUNKCTL" -V "$V" check --all --json >out.json &&
	test_cmp_json "$EXPECT/check-clean.json" out.json
'

test_expect_success 'a check writes only the checked chunk (its last-check record)' '
	sleep 1 && sums >before && "$CHUNKCTL" -V "$V" check 2 >/dev/null && sums >after &&
	diff before after | grep "^>" >changed || true &&
	test $(wc -l <changed) -eq 1 && grep -q chunk-0002.img changed &&
	dumpe2fs -h "$V/chunk-0002.img" 2>/dev/null | grep -q "^Last checked:.*$(date -u +%Y)"
'

test_expect_success 'repair of a healthy chunk is a no-op with exit 0 and leaves its peers alone' '
	sums >before && expect_status 0 "$CHUNKCTL" -V "$V" repair 1 >out &&
	test_cmp_output "$EXPECT/repair-clean" out &&
	sums >after && grep -v chunk-0001 before | sort >b && grep -v chunk-0001 after | sort >a && diff b a
'

test_expect_success 'exit codes OR across chunks, as fsck does' '
	cp -a "$V" v2 && ino=$("$CHUNKFAULT" v2/chunk-0001.img list-conts | head -1 | cut -d" " -f1) &&
	test -n "$ino" && "$CHUNKFAULT" v2/chunk-0001.img flip-cont "$ino" >/dev/null &&
	expect_status 12 "$CHUNKCTL" -V v2 check 0 1 >out 2>&1 &&
	test_cmp_output "$EXPECT/check-0-1" out &&
	expect_status 1 "$CHUNKCTL" -V v2 repair 0 1 >out 2>&1 &&
	expect_status 0 "$CHUNKCTL" -V v2 check --all >/dev/null
'

# The continuation's record and chunk 1's index entry for it both gone, nothing in chunk 1 says
# whose it is (with the entry the repair of chunk 1 rebuilds the record from its head alone),
# and chunk 0, which holds the head, DAMAGED.
test_expect_success 'repairing one chunk whose peer a check marked DAMAGED says to repair the peer too' '
	cp -a "$V" v4 && ino=$("$CHUNKFAULT" v4/chunk-0001.img list-conts | head -1 | cut -d" " -f1) &&
	n=$("$CHUNKCTL" -V v4 refs 1 | awk -v me=" 1:$ino " "
		index(\$0, \"peer 0:\") == 1 { on = 1; i = 0; next } /^peer/ { on = 0 }
		on && /->|<-/ { if (index(\$0, me)) print i; i++ }") && [ -n "$n" ] &&
	"$CHUNKFAULT" v4/chunk-0001.img del-index 0 "$n" >/dev/null &&
	"$CHUNKFAULT" v4/chunk-0001.img flip-cont "$ino" >/dev/null &&
	"$BUILD/tests/chunkstate" v4/chunk-0000.img damaged &&
	expect_status 4 "$CHUNKCTL" -V v4 repair 1 >out 2>&1 &&
	test_cmp_output "$EXPECT/repair-1-peer-damaged" out &&
	expect_status 1 "$CHUNKCTL" -V v4 repair 0 1 >out 2>&1 &&
	test_cmp_output "$EXPECT/repair-0-1" out &&
	expect_status 0 "$CHUNKCTL" -V v4 check --all >/dev/null &&
	"$CHUNKCTL" -V v4 ls :/lost+found >lf && test_cmp_output "$EXPECT/lost+found.ls" lf
'

test_expect_success 'check --damaged picks the chunks a check found damaged, --dirty the dirty ones' '
	cp -a "$V" v3 && ino=$("$CHUNKFAULT" v3/chunk-0001.img list-conts | head -1 | cut -d" " -f1) &&
	"$CHUNKFAULT" v3/chunk-0001.img flip-cont "$ino" >/dev/null &&
	expect_status 4 "$CHUNKCTL" -V v3 check 1 >/dev/null 2>&1 &&
	expect_status 4 "$CHUNKCTL" -V v3 check --damaged >out 2>&1 &&
	test_cmp_output "$EXPECT/check-damaged" out &&
	expect_status 0 "$CHUNKCTL" -V v3 check --dirty >out && test_cmp_output /dev/null out
'

test_expect_success 'an unknown chunk number is a usage error (16) naming it, nothing written' '
	sums >before &&
	expect_status 16 "$CHUNKCTL" -V "$V" check 7 2>err &&
	grep -q "chunk 7: no such chunk (the volume has 4: 0-3)" err &&
	expect_status 16 "$CHUNKCTL" -V "$V" repair x1 2>err && grep -q "x1" err &&
	expect_status 16 "$CHUNKCTL" -V "$V" repair 2>err && grep -q "which chunks" err &&
	expect_status 16 "$CHUNKCTL" -V "$V" repair --orphans=maybe 1 2>err && grep -q "quarantine or delete" err &&
	sums >after && diff before after
'

test_expect_success 'a file that is not ext2/ext4 in a chunk place: operational error (8), nothing written' '
	cp "$V/chunk-0003.img" saved3 && head -c 16M /dev/zero >"$V/chunk-0003.img" && sums >before &&
	expect_status 8 "$CHUNKCTL" -V "$V" check 3 >out 2>&1 &&
	test_cmp_output "$EXPECT/check-not-ext" out &&
	expect_status 8 "$CHUNKCTL" -V "$V" repair 3 >out 2>&1 &&
	sums >after && diff before after && cp saved3 "$V/chunk-0003.img"
'

test_expect_success 'a volume file with errors: clear error naming it, exit 8, nothing written' '
	printf "[volume]\nuuid = nonsense\nchunk = nowhere.img\n" >"$V/bad.conf" && sums >before &&
	{ rc=0; "$CHUNKCTL" -V "$V/bad.conf" check 0 2>err || rc=$?; } &&
	test $rc -eq 8 -o $rc -eq 16 && grep -q "bad.conf" err &&
	sums >after && diff before after
'

test_expect_success 'a chunk locked by another process: repair refused (8, in use), nothing written' '
	sums >before &&
	hold_chunk "$V/chunk-0002.img" &&
	expect_status 8 "$CHUNKCTL" -V "$V" repair 2 >out 2>&1 &&
	grep -q "in use by another process" out &&
	expect_status 8 "$CHUNKCTL" -V "$V" check 2 >out 2>&1 &&
	release_chunk && sums >after && diff before after
'

same_files() { # same_files VOL: every file of src reads back from VOL as it was copied
	for f in src/d/*; do "$CHUNKCTL" -V "$1" cat ":/$f" | cmp -s - "$f" || die "$f differs in $1"; done
}

test_expect_success 'check and repair next to a peer another process holds: unfinished (8), nothing marked damaged' '
	cp -a "$V" v5 && hold_chunk v5/chunk-0001.img && sha256sum v5/chunk-0001.img >peer.sum &&
	{ rc=0; "$CHUNKCTL" -V v5 check 0 >out 2>&1 || rc=$?; } &&
	{ rc2=0; "$CHUNKCTL" -V v5 repair --json 0 >out.json 2>/dev/null || rc2=$?; } &&
	release_chunk &&
	test $rc -eq 8 && test $rc2 -eq 8 &&
	test_cmp_output "$EXPECT/check-0-peer-held" out && sha256sum -c --quiet peer.sum &&
	test_cmp_json "$EXPECT/repair-0-peer-held.json" out.json &&
	"$CHUNKCTL" -V v5 status >st 2>/dev/null && test_cmp_output "$EXPECT/status-peer-held" st &&
	expect_status 0 "$CHUNKCTL" -V v5 check --all >/dev/null && same_files v5
'

test_expect_success 'a chunk whose superblock is damaged: peers keep their references, repair rebuilds it' '
	cp -a "$V" v6 && dumpe2fs v6/chunk-0001.img 2>/dev/null | grep -q "Backup superblock at" &&
	printf "\001" | dd of=v6/chunk-0001.img bs=1 seek=$((1024 + 44)) conv=notrunc status=none &&
	! e2fsck -fn v6/chunk-0001.img >/dev/null 2>&1 &&
	expect_status 8 "$CHUNKCTL" -V v6 repair 0 >out 2>&1 &&
	test_cmp_output "$EXPECT/repair-0-peer-bad-super" out &&
	expect_status 4 "$CHUNKCTL" -V v6 check 1 >out 2>&1 &&
	test_cmp_output "$EXPECT/check-bad-super" out &&
	expect_status 1 "$CHUNKCTL" -V v6 repair 1 0 >out 2>&1 &&
	test_cmp_output "$EXPECT/repair-bad-super" out &&
	e2fsck_clean v6/chunk-*.img && expect_status 0 "$CHUNKCTL" -V v6 check --all >/dev/null && same_files v6
'

if [ "$(id -u)" = 0 ] && command -v losetup >/dev/null && [ -d /sys/module/loop ] || modprobe loop 2>/dev/null; then
test_expect_success 'a chunk mounted elsewhere: refused (8, is mounted), nothing written' '
	mkdir -p mnt && sums >before &&
	if ! mount -o loop,ro "$V/chunk-0001.img" mnt 2>err; then cat err; exit 0; fi &&
	test_at_end "umount $TRASH/mnt" &&
	{ rc=0; "$CHUNKCTL" -V "$V" repair 1 >out 2>&1 || rc=$?; } &&
	umount mnt && test $rc -eq 8 && grep -q "is mounted" out &&
	sums >after && diff before after
'

test_expect_success 'a peer mounted elsewhere: the check of its neighbour is unfinished (8), nothing damaged' '
	if ! mount -o loop,ro "$V/chunk-0001.img" mnt 2>err; then cat err; exit 0; fi &&
	test_at_end "umount $TRASH/mnt" &&
	{ rc=0; "$CHUNKCTL" -V "$V" check 0 >out 2>&1 || rc=$?; } &&
	"$CHUNKCTL" -V "$V" status >st 2>/dev/null
	umount mnt && test $rc -eq 8 && grep -q "chunk 1 is in use (mounted" out &&
	grep -Eq " +1 mounted " st && grep -Eq " +0 clean " st &&
	expect_status 0 "$CHUNKCTL" -V "$V" check 0 >/dev/null
'
else
test_skip 'a chunk mounted elsewhere is refused' 'needs root and loop devices'
fi

test_expect_success 'a missing e2fsck binary: operational error naming it; $CHUNKFS_E2FSCK is honoured' '
	expect_status 8 "$CHUNKCTL" -V "$V" check --e2fsck /nonexistent/e2fsck 0 >out 2>&1 &&
	grep -q "cannot run /nonexistent/e2fsck" out &&
	CHUNKFS_E2FSCK=/nonexistent/fsck2 expect_status 8 "$CHUNKCTL" -V "$V" check 0 >out 2>&1 &&
	grep -q "/nonexistent/fsck2" out
'

test_expect_success 'repair without -V goes to the daemon client' '
	rc=0; "$CHUNKCTL" repair 1 >out 2>&1 || rc=$? && test $rc -ne 0 && cat out &&
	! grep -q "not built yet" out
'

test_expect_success 'check --help and repair --help describe the exit codes' '
	"$CHUNKCTL" check --help | grep -q "32 cancelled" &&
	"$CHUNKCTL" repair --help | grep -q -- "--orphans=quarantine|delete"
'

test_done
