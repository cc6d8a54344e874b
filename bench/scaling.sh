#!/bin/bash
# Repair of one chunk as the volume grows (issue 23): at a fixed chunk size (SIZE, default 32M),
# volumes of 16, 64 and 256 chunks (CHUNKS_LIST) each hold a generated tree that grows with
# them (per chunk: DIRS directories of 100 files of 1-8 KiB, and one 192 KiB file in each, which
# the volume's 64 KiB threshold continues in another chunk). For each volume, PICK chunks that
# hold a file continuation, spread over the volume, take the `inode` damage in turn (RUNS times
# each, warm), each repair followed by `e2fsck -fy` of one ext4 image holding the same tree
# (mke2fs -d, the same total size). The design's claim: the repair of one chunk costs the same
# whatever the volume's size, while the monolithic check grows with it, so the ratio grows
# roughly with the number of chunks. Prints a table and writes a plot (gnuplot, when it is
# installed) to PNG (default bench/scaling.png). KEEP=1 keeps the work directory.
set -eu
BUILD=${CHUNKFS_BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build}
CHUNKCTL=$BUILD/chunkctl
CHUNKFAULT=$BUILD/tests/chunkfault
BENCH=$(cd "$(dirname "$0")" && pwd)
CHUNKS_LIST=${CHUNKS_LIST:-16 64 256}
SIZE=${SIZE:-32M}
DIRS=${DIRS:-12}
PICK=${PICK:-8}
RUNS=${RUNS:-3}
PNG=${PNG:-$BENCH/scaling.png}
T=$(mktemp -d /var/tmp/chunkfs-bench-scaling.XXXXXX)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$T"' EXIT
. "$BENCH/damage-lib"

secs() { # COMMAND...: wall seconds of a command spawned directly, and its status; its output
	# goes to $T/last.out
	python3 -c 'import subprocess, sys, time
out = open(sys.argv[1], "w")
t0 = time.perf_counter(); p = subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.STDOUT)
print("%.4f %d" % (time.perf_counter() - t0, p.returncode))' "$T/last.out" "$@"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# The tree for N chunks: the first N * DIRS directories of one sequence, each the same in every
# run (its bytes seeded by its number), so a smaller volume's tree is a part of a larger one's.
gen_tree() { # N DIR
	python3 - "$1" "$2" "$DIRS" <<'EOF'
import os, random, sys
n, top, dirs = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
for d in range(n * dirs):
    r = random.Random(d)
    p = os.path.join(top, "d%05d" % d)
    os.makedirs(p)
    for f in range(100):
        with open(os.path.join(p, "f%03d" % f), "wb") as o:
            o.write(r.randbytes(r.randint(1024, 8192)))
    with open(os.path.join(p, "big"), "wb") as o:
        o.write(r.randbytes(192 * 1024))
EOF
}

