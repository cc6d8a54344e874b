#!/bin/bash
# Repair of one damaged chunk of a 64-chunk volume holding a real tree, against e2fsck -fy of
# one monolithic ext4 image holding the same tree, in the same run: wall time (warm page
# cache, and cold when the caches can be dropped) and peak RSS of each; where the repair's
# time goes (its e2fsck, its cross-chunk pass). Then the cross-chunk pass alone (e2fsck
# replaced by /bin/true, warm): references verified per second, its time as the volume grows
# from 8 to 64 chunks at a constant number of references per chunk, and as the references
# touching the chunk grow at a constant number of chunks.
# Environment: TREES (default "/usr/include /usr/share": each that exists), CHUNKS (64),
# PER (files per directory in the scaling runs, 200), COLD (1: also drop caches; 0: warm only),
# COPIES (20: a larger tree of that many copies of /usr/share/man, ~25k small files each, so the
# monolithic e2fsck has a volume's worth of inodes; copying it in takes ~6 min each way, chunkctl
# cp as mke2fs -d; 0: none).
set -eu
BUILD=${CHUNKFS_BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build}
CHUNKCTL=$BUILD/chunkctl
CHUNKFAULT=$BUILD/tests/chunkfault
TREES=${TREES:-${TREE:-/usr/include /usr/share}}
CHUNKS=${CHUNKS:-64}
PER=${PER:-200}
COLD=${COLD:-1}
COPIES=${COPIES:-20}
T=$(mktemp -d /tmp/chunkfs-bench-repair.XXXXXX)
trap 'rm -rf "$T"' EXIT

