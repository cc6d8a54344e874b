#!/bin/bash
# The mount under several writers at once: in different directories and chunks, and in one
# directory; everything written reads back, and every chunk checks clean. With a TSan build of
# chunkfs (make tsan), the same again under ThreadSanitizer, which must report nothing.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-mount.sh"

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'parallel writers on the mount' "no /dev/fuse or fusermount3 on this machine"
	test_done
fi

# writers MNT: 4 writers in their own directories, 4 in one shared directory, each writing
# files of its own (some spanning chunks), renaming and removing a few; their sources in src/.
writers() {
	local mnt=$1 w pids=()
	mkdir -p "$mnt/shared"
	rm -f writer*.ok
	for w in 1 2 3 4 5 6 7 8; do
		(
			set -e
			dir=$mnt/own$w
			if [ $w -gt 4 ]; then dir=$mnt/shared; fi
			mkdir -p "$dir"
			for i in $(seq 1 25); do
				f=$dir/w$w-$i
				if [ $((i % 10)) = 0 ]; then cp src/big$w "$f"; else cp src/small$w "$f"; fi
				if [ $((i % 7)) = 0 ]; then mv "$f" "$f.renamed"; fi
				if [ $((i % 9)) = 0 ]; then rm -f "$f"; fi
			done
			echo done >"$TRASH/writer$w.ok"
		) &
		pids+=($!)
	done
	wait "${pids[@]}" # not a bare wait: the mount is a child of this shell too
	for w in 1 2 3 4 5 6 7 8; do [ -f "writer$w.ok" ] || die "writer $w failed"; done
}

# models MNT: four fsverify runs at once, each on files of its own (up to 6 MiB, so across
# chunks at the volume's threshold), each checking every read against its model, while the
# eight writers make and remove files beside them. Reads and writes in place run in parallel
# in the mount (volume_lock shared): this is where they meet each other and everything else.
models() {
	local mnt=$1 s pids=() k
	# A stable tree, walked (lookups, getattr, readdirplus, readlink, xattrs: the read-only
	# requests that share the volume) by two walkers over and over while the rest runs: every
	# walk must list it exactly.
	mkdir "$mnt/stable" && cp -a src "$mnt/stable/src" && ln -s src/small1 "$mnt/stable/link" &&
		setfattr -n user.k -v v "$mnt/stable/src/small2" || die "making the stable tree failed"
	walk_stable() { (cd "$1/stable" && find . -printf '%p %s %y %l\n' | sort && getfattr -d src/small2); }
	walk_stable "$mnt" >"$TRASH/stable.want" 2>&1
	for k in 1 2; do
		(
			while [ ! -e "$TRASH/models.done" ]; do
				walk_stable "$mnt" >"$TRASH/stable.got$k" 2>&1
				cmp -s "$TRASH/stable.want" "$TRASH/stable.got$k" || { diff "$TRASH/stable.want" "$TRASH/stable.got$k"; exit 1; }
			done
		) &
		pids+=($!)
	done
	rm -f "$TRASH/models.done"
	for s in 1 2 3 4; do
		mkdir -p "$mnt/m$s"
		"$BUILD/tests/fsverify" -s $((s + 40)) -n 400 -f 3 -m 6M "$mnt/m$s" >"$TRASH/model$s.out" 2>&1 &
		pids+=($!)
	done
	writers "$mnt"
	for s in 1 2 3 4; do
		wait "${pids[$((s + 1))]}" || { cat "$TRASH/model$s.out"; die "fsverify $s failed"; }
		grep -q "^fsverify: seed $((s + 40)): 400 ops on 3 files" "$TRASH/model$s.out" || { cat "$TRASH/model$s.out"; die "fsverify $s: no summary"; }
	done
	touch "$TRASH/models.done"
	wait "${pids[0]}" && wait "${pids[1]}" || die "a walk of the stable tree saw it otherwise"
	grep -q 'user.k="v"' "$TRASH/stable.want" || die "the stable tree's walk did not see its xattr"
}

# verify MNT: every file the writers left has the content of its source.
verify() {
	local mnt=$1 w i f dir
	for w in 1 2 3 4 5 6 7 8; do
		dir=$mnt/own$w
		if [ $w -gt 4 ]; then dir=$mnt/shared; fi
		for i in $(seq 1 25); do
			f=$dir/w$w-$i
			if [ $((i % 7)) = 0 ]; then f=$f.renamed; fi
			src=src/small$w
			if [ $((i % 10)) = 0 ]; then src=src/big$w; fi
			if [ $((i % 9)) = 0 ] && [ $((i % 7)) != 0 ]; then
				[ ! -e "$f" ] || die "$f was removed, yet is there"
			else
				cmp "$src" "$f" || die "$f differs from $src"
			fi
		done
	done
}

test_expect_success 'setup: sources for eight writers' '
	mkdir src && for w in 1 2 3 4 5 6 7 8; do
		head -c $((w * 1000 + 17)) /dev/urandom >src/small$w && head -c $((3 * 1024 * 1024 + w)) /dev/urandom >src/big$w
	done
'

test_expect_success 'eight writers at once, in their own directories and in one: all of it reads back' '
	"$CHUNKCTL" mkfs --chunks 8 --size 32M --threshold 256K vol >/dev/null &&
	mount_chunkfs vol mnt &&
	writers mnt && verify mnt &&
	unmount_chunkfs mnt && mount_chunkfs vol mnt && verify mnt && unmount_chunkfs mnt &&
	"$CHUNKCTL" -V vol check --all >check 2>&1 || { cat check; false; }
'

test_expect_success 'four fsverify models at once beside the writers: every read matches its model' '
	"$CHUNKCTL" mkfs --chunks 8 --size 64M --threshold 256K mvol >/dev/null &&
	mount_chunkfs mvol mmnt &&
	models mmnt && verify mmnt && unmount_chunkfs mmnt &&
	"$CHUNKCTL" -V mvol check --all >check 2>&1 || { cat check; false; }
'

TSAN=${CHUNKFS_TSAN_BUILD:-$SRC/build-tsan}/chunkfs
if [ -x "$TSAN" ]; then
	test_expect_success 'the same under ThreadSanitizer: no data race reported' '
		nm "$TSAN" | grep -q __tsan_init &&
		"$CHUNKCTL" mkfs --chunks 8 --size 64M --threshold 256K tvol >/dev/null &&
		TSAN_OPTIONS="log_path=$TRASH/tsan halt_on_error=0" BUILD=$(dirname "$TSAN") mount_chunkfs tvol tmnt &&
		models tmnt && verify tmnt && unmount_chunkfs tmnt &&
		! grep -l "ThreadSanitizer" "$TRASH"/tsan* 2>/dev/null &&
		"$CHUNKCTL" -V tvol check --all >/dev/null
	'
else
	test_skip 'the same under ThreadSanitizer' "no TSan build of chunkfs at $TSAN (make tsan makes one)"
fi

test_done
