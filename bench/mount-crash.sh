#!/bin/bash
# The mount's crash campaign at length: tests/t8300-mount-crash.sh with CRASH_TRIALS trials
# (default 200, about 4.5 s each: 15 min) from CRASH_SEED (default today's date, printed, so that a run
# can be repeated). Prints how many trials passed, how many chunks each crash left DIRTY and
# the repair found so, and for each failure where its volume is kept and how to rerun it.
set -u
cd "$(dirname "$0")/.."
TRIALS=${CRASH_TRIALS:-200}
SEED=${CRASH_SEED:-$(date -u +%Y%m%d)}
W=$(mktemp -d /tmp/chunkfs-bench-crash.XXXXXX)
trap 'rm -rf "$W"' EXIT

echo "mount crash campaign: $TRIALS trials, CRASH_SEED=$SEED; $(nproc) cores; $(date -u +%F)"
start=$(date +%s)
CRASH_TRIALS=$TRIALS CRASH_SEED=$SEED bash tests/t8300-mount-crash.sh >"$W/log" 2>&1
secs=$(( $(date +%s) - start ))
passed=$(grep -c '^ok .* crash trial ' "$W/log")
failed=$(grep -c '^not ok .* crash trial ' "$W/log")
printf '  %-40s %6d\n' "trials passed" "$passed" "trials failed" "$failed"
printf '  %-40s %6d s (%.1f s a trial)\n' "wall time" "$secs" "$(awk -v s="$secs" -v n="$TRIALS" 'BEGIN { print s / n }')"
printf '  %-40s %6d\n' "trials paused until every chunk CLEAN" "$(grep -c '^# trial .*paused' "$W/log")"
# "dirty D of 8" of each trial: their spread
grep -o 'dirty [0-9]* of [0-9]*' "$W/log" | awk '{ print $2 }' | sort -n >"$W/dirty"
if [ -s "$W/dirty" ]; then
	printf '  %-40s %s\n' "DIRTY chunks after a crash (of 8)" \
		"$(awk '{ v[NR] = $1; s += $1 } END { printf "min %d, median %d, mean %.1f, max %d", v[1], v[int((NR + 1) / 2)], s / NR, v[NR] }' "$W/dirty")"
fi
grep -q '^ok 1 ' "$W/log" || { echo "  the prepared volume could not be made:"; sed 's/^/    /' "$W/log" | head -20; }
grep '^# trial .* failed' "$W/log" | sed 's/^# /  /'
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
