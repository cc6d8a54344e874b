#!/bin/bash
# What telling the kernel of the names an online repair may have changed costs (docs/MOUNT.md,
# "Online repair"): a volume of 2 chunks of 256 MiB in /tmp, a directory of 10,000 empty files
# in chunk 0; `ls -l` of it through the mount (the kernel caches the 10,000 names), then an
# online `chunkctl repair 0` of the clean chunk (every name expired, every file's attributes
# dropped), then `ls -l` again (the kernel asks for them again); ROUNDS rounds (default 5). Give
# several builds to compare them in one run:
#   bash bench/mount-repair-names.sh [BUILD-DIR...]   (default: $CHUNKFS_BUILD or build)
set -u
. "$(dirname "$0")/mount-lib"
now() { date +%s.%N; }
echo "online repair of a chunk with 10,000 names cached, ${ROUNDS:-5} rounds; $(nproc) cores; $(date -u +%F)"
for b in "$@"; do
	w=$(mktemp -d /tmp/chunkfs-bench-names.XXXXXX)
	mkdir "$w/d" && (cd "$w/d" && for i in $(seq 1 10000); do : >"f$i"; done)
	"$b/chunkctl" mkfs --chunks 2 --size 256M "$w/v" >/dev/null && "$b/chunkctl" -q -V "$w/v" cp -r "$w/d" :/d ||
		{ echo "$b: making the volume failed"; exit 1; }
	mkdir "$w/m"
	bench_mount "$b" "$w/v" "$w/m"
	echo "  $b"
	for _ in $(seq "${ROUNDS:-5}"); do
		ls -l "$w/m/d" >/dev/null
		t0=$(now)
		"$b/chunkctl" -V "$w/v" repair 0 >"$w/out" 2>&1
		t1=$(now)
		ls -l "$w/m/d" >/dev/null
		t2=$(now)
		held=$(sed -n 's/.*held every operation for the repair, \([0-9.]*\) s$/\1/p' "$w/out")
		# A build before the names were told logs no time for it.
		told=$(grep "after the repair of chunk 0" "$w/m.log" | tail -n 1 | sed -n 's/.*(\([0-9.]*\) s)$/\1/p')
		printf '    repair %.3f s (the mount held %s s, told the kernel %s s), ls -l after it %.3f s\n' \
			"$(echo "$t1 - $t0" | bc)" "$held" "${told:--}" "$(echo "$t2 - $t1" | bc)"
	done
	bench_unmount "$w/m"
	rm -rf "$w"
done
