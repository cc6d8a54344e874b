#!/bin/bash
# A peer that cannot be read is unavailable, never "a peer that lost everything": a chunk of
# another volume copied into its slot, a copy of a sibling, chunks swapped, a missing image, an
# image cut to nothing, a chunk another process holds. The check and the repair of a neighbour
# end with 8 naming the peer and why, change nothing at either end of the references, write
# nothing to the peer and do not mark the neighbour DAMAGED; with the right chunk back, the
# volume checks clean and every file reads as before.
. "$(dirname "$0")/test-lib.sh"

. "$SRC/tests/lib-peers.sh"
V=$TRASH/vol

# The layout the stories rely on: directory /src/many starts in chunk $K0 and continues in $P,
# file /src/d/f1 starts in $K1 and continues in $P.
test_expect_success 'setup: a volume whose chunks reference a peer, and another volume' '
	make_peer_volume && . ./layout && { [ "$K0" != "$K1" ] || die "layout: /src/many and /src/d/f1 both start in chunk $K0"; } &&
	e2fsck_clean "$V"/chunk-*.img && expect_status 0 "$CHUNKCTL" -V "$V" check --all >/dev/null &&
	cp -a "$V" good
'

. "$TRASH/layout"
img() { printf "%s/chunk-%04d.img" "$1" "$2"; }