echo "Repair of one chunk as the volume grows: chunks of $SIZE, $DIRS directories of 101 files a chunk; $(nproc) cores; $(date -u +%F)"
echo
echo "| chunks | inodes in use (tree) | chunks repaired | repair of one chunk: median (range of the chunks' medians) | e2fsck -fy, one image | ratio | repair against the smallest volume |"
echo "|---|---|---|---|---|---|---|"
: >"$T/plot.dat"
: >"$T/splits"
base=
for n in $CHUNKS_LIST; do
	rm -rf "$T/tree" "$T/vol" "$T/vol.clean" "$T/mono.img"
	gen_tree "$n" "$T/tree"
	"$CHUNKCTL" mkfs --chunks "$n" --size "$SIZE" --threshold 64K "$T/vol" >/dev/null
	"$CHUNKCTL" -q -V "$T/vol" cp -r "$T/tree" :/tree
	truncate -s "$(( $(numfmt --from=iec "$SIZE") * n ))" "$T/mono.img"
	mke2fs -q -F -t ext4 -d "$T/tree" "$T/mono.img"
	rm -rf "$T/tree"
	inodes=$(inodes_in_use "$T/mono.img")
	sync
	cp -a --sparse=always "$T/vol" "$T/vol.clean"
	touch "$T/stamp"
	# PICK chunks holding a file continuation, spread evenly over those that hold one.
	: >"$T/conts"
	for k in $(seq 0 $((n - 1))); do
		[ -z "$(first_file_cont "$T/vol.clean/chunk-$(printf %04d "$k").img")" ] || echo "$k" >>"$T/conts"
	done
	have=$(wc -l <"$T/conts")
	[ "$have" -gt 0 ] || { echo "| $n | $inodes | no chunk holds a file continuation | | | | |"; continue; }
	picks=$(awk -v p="$PICK" -v h="$have" 'BEGIN { s = h > p ? h / p : 1 } { if (NR - 1 >= next_pick) { print; next_pick += s } }' "$T/conts")
	"$BENCH/pages" warm "$T"/vol/*.img "$T/mono.img"
	: >"$T/mono"
	: >"$T/per"
	bad=0
	: >"$T/k-inodes"
	for k in $picks; do
		inodes_in_use "$T/vol.clean/chunk-$(printf %04d "$k").img" >>"$T/k-inodes"
		: >"$T/k"
		for _ in $(seq "$RUNS"); do
			for f in $(find "$T/vol" -maxdepth 1 -type f -newer "$T/stamp"); do
				cp -a --sparse=always "$T/vol.clean/$(basename "$f")" "$f"
				"$BENCH/pages" warm "$f"
			done
			touch "$T/stamp"
			damage "$T/vol" "$k" inode
			read -r t st < <(secs "$CHUNKCTL" -V "$T/vol" repair --json "$k")
			# Where its time went, and how much of the volume it read.
			jq -r '.chunks[0] | "\(.e2fsck_seconds) \(.pass_seconds) \(.recheck_seconds) \(.e2fsck_runs) \(.peers_read) \(.refs_checked)"' \
				"$T/last.out" >>"$T/split-$n" 2>/dev/null || true
			if [ "$st" != 1 ]; then
				# What it found, on a copy as it was: the repair above changed the volume.
				bad=$((bad + 1))
				echo "chunk $k: repair status $st (not 1); kept in $T/bad-$n-$k-$bad" >&2
				mkdir "$T/bad-$n-$k-$bad"
				cp "$T/last.out" "$T/bad-$n-$k-$bad/repair.txt"
				cp -a --sparse=always "$T/vol" "$T/bad-$n-$k-$bad/vol.after"
				"$CHUNKCTL" -V "$T/vol" check --all >"$T/bad-$n-$k-$bad/check-all.txt" 2>&1 || true
			fi
			echo "$t" >>"$T/k"
			secs e2fsck -fy "$T/mono.img" | cut -d' ' -f1 >>"$T/mono"
		done
		echo "$(median <"$T/k") $k" >>"$T/per"
	done
	rep=$(cut -d' ' -f1 "$T/per" | median)
	lo=$(sort -n "$T/per" | head -1 | cut -d' ' -f1)
	hi=$(sort -n "$T/per" | tail -1 | cut -d' ' -f1)
	mono=$(median <"$T/mono")
	base=${base:-$rep}
	python3 - "$n" "$inodes" "$(wc -l <"$T/per")" "$have" "$rep" "$lo" "$hi" "$mono" "$base" "$bad" >>"$T/table" <<'EOF'
import sys
n, inodes, k, have = sys.argv[1:5]
rep, lo, hi, mono, base = (float(x) for x in sys.argv[5:10])
bad = int(sys.argv[10])
note = "" if not bad else " (%d repairs did not end 1)" % bad
print("| %s | %s | %s of %s with a file continuation%s | %.1f ms (%.1f-%.1f) | %.1f ms | %.1fx | %+.0f%% |" % (
    n, inodes, k, have, note, rep * 1e3, lo * 1e3, hi * 1e3, mono * 1e3, mono / rep, (rep / base - 1) * 100))
EOF
	tail -1 "$T/table"
	# The medians of each part of the repairs, for the table after the first.
	python3 - "$n" "$T/split-$n" "$T/k-inodes" >>"$T/splits" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[2]) if l.strip()]
med = lambda i: statistics.median(float(r[i]) for r in rows) if rows else float("nan")
inodes = [int(l) for l in open(sys.argv[3]) if l.strip()]
print("| %s | %d | %.1f ms | %.1f ms | %.1f ms | %g | %g | %g |" % (
    sys.argv[1], statistics.median(inodes) if inodes else 0, med(0) * 1e3, med(1) * 1e3, med(2) * 1e3,
    med(3), med(4), med(5)))
EOF
	echo "$n $rep $lo $hi $mono" >>"$T/plot.dat"
done
echo
echo "Where the repairs' time went (medians over every repair of the row, as the JSON report times them: e2fsck -fy; the cross-chunk pass; the re-check, its e2fsck -fn and passes. The process start, the volume's opening and the flushes are the rest):"
echo
echo "| chunks | inodes in use in a repaired chunk (median) | e2fsck -fy | cross-chunk pass | re-check | e2fsck runs | peers read | references verified |"
echo "|---|---|---|---|---|---|---|---|"
cat "$T/splits" 2>/dev/null
if command -v gnuplot >/dev/null && [ -s "$T/plot.dat" ]; then
	gnuplot <<EOF
set terminal pngcairo size 800,500 noenhanced font ",10"
set output "$PNG"
set title "chunkfs: repair of one damaged chunk vs e2fsck -fy of one image holding the same tree\nchunks of $SIZE; $(date -u +%F)"
set xlabel "chunks in the volume (the tree grows with it)"
set ylabel "wall time (ms), warm"
set logscale xy 2
set xtics ($(echo "$CHUNKS_LIST" | sed 's/\([0-9]\+\)/"\1" \1/g; s/ "/, "/g'))
set key top left
set grid
set offsets graph 0.08, graph 0.08, graph 0.1, 0
plot "$T/plot.dat" using 1:(\$2*1000):(\$3*1000):(\$4*1000) with yerrorlines lw 2 title "chunkctl repair of one chunk (median; bars: range of the chunks)", \
     "$T/plot.dat" using 1:(\$5*1000) with linespoints lw 2 title "e2fsck -fy of one monolithic image", \
     "$T/plot.dat" using 1:(\$5*1000):(sprintf("%.1fx", \$5/\$2)) with labels offset 0,1 notitle
EOF
	echo
	echo "Plot: $PNG"
else
	echo
	echo "no plot: gnuplot is not installed (scripts/install-deps installs it)"
fi
