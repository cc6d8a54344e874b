#!/bin/bash
# bench/cref.sh: `chunkctl cref` against `e2fsck -fn` on one ext4 image of at least 500,000
# inodes holding a real tree (copies of /usr/include and /usr/share made with mke2fs -d).
# Prints wall time and peak RSS of both, and the ratio. Needs root for the bind mounts that
# stage the copies (without root it copies the trees instead, which takes longer).
# Usage: bench/cref.sh [--build DIR] (or CHUNKFS_BUILD, as bench/run sets); CREF_BENCH_DIR (default /var/tmp/chunkfs-bench-cref)
# keeps the image between runs, CREF_BENCH_COPIES (default 7) sets the number of copies.
set -eu
cd "$(dirname "$0")/.."
BUILD=${CHUNKFS_BUILD:-$PWD/build}
[ "${1:-}" = --build ] && BUILD=$(cd "$2" && pwd)
CHUNKCTL=$BUILD/chunkctl
DIR=${CREF_BENCH_DIR:-/var/tmp/chunkfs-bench-cref}
COPIES=${CREF_BENCH_COPIES:-7}
IMG=$DIR/tree.img
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench/cref.sh: needs GNU time (apt-get install time)" >&2; exit 1; }
[ -x "$CHUNKCTL" ] || { echo "bench/cref.sh: build first ($CHUNKCTL missing)" >&2; exit 1; }

stage=$DIR/stage
unstage() {
	local m
	for m in "$stage"/c*/include "$stage"/c*/share; do
		mountpoint -q "$m" 2>/dev/null && umount "$m"
	done
	rm -rf "$stage"
}

if [ ! -s "$IMG" ]; then
	mkdir -p "$DIR"
	trap unstage EXIT
	unstage
	for i in $(seq 1 "$COPIES"); do
		mkdir -p "$stage/c$i/include" "$stage/c$i/share"
		if ! { mount --bind /usr/include "$stage/c$i/include" && mount --bind /usr/share "$stage/c$i/share"; } 2>/dev/null; then
			cp -a /usr/include/. "$stage/c$i/include/"
			cp -a /usr/share/. "$stage/c$i/share/"
		fi
	done
	echo "building $IMG from $COPIES copies of /usr/include and /usr/share ..." >&2
	rm -f "$IMG"
	mke2fs -q -F -t ext4 -N 800000 -d "$stage" "$IMG" 16G
	unstage
	trap - EXIT
fi

used=$(dumpe2fs -h "$IMG" 2>/dev/null | awk -F: '/^Inode count/ {n=$2} /^Free inodes/ {f=$2} END {print n-f}')
echo "image: $IMG, $(du -h --apparent-size "$IMG" | cut -f1) ($(du -h "$IMG" | cut -f1) allocated), $used inodes in use"
[ "$used" -ge 500000 ] || echo "warning: fewer than 500,000 inodes in use" >&2

measure() { # measure NAME CMD...: prints "NAME seconds peak_kib"
	local name=$1 t; shift
	t=$(mktemp)
	"$TIME" -f "%e %M" -o "$t" "$@" >/dev/null 2>&1 || true # e2fsck -n exits 4 on a dirty fs
	echo "$name $(cat "$t")"
	rm -f "$t"
}

report() { # report LABEL: one e2fsck and one cref run, caches as the caller left them
	local e2 cr
	$drop
	e2=$(measure e2fsck e2fsck -fn "$IMG")
	$drop
	cr=$(measure cref "$CHUNKCTL" cref --no-progress "$IMG")
	echo "$1:"
	echo "$e2" | awk '{printf "  e2fsck -fn:        %8.2f s  %8d KiB peak RSS\n", $2, $3}'
	echo "$cr" | awk '{printf "  chunkctl cref:     %8.2f s  %8d KiB peak RSS\n", $2, $3}'
	echo "$e2 $cr" | awk '{printf "  ratio cref/e2fsck: %8.2f time  %8.2f memory (goal: time <= 0.5)\n", $5/$2, $6/$3}'
}

drop_caches() { sync; echo 3 >/proc/sys/vm/drop_caches; }
if [ -w /proc/sys/vm/drop_caches ] && drop_caches 2>/dev/null; then
	drop=drop_caches
	report "cold page cache (dropped before each run)"
fi
drop=:
cat "$IMG" >/dev/null
report "warm page cache (image read once before)"
