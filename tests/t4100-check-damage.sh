#!/bin/bash
# One damaged chunk, many ways: each folder tests/damage/NAME holds `chunk` (which chunk is
# damaged), `how` (the damage, with chunkfault), `expect-check` and `expect-repair` (first line
# "status N", then strings the report must contain), and optionally `repair-args`. For each:
# check reports the damage and exits non-zero, repair fixes it, every chunk is then e2fsck -fn
# clean, a check of every chunk finds nothing, and every file either reads as it was or is named
# in the repair's report (by path, or by e2fsck as it cleared it).
. "$(dirname "$0")/test-lib.sh"

TREE=/usr/include/linux
base=$TRASH/base

first_cont() { "$CHUNKFAULT" "$VOL/chunk-000$1.img" list-conts | head -1 | cut -d' ' -f1; }
first_head() { "$CHUNKFAULT" "$VOL/chunk-000$1.img" list-heads | head -1; }

expect_report() { # expect_report FILE STATUS-GOT: the expect file's status and strings
	local want=$1 got=$2 out=$3 line
	read -r _ status <"$want"
	[ "$got" -eq "$status" ] || die "exit status $got, expected $status"
	tail -n +2 "$want" | while IFS= read -r line; do
		[ -z "$line" ] || grep -qF -- "$line" "$out" || die "report lacks: $line"
	done
}

test_expect_success 'a volume holding a real tree, with files continued across chunks' '
	"$CHUNKCTL" mkfs --chunks 4 --size 160M --threshold 16K "$base" >/dev/null &&
	"$CHUNKCTL" -V "$base" cp -r "$TREE" :/tree &&
	[ "$("$CHUNKFAULT" "$base/chunk-0001.img" list-conts | wc -l)" -gt 3 ] &&
	"$CHUNKCTL" -V "$base" check --all >/dev/null
'

for case in "$SRC"/tests/damage/*/; do
	name=$(basename "$case")
	k=$(cat "$case/chunk")
	args=$(cat "$case/repair-args" 2>/dev/null || true)
	test_expect_success "$name: check of chunk $k reports it, repair fixes it, no file is lost unnamed" '
		VOL=$TRASH/$name && rm -rf "$VOL" && cp -a "$base" "$VOL" &&
		export VOL && . "$case/how" >"$VOL.how" &&
		{ rc=0; "$CHUNKCTL" -V "$VOL" check "$k" >"$VOL.check" 2>&1 || rc=$?; } &&
		cat "$VOL.check" && expect_report "$case/expect-check" $rc "$VOL.check" &&
		{ rc=0; "$CHUNKCTL" -V "$VOL" repair $args "$k" >"$VOL.repair" 2>&1 || rc=$?; } &&
		cat "$VOL.repair" && expect_report "$case/expect-repair" $rc "$VOL.repair" &&
		e2fsck_clean "$VOL"/chunk-*.img &&
		expect_status 0 "$CHUNKCTL" -V "$VOL" check --all >"$VOL.recheck" &&
		(cd "$TREE" && find . -type f) | while read -r f; do
			if ! "$CHUNKCTL" -V "$VOL" cat ":/tree/${f#./}" 2>/dev/null | cmp -s - "$TREE/$f"; then
				grep -qF -- "/tree/${f#./}" "$VOL.repair" ||
				grep -qF -- "'"'"'$(basename "$f")'"'"'" "$VOL.repair" ||
				die "$f differs and the repair report does not name it"
			fi
		done
	'
done

test_done
