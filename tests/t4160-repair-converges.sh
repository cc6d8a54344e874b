#!/bin/bash
# Repair converges: a repair settles in one run what it finds, and a repair right after it, or
# of a clean chunk, with or without --rebuild-index, finds nothing, changes no file of the
# volume and no other chunk, and exits 0. Run after every damage case of tests/damage/*/ (made
# as t4100 makes them), and on a volume whose root directory continues into another chunk.
. "$(dirname "$0")/test-lib.sh"

# peer_stamps VOL K: the size and modification time (to the nanosecond) of every chunk image
# of VOL but K's: a chunk nothing is written to is not even flushed, so they stay as they are.
peer_stamps() {
	local img
	for img in "$1"/chunk-*.img; do
		[ "$img" = "$(printf '%s/chunk-%04u.img' "$1" "$2")" ] || stat -c '%n %s %y' "$img"
	done
}

# repair_finds_nothing VOL K [ARGS...]: a repair of chunk K exits 0, e2fsck included, with no
# finding, and writes no other chunk.
repair_finds_nothing() {
	local vol=$1 k=$2 out=$TRASH/.again.json before rc=0
	shift 2
	before=$(peer_stamps "$vol" "$k")
	"$CHUNKCTL" -V "$vol" repair --json "$@" "$k" >"$out" || rc=$?
	jq -e '.result == 0 and all(.chunks[]; .e2fsck_status == 0 and (.findings | length) == 0)' \
		"$out" >/dev/null || { cat "$out"; die "repair $* $k exited $rc and found something"; }
	[ "$rc" -eq 0 ] || die "repair $* $k exited $rc"
	[ "$(peer_stamps "$vol" "$k")" = "$before" ] || die "repair $* $k wrote another chunk"
}

test_expect_success 'a volume whose root directory continues into another chunk' '
	mkdir -p src/root && (cd src/root && for i in $(seq 1 1200); do echo "file $i" >"f$i"; done) &&
	"$CHUNKCTL" mkfs --chunks 3 --size 8M --threshold 4K root >/dev/null &&
	"$CHUNKCTL" -V root cp -r src/root/. :/ &&
	[ "$("$CHUNKCTL" -V root stat --json : | jq .files[0].continuations)" -gt 0 ]
'

test_expect_success 'cref --volume: the index of a volume whose root spans chunks agrees with its records' '
	expect_status 0 "$CHUNKCTL" cref --volume root >cref.out &&
	grep -q "agrees with the records in every chunk" cref.out &&
	"$CHUNKCTL" cref --volume root --json | jq -e ".index_agrees and .dir_refs > 0" >/dev/null
'

test_expect_success 'repair --rebuild-index of every chunk of it finds nothing and changes nothing' '
	"$CHUNKCTL" -V root cp -r :/ before &&
	for k in 0 1 2; do
		repair_finds_nothing root $k --rebuild-index &&
		repair_finds_nothing root $k || exit 1
	done &&
	"$CHUNKCTL" -V root cp -r :/ after && diff -r before after &&
	expect_status 0 "$CHUNKCTL" cref --volume root >/dev/null
'

test_expect_success 'a chunk a repair left DAMAGED shows e2fsck only what e2fsck finds' '
	cp -a root damaged &&
	chunkstate damaged/chunk-0001.img dirty &&
	chunkstate damaged/chunk-0001.img damaged &&
	dumpe2fs -h damaged/chunk-0001.img 2>/dev/null | grep -q "^Filesystem state: *clean with errors" &&
	cp damaged/chunk-0001.img copy.img &&
	{ e2fsck -fy copy.img >e2fsck.out 2>&1 || { cat e2fsck.out; die "e2fsck -fy found errors (status $?)"; }; }
'

test_expect_success 'the repair of that chunk finds nothing, and the next neither' '
	repair_finds_nothing damaged 1 &&
	repair_finds_nothing damaged 1 --rebuild-index
'

TREE=$TRASH/tree
base=$TRASH/base
# The same tree on every machine: 400 files in 8 directories, most of a few KiB, one in six
# past the 16 KiB threshold (so continued into other chunks), a few of some hundred KiB.
make_tree() {
	mkdir -p "$TREE" && (cd "$TREE" && awk 'BEGIN {
		for (i = 0; i < 400; i++) {
			dir = "d" i % 8
			if (i < 8)
				system("mkdir -p " dir)
			size = i % 40 == 7 ? 150000 + 911 * i : i % 6 == 0 ? 17000 + 97 * i : 100 + 61 * i % 9000
			path = dir "/f" i
			for (n = 0; n < size; n += 24)
				printf "%-15s %7d\n", path, n >path
			close(path)
		}
	}')
}
# copy_out VOL DIR: the volume's tree into DIR, and into DIR.lost what `chunkctl lost` lists. A
# file a repair marked lost fails the copy with EIO (exit 1), and only such a file.
copy_out() {
	local rc=0
	"$CHUNKCTL" -V "$1" cp -r :/ "$2" 2>"$2.err" || rc=$?
	"$CHUNKCTL" -V "$1" lost >"$2.lost" || die "lost exited $?"
	[ "$rc" -eq 0 ] && return 0
	[ "$rc" -eq 1 ] && ! grep -v ": Input/output error: .* lost in a repair" "$2.err" ||
		{ cat "$2.err"; die "cp -r out exited $rc"; }
}
# For the damage cases' `how` files, as t4100 gives them.
first_cont() { "$CHUNKFAULT" "$VOL/chunk-000$1.img" list-conts | head -1 | cut -d' ' -f1; }
first_head() { "$CHUNKFAULT" "$VOL/chunk-000$1.img" list-heads | head -1; }

test_expect_success 'a volume holding a tree, with files continued across chunks' '
	make_tree && "$CHUNKCTL" mkfs --chunks 4 --size 160M --threshold 16K "$base" >/dev/null &&
	cp_in_name_order "$base" "$TREE" :/tree &&
	[ "$("$CHUNKFAULT" "$base/chunk-0001.img" list-conts | wc -l)" -gt 3 ] &&
	repair_finds_nothing "$base" 1 &&
	repair_finds_nothing "$base" 1 --rebuild-index
'

for case in "$SRC"/tests/damage/*/; do
	name=$(basename "$case")
	k=$(cat "$case/chunk")
	args=$(cat "$case/repair-args" 2>/dev/null || true)
	test_expect_success "$name: one repair of chunk $k settles it; the next, with or without --rebuild-index, finds nothing" '
		VOL=$TRASH/$name && rm -rf "$VOL" && cp -a "$base" "$VOL" &&
		export VOL && . "$case/how" >"$VOL.how" &&
		{ rc=0; "$CHUNKCTL" -V "$VOL" repair $args "$k" >"$VOL.repair" 2>&1 || rc=$?; } &&
		{ [ "$rc" -le 1 ] || { cat "$VOL.repair"; die "the first repair exited $rc"; }; } &&
		copy_out "$VOL" "$VOL.files" &&
		repair_finds_nothing "$VOL" "$k" $args &&
		repair_finds_nothing "$VOL" "$k" $args --rebuild-index &&
		repair_finds_nothing "$VOL" "$k" $args &&
		copy_out "$VOL" "$VOL.again" && diff -r "$VOL.files" "$VOL.again" &&
		diff "$VOL.files.lost" "$VOL.again.lost"
	'
done

test_done
