#!/bin/bash
# Volume benchmarks (issue 3), each against a real peer in the same run:
#  1. chunkctl cp -r of a real tree into 16 chunks  vs  mke2fs -d building one ext4 image of the same total size
#  2. reading every file back: chunkctl ls -l + cat  vs  debugfs rdump from that image
#  3. open + ls / on a 4096-chunk volume: chunks opened, time, peak RSS
set -eu
BUILD=${CHUNKFS_BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build}
CHUNKCTL=$BUILD/chunkctl
TREE=${BENCH_TREE:-/usr/include}
W=$(mktemp -d /tmp/chunkfs-bench.XXXXXX)
trap 'rm -rf "$W"' EXIT

# run LABEL CMD...: prints wall seconds and peak RSS; leaves seconds in $SECS
run() {
	local label=$1; shift
	/usr/bin/time -f "%e %M" -o "$W/time" "$@" >/dev/null 2>"$W/err" || { cat "$W/err" >&2; return 1; }
	read -r SECS rss <"$W/time"
	printf '  %-52s %8.2f s %9d KiB peak RSS\n' "$label" "$SECS" "$rss"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

files=$(find "$TREE" -type f | wc -l)
bytes=$(du -sb "$TREE" | cut -f1)
echo "tree: $TREE, $files files, $((bytes / 1048576)) MiB; $(nproc) cores; $(date -u +%F)"
find "$TREE" -type f -exec cat {} + >/dev/null 2>&1 || true   # the source is warm for both

per=$(( bytes * 2 / 16 / 1048576 + 16 ))
"$CHUNKCTL" mkfs --chunks 16 --size ${per}M "$W/vol" >/dev/null
echo "1. building: 16 chunks of ${per} MiB vs one ext4 image of $((per * 16)) MiB"
run "chunkctl -V VOL cp -r TREE :/tree" "$CHUNKCTL" -V "$W/vol" cp -r "$TREE" :/tree; a=$SECS
run "mke2fs -t ext4 -d TREE one.img" mke2fs -q -F -t ext4 -d "$TREE" "$W/one.img" $((per * 16))M; b=$SECS
echo "  ratio chunkctl / mke2fs: $(ratio "$a" "$b")   (goal <= 1.5)"

echo "2. reading every file back"
readback() {
	"$CHUNKCTL" -V "$W/vol" ls -l :/tree >/dev/null
	"$CHUNKCTL" -V "$W/vol" cp -r :/tree "$W/back"
}
export -f readback; export CHUNKCTL W
run "chunkctl ls -l + cp -r :/tree (cat of every file)" bash -c readback; a=$SECS
mkdir "$W/rdump"
run "debugfs -R 'rdump / DIR' one.img" debugfs -R "rdump / $W/rdump" "$W/one.img"; b=$SECS
echo "  throughput: chunkctl $(awk -v s="$a" -v n="$bytes" 'BEGIN { printf "%.0f", n / s / 1048576 }') MiB/s," \
     "debugfs $(awk -v s="$b" -v n="$bytes" 'BEGIN { printf "%.0f", n / s / 1048576 }') MiB/s; ratio of times $(ratio "$a" "$b")"
diff -r --no-dereference "$TREE" "$W/back" >/dev/null && echo "  (the copy back is identical to the tree)" || echo "  THE COPY BACK DIFFERS FROM THE TREE"

echo "3. a 4096-chunk volume (2 MiB chunks, sparse images)"
run "chunkctl mkfs --chunks 4096 --size 2M" "$CHUNKCTL" mkfs --chunks 4096 --size 2M "$W/big"
"$CHUNKCTL" -V "$W/big" mkdir :/a :/b :/c
strace -f -qq -e trace=openat -o "$W/trace" "$CHUNKCTL" -V "$W/big" ls :/ >/dev/null
opened=$(grep -o 'chunk-[0-9]*\.img' "$W/trace" | sort -u | wc -l)
run "chunkctl -V VOL ls :/  (opened $opened of 4096 chunks)" "$CHUNKCTL" -V "$W/big" ls :/
run "chunkctl -V VOL df      (opens all 4096, 64 at a time)" "$CHUNKCTL" -V "$W/big" df
