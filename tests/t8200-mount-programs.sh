#!/bin/bash
# Real programs on the mount: tar and rsync, git, make and cc, sqlite3. After each, the
# volume is unmounted and check --all finds nothing.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-mount.sh"

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'programs on the mount' "no /dev/fuse or fusermount3 on this machine"
	test_done
fi

# unmount_and_check MNT VOL: unmounts MNT; check --all of VOL then exits 0.
unmount_and_check() {
	unmount_chunkfs "$1"
	"$CHUNKCTL" -V "$2" check --all >"$TRASH/.check.log" 2>&1 || { cat "$TRASH/.check.log"; die "check --all of $2 is not clean"; }
}

# Small chunks and a small threshold: the tree's big files and its big directory go on in
# other chunks than their heads'.
"$CHUNKCTL" mkfs --chunks 8 --size 16M --threshold 64K vol >/dev/null &&
"$CHUNKCTL" -V vol df --json >df.fresh || { echo "Bail out! cannot make the volume"; exit 1; }

# The tree: /usr/include/linux, a directory of 2500 files (more than the chunk of its head
# has inodes left), a file of 3 MiB, and what tar and rsync -a have to carry besides contents.
make_tree() {
	mkdir src && cp -a /usr/include/linux src/linux &&
	mkdir src/many && (cd src/many && for i in $(seq 1 2500); do echo "file $i" >"f$i"; done) &&
	head -c 3M /dev/urandom >src/big &&
	: >src/empty && mkdir src/emptydir "src/with space" src/sticky src/private &&
	echo ünïcödé >"src/with space/ünïcödé name" &&
	ln src/linux/types.h src/many/types-link.h && ln src/big src/big-link &&
	ln -s linux src/linux-sym && ln -s ../linux/types.h src/many/types-sym.h && ln -s nowhere src/dangling &&
	chmod 0600 src/empty && chmod 4755 src/big && chmod 1777 src/sticky && chmod 0750 src/private &&
	chown 1000:1000 src/empty && chown 123:456 src/private && chown -h 7:8 src/dangling &&
	touch -d "2001-02-03 04:05:06.123456789" src/many/f1 src/private &&
	touch -h -d "2002-03-04 05:06:07" src/linux-sym
}

test_expect_success 'an untarred tree is its source: contents, modes, owners, links, times to the nanosecond' '
	make_tree &&
	tar --format=posix -cf tree.tar -C src . &&
	mount_chunkfs vol mnt &&
	mkdir mnt/tree && tar -xpf tree.tar -C mnt/tree &&
	diff -r --no-dereference src mnt/tree &&
	rsync -naicH --delete src/ mnt/tree/ >rsync.out &&
	{ [ ! -s rsync.out ] || { cat rsync.out; die "rsync -n finds differences"; }; } &&
	# rsync compares mtimes to the second; the posix tar carries nanoseconds, and so must the mount.
	(cd src && find . -exec stat -c "%n %y" {} + | sort) >times.src &&
	(cd mnt/tree && find . -exec stat -c "%n %y" {} + | sort) >times.mnt &&
	diff times.src times.mnt &&
	[ "$(stat -c %i mnt/tree/big)" = "$(stat -c %i mnt/tree/big-link)" ] &&
	unmount_and_check mnt vol
'

test_expect_success 'the tree spans chunks: a file and a directory have continuations, several chunks hold data' '
	"$CHUNKCTL" -V vol stat --json :/tree/big :/tree/many >stat.json &&
	jq "[.files[].continuations] | all(. > 0)" stat.json >spans && [ "$(cat spans)" = true ] &&
	"$CHUNKCTL" -V vol df --json >df.after &&
	jq -s "[.[0].chunks, .[1].chunks] | transpose |
		map(select(.[0].free != .[1].free or .[0].inodes_free != .[1].inodes_free)) | length" \
		df.fresh df.after >used &&
	[ "$(cat used)" -gt 1 ] || { cat stat.json df.after; false; }
'

test_expect_success 'after a remount the tree reads back the same' '
	mount_chunkfs vol mnt -o ro &&
	diff -r --no-dereference src mnt/tree &&
	rsync -naicH --delete src/ mnt/tree/ >rsync.out && [ ! -s rsync.out ] &&
	unmount_chunkfs mnt
'

if ! command -v git >/dev/null; then
	test_skip 'git on the mount' "git is not installed (scripts/install-deps)"
