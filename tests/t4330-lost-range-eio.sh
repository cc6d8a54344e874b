#!/bin/bash
# Bytes a repair could not keep read as EIO, never as zeros: the repair marks them lost in the
# file's head record, cp, cat and the mount fail naming the file, check calls the mark a known
# state, and the mark goes only when the bytes are written again, truncated away or cleared
# with `chunkctl lost --clear`. A head record that cannot be read is replaced by one that marks
# lost all the head does not hold. A repair killed at any of its writes never leaves the hole
# without the mark.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-mount.sh"

T=16384
SIZE=100000

test_expect_success 'setup: a file continued into another chunk loses its continuation inode' '
	head -c $SIZE /dev/urandom >big && head -c 3000 /dev/urandom >small &&
	"$CHUNKCTL" mkfs --chunks 4 --size 32M --threshold $T base >/dev/null &&
	"$CHUNKCTL" -V base cp big :/big && "$CHUNKCTL" -V base cp small :/small &&
	k=$("$CHUNKCTL" -V base stat --json :/big | jq ".files[0].chain[1].chunk") &&
	ino=$("$CHUNKCTL" -V base stat --json :/big | jq ".files[0].chain[1].local_ino") &&
	"$CHUNKFAULT" "base/chunk-000$k.img" zero-inode "$ino" >/dev/null && echo "$k" >k &&
	head -c $T big >head
'

test_expect_success 'the repair names the file and says its bytes are lost and read as EIO' '
	cp -a base vol && k=$(cat k) &&
	expect_status 1 "$CHUNKCTL" -V vol repair "$k" >repair &&
	grep -q "/big: dangling forward pointer" repair &&
	grep -q "$((SIZE - T)) byte(s) between $T and $SIZE are lost: marked, they read as EIO" repair &&
	grep -q "^    /big ($((SIZE - T)) bytes lost, read as EIO)$" repair
'

test_expect_success 'check calls the mark a known state: every chunk clean, a second repair changes nothing' '
	expect_status 0 "$CHUNKCTL" -V vol check --all >check &&
	e2fsck_clean vol/chunk-*.img &&
	expect_status 0 "$CHUNKCTL" -V vol repair "$(cat k)" >repair2
'

test_expect_success 'chunkctl cp and cat fail with EIO, naming the file and what was lost' '
	expect_status 1 "$CHUNKCTL" -V vol cp :/big out 2>err &&
	grep -q "^chunkctl: :/big: Input/output error: $((SIZE - T)) byte(s) from offset $T were lost in a repair" err &&
	expect_status 1 "$CHUNKCTL" -V vol cat :/big >/dev/null 2>err &&
	grep -q "^chunkctl: :/big: Input/output error" err &&
	mkdir tree && expect_status 1 "$CHUNKCTL" -V vol cp -r :/ tree/all 2>err &&
	grep -q ":/big: Input/output error" err && cmp small tree/all/small &&
	"$CHUNKCTL" -V vol cat :/small | cmp - small
'

test_expect_success 'stat and lost show the lost range; lost without a path finds the file' '
	"$CHUNKCTL" -V vol stat :/big >stat &&
	grep -q "^  Lost: $((SIZE - T)) bytes in \[$T, $SIZE)" stat &&
	"$CHUNKCTL" -V vol stat --json :/big | jq -e ".files[0].lost == [[$T, $SIZE]]" >/dev/null &&
	"$CHUNKCTL" -V vol stat --json :/small | jq -e ".files[0].lost == []" >/dev/null &&
	"$CHUNKCTL" -V vol lost >lost && echo ":/big: $((SIZE - T)) byte(s) lost: [$T, $SIZE)" >want &&
	test_cmp_output want lost &&
	"$CHUNKCTL" -V vol lost :/small >lost && grep -qx ":/small: no lost ranges" lost &&
	"$CHUNKCTL" -V vol lost --json :/ | jq -e ".volume == \"vol\" and .files[0].path == \"/big\" and .files[0].lost_bytes == $((SIZE - T)) and (.files | length) == 1" >/dev/null
'

