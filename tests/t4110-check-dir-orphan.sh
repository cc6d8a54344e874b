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

test_done
