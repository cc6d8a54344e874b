#!/bin/bash
# A chunk rolled back to an older copy of itself (a restored backup, a disk that lost its last
# writes) is internally consistent: its own records and index agree. Only its peers remember
# the references it forgot. check K alone must find them (issue 19 item 17), name the files,
# and one repair of K settles them: the forgotten bytes read EIO, marked lost, never zeros.
. "$(dirname "$0")/test-lib.sh"

cont_chunk() { # cont_chunk VOL PATH: the chunk of PATH's first continuation
	"$CHUNKCTL" -V "$1" stat --json ":$2" | jq -r '.files[0].chain[1].chunk'
}

test_expect_success 'setup: a file that continues, a copy of every chunk, then a second file' '
	head -c 300000 /dev/urandom >a && head -c 300000 /dev/urandom >b &&
	"$CHUNKCTL" mkfs --chunks 4 --size 16M --threshold 64K base >/dev/null &&
	"$CHUNKCTL" -V base cp a :/a &&
	mkdir old && cp base/chunk-*.img old/ &&
	"$CHUNKCTL" -V base cp b :/b &&
	kb=$(cont_chunk base /b) && test "$kb" != 0 && test "$kb" != null &&
	echo "$kb" >kb &&
	expect_status 0 "$CHUNKCTL" -V base check --all >/dev/null
'

test_expect_success 'a rolled-back chunk that forgot a continuation: check of it alone finds the file' '
	cp -a base v1 && kb=$(cat kb) && img=$(printf "chunk-%04d.img" "$kb") &&
	cp old/"$img" v1/"$img" && e2fsck -fn v1/"$img" >/dev/null &&
	{ rc=0; "$CHUNKCTL" -V v1 check "$kb" >out 2>&1 || rc=$?; } && cat out && test $rc -eq 4 &&
	grep -q "/b: dangling forward pointer: continuation $kb:" out &&
	"$CHUNKCTL" -V v1 check --json "$kb" >out.json || true &&
	jq -e ".chunks[0].result == 4 and .chunks[0].peers_read >= 1" out.json >/dev/null
'

test_expect_success 'one repair of that chunk names the file; its lost bytes read EIO, the rest is intact' '
	kb=$(cat kb) &&
	{ rc=0; "$CHUNKCTL" -V v1 repair "$kb" >out 2>&1 || rc=$?; } && cat out && test $rc -eq 1 &&
	grep -q "^    /b (234464 bytes lost, read as EIO)" out &&
	expect_status 0 "$CHUNKCTL" -V v1 repair "$kb" >/dev/null &&
	e2fsck_clean v1/chunk-*.img && expect_status 0 "$CHUNKCTL" -V v1 check --all >/dev/null &&
	"$CHUNKCTL" -V v1 cat :/a | cmp - a &&
	{ rc=0; "$CHUNKCTL" -V v1 cat :/b >/dev/null 2>err || rc=$?; } && test $rc -ne 0 &&
	grep -q "were lost in a repair" err &&
	"$CHUNKCTL" -V v1 lost --json | jq -e "(.files | length) == 1 and .files[0].path == \"/b\"" >/dev/null
'

test_expect_success 'rolled back and a chunk it names no reference with missing: counted, the file still found' '
	kb=$(cat kb) && w=$(( (kb + 1) % 4 )) &&
	other=$(for k in 1 2 3; do [ "$k" != "$kb" ] && [ "$k" != "$w" ] && echo $k && break; done) &&
	cp -a base v2 && cp old/"$(printf "chunk-%04d.img" "$kb")" v2/ &&
	rm v2/"$(printf "chunk-%04d.img" "$other")" &&
	{ rc=0; "$CHUNKCTL" -V v2 check --json "$kb" >out.json 2>err || rc=$?; } && cat err && test $rc -eq 4 &&
	jq -e ".chunks[0].peers_unread == 1" out.json >/dev/null &&
	{ rc=0; "$CHUNKCTL" -V v2 check "$kb" >out 2>&1 || rc=$?; } && cat out && test $rc -eq 4 &&
	grep -q "1 chunk(s) with no reference to this chunk" out && grep -q "/b: dangling forward pointer" out
'

test_expect_success 'a chunk rolled back under a file overwritten in place: check of it alone says so, one repair settles it' '
	ka=$(cont_chunk base /a) && head -c 300000 /dev/urandom >a2 &&
	cp -a base v3 && "$CHUNKCTL" -V v3 cp a2 :/a && test "$(cont_chunk v3 /a)" = "$ka" &&
	cp old/"$(printf "chunk-%04d.img" "$ka")" v3/ &&
	{ rc=0; "$CHUNKCTL" -V v3 check "$ka" >out 2>&1 || rc=$?; } && cat out && test $rc -eq 4 &&
	grep -q "chunk $ka is older than its last write" out &&
	{ rc=0; "$CHUNKCTL" -V v3 repair "$ka" >out 2>&1 || rc=$?; } && cat out && test $rc -le 1 &&
	grep -q "its write sequence set to" out &&
	expect_status 0 "$CHUNKCTL" -V v3 repair "$ka" >/dev/null &&
	e2fsck_clean v3/chunk-*.img && expect_status 0 "$CHUNKCTL" -V v3 check --all >/dev/null
'

# A copy taken during a write session (the mount keeps one open until the chunk is idle for
# commit= seconds), put back after the session ended: the end of a session is counted too.
test_expect_success 'a chunk rolled back to a copy taken during the mount'"'"'s write session: check of it alone says so' '
	cp -a base v5 && head -c 300000 /dev/urandom >c && "$CHUNKCTL" -V v5 cp c :/c &&
	kc=$(cont_chunk v5 /c) && test "$kc" != 0 && img=$(printf "chunk-%04d.img" "$kc") &&
	. "$SRC/tests/lib-mount.sh" && mount_chunkfs v5 mnt -o commit=600 &&
	head -c 4096 /dev/urandom | dd of=mnt/c bs=4096 seek=40 conv=notrunc,fsync status=none &&
	cp v5/"$img" mid.img &&
	head -c 4096 /dev/urandom | dd of=mnt/c bs=4096 seek=50 conv=notrunc,fsync status=none &&
	unmount_chunkfs mnt && cp mid.img v5/"$img" &&
	{ rc=0; "$CHUNKCTL" -V v5 check "$kc" >out 2>&1 || rc=$?; } && cat out && test $rc -eq 4 &&
	grep -q "chunk $kc is older than its last write" out &&
	{ rc=0; "$CHUNKCTL" -V v5 repair "$kc" >out 2>&1 || rc=$?; } && cat out && test $rc -le 1 &&
	expect_status 0 "$CHUNKCTL" -V v5 repair "$kc" >/dev/null &&
	e2fsck_clean v5/chunk-*.img && expect_status 0 "$CHUNKCTL" -V v5 check --all >/dev/null
'

test_expect_success 'no false alarm: many write sessions on every chunk, each chunk checked alone is clean' '
	cp -a base v4 &&
	for i in 1 2 3 4 5 6; do head -c $((i * 70000)) /dev/urandom >f$i && "$CHUNKCTL" -V v4 cp f$i :/f$i || exit 1; done &&
	"$CHUNKCTL" -V v4 rm :/f2 :/f4 &&
	for k in 0 1 2 3; do expect_status 0 "$CHUNKCTL" -V v4 check "$k" >/dev/null || exit 1; done
'

test_done
