#!/bin/bash
# An image cut short (truncated): the repair gives it its length back, as zeros, names each file
# whose data blocks were past the cut with the bytes they held, and marks exactly those bytes
# lost in the file's head record, in the chunk cut or, for a continuation, in its head's chunk:
# they read as EIO, never as the zeros, `chunkctl lost` lists them, the bytes before the cut read
# as they were, and `check --all` is clean. A head's chunk that cannot be written leaves the cut
# noted beside the image until a repair marks them; so does a repair killed at any of its writes.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-mount.sh"
. "$SRC/tests/lib-crash.sh"

T=16384

# lost_after_cut IMG INO FROM TO CUT: the bytes in [FROM, TO) of inode INO of IMG that blocks at
# or past block CUT held, as `chunkctl lost` lists them ("[A, B) [C, D)"), from debugfs's map of
# each logical block (a hole maps to 0).
lost_after_cut() {
	local l
	for ((l = $3 / 4096; l * 4096 < $4; l++)); do echo "bmap <$2> $l"; done >bmap.cmds
	debugfs -f bmap.cmds "$1" 2>/dev/null | grep -E "^[0-9]+$" |
		awk -v from="$3" -v to="$4" -v cut="$5" '
			BEGIN { l = int(from / 4096) }
			{ s = l * 4096; e = s + 4096; l++
			  if (s < from) s = from; if (e > to) e = to
			  if ($1 < cut || $1 == 0 || s >= e) next
			  if (n && end[n] == s) end[n] = e; else { n++; start[n] = s; end[n] = e } }
			END { for (i = 1; i <= n; i++) printf "%s[%d, %d)", (i > 1 ? " " : ""), start[i], end[i] }'
}

# bytes_of "[A, B) [C, D)": how many bytes the ranges hold.
bytes_of() { echo "$1" | tr -d '[),' | awk '{ for (i = 1; i < NF; i += 2) n += $(i + 1) - $i } END { print n + 0 }'; }

# expect_lost VOL FILE RANGES: chunkctl lost lists exactly RANGES for :/FILE, and reading it fails
# with EIO.
expect_lost() {
	echo ":/$2: $(bytes_of "$3") byte(s) lost: $3" >want.lost &&
	"$CHUNKCTL" -V "$1" lost ":/$2" >got.lost && cmp want.lost got.lost ||
		die "$1 :/$2: want $(cat want.lost), got $(cat got.lost)"
	expect_status 1 "$CHUNKCTL" -V "$1" cat ":/$2" >/dev/null 2>err
	grep -q "^chunkctl: :/$2: Input/output error" err || die ":/$2 does not read as EIO: $(cat err)"
}

# same_but_lost VOL FILE RANGES: with the marks cleared (on a copy of VOL), :/FILE reads as the
# original but for RANGES, which read as zeros: every byte outside them is the one written.
same_but_lost() {
	local s e
	rm -rf cleared && cp -a "$1" cleared && "$CHUNKCTL" -V cleared lost --clear ":/$2" >/dev/null &&
	cp "$2" want.bytes && while read -r s e; do
		head -c $((e - s)) /dev/zero | dd of=want.bytes bs=4096 seek="$s" oflag=seek_bytes conv=notrunc status=none ||
			return 1
	done < <(echo "$3" | tr -d '[),' | xargs -n 2)
	"$CHUNKCTL" -V cleared cat ":/$2" | cmp - want.bytes || die ":/$2: bytes outside $3 differ"
}

test_expect_success 'setup: small files and files continued into other chunks, their blocks mapped' '
	head -c 3000 /dev/urandom >s && head -c 12000 /dev/urandom >m &&
	head -c 100000 /dev/urandom >a && head -c 60000 /dev/urandom >b &&
	"$CHUNKCTL" mkfs --chunks 4 --size 32M --threshold $T base >/dev/null &&
	for f in s m a b; do "$CHUNKCTL" -V base cp $f :/$f || return 1; done &&
	for f in s m a b; do
		"$CHUNKCTL" -V base stat --json :/$f | jq -r ".files[0].chain[] | \"\(.chunk) \(.local_ino)\"" >chain.$f || return 1
	done &&
	test "$(wc -l <chain.m)" = 1 && test "$(cut -d" " -f1 chain.m)" = 0 &&
	test "$(wc -l <chain.a)" = 2 && test "$(head -1 chain.a | cut -d" " -f1)" = 0 &&
	test "$(wc -l <chain.b)" = 2 && test "$(head -1 chain.b | cut -d" " -f1)" = 0 &&
	expect_status 0 "$CHUNKCTL" -V base check --all >/dev/null
