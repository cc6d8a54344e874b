#!/bin/bash
# The mount: a volume as a file system that programs use, closed CLEAN, refused to others.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-mount.sh"

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'the mount' "no /dev/fuse or fusermount3 on this machine"
	test_done
fi

test_expect_success 'a file written through the mount reads back the same, spanning chunks' '
	"$CHUNKCTL" mkfs --chunks 4 --size 32M --threshold 64K vol >/dev/null &&
	head -c 20M /dev/urandom >big && echo hello >small &&
	mount_chunkfs vol mnt &&
	cp big small mnt/ && mkdir -p mnt/d/e && cp small mnt/d/e/ &&
	cmp big mnt/big && cmp small mnt/d/e/small &&
	unmount_chunkfs mnt &&
	"$CHUNKCTL" -V vol cat :/big | cmp - big &&
	"$CHUNKCTL" -V vol stat :/big >stat && grep -q "continuation chunk" stat
'

test_expect_success 'after an unmount every chunk is CLEAN and check --all finds nothing' '
	chunk_states vol >states && ! grep -v " clean$" states &&
	"$CHUNKCTL" -V vol check --all >check 2>&1 || { cat check; false; }
'

test_expect_success 'files made with chunkctl are seen through the mount, and the other way' '
	"$CHUNKCTL" -V vol mkdir :/from-ctl && "$CHUNKCTL" -V vol cp small :/from-ctl/f &&
	mount_chunkfs vol mnt &&
	cmp small mnt/from-ctl/f && ls mnt >ls && grep -qx from-ctl ls && grep -qx big ls &&
	ln mnt/small mnt/d/hard && ln -s ../small mnt/d/sym && mv mnt/d/e mnt/moved &&
	unmount_chunkfs mnt &&
	"$CHUNKCTL" -V vol cat :/d/hard | cmp - small &&
	"$CHUNKCTL" -V vol ls :/moved >ls2 && grep -q small ls2
'

test_expect_success 'xattrs: user ones are kept across a remount; chunkfs records are neither shown nor settable' '
	mount_chunkfs vol mnt &&
	setfattr -n user.color -v blue mnt/small &&
	! setfattr -n trusted.chunkfs.head -v x mnt/small 2>err && grep -q "Operation not permitted" err &&
	unmount_chunkfs mnt && mount_chunkfs vol mnt &&
	getfattr -m - -d mnt/small >xa && grep -qx "user.color=\"blue\"" xa && ! grep -q chunkfs xa &&
	unmount_chunkfs mnt && "$CHUNKCTL" -V vol check --all >/dev/null
'

test_expect_success 'df of the mount point shows the volume: its size is the sum of the chunks' '
	mount_chunkfs vol mnt &&
	stat -f -c "%b %S" mnt >fs && unmount_chunkfs mnt &&
	read blocks bsize <fs && total=$((blocks * bsize)) &&
	[ $total -gt $((4 * 28 * 1024 * 1024)) ] && [ $total -le $((4 * 32 * 1024 * 1024)) ]
'

test_expect_success 'while mounted, ls is refused naming the mount point; status and df work' '
	mount_chunkfs vol mnt &&
	echo x >mnt/touch &&
	! "$CHUNKCTL" -V vol ls :/ 2>err &&
	grep -q "mounted at $TRASH/mnt" err &&
	"$CHUNKCTL" -V vol status >status && grep -c "^vol" status >n && [ "$(cat n)" = 4 ] &&
	"$CHUNKCTL" -V vol df >df &&
	unmount_chunkfs mnt
'

test_expect_success 'a second mount of a mounted volume is refused and the first goes on' '
	mount_chunkfs vol mnt &&
	mkdir -p mnt2 &&
	! "$BUILD/chunkfs" vol mnt2 -f 2>err &&
	grep -q "mounted at $TRASH/mnt" err &&
	cmp small mnt/small &&
	unmount_chunkfs mnt
'

test_expect_success 'a mount is refused while chunkctl holds the volume' '
	flock -s vol/volume.conf sh -c "! \"$BUILD/chunkfs\" vol mnt -f 2>err" &&
	grep -q "in use by chunkctl or chunkscrubd" err && ! mountpoint -q mnt
'

test_expect_success 'a read-only mount reads and refuses writes with EROFS' '
	mount_chunkfs vol mnt -o ro &&
	cmp big mnt/big &&
	! echo y 2>err >mnt/new && grep -q "Read-only file system" err &&
	unmount_chunkfs mnt
'

test_expect_success 'mount -t fuse.chunkfs and umount work as from /etc/fstab' '
	mkdir -p mnt3 &&
	mount -t fuse.chunkfs "$TRASH/vol" "$TRASH/mnt3" -o defaults &&
	cmp big mnt3/big &&
	umount mnt3 &&
	n=100; while "$CHUNKCTL" -V vol ls :/ >/dev/null 2>&1; [ $? -ne 0 ] && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done &&
	chunk_states vol >states && ! grep -v " clean$" states
'

