#!/bin/bash
# chunkctl repair --dirty | --damaged | --all: after a crash one command brings the volume back.
# A volume with chunk 1 DAMAGED (its own /lost+found overwritten, then marked) and chunks 2 and
# 3 DIRTY (marked as a killed writer leaves them): each selection repairs exactly its chunks,
# leaves the others byte for byte as they were, DAMAGED first; one exit code, the ORed one.
. "$(dirname "$0")/test-lib.sh"

sums() { sha256sum "$1"/chunk-000[$2].img; }
reported() { sed -n 's/^chunk \([0-9]*\) .*: repair: .*/\1/p' "$1" | tr '\n' ' '; }

test_expect_success 'setup: 5 chunks with files spread over them; 1 damaged, 2 and 3 dirty' '
	"$CHUNKCTL" mkfs --chunks 5 --size 8M --threshold 8K vol >/dev/null &&
	mkdir -p src/d && for i in $(seq 1 60); do head -c 20000 /dev/urandom >src/d/f$i; done &&
	"$CHUNKCTL" -V vol cp -r src :/ &&
	chunkfault vol/chunk-0001.img corrupt-dir /lost+found >/dev/null &&
	chunkstate vol/chunk-0001.img damaged &&
	chunkstate vol/chunk-0002.img dirty && chunkstate vol/chunk-0003.img dirty &&
	"$CHUNKCTL" -V vol df >df && cat df &&
	grep -E "^ +1 .* damaged " df && grep -E "^ +2 .* dirty " df && grep -E "^ +3 .* dirty " df
'

test_expect_success 'repair --dirty repairs chunks 2 and 3 only; 0, 1 and 4 untouched' '
	cp -a vol v1 && sums v1 014 >before &&
	expect_status 1 "$CHUNKCTL" -V v1 repair --dirty >out &&
	test "$(reported out)" = "2 3 " &&
	sums v1 014 | diff before - &&
	"$CHUNKCTL" -V v1 df >df && grep -E "^ +1 .* damaged " df && ! grep -E " dirty " df
'

test_expect_success 'repair --damaged repairs chunk 1 only; the dirty ones stay dirty and untouched' '
	cp -a vol v2 && sums v2 0234 >before &&
	expect_status 1 "$CHUNKCTL" -V v2 repair --damaged >out &&
	test "$(reported out)" = "1 " &&
	grep "Directory inode 11, block #0, offset 0: directory corrupted" out &&
	sums v2 0234 | diff before - &&
	"$CHUNKCTL" -V v2 df >df && grep -E "^ +2 .* dirty " df && ! grep " damaged " df
'

test_expect_success 'repair --dirty --damaged: both, the damaged one first' '
	cp -a vol v3 && sums v3 04 >before &&
	expect_status 1 "$CHUNKCTL" -V v3 repair --dirty --damaged >out &&
	test "$(reported out)" = "1 2 3 " &&
	sums v3 04 | diff before -
'

test_expect_success 'repair --all: damaged first, then dirty, then the rest; then check --all is clean' '
	cp -a vol v4 &&
	expect_status 1 "$CHUNKCTL" -V v4 repair --all --json >out.json &&
	test "$(jq -r "[.chunks[].chunk] | map(tostring) | join(\" \")" out.json)" = "1 2 3 0 4" &&
	jq -e "[.chunks[].result] == [1, 1, 1, 0, 0] and .result == 1" out.json &&
	expect_status 0 "$CHUNKCTL" -V v4 check --all >/dev/null &&
	e2fsck_clean v4/chunk-*.img
'

test_expect_success 'nothing to repair: --damaged on a volume without damage exits 0 and writes nothing' '
	cp -a vol v5 && expect_status 1 "$CHUNKCTL" -V v5 repair --all >/dev/null && sums v5 01234 >before &&
	expect_status 0 "$CHUNKCTL" -V v5 repair --damaged >out && test ! -s out &&
	sums v5 01234 | diff before -
'

test_expect_success 'a chunk another process holds is left out, said, and ORed in as 8 (repair and check)' '
	cp -a vol v6 && hold_chunk v6/chunk-0004.img &&
	rc=0 && "$CHUNKCTL" -V v6 repair --dirty >out 2>err || rc=$? &&
	crc=0 && "$CHUNKCTL" -V v6 check --damaged >cout 2>cerr || crc=$? &&
	release_chunk &&
	test $rc -eq 9 &&
	grep "chunk 4 left out: another process holds it" err &&
	test "$(reported out)" = "2 3 " &&
	test $crc -eq 12 && grep "chunk 4 left out" cerr && grep "^chunk 1 .*: check: errors left uncorrected" cout
'

