#!/bin/bash
# A directory whose entries spill into another chunk loses its head: the repair of the head's
# chunk reattaches the orphaned directory continuation, with every entry it held, in the
# volume's /lost+found under a name that says where it came from; nothing is deleted. The
# reports are compared whole with tests/expect/t4110/.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'setup: a directory of 1500 files, more than chunk 0 has inodes for' '
	mkdir -p src/many && (cd src/many && seq 1 1500 | xargs touch) &&
	"$CHUNKCTL" mkfs --chunks 4 --size 8M vol >/dev/null &&
	cp_in_name_order vol src/many :/many &&
	"$CHUNKCTL" -V vol stat --json :/many >st.json &&
	head=$(jq -r ".files[0].local_ino" st.json) && test "$(jq -r .files[0].chunk st.json)" = 0 &&
	k=$(jq -r "[.files[0].chain[] | select(.role == \"continuation\")][0].chunk" st.json) &&
	test "$k" -gt 0 &&
	echo "$head $k" >where &&
	"$CHUNKCTL" -V vol ls :/many | sort >names.before &&
	test "$(wc -l <names.before)" = 1500
'

test_expect_success 'the head of the directory is zeroed; check of chunk 0 reports the orphan' '
	read -r head k <where &&
	"$CHUNKFAULT" vol/chunk-0000.img zero-inode "$head" &&
	expect_status 4 "$CHUNKCTL" -V vol check 0 >check.out 2>&1 &&
	test_cmp_output "$EXPECT/check-0" check.out
'

test_expect_success 'repair of chunk 0 reattaches the directory continuation whole in /lost+found' '
	read -r head k <where &&
	expect_status 1 "$CHUNKCTL" -V vol repair 0 >repair.out 2>&1 &&
	test_cmp_output "$EXPECT/repair-0" repair.out &&
	"$CHUNKCTL" -V vol ls :/lost+found >lf &&
	test_cmp_output "$EXPECT/lost+found.ls" lf &&
	orphan=$(grep "^orphan-c$k-" lf) &&
	"$CHUNKCTL" -V vol ls ":/lost+found/$orphan" | sort >names.after &&
	test "$(wc -l <names.after)" -gt 0 &&
	comm -13 names.before names.after >strangers && test ! -s strangers
'

test_expect_success 'afterwards every chunk is e2fsck clean and every check finds nothing' '
	e2fsck_clean vol/chunk-*.img &&
	expect_status 0 "$CHUNKCTL" -V vol check --all >recheck.out
'

test_expect_success 'a part moved whole: each entry under it, to any depth, is named by its old path and its new one' '
	mkdir -p src2/d/zsub/deeper && (cd src2/d && seq 1 1500 | xargs touch) &&
	echo one >src2/d/zsub/f1 && echo two >src2/d/zsub/deeper/f2 && echo three >src2/d/zsub/deeper/f3 &&
	"$CHUNKCTL" mkfs --chunks 4 --size 8M vol2 >/dev/null &&
	cp_in_name_order vol2 src2/d :/d &&
	"$CHUNKCTL" -V vol2 stat --json :/d >d.json &&
	test "$(jq -r .files[0].chunk d.json)" = 0 && head=$(jq -r .files[0].local_ino d.json) &&
	"$CHUNKCTL" -V vol2 stat --json :/d/zsub >zsub.json &&
	k=$(jq -r .files[0].chunk zsub.json) && test "$k" -gt 0 &&
	"$CHUNKFAULT" vol2/chunk-0000.img zero-inode "$head" &&
	expect_status 1 "$CHUNKCTL" -V vol2 repair --json 0 >repair2.json &&
	orphan=$(jq -r ".chunks[0].findings[] | select(.problem | test(\"^orphan continuation\")) | .moved_to" repair2.json) &&
	case "$orphan" in /lost+found/orphan-c$k-*) ;; *) die "the part went to $orphan" ;; esac &&
	for p in zsub zsub/f1 zsub/deeper zsub/deeper/f2 zsub/deeper/f3; do
		to=$(jq -r --arg p "/d/$p" ".chunks[0].findings[] | select(.path == \$p and .action == \"quarantined\") | .moved_to" repair2.json) &&
		test "$to" = "$orphan/$p" || die "/d/$p: moved_to \"$to\", not $orphan/$p"
	done &&
	test "$("$CHUNKCTL" -V vol2 cat ":$orphan/zsub/deeper/f3")" = three
'

test_done