test_expect_success 'lost --clear unmarks: the bytes read as zeros, check stays clean' '
	cp -a vol cleared &&
	expect_status 2 "$CHUNKCTL" -V cleared lost --clear 2>/dev/null &&
	expect_status 1 "$CHUNKCTL" -V cleared lost --clear :/ 2>/dev/null &&
	"$CHUNKCTL" -V cleared lost --clear :/big >out && grep -q "^:/big: $((SIZE - T)) byte(s) unmarked" out &&
	"$CHUNKCTL" -V cleared cat :/big >got && cmp -n $T got big &&
	[ "$(tail -c +$((T + 1)) got | tr -d "\\0" | wc -c)" = 0 ] && [ "$(wc -c <got)" = $SIZE ] &&
	"$CHUNKCTL" -V cleared lost >lost && grep -qx "no file has lost ranges" lost &&
	expect_status 0 "$CHUNKCTL" -V cleared check --all >check
'

test_expect_success 'overwriting the whole file through chunkctl cp clears the mark' '
	cp -a vol rewritten && "$CHUNKCTL" -V rewritten cp big :/big &&
	"$CHUNKCTL" -V rewritten cat :/big | cmp - big &&
	"$CHUNKCTL" -V rewritten lost :/big | grep -qx ":/big: no lost ranges" &&
	expect_status 0 "$CHUNKCTL" -V rewritten check --all >check
'

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'the mount' "no /dev/fuse or fusermount3 on this machine"
else
	test_expect_success 'through the mount: cat and cp fail with EIO, the bytes before read' '
		cp -a vol m1 && mount_chunkfs m1 mnt1 &&
		! cat mnt1/big >/dev/null 2>err && grep -q "Input/output error" err &&
		! cp mnt1/big out 2>err && grep -q "Input/output error" err &&
		head -c $T mnt1/big | cmp - head && cmp small mnt1/small &&
		unmount_chunkfs mnt1
	'

	test_expect_success 'through the mount: a write over part of the range unmarks that part only' '
		cp -a vol m2 && mount_chunkfs m2 mnt2 &&
		dd if=big of=mnt2/big bs=4096 skip=5 seek=5 count=2 conv=notrunc status=none &&
		unmount_chunkfs mnt2 &&
		"$CHUNKCTL" -V m2 lost :/big >lost &&
		grep -qx ":/big: $((SIZE - T - 8192)) byte(s) lost: \[$T, 20480) \[28672, $SIZE)" lost &&
		mount_chunkfs m2 mnt2 &&
		dd if=mnt2/big bs=4096 skip=5 count=2 status=none | cmp - <(dd if=big bs=4096 skip=5 count=2 status=none) &&
		! dd if=mnt2/big of=/dev/null bs=4096 skip=4 count=1 status=none 2>/dev/null &&
		! dd if=mnt2/big of=/dev/null bs=4096 skip=7 count=1 status=none 2>/dev/null &&
		unmount_chunkfs mnt2 && expect_status 0 "$CHUNKCTL" -V m2 check --all >check
	'

	test_expect_success 'through the mount: writing the whole range back, or truncating below it, clears it' '
		cp -a vol m3 && cp -a vol m4 && mount_chunkfs m3 mnt3 && mount_chunkfs m4 mnt4 &&
		dd if=big of=mnt3/big bs=$T skip=1 seek=1 conv=notrunc status=none &&
		truncate -s $((T - 100)) mnt4/big &&
		cmp big mnt3/big && head -c $((T - 100)) big | cmp - mnt4/big &&
		unmount_chunkfs mnt3 && unmount_chunkfs mnt4 &&
		"$CHUNKCTL" -V m3 lost >lost3 && grep -qx "no file has lost ranges" lost3 &&
		"$CHUNKCTL" -V m4 lost >lost4 && grep -qx "no file has lost ranges" lost4 &&
		"$CHUNKCTL" -V m3 cat :/big | cmp - big &&
		expect_status 0 "$CHUNKCTL" -V m3 check --all >check3 &&
		expect_status 0 "$CHUNKCTL" -V m4 check --all >check4
	'
fi

