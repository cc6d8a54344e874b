# Shell test library in the manner of git's t/test-lib.sh: each test_expect_success runs its
# body in a subshell with `set -e`, in the test's own temp dir, and prints "ok"/"not ok".
set -u
TEST_NAME=$(basename "$0" .sh)
SRC=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${CHUNKFS_BUILD:-$SRC/build}
SHARED=${CHUNKFS_SHARED:-$SRC/../shared}
CHUNKCTL=$BUILD/chunkctl
CHUNKSCRUBD=$BUILD/chunkscrubd
CHUNKFAULT=$BUILD/tests/chunkfault
PATH=$BUILD:$BUILD/tests:/usr/sbin:/sbin:$PATH
export PATH CHUNKCTL CHUNKSCRUBD CHUNKFAULT SRC BUILD SHARED
TRASH=$(mktemp -d /tmp/chunkfs-$TEST_NAME.XXXXXX)
# Each test's mounts put their control sockets in its own directory, never in /run/chunkfs.
CHUNKFS_RUN_DIR=$TRASH/run
export CHUNKFS_RUN_DIR
_n=0; _fail=0
_cleanup_hooks=()
test_at_end() { _cleanup_hooks+=("$1"); }
_finish() {
	local h
	for h in "${_cleanup_hooks[@]+"${_cleanup_hooks[@]}"}"; do eval "$h" >/dev/null 2>&1 || true; done
	[ -n "${KEEP_TRASH:-}" ] || rm -rf "$TRASH"
}
trap _finish EXIT
cd "$TRASH"

test_expect_success() {
	_n=$((_n + 1))
	local title=$1 body=$2
	local rc
	# A plain command, not inside `if` or `||`: bash would ignore set -e in the body there.
	(set -e; cd "$TRASH"; eval "$body") >"$TRASH/.out.$_n" 2>&1
	rc=$?
	if [ "$rc" -eq 0 ]; then
		echo "ok $_n - $title"
	else
		_fail=$((_fail + 1))
		echo "not ok $_n - $title"
		sed 's/^/#   /' "$TRASH/.out.$_n" | tail -40
	fi
}

# test_skip TITLE REASON: print why a test cannot run here.
test_skip() {
	_n=$((_n + 1))
	echo "skip $_n - $1 (skipped: $2)"
}

test_done() { exit $((_fail > 0)); }

# Helpers used by many stories.
# die MESSAGE: fail the test body here. It exits (bodies run in a subshell): inside a function
# called from an && list bash ignores set -e, so a die that only returned would be undone by
# the function's next command or its loop's next round.
die() { echo "$*" >&2; exit 1; }
expect_status() { # expect_status N cmd...: run cmd, require exit status N
	local want=$1; shift
	local rc=0; "$@" || rc=$?
	[ "$rc" -eq "$want" ] || die "expected exit $want, got $rc: $*"
}
# hold_chunk IMAGE: another process takes IMAGE's exclusive lock, as a running chunkctl would,
# until release_chunk (both in the same test body).
hold_chunk() {
	rm -f "$TRASH/holder"
	flock -x "$1" sh -c 'echo $$ >"$0.new" && mv "$0.new" "$0" && exec sleep 60' "$TRASH/holder" &
	HOLDER_JOB=$!
	local n=100
	until [ -s "$TRASH/holder" ] || [ $n -eq 0 ]; do sleep 0.1; n=$((n - 1)); done
	[ -s "$TRASH/holder" ] || die "cannot lock $1"
}
release_chunk() {
	kill "$(cat "$TRASH/holder")" 2>/dev/null
	wait "$HOLDER_JOB" 2>/dev/null || :
	rm -f "$TRASH/holder"
}
# A volume "vol" of 4 chunks of 8 MiB whose directory /many holds 1500 files ("file N" in N,
# copied from src/many in name order), more than chunk 0 has inodes for, so /many continues into
# another chunk K. Prints "K INODE": K and the inode of the directory's part there.
spilled_dir_volume() {
	mkdir -p src/many && (cd src/many && for i in $(seq 1 1500); do echo "file $i" >"$i"; done) &&
	"$CHUNKCTL" mkfs --chunks 4 --size 8M vol >/dev/null &&
	cp_in_name_order vol src/many :/many &&
	"$CHUNKCTL" -V vol stat --json :/many |
		jq -r '[.files[0].chain[] | select(.role == "continuation")][0] | "\(.chunk) \(.local_ino)"'
}
e2fsck_clean() { # every chunk image given passes e2fsck -fn
	local img
	for img in "$@"; do
		e2fsck -fn "$img" >"$TRASH/.e2fsck.log" 2>&1 || { cat "$TRASH/.e2fsck.log"; die "e2fsck -fn failed on $img"; }
	done
}

