#!/bin/bash
# Kill -9 at every write of the multi-step operations t4300 (copy, rm) and t4310 (rename, link,
# shrink) do not sweep (issue 19, item 8): mkdir (in a directory whose head is in another chunk),
# rm -r of a tree whose files continue across chunks, and repair --rebuild-index of a healthy
# chunk. Each is run once under strace to count its writes to the images, then, on a fresh copy
# of the volume, killed before each one in turn (every fourth under ASan+UBSan); the DIRTY chunks
# are repaired, and then every chunk is e2fsck-clean, a check of every chunk finds nothing, no
# file the operation did not touch changed, /lost+found holds nothing (none of these operations
# has user data to quarantine: nothing of chunkfs's own, and no piece of a removed file, may
# land there), and:
#   mkdir         the directory is absent or an empty directory;
#   rm -r         each file of the tree is whole or gone;
#   rebuild-index every file reads as it was.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-crash.sh"

base=$TRASH/base
KILL_STEP=1
[ "${CHUNKFS_SANITIZED:-0}" = 1 ] && KILL_STEP=4

# The volume: /a, /y (continued in another chunk) in chunk 0; /far made while chunk 0's inodes
# were full, so its head is in another chunk; /t a tree of 9 files, one in three continued.
test_expect_success 'setup: files, a directory whose head is in another chunk, a tree across chunks' '
	mkdir -p src/t fill && (cd fill && for i in $(seq 1 1100); do : >"$i"; done) &&
	head -c 3300 /dev/urandom >src/a && head -c 40000 /dev/urandom >src/y &&
	for i in $(seq 1 9); do head -c $(( i % 3 ? 2000 + i * 100 : 20000 + i * 500 )) /dev/urandom >src/t/f$i; done &&
	"$CHUNKCTL" mkfs --chunks 3 --size 8M --threshold 8K "$base" >/dev/null &&
	"$CHUNKCTL" -V "$base" cp src/a :/a && "$CHUNKCTL" -V "$base" cp src/y :/y &&
	"$CHUNKCTL" -V "$base" cp -r fill :/fill && "$CHUNKCTL" -V "$base" mkdir :/far &&
	"$CHUNKCTL" -V "$base" cp -r src/t :/far/t && "$CHUNKCTL" -V "$base" rm -r :/fill &&
	"$CHUNKCTL" -V "$base" stat :/far | grep -q "head  *chunk [12] " &&
	"$CHUNKCTL" -V "$base" stat :/far/t/f3 | grep -q "^ *continuation" &&
	expect_status 0 "$CHUNKCTL" -V "$base" check --all >/dev/null && e2fsck_clean "$base"/chunk-*.img
'

# is VOL PATH FILE: PATH reads as FILE; else what cat said goes to the test's output.
is() { "$CHUNKCTL" -V "$1" cat "$2" 2>is.err | cmp -s - "$3" || { sed "s|^|$2: |" is.err >&2; return 1; }; }
absent() { ! "$CHUNKCTL" -V "$1" stat "$2" >/dev/null 2>&1; }

# settled VOL AT EXCEPT...: what every outcome asks: the files not touched are as they were,
# and /lost+found is empty.
settled() {
	local vol=$1 at=$2 f lf; shift 2
	case " $* " in *" :/a "*) ;; *) is "$vol" :/a src/a || die "$at: :/a changed" ;; esac
	case " $* " in *" :/y "*) ;; *) is "$vol" :/y src/y || die "$at: :/y changed" ;; esac
	case " $* " in *" :/far/t "*) ;; *)
		for f in src/t/*; do is "$vol" ":/far/t/${f##*/}" "$f" || die "$at: :/far/t/${f##*/} changed"; done ;;
	esac
	lf=$("$CHUNKCTL" -V "$vol" ls :/lost+found | tr "\n" " ")
	[ -z "$lf" ] || die "$at: /lost+found holds $lf"
}

made_dir() {
	if ! absent "$1" :/far/d; then
		"$CHUNKCTL" -V "$1" stat :/far/d | grep -q "directory" || die "$2: :/far/d is not a directory"
		[ -z "$("$CHUNKCTL" -V "$1" ls :/far/d)" ] || die "$2: :/far/d is not empty"
	fi
	settled "$1" "$2"
}
test_expect_success 'a kill at any write of a mkdir in a directory whose head is in another chunk: absent or empty' '
	sweep "mkdir :/far/d" made_dir mkdir :/far/d
'

removed_tree() {
	local f
	for f in src/t/*; do
		absent "$1" ":/far/t/${f##*/}" || is "$1" ":/far/t/${f##*/}" "$f" ||
			die "$2: :/far/t/${f##*/} is neither whole nor gone"
	done
	settled "$1" "$2" :/far/t
}
# A kill between a head's removal and its continuations' leaves them without their head: they
# were flagged released before the head went, so the repair frees them (issue 19, item 3).
test_expect_success 'a kill at any write of an rm -r of a tree across chunks: each file whole or gone, /lost+found empty' '
	sweep "rm -r :/far/t" removed_tree rm -r :/far/t
'

rebuilt() { settled "$1" "$2"; }
test_expect_success 'a kill at any write of repair --rebuild-index of a healthy chunk: every file as it was' '
	ANY_STATUS=1 sweep "repair --rebuild-index 0" rebuilt repair --rebuild-index 0
'

test_done
