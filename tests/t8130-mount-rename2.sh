#!/bin/bash
# renameat2(2) on the mount: RENAME_EXCHANGE of two files, of a file and a directory, across
# chunks; RENAME_NOREPLACE; and their errors, as the kernel's own file systems give them.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-mount.sh"

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'renameat2 on the mount' "no /dev/fuse or fusermount3 on this machine"
	test_done
fi

# rename2 FLAGS OLD NEW: renameat2 through libc; prints "ok" or the error's name.
rename2() {
	python3 - "$@" <<-'EOF'
	import ctypes, errno, os, sys
	libc = ctypes.CDLL(None, use_errno=True)
	flags = {"exchange": 2, "noreplace": 1}[sys.argv[1]]
	AT_FDCWD = -100
	r = libc.renameat2(AT_FDCWD, sys.argv[2].encode(), AT_FDCWD, sys.argv[3].encode(), flags)
	print("ok" if r == 0 else errno.errorcode[ctypes.get_errno()])
	EOF
}

test_expect_success 'setup: a volume with a file continued in other chunks' '
	"$CHUNKCTL" mkfs --chunks 4 --size 16M --threshold 16K vol >/dev/null &&
	mount_chunkfs vol mnt &&
	echo one >mnt/a && echo two >mnt/b && mkdir mnt/d mnt/e &&
	head -c 100000 /dev/urandom >big && cp big mnt/d/big && echo inner >mnt/d/f &&
	unmount_chunkfs mnt && "$CHUNKCTL" -V vol stat :/d/big | grep -q "^ *continuation" &&
	mount_chunkfs vol mnt
'

test_expect_success 'RENAME_EXCHANGE of two files swaps them' '
	[ "$(rename2 exchange mnt/a mnt/b)" = ok ] &&
	[ "$(cat mnt/a)" = two ] && [ "$(cat mnt/b)" = one ]
'

test_expect_success 'RENAME_EXCHANGE of a file and a directory in another directory swaps them, ".." follows' '
	[ "$(rename2 exchange mnt/d mnt/e/x 2>&1)" = ENOENT ] &&
	echo three >mnt/e/x &&
	[ "$(rename2 exchange mnt/d mnt/e/x)" = ok ] &&
	[ "$(cat mnt/d)" = three ] && cmp big mnt/e/x/big && [ "$(cat mnt/e/x/f)" = inner ] &&
	[ "$(stat -c %i mnt/e/x/..)" = "$(stat -c %i mnt/e)" ] &&
	[ "$(stat -c %h mnt/e)" = 3 ]
'

test_expect_success 'RENAME_EXCHANGE of a directory with a name below it is EINVAL' '
	[ "$(rename2 exchange mnt/e mnt/e/x/f)" = EINVAL ]
'

test_expect_success 'RENAME_NOREPLACE over an existing name is EEXIST and changes nothing; to a free name it renames' '
	[ "$(rename2 noreplace mnt/a mnt/b)" = EEXIST ] && [ "$(cat mnt/a)" = two ] &&
	[ "$(rename2 noreplace mnt/a mnt/c)" = ok ] && [ "$(cat mnt/c)" = two ] && [ ! -e mnt/a ]
'

test_expect_success 'after the unmount every chunk is CLEAN, check --all finds nothing, the names are as left' '
	unmount_chunkfs mnt &&
	chunk_states vol >states && ! grep -v " clean$" states &&
	"$CHUNKCTL" -V vol check --all >check 2>&1 || { cat check; false; } &&
	"$CHUNKCTL" -V vol cat :/e/x/big | cmp - big && [ "$("$CHUNKCTL" -V vol cat :/d)" = three ]
'

test_done
