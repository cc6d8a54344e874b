#!/bin/bash
# A directory's part in chunk K loses its inode (a bad inode-table block): e2fsck reconnects the
# files that part named into K's own lost+found, which the volume does not show. The repair of K
# moves that lost+found whole into the volume's /lost+found as chunkK, so every file is reachable
# again with its data, under the name noted on it (its entry is lost, its directory part too),
# and named by its old path in the report; K gets a new lost+found; nothing is deleted. The reports are
# compared whole with tests/expect/t4130/.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'setup: a directory of 1500 files with distinct contents spills into another chunk' '
	spilled_dir_volume >where && read -r k ino <where && test "$k" -gt 0 &&
	(cd src/many && cat -- *) | sort >contents.before
'

test_expect_success 'the inode of the part in chunk K is zeroed; check of K reports damage' '
	read -r k ino <where &&
	"$CHUNKFAULT" "vol/chunk-000$k.img" zero-inode "$ino" &&
	expect_status 4 "$CHUNKCTL" -V vol check "$k" >check.out 2>&1 &&
	test_cmp_output "$EXPECT/check-k" check.out
'

test_expect_success 'repair of K moves its lost+found whole into the volume'"'"'s /lost+found' '
	read -r k ino <where &&
	expect_status 1 "$CHUNKCTL" -V vol repair "$k" >repair.out 2>&1 &&
	test_cmp_output "$EXPECT/repair-k" repair.out &&
	grep -c "moved to the volume'"'"'s /lost+found/chunk$k/" repair.out >moved &&
	"$CHUNKCTL" -V vol ls :/lost+found >lf && test_cmp_output "$EXPECT/lost+found.ls" lf &&
	"$CHUNKCTL" -V vol ls ":/lost+found/chunk$k" >names &&
	test "$(wc -l <names)" -gt 100 && test "$(wc -l <names)" = "$(cat moved)" &&
	ls src/many | sort >src-names && sort names | comm -23 - src-names >strangers && test ! -s strangers &&
	grep -c "^  \[links\] /many/[0-9]*: e2fsck left" repair.out >named && test "$(cat named)" = "$(cat moved)"
'

test_expect_success 'every file is readable with its data: in /many, or in /lost+found/chunkK' '
	read -r k ino <where &&
	"$CHUNKCTL" -V vol cp -r :/many out-many &&
	"$CHUNKCTL" -V vol cp -r ":/lost+found/chunk$k" out-lf &&
	(cat out-many/* out-lf/*) | sort >contents.after &&
	cmp contents.before contents.after
'

test_expect_success 'K has an empty lost+found again; every chunk is e2fsck clean and checks clean' '
	read -r k ino <where &&
	debugfs -R "ls -p /lost+found" "vol/chunk-000$k.img" 2>/dev/null >klf &&
	test "$(awk -F/ '"'"'NF > 5 && $2 != 0 && $6 != "." && $6 != ".."'"'"' klf | wc -l)" = 0 &&
	e2fsck_clean vol/chunk-*.img &&
	expect_status 0 "$CHUNKCTL" -V vol check --all >recheck.out
'

test_done
