#!/bin/bash
# Crash order of rename, link and shrink: each is killed before each one of its writes to an
# image in turn (strace -e inject=pwrite64:signal=KILL:when=N, every N), the DIRTY chunks are
# repaired, and then every chunk is e2fsck-clean, a check of every chunk finds nothing, and:
#   rename  the target holds exactly its old file or the renamed one, and the source name is
#           the old file when the target is not the renamed one (never neither), and never
#           both names: the rename record in the renamed file's chunk lets its repair finish
#           or undo the rename (no kill point may leave both, as POSIX says); the same for a
#           rename to a free name: one of the two names, never both;
#   exchange (RENAME_EXCHANGE) both names hold their old files or each other's, never a mix,
#           and /lost+found stays empty;
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

# exchanged VOL AT A B: after an exchange of A and B, both hold their old files or both hold
# each other's (RENAME_EXCHANGE), never one name twice, and nothing in /lost+found.
exchanged() {
	local vol=$1 at=$2 a=$3 b=$4 lf
	if is "$vol" "$a" "src/${a##*/}"; then
		is "$vol" "$b" "src/${b##*/}" || die "$at: $a is its old file but $b is not its own"
	elif is "$vol" "$a" "src/${b##*/}"; then
		is "$vol" "$b" "src/${a##*/}" || die "$at: $a is $b's file but $b is not $a's"
	else
		die "$at: $a is neither its old file nor $b's"
	fi
	"$CHUNKCTL" -V "$vol" ls :/ :/far | grep "\.dup-" | sed "s/^/$at: a third name: /" >>both || :
	lf=$("$CHUNKCTL" -V "$vol" ls :/lost+found | tr "\n" " ")
	[ -z "$lf" ] || die "$at: /lost+found holds $lf"
	untouched "$vol" "$a" "$b"
}
exchange_here() { exchanged "$1" "$2" :/a :/b; }
test_expect_success 'a kill at any write of an exchange of two files of one chunk: both old or both swapped' '
	sweep "mv --exchange :/a :/b" exchange_here mv --exchange :/a :/b
'
# The two chunks' halves: the source's half is recorded first, and repaired after the other
# here (chunk 0 first) and before it in the next.
exchange_across() { exchanged "$1" "$2" :/far/x :/y; }
test_expect_success 'a kill at any write of an exchange across chunks: both old or both swapped' '
	sweep "mv --exchange :/far/x :/y" exchange_across mv --exchange :/far/x :/y
'
exchange_back() { exchanged "$1" "$2" :/y2 :/far/x2; }
test_expect_success 'the same with the halves the other way round' '
	sweep "mv --exchange :/y2 :/far/x2" exchange_back mv --exchange :/y2 :/far/x2
'

# A directory and a file of other chunks exchanged: /far (with x and x2) and /a, or /a the
# directory and /far the file; the directory's ".." and both parents' counts are checked by
# e2fsck and check --all in every repair.
dir_exchanged() {
	local vol=$1 at=$2 dir=:/far file=:/a lf f
	is "$vol" :/far src/a && { dir=:/a; file=:/far; }
	is "$vol" "$file" src/a || die "$at: neither :/a nor :/far is the file a"
	for f in x x2; do
		is "$vol" "$dir/$f" src/$f || die "$at: $dir/$f is not the file $f"
	done
	"$CHUNKCTL" -V "$vol" ls :/ "$dir" | grep "\.dup-" | sed "s/^/$at: a third name: /" >>both || :
	lf=$("$CHUNKCTL" -V "$vol" ls :/lost+found | tr "\n" " ")
	[ -z "$lf" ] || die "$at: /lost+found holds $lf"
	for f in :/b :/y :/y2; do is "$vol" $f src/${f#:/} || die "$at: $f changed"; done
}
test_expect_success 'a kill at any write of an exchange of a directory and a file of other chunks' '
	sweep "mv --exchange :/far :/a" dir_exchanged mv --exchange :/far :/a
'

# A directory renamed into another directory: its ".." and both parents' counts follow.
dir_moved() {
	local vol=$1 at=$2 dir=:/far
	absent "$vol" :/far && dir=:/b2/far
	[ $dir = :/b2/far ] || absent "$vol" :/b2/far || die "$at: both :/far and :/b2/far"
	is "$vol" "$dir/x" src/x && is "$vol" "$dir/x2" src/x2 || die "$at: $dir lost its files"
	lf=$("$CHUNKCTL" -V "$vol" ls :/lost+found | tr "\n" " ")
	[ -z "$lf" ] || die "$at: /lost+found holds $lf"
}
test_expect_success 'a kill at any write of a rename of a directory into another directory' '
	"$CHUNKCTL" -V "$base" mkdir :/b2 &&
	sweep "mv :/far :/b2/far" dir_moved mv :/far :/b2/far
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