'

# Chunk 0 holds the heads: cut at the second block of /m, so that /m has data on both sides.
ino_m=$(cut -d" " -f2 chain.m 2>/dev/null)
CUT0=$(debugfs -R "bmap <$ino_m> 1" base/chunk-0000.img 2>/dev/null)

test_expect_success 'heads cut: each file with data past the cut is named with its bytes, marked lost exactly' '
	test -n "$CUT0" && cp -a base v0 && truncate -s $((CUT0 * 4096)) v0/chunk-0000.img &&
	for f in m a b; do
		lost_after_cut base/chunk-0000.img "$(head -1 chain.$f | cut -d" " -f2)" 0 $(($(wc -c <$f) < T ? $(wc -c <$f) : T)) "$CUT0" >want.$f || return 1
	done &&
	test "$(cat want.m)" = "[4096, 12000)" && test -n "$(cat want.a)" && test -n "$(cat want.b)" &&
	lost_after_cut base/chunk-0000.img "$(cut -d" " -f2 chain.s)" 0 3000 "$CUT0" >want.s && test -z "$(cat want.s)" &&
	expect_status 1 "$CHUNKCTL" -V v0 repair 0 >repair &&
	for f in m a b; do
		n=$(bytes_of "$(cat want.$f)") &&
		grep -q "^  \[links\] /$f: $n byte(s) of its data were past the end the image was cut at" repair &&
		grep -q "^    /$f ($n bytes lost, read as EIO)$" repair &&
		expect_lost v0 $f "$(cat want.$f)" && same_but_lost v0 $f "$(cat want.$f)" || return 1
	done &&
	grep -q "^      -> 7904 byte(s) between 4096 and 12000 are lost: marked, they read as EIO$" repair &&
	! grep -q "/s:" repair && "$CHUNKCTL" -V v0 cat :/s | cmp - s &&
	test "$("$CHUNKCTL" -V v0 lost | wc -l)" = 3 &&
	test ! -e v0/chunk-0000.img.cut &&
	e2fsck_clean v0/chunk-*.img && expect_status 0 "$CHUNKCTL" -V v0 check --all >check &&
	expect_status 0 "$CHUNKCTL" -V v0 repair 0 >repair2 && ! grep -q "past the end" repair2
'

# The chunk of /a's continuation: cut in the middle of it, its head's record is in chunk 0.
K=$(sed -n 2p chain.a 2>/dev/null | cut -d" " -f1)
ino_ka=$(sed -n 2p chain.a 2>/dev/null | cut -d" " -f2)
CUTK=$(debugfs -R "bmap <$ino_ka> 14" "$(printf 'base/chunk-%04d.img' "$K")" 2>/dev/null)
WANT_K=$([ -z "$CUTK" ] || lost_after_cut "$(printf 'base/chunk-%04d.img' "$K")" "$ino_ka" $T 100000 "$CUTK")
N_K=$(bytes_of "$WANT_K")

test_expect_success 'a continuation cut: the bytes it held past the cut are marked lost in its head in chunk 0' '
	test -n "$CUTK" && cp -a base vk && img=$(printf "vk/chunk-%04d.img" "$K") &&
	test "$WANT_K" = "[57344, 100000)" && test "$N_K" = 42656 &&
	truncate -s $((CUTK * 4096)) "$img" &&
	expect_status 1 "$CHUNKCTL" -V vk repair "$K" >repair &&
	grep -q "^  \[links\] /a: $N_K byte(s) of its data (a continuation.s) were past the end the image was cut at" repair &&
	grep -q "^      -> $N_K byte(s) between 57344 and 100000 are lost: marked, they read as EIO$" repair &&
	grep -q "^    /a ($N_K bytes lost, read as EIO)$" repair &&
	expect_lost vk a "$WANT_K" && same_but_lost vk a "$WANT_K" &&
	test "$("$CHUNKCTL" -V vk lost | wc -l)" = 1 &&
	for f in s m b; do "$CHUNKCTL" -V vk cat :/$f | cmp - $f || return 1; done &&
	test ! -e "$img.cut" &&
	e2fsck_clean vk/chunk-*.img && expect_status 0 "$CHUNKCTL" -V vk check --all >check &&
	expect_status 0 "$CHUNKCTL" -V vk repair "$K" >repair2 && ! grep -q "past the end" repair2
