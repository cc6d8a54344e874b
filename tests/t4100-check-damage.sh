#!/bin/bash
# One damaged chunk, many ways: each folder tests/damage/NAME holds `chunk` (which chunk is
# damaged), `how` (the damage, with chunkfault), `expect-check` and `expect-repair` (the whole
# report of each, then its exit status, as tests/f_* of e2fsprogs hold e2fsck's output), and
# optionally `repair-args` and `expect-check.json` (what check --json says). For each: check reports the damage, repair fixes it, every chunk is
# then e2fsck -fn clean, a check of every chunk finds nothing, and every file either reads as it
# was or is named in the repair's report (by path, or by e2fsck as it cleared it).
# A new case is a new folder: `how` and `chunk`; WRITE_EXPECT=1 tests/run t4100 writes its
# expect files from what check and repair say, to be read line by line before they are kept.
. "$(dirname "$0")/test-lib.sh"

TREE=$TRASH/tree
base=$TRASH/base

# A tree shaped like a kernel's header tree (600 files, most small, one in eight past the
# threshold, a few of a few hundred KiB; 24 directories), the same on every machine, so that
# the reports name the same files, inodes and sizes everywhere.
make_tree() {
	mkdir -p "$TREE" && (cd "$TREE" && awk 'BEGIN {
		x = 4242
		for (d = 0; d < 24; d++) system("mkdir -p sub" d % 12 (d >= 12 ? "/deep" d : ""))
		for (i = 1; i <= 600; i++) {
			x = (x * 1103 + 12345) % 65536
			path = (i % 5 ? "" : "sub" x % 12 "/" (x % 3 ? "" : "deep" 12 + x % 12 "/")) "h" i ".h"
			size = i % 50 == 0 ? 60000 + 4 * x : i % 8 == 0 ? 16384 + x % 40000 : 200 + x % 12000
			for (n = 0; n < size; n += 32) printf "/* %s, line %8d */\n", path, n / 32 >path
			close(path)
		}
	}')
}

first_cont() { "$CHUNKFAULT" "$VOL/chunk-000$1.img" list-conts | head -1 | cut -d' ' -f1; }
first_head() { "$CHUNKFAULT" "$VOL/chunk-000$1.img" list-heads | head -1; }

test_expect_success 'a volume holding a tree, with files continued across chunks' '
	make_tree && "$CHUNKCTL" mkfs --chunks 4 --size 160M --threshold 16K "$base" >/dev/null &&
	cp_in_name_order "$base" "$TREE" :/tree &&
	[ "$("$CHUNKFAULT" "$base/chunk-0001.img" list-conts | wc -l)" -gt 3 ] &&
	"$CHUNKCTL" -V "$base" check --all >/dev/null
'

for case in "$SRC"/tests/damage/*/; do
	case=${case%/}
	name=$(basename "$case")
	k=$(cat "$case/chunk")
	args=$(cat "$case/repair-args" 2>/dev/null || true)
	test_expect_success "$name: check of chunk $k reports it, repair fixes it, no file is lost unnamed" '
		VOL=$TRASH/$name && rm -rf "$VOL" && cp -a "$base" "$VOL" &&
		export VOL && . "$case/how" >"$VOL.how" &&
		{ rc=0; "$CHUNKCTL" -V "$VOL" check "$k" >"$VOL.check" 2>&1 || rc=$?; } &&
		echo "exit status $rc" >>"$VOL.check" && test_cmp_output "$case/expect-check" "$VOL.check" &&
		if [ -f "$case/expect-check.json" ]; then
			{ "$CHUNKCTL" -V "$VOL" check --json "$k" >"$VOL.check.json" 2>/dev/null || :; } &&
			test_cmp_json "$case/expect-check.json" "$VOL.check.json"
		fi &&
		{ rc=0; "$CHUNKCTL" -V "$VOL" repair $args "$k" >"$VOL.repair" 2>&1 || rc=$?; } &&
		echo "exit status $rc" >>"$VOL.repair" && test_cmp_output "$case/expect-repair" "$VOL.repair" &&
		e2fsck_clean "$VOL"/chunk-*.img &&
		expect_status 0 "$CHUNKCTL" -V "$VOL" check --all >"$VOL.recheck" &&
		{ "$CHUNKCTL" -V "$VOL" cp -r :/tree "$VOL.out" >"$VOL.cp" 2>&1 || :; } &&
		(cd "$TREE" && find . -type f) | while read -r f; do
			if ! cmp -s "$VOL.out/$f" "$TREE/$f"; then
				grep -qF -- "/tree/${f#./}" "$VOL.repair" ||
				grep -qF -- "'"'"'$(basename "$f")'"'"'" "$VOL.repair" ||
				die "$f differs and the repair report does not name it"
			fi
		done
	'
done

test_done
