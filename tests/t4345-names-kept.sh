#!/bin/bash
# A directory block lost: e2fsck reconnects the files it named into lost+found as #INO. Every
# inode notes the name it was given (trusted.chunkfs.name: the directory part, the directory,
# the name), so the repair puts each file back under its name in its directory: nothing is left
# in /lost+found and nothing is lost. When the directory itself is gone, the files keep their
# names in /lost+found and the report names each by its full path: the directory's own path is
# the one of the entry e2fsck cleared. A directory whose blocks were lost with its parent's goes
# back empty, and its files back into it. A directory lost with the files in it: its first
# block, which e2fsck freed, still names them, and the report names them as lost. A file with
# data past the end of an image cut short is named as lost. A repair killed at any of its
# writes is finished by the next. A file whose inode was zeroed is gone: e2fsck clears its
# entry without a word of its own, and the report names it as lost.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-crash.sh"

# dir_block VOL PATH: the first block of directory PATH in its chunk's image, "IMAGE BLOCK".
dir_block() {
	local st chunk ino
	st=$("$CHUNKCTL" -V "$1" stat --json ":$2") &&
	chunk=$(echo "$st" | jq -r .files[0].chunk) && ino=$(echo "$st" | jq -r .files[0].local_ino) &&
	printf '%s/chunk-%04d.img %s\n' "$1" "$chunk" \
		"$(debugfs -R "blocks <$ino>" "$(printf '%s/chunk-%04d.img' "$1" "$chunk")" 2>/dev/null | awk '{ print $1 }')"
}

test_expect_success 'setup: a directory of files, a subdirectory, in chunk 0 and in chunk 1' '
	mkdir -p src/d/sub src/e && for i in 1 2 3 4 5 6; do head -c $((i * 3000)) /dev/urandom >src/d/f$i; done &&
	echo deep >src/d/sub/g && for i in 1 2 3; do head -c 5000 /dev/urandom >src/e/h$i; done &&
	"$CHUNKCTL" mkfs --chunks 3 --size 8M --threshold 64K base >/dev/null &&
	"$CHUNKCTL" -V base cp -r src/d :/d && "$CHUNKCTL" -V base cp -r src/e :/e &&
	expect_status 0 "$CHUNKCTL" -V base check --all >/dev/null
'

# back VOL: every file is at its path with its bytes, /lost+found is empty, every chunk clean.
back() {
	local f lf
	for f in d/f1 d/f2 d/f3 d/f4 d/f5 d/f6 d/sub/g e/h1 e/h2 e/h3; do
		"$CHUNKCTL" -V "$1" cat ":/$f" 2>/dev/null | cmp -s - "src/$f" || die "$1: /$f is not back"
	done
	lf=$("$CHUNKCTL" -V "$1" ls :/lost+found | tr "\n" " ")
	[ -z "$lf" ] || die "$1: /lost+found holds $lf"
	e2fsck_clean "$1"/chunk-*.img && expect_status 0 "$CHUNKCTL" -V "$1" check --all >/dev/null
}

test_expect_success 'a directory block of chunk 0 overwritten: one repair puts every file back under its name' '
	cp -a base v1 && read -r img blk < <(dir_block v1 /d) &&
	dd if=/dev/urandom of="$img" bs=4096 seek="$blk" count=1 conv=notrunc status=none &&
	{ rc=0; "$CHUNKCTL" -V v1 repair --json 0 >out.json 2>err || rc=$?; } && test $rc -eq 1 &&
	jq -r ".chunks[0].findings[].done" out.json | grep -c "^put back as /d/" >n && test "$(cat n)" = 7 &&
	jq -e ".chunks[0].files_lost == []" out.json >/dev/null &&
	back v1 && expect_status 0 "$CHUNKCTL" -V v1 repair 0 >/dev/null
'

