#!/bin/bash
# Crash order of rename, link and shrink: each is killed before each one of its writes to an
# image in turn (strace -e inject=pwrite64:signal=KILL:when=N, every N), the DIRTY chunks are
# repaired, and then every chunk is e2fsck-clean, a check of every chunk finds nothing, and:
#   rename  the target holds exactly its old file or the renamed one, and the source name is
#           the old file when the target is not the renamed one (never neither), and never
#           both names: the rename record in the renamed file's chunk lets its repair finish
#           or undo the rename (no kill point may leave both, as POSIX says); the same for a
#           rename to a free name: one of the two names, never both;
#   link    the new name is absent or the same inode, the target unchanged;
#   shrink  the file is its old content, its new content or a prefix of the new one;
# and no file the operation did not touch changed.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-crash.sh"

base=$TRASH/base

# The volume: chunk 0 holds /a, /b (one chunk each) and /y, /y2 (continued in another chunk);
# chunk 0's inodes were filled while /far was made, so /far and its files /far/x, /far/x2 have
# their heads in another chunk (x and x2 continue in a third). The filler is gone again, so
# chunk 0 has room for a part of /far.
test_expect_success 'setup: files in one chunk, files whose heads are in different chunks' '
	mkdir src fill && (cd fill && for i in $(seq 1 1100); do : >"$i"; done) &&
	head -c 3300 /dev/urandom >src/a && head -c 9000 /dev/urandom >src/b &&
	head -c 40000 /dev/urandom >src/y && head -c 36000 /dev/urandom >src/y2 &&
	head -c 30000 /dev/urandom >src/x && head -c 26000 /dev/urandom >src/x2 &&
	head -c 2000 /dev/urandom >src/short &&
	"$CHUNKCTL" mkfs --chunks 3 --size 8M --threshold 8K "$base" >/dev/null &&
	for f in a b y y2; do "$CHUNKCTL" -V "$base" cp src/$f :/$f || return 1; done &&
	"$CHUNKCTL" -V "$base" cp -r fill :/fill && "$CHUNKCTL" -V "$base" mkdir :/far &&
	"$CHUNKCTL" -V "$base" cp src/x :/far/x && "$CHUNKCTL" -V "$base" cp src/x2 :/far/x2 &&
	"$CHUNKCTL" -V "$base" rm -r :/fill &&
	"$CHUNKCTL" -V "$base" stat :/far/x | grep -q "head  *chunk [12] " &&
	"$CHUNKCTL" -V "$base" stat :/y | grep -q "head  *chunk 0 " &&
	"$CHUNKCTL" -V "$base" stat :/y :/far/x | grep -q "^ *continuation" &&
	expect_status 0 "$CHUNKCTL" -V "$base" check --all >/dev/null && e2fsck_clean "$base"/chunk-*.img
'

# is VOL PATH FILE: the volume file PATH holds exactly FILE's bytes.
is() { "$CHUNKCTL" -V "$1" cat "$2" 2>/dev/null | cmp -s - "$3"; }
absent() { ! "$CHUNKCTL" -V "$1" stat "$2" >/dev/null 2>&1; }

# untouched VOL PATH...: every file of the volume but those named is as it was made.
untouched() {
	local vol=$1 f; shift
	for f in :/a :/b :/y :/y2 :/far/x :/far/x2; do
		case " $* " in *" $f "*) continue ;; esac
		is "$vol" "$f" "src/${f##*/}" || die "$f changed, and the operation did not touch it"
	done
}

# Every write is a kill point in the plain run; every third one under ASan+UBSan, whose
# processes start ten times slower (0.24 s against 0.03 s), so that make check stays within
# CI's hour.
KILL_STEP=1
[ "${CHUNKFS_SANITIZED:-0}" = 1 ] && KILL_STEP=3