'

test_expect_success 'the head chunk in use: the repair says it cannot mark them, the cut stays noted until it can' '
	cp -a base vb && img=$(printf "vb/chunk-%04d.img" "$K") && truncate -s $((CUTK * 4096)) "$img" &&
	hold_chunk vb/chunk-0000.img &&
	{ rc=0; "$CHUNKCTL" -V vb repair "$K" >repair 2>&1 || rc=$?; } && release_chunk && test $rc = 4 &&
	grep -q "$N_K byte(s) of its data (a continuation.s) were past the end the image was cut at" repair &&
	grep -q "^      -> chunk 0 cannot be written: Device or resource busy$" repair &&
	test -s "$img.cut" &&
	expect_status 4 "$CHUNKCTL" -V vb check "$K" >check &&
	grep -q "the image was cut short at block $CUTK, and the repair that gave it its length back did not mark" check &&
	expect_status 1 "$CHUNKCTL" -V vb repair "$K" >repair2 &&
	grep -q "$N_K byte(s) between 57344 and 100000 are lost: marked, they read as EIO" repair2 &&
	test ! -e "$img.cut" && expect_lost vb a "$WANT_K" &&
	expect_status 0 "$CHUNKCTL" -V vb check --all >check2
'

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'the mount' "no /dev/fuse or fusermount3 on this machine"
else
	test_expect_success 'through the mount: the lost bytes are EIO, those before and after read as written' '
		cp -a v0 m0 && mount_chunkfs m0 mnt0 &&
		! cat mnt0/m >/dev/null 2>err && grep -q "Input/output error" err &&
		head -c 4096 mnt0/m | cmp - <(head -c 4096 m) &&
		! dd if=mnt0/m of=/dev/null bs=4096 skip=1 count=1 status=none 2>/dev/null &&
		dd if=mnt0/a bs=4096 skip=4 status=none | cmp - <(tail -c +$((T + 1)) a) &&
		cmp s mnt0/s && unmount_chunkfs mnt0 &&
		cp -a vk mk && mount_chunkfs mk mntk &&
		! cat mntk/a >/dev/null 2>err && grep -q "Input/output error" err &&
		head -c 57344 mntk/a | cmp - <(head -c 57344 a) && cmp b mntk/b &&
		unmount_chunkfs mntk
	'
fi

# settled VOL: a repair of K and of every chunk left DIRTY finishes what a killed repair left:
# the volume checks clean, /a's bytes past the cut are marked lost, and the note is gone.
settled() {
	local rc=0 chunks
	chunks=$(echo "$K" $("$CHUNKCTL" -V "$1" df | awk '$1 ~ /^[0-9]+$/ && $8 != "clean" { print $1 }') |
		tr " " "\n" | sort -u)
	"$CHUNKCTL" -V "$1" repair $chunks >"$1.repair" 2>&1 || rc=$?
	[ $rc -le 1 ] || { cat "$1.repair"; die "the repair after the kill exited $rc"; }
	expect_status 0 "$CHUNKCTL" -V "$1" check --all >"$1.check"
	expect_lost "$1" a "$WANT_K"
	[ ! -e "$(printf "%s/chunk-%04d.img.cut" "$1" "$K")" ] || die "the cut is still noted"
}

test_expect_success 'a repair of the cut killed before any one of its writes, done again, marks them all the same' '
	cp -a base vcut && truncate -s $((CUTK * 4096)) "$(printf "vcut/chunk-%04d.img" "$K")" &&
	cp -a vcut vcut.counted &&
	{ no_leaks strace -f -qq -e trace=pwrite64 -o writes "$CHUNKCTL" -V vcut.counted repair "$K" >/dev/null 2>&1 ||
		test $? -eq 1; } &&
	n=$(grep -c pwrite64 writes) && echo "the repair writes $n times" && test "$n" -gt 5 &&
	step=1 && { [ "${CHUNKFS_SANITIZED:-0}" != 1 ] || step=3; } &&
	for i in $(seq 1 $step "$n"); do
		rm -rf vkill && cp -a vcut vkill &&
		{ (no_leaks strace -f -qq -o /dev/null -e trace=pwrite64 -e inject=pwrite64:signal=KILL:when=$i \
			"$CHUNKCTL" -V vkill repair "$K") >/dev/null 2>&1 || :; } 2>/dev/null &&
		settled vkill || return 1
	done
'

test_done
