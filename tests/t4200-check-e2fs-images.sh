#!/bin/bash
# The real corrupted images of e2fsprogs' test suite ($SHARED/e2fs-images), each grafted in as
# chunk 3 of a volume (chunkfault graft: the peers take its s_uuid as member 3, so the volume
# accepts it as a chunk whose chunkfs metadata is lost). Each is reported damaged, repaired to
# e2fsck-clean with its /.chunkfs remade, and the other chunks are left byte for byte as they
# were (chunk 0 may only change to give e2fsck's reconnected files a place in the volume's
# /lost+found, and the report then says so). The smallest images (100 blocks, 16 inodes) have no
# room for /.chunkfs: they are repaired e2fsck-clean and stay damaged, and the report says why.
. "$(dirname "$0")/test-lib.sh"

IMAGES=$SHARED/e2fs-images
base=$TRASH/base

if ! ls "$IMAGES"/*.img.gz >/dev/null 2>&1; then
	test_skip 'corrupted e2fsprogs images as damaged chunks' "no images in $IMAGES"
	test_done
fi

test_expect_success 'a 4-chunk volume whose chunk 3 no file uses' '
	"$CHUNKCTL" mkfs --chunks 4 --size 16M "$base" >/dev/null &&
	"$CHUNKCTL" -V "$base" cp -r "$SRC/libchunk" :/src &&
	"$CHUNKCTL" -V "$base" check --all >/dev/null
'

for gz in "$IMAGES"/*.img.gz; do
	name=$(basename "$gz" .img.gz)
	test_expect_success "$name as chunk 3: reported damaged, repaired e2fsck-clean, peers untouched" '
		VOL=$TRASH/$name && rm -rf "$VOL" && cp -a "$base" "$VOL" &&
		gunzip -c "$gz" >"$TRASH/$name.img" &&
		"$CHUNKFAULT" "$VOL" graft 3 "$TRASH/$name.img" >/dev/null &&
		{ rc=0; "$CHUNKCTL" -V "$VOL" check --e2fsck-timeout 5 3 >"$VOL.check" 2>&1 || rc=$?; } &&
		[ $rc -eq 4 ] || { cat "$VOL.check"; die "check exited $rc, expected 4"; }
		rc=0; "$CHUNKCTL" -V "$VOL" check --e2fsck-timeout 5 --all >/dev/null 2>&1 || rc=$?
		[ $rc -eq 4 ] || die "check --all exited $rc: the damaged chunk must show in the ORed status"
		(cd "$VOL" && sha1sum chunk-0000.img chunk-0001.img chunk-0002.img) >"$VOL.sums" &&
		{ rc=0; "$CHUNKCTL" -V "$VOL" repair --e2fsck-timeout 60 3 >"$VOL.repair" 2>&1 || rc=$?; } &&
		cat "$VOL.repair" &&
		e2fsck_clean "$VOL/chunk-0003.img" &&
		if [ $rc -eq 4 ] && grep -q "cannot remake it: No space left on device" "$VOL.repair"; then
			echo "too small to hold chunkfs metadata: e2fsck-clean, left damaged"
		else
			[ $rc -eq 1 ] || die "repair exited $rc, expected 1"
			grep -q "remade from the peers" "$VOL.repair"
		fi &&
		(cd "$VOL" && sha1sum -c --quiet "$VOL.sums") >"$VOL.cmp" 2>&1 ||
		{ grep -q "chunk-0000.img: FAILED" "$VOL.cmp" && ! grep -q "chunk-000[12].img: FAILED" "$VOL.cmp" &&
		  grep -q "moved to the volume'"'"'s /lost+found" "$VOL.repair"; } ||
		{ cat "$VOL.cmp"; die "a peer chunk changed"; }
		if [ $rc -eq 1 ]; then expect_status 0 "$CHUNKCTL" -V "$VOL" check --all >/dev/null; fi
	'
done

test_done
