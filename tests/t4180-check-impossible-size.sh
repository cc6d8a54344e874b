#!/bin/bash
# A file in /lost+found whose size is more than the whole volume holds, as e2fsck leaves one
# when it "fixes" a flipped extent and reconnects it (issue 19, item 18): check names it by its
# volume path; repair cuts its size to where its data ends (its last block, or for a head the
# end of the ranges its continuations hold) and frees no block; a second repair finds nothing.
# Anywhere else such a size is a sparse file of the user's own (ext4 and the mount allow one):
# never named, never cut.
. "$(dirname "$0")/test-lib.sh"

V=$TRASH/vol
HUGE=13000000000000
img() { printf "%s/chunk-%04d.img" "$V" "$1"; }
# where PATH: "CHUNK INODE" of its head; cont PATH: of its first continuation.
where() { "$CHUNKCTL" -V "$V" stat --json ":$1" | jq -r '.files[0] | "\(.chunk) \(.local_ino)"'; }
cont() { "$CHUNKCTL" -V "$V" stat --json ":$1" | jq -r '.files[0].chain[1] | "\(.chunk) \(.local_ino)"'; }
size() { "$CHUNKCTL" -V "$V" stat --json ":$1" | jq -r .files[0].size; }
blocks() { "$CHUNKCTL" -V "$V" stat --json ":$1" | jq -r .files[0].blocks; }
huge() { debugfs -w -R "sif <$2> size $HUGE" "$(img "$1")" >/dev/null 2>&1; }

test_expect_success 'setup: a file held in one chunk and one that continues, in / and in /lost+found' '
	mkdir src && head -c 5000 /dev/urandom >src/tiny && head -c 30000 /dev/urandom >src/spans &&
	head -c 3000 /dev/urandom >src/found &&
	"$CHUNKCTL" mkfs --chunks 3 --size 8M --threshold 8K "$V" >/dev/null &&
	"$CHUNKCTL" -V "$V" cp src/tiny src/spans :/ && "$CHUNKCTL" -V "$V" cp src/found src/spans :/lost+found/ &&
	truncate -s 20M src/sparse && "$CHUNKCTL" -V "$V" cp src/sparse :/sparse &&
	test "$("$CHUNKCTL" -V "$V" stat --json :/tiny | jq .files[0].continuations)" = 0 &&
	test "$("$CHUNKCTL" -V "$V" stat --json :/lost+found/spans | jq .files[0].continuations)" = 1 &&
	for f in found spans; do echo "$(blocks /lost+found/$f)" >"blocks.$f"; done &&
	expect_status 0 "$CHUNKCTL" -V "$V" check --all >/dev/null &&
	cp -a "$V" good
'

BS=$(dumpe2fs -h "$(img 0)" 2>/dev/null | awk '/^Block size:/ { print $3 }')

test_expect_success 'check names each file of /lost+found whose size is past the volume, and exits 4' '
	for f in /tiny /spans /lost+found/found /lost+found/spans; do
		read -r k i < <(where $f) && huge "$k" "$i" || die "$f"
	done &&
	read -r k i < <(cont /lost+found/spans) && huge "$k" "$i" &&
	e2fsck_clean "$V"/chunk-*.img &&
	expect_status 4 "$CHUNKCTL" -V "$V" check --all >out &&
	for f in /lost+found/found /lost+found/spans; do
		grep -q "^  \[sizes\] $f: inode [0-9]*: size $HUGE is more than the whole volume holds" out ||
			{ cat out; die "$f is not named"; }
	done &&
	test "$(grep -c "^  \[sizes\] /lost+found/spans: " out)" -eq 2 &&
	! grep -q "\[sizes\] /tiny\|\[sizes\] /spans\|sparse" out && test "$(size /tiny)" = $HUGE
'

test_expect_success 'repair cuts each to where its data ends, and frees no block' '
	expect_status 1 "$CHUNKCTL" -V "$V" repair --all >out &&
	grep -q "^      -> size cut to 30000, where its data ends; no block freed" out &&
	test "$(size /lost+found/spans)" = 30000 && "$CHUNKCTL" -V "$V" cat :/lost+found/spans | cmp - src/spans &&
	test "$(size /lost+found/found)" = $(( (3000 + BS - 1) / BS * BS )) &&
	"$CHUNKCTL" -V "$V" cat :/lost+found/found | head -c 3000 | cmp - src/found &&
	for f in found spans; do
		test "$(blocks /lost+found/$f)" = "$(cat "blocks.$f")" || die "$f lost blocks"
	done &&
	test "$(size /tiny)" = $HUGE && test "$(size /spans)" = $HUGE &&
	test "$(size /sparse)" = 20971520 &&
	e2fsck_clean "$V"/chunk-*.img
'

test_expect_success 'a second repair finds nothing, and every chunk checks clean' '
	expect_status 0 "$CHUNKCTL" -V "$V" repair --all >out &&
	! grep -q "\[sizes\]" out &&
	expect_status 0 "$CHUNKCTL" -V "$V" check --all >/dev/null
'

test_expect_success 'repair --json names the file and says what was done' '
	rm -f "$V"/chunk-*.img && cp good/chunk-*.img "$V"/ &&
	read -r k i < <(where /lost+found/found) && huge "$k" "$i" &&
	{ rc=0; "$CHUNKCTL" -V "$V" repair --json "$k" >out.json || rc=$?; } && test $rc -eq 1 &&
	jq -e "[.chunks[0].findings[] | select(.pass == \"sizes\")] |
		length == 1 and .[0].path == \"/lost+found/found\" and .[0].action == \"fixed\"" out.json >/dev/null ||
		{ cat out.json; die "repair --json"; }
'

test_done
