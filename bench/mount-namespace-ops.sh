#!/bin/bash
# The cost of the crash order of rename and unlink through the mount: 1000 renames to a free
# name, then 1000 unlinks, of 100-byte files in one directory, timed from Python (os.rename,
# os.unlink) against a volume of 4 chunks of 256 MiB in /tmp. Each rename writes and syncs its
# rename record and syncs the names before clearing it; each unlink syncs the deleted inode
# before its name goes (docs/FORMAT.md). Give several builds to compare them in one run:
#   bash bench/mount-namespace-ops.sh [BUILD-DIR...]   (default: $CHUNKFS_BUILD or build)
set -u
. "$(dirname "$0")/mount-lib"
echo "rename and unlink through the mount, 1000 each; $(nproc) cores; $(date -u +%F)"
for b in "$@"; do
	w=$(mktemp -d /tmp/chunkfs-bench-nsops.XXXXXX)
	"$b/chunkctl" mkfs --chunks 4 --size 256M "$w/v" >/dev/null || { echo "$b: mkfs failed"; exit 1; }
	mkdir "$w/m"
	bench_mount "$b" "$w/v" "$w/m"
	printf '  %-40s ' "$b"
	python3 - "$w/m" <<'PY'
import os, sys, time
m = sys.argv[1]
os.mkdir(f"{m}/d")
for i in range(1000):
    with open(f"{m}/d/f{i}", "w") as f:
        f.write("x" * 100)
os.sync()
t = time.monotonic()
for i in range(1000):
    os.rename(f"{m}/d/f{i}", f"{m}/d/g{i}")
t1 = time.monotonic() - t
t = time.monotonic()
for i in range(1000):
    os.unlink(f"{m}/d/g{i}")
t2 = time.monotonic() - t
print(f"rename {t1:.2f} s, unlink {t2:.2f} s")
PY
	bench_unmount "$w/m"
	rm -rf "$w"
done
