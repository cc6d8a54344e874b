#!/bin/bash
# A chunk that is unavailable (missing, of another volume, held by another process, unreadable)
# hides part of the tree from ls, ls -R, stat and cp -r out of the volume. Each still goes
# through everything it can read, then names the path, the chunk and why on stderr and exits 3,
# never 0 with a subtree quietly left out.
. "$(dirname "$0")/test-lib.sh"

. "$SRC/tests/lib-peers.sh"
V=$TRASH/vol

# The layout the stories rely on: directory /src/many starts in chunk $K0 and continues in $P;
# file /src/d/f1 starts in another chunk and continues in $P.
test_expect_success 'setup: a volume whose directory and files continue into one chunk' '
	make_peer_volume &&
	"$CHUNKCTL" -V "$V" ls -l :/src/many | awk -v p="$p" "{ split(\$8, a, \":\"); if (a[1] != p) print \$9 }" |
		sort >readable &&
	test "$(wc -l <readable)" -gt 0 -a "$(wc -l <readable)" -lt 1500 &&
	cp -a "$V" good
'

. "$TRASH/layout"
img() { printf "%s/chunk-%04d.img" "$1" "$2"; }
fresh() { rm -f "$V"/chunk-*.img && cp good/chunk-*.img "$V"/; }

# short_listing REASON: ls and ls -R list what is readable, exit 3, and name /src/many, chunk $P
# and REASON.
short_listing() {
	expect_status 3 "$CHUNKCTL" -V "$V" ls :/src/many >out 2>err
	sort out | diff readable - || die "ls :/src/many did not list exactly the readable entries"
	grep -q "^chunkctl: :/src/many: the entries in chunk $P (directory part $P:[0-9]*) are not listed: chunk $P $1" err ||
		{ cat err; die "ls did not name the part"; }
	expect_status 3 "$CHUNKCTL" -V "$V" ls -R :/ >out 2>err
	grep -qx ":/src/d:" out && grep -qx "f12" out && grep -qx ":/src/many:" out && grep -qx ":/lost+found:" out ||
		{ cat out; die "ls -R did not go to the end"; }
	grep -q "^chunkctl: :/src/many: .* not listed: chunk $P $1" err || { cat err; die "ls -R did not name the part"; }
}

# short_stat REASON: stat of /src/d/f1 shows its chain and exits 3 naming the continuation;
# a name in the unreadable part of /src/many exits 3 naming the part; a readable file exits 0.
short_stat() {
	expect_status 3 "$CHUNKCTL" -V "$V" stat :/src/d/f1 >out 2>err
	grep -q "continuation chunk $P .* chunk \(missing\|unavailable\)" out || { cat out; die "no chain"; }
	grep -q "^chunkctl: :/src/d/f1: continuation $P:[0-9]* (21808 bytes) not confirmed: chunk $P $1" err ||
		{ cat err; die "stat did not name the continuation"; }
	hidden=$(cd src/many && ls | sort | comm -23 - ../../readable | head -1)
	expect_status 3 "$CHUNKCTL" -V "$V" stat ":/src/many/$hidden" >/dev/null 2>err
	grep -q "^chunkctl: :/src/many/$hidden: not found in what of :/src/many could be read; its part $P:[0-9]* was not: chunk $P $1" err ||
		{ cat err; die "stat of a hidden name"; }
	expect_status 0 "$CHUNKCTL" -V "$V" stat ":/src/many/$(head -1 readable)" >/dev/null
}

# short_copy REASON: cp -r copies every readable file whole, names each thing not copied, exits 3.
short_copy() {
	rm -rf out.tree out.many
	expect_status 3 "$CHUNKCTL" -V "$V" cp -r :/src out.tree 2>err
	(cd out.tree/many && ls | sort) | diff readable - || die "cp -r did not copy exactly the readable entries"
	for f in $(cat readable); do cmp -s src/many/$f out.tree/many/$f || die "many/$f differs"; done
	grep -q "^chunkctl: :/src/many: the entries in chunk $P (directory part $P:[0-9]*) are not copied: chunk $P $1" err &&
	for i in $(seq 1 12); do
		grep -q "^chunkctl: :/src/d/f$i: continuation $P:[0-9]* (21808 bytes) not copied: chunk $P $1" err ||
			die "f$i not named"
	done || { cat err; die "cp -r did not name what it left"; }
	# A directory alone, no file data in the chunk: this exited 0 with the entries missing.
	expect_status 3 "$CHUNKCTL" -V "$V" cp -r :/src/many out.many 2>err
	(cd out.many && ls | sort) | diff readable - || die "cp -r :/src/many"
	grep -q ":/src/many: .* not copied: chunk $P $1" err || { cat err; die "cp -r :/src/many did not name the part"; }
}

test_expect_success 'with every chunk there, ls -R, stat and cp -r exit 0 and miss nothing' '
	expect_status 0 "$CHUNKCTL" -V "$V" ls -R :/ >out &&
	test "$(grep -cx "[0-9][0-9]*" out)" -eq 1500 &&
	expect_status 0 "$CHUNKCTL" -V "$V" stat :/src/d/f1 :/src/many >/dev/null &&
	expect_status 0 "$CHUNKCTL" -V "$V" cp -r :/src out.all && diff -r src out.all
'

test_expect_success 'a missing chunk: ls, ls -R, stat, cp -r do all they can, name it, exit 3' '
	fresh && rm "$(img "$V" "$P")" &&
	short_listing "is missing" && short_stat "is missing" && short_copy "is missing"
'

test_expect_success 'a chunk of another volume in the slot: refused, named, exit 3' '
	fresh && cp "$(img other "$P")" "$(img "$V" "$P")" && cp "$(img "$V" "$P")" foreign.copy &&
	short_listing "is refused: the image in its place is not chunk $P of this volume" &&
	short_stat "is refused" && short_copy "is refused" &&
	cmp foreign.copy "$(img "$V" "$P")"
'

test_expect_success 'a chunk another process holds: in use, named, exit 3' '
	fresh && hold_chunk "$(img "$V" "$P")" &&
	{ rc=0; (short_listing "is in use" && short_stat "is in use" && short_copy "is in use") || rc=$?; } &&
	release_chunk && test $rc -eq 0
'

test_expect_success 'an image cut to nothing: cannot be read, named, exit 3' '
	fresh && : >"$(img "$V" "$P")" &&
	short_listing "cannot be read" && short_stat "cannot be read" && short_copy "cannot be read"
'

test_expect_success 'chunk 0 missing: the root cannot be listed, named, exit 3' '
	fresh && rm "$(img "$V" 0)" &&
	expect_status 3 "$CHUNKCTL" -V "$V" ls -R :/ >/dev/null 2>err &&
	grep -q "^chunkctl: :/: cannot be read: chunk 0 is missing" err
'

test_expect_success 'a path that does not exist is still an error (1), not a chunk (3)' '
	fresh &&
	expect_status 1 "$CHUNKCTL" -V "$V" stat :/src/nothing 2>err && grep -q ":/src/nothing: No such file" err &&
	expect_status 1 "$CHUNKCTL" -V "$V" ls -R :/nothing 2>/dev/null &&
	expect_status 1 "$CHUNKCTL" -V "$V" cp -r :/nothing out.none 2>/dev/null
'

test_done
