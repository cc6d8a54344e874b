#!/bin/bash
# fallocate(1) and lseek SEEK_DATA/SEEK_HOLE on the mount, on files whose ranges span chunks:
# each file is checked against the same operations done on a file of the host's file system.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-mount.sh"

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null || ! command -v fallocate >/dev/null; then
	test_skip 'fallocate on the mount' "no /dev/fuse, fusermount3 or fallocate on this machine"
	test_done
fi

# segments FILE: the data segments of FILE as SEEK_DATA/SEEK_HOLE see them, "start end" a line.
segments() {
	python3 - "$1" <<-'EOF'
	import os, sys
	fd = os.open(sys.argv[1], os.O_RDONLY)
	size, pos = os.fstat(fd).st_size, 0
	while pos < size:
	    try:
	        start = os.lseek(fd, pos, os.SEEK_DATA)
	    except OSError:
	        break
	    pos = os.lseek(fd, start, os.SEEK_HOLE)
	    print(start, pos)
	try:
	    os.lseek(fd, size, os.SEEK_DATA)
	    print("SEEK_DATA at the size found data")
	except OSError as e:
	    print("at the size:", os.strerror(e.errno))
	EOF
}

# blocks FILE: its 512-byte blocks, as du counts them.
blocks() { stat -c %b "$1"; }

test_expect_success 'fallocate -l extends a file past the threshold, reading zeros, as on the host' '
	"$CHUNKCTL" mkfs --chunks 4 --size 32M --threshold 64K vol >/dev/null &&
	head -c 40000 /dev/urandom >data && cp data host &&
	mount_chunkfs vol mnt && cp data mnt/f &&
	fallocate -l 1M host && fallocate -l 1M mnt/f &&
	[ "$(stat -c %s mnt/f)" = 1048576 ] && cmp host mnt/f &&
	[ "$(blocks mnt/f)" -ge 2048 ] &&
	unmount_chunkfs mnt &&
	"$CHUNKCTL" -V vol stat :/f >stat && grep -q "continuation chunk" stat &&
	"$CHUNKCTL" -V vol cat :/f | cmp - host
'

test_expect_success 'fallocate -n reserves blocks past the end and keeps the size' '
	mount_chunkfs vol mnt &&
	before=$(blocks mnt/f) &&
	fallocate -n -o 1M -l 512K host && fallocate -n -o 1M -l 512K mnt/f &&
	[ "$(stat -c %s mnt/f)" = 1048576 ] && cmp host mnt/f &&
	[ "$(blocks mnt/f)" -ge $((before + 1024)) ] &&
	truncate -s 1536K host && truncate -s 1536K mnt/f && cmp host mnt/f &&
	unmount_chunkfs mnt
'

test_expect_success 'fallocate -p across the head and its continuation reads zeros and frees blocks' '
	mount_chunkfs vol mnt &&
	cp data mnt/p && cp data host-p && head -c 200000 /dev/urandom >>host-p && tail -c 200000 host-p >>mnt/p &&
	cmp host-p mnt/p && sync mnt/p && before=$(blocks mnt/p) &&
	fallocate -p -o 32K -l 100K host-p && fallocate -p -o 32K -l 100K mnt/p &&
	cmp host-p mnt/p && after=$(blocks mnt/p) &&
	echo "blocks $before -> $after" && [ "$after" -le $((before - 190)) ] &&
	[ "$(stat -c %s mnt/p)" = "$(stat -c %s host-p)" ] &&
	unmount_chunkfs mnt && "$CHUNKCTL" -V vol cat :/p | cmp - host-p
'

test_expect_success 'SEEK_DATA and SEEK_HOLE over a sparse file spanning chunks agree with the host' '
	mount_chunkfs vol mnt && head -c 64K /dev/urandom >data2 &&
	for f in host-s mnt/s; do
		dd if=data2 of=$f bs=64K count=1 status=none &&
		dd if=data2 of=$f bs=4K count=1 seek=64 conv=notrunc status=none &&
		dd if=data2 of=$f bs=4K count=2 seek=256 conv=notrunc status=none &&
		truncate -s 2M $f && sync $f
	done &&
	cmp host-s mnt/s && segments host-s >want && segments mnt/s >got &&
	cat got && cmp want got &&
	fallocate -p -o 256K -l 4K host-s && fallocate -p -o 256K -l 4K mnt/s && sync mnt/s &&
	segments host-s >want && segments mnt/s >got && cmp want got && cmp host-s mnt/s &&
	unmount_chunkfs mnt
'

test_expect_success 'without the writeback cache, SEEK_DATA finds data at once through the descriptor that wrote it' '
	mount_chunkfs vol mnt -o nowriteback &&
	python3 - mnt/w <<-\EOF &&
	import os, sys
	fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
	os.pwrite(fd, b"x" * 4096, 1 << 20)
	assert os.lseek(fd, 0, os.SEEK_DATA) == 1 << 20
	assert os.lseek(fd, 1 << 20, os.SEEK_HOLE) == (1 << 20) + 4096
	os.close(fd)
	EOF
	unmount_chunkfs mnt
'

test_expect_success 'fallocate past what the volume holds is ENOSPC and leaves the file as it was' '
	mount_chunkfs vol mnt && echo x >mnt/n &&
	! fallocate -l 1G mnt/n 2>err && grep -q "No space left on device" err &&
	[ "$(stat -c %s mnt/n)" = 2 ] && [ "$(cat mnt/n)" = x ] &&
	unmount_chunkfs mnt
'

test_expect_success 'after the unmount every chunk is CLEAN and check --all finds nothing' '
	chunk_states vol >states && ! grep -v " clean$" states &&
	"$CHUNKCTL" -V vol check --all >check 2>&1 || { cat check; false; }
'

test_done
