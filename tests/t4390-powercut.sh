#!/bin/bash
# Power cuts, not only kill -9 (issue 19, item 9). A killed process had every write it made reach
# the image; a power cut keeps only what was synced, and of the writes since each image's last
# fdatasync, page by page, any prefix (the page cache writes each page back on its own). Each
# operation is traced once (strace, with the data of every write), then tests/tools/powercut.py
# builds, from the volume as it was before, the state a cut after event N leaves, for random N
# and random pages (fixed seeds); the DIRTY chunks are repaired, and then every chunk is
# e2fsck-clean, a check of every chunk finds nothing, no file the operation did not touch
# changed, and:
#   a new file  is absent, or a prefix of what was being written (never other bytes), or its
#               unwritten tail is named lost (reads EIO), never zeros or another file's bytes;
#   a shrink    leaves the old content, the new one, or a prefix of the new one;
#   an rm       leaves the file whole or gone, and nothing of it in /lost+found;
#   an rm -r    leaves each file of the tree whole or gone, and nothing in /lost+found;
#   a mkdir     leaves the directory absent or empty;
#   a link      leaves the new name absent or naming the file;
#   a rename    over a file leaves the target old or new and the renamed file under one name;
#               to a free name, the file under exactly one of the two names;
#   an exchange leaves both names with their old files or both swapped;
#   a repair    (of a chunk whose file lost its head, so that it quarantines the continuation):
#               repair --all after the cut ends as the uncut repair did: the continuation's
#               bytes in /lost+found, every other file as it was.
# POWERCUT_TRIALS trials per operation (default 12; 4 under ASan); POWERCUT_SEED varies them.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-crash.sh"

base=$TRASH/base
POWERCUT="python3 $SRC/tests/tools/powercut.py"
TRIALS=${POWERCUT_TRIALS:-12}
[ "${CHUNKFS_SANITIZED:-0}" = 1 ] && TRIALS=${POWERCUT_TRIALS:-4}
SEED=${POWERCUT_SEED:-1}

# /far/x's head is in another chunk than the rest (chunk 0's inodes were full when it was made).
test_expect_success 'setup: files in one chunk and files continued in another' '
	mkdir src && head -c 3300 /dev/urandom >src/a && head -c 9000 /dev/urandom >src/b &&
	head -c 40000 /dev/urandom >src/y && head -c 36000 /dev/urandom >src/y2 &&
	head -c 50000 /dev/urandom >src/n && head -c 2000 /dev/urandom >src/short &&
	"$CHUNKCTL" mkfs --chunks 3 --size 8M --threshold 8K "$base" >/dev/null &&
	mkdir src/t && for i in 1 2 3 4; do head -c $((i % 2 ? 2500 : 30000 + i)) /dev/urandom >src/t/f$i; done &&
	for f in a b y y2; do "$CHUNKCTL" -V "$base" cp src/$f :/$f || return 1; done &&
	"$CHUNKCTL" -V "$base" cp -r src/t :/t && "$CHUNKCTL" -V "$base" stat :/t/f2 | grep -q "^ *continuation" &&
	"$CHUNKCTL" -V "$base" stat :/y | grep -q "^ *continuation" &&
	mkdir fill && (cd fill && for i in $(seq 1 1100); do : >"$i"; done) &&
	"$CHUNKCTL" -V "$base" cp -r fill :/fill && "$CHUNKCTL" -V "$base" mkdir :/far &&
	mkdir src/far && head -c 30000 /dev/urandom >src/far/x && "$CHUNKCTL" -V "$base" cp src/far/x :/far/x &&
	"$CHUNKCTL" -V "$base" rm -r :/fill && "$CHUNKCTL" -V "$base" stat :/far/x | grep -q "head  *chunk [12] " &&
	expect_status 0 "$CHUNKCTL" -V "$base" check --all >/dev/null && e2fsck_clean "$base"/chunk-*.img
'

test_expect_success 'powercut.py replays a whole trace into exactly the volume the operation left' '
	rm -rf vr vt && cp -a "$base" vr && cp -a "$base" vt &&
	no_leaks strace -f -qq -y -e trace=pwrite64,write,lseek,fdatasync,fsync -e write=all -o trace \
		"$CHUNKCTL" -V vr cp src/n :/n &&
	n=$($POWERCUT count trace) && [ "$n" -gt 10 ] &&
	$POWERCUT apply trace vt "$n" 1 &&
	for i in vr/chunk-*.img; do cmp "$i" "vt/${i#vr/}" || return 1; done