same_files() { # every file of src reads back from the volume as it was copied
	for f in src/d/* src/many/1 src/many/750 src/many/1500; do
		"$CHUNKCTL" -V "$V" cat ":/$f" | cmp -s - "$f" || die "$f differs"
	done
	test "$("$CHUNKCTL" -V "$V" ls :/src/many | wc -l)" -eq 1500 || die "/src/many lost entries"
}

# unfinished REASON CMD...: CMD (a check or repair of a neighbour of $P) exits 8 and its
# report says the references with chunk $P are not verified, and why, and judges none of them.
unfinished() {
	local reason=$1 rc=0
	shift
	"$@" >out 2>&1 || rc=$?
	test $rc -eq 8 && grep -q "cross-chunk reference(s) not verified: .*chunk $P $reason" out &&
		! grep -q "are lost: marked\|orphan\|lost+found\|dangling" out || { cat out; die "exit $rc: $*"; }
}

# neighbours_refuse REASON [CHUNK...]: the check and repair of each neighbour of $P (default
# both) are unfinished, change no other chunk's image, and leave the neighbour clean (not
# DAMAGED, no ext error flag).
neighbours_refuse() {
	local k reason=$1
	shift
	[ $# -gt 0 ] || set -- "$K0" "$K1"
	for k in "$@"; do
		sha256sum "$V"/chunk-*.img 2>/dev/null | grep -v "$(img "$V" "$k")" >before || :
		unfinished "$reason" "$CHUNKCTL" -V "$V" check "$k"
		unfinished "$reason" "$CHUNKCTL" -V "$V" repair "$k"
		{ rc=0; "$CHUNKCTL" -V "$V" repair --json "$k" >out.json 2>/dev/null || rc=$?; }
		test $rc -eq 8 && jq -e ".chunks[0] | .result == 8 and .refs_unverified > 0 and .found == 0" \
			out.json >/dev/null || { cat out.json; die "repair --json $k: exit $rc"; }
		sha256sum "$V"/chunk-*.img 2>/dev/null | grep -v "$(img "$V" "$k")" >after || :
		diff before after || die "the check and repair of chunk $k changed another chunk"
		"$CHUNKCTL" -V "$V" status >st 2>/dev/null || :
		grep -Eq "^[^ ]+ +$k clean " st || { cat st; die "chunk $k is not clean"; }
		dumpe2fs -h "$(img "$V" "$k")" 2>/dev/null | grep -q "^Filesystem state: *clean$" ||
			die "chunk $k has the ext error flag"
	done
}

fresh() { rm -f "$V"/chunk-*.img && cp good/chunk-*.img "$V"/; } # the volume as it was made

# back_to_good: with the right chunks back, the volume is clean and every file reads as before.
back_to_good() {
	cp good/chunk-*.img "$V"/ &&
	e2fsck_clean "$V"/chunk-*.img && expect_status 0 "$CHUNKCTL" -V "$V" check --all >/dev/null &&
	same_files
}

test_expect_success 'a chunk of another volume in the slot: unavailable, left byte for byte as it was' '
	fresh && cp "$(img other "$P")" "$(img "$V" "$P")" && cp "$(img "$V" "$P")" foreign.copy &&
	neighbours_refuse "is refused: the image in its place is not chunk $P of this volume" &&
	cmp foreign.copy "$(img "$V" "$P")" && back_to_good
'

test_expect_success 'a copy of a sibling in the slot: unavailable, the copy untouched' '
	fresh && cp "$(img "$V" "$K0")" "$(img "$V" "$P")" && cp "$(img "$V" "$P")" sibling.copy &&
	neighbours_refuse "is refused: the image in its place is not chunk $P of this volume" &&
	cmp sibling.copy "$(img "$V" "$P")" && back_to_good
'

test_expect_success 'two chunks swapped: each in the wrong slot, unavailable, both untouched' '
	fresh && mv "$(img "$V" "$P")" swap && mv "$(img "$V" "$K0")" "$(img "$V" "$P")" && mv swap "$(img "$V" "$K0")" &&
	cp "$(img "$V" "$P")" p.copy && cp "$(img "$V" "$K0")" k.copy &&
	neighbours_refuse "is refused: the image in its place is not chunk $P of this volume" "$K1" &&
	cmp p.copy "$(img "$V" "$P")" && cmp k.copy "$(img "$V" "$K0")" && back_to_good
'

test_expect_success 'a missing chunk: unavailable (8), not 4 and DAMAGED on a healthy neighbour' '
	fresh && rm "$(img "$V" "$P")" &&
	neighbours_refuse "is missing" &&
	{ test ! -e "$(img "$V" "$P")" || die "chunk $P is back"; } && back_to_good
'

test_expect_success 'an image cut to nothing: unavailable, still empty afterwards' '
	fresh && : >"$(img "$V" "$P")" &&
	neighbours_refuse "cannot be read" &&
	{ test ! -s "$(img "$V" "$P")" || die "chunk $P was written"; } && back_to_good
'

test_expect_success 'a chunk another process holds: unavailable, untouched' '
	fresh && cp "$(img "$V" "$P")" held.copy && hold_chunk "$(img "$V" "$P")" &&
	{ rc=0; (neighbours_refuse "is in use (mounted, or locked by another process)") || rc=$?; } &&
	release_chunk && test $rc -eq 0 && cmp held.copy "$(img "$V" "$P")" && back_to_good
'

# A neighbour's check records its result under its chunk's exclusive lock, for moments: a peer
# held that briefly is waited for, not unavailable.
test_expect_success 'a peer held for a moment: waited for, the check of its neighbour finishes clean' '
	fresh && rm -f held &&
	{ flock -x "$(img "$V" "$P")" sh -c "touch held && exec sleep 1.5" & } &&
	n=100 && until [ -e held ] || [ $n -eq 0 ]; do sleep 0.05; n=$((n - 1)); done &&
	{ rc=0; "$CHUNKCTL" -V "$V" check "$K0" >out 2>&1 || rc=$?; } &&
	wait && cat out && test $rc -eq 0
'

# The foreign chunk itself, checked or repaired: refused before e2fsck, named, nothing written.
test_expect_success 'check and repair of the other volume'"'"'s chunk itself: 8, named, not written' '
	fresh && cp "$(img other "$P")" "$(img "$V" "$P")" && sha256sum "$V"/chunk-*.img >before &&
	for cmd in check repair; do
		{ rc=0; "$CHUNKCTL" -V "$V" $cmd "$P" >out 2>&1 || rc=$?; } && cat out && test $rc -eq 8 &&
		grep -q "is not chunk $P of this volume: its file system is" out || exit 1
	done &&
	sha256sum "$V"/chunk-*.img | diff before - && back_to_good
'

test_expect_success 'a copy of a sibling, repaired itself: 8, not written' '
	fresh && cp "$(img "$V" "$K0")" "$(img "$V" "$P")" && sha256sum "$V"/chunk-*.img >before &&
	{ rc=0; "$CHUNKCTL" -V "$V" repair "$P" >out 2>&1 || rc=$?; } && cat out && test $rc -eq 8 &&
	sha256sum "$V"/chunk-*.img | diff before - && back_to_good
'

test_done