test_expect_success 'a volume with a missing chunk mounts degraded and says so; the rest is readable' '
	"$CHUNKCTL" mkfs --chunks 4 --size 32M --threshold 64K vdeg >/dev/null &&
	mount_chunkfs vdeg mdeg && cp big small mdeg/ && unmount_chunkfs mdeg &&
	"$CHUNKCTL" -V vdeg stat :/big >st && k=$(awk "/continuation chunk/ { print \$3; exit }" st) &&
	mv vdeg/chunk-000$k.img held-away &&
	mount_chunkfs vdeg mdeg &&
	grep -q "chunk $k): missing" mdeg.log && grep -q "mounted degraded: 1 of 4" mdeg.log &&
	cmp small mdeg/small &&
	! cat mdeg/big >/dev/null 2>err && grep -q "Input/output error" err &&
	unmount_chunkfs mdeg && mv held-away vdeg/chunk-000$k.img &&
	"$CHUNKCTL" -V vdeg check --all >/dev/null
'

test_expect_success 'a bad record found in use: that file gives EIO, the chunk is marked DAMAGED on disk, the rest works' '
	"$CHUNKCTL" mkfs --chunks 4 --size 32M --threshold 64K vbad >/dev/null &&
	"$CHUNKCTL" -V vbad cp big :/big && "$CHUNKCTL" -V vbad cp small :/small &&
	ino=$("$CHUNKCTL" -V vbad stat :/big | sed -n "s/.*(chunk 0, inode \([0-9]*\),.*/\1/p") &&
	"$CHUNKFAULT" vbad/chunk-0000.img flip-head $ino >/dev/null &&
	mount_chunkfs vbad mbad &&
	! cat mbad/big >/dev/null 2>err && grep -q "Input/output error" err &&
	grep -q "chunk 0): inode $ino: head record: bad checksum" mbad.log &&
	cmp small mbad/small &&
	unmount_chunkfs mbad &&
	grep -q "chunk 0): marked DAMAGED" mbad.log &&
	chunk_states vbad >states && grep -qx "0 damaged" states &&
	rc=0; "$CHUNKCTL" -V vbad repair --damaged >repair 2>&1 || rc=$?; [ $rc -le 1 ] &&
	"$CHUNKCTL" -V vbad check --all >/dev/null
'

test_expect_success 'after kill -9, only the chunks written since the last flush are DIRTY' '
	"$CHUNKCTL" mkfs --chunks 8 --size 16M vol8 >/dev/null &&
	mount_chunkfs vol8 m8 -o commit=1 &&
	for i in 1 2 3 4 5 6; do head -c 3M /dev/urandom >f$i && mkdir m8/d$i && cp f$i m8/d$i/f; done &&
	sync -f m8 && sleep 3 &&
	chunk_states vol8 >settled && ! grep -v " clean$" settled &&
	cp small m8/late &&
	kill -9 "$(cat m8.pid)" && chunkfs_wait_exit m8 && umount -l m8 &&
	chunk_states vol8 >after && grep " dirty$" after >dirty &&
	[ "$(wc -l <dirty)" -ge 1 ] && [ "$(wc -l <dirty)" -lt 8 ] &&
	rc=0; "$CHUNKCTL" -V vol8 repair --dirty >repair 2>&1 || rc=$? &&
	{ [ $rc -le 1 ] || { cat repair; die "repair --dirty exited $rc"; }; } &&
	grep -c "^chunk [0-9]* (.*): repair" repair >repaired && [ "$(cat repaired)" = "$(wc -l <dirty)" ] &&
	"$CHUNKCTL" -V vol8 check --all >check 2>&1 || { cat after repair check; false; }
	for i in 1 2 3 4 5 6; do "$CHUNKCTL" -V vol8 cat :/d$i/f | cmp - f$i || die "d$i/f differs after the repair"; done
'

# A file unlinked while open lives on its chunk's orphan list until the last close. The mount
# killed first leaves it to the repair: e2fsck frees the head, and its continuations, flagged
# released at the unlink, are freed with it, not kept in /lost+found as lost data.
test_expect_success 'a file unlinked while open, the mount killed: repair frees all of it, /lost+found stays empty' '
	"$CHUNKCTL" mkfs --chunks 3 --size 16M --threshold 64K volo >/dev/null &&
	mount_chunkfs volo mo &&
	head -c 6M /dev/urandom >spanning && cp spanning mo/gone && cp small mo/kept && sync -f mo &&
	exec 7<mo/gone && rm mo/gone && cmp spanning /dev/fd/7 &&
	kill -9 "$(cat mo.pid)" && exec 7<&- && chunkfs_wait_exit mo && umount -l mo &&
	"$CHUNKCTL" -V volo status >st && grep -q " dirty " st &&
	rc=0 && "$CHUNKCTL" -V volo repair --dirty >repair 2>&1 || rc=$? &&
	{ [ $rc -le 1 ] || { cat repair; die "repair --dirty exited $rc"; }; } &&
	lf=$("$CHUNKCTL" -V volo ls :/lost+found) && { [ -z "$lf" ] || { cat repair; die "/lost+found holds $lf"; }; } &&
	"$CHUNKCTL" -V volo check --all >check 2>&1 || { cat repair check; false; }
	"$CHUNKCTL" -V volo cat :/kept | cmp - small &&
	[ "$("$CHUNKCTL" -V volo ls :/ | grep -cv lost+found)" = 1 ]
'

test_done
