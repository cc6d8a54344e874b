# Helpers of the crash stories (kill -9 and power cuts): which chunks a crash left DIRTY, and
# their repair with the checks every such story makes after it.

# dirty_chunks VOL: the chunks VOL's df does not call clean.
dirty_chunks() { "$CHUNKCTL" -V "$1" df | awk '$1 ~ /^[0-9]+$/ && $8 != "clean" { print $1 }'; }

# LeakSanitizer cannot run under ptrace: a command run under strace goes without it.
no_leaks() { ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" "$@"; }

# repair_dirty VOL: repair the chunks VOL's df does not call clean; then every chunk must be
# e2fsck-clean, a check of every chunk must find nothing, and no chunk may be left DIRTY.
repair_dirty() {
	local dirty rc=0
	dirty=$(dirty_chunks "$1")
	echo "dirty chunks: $(echo ${dirty:-none})"
	if [ -n "$dirty" ]; then
		"$CHUNKCTL" -V "$1" repair $dirty >"$1.repair" 2>&1 || rc=$?
		[ $rc -le 1 ] || { cat "$1.repair"; die "repair of $1 exited $rc"; }
	fi
	e2fsck_clean "$1"/chunk-*.img || { cat "$1.repair" 2>/dev/null; die "$1: a chunk is not e2fsck-clean after repair"; }
	expect_status 0 "$CHUNKCTL" -V "$1" check --all >"$1.check" ||
		{ cat "$1.repair" "$1.check" 2>/dev/null; die "$1: check --all after repair"; }
	[ -z "$(dirty_chunks "$1")" ] || die "$1: chunks left dirty"
}

# sweep NAME OUTCOME CHUNKCTL-ARGS...: runs the operation once on a copy of $base under strace
# to count its writes to the images, then, on a fresh copy each time, kills it before each one
# in turn (every KILL_STEP-th), repairs the DIRTY chunks and runs OUTCOME VOL AT, AT naming the
# kill point. An outcome that fails, or that adds a line "AT: ..." to ./both (a file left under
# two names), fails the sweep, which says at how many kill points. A repair is killed in e2fsck
# too (strace follows its children): with ANY_STATUS set, the operation need not end with
# SIGKILL's 137.
sweep() {
	local name=$1 outcome=$2 n i rc bad=0 nboth; shift 2
	rm -rf vc && cp -a "$base" vc && : >both &&
	no_leaks strace -f -qq -e trace=pwrite64 -o writes "$CHUNKCTL" -V vc "$@" >/dev/null || die "$name: $* failed"
	"$outcome" vc "not killed"
	n=$(grep -c pwrite64 writes)
	echo "$name writes $n times"
	[ "$n" -gt 5 ] || die "$name: only $n writes"
	for i in $(seq 1 "${KILL_STEP:-1}" "$n"); do
		rm -rf vk && cp -a "$base" vk
		rc=0
		no_leaks strace -f -qq -o /dev/null -e trace=pwrite64 -e inject=pwrite64:signal=KILL:when=$i \
			"$CHUNKCTL" -V vk "$@" >/dev/null 2>&1 || rc=$?
		[ $rc -eq 137 ] || [ -n "${ANY_STATUS:-}" ] || die "$name was not killed before write $i (status $rc)"
		(repair_dirty vk && "$outcome" vk "write $i of $n") || bad=$((bad + 1))
	done
	nboth=$(cut -d: -f1 both | sort -u | wc -l)
	[ $bad -eq 0 ] || die "$name: wrong after a kill at $bad of $n writes"
	[ "$nboth" -eq 0 ] || die "$name: both names after a kill at $nboth of $n writes"
}

# prefix VOL PATH FILE WHAT: PATH reads as a prefix of FILE, or as a prefix up to a range the
# volume names lost (cat fails with EIO there, and the bytes before it are FILE's).
prefix() {
	local size rc=0
	"$CHUNKCTL" -V "$1" cat "$2" >got 2>err || rc=$?
	size=$(stat -c %s got)
	cmp -s -n "$size" got "$3" || die "$4: $2 holds $size byte(s) that are not the start of what was written: $(cmp got "$3")"
	[ $rc -eq 0 ] || grep -q "lost in a repair" err || die "$4: $2 cannot be read: $(cat err)"
}