# renamed VOL AT SRC DST: after a rename of SRC over DST (which held file DST's content). Both
# names of the renamed file, or a copy of the target's name renamed NAME.dup-CHUNK by the
# names pass, are noted in ./both.
renamed() {
	local vol=$1 at=$2 s=$3 d=$4
	if is "$vol" "$d" "src/${s##*/}"; then
		absent "$vol" "$s" || echo "$at: both $s and $d name the renamed file" | tee -a both
	elif is "$vol" "$d" "src/${d##*/}"; then
		is "$vol" "$s" "src/${s##*/}" || die "$at: $d is the old file but $s is not the renamed one"
	else
		die "$at: $d is neither its old file nor the renamed one"
	fi
	"$CHUNKCTL" -V "$vol" ls :/ :/far | grep "\.dup-" | sed "s/^/$at: a third name: /" >>both || :
	untouched "$vol" "$s" "$d"
}

rename_one_chunk() { renamed "$1" "$2" :/a :/b; }
test_expect_success 'a kill at any write of a rename over a file in the same chunk: the target old or new, never both names' '
	sweep "mv :/a :/b" rename_one_chunk mv :/a :/b
'

rename_across() { renamed "$1" "$2" :/far/x :/y; }
test_expect_success 'a kill at any write of a rename over a file in another chunk: the target old or new, never both names' '
	sweep "mv :/far/x :/y" rename_across mv :/far/x :/y
'

rename_into_far() { renamed "$1" "$2" :/y2 :/far/x2; }
test_expect_success 'the same into a directory with no part in the source chunk yet' '
	sweep "mv :/y2 :/far/x2" rename_into_far mv :/y2 :/far/x2
'

# moved VOL AT SRC DST FILE: after a rename of SRC to the free name DST, exactly one of the two
# names holds FILE's bytes (the rename record covers a plain rename too).
moved() {
	local vol=$1 at=$2 s=$3 d=$4
	if is "$vol" "$d" "$5"; then
		absent "$vol" "$s" || echo "$at: both $s and $d name the renamed file" | tee -a both
	elif is "$vol" "$s" "$5"; then
		absent "$vol" "$d" || die "$at: $d is there but is not the renamed file"
	else
		die "$at: neither $s nor $d is the renamed file"
	fi
	"$CHUNKCTL" -V "$vol" ls :/ :/far | grep "\.dup-" | sed "s/^/$at: a third name: /" >>both || :
	untouched "$vol" "$s"
}
moved_here() { moved "$1" "$2" :/b :/b2 src/b; }
test_expect_success 'a kill at any write of a rename to a free name in the same directory: one name, never both' '
	sweep "mv :/b :/b2" moved_here mv :/b :/b2
'
moved_far() { moved "$1" "$2" :/y :/far/y src/y; }
test_expect_success 'a kill at any write of a rename of a continued file into another directory: one name, never both' '
	sweep "mv :/y :/far/y" moved_far mv :/y :/far/y
'

linked() {
	local vol=$1 at=$2
	if ! absent "$vol" :/far/l; then
		is "$vol" :/far/l src/y || die "$at: :/far/l is there but not :/y"
		[ "$("$CHUNKCTL" -V "$vol" stat :/far/l | grep -o "Inode: [0-9]*")" = \
		  "$("$CHUNKCTL" -V "$vol" stat :/y | grep -o "Inode: [0-9]*")" ] || die "$at: :/far/l is another inode"
	fi
	untouched "$vol"
}
test_expect_success 'a kill at any write of a link into another chunk: the link is absent or the file' '
	sweep "ln :/y :/far/l" linked ln :/y :/far/l
'

# A short file copied over a long one: truncated to nothing, then written.
shrunk() {
	local vol=$1 at=$2 size
	if ! is "$vol" :/y src/y; then
		"$CHUNKCTL" -V "$vol" cat :/y >got || die "$at: :/y cannot be read"
		size=$(stat -c %s got)
		cmp -s -n "$size" got src/short && [ "$size" -le 2000 ] ||
			die "$at: :/y is $size bytes, neither its old content nor a prefix of the new: $(cmp got src/short)"
	fi
	untouched "$vol" :/y
}
test_expect_success 'a kill at any write of a copy of a short file over a long one: old, new or a prefix of the new' '
	sweep "cp short over :/y" shrunk cp src/short :/y
'

test_done
