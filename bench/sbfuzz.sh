#!/bin/bash
# bench/sbfuzz.sh: the wide sweep of tests/t3110's superblock fuzz. Every superblock field is set
# in turn to 0, 1, 2, its largest value, the top bit, the largest but one, and its own value
# plus and minus one, doubled and halved (sbfuzz --wide), on file systems of every kind a
# chunk or a cref input can be: ext2 of revision 0, 1 KiB to 64 KiB blocks, 64-bit with and
# without backups, bigalloc, meta_bg, a chunk of a volume. Chunk open and cref must never crash
# nor refuse without naming the image; what e2fsck -fn does is counted beside (it is stock
# e2fsprogs: its crashes are noted, not failures). Run it with an ASan build to catch what
# does not crash outright: bench/sbfuzz.sh --build build-asan.
# Usage: bench/sbfuzz.sh [--build DIR] (or CHUNKFS_BUILD, as bench/run sets)
set -eu
cd "$(dirname "$0")/.."
BUILD=${CHUNKFS_BUILD:-$PWD/build}
[ "${1:-}" = --build ] && BUILD=$(cd "$2" && pwd)
SBFUZZ=$BUILD/tests/sbfuzz
[ -x "$SBFUZZ" ] || { echo "bench/sbfuzz.sh: build first ($SBFUZZ missing)" >&2; exit 1; }
export PATH=/usr/sbin:/sbin:$PATH
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}halt_on_error=1"
DIR=$(mktemp -d /tmp/chunkfs-bench-sbfuzz.XXXXXX)
trap 'rm -rf "$DIR"' EXIT

mkdir -p "$DIR/tree" && cp -r libchunk/base libcref "$DIR/tree/"
kinds=(
	"ext2-rev0:-t ext2 -r 0 -b 1024:8M"
	"ext2-2k:-t ext2 -b 2048:16M"
	"ext4-1k-64bit-one-group:-t ext4 -O 64bit -b 1024:8M"
	"ext4-1k-64bit:-t ext4 -O 64bit -b 1024:32M"
	"ext4-4k:-t ext4 -b 4096:64M"
	"ext4-64k:-t ext4 -b 65536:64M"
	"ext4-bigalloc:-t ext4 -O bigalloc -C 16384:64M"
	"ext4-meta_bg:-t ext4 -O meta_bg,^resize_inode -b 1024:32M"
	"ext3-journal:-t ext3 -b 1024:16M"
)
printf "%-26s %6s %8s %8s %8s %10s %8s\n" image cases failed chunk-no cref-no e2fsck-!0 e2-crash
total_failed=0
run_one() { # NAME IMAGE CHUNK-ID
	local log=$DIR/$1.log rc=0 t0 t1
	t0=$(date +%s.%N)
	"$SBFUZZ" --wide --e2fsck "$2" "$3" >"$log" || rc=$?
	t1=$(date +%s.%N)
	[ $rc -le 1 ] || { echo "$1: sbfuzz exit $rc" >&2; total_failed=$((total_failed + 1)); return; }
	local cases failed
	cases=$(tail -1 "$log" | cut -d" " -f1)
	failed=$(grep -c "^FAIL" "$log" || :)
	total_failed=$((total_failed + failed))
	printf "%-26s %6s %8s %8s %8s %10s %8s  %.1f s\n" "$1" "$cases" "$failed" \
		"$(grep -c "chunk open refused" "$log" || :)" "$(grep -c "cref refused" "$log" || :)" \
		"$(grep -c "e2fsck -fn: [1-9]" "$log" || :)" "$(grep -c "e2fsck -fn: .*\(crashed\|killed\)" "$log" || :)" \
		"$(echo "$t1 - $t0" | bc)"
	grep "^FAIL" "$log" | sed 's/^/    /' || :
	grep "e2fsck -fn: .*\(crashed\|killed\)" "$log" | sed 's/^/    e2fsck: /' || :
}
for k in "${kinds[@]}"; do
	IFS=: read -r name opts size <<<"$k"
	# shellcheck disable=SC2086 # opts are mke2fs's words
	mke2fs -q -F $opts -d "$DIR/tree" "$DIR/$name.img" "$size" >/dev/null 2>&1 ||
		{ echo "mke2fs $opts failed" >&2; continue; }
	run_one "$name" "$DIR/$name.img" 0
done
"$BUILD/chunkctl" mkfs --chunks 2 --size 8M "$DIR/vol" >/dev/null
"$BUILD/chunkctl" -V "$DIR/vol" cp -r "$DIR/tree" :/ >/dev/null
run_one chunk "$DIR/vol/chunk-0001.img" 1
echo "chunk-no / cref-no: cases refused; e2fsck-!0: cases e2fsck -fn did not find clean"
[ "$total_failed" -eq 0 ]