# flip_bitmap_byte IMAGE: eight free blocks of group 0 marked used in its block bitmap, raw, so
# that the bitmap no longer matches its checksum (what a kill in the middle of a flush leaves).
flip_bitmap_byte() {
	local bs bitmap
	bs=$(dumpe2fs -h "$1" 2>/dev/null | awk '/^Block size:/ { print $3 }') &&
	bitmap=$(dumpe2fs "$1" 2>/dev/null | sed -n 's/^ *Block bitmap at \([0-9]*\) .*/\1/p' | head -1) &&
	printf '\377' | dd of="$1" bs=1 seek=$((bitmap * bs + 300)) conv=notrunc 2>/dev/null
}

# A kill -9 of the mount between the bitmaps and the group descriptors of a flush leaves a DIRTY
# chunk whose block bitmap does not match its checksum: it cannot be opened for writing, and
# repair --dirty left it out without a word, exit 0 (seen in CI, t8300 under ASan).
test_expect_success 'a DIRTY chunk whose block bitmap fails its checksum is still repaired by --dirty' '
	"$CHUNKCTL" mkfs --chunks 3 --size 24M --threshold 8K vb >/dev/null &&
	chunkstate vb/chunk-0001.img dirty &&
	flip_bitmap_byte vb/chunk-0001.img &&
	! e2fsck -fn vb/chunk-0001.img >/dev/null 2>&1 &&
	"$CHUNKCTL" -V vb df >df && grep -E "^ +1 .* dirty " df &&
	expect_status 1 "$CHUNKCTL" -V vb repair --dirty >out 2>err &&
	test "$(reported out)" = "1 " &&
	e2fsck -fn vb/chunk-0001.img &&
	"$CHUNKCTL" -V vb df >df && ! grep -E " dirty " df
'

# A repair re-checks what it changed. When e2fsck -fy alone fixed K and no pass of chunkfs
# wrote K after it, K is what e2fsck left, so the re-check runs only the passes: one e2fsck.
# A pass that writes K (here, giving a head's range back) still gets a second e2fsck.
test_expect_success 'a repair runs e2fsck once when only e2fsck changed K, twice when a pass wrote it' '
	"$CHUNKCTL" mkfs --chunks 3 --size 24M --threshold 8K vr >/dev/null &&
	chunkstate vr/chunk-0001.img dirty &&
	flip_bitmap_byte vr/chunk-0001.img &&
	expect_status 1 "$CHUNKCTL" -V vr repair 1 --json >r1.json &&
	test "$(jq ".chunks[0].e2fsck_status, .chunks[0].e2fsck_runs" r1.json | tr "\n" " ")" = "1 1 " &&
	e2fsck -fn vr/chunk-0001.img &&
	head -c 300000 /dev/urandom >big && "$CHUNKCTL" -V vr cp big :/big &&
	head=$("$CHUNKFAULT" vr/chunk-0000.img list-heads | head -1) &&
	"$CHUNKFAULT" vr/chunk-0000.img shorten-range "$head" 100 >/dev/null &&
	expect_status 1 "$CHUNKCTL" -V vr repair 0 --json >r2.json &&
	test "$(jq ".chunks[0].e2fsck_status, .chunks[0].e2fsck_runs" r2.json | tr "\n" " ")" = "0 2 " &&
	"$CHUNKCTL" -V vr cat :/big | cmp - big
'

# A pass whose only write to K is to K's index (held in memory until the repair syncs what it
# wrote) wrote K all the same: here e2fsck clears a zeroed continuation and the pass removes
# its reference from K's index. The build before ran e2fsck once.
test_expect_success 'a repair whose pass changes only K'"'"'s index runs e2fsck again' '
	"$CHUNKCTL" mkfs --chunks 3 --size 24M --threshold 8K vz >/dev/null &&
	head -c 40000 /dev/urandom >z && "$CHUNKCTL" -V vz cp z :/z &&
	set -- $("$CHUNKCTL" -V vz stat :/z | awk "\$1 == \"continuation\" && \$2 == \"chunk\" { print \$3, \$5; exit }") &&
	test -n "${2:-}" && "$CHUNKFAULT" "vz/chunk-000$1.img" zero-inode "$2" >/dev/null &&
	expect_status 1 "$CHUNKCTL" -V vz repair "$1" --json >r3.json &&
	jq -e ".chunks[0].findings[] | select(.done | test(\"removed from chunk $1.s index\"))" r3.json >/dev/null &&
	test "$(jq ".chunks[0].e2fsck_status, .chunks[0].e2fsck_runs" r3.json | tr "\n" " ")" = "1 2 " &&
	e2fsck -fn "vz/chunk-000$1.img"
'

test_expect_success 'usage: a selection or numbers, not both, not neither' '
	expect_status 16 "$CHUNKCTL" -V vol repair 2>err && grep -- "--dirty, --damaged, --all" err &&
	expect_status 16 "$CHUNKCTL" -V vol repair 2 --dirty 2>err && grep "not both" err &&
	"$CHUNKCTL" -V vol repair --help | grep -- "--dirty repairs the chunks left DIRTY"
'

test_done