# Outputs that are a contract (reports, --json, ls, refs) are compared whole against an
# expected file, as e2fsprogs' tests/f_* do. What legitimately differs from run to run is
# first replaced by a fixed word, in both: this test's temp dir (TRASH), UUIDs (UUID), inode
# generations, which chunkfs draws at random (GEN, also inside continuation and orphan names),
# wall-clock dates (DATE), durations and times in JSON (SECS), e2fsck's version line; and
# spaces at the end of a line, which pad a generation's column by its number of digits.
test_normalize() {
	sed -E -e "s|$TRASH|TRASH|g" \
		-e 's/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/UUID/g' \
		-e 's/\b(gen|generation) [0-9]+/\1 GEN/g' -e 's/\bgen GEN +/gen GEN /g' \
		-e 's/\b([0-9]{4}-[0-9a-f]{8})-[0-9a-f]{8}\b/\1-GEN/g' \
		-e 's/"(generation|local_gen|peer_gen)": [0-9]+/"\1": "GEN"/g' \
		-e 's/[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}(:[0-9]{2})?/DATE/g' \
		-e 's/\b[0-9]+\.[0-9]+ s\b/SECS s/g' \
		-e 's/"([a-z0-9_]*seconds|mtime)": [0-9.eE+-]+/"\1": "SECS"/g' \
		-e 's/e2fsck [0-9.]+ \([^)]*\)/e2fsck VERSION/g' \
		-e 's/[[:space:]]+$//'
}
# The expected outputs of test tNNNN-*.sh are in tests/expect/tNNNN/. With WRITE_EXPECT=1, an
# expected file that does not exist yet is written from the output, to be read line by line
# before it is committed; one that exists is never changed.
EXPECT=$SRC/tests/expect/${TEST_NAME%%-*}
_write_missing_expect() { # _write_missing_expect EXPECTED NORMALIZED-OUTPUT
	[ -n "${WRITE_EXPECT:-}" ] && [ ! -e "$1" ] || return 0
	mkdir -p "$(dirname "$1")" && cp "$2" "$1" && echo "wrote $1" >&2
}
# test_cmp_output EXPECTED ACTUAL: ACTUAL, normalized, is EXPECTED line for line; else the
# diff is shown and the test fails. The normalized output is left in ACTUAL.normalized.
test_cmp_output() {
	test_normalize <"$2" >"$2.normalized" || die "cannot read $2"
	_write_missing_expect "$1" "$2.normalized"
	test_normalize <"$1" >"$TRASH/.cmp.expect" || die "cannot read $1"
	diff -u --label "$1" --label "$2" "$TRASH/.cmp.expect" "$2.normalized" || die "$2 differs from $1"
}
# test_cmp_json EXPECTED ACTUAL: both parse as JSON and mean the same once normalized; key
# order, spacing and number formatting do not matter (jq -S . prints both the same way).
test_cmp_json() {
	jq . "$2" >"$2.pretty" || die "$2 is not JSON"
	test_normalize <"$2.pretty" >"$2.pretty.normalized" && _write_missing_expect "$1" "$2.pretty.normalized"
	jq -S . "$1" >"$TRASH/.cmp.expect.json" || die "$1 is not JSON"
	jq -S . "$2" >"$2.sorted" &&
	test_normalize <"$TRASH/.cmp.expect.json" >"$TRASH/.cmp.expect" &&
	test_normalize <"$2.sorted" >"$2.normalized" &&
	diff -u --label "$1" --label "$2" "$TRASH/.cmp.expect" "$2.normalized" || die "$2 differs from $1"
}
# cp_in_name_order VOL HOSTDIR :VOLDIR: HOSTDIR's tree into VOL at VOLDIR, directory after
# directory and each one's files, in name order. cp -r follows the host's readdir order, which
# differs from one host file system to another, and with it the inode numbers and placement
# that a compared report shows. Modes and times of directories are not copied; hard links
# across directories are copied as separate files.
cp_in_name_order() {
	local vol=$1 src=$2 dst=${3#:} d
	local -a files
	(cd "$src" && find . -type d | LC_ALL=C sort) >"$TRASH/.dirs" || die "cannot read $src"
	while read -r d; do
		d=${d#.}
		"$CHUNKCTL" -V "$vol" mkdir ":$dst$d" || die "cannot make :$dst$d"
		mapfile -t files < <(find "$src$d" -mindepth 1 -maxdepth 1 ! -type d | LC_ALL=C sort)
		[ ${#files[@]} -eq 0 ] || "$CHUNKCTL" -V "$vol" cp "${files[@]}" ":$dst$d/" || die "cannot copy into :$dst$d"
	done <"$TRASH/.dirs"
}
