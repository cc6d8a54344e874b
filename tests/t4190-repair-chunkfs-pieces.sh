#!/bin/bash
# A chunk loses the inode of its root directory, of /.chunkfs, or of one of /.chunkfs's
# directories: e2fsck reconnects what they held into the chunk's own lost+found as #INODE.
# The repair puts /.chunkfs back together from those pieces, so every continuation stays
# where it belongs and none of them is shown as lost: after the repair, an `rm -r` of the
# volume's /lost+found (what an administrator does after a look) loses no file's data.
. "$(dirname "$0")/test-lib.sh"

TREE=/usr/include/linux
base=$TRASH/base

# ino_of K PATH: the inode of PATH in chunk K's own ext file system.
ino_of() { debugfs -R "stat $2" "$base/chunk-000$1.img" 2>/dev/null | sed -n 's/^Inode: \([0-9]*\) .*/\1/p'; }
conts_of() { debugfs -R "ls /.chunkfs/cont" "$1" 2>/dev/null | tr -s ' ' '\n' | grep -c '^[0-9]\{4\}-'; }

# lose VOL K INODE: the inode cleared in chunk K of a copy VOL of the volume, then one repair
# of K corrects it (1), a second finds nothing (0) and every chunk checks clean.
lose() {
	local vol=$1 k=$2 ino=$3
	cp -a "$base" "$vol" &&
	debugfs -w -R "clri <$ino>" "$vol/chunk-000$k.img" >/dev/null 2>&1 &&
	expect_status 1 "$CHUNKCTL" -V "$vol" repair "$k" >"$vol.repair" 2>&1 &&
	expect_status 0 "$CHUNKCTL" -V "$vol" repair "$k" >"$vol.again" 2>&1 &&
	e2fsck_clean "$vol"/chunk-*.img &&
	expect_status 0 "$CHUNKCTL" -V "$vol" check --all >"$vol.check"
}

# nothing_lost VOL K: the volume's /lost+found holds nothing (what e2fsck left that is no
# user data, an empty directory or an index entry, is freed); once it is removed, chunk K has
# every continuation it had, and every file of the tree reads as it was.
nothing_lost() {
	local vol=$1 k=$2
	"$CHUNKCTL" -V "$vol" ls :/lost+found >"$vol.lf" && ! test -s "$vol.lf" ||
		{ cat "$vol.lf"; die "$vol: /lost+found is not empty"; }
	"$CHUNKCTL" -V "$vol" rm -r :/lost+found 2>/dev/null || :
	[ "$(conts_of "$vol/chunk-000$k.img")" = "$(conts_of "$base/chunk-000$k.img")" ] ||
		die "chunk $k of $vol has $(conts_of "$vol/chunk-000$k.img") continuations, had $(conts_of "$base/chunk-000$k.img")"
	"$CHUNKCTL" -V "$vol" cp -r :/tree "$vol.tree" && diff -r tree "$vol.tree" >/dev/null ||
		die "$vol: files changed or lost once /lost+found is removed: $(diff -rq tree "$vol.tree" | wc -l)"
	expect_status 0 "$CHUNKCTL" -V "$vol" check --all >"$vol.check2"
}

test_expect_success 'setup: a real tree in a volume of 4 chunks, files continued into chunks 1-3' '
	"$CHUNKCTL" mkfs --chunks 4 --size 160M --threshold 16K "$base" >/dev/null &&
	"$CHUNKCTL" -V "$base" cp -r "$TREE" :/tree &&
	"$CHUNKCTL" -V "$base" cp -r :/tree tree &&
	for k in 1 2 3; do [ "$(conts_of "$base/chunk-000$k.img")" -gt 0 ] || exit 1; done
'

test_expect_success 'a chunk'"'"'s root inode lost: /.chunkfs is linked back whole, nothing is lost' '
	for k in 1 2 3; do
		lose root$k $k 2 &&
		grep -q "e2fsck left chunk $k'"'"'s /.chunkfs in its own lost+found as #" root$k.repair &&
		grep -q -- "-> linked back as /.chunkfs$" root$k.repair &&
		nothing_lost root$k $k || exit 1
	done
'

test_expect_success 'the inode of /.chunkfs lost: its records and directories are linked back' '
	for k in 1 2 3; do
		lose meta$k $k "$(ino_of $k /.chunkfs)" &&
		for piece in chunk state peers index cont; do
			grep -q -- "-> linked back as /.chunkfs/$piece$" meta$k.repair || die "$piece not linked back"
		done &&
		nothing_lost meta$k $k || exit 1
	done
'

test_expect_success 'the inode of /.chunkfs/cont or /.chunkfs/index lost: nothing is lost' '
	lose cont 2 "$(ino_of 2 /.chunkfs/cont)" && nothing_lost cont 2 &&
	lose index 3 "$(ino_of 3 /.chunkfs/index)" && nothing_lost index 3
'

test_done