else
	test_expect_success 'git: init, two commits, gc and fsck --full on the mount, and again after a remount' '
		"$CHUNKCTL" mkfs --chunks 8 --size 32M --threshold 64K vol-git >/dev/null &&
		mount_chunkfs vol-git mnt &&
		mkdir mnt/repo && cp -a src/linux mnt/repo/linux &&
		(
			cd mnt/repo && export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org \
				GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org &&
			git init -q && git add -A && git commit -qm one &&
			rm linux/a*.h && echo changed >>linux/types.h && git mv linux/fs.h fs.h &&
			git add -A && git commit -qm two &&
			git gc --quiet && git fsck --full --strict &&
			[ "$(git rev-list --count HEAD)" = 2 ] && [ -z "$(git status --porcelain)" ] &&
			git rev-parse HEAD^{tree} >../../tree.id
		) &&
		unmount_and_check mnt vol-git &&
		"$CHUNKCTL" -V vol-git stat --json :/repo/.git/objects/pack >/dev/null &&
		mount_chunkfs vol-git mnt &&
		(cd mnt/repo && git fsck --full --strict && [ "$(git rev-parse HEAD^{tree})" = "$(cat ../../tree.id)" ] &&
		 [ -z "$(git status --porcelain)" ]) &&
		unmount_and_check mnt vol-git
	'
fi

if ! command -v make >/dev/null || ! command -v cc >/dev/null || ! git -C "$SRC" rev-parse HEAD >/dev/null 2>&1; then
	test_skip 'this project built on the mount' "no make or cc, or $SRC is not a git checkout"
elif [ "${CHUNKFS_SANITIZED:-0}" = 1 ]; then
	test_skip 'this project built on the mount' "the longest story here; it runs in the normal run, not again under the sanitizers"
else
	test_expect_success 'this project builds on the mount (make build/chunkctl) and the binary runs' '
		"$CHUNKCTL" mkfs --chunks 8 --size 32M --threshold 64K vol-make >/dev/null &&
		mount_chunkfs vol-make mnt &&
		mkdir mnt/chunkfs && git -C "$SRC" archive HEAD | tar -x -C mnt/chunkfs &&
		# BUILD is this test'"'"'s, exported by test-lib.sh: the Makefile'"'"'s must be its own.
		make -C mnt/chunkfs -j"$(nproc)" BUILD=build build/chunkctl >make.log 2>&1 || { tail -30 make.log; false; } &&
		mnt/chunkfs/build/chunkctl --help >help.mount &&
		"$CHUNKCTL" --help >help.build && cmp help.build help.mount &&
		unmount_and_check mnt vol-make
	'
fi

# The workload: 2000 rows of 300 bytes inserted in four transactions; those whose id is a
# multiple of 3 grow to 700 bytes, those a multiple of 10 go, a transaction deleting all is
# rolled back: 1800 rows remain, 600 of them of 700 bytes.
sqlite_workload() {
	echo "CREATE TABLE t(id INTEGER PRIMARY KEY, k TEXT, v BLOB); CREATE INDEX tk ON t(k);"
	for tx in 0 1 2 3; do
		echo "BEGIN;"
		for i in $(seq $((tx * 500 + 1)) $((tx * 500 + 500))); do
			echo "INSERT INTO t VALUES($i, 'k$i', randomblob(300));"
		done
		echo "COMMIT;"
	done
	echo "BEGIN; UPDATE t SET v = randomblob(700) WHERE id % 3 = 0; COMMIT;"
	echo "BEGIN; DELETE FROM t WHERE id % 10 = 0; COMMIT;"
	echo "BEGIN; DELETE FROM t; ROLLBACK;"
}

# What sqlite's WAL checkpoint does to its database: a page written past the end, then an
# ftruncate up to it while the page may still be in the kernel's cache only.
cat >grow.py <<'EOF'
import os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
os.pwrite(fd, b"a" * 4096, 0)
os.fsync(fd)
os.pwrite(fd, b"b" * 4096, 4096)
os.ftruncate(fd, 8192)
assert os.fstat(fd).st_size == 8192, "size %d after ftruncate to 8192" % os.fstat(fd).st_size
os.ftruncate(fd, 10000)
assert os.fstat(fd).st_size == 10000, "size %d after ftruncate to 10000" % os.fstat(fd).st_size
os.close(fd)
EOF

test_expect_success 'an ftruncate of an open file past its end keeps the page written before it' '
	"$CHUNKCTL" mkfs --chunks 2 --size 8M vol-grow >/dev/null &&
	mount_chunkfs vol-grow mnt &&
	python3 grow.py mnt/f &&
	{ printf "%4096s" | tr " " a; printf "%4096s" | tr " " b; head -c 1808 /dev/zero; } >expect-grow &&
	cmp expect-grow mnt/f &&
	unmount_and_check mnt vol-grow &&
	"$CHUNKCTL" -V vol-grow cat :/f | cmp - expect-grow
