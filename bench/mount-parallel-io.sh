#!/bin/bash
# What the mount runs in parallel (volume_lock shared, docs/MOUNT.md, "Locks"), one after the
# other against both at once, in milliseconds, best of ROUNDS (default 3), the builds taking
# turns, and the speed-up:
# - data: two files of MB MiB (default 256) whose data lie in chunks 1 and 2 (a volume of 4
#   chunks of 1 GiB, threshold 1 MiB), each overwritten in place and read (dd, 1 MiB
#   requests, O_DIRECT on the mount so every request reaches it; the images are in the
#   host's page cache);
# - namespace: a stat walk (find -printf) of two copies of /usr/include in a volume of 8
#   chunks of 128 MiB, each walk on a fresh mount (so every lookup and getattr reaches it).
#   bash bench/mount-parallel-io.sh [BUILD-DIR...]   (default: $CHUNKFS_BUILD or build)
set -u
. "$(dirname "$0")/mount-lib"
MB=${MB:-256}
ROUNDS=${ROUNDS:-3}
ms() { local t0; t0=$(date +%s%N); "$@"; echo $((($(date +%s%N) - t0) / 1000000)); }
w() { dd if=/dev/zero of="$1" bs=1M seek=1 count="$MB" conv=notrunc oflag=direct status=none; }
r() { dd if="$1" of=/dev/null bs=1M iflag=direct status=none; }
both() { local p; "$1" "$2" & p=$!; "$1" "$3"; wait "$p"; }
one_run() { # BUILD: prints "ws wp rs rp" in ms
	local b=$1 w m out
	w=$(mktemp -d /tmp/chunkfs-bench-pario.XXXXXX)
	m=$w/m
	"$b/chunkctl" mkfs --chunks 4 --size 1G --threshold 1M "$w/v" >/dev/null || { echo "$b: mkfs failed" >&2; exit 1; }
	mkdir "$m"
	bench_mount "$b" "$w/v" "$m"
	mkdir "$m/a" "$m/b"
	# The first MiB in each head (chunk 0), then a continuation each, in the roomiest chunk:
	# 1 for a, 2 for b (made one after the other); then the files are filled.
	for f in a b; do head -c $((1024 * 1024 + 4096)) /dev/zero >"$m/$f/f" && sync "$m/$f/f"; done
	for f in a b; do dd if=/dev/zero of="$m/$f/f" bs=1M count="$MB" oflag=append conv=notrunc status=none; done
	out="$(ms w "$m/a/f"; ms w "$m/b/f"; ms both w "$m/a/f" "$m/b/f"; ms r "$m/a/f"; ms r "$m/b/f"; ms both r "$m/a/f" "$m/b/f")"
	bench_unmount "$m"
	"$b/chunkctl" -V "$w/v" check --all >/dev/null || echo "$b: check --all failed" >&2
	rm -rf "$w"
	echo $out | awk '{ print $1 + $2, $3, $4 + $5, $6 }'
}
walk_run() { # BUILD: prints "serial parallel" in ms
	local b=$1 w m s p
	w=$(mktemp -d /tmp/chunkfs-bench-pario.XXXXXX)
	m=$w/m
	mkdir "$m"
	"$b/chunkctl" mkfs --chunks 8 --size 128M "$w/v" >/dev/null &&
		"$b/chunkctl" -q -V "$w/v" cp -r /usr/include :/a && "$b/chunkctl" -q -V "$w/v" cp -r /usr/include :/b ||
		{ echo "$b: building the tree failed" >&2; exit 1; }
	walk() { find "$m/$1" -printf '%s %m\n' >/dev/null; }
	bench_mount "$b" "$w/v" "$m"; s=$(ms eval 'walk a; walk b'); bench_unmount "$m"
	bench_mount "$b" "$w/v" "$m"; p=$(ms both walk a b); bench_unmount "$m"
	rm -rf "$w"
	echo "$s $p"
}
echo "what the mount runs in parallel; $(nproc) cores; $(date -u +%F); best of $ROUNDS"
declare -A best bestw
for i in $(seq "$ROUNDS"); do
	for b in "$@"; do
		read -r ws wp rs rp < <(one_run "$b")
		read -r ss sp < <(walk_run "$b")
		best[$b]=$(echo "${best[$b]:-$ws $wp $rs $rp} $ws $wp $rs $rp" |
			awk '{ printf "%d %d %d %d", ($1<$5?$1:$5), ($2<$6?$2:$6), ($3<$7?$3:$7), ($4<$8?$4:$8) }')
		bestw[$b]=$(echo "${bestw[$b]:-$ss $sp} $ss $sp" | awk '{ printf "%d %d", ($1<$3?$1:$3), ($2<$4?$2:$4) }')
	done
done
for b in "$@"; do
	echo "${best[$b]} ${bestw[$b]}" | awk -v b="$b" -v mb="$MB" '{
		printf "  %s\n", b
		printf "    overwrite in place, 2 x %d MiB: one after the other %d ms, both at once %d ms (%.2fx)\n", mb, $1, $2, $1 / $2
		printf "    read, 2 x %d MiB:               one after the other %d ms, both at once %d ms (%.2fx)\n", mb, $3, $4, $3 / $4
		printf "    stat walk, 2 x /usr/include:    one after the other %d ms, both at once %d ms (%.2fx)\n", $5, $6, $5 / $6 }'
done
