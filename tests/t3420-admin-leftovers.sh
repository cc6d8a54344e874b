#!/bin/bash
# What issue 22 left over: a chunk that cannot be read is shown with its size unknown or
# stat(2)'s, never 0; no name in a message can rewrite the terminal; an outcome has one word
# in every output; a command refused for a chunk the daemon holds names the daemon's job, and
# a job note left behind by a killed daemon names nothing and is swept; the daemon's status
# shows refs it could not read as offline status does.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"

nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }

test_expect_success 'df shows a chunk it cannot read with its image size or "-", never 0; --json says null' '
	chmod 711 "$TRASH" &&
	"$CHUNKCTL" mkfs --chunks 3 --size 4M sv >/dev/null &&
	expect_status 1 nobody "$CHUNKCTL" -V sv df --bytes >out 2>/dev/null && cat out &&
	test $(grep -cE "^ +[012] +4194304 +- +- +- +- +- +unreadable +- " out) = 3 &&
	grep -E "^total +12582912 +- +- +- +- +-$" out &&
	expect_status 1 nobody "$CHUNKCTL" -V sv df --json >out.json 2>/dev/null &&
	test "$(jq -c "[.chunks[] | [.bytes, .used, .free, .inodes, .inodes_free, .refs]] | unique" out.json)" = \
		"[[4194304,null,null,null,null,null]]" &&
	test "$(jq -c "[.bytes, .used, .free]" out.json)" = "[12582912,null,null]" &&
	dd if=/dev/zero of=sv/chunk-0001.img bs=1k seek=1 count=2 conv=notrunc 2>/dev/null && rm sv/chunk-0002.img &&
	expect_status 1 "$CHUNKCTL" -V sv df --bytes >out 2>/dev/null && cat out &&
	grep -E "^ +0 +4194304 +[0-9]+ +[0-9]+ +[0-9]+% .* clean " out &&
	grep -E "^ +1 +4194304 +- +- +- +- +- +damaged +- " out &&
	grep -E "^ +2 +- +- +- +- +- +- +missing +- " out &&
	expect_status 4 "$CHUNKCTL" -V sv status --json >st.json 2>/dev/null &&
	test "$(jq -c "[.volumes[].chunks[].refs]" st.json)" = "[0,null,null]"
'