'

if ! command -v sqlite3 >/dev/null; then
	test_skip 'sqlite3 on the mount' "sqlite3 is not installed (scripts/install-deps)"
else
	# The rollback journal kept and truncated at each commit (journal_mode=TRUNCATE).
	test_expect_success 'sqlite3: transactions (journal_mode=TRUNCATE), integrity_check ok, the rows expected, also after a remount' '
		sqlite_workload >load.sql &&
		printf "ok\n1800|%s\n" $(( 1200 * 300 + 600 * 700 )) >expect &&
		"$CHUNKCTL" mkfs --chunks 8 --size 16M --threshold 64K vol-sql >/dev/null &&
		mount_chunkfs vol-sql mnt &&
		{ echo "PRAGMA journal_mode = TRUNCATE;"; cat load.sql; } | sqlite3 -bail mnt/db.sqlite >/dev/null &&
		sqlite3 mnt/db.sqlite "PRAGMA integrity_check; SELECT count(*), sum(length(v)) FROM t;" >result &&
		diff expect result && [ ! -s mnt/db.sqlite-journal ] &&
		unmount_and_check mnt vol-sql &&
		"$CHUNKCTL" -V vol-sql stat --json :/db.sqlite | jq -e ".files[0].continuations > 0" >/dev/null &&
		mount_chunkfs vol-sql mnt -o ro &&
		sqlite3 -readonly mnt/db.sqlite "PRAGMA integrity_check; SELECT count(*), sum(length(v)) FROM t;" >result2 &&
		diff expect result2 &&
		unmount_chunkfs mnt
	'
	# At each commit sqlite closes its journal and unlinks it. The kernel sends FUSE'"'"'s release
	# of a closed file in the background, so the unlink often arrives while chunkfs still
	# counts the file open: it must keep it (an orphan) until that release, never refuse.
	test_expect_success 'sqlite3: transactions in the default journal mode (DELETE)' '
		"$CHUNKCTL" mkfs --chunks 8 --size 16M --threshold 64K vol-del >/dev/null &&
		mount_chunkfs vol-del mnt &&
		sqlite3 -bail mnt/db.sqlite <load.sql &&
		sqlite3 mnt/db.sqlite "PRAGMA integrity_check; SELECT count(*), sum(length(v)) FROM t;" >result &&
		diff expect result && [ ! -e mnt/db.sqlite-journal ] &&
		unmount_and_check mnt vol-del
	'
	# A WAL checkpoint grows the database with ftruncate, then writes the pages past the
	# threshold (64K) that the truncate made.
	test_expect_success 'sqlite3 in WAL mode: the same workload, integrity_check ok' '
		"$CHUNKCTL" mkfs --chunks 8 --size 16M --threshold 64K vol-wal >/dev/null &&
		mount_chunkfs vol-wal mnt &&
		{ echo "PRAGMA journal_mode = WAL;"; cat load.sql; } | sqlite3 -bail mnt/db.sqlite >/dev/null &&
		sqlite3 mnt/db.sqlite "PRAGMA integrity_check; SELECT count(*), sum(length(v)) FROM t;" >result &&
		diff expect result &&
		unmount_and_check mnt vol-wal
	'
fi

# What sqlite'"'"'s WAL and git'"'"'s appends ran into, alone: a file whose data is all in its
# head gets its first continuation when the head cannot take a write (past the threshold, or
# its chunk has no room or no inode left); the head'"'"'s range must not overlap the new one, or
# the head record no longer decodes (EIO, chunk DAMAGED), as it did before 9a49be3.
test_expect_success 'a file grown by truncate past the threshold can be written there' '
	"$CHUNKCTL" mkfs --chunks 4 --size 16M --threshold 64K vol-trunc >/dev/null &&
	mount_chunkfs vol-trunc mnt &&
	truncate -s 200000 mnt/f && dd if=/dev/urandom of=part bs=4k count=1 status=none &&
	dd if=part of=mnt/f bs=4k seek=25 conv=notrunc,fsync status=none &&
	cmp -i 0:102400 -n 4096 part mnt/f &&
	unmount_and_check mnt vol-trunc
'

test_expect_success 'a file in a chunk with no inode left can be appended to' '
	"$CHUNKCTL" mkfs --chunks 2 --size 8M vol-full >/dev/null &&
	mount_chunkfs vol-full mnt &&
	echo hello >mnt/a && mkdir mnt/d && (cd mnt/d && for i in $(seq 1 1100); do : >f$i; done) &&
	echo more >>mnt/a && printf "hello\nmore\n" >expect-a && cmp expect-a mnt/a &&
	unmount_and_check mnt vol-full
'

test_done
