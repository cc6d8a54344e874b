#!/bin/bash
# Names after an online repair: the kernel caches names (also that a name does not exist) for
# the entry timeout, here 60 s. An online repair that moves a directory into lost+found or
# removes a file tells the kernel at once, so the next lookup of the old path says ENOENT and
# the new path is found, well within that minute. The mount knows which names the kernel holds
# from its lookups and renames (a renamed name is cached without a lookup).
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-mount.sh"

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'names after an online repair' "no /dev/fuse or fusermount3 on this machine"
	test_done
fi

# As in t4310: chunk 0's inodes are filled while /far is made, so /far and its files have their
# inodes in another chunk K, and /far's entry in / is held by the root's part in K.
test_expect_success 'setup: /far and its files in chunk K, their name in the root part of K' '
	mkdir fill && (cd fill && for i in $(seq 1 1100); do : >"$i"; done) &&
	head -c 3000 /dev/urandom >x && head -c 5000 /dev/urandom >v &&
	"$CHUNKCTL" mkfs --chunks 3 --size 8M --threshold 8K vol >/dev/null &&
	"$CHUNKCTL" -V vol cp -r fill :/fill && "$CHUNKCTL" -V vol mkdir :/far &&
	"$CHUNKCTL" -V vol cp x :/far/x && "$CHUNKCTL" -V vol cp v :/far/v && "$CHUNKCTL" -V vol mkdir :/far/sub &&
	"$CHUNKCTL" -V vol ln :/far/x :/xlink && "$CHUNKCTL" -V vol rm -r :/fill &&
	k=$("$CHUNKCTL" -V vol stat :/far | sed -n "s/.*Inode: [0-9]* (chunk \([0-9]*\),.*/\1/p") &&
	case $k in 1 | 2) ;; *) false ;; esac &&
	"$CHUNKCTL" -V vol stat :/far/x | grep -q "Inode: [0-9]* (chunk $k," &&
	"$CHUNKCTL" -V vol stat :/far/sub | grep -q "Inode: [0-9]* (chunk $k," &&
	cont=$(chunkfault vol/chunk-000$k.img list-conts | awk "\$2 ~ /^0000-00000002-/ { print \$1 }") &&
	[ -n "$cont" ] && echo "chunk $k, the root part: inode $cont" &&
	echo "$k $cont" >where
'

test_expect_success 'a directory the repair moved to lost+found: gone from its old path and found in the new at once' '
	read -r k cont <where &&
	mount_chunkfs vol mnt -o entry_timeout=60,attr_timeout=60 &&
	stat mnt/far mnt/far/x mnt/xlink >/dev/null &&
	mv mnt/xlink mnt/xlink2 && stat mnt/xlink2 >/dev/null &&
	! stat mnt/lost+found/chunk$k 2>/dev/null &&
	chunkfault vol/chunk-000$k.img zero-inode $cont &&
	rc=0 && "$CHUNKCTL" -V vol repair $k >repair 2>&1 || rc=$?
	[ $rc = 1 ] || { cat repair; false; }
	grep -A1 "^  \[links\] /far: " repair | grep -q "^      -> moved to the volume.s /lost+found/chunk$k/far$" &&
	! stat mnt/far 2>err && grep -q "No such file or directory" err &&
	! stat mnt/far/x 2>err && grep -q "No such file or directory" err &&
	! stat mnt/xlink2 2>err && grep -q "No such file or directory" err &&
	cmp x mnt/lost+found/chunk$k/far/x && cmp v mnt/lost+found/chunk$k/far/v &&
	[ "$(stat -c %h mnt/lost+found/chunk$k/far/x)" = 1 ] &&
	grep "after the repair of chunk $k" mnt.log | tail -n 1 | grep -q "told: [1-9][0-9]* name(s) \(expired\|dropped\)" &&
	unmount_chunkfs_exit0 mnt
'

