#!/bin/bash
# The corruption campaign of issue 19 at length: a real tree in a volume of 16 chunks, then
# CORRUPT_TRIALS trials (default 1000), each damaging one chunk in one of the named ways of
# tests/lib-corrupt.sh (the ways in turn, the chunk and the details drawn from the trial's seed,
# CORRUPT_SEED * 100000 + N), one `repair K`, and the goals judged. Prints per way the trials,
# the trials that broke a goal, files changed outside K, losses unnamed, files moved to
# /lost+found unnamed, repairs that did not converge and foreign chunks not refused; then each
# failed trial with the command that repeats it. Exits 1 if any goal was broken.
# Environment: CORRUPT_SEED (default today's date, printed), CORRUPT_TRIALS, CORRUPT_TREE (the
# host tree, default /usr/include), CORRUPT_SIZE (each chunk, 32M), CORRUPT_THRESHOLD (16K),
# CORRUPT_WAYS (a subset of the ways), CORRUPT_FROM (the number of the first trial, 0),
# CORRUPT_KEEP (a directory where the log, the prepared volume and the last trial's volume are
# kept, and reused by the next run: CORRUPT_FROM=N CORRUPT_TRIALS=1 repeats trial N).
set -u
SRC=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${CHUNKFS_BUILD:-$SRC/build}
CHUNKCTL=$BUILD/chunkctl
CHUNKFAULT=$BUILD/tests/chunkfault
PATH=/usr/sbin:/sbin:$PATH
export CHUNKCTL CHUNKFAULT PATH
# Taken before the library is sourced: it sets CORRUPT_WAYS to the list of every way.
CHOSEN_WAYS=${CORRUPT_WAYS:-}
. "$SRC/tests/lib-corrupt.sh"
TRIALS=${CORRUPT_TRIALS:-1000}
FROM=${CORRUPT_FROM:-0}
SEED=${CORRUPT_SEED:-$(date -u +%Y%m%d)}
TREE=${CORRUPT_TREE:-/usr/include}
WAYS=(${CHOSEN_WAYS:-$CORRUPT_WAYS})
if [ -n "${CORRUPT_KEEP:-}" ]; then CORRUPT_DIR=$(mkdir -p "$CORRUPT_KEEP" && cd "$CORRUPT_KEEP" && pwd) || exit 1
else CORRUPT_DIR=$(mktemp -d /var/tmp/chunkfs-bench-corrupt.XXXXXX) && trap 'rm -rf "$CORRUPT_DIR"' EXIT; fi
LOG=$CORRUPT_DIR/log

echo "corruption campaign: $TRIALS trials, CORRUPT_SEED=$SEED, ${#WAYS[@]} ways; tree $TREE;" \
	"$(nproc) cores; $(date -u '+%F %H:%M') UTC"
start=$(date +%s)
if [ ! -s "$CORRUPT_DIR/map" ]; then
	corrupt_prepare "$CORRUPT_DIR" "$TREE" "${CORRUPT_SIZE:-32M}" "${CORRUPT_THRESHOLD:-16K}" ||
		{ echo "  the volume could not be prepared"; exit 1; }
fi
echo "  volume: $(grep -c . "$CORRUPT_DIR/sums") files, $(awk -F'\t' '$2 == "directory"' "$CORRUPT_DIR/map" | wc -l) directories;" \
	"$(awk -F'\t' '$3 ~ /,/' "$CORRUPT_DIR/map" | wc -l) span chunks; references per chunk:" \
	"$("$CHUNKCTL" -V "$CORRUPT_DIR/pristine" df | awk '$1 ~ /^[0-9]+$/ { printf "%s%s", sep, $9; sep = " " }')"
: >"$LOG"
# SIGINT or SIGTERM ends the campaign after the trial under way, with the results so far.
stop=0
trap 'stop=1' INT TERM
for ((n = FROM; n < FROM + TRIALS && !stop; n++)); do
	way=${WAYS[n % ${#WAYS[@]}]}
	seed=$((SEED * 100000 + n))
	rc=0 && corrupt_trial "$CORRUPT_DIR" "$seed" "$way" >"$CORRUPT_DIR/one.log" 2>&1 || rc=$?
	cat "$CORRUPT_DIR/one.log" >>"$LOG"
	grep -q '^result ' "$CORRUPT_DIR/one.log" || echo "notrun $way (the damage could not be made)" >>"$LOG"
	[ "$rc" -eq 0 ] || echo "failed: trial $n, $(grep -m1 '^trial seed' "$CORRUPT_DIR/one.log" | cut -d' ' -f3-);" \
		"CORRUPT_SEED=$SEED CORRUPT_FROM=$n CORRUPT_TRIALS=1 CORRUPT_KEEP=DIR bash bench/corrupt.sh" >>"$LOG"
done
secs=$(( $(date +%s) - start ))
TRIALS=$((n - FROM))
[ "$stop" = 0 ] || echo "  stopped after $TRIALS trials"
awk '
	/^result / {
		w = $2; t[w]++; T++
		bad = ($4 + $5 + $6 + $7 + $8) > 0; f[w] += bad; F += bad
		c[w] += $4; C += $4; u[w] += $5; U += $5; m[w] += $6; M += $6; n[w] += $7; N += $7; r[w] += $8; R += $8
	}
	/^notrun / { x[$2]++; X++ }
	END {
		printf "  %-16s %6s %6s %8s %8s %8s %8s %8s\n", "way", "trials", "failed", "changed", "unnamed", "moved-un", "nonconv", "foreign"
		for (w in t) printf "  %-16s %6d %6d %8d %8d %8d %8d %8d\n", w, t[w], f[w], c[w], u[w], m[w], n[w], r[w] | "sort"
		close("sort")
		printf "  %-16s %6d %6d %8d %8d %8d %8d %8d\n", "total", T, F, C, U, M, N, R
		for (w in x) printf "  %s: %d trial(s) could not make the damage\n", w, x[w]
	}' "$LOG"
printf '  wall time %d s (%.1f s a trial)\n' "$secs" "$(awk -v s="$secs" -v n="$TRIALS" 'BEGIN { print s / (n ? n : 1) }')"
grep '^failed: ' "$LOG" | head -40 | sed 's/^/  /'
[ "$(grep -c '^failed: ' "$LOG")" -le 40 ] || echo "  ... and $(($(grep -c '^failed: ' "$LOG") - 40)) more failed trials (CORRUPT_KEEP keeps the log)"
! grep -q '^failed: ' "$LOG"
