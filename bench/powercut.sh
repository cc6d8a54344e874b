#!/bin/bash
# The power-cut campaign at length: tests/t4390-powercut.sh with POWERCUT_TRIALS trials per
# operation (default 100 each, eight operations, about 2.3 s a trial: 30 min) from POWERCUT_SEED
# (default today's date, printed, so that a run can be repeated). Prints how many power cuts
# each operation took and how many went wrong, and the failures' messages.
set -u
cd "$(dirname "$0")/.."
TRIALS=${POWERCUT_TRIALS:-100}
SEED=${POWERCUT_SEED:-$(date -u +%Y%m%d)}
W=$(mktemp -d /tmp/chunkfs-bench-powercut.XXXXXX)
trap 'rm -rf "$W"' EXIT

echo "power-cut campaign: $TRIALS cuts per operation, POWERCUT_SEED=$SEED; $(nproc) cores; $(date -u +%F)"
start=$(date +%s)
rc=0
POWERCUT_TRIALS=$TRIALS POWERCUT_SEED=$SEED bash tests/t4390-powercut.sh >"$W/log" 2>&1 || rc=$?
secs=$(( $(date +%s) - start ))
grep -E '^(ok|not ok) [0-9]+ - a power cut' "$W/log" | sed 's/^/  /'
printf '  %-40s %6d\n' "power cuts judged" "$(( TRIALS * $(grep -cE '^(not )?ok [0-9]+ - a power cut' "$W/log") ))"
printf '  %-40s %6d s\n' "wall time" "$secs"
grep -E '^#   .*(, trial [0-9]+, |wrong after)' "$W/log" | head -40
[ $rc -eq 0 ]