test_expect_success 'setup: a file continued into another chunk loses its head record' '
	"$CHUNKCTL" mkfs --chunks 4 --size 32M --threshold $T hbase >/dev/null &&
	"$CHUNKCTL" -V hbase cp big :/big && "$CHUNKCTL" -V hbase cp small :/small &&
	h=$("$CHUNKCTL" -V hbase stat --json :/big | jq ".files[0].chain[0].chunk") &&
	ino=$("$CHUNKCTL" -V hbase stat --json :/big | jq ".files[0].chain[0].local_ino") &&
	[ "$("$CHUNKCTL" -V hbase stat --json :/big | jq ".files[0].chain | length")" -gt 1 ] &&
	c=$("$CHUNKCTL" -V hbase stat --json :/big | jq ".files[0].chain[1].chunk") &&
	n=$("$CHUNKCTL" -V hbase refs "$h" | awk -v peer="peer $c:" -v me=" $h:$ino " "
		index(\$0, peer) == 1 { on = 1; i = 0; next } /^peer/ { on = 0 }
		on && /->/ { if (index(\$0, me)) print i; i++ }") && [ -n "$n" ] &&
	echo "$c" >c && cp -a hbase hbase2 && "$CHUNKFAULT" "hbase2/chunk-000$h.img" del-index "$c" "$n" >/dev/null &&
	! "$CHUNKCTL" -V hbase2 refs "$h" | grep -q " $h:$ino " &&
	"$CHUNKFAULT" "hbase/chunk-000$h.img" flip-head "$ino" >/dev/null && echo "$h" >h &&
	"$CHUNKFAULT" "hbase2/chunk-000$h.img" flip-head "$ino" >/dev/null
'

# The head record is rebuilt from what the chunk's index says of the file: its continuations,
# each of which names it back, and their ranges.
test_expect_success 'a head record that cannot be read: rebuilt from its continuations, nothing lost' '
	cp -a hbase hr && h=$(cat h) &&
	expect_status 1 "$CHUNKCTL" -V hr repair "$h" >repair-r &&
	grep -q "/big: head record is unreadable (bad checksum)" repair-r &&
	grep -q "record rebuilt from the 1 continuation(s) that name it back (this chunk.s index lists them): nothing lost" repair-r &&
	! grep -q "files that lost data" repair-r &&
	"$CHUNKCTL" -V hr cat :/big | cmp - big && "$CHUNKCTL" -V hr cat :/small | cmp - small &&
	[ -z "$("$CHUNKCTL" -V hr ls :/lost+found)" ] &&
	e2fsck_clean hr/chunk-*.img &&
	expect_status 0 "$CHUNKCTL" -V hr check --all >check-r &&
	expect_status 0 "$CHUNKCTL" -V hr repair "$h" >repair-r2
'

# With the chunk's index entry for it gone too, nothing says which continuations the head had:
# they are orphans, and what the head does not hold is lost. The repair rebuilds the chunk's
# index, and so leaves the orphan in its own chunk's lost+found until that chunk's repair
# (README, Known problems).
test_expect_success 'a head record that cannot be read, its index entry gone too: what the head does not hold is lost, named, EIO' '
	cp -a hbase2 hvol && cp -a hbase2 hjson && h=$(cat h) &&
	expect_status 1 "$CHUNKCTL" -V hvol repair "$h" >repair &&
	grep -q "in chunk $(cat c).s own lost+found until chunk $h is repaired" repair &&
	expect_status 1 "$CHUNKCTL" -V hvol repair "$(cat c)" >repair-c &&
	grep -q "/big: head record is unreadable (bad checksum)" repair &&
	grep -q "$((SIZE - T)) byte(s) between $T and $SIZE are lost: marked, they read as EIO" repair &&
	grep -q "^    /big ($((SIZE - T)) bytes lost, read as EIO)$" repair &&
	expect_status 1 "$CHUNKCTL" -V hjson repair --json "$h" >repair.json &&
	jq -e ".chunks[0].files_lost == [\"/big\"]" repair.json >/dev/null &&
	jq -e "[.chunks[0].findings[] | select(.pass == \"records\" and .path == \"/big\")][0] |
		.action == \"hole\" and .bytes_lost == $((SIZE - T)) and .path == \"/big\"" repair.json >/dev/null &&
	expect_status 1 "$CHUNKCTL" -V hvol cat :/big >/dev/null 2>err &&
	grep -q "^chunkctl: :/big: Input/output error" err &&
	expect_status 1 "$CHUNKCTL" -V hvol cp :/big out 2>err &&
	grep -q "^chunkctl: :/big: Input/output error: $((SIZE - T)) byte(s) from offset $T were lost in a repair" err &&
	"$CHUNKCTL" -V hvol lost :/big | grep -qx ":/big: $((SIZE - T)) byte(s) lost: \[$T, $SIZE)" &&
	"$CHUNKCTL" -V hvol cat :/small | cmp - small &&
	"$CHUNKCTL" -V hvol ls :/lost+found | grep -q "^orphan-" &&
	e2fsck_clean hvol/chunk-*.img &&
	expect_status 0 "$CHUNKCTL" -V hvol check --all >check &&
	expect_status 0 "$CHUNKCTL" -V hvol repair "$h" >repair2
'

if [ -c /dev/fuse ] && command -v fusermount3 >/dev/null; then
	test_expect_success 'a head record that cannot be read: through the mount, the head reads, the rest is EIO' '
		cp -a hvol hm && mount_chunkfs hm hmnt &&
		! cat hmnt/big >/dev/null 2>err && grep -q "Input/output error" err &&
		head -c $T hmnt/big | cmp - head && cmp small hmnt/small &&
		unmount_chunkfs hmnt
	'
fi

# whole VOL FILE: as settled, for a head record rebuilt: the file reads whole, nothing is lost,
# /lost+found is empty.
whole() {
	local rc=0 chunks
	chunks=$(echo "$(cat "$2")" $("$CHUNKCTL" -V "$1" df | awk '$1 ~ /^[0-9]+$/ && $8 != "clean" { print $1 }') |
		tr " " "\n" | sort -u)
	"$CHUNKCTL" -V "$1" repair $chunks >"$1.repair" 2>&1 || rc=$?
	[ $rc -le 1 ] || { cat "$1.repair"; die "the repair after the kill exited $rc"; }
	expect_status 0 "$CHUNKCTL" -V "$1" check --all >"$1.check"
	"$CHUNKCTL" -V "$1" cat :/big | cmp -s - big || die "the file does not read whole after the repair"
	[ -z "$("$CHUNKCTL" -V "$1" ls :/lost+found)" ] || die "/lost+found is not empty"
}

# settled VOL [FILE]: repairs what a killed repair left (the chunk named in FILE, k unless
# told, and every chunk left DIRTY); then the volume checks clean and the file is EIO with its
# range marked, never zeros.
settled() {
	local rc=0 chunks
	chunks=$(echo "$(cat "${2:-k}")" $("$CHUNKCTL" -V "$1" df | awk '$1 ~ /^[0-9]+$/ && $8 != "clean" { print $1 }') |
		tr " " "\n" | sort -u)
	"$CHUNKCTL" -V "$1" repair $chunks >"$1.repair" 2>&1 || rc=$?
	[ $rc -le 1 ] || { cat "$1.repair"; die "the repair after the kill exited $rc"; }
	expect_status 0 "$CHUNKCTL" -V "$1" check --all >"$1.check"
	"$CHUNKCTL" -V "$1" cat :/big >/dev/null 2>&1 && die "the file reads whole after the repair"
	"$CHUNKCTL" -V "$1" lost :/big | grep -qx ":/big: $((SIZE - T)) byte(s) lost: \[$T, $SIZE)" ||
		die "the lost range is not marked: $("$CHUNKCTL" -V "$1" lost :/big)"
}

# Every write is a kill point in the plain run; under ASan+UBSan (ten times slower) every third,
# which keeps the sanitizers on each kind of write while the whole of make check stays in time.
KILL_STEP=1
[ "${CHUNKFS_SANITIZED:-0}" = 1 ] && KILL_STEP=3

# kill_each_write BASE CHUNKFILE [OUTCOME]: the repair of the chunk named in CHUNKFILE, run on a
# copy of BASE and killed before each of its writes in turn (every KILL_STEP-th), leaves a
# volume that OUTCOME (settled, above: the range still marked) repairs.
kill_each_write() {
	local base=$1 id=$2 outcome=${3:-settled} k n i rc
	k=$(cat "$id") && cp -a "$base" "$base.counted" &&
	{ ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" strace -f -qq -e trace=pwrite64 -o "$base.writes" \
		"$CHUNKCTL" -V "$base.counted" repair "$k" >/dev/null 2>&1 || [ $? -eq 1 ]; } &&
	n=$(grep -c pwrite64 "$base.writes") && echo "the repair writes $n times" && [ "$n" -gt 5 ] || return 1
	for i in $(seq 1 "$KILL_STEP" "$n"); do
		rm -rf vk && cp -a "$base" vk &&
		{ rc=0; (ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" strace -f -qq -o /dev/null \
			-e trace=pwrite64 -e inject=pwrite64:signal=KILL:when=$i \
			"$CHUNKCTL" -V vk repair "$k") >/dev/null 2>&1 || rc=$?; } 2>/dev/null &&
		"$outcome" vk "$id" || return 1
	done
}

test_expect_success 'a repair killed before any one of its writes, done again, leaves the range marked' '
	kill_each_write base k
'

test_expect_success 'a repair of an unreadable head record killed before any one of its writes: the file whole after the next' '
	kill_each_write hbase h whole
'

test_done