'

is() { "$CHUNKCTL" -V "$1" cat "$2" 2>/dev/null | cmp -s - "$3"; }
absent() { ! "$CHUNKCTL" -V "$1" stat "$2" >/dev/null 2>&1; }
untouched() {
	local vol=$1 f; shift
	for f in :/a :/b :/y :/y2 :/t/f1 :/t/f2 :/t/f3 :/t/f4 :/far/x; do
		case " $* " in *" $f "*) continue ;; esac
		case "$f" in :/t/*) case " $* " in *" :/t "*) continue ;; esac ;; esac
		is "$vol" "$f" "src/${f#:/}" || die "$f changed, and the operation did not touch it"
	done
}
# No piece of a removed file, nothing of chunkfs's own in the user's /lost+found.
lf_empty() {
	local lf
	lf=$("$CHUNKCTL" -V "$1" ls :/lost+found | tr "\n" " ")
	[ -z "$lf" ] || die "$2: /lost+found holds $lf"
}

# sweep NAME OUTCOME CHUNKCTL-ARGS...: traces the operation once, then TRIALS times builds a
# power cut's state at a random event, repairs, and runs OUTCOME VOL WHAT.
sweep() {
	local name=$1 outcome=$2 n t cut rc bad=0; shift 2
	rm -rf vc && cp -a "$base" vc &&
	rc=0 && no_leaks strace -f -qq -y -e trace=pwrite64,write,lseek,fdatasync,fsync -e write=all -o trace \
		"$CHUNKCTL" -V vc "$@" >vc.out 2>&1 || rc=$?
	[ $rc = 0 ] || { [ -n "${ANY_STATUS:-}" ] && [ $rc -le 1 ]; } || { cat vc.out; die "$name: $* exited $rc"; }
	"$outcome" vc "$name, not cut"
	n=$($POWERCUT count trace)
	echo "$name: $n events"
	for t in $(seq 1 "$TRIALS"); do
		cut=$(( (SEED * 7919 + t * 104729) % (n + 1) ))
		rm -rf vk && cp -a "$base" vk &&
		$POWERCUT apply trace vk "$cut" $((SEED * 1000 + t)) || die "powercut.py failed"
		("${RECOVER:-repair_dirty}" vk && "$outcome" vk "$name, trial $t, cut after event $cut of $n") || bad=$((bad + 1))
	done
	[ $bad -eq 0 ] || die "$name: wrong after $bad of $TRIALS power cuts"
}

new_file() {
	absent "$1" :/n || prefix "$1" :/n src/n "$2"
	untouched "$1"
}
test_expect_success 'a power cut during a copy of a file that continues in another chunk: absent or a prefix' '
	sweep "cp :/n" new_file cp src/n :/n
'

shrunk() {
	is "$1" :/y src/y || prefix "$1" :/y src/short "$2"
	untouched "$1" :/y
}
test_expect_success 'a power cut during a copy of a short file over a long one: old, new or a prefix of the new' '
	sweep "cp short over :/y" shrunk cp src/short :/y
'

removed() {
	absent "$1" :/y || is "$1" :/y src/y || die "$2: :/y is neither whole nor gone"
	untouched "$1" :/y
	lf_empty "$@"
}
test_expect_success 'a power cut during an rm of a continued file: whole or gone, /lost+found empty' '
	sweep "rm :/y" removed rm :/y
'

removed_tree() {
	local f
	for f in src/t/*; do
		absent "$1" ":/t/${f##*/}" || is "$1" ":/t/${f##*/}" "$f" || die "$2: :/t/${f##*/} is neither whole nor gone"
	done
	untouched "$1" :/t
	lf_empty "$@"
}
test_expect_success 'a power cut during an rm -r of a tree with continued files: each whole or gone, /lost+found empty' '
	sweep "rm -r :/t" removed_tree rm -r :/t
'

made_dir() {
	if ! absent "$1" :/d; then
		"$CHUNKCTL" -V "$1" stat :/d | grep -q directory || die "$2: :/d is not a directory"
		[ -z "$("$CHUNKCTL" -V "$1" ls :/d)" ] || die "$2: :/d is not empty"
	fi
	untouched "$1"
	lf_empty "$@"
}
test_expect_success 'a power cut during a mkdir: absent or empty' '
	sweep "mkdir :/d" made_dir mkdir :/d
'

