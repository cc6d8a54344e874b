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
# copied from src/many), more than chunk 0 has inodes for, so /many continues into another
# chunk K. Prints "K INODE": K and the inode of the directory's part there.
spilled_dir_volume() {
	mkdir -p src/many && (cd src/many && for i in $(seq 1 1500); do echo "file $i" >"$i"; done) &&
	"$CHUNKCTL" mkfs --chunks 4 --size 8M vol >/dev/null &&
	"$CHUNKCTL" -V vol cp -r src/many :/many &&
	"$CHUNKCTL" -V vol stat --json :/many |
		jq -r '[.chain[] | select(.role == "continuation")][0] | "\(.chunk) \(.ino)"'
}
e2fsck_clean() { # every chunk image given passes e2fsck -fn
	local img
	for img in "$@"; do
		e2fsck -fn "$img" >"$TRASH/.e2fsck.log" 2>&1 || { cat "$TRASH/.e2fsck.log"; die "e2fsck -fn failed on $img"; }
	done
}