# A name with a newline and an escape sequence that would clear the screen.
test_expect_success 'every error names a file with control characters as ls shows it, on one line, no escape sent' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M nv >/dev/null &&
	bad=$(printf ":/a\nb\033[2J") && host=$(printf "/nonexistent\nx\033[2J") &&
	want="'"'"':/a'"'"'\$'"'"'\\n'"'"''"'"'b'"'"'\$'"'"'\\033'"'"''"'"'[2J'"'"'" &&
	for args in cat rm stat ls lost "cp here" "mv :/c" "ln :/c"; do
		set -- $args && cmd=$1 && shift &&
		rc=0 && "$CHUNKCTL" -V nv $cmd "$bad" "$@" >out 2>err || rc=$?
		test $rc -ne 0 || die "$cmd: exit 0"
		test $(wc -l <err) = 1 || die "$cmd: $(cat -A err)"
		! grep -q "$(printf "\033")" err || die "$cmd sent an escape: $(cat -A err)"
		{ grep -qF "chunkctl: $want: " err || grep -qF "chunkctl: $want -> " err; } || die "$cmd: $(cat err), not $want"
	done &&
	expect_status 1 "$CHUNKCTL" -V nv cp "$host" :/ 2>err &&
	test "$(cat err)" = "chunkctl: '"'"'/nonexistent'"'"'\$'"'"'\n'"'"''"'"'x'"'"'\$'"'"'\033'"'"''"'"'[2J'"'"': No such file or directory" &&
	expect_status 1 "$CHUNKCTL" -V "$(printf "no\nvol")" df 2>err &&
	test $(wc -l <err) -ge 1 && ! grep -q "^vol" err && grep -qF "no\$'"'"'\\n'"'"'vol: cannot open volume" err
'

# The same damage (lost+found's inode marked free), checked and repaired offline and by the
# daemon: each outcome in the same word in every document.
damage() { debugfs -w -R "freei <11>" "$1" 2>/dev/null; }
test_expect_success 'check and repair --json say the outcome in the words of every other output' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M ov >/dev/null && cp -a ov ov.pristine &&
	expect_status 0 "$CHUNKCTL" -V ov check --json 0 >c0.json &&
	test "$(jq -c "[.result, .outcome, [.chunks[] | [.result, .outcome]]]" c0.json)" = "[0,\"clean\",[[0,\"clean\"]]]" &&
	damage ov/chunk-0001.img &&
	expect_status 4 "$CHUNKCTL" -V ov check --json 1 >c1.json &&
	test "$(jq -c "[.result, .outcome, [.chunks[] | [.result, .outcome]]]" c1.json)" = "[4,\"damaged\",[[4,\"damaged\"]]]" &&
	expect_status 1 "$CHUNKCTL" -V ov repair --json 1 >r1.json &&
	test "$(jq -c "[.result, .outcome, [.chunks[] | [.result, .outcome]]]" r1.json)" = "[1,\"repaired\",[[1,\"repaired\"]]]" &&
	expect_status 0 "$CHUNKCTL" -V ov status --json >s.json 2>/dev/null &&
	test "$(jq -c "[.volumes[].chunks[].last_result]" s.json)" = "[\"clean\",\"repaired\"]"
'

# A volume in a directory whose name holds a newline and an escape sequence that would clear
# the screen: the paths of its chunk images are quoted as ls quotes a name in every report.
test_expect_success 'check, repair and df quote a chunk image path with control characters as ls does' '
	dir=$(printf "q\nv\033[2J") && "$CHUNKCTL" mkfs --chunks 2 --size 4M "$dir" >/dev/null &&
	damage "$dir/chunk-0001.img" &&
	q="'"'"'q'"'"'\$'"'"'\\n'"'"''"'"'v'"'"'\$'"'"'\\033'"'"''"'"'[2J/chunk-000" &&
	expect_status 4 "$CHUNKCTL" -V "$dir" check 0 1 >out 2>&1 &&
	expect_status 1 "$CHUNKCTL" -V "$dir" repair 1 >>out 2>&1 &&
	"$CHUNKCTL" -V "$dir" df --bytes >>out 2>&1 && cat -A out &&
	! grep -q "$(printf "\033")" out &&
	grep -qxF "chunk 0 (${q}0.img'"'"'): check: clean, status 0" out &&
	grep -qF "chunk 1 (${q}1.img'"'"'): check: " out &&
	grep -qF "chunk 1 (${q}1.img'"'"'): repair: " out &&
	test "$(grep -cF "  ${q}" out)" = 2 &&
	! grep -q "^v" out
'

test_expect_success 'status exits 1 when a chunk it shows is missing, as df does; 4 when another is damaged' '
	"$CHUNKCTL" mkfs --chunks 3 --size 4M mv >/dev/null && rm mv/chunk-0002.img &&
	expect_status 1 "$CHUNKCTL" -V mv df >/dev/null 2>&1 &&
	expect_status 1 "$CHUNKCTL" -V mv status >out 2>/dev/null && cat out &&
	grep -E "^mv +2 +missing " out &&
	expect_status 1 "$CHUNKCTL" -V mv status --json >/dev/null 2>&1 &&
	"$BUILD/tests/chunkstate" mv/chunk-0001.img damaged &&
	expect_status 4 "$CHUNKCTL" -V mv status >/dev/null 2>&1
'

test_expect_success 'status shows the last check of a chunk it cannot read as "-", never "never"' '
	chmod 711 "$TRASH" &&
	"$CHUNKCTL" mkfs --chunks 2 --size 4M uv >/dev/null &&
	"$BUILD/tests/chunkstate" uv/chunk-0001.img clean 1764000000 &&
	expect_status 1 nobody "$CHUNKCTL" -V uv status >out 2>/dev/null && cat out &&
	test $(grep -cE "^uv +[01] +unreadable +- +- +- +-$" out) = 2 &&
	! grep -q never out &&
	"$CHUNKCTL" -V uv status >out 2>/dev/null &&
	grep -E "^uv +0 +clean +never " out
