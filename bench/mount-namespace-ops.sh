#!/bin/bash
# The cost of the crash order of rename and unlink through the mount: 1000 renames to a free
# name, then 1000 unlinks, of 100-byte files in one directory, timed from Python (os.rename,
# os.unlink) against a volume of 4 chunks of 256 MiB in /tmp. Each rename writes and syncs its
# rename record and syncs the names before clearing it; each unlink syncs the deleted inode
# before its name goes (docs/FORMAT.md). Give several builds to compare them in one run:
#   bash bench/mount-namespace-ops.sh [BUILD-DIR...]   (default: $CHUNKFS_BUILD or build)
set -u
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- "${CHUNKFS_BUILD:-$PWD/build}"
if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	echo "skipped: no /dev/fuse or fusermount3"
	exit 0
fi
echo "rename and unlink through the mount, 1000 each; $(nproc) cores; $(date -u +%F)"
for b in "$@"; do
	w=$(mktemp -d /tmp/chunkfs-bench-nsops.XXXXXX)
	"$b/chunkctl" mkfs --chunks 4 --size 256M "$w/v" >/dev/null || { echo "$b: mkfs failed"; exit 1; }
	mkdir "$w/m"
	"$b/chunkfs" "$w/v" "$w/m" -f 2>"$w/log" &
	pid=$!
	for _ in $(seq 100); do mountpoint -q "$w/m" && break; sleep 0.1; done
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
	fusermount3 -u "$w/m"
	wait "$pid"
	rm -rf "$w"
done
