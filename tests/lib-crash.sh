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