test_expect_success 'the same for a directory whose block is in another chunk than 0' '
	cp -a base v2 && read -r img blk < <(dir_block v2 /e) &&
	k=$(basename "$img" .img) && k=$((10#${k#chunk-})) &&
	dd if=/dev/urandom of="$img" bs=4096 seek="$blk" count=1 conv=notrunc status=none &&
	{ rc=0; "$CHUNKCTL" -V v2 repair "$k" 0 >out 2>&1 || rc=$?; } && test $rc -le 1 &&
	grep -c "put back as /e/h" out >n && test "$(cat n)" = 3 && back v2
'

test_expect_success 'the directory itself gone: its files keep their names in /lost+found, each named in the report' '
	cp -a base v3 && ino=$("$CHUNKCTL" -V v3 stat --json :/d/sub | jq -r .files[0].local_ino) &&
	chunk=$("$CHUNKCTL" -V v3 stat --json :/d/sub | jq -r .files[0].chunk) &&
	"$CHUNKFAULT" "$(printf "v3/chunk-%04d.img" "$chunk")" zero-inode "$ino" >/dev/null &&
	{ rc=0; "$CHUNKCTL" -V v3 repair --json "$chunk" >out.json 2>err || rc=$?; } && test $rc -le 1 &&
	jq -r ".chunks[0].findings[].done" out.json | grep -q "^it was /d/sub/g;.*kept as /lost+found/g$" &&
	jq -e "[.chunks[0].findings[] | select(.moved_to == \"/lost+found/g\" and .path == \"/d/sub/g\")] | length == 1" out.json >/dev/null &&
	"$CHUNKCTL" -V v3 cat :/lost+found/g | cmp - src/d/sub/g &&
	expect_status 0 "$CHUNKCTL" -V v3 repair "$chunk" >/dev/null &&
	e2fsck_clean v3/chunk-*.img && expect_status 0 "$CHUNKCTL" -V v3 check --all >/dev/null
'

test_expect_success 'a directory and its parent both lose their blocks: the directory goes back empty, its file back into it' '
	cp -a base v6 && read -r img blk < <(dir_block v6 /d) && read -r img2 blk2 < <(dir_block v6 /d/sub) &&
	test "$img" = "$img2" &&
	dd if=/dev/zero of="$img" bs=4096 seek="$blk" count=1 conv=notrunc status=none &&
	dd if=/dev/zero of="$img" bs=4096 seek="$blk2" count=1 conv=notrunc status=none &&
	k=$(basename "$img" .img) && k=$((10#${k#chunk-})) &&
	{ rc=0; "$CHUNKCTL" -V v6 repair --json "$k" >out.json 2>err || rc=$?; } && test $rc -le 1 &&
	jq -r ".chunks[0].findings[].done" out.json | grep -qx "put back as /d/sub (.*" &&
	jq -r ".chunks[0].findings[].done" out.json | grep -qx "put back as /d/sub/g (.*" &&
	back v6
'

test_expect_success 'an image cut short: every file with data past the cut is named, and only those' '
	cp -a base v7 && st=$("$CHUNKCTL" -V v7 stat --json :/d/f5) && k=$(echo "$st" | jq -r .files[0].chunk) &&
	img=$(printf "v7/chunk-%04d.img" "$k") &&
	blk=$(debugfs -R "blocks <$(echo "$st" | jq -r .files[0].local_ino)>" "$img" 2>/dev/null | awk "{ print \$2 }") &&
	truncate -s $((blk * 4096)) "$img" &&
	{ rc=0; "$CHUNKCTL" -V v7 repair --json "$k" >out.json 2>err || rc=$?; } && test $rc -le 1 &&
	jq -r ".chunks[0].files_lost[]" out.json | sort >named &&
	jq -e "[.chunks[0].findings[] | select(.path == \"/d/f5\") | .bytes_lost] == [$((15000 - 4096))]" out.json >/dev/null &&
	for f in d/f1 d/f2 d/f3 d/f4 d/f5 d/f6 d/sub/g e/h1 e/h2 e/h3; do
		if "$CHUNKCTL" -V v7 cat ":/$f" 2>/dev/null | cmp -s - "src/$f"; then
			! grep -qx "/$f" named || die "/$f is whole, named as lost"
		else
			grep -qx "/$f" named || die "/$f differs, not named"
		fi
	done &&
	expect_status 0 "$CHUNKCTL" -V v7 repair "$k" >/dev/null && e2fsck_clean v7/chunk-*.img
'

test_expect_success 'a file whose inode was zeroed: e2fsck clears its entry, the report names it as lost' '
	cp -a base v4 && ino=$("$CHUNKCTL" -V v4 stat --json :/d/f3 | jq -r .files[0].local_ino) &&
	"$CHUNKFAULT" v4/chunk-0000.img zero-inode "$ino" >/dev/null &&
	{ rc=0; "$CHUNKCTL" -V v4 repair --json 0 >out.json 2>err || rc=$?; } && test $rc -le 1 &&
	jq -e ".chunks[0].files_lost == [\"/d/f3\"]" out.json >/dev/null &&
	! "$CHUNKCTL" -V v4 stat :/d/f3 >/dev/null 2>&1 &&
	expect_status 0 "$CHUNKCTL" -V v4 repair 0 >/dev/null && e2fsck_clean v4/chunk-*.img
'

test_expect_success 'a directory lost with the file in it: its freed first block names the file, the report names both as lost' '
	cp -a base v8 && inos=$(for f in /d/sub /d/sub/g; do
		"$CHUNKCTL" -V v8 stat --json ":$f" | jq -r "select(.files[0].chunk == 0) | .files[0].local_ino"; done) &&
	test $(echo $inos | wc -w) = 2 &&
	for ino in $inos; do "$CHUNKFAULT" v8/chunk-0000.img zero-inode "$ino" >/dev/null || return 1; done &&
	{ rc=0; "$CHUNKCTL" -V v8 repair --json 0 >out.json 2>err || rc=$?; } && test $rc -le 1 &&
	jq -e "(.chunks[0].files_lost | sort) == [\"/d/sub\", \"/d/sub/g\"]" out.json >/dev/null &&
	expect_status 0 "$CHUNKCTL" -V v8 repair 0 >/dev/null && e2fsck_clean v8/chunk-*.img
'

# A directory whose chunk ran out of inodes continues in the next: the names of the files there
# are in the part of the directory in that chunk (a continuation). That part and one of the
# files lost together (their inodes zeroed, as a lost inode-table block does): the file is named
# by its path, found in the part's first block, which e2fsck freed (bench/corrupt.sh, trial 31
# of CORRUPT_SEED=20261208, left it unnamed).
test_expect_success 'a directory part in another chunk lost with a file it named: the report names the file' '
	"$CHUNKCTL" mkfs --chunks 2 --size 8M vp >/dev/null &&
	mkdir -p many/D && (cd many/D && seq 1 1030 | sed "s/^/f/" | xargs touch) &&
	"$CHUNKCTL" -V vp cp -r many/D :/D &&
	part=$("$CHUNKCTL" -V vp stat --json :/D | jq -r ".files[0].chain[] | select(.role == \"continuation\" and .chunk == 1) | .local_ino") &&
	test -n "$part" &&
	"$CHUNKCTL" -V vp stat --json $(seq 1 1030 | sed "s|^|:/D/f|") |
		jq -r ".files[] | select(.chunk == 1) | \"\(.path) \(.local_ino)\"" | head -1 >victim &&
	read -r path ino <victim && test -n "$ino" &&
	"$CHUNKFAULT" vp/chunk-0001.img zero-inode "$part" >/dev/null &&
	"$CHUNKFAULT" vp/chunk-0001.img zero-inode "$ino" >/dev/null &&
	{ rc=0; "$CHUNKCTL" -V vp repair --json 1 >out.json 2>err || rc=$?; } && test $rc -le 1 &&
	jq -r ".chunks[0].files_lost[]" out.json >lost && cat lost &&
	grep -qx "$path" lost && grep -qx /D lost && test "$(wc -l <lost)" = 2 &&
	expect_status 0 "$CHUNKCTL" -V vp repair 1 >/dev/null && e2fsck_clean vp/chunk-*.img &&
	expect_status 0 "$CHUNKCTL" -V vp check --all >/dev/null
'

# A part lost with a directory in it, and that directory's subdirectory, their files left: e2fsck
# reconnects the files, whose names place them in directories of no known path until the pointers
# pass names the part's directory gone; the paths are settled then (bench/corrupt.sh trial 156 of
# CORRUPT_SEED=20261208). The repair reuses the lost inode numbers for the lost+found it makes.
test_expect_success 'a part lost with two levels of directories in it: their files are named by their paths' '
	"$CHUNKCTL" mkfs --chunks 2 --size 8M vq >/dev/null &&
	"$CHUNKCTL" -V vq cp -r many/D :/D &&
	"$CHUNKCTL" -V vq mkdir :/D/zsub && "$CHUNKCTL" -V vq mkdir :/D/zsub/deeper &&
	echo one >f1 && echo two >f2 && "$CHUNKCTL" -V vq cp f1 :/D/zsub/ && "$CHUNKCTL" -V vq cp f2 :/D/zsub/deeper/ &&
	part=$("$CHUNKCTL" -V vq stat --json :/D | jq -r ".files[0].chain[] | select(.role == \"continuation\" and .chunk == 1) | .local_ino") &&
	test -n "$part" &&
	for p in /D/zsub /D/zsub/deeper /D/zsub/f1 /D/zsub/deeper/f2; do
		"$CHUNKCTL" -V vq stat --json ":$p" | jq -r ".files[0] | \"\(.chunk) \(.local_ino)\"" || exit 1
	done >where && cat where && test "$(cut -d" " -f1 where | sort -u)" = 1 &&
	for ino in $part $(head -2 where | cut -d" " -f2); do
		"$CHUNKFAULT" vq/chunk-0001.img zero-inode "$ino" >/dev/null || exit 1
	done &&
	{ rc=0; "$CHUNKCTL" -V vq repair --json 1 >out.json 2>err || rc=$?; } && test $rc -le 1 &&
	jq -r ".chunks[0].files_lost[]" out.json >lost && cat lost &&
	grep -qx /D/zsub lost && grep -qx /D/zsub/deeper lost &&
	jq -r ".chunks[0].findings[] | select(.action == \"quarantined\") | .path // empty" out.json >moved &&
	grep -qx /D/zsub/f1 moved && grep -qx /D/zsub/deeper/f2 moved && ! grep -q "unnamed" moved &&
	expect_status 0 "$CHUNKCTL" -V vq repair 1 >/dev/null && e2fsck_clean vq/chunk-*.img
'

# The part alone lost, its directory left: e2fsck clears the directory's ".." (which named the
# part: no file's name, not named as one) and reconnects it, which the repair moves to the
# volume's /lost+found whole; each entry under it is named by its old path and its new one
# (bench/corrupt.sh trial 279 of CORRUPT_SEED=20261208).
test_expect_success 'a part lost, a directory in it left: the files under that directory are named where they went' '
	"$CHUNKCTL" mkfs --chunks 2 --size 8M vr >/dev/null &&
	"$CHUNKCTL" -V vr cp -r many/D :/D &&
	"$CHUNKCTL" -V vr mkdir :/D/zsub && "$CHUNKCTL" -V vr mkdir :/D/zsub/deeper &&
	"$CHUNKCTL" -V vr cp f1 :/D/zsub/ && "$CHUNKCTL" -V vr cp f2 :/D/zsub/deeper/ &&
	part=$("$CHUNKCTL" -V vr stat --json :/D | jq -r ".files[0].chain[] | select(.role == \"continuation\" and .chunk == 1) | .local_ino") &&
	test "$("$CHUNKCTL" -V vr stat --json :/D/zsub | jq -r .files[0].chunk)" = 1 &&
	"$CHUNKFAULT" vr/chunk-0001.img zero-inode "$part" >/dev/null &&
	{ rc=0; "$CHUNKCTL" -V vr repair --json 1 >out.json 2>err || rc=$?; } && test $rc -le 1 &&
	jq -r ".chunks[0].e2fsck_output" out.json | grep -q "^Entry .\.\.. in .* has deleted/unused inode $part" &&
	jq -r ".chunks[0].findings[] | select(.action == \"quarantined\") | \"\(.path) \(.moved_to)\"" out.json >moved &&
	to=$(sed -n "s|^/D/zsub \(/lost+found/.*\)$|\1|p" moved) && test -n "$to" &&
	grep -qx "/D/zsub/f1 $to/f1" moved && grep -qx "/D/zsub/deeper $to/deeper" moved &&
	grep -qx "/D/zsub/deeper/f2 $to/deeper/f2" moved &&
	! jq -r ".chunks[0].files_lost[]" out.json | grep "/\.\.$" &&
	test "$("$CHUNKCTL" -V vr cat ":$to/deeper/f2")" = two &&
	expect_status 0 "$CHUNKCTL" -V vr repair 1 >/dev/null && e2fsck_clean vr/chunk-*.img
'

# A link count set to 0 by the damage, the deletion time left 0 (chunkfs's own releases set it):
# e2fsck deletes the directory ("Deleted inode N has zero dtime") and clears its entry. A loss,
# named, though the inode keeps its mode (bench/corrupt.sh trial 88 of CORRUPT_SEED=20261208).
test_expect_success 'a directory whose link count the damage set to 0: e2fsck deletes it, the report names it' '
	cp -a base v9 && ino=$("$CHUNKCTL" -V v9 stat --json :/d/sub | jq -r .files[0].local_ino) &&
	test "$("$CHUNKCTL" -V v9 stat --json :/d/sub | jq -r .files[0].chunk)" = 0 &&
	debugfs -w -R "set_inode_field <$ino> links_count 0" v9/chunk-0000.img >/dev/null 2>&1 &&
	{ rc=0; "$CHUNKCTL" -V v9 repair --json 0 >out.json 2>err || rc=$?; } && test $rc -le 1 &&
	jq -r ".chunks[0].e2fsck_output" out.json | grep -q "Deleted inode $ino has zero dtime" &&
	jq -r ".chunks[0].files_lost[]" out.json | grep -qx /d/sub &&
	expect_status 0 "$CHUNKCTL" -V v9 repair 0 >/dev/null && e2fsck_clean v9/chunk-*.img
'

test_expect_success 'a file an rm had released when it was cut short is no loss: not named' '
	cp -a base v5 && ino=$("$CHUNKCTL" -V v5 stat --json :/d/f2 | jq -r .files[0].local_ino) &&
	debugfs -w -R "set_inode_field <$ino> links_count 0" v5/chunk-0000.img >/dev/null 2>&1 &&
	debugfs -w -R "set_inode_field <$ino> dtime $(date +%s)" v5/chunk-0000.img >/dev/null 2>&1 &&
	debugfs -w -R "freei <$ino>" v5/chunk-0000.img >/dev/null 2>&1 &&
	{ rc=0; "$CHUNKCTL" -V v5 repair --json 0 >out.json 2>err || rc=$?; } && test $rc -le 1 &&
	jq -r ".chunks[0].e2fsck_output" out.json | grep -q "has deleted/unused inode $ino" &&
	jq -e ".chunks[0].files_lost == []" out.json >/dev/null
'

test_expect_success 'the repair that puts them back, killed at each of its writes: the next repair finishes it' '
	cp -a base vd && read -r img blk < <(dir_block vd /d) &&
	dd if=/dev/urandom of="$img" bs=4096 seek="$blk" count=1 conv=notrunc status=none &&
	rm -rf vc && cp -a vd vc &&
	no_leaks strace -f -qq -e trace=pwrite64 -o writes "$CHUNKCTL" -V vc repair 0 >/dev/null || test $? -le 1 &&
	n=$(grep -c pwrite64 writes) && echo "the repair writes $n times" && test "$n" -gt 5 &&
	step=1 && { [ "${CHUNKFS_SANITIZED:-0}" != 1 ] || step=3; } &&
	for i in $(seq 1 $step "$n"); do
		rm -rf vk && cp -a vd vk &&
		{ no_leaks strace -f -qq -o /dev/null -e trace=pwrite64 -e inject=pwrite64:signal=KILL:when=$i \
			"$CHUNKCTL" -V vk repair 0 >/dev/null 2>&1 || :; } &&
		{ rc=0; "$CHUNKCTL" -V vk repair 0 >vk.out 2>&1 || rc=$?; } &&
		{ [ $rc -le 1 ] || { cat vk.out; die "write $i: the repair after the kill exited $rc"; }; } &&
		back vk || return 1
	done
'

test_done