# "seconds peak-RSS-KiB exit-status" of a command: wall time to 0.1 ms (GNU time's %e has
# 10 ms steps, too coarse here) around GNU time, which gives the peak RSS (a fork of this
# python would count python's own). Both sides of a comparison pay the same ~1 ms for
# starting GNU time; the "starting /bin/true" figure below shows it.
measure() {
	python3 - "$T" "$@" <<'EOF'
import subprocess, sys, time
t, cmd = sys.argv[1], sys.argv[2:]
with open(t + "/out", "w") as out, open(t + "/err", "w") as err:
    t0 = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", t + "/rss"] + cmd, stdout=out, stderr=err)
    dt = time.perf_counter() - t0
print("%.4f %s %d" % (dt, open(t + "/rss").read().split()[-1], p.returncode))
EOF
}
json_field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1]))['chunks'][0]; print(d.get(sys.argv[2], d['seconds']))" "$@"; }
can_drop() { [ "$COLD" = 1 ] && [ -w /proc/sys/vm/drop_caches ]; }
drop_caches() { sync; echo 3 >/proc/sys/vm/drop_caches; }
ratio() { python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print('%.1fx' % (b / a))" "$1" "$2"; }

# The damage: chunk K loses the inode-table block holding its first continuation (with 4 KiB
# blocks and 256-byte inodes that block also holds /.chunkfs: the repair remakes it from the
# peers and reads every peer's index entry for K).
damage() {
	local img ino
	img="$1/chunk-$(printf %04d "$2").img"
	ino=$("$CHUNKFAULT" "$img" list-conts 2>/dev/null | head -1 | cut -d' ' -f1)
	[ -n "$ino" ] || ino=/.chunkfs/cont
	"$CHUNKFAULT" "$img" zero-itable-block "$ino" >/dev/null
}

bench_tree() {
	local tree=$1 bytes files size total k=5 t_chunk rss_chunk st t_mono rss_mono mst
	bytes=$(du -sb "$tree" | cut -f1)
	files=$(find "$tree" | wc -l)
	# Room for 3x the data, and for 2.5x the inodes at libchunk's 16 KiB of chunk per inode.
	size=$(( bytes * 3 / CHUNKS / 1048576 ))
	isize=$(( files * 16384 * 5 / 2 / CHUNKS / 1048576 ))
	[ "$isize" -gt "$size" ] && size=$isize
	size=$(( size + 8 ))M
	total=$(( $(echo "$size" | tr -d M) * CHUNKS ))M
	rm -rf "$T/vol" "$T/vol.clean" "$T/mono.img"
	"$CHUNKCTL" mkfs --chunks "$CHUNKS" --size "$size" --threshold 64K "$T/vol" >/dev/null
	"$CHUNKCTL" -V "$T/vol" cp -r "$tree" :/tree
	# mke2fs's default of one inode per 16 KiB may be too few for a tree of small files.
	local nopt=()
	[ $(( files * 5 / 4 )) -gt $(( ${total%M} * 64 )) ] && nopt=(-N $(( files * 5 / 4 )))
	mke2fs -q -F -t ext4 "${nopt[@]}" -d "$tree" "$T/mono.img" "$total" >/dev/null 2>&1
	can_drop && cp -a --sparse=always "$T/vol" "$T/vol.clean"
	inodes=$(dumpe2fs -h "$T/mono.img" 2>/dev/null | awk -F: '/^Inode count/ {i=$2} /^Free inodes/ {f=$2} END {print i - f}')
	echo
	echo "### $tree: $files files and directories, $((bytes / 1048576)) MiB; $CHUNKS chunks of $size; monolithic ext4 image of $total ($inodes inodes in use)"
	echo
	echo "| cache | what | time (s) | peak RSS (KiB) |"
	echo "|---|---|---|---|"
	for cache in warm cold; do
		if [ $cache = cold ]; then
			can_drop || break
			rm -rf "$T/vol" && cp -a --sparse=always "$T/vol.clean" "$T/vol"
		fi
		damage "$T/vol" $k
		sync
		[ $cache = cold ] && drop_caches
		read -r t_chunk rss_chunk st < <(measure "$CHUNKCTL" -V "$T/vol" repair --json $k)
		cp "$T/out" "$T/repair-$cache.json"
		[ $cache = cold ] && drop_caches
		read -r t_mono rss_mono mst < <(measure e2fsck -fy "$T/mono.img")
		echo "| $cache | chunkctl repair $k (1 of $CHUNKS chunks; status $st) | $t_chunk | $rss_chunk |"
		echo "| $cache | e2fsck -fy on the monolithic image (status $mst) | $t_mono | $rss_mono |"
		echo "| $cache | **ratio monolithic / one chunk** | **$(ratio "$t_chunk" "$t_mono")** | |"
	done
	# Where the warm repair's time goes, and what bounds it from below.
	local j=$T/repair-warm.json
	read -r t_fn _ _ < <(measure e2fsck -fn "$T/vol/chunk-0006.img")
	read -r t_true _ _ < <(measure /bin/true)
	echo
	echo "Warm repair, inside: e2fsck -fy $(json_field "$j" e2fsck_seconds | cut -c1-6) s, cross-chunk pass" \
	     "$(json_field "$j" pass_seconds | cut -c1-6) s ($(json_field "$j" refs_checked) references," \
	     "$(json_field "$j" peers_read) peer index entries read), the rest (re-check with e2fsck -fn," \
	     "flushes, start-up) $(python3 -c "import sys; print('%.4f' % (float(sys.argv[1]) - float(sys.argv[2]) - float(sys.argv[3])))" \
	     "$(json_field "$j" seconds)" "$(json_field "$j" e2fsck_seconds)" "$(json_field "$j" pass_seconds)") s." \
	     "One e2fsck -fn of an undamaged chunk alone: $t_fn s; starting /bin/true: $t_true s."
}

echo "## Repair of one chunk vs e2fsck of one image"
for tree in $TREES; do
	[ -d "$tree" ] && bench_tree "$tree"
done
if [ "$COPIES" -gt 0 ] && [ -d /usr/share/man ]; then
	mkdir -p "$T/copies"
	for i in $(seq -w 1 "$COPIES"); do cp -a /usr/share/man "$T/copies/man$i"; done
	bench_tree "$T/copies"
	rm -rf "$T/copies"
fi
rm -rf "$T/vol" "$T/vol.clean" "$T/mono.img"

# The cross-chunk pass alone, warm: refs verified per second (pass_seconds: passes 1-5).
pass_row() { # LABEL VOL CHUNK
	"$CHUNKCTL" -V "$2" check --e2fsck /bin/true --json "$3" >"$T/c.json" || true
	"$CHUNKCTL" -V "$2" check --e2fsck /bin/true --json "$3" >"$T/c.json" || true
	python3 - "$1" "$T/c.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[2]))["chunks"][0]
r, s = d["refs_checked"], d.get("pass_seconds", d["seconds"])
print("| %s | %d | %d | %.4f | %.0f |" % (sys.argv[1], r, d["peers_read"], s, r / s if s else 0))
EOF
}

# N chunks, D directories of P files of 12 KB with a 4 KiB threshold: each file continues in
# another chunk, so the references touching chunk 1 depend on P and D/N, not on N.
scaled_volume() { # N D P
	local n=$1 d=$2 p=$3
	rm -rf "$T/s" "$T/small"
	mkdir -p "$T/small"
	for i in $(seq 1 "$p"); do head -c 12000 /dev/urandom >"$T/small/f$i"; done
	"$CHUNKCTL" mkfs --chunks "$n" --size 64M --threshold 4K "$T/s" >/dev/null
	for i in $(seq 1 "$d"); do "$CHUNKCTL" -V "$T/s" cp -r "$T/small" ":/d$i" 2>/dev/null || break; done
}

echo
echo "## Cross-chunk pass alone (e2fsck replaced by /bin/true, warm cache)"
echo
echo "Time as the volume grows, the references per chunk constant ($PER files per directory, one directory per chunk):"
echo
echo "| chunks | refs touching chunk 1 | peer entries read | pass time (s) | refs/s |"
echo "|---|---|---|---|---|"
for n in 8 16 32 64; do
	scaled_volume "$n" "$n" "$PER"
	pass_row "$n" "$T/s" 1
done
echo
echo "Time as the references touching the chunk grow (8 chunks):"
echo
echo "| files per directory | refs touching chunk 1 | peer entries read | pass time (s) | refs/s |"
echo "|---|---|---|---|---|"
for p in $((PER / 2)) "$PER" $((PER * 4)) $((PER * 8)); do
	scaled_volume 8 8 "$p"
	pass_row "$p" "$T/s" 1
done
