#!/bin/bash
# Files written out of order on the mount, over several chunks' worth: the writeback cache's
# pages of a big cp (they come back in the kernel's order, not the file's), and random writes
# of 4 KiB and odd sizes (what fio, databases and disk images do), into a file grown by writing
# and into one grown first by a truncate. Each must be taken while the volume has room, read
# back as written (also after a remount), and leave the volume clean.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-mount.sh"

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'sparse writes on the mount' "no /dev/fuse or fusermount3 on this machine"
	test_done
fi

# clean VOL: check --all finds nothing wrong.
clean() { "$CHUNKCTL" -V "$1" check --all >check.out 2>&1 || { cat check.out; false; }; }

# random_writes FILE MODEL SEED [TRUNCATE]: 2500 writes at random offsets below 24 MiB into
# FILE (made TRUNCATE bytes long first, if given), the same into the host file MODEL.
random_writes() {
	python3 - "$@" <<-'EOF'
	import os, random, sys
	path, model, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
	span = 24 << 20
	rnd = random.Random(seed)
	fds = [os.open(p, os.O_RDWR | os.O_CREAT, 0o644) for p in (path, model)]
	if len(sys.argv) > 4:
	    for fd in fds:
	        os.ftruncate(fd, int(sys.argv[4]))
	for i in range(2500):
	    if i % 8 == 7:
	        n = rnd.randint(1, 20000)
	        off = rnd.randrange(span - n)
	    else:
	        n, off = 4096, rnd.randrange(span // 4096) * 4096
	    buf = rnd.randbytes(n)
	    for fd in fds:
	        if os.pwrite(fd, buf, off) != n:
	            sys.exit("short write of %d at %d" % (n, off))
	os.fsync(fds[0])
	EOF
}

test_expect_success 'with the writeback cache, a 60 MiB file over 8 MiB chunks is written whole' '
	chunkfs_unmount_at_end mnt &&
	"$CHUNKCTL" mkfs --chunks 16 --size 8M vol >/dev/null &&
	head -c 60M /dev/urandom >big &&
	mount_chunkfs vol mnt -o writeback &&
	cp big mnt/big && cmp big mnt/big &&
	unmount_chunkfs_exit0 mnt &&
	mount_chunkfs vol mnt && cmp big mnt/big && unmount_chunkfs_exit0 mnt &&
	clean vol
'

test_expect_success 'random writes over three chunks worth of a file are all taken and read back' '
	chunkfs_unmount_at_end mnt &&
	rm -rf vol && "$CHUNKCTL" mkfs --chunks 12 --size 8M vol >/dev/null &&
	mount_chunkfs vol mnt &&
	random_writes mnt/r model.r 1 && cmp model.r mnt/r &&
	random_writes mnt/t model.t 2 25165824 && cmp model.t mnt/t &&
	unmount_chunkfs_exit0 mnt &&
	mount_chunkfs vol mnt && cmp model.r mnt/r && cmp model.t mnt/t && unmount_chunkfs_exit0 mnt &&
	clean vol
'

test_done
