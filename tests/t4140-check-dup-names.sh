#!/bin/bash
# Names are unique across a directory's parts (pass 5). A name planted in a second part of a
# directory (an entry the head's part already has) is reported by a check of either chunk; the
# repair renames the copy outside the head's chunk to NAME.dup-CHUNK, and both files stay.
# The reports are compared whole with tests/expect/t4140/.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'setup: a directory of 1500 files spills into a second chunk' '
	spilled_dir_volume >spill && read -r k part <spill && test "$k" -gt 0 &&
	pname=$("$CHUNKFAULT" "vol/chunk-000$k.img" list-conts | awk -v i="$part" "\$1 == i { print \$2 }") &&
	test -n "$pname" && echo "$k $pname" >where
'

test_expect_success 'a name of the head part is linked again in the part in chunk K' '
	read -r k pname <where &&
	debugfs -R "ls -p /many" vol/chunk-0000.img 2>/dev/null |
		awk -F/ "NF > 5 && \$2 != 0 && \$6 != \".\" && \$6 != \"..\" { print \$6; exit }" >name &&
	name=$(cat name) && test -n "$name" &&
	victim=$(debugfs -R "ls -p /.chunkfs/cont/$pname" "vol/chunk-000$k.img" 2>/dev/null |
		awk -F/ "NF > 5 && \$2 != 0 && \$6 != \".\" && \$6 != \"..\" { print \$2 \" \" \$6; exit }") &&
	echo "$victim" >victim && read -r vino vname <victim &&
	"$CHUNKCTL" -V vol cat ":/many/$vname" >victim.data &&
	debugfs -w -R "ln <$vino> /.chunkfs/cont/$pname/$name" "vol/chunk-000$k.img" &&
	debugfs -w -R "sif <$vino> links_count 2" "vol/chunk-000$k.img" &&
	e2fsck_clean vol/chunk-*.img
'

test_expect_success 'check of either chunk reports the name in two parts' '
	read -r k pname <where && name=$(cat name) &&
	expect_status 4 "$CHUNKCTL" -V vol check 0 >check0.out 2>&1 &&
	test_cmp_output "$EXPECT/check-0" check0.out &&
	expect_status 4 "$CHUNKCTL" -V vol check "$k" >checkk.out 2>&1 &&
	test_cmp_output "$EXPECT/check-k" checkk.out
'

test_expect_success 'repair renames the copy outside the head'"'"'s chunk; both files keep their data' '
	read -r k pname <where && name=$(cat name) && read -r vino vname <victim &&
	expect_status 1 "$CHUNKCTL" -V vol repair "$k" >repair.out 2>&1 &&
	test_cmp_output "$EXPECT/repair-k" repair.out &&
	"$CHUNKCTL" -V vol cat ":/many/$name" >head.data && echo "file $name" | cmp - head.data &&
	"$CHUNKCTL" -V vol cat ":/many/$name.dup-$k" | cmp - victim.data &&
	"$CHUNKCTL" -V vol cat ":/many/$vname" | cmp - victim.data &&
	test "$("$CHUNKCTL" -V vol ls :/many | wc -l)" = 1501 &&
	e2fsck_clean vol/chunk-*.img &&
	expect_status 0 "$CHUNKCTL" -V vol check --all >recheck.out
'

test_expect_success 'a repair of the head'"'"'s chunk renames the copy in the other part too' '
	read -r k pname <where &&
	debugfs -R "ls -p /many" vol/chunk-0000.img 2>/dev/null |
		awk -F/ "NF > 5 && \$2 != 0 && \$6 != \".\" && \$6 != \"..\" { n++; if (n == 7) { print \$6; exit } }" >name2 &&
	name2=$(cat name2) && test -n "$name2" && test "$name2" != "$(cat name)" &&
	debugfs -R "ls -p /.chunkfs/cont/$pname" "vol/chunk-000$k.img" 2>/dev/null |
		awk -F/ "NF > 5 && \$2 != 0 && \$6 != \".\" && \$6 != \"..\" { n++; if (n == 3) { print \$2 \" \" \$6; exit } }" >victim2 &&
	read -r vino2 vname2 <victim2 &&
	"$CHUNKCTL" -V vol cat ":/many/$vname2" >victim2.data &&
	debugfs -w -R "ln <$vino2> /.chunkfs/cont/$pname/$name2" "vol/chunk-000$k.img" &&
	debugfs -w -R "sif <$vino2> links_count 2" "vol/chunk-000$k.img" &&
	expect_status 1 "$CHUNKCTL" -V vol repair 0 >repair0.out 2>&1 &&
	test_cmp_output "$EXPECT/repair-0" repair0.out &&
	"$CHUNKCTL" -V vol cat ":/many/$name2" >head2.data && echo "file $name2" | cmp - head2.data &&
	"$CHUNKCTL" -V vol cat ":/many/$name2.dup-$k" | cmp - victim2.data &&
	e2fsck_clean vol/chunk-*.img &&
	expect_status 0 "$CHUNKCTL" -V vol check --all >recheck2.out
'

test_done
