#!/bin/bash
# A head record, well formed and with a valid CRC, whose continuation is in a chunk the volume
# does not have (102 of 3) or in the head's own chunk: a pointer that leads nowhere. Check
# names the file. The continuation, of that inode number and generation in its real chunk,
# still names the head back: one repair points the head at it again (the chunk number was
# what the damage changed), nothing is lost or moved, and a second repair finds nothing.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'setup: files and a directory that continue into other chunks' '
	mkdir -p src/many src/d &&
	(cd src/many && for i in $(seq 1 1500); do echo "file $i" >"$i"; done) &&
	for i in $(seq 1 6); do head -c 30000 /dev/urandom >src/d/f$i; done &&
	"$CHUNKCTL" mkfs --chunks 3 --size 8M --threshold 8K base >/dev/null &&
	"$CHUNKCTL" -V base cp -r src :/src &&
	expect_status 0 "$CHUNKCTL" -V base check --all >/dev/null
'

# point_at VOL PATH CHUNK: PATH's head record names CHUNK for its first continuation. Prints
# the head's chunk.
point_at() {
	local k ino
	"$CHUNKCTL" -V "$1" stat --json ":$2" >stat.json &&
	k=$(jq -r .files[0].chunk stat.json) && ino=$(jq -r .files[0].local_ino stat.json) &&
	test "$(jq -r .files[0].continuations stat.json)" -ge 1 || die "$2 has no continuation"
	"$CHUNKFAULT" "$(printf "%s/chunk-%04d.img" "$1" "$k")" head-chunk "$ino" "$3" >/dev/null &&
	echo "$k"
}

# settled VOL K: one repair of K was enough: a second finds nothing, every chunk is clean.
settled() {
	expect_status 0 "$CHUNKCTL" -V "$1" repair "$2" >again 2>&1 || { cat again; exit 1; }
	e2fsck_clean "$1"/chunk-*.img && expect_status 0 "$CHUNKCTL" -V "$1" check --all >/dev/null
}

# whole VOL PATH SRC: PATH reads as SRC, with its continuation, and /lost+found is empty.
whole() {
	"$CHUNKCTL" -V "$1" cat ":$2" | cmp - "$3" &&
	"$CHUNKCTL" -V "$1" stat --json ":$2" | jq -e ".files[0].continuations >= 1" >/dev/null &&
	test -z "$("$CHUNKCTL" -V "$1" ls :/lost+found)"
}

test_expect_success 'a file whose head names chunk 102: named, pointed back at its continuation, nothing lost' '
	cp -a base v1 && k=$(point_at v1 /src/d/f1 102) &&
	{ rc=0; "$CHUNKCTL" -V v1 cat :/src/d/f1 >/dev/null 2>&1 || rc=$?; test $rc -ne 0; } &&
	{ rc=0; "$CHUNKCTL" -V v1 check "$k" >out 2>&1 || rc=$?; } && cat out && test $rc -eq 4 &&
	grep -q "/src/d/f1: dangling forward pointer: continuation 102:[0-9]* is in chunk 102, which the volume does not have" out &&
	{ rc=0; "$CHUNKCTL" -V v1 repair "$k" >out 2>&1 || rc=$?; } && cat out && test $rc -eq 1 &&
	grep -q "points again at continuation [0-9]*:[0-9]*, which names it back: the pointer.s chunk number was damaged" out &&
	! grep -q "files that lost data" out &&
	settled v1 "$k" && whole v1 /src/d/f1 src/d/f1 &&
	for i in 2 3 4 5 6; do "$CHUNKCTL" -V v1 cat :/src/d/f$i | cmp - src/d/f$i; done
'

test_expect_success 'a file whose head names its own chunk: the same, in one repair' '
	cp -a base v2 && k=$("$CHUNKCTL" -V v2 stat --json :/src/d/f2 | jq -r .files[0].chunk) &&
	point_at v2 /src/d/f2 "$k" >/dev/null &&
	{ rc=0; "$CHUNKCTL" -V v2 check "$k" >out 2>&1 || rc=$?; } && cat out && test $rc -eq 4 &&
	grep -q "/src/d/f2: dangling forward pointer: continuation $k:[0-9]* is in chunk $k, the head.s own" out &&
	{ rc=0; "$CHUNKCTL" -V v2 repair "$k" >out 2>&1 || rc=$?; } && cat out && test $rc -eq 1 &&
	grep -q "points again at continuation" out && settled v2 "$k" && whole v2 /src/d/f2 src/d/f2
'

test_expect_success 'a directory whose head names chunk 102: pointed back at its part, every name kept in place' '
	cp -a base v3 && k=$(point_at v3 /src/many 102) &&
	{ rc=0; "$CHUNKCTL" -V v3 check "$k" >out 2>&1 || rc=$?; } && cat out && test $rc -eq 4 &&
	grep -q "/src/many: dangling forward pointer: continuation 102:[0-9]* is in chunk 102" out &&
	{ rc=0; "$CHUNKCTL" -V v3 repair "$k" >out 2>&1 || rc=$?; } && cat out && test $rc -eq 1 &&
	grep -q "points again at continuation" out && settled v3 "$k" &&
	test "$("$CHUNKCTL" -V v3 ls :/src/many | wc -l)" -eq 1500 &&
	test -z "$("$CHUNKCTL" -V v3 ls :/lost+found)"
'

test_done