# A name the repair did not change is only expired (where the kernel can: FUSE_CAP_EXPIRE_ONLY):
# the kernel asks again at its next use, and a mount on it stays.
test_expect_success 'a file the repair removed while open: its name says ENOENT at once, its open reads EIO' '
	read -r k cont <where &&
	f=mnt/lost+found/chunk$k/far/v && sub=mnt/lost+found/chunk$k/far/sub &&
	mount_chunkfs vol mnt -o entry_timeout=60,attr_timeout=60 &&
	mkdir bound && echo here >bound/mark && mount --bind bound $sub && cmp bound/mark $sub/mark &&
	ino=$(($(stat -c %i $f) & 0xffffffff)) &&
	exec 8<$f &&
	chunkfault vol/chunk-000$k.img zero-inode $ino &&
	rc=0 && "$CHUNKCTL" -V vol repair $k >repair-v 2>&1 || rc=$?
	[ $rc = 1 ] || { exec 8<&-; cat repair-v; false; }
	! stat $f 2>err && grep -q "No such file or directory" err &&
	! cat <&8 >/dev/null 2>err && grep -q "Input/output error" err &&
	exec 8<&- &&
	grep "after the repair of chunk $k" mnt.log | tail -n 1 | grep -q ", 1 deleted," &&
	cmp x mnt/lost+found/chunk$k/far/x &&
	if grep "after the repair of chunk $k" mnt.log | tail -n 1 | grep -q "name(s) expired"; then
		mountpoint -q $sub && cmp bound/mark $sub/mark
	fi &&
	umount $sub && unmount_chunkfs_exit0 mnt &&
	"$CHUNKCTL" -V vol check --all >after 2>&1 || { cat after; false; }
'

# The kernel cached that /d/f does not exist (its entry was gone when it looked): the repair
# that puts the file back by the name noted on it says so, and the name is there at once.
test_expect_success 'a file the repair put back by its noted name: found at once where the kernel had seen none' '
	"$CHUNKCTL" mkfs --chunks 2 --size 8M pb >/dev/null && "$CHUNKCTL" -V pb mkdir :/d &&
	"$CHUNKCTL" -V pb cp x :/d/f && "$CHUNKCTL" -V pb cp v :/d/g &&
	mount_chunkfs pb mnt -o entry_timeout=60,attr_timeout=60 &&
	debugfs -w -R "unlink /d/f" pb/chunk-0000.img 2>/dev/null &&
	! stat mnt/d/f 2>err && grep -q "No such file or directory" err &&
	rc=0 && "$CHUNKCTL" -V pb repair 0 >repair-pb 2>&1 || rc=$?
	[ $rc = 1 ] || { cat repair-pb; false; }
	grep -q "^  \[links\] /d/f: .*its name known" repair-pb &&
	grep -q "put back as /d/f " repair-pb &&
	cmp x mnt/d/f && cmp v mnt/d/g &&
	unmount_chunkfs_exit0 mnt &&
	"$CHUNKCTL" -V pb check --all >after 2>&1 || { cat after; false; }
'

# A file of 20 hard links, each name looked up: the repair of its chunk expires all 20 (the
# build before kept a file's last 8 names, and told the kernel of those only).
test_expect_success 'a file looked up by 20 names: an online repair of its chunk expires all 20' '
	"$CHUNKCTL" mkfs --chunks 2 --size 8M links >/dev/null && "$CHUNKCTL" -V links mkdir :/d &&
	"$CHUNKCTL" -V links cp x :/d/l0 &&
	for i in $(seq 1 19); do "$CHUNKCTL" -V links ln :/d/l0 :/d/l$i || return 1; done &&
	mount_chunkfs links mnt -o entry_timeout=60,attr_timeout=60 &&
	for i in $(seq 0 19); do stat mnt/d/l$i >/dev/null || return 1; done &&
	[ "$(stat -c %h mnt/d/l7)" = 20 ] &&
	rc=0 && "$CHUNKCTL" -V links repair 0 >repair-links 2>&1 || rc=$?
	[ $rc = 0 ] || { cat repair-links; false; }
	line=$(grep "after the repair of chunk 0" mnt.log | tail -n 1) && echo "$line" &&
	n=$(echo "$line" | sed -n "s/.*told: \([0-9]*\) name(s) \(expired\|dropped\).*/\1/p") &&
	[ -n "$n" ] && [ "$n" -ge 21 ] &&
	unmount_chunkfs_exit0 mnt
'

test_done