linked() {
	absent "$1" :/t/y || is "$1" :/t/y src/y || die "$2: :/t/y is there but is not :/y"
	untouched "$1"
	lf_empty "$@"
}
test_expect_success 'a power cut during a link of a continued file: the new name absent or the file' '
	sweep "ln :/y :/t/y" linked ln :/y :/t/y
'

# POSIX rename: :/y the old file or the renamed one, :/y2 the renamed one or gone, exactly one
# name for the renamed file (the rename record, issue 19 item 6).
renamed() {
	if is "$1" :/y src/y2; then
		absent "$1" :/y2 || die "$2: both :/y2 and :/y name the renamed file"
	elif is "$1" :/y src/y; then
		is "$1" :/y2 src/y2 || die "$2: :/y is the old file but :/y2 is not the renamed one"
	else
		die "$2: :/y is neither its old file nor the renamed one"
	fi
	untouched "$1" :/y :/y2
}
test_expect_success 'a power cut during a rename over a file: the target old or new, the renamed file under one name' '
	sweep "mv :/y2 :/y" renamed mv :/y2 :/y
'

# exchanged VOL WHAT A B: after an exchange of A and B, both hold their old files or both each
# other's, never a mix; nothing else changed, nothing in /lost+found.
exchanged() {
	local a=$3 b=$4
	if is "$1" "$a" "src/${a#:/}"; then
		is "$1" "$b" "src/${b#:/}" || die "$2: $a is its old file but $b is not"
	else
		is "$1" "$a" "src/${b#:/}" || die "$2: $a is neither its old file nor $b's"
		is "$1" "$b" "src/${a#:/}" || die "$2: $a is $b's file but $b is not $a's"
	fi
	untouched "$1" "$a" "$b"
	lf_empty "$1" "$2"
}
# Two files of one chunk in different directories (two directory blocks a cut can keep one of).
exchanged_here() { exchanged "$1" "$2" :/y :/t/f2; }
test_expect_success 'a power cut during an exchange of two files in two directories: both old or both swapped' '
	sweep "mv --exchange :/y :/t/f2" exchanged_here mv --exchange :/y :/t/f2
'
# Across chunks: each chunk's half has its record, the names change once both are durable.
exchanged_across() { exchanged "$1" "$2" :/b :/far/x; }
test_expect_success 'a power cut during an exchange of two files of different chunks: both old or both swapped' '
	sweep "mv --exchange :/far/x :/b" exchanged_across mv --exchange :/far/x :/b
'

moved() {
	absent "$1" :/y || is "$1" :/y src/y || die "$2: :/y is neither whole nor gone"
	untouched "$1" :/y
	lf_empty "$@"
}
test_expect_success 'a power cut during an rm of a continued file: whole or gone, /lost+found empty' '
	sweep "rm :/y" removed rm :/y
'

removed_tree() {
	local f
	for f in src/t/*; do
		absent "$1" ":/t/${f##*/}" || is "$1" ":/t/${f##*/}" "$f" || die "$2: :/t/${f##*/} is neither whole nor gone"
	done
	untouched "$1" :/t
	lf_empty "$@"
}
test_expect_success 'a power cut during an rm -r of a tree with continued files: each whole or gone, /lost+found empty' '
	sweep "rm -r :/t" removed_tree rm -r :/t
'

made_dir() {
	if ! absent "$1" :/d; then
		"$CHUNKCTL" -V "$1" stat :/d | grep -q directory || die "$2: :/d is not a directory"
		[ -z "$("$CHUNKCTL" -V "$1" ls :/d)" ] || die "$2: :/d is not empty"
	fi
	untouched "$1"
	lf_empty "$@"
}
test_expect_success 'a power cut during a mkdir: absent or empty' '
	sweep "mkdir :/d" made_dir mkdir :/d
'

linked() {
	absent "$1" :/t/y || is "$1" :/t/y src/y || die "$2: :/t/y is there but is not :/y"
	untouched "$1"
	lf_empty "$@"
}
test_expect_success 'a power cut during a link of a continued file: the new name absent or the file' '
	sweep "ln :/y :/t/y" linked ln :/y :/t/y
'

# POSIX rename: :/y the old file or the renamed one, :/y2 the renamed one or gone, exactly one
# name for the renamed file (the rename record, issue 19 item 6).
renamed() {
	if is "$1" :/y src/y2; then
		absent "$1" :/y2 || die "$2: both :/y2 and :/y name the renamed file"
	elif is "$1" :/y src/y; then
		is "$1" :/y2 src/y2 || die "$2: :/y is the old file but :/y2 is not the renamed one"
	else
		die "$2: :/y is neither its old file nor the renamed one"
	fi
	untouched "$1" :/y :/y2
}
test_expect_success 'a power cut during a rename over a file: the target old or new, the renamed file under one name' '
	sweep "mv :/y2 :/y" renamed mv :/y2 :/y