'

test_expect_success 'chunkfs refuses an option neither it nor libfuse knows as a usage error (2), before opening the volume' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M fv >/dev/null && mkdir -p fmnt &&
	expect_status 2 "$BUILD/chunkfs" --bogus fv fmnt 2>err && cat err &&
	grep -q "unknown option.*--bogus" err && grep -q "^chunkfs: bad option" err &&
	expect_status 2 "$BUILD/chunkfs" fv fmnt -f -o nosuchopt 2>err && cat err &&
	grep -q "unknown option.*nosuchopt" err &&
	! grep -q "mounted degraded\|cannot open" err && ! mountpoint -q fmnt
'

test_expect_success 'a chunk number the volume does not have is said as every usage error, with the hint' '
	"$CHUNKCTL" mkfs --chunks 4 --size 4M cv >/dev/null &&
	expect_status 16 "$CHUNKCTL" -V cv check 9 2>err &&
	test "$(cat err)" = "chunkctl check: chunk 9: no such chunk (the volume has 4: 0-3) (try '"'"'chunkctl check --help'"'"')" &&
	expect_status 16 "$CHUNKCTL" -V cv repair 9 2>err &&
	grep -qx "chunkctl repair: chunk 9: no such chunk .* (try .chunkctl repair --help.)" err &&
	expect_status 16 "$CHUNKCTL" -V cv scrub 9 2>err && cat err &&
	grep -qx "chunkctl scrub: chunk 9: no such chunk (the volume has 4: 0-3) (try .chunkctl scrub --help.)" err
'

if truncate -s 8M d1.img && LOOP1=$(losetup -f --show d1.img 2>/dev/null); then
	test_at_end "losetup -d '$LOOP1'"
	# Device 1's first 64K, zeroes before: whatever mkfs wrote there shows.
	test_expect_success 'mkfs --devices refuses a device given twice, by its path or a symlink, writing nothing' '
		ln -s "$LOOP1" dlink &&
		dd if=/dev/zero of="$LOOP1" bs=64k count=1 2>/dev/null &&
		expect_status 1 "$CHUNKCTL" -V twice.conf mkfs --devices "$LOOP1" "$LOOP1" 2>err && cat err &&
		grep -q "$LOOP1: the same device ([0-9]*:[0-9]*) as $LOOP1, given before it" err &&
		test ! -e twice.conf &&
		expect_status 1 "$CHUNKCTL" -V twice.conf mkfs --devices "$LOOP1" dlink 2>err && cat err &&
		grep -q "dlink: the same device ([0-9]*:[0-9]*) as $LOOP1" err &&
		test ! -e twice.conf &&
		test "$(head -c 65536 "$LOOP1" | tr -d "\\000" | wc -c)" = 0
	'
else
	test_skip 'mkfs --devices refuses a device given twice' "no loop device here (needs root and losetup)"
fi

