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
	"$CHUNKCTL" -V v1 lost --json | jq -e "length == 1 and .[0].path == \"/b\"" >/dev/null
'

test_expect_success 'a chunk that cannot be opened and that the checked chunk names no reference with: counted, not a failure' '
	cp -a base v2 && kb=$(cat kb) &&
	other=$(for k in 1 2 3; do [ "$k" != "$kb" ] && echo $k && break; done) &&
	rm v2/"$(printf "chunk-%04d.img" "$other")" &&
	peers=$("$CHUNKCTL" -V v2 refs "$kb" 2>/dev/null | grep -c "chunk $other" || true) && test "$peers" -eq 0 &&
	{ rc=0; "$CHUNKCTL" -V v2 check --json "$kb" >out.json 2>err || rc=$?; } && cat err &&
	test $rc -eq 0 && jq -e ".chunks[0].peers_unread == 1" out.json >/dev/null &&
	"$CHUNKCTL" -V v2 check "$kb" >out 2>&1 && grep -q "1 chunk(s) with no reference to this chunk" out
'

test_done