'

# RENAME_EXCHANGE of two files of one chunk in different directories (two directory blocks a
# cut can keep one of): both old or both swapped, nothing in /lost+found.
exchanged() {
	if is "$1" :/y src/y; then
		is "$1" :/t/f2 src/t/f2 || die "$2: :/y is its old file but :/t/f2 is not"
	else
		is "$1" :/y src/t/f2 || die "$2: :/y is neither its old file nor :/t/f2's"
		is "$1" :/t/f2 src/y || die "$2: :/y is :/t/f2's file but :/t/f2 is not :/y's"
	fi
	untouched "$1" :/y :/t/f2
	lf_empty "$@"
}
test_expect_success 'a power cut during an exchange of two files in two directories: both old or both swapped' '
	sweep "mv --exchange :/y :/t/f2" exchanged mv --exchange :/y :/t/f2
'
# Across chunks: each chunk's half has its record, the names change once both are durable.
exchanged_across() {
	if is "$1" :/b src/b; then
		is "$1" :/far/x src/far/x || die "$2: :/b is its old file but :/far/x is not"
	else
		is "$1" :/b src/far/x || die "$2: :/b is neither its old file nor :/far/x's"
		is "$1" :/far/x src/b || die "$2: :/b is :/far/x's file but :/far/x is not :/b's"
	fi
	untouched "$1" :/b :/far/x
	lf_empty "$@"
}
test_expect_success 'a power cut during an exchange of two files of different chunks: both old or both swapped' '
	sweep "mv --exchange :/far/x :/b" exchanged_across mv --exchange :/far/x :/b
'

moved() {
	if is "$1" :/t/y src/y; then
		absent "$1" :/y || die "$2: both :/y and :/t/y name the renamed file"
	else
		is "$1" :/y src/y || die "$2: neither :/y nor :/t/y is the renamed file"
		absent "$1" :/t/y || die "$2: :/t/y is there but is not the renamed file"
	fi
	untouched "$1" :/y
	lf_empty "$@"
}
test_expect_success 'a power cut during a rename to a free name in another directory: one name, never both or neither' '
	sweep "mv :/y :/t/y" moved mv :/y :/t/y
'

# The repair's own writes: :/y's head inode cleared in chunk 0, so that a repair of chunk 0
# drops the name and quarantines the continuation in chunk 2. After a cut the admin runs one
# command, repair --all (a cut can leave chunk 2's bitmaps torn, and chunk 0's repair cannot
# write chunk 2 until chunk 2's own e2fsck: the run's second round is for that): it must end as
# the uncut repair did.
repair_all() {
	local rc=0
	"$CHUNKCTL" -V "$1" repair --all >"$1.again" 2>&1 || rc=$?
	[ $rc -le 1 ] || { cat "$1.again"; die "repair --all after the cut exited $rc"; }
	repair_dirty "$1"
}
requarantined() {
	local lf
	[ "$2" != "repair 0, not cut" ] || repair_all "$1"
	untouched "$1" :/y
	absent "$1" :/y || die "$2: :/y is back, its head was cleared"
	lf=$("$CHUNKCTL" -V "$1" ls :/lost+found)
	[ "$(echo "$lf" | wc -l)" = 1 ] || die "$2: /lost+found holds $(echo $lf), not one orphan"
	"$CHUNKCTL" -V "$1" cat ":/lost+found/$lf" >orphan.got || die "$2: the orphan cannot be read"
	[ -e orphan.ref ] || cp orphan.got orphan.ref
	cmp -s orphan.got orphan.ref || die "$2: the orphan holds other bytes than after the uncut repair"
	# The continuation holds :/y past the head's 8 KiB (the threshold), at its own offsets.
	cmp -s -i 8192 orphan.ref src/y || die "$2: the orphan is not the tail of :/y"
}
test_expect_success 'a power cut during a repair that quarantines a continuation: repair --all then ends as the uncut repair did' '
	rm -rf dbase orphan.ref && cp -a "$base" dbase && debugfs -w -R "clri /y" dbase/chunk-0000.img 2>/dev/null &&
	base=$TRASH/dbase ANY_STATUS=1 RECOVER=repair_all sweep "repair 0" requarantined repair 0
'

test_done