if command -v dbus-daemon >/dev/null && bus_start; then
	test_expect_success 'the daemon says the outcome of the same check and repair in the same words, in every output' '
		rm -rf ov && cp -a ov.pristine ov && damage ov/chunk-0001.img &&
		printf "[daemon]\nstate_dir = state\nboot_chunks = 0\ninterval = 365d\nidle_after = 1h\nauto_repair = no\n[volume:o]\npath = ov\n" >o.conf &&
		daemon_start o.conf && wait_for 30 jobs_idle &&
		expect_status 4 "$CHUNKCTL" scrub o 1 --wait --json >w.json &&
		test "$(jq -c "[.result, .outcome, [.jobs[] | [.result, .outcome]]]" w.json)" = "$(jq -c "[.result, .outcome, [.chunks[] | [.result, .outcome]]]" c1.json)" &&
		test "$(chunk_prop o 1 LastResult)" = "\"damaged\"" &&
		chunk_prop o 1 LastReport | grep -qF '"'"'outcome\":\"damaged'"'"' &&
		expect_status 1 "$CHUNKCTL" repair o 1 --wait --json >rw.json &&
		test "$(jq -c "[.result, .outcome, [.jobs[] | [.result, .outcome]]]" rw.json)" = "$(jq -c "[.result, .outcome, [.chunks[] | [.result, .outcome]]]" r1.json)" &&
		test "$(chunk_prop o 1 LastResult)" = "\"repaired\"" &&
		"$CHUNKCTL" status o --json >sd.json &&
		test "$(jq -c "[.volumes[].chunks[].last_result]" sd.json)" = "[null,\"repaired\"]" &&
		tail -1 state/state | grep -q "^history [0-9]* o 1 repair admin [0-9]* [0-9]* repaired 1$" &&
		expect_status 0 "$CHUNKCTL" scrub o 1 --json >q.json &&
		test "$(jq -c "[.outcome, [.jobs[].outcome]]" q.json)" = "[null,[null]]" &&
		wait_for 30 jobs_idle &&
		daemon_stop
	'

	# A job that holds chunk 1 for a while: the chunk is dirty, so the daemon checks it at once,
	# with an e2fsck that first sleeps.
	test_expect_success 'a command refused for a chunk the daemon works on names the job, which leaves no note behind' '
		make_volume bv 2 4M && echo data >f &&
		"$BUILD/tests/chunkstate" bv/chunk-0001.img dirty 1764000000 &&
		slow_e2fsck "$TRASH/slow" 60 &&
		printf "[daemon]\nstate_dir = state-b\nnice = 0\nboot_chunks = 0\ninterval = 365d\nidle_after = 1h\ne2fsck = $TRASH/slow\n[volume:busy]\npath = bv\n" >b.conf &&
		daemon_start b.conf &&
		wait_for 10 "test \"\$(chunk_prop busy 1 JobState)\" = \\\"running\\\"" &&
		job=$(chunk_prop busy 1 Job) && test "$job" -gt 0 &&
		test -s "$CHUNKFS_RUN_DIR/jobs/$(pgrep -P "$(cat daemon.pid)" chunkscrubd)" &&
		why="in use by another process: chunkscrubd (pid [0-9]*), for its job $job, the scrub of chunk 1 of volume busy (\`chunkctl cancel $job\` ends it); chunkctl --wait waits for it" &&
		expect_status 8 "$CHUNKCTL" -V bv repair 1 >out 2>&1 && cat out &&
		grep -q "bv/chunk-0001.img: $why" out &&
		# cp writes in chunk 0, which the job holds too, as the neighbour of chunk 1.
		expect_status 1 "$CHUNKCTL" -V bv cp f :/f 2>err && cat err &&
		grep -q "^chunkfs: bv/chunk-0000.img (chunk 0): $why$" err &&
		"$CHUNKCTL" cancel "$job" &&
		wait_for 10 jobs_idle &&
		test -z "$(ls "$CHUNKFS_RUN_DIR/jobs")" &&
		daemon_stop
	'

	test_expect_success 'the daemon'"'"'s refusals are prefixed "chunkctl CMD:" as every other command'"'"'s' '
		make_volume pv 2 4M &&
		printf "[daemon]\nstate_dir = state-p\nboot_chunks = 0\ninterval = 365d\nidle_after = 1h\n[volume:p]\npath = pv\n" >p.conf &&
		daemon_start p.conf &&
		expect_status 1 "$CHUNKCTL" cancel 999 2>err && cat err &&
		grep -qx "chunkctl cancel: .*999.*" err &&
		expect_status 16 "$CHUNKCTL" scrub p 9 2>err && cat err &&
		grep -qx "chunkctl scrub: .* (try .chunkctl scrub --help.)" err &&
		expect_status 8 "$CHUNKCTL" scrub nope 0 2>err && cat err &&
		grep -qx "chunkctl scrub: .*nope.*" err &&
		daemon_stop &&
		expect_status 1 "$CHUNKCTL" cancel 999 2>err &&
		test "$(cat err)" = "chunkctl cancel: chunkscrubd is not running"
	'

	# Chunk 1 damaged (last result 4), checked again by an e2fsck that first sleeps (the daemon
	# may start on it by itself; scrub then hands its job): while it is "checking", its last
	# result still says damaged, and so does the exit status.
	test_expect_success 'status exits 4 while a damaged chunk is being checked again' '
		make_volume rcv 2 4M &&
		"$BUILD/tests/chunkstate" rcv/chunk-0001.img damaged $(($(date +%s) - 60)) 4 &&
		slow_e2fsck "$TRASH/slow-rc" 60 &&
		printf "[daemon]\nstate_dir = state-rc\nnice = 0\nboot_chunks = 0\ninterval = 365d\nidle_after = 1h\nauto_repair = no\ne2fsck = $TRASH/slow-rc\n[volume:k]\npath = rcv\n" >rc.conf &&
		daemon_start rc.conf &&
		"$CHUNKCTL" scrub k 1 >/dev/null &&
		wait_for 10 "test \"\$(chunk_prop k 1 State)\" = \\\"checking\\\"" &&
		expect_status 4 "$CHUNKCTL" status k >st.txt && cat st.txt &&
		grep -E "^k +1 +checking .* damaged " st.txt &&
		expect_status 4 "$CHUNKCTL" status k --json >/dev/null &&
		"$CHUNKCTL" cancel "$(chunk_prop k 1 Job)" &&
		wait_for 10 jobs_idle &&
		daemon_stop
	'

	# A daemon killed with -9 leaves its job's note behind; a later process given the job's pid
	# (asked of the kernel through ns_last_pid) takes the chunk: flock(1) under the name
	# chunkscrubd, as another job of a daemon would.
	# The daemon runs under a subreaper, which reaps the job as init would: here PID 1 may not.
	test_expect_success 'the note of a job killed with its daemon names no later process with its pid, and the next daemon sweeps it' '
		make_volume kv 2 4M &&
		"$BUILD/tests/chunkstate" kv/chunk-0001.img dirty 1764000000 &&
		slow_e2fsck "$TRASH/slow-k" 60 &&
		printf "[daemon]\nstate_dir = state-k\nnice = 0\nboot_chunks = 0\ninterval = 365d\nidle_after = 1h\ne2fsck = $TRASH/slow-k\n[volume:k]\npath = kv\n" >k.conf &&
		{ subreaper "$CHUNKSCRUBD" -c k.conf >>daemon.log 2>&1 & } && reaper=$! &&
		wait_for 10 daemon_ready && dpid=$(pgrep -P $reaper chunkscrubd) && echo $dpid >>daemon.pids &&
		wait_for 10 "test \"\$(chunk_prop k 1 JobState)\" = \\\"running\\\"" &&
		job=$(chunk_prop k 1 Job) && jobpid=$(pgrep -P $dpid chunkscrubd) &&
		note=$CHUNKFS_RUN_DIR/jobs/$jobpid && test -s "$note" &&
		kill -9 $dpid && wait_for 10 "! test -e /proc/$jobpid" &&
		{ kill $(cat "$TRASH/slow-k.pids") 2>/dev/null || :; } && test -s "$note" &&
		cp "$(command -v flock)" chunkscrubd && n=0 && while :; do
			echo $((jobpid - 1)) >/proc/sys/kernel/ns_last_pid &&
			{ ./chunkscrubd -x kv/chunk-0001.img sleep 60 & } && h=$! &&
			echo $h >>daemon.pids && if [ "$h" = "$jobpid" ]; then break; fi &&
			kill "$h" && n=$((n + 1)) && test $n -lt 20 || die "pid $jobpid is not given again"
		done &&
		wait_for 5 "grep -q \"FLOCK .* $h \" /proc/locks" &&
		expect_status 8 "$CHUNKCTL" -V kv repair 1 >out 2>&1 &&
		expect_status 8 "$CHUNKCTL" -V kv --wait=1 repair 1 >>out 2>&1 && cat out &&
		grep -q "kv/chunk-0001.img: in use by another process: chunkscrubd (pid $h), for one of its jobs" out &&
		grep -q "kv/chunk-0001.img (chunk 1): in use by chunkscrubd (pid $h); waiting for it (up to 1 s)" out &&
		! grep -q "job $job" out &&
		{ sleep 60 & } && other=$! && echo $other >>daemon.pids &&
		echo "$(cut -d" " -f22 /proc/$other/stat) 7 scrub 0 other" >"$CHUNKFS_RUN_DIR/jobs/$other" &&
		sed "/^e2fsck/d; s/state-k/state-k2/" k.conf >k2.conf && daemon_start k2.conf &&
		! test -e "$note" && test -s "$CHUNKFS_RUN_DIR/jobs/$other" &&
		grep -q "Removed 1 job note(s) of jobs that are gone" daemon.log &&
		kill $(pgrep -P $h) $h $other && daemon_stop
	'

	# Chunk 1's superblock zeroed (damaged past opening), chunk 2 missing: the daemon has not
	# read their references either.
	test_expect_success 'status from the daemon shows refs it could not read as "-", null in --json, as offline status does' '
		"$CHUNKCTL" mkfs --chunks 3 --size 4M rv >/dev/null &&
		dd if=/dev/zero of=rv/chunk-0001.img bs=1k seek=1 count=2 conv=notrunc 2>/dev/null && rm rv/chunk-0002.img &&
		printf "[daemon]\nstate_dir = state-r\nboot_chunks = 0\ninterval = 365d\nidle_after = 1h\nauto_repair = no\n[volume:r]\npath = rv\n" >r.conf &&
		daemon_start r.conf && wait_for 30 jobs_idle &&
		expect_status 4 "$CHUNKCTL" status r --json >rd.json &&
		test "$(jq -c "[.volumes[].chunks[] | [.state, .refs]]" rd.json)" = "[[\"clean\",0],[\"damaged\",null],[\"missing\",null]]" &&
		expect_status 4 "$CHUNKCTL" -V rv status --json >ro.json 2>/dev/null &&
		test "$(jq -c "[.volumes[].chunks[].refs]" ro.json)" = "$(jq -c "[.volumes[].chunks[].refs]" rd.json)" &&
		expect_status 4 "$CHUNKCTL" status r >rd.txt && cat rd.txt &&
		grep -E "^r +0 +clean .* 0  -$" rd.txt &&
		grep -E "^r +1 +damaged .* -  -$" rd.txt &&
		grep -E "^r +2 +missing .* -  -$" rd.txt &&
		test "$(chunk_prop r 1 Refs)" = 18446744073709551615 &&
		daemon_stop
	'

	# The same for the daemon's messages on stderr (the journal keeps the bytes): an image in
	# a directory named with an escape sequence, which the daemon cannot open.
	test_expect_success 'the daemon escapes a chunk image path with control characters in its messages' '
		dir=$(printf "e\033[2Jv") && "$CHUNKCTL" mkfs --chunks 2 --size 4M "$dir" >/dev/null &&
		dd if=/dev/zero of="$dir/chunk-0001.img" bs=1k seek=1 count=2 conv=notrunc 2>/dev/null &&
		printf "[daemon]\nstate_dir = state-e\nboot_chunks = 0\ninterval = 365d\nidle_after = 1h\nauto_repair = no\n[volume:e]\npath = %s\n" "$dir" >e.conf &&
		: >daemon.log && daemon_start e.conf && wait_for 30 jobs_idle && daemon_stop && cat -A daemon.log &&
		! grep -q "$(printf "\033")" daemon.log &&
		grep -qF "e\$'"'"'\\033'"'"'[2Jv/chunk-0001.img (chunk 1): not an ext2/ext4 file system" daemon.log
	'
else
	test_skip 'the daemon escapes a chunk image path with control characters' "no dbus-daemon here to run chunkscrubd on"
	test_skip 'the daemon says the outcome of the same check and repair in the same words' "no dbus-daemon here to run chunkscrubd on"
	test_skip 'status from the daemon shows refs it could not read as "-"' "no dbus-daemon here to run chunkscrubd on"
	test_skip 'a command refused for a chunk the daemon works on names the job' "no dbus-daemon here to run chunkscrubd on"
fi

test_done
