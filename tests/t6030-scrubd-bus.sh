#!/bin/bash
# chunkscrubd on the bus: what busctl shows is what chunkctl status shows; anyone may read,
# only root may act; bad arguments get D-Bus error names; the XML in the repo is the live one.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
bus_start

CHUNKSTATE=$BUILD/tests/chunkstate
SVC=org.chunkfs.Scrub1
MGR="/org/chunkfs/Scrub1 org.chunkfs.Scrub1.Manager"
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }

test_expect_success 'setup: a running daemon with a volume of 3 chunks' '
	make_volume vol 3 &&
	"$CHUNKSTATE" vol/chunk-0001.img clean 1764000000 &&
	cat >d.conf <<-EOT
	[daemon]
	state_dir = state
	boot_chunks = 0
	interval = 365d
	idle_after = 1h
	metrics_file = metrics.prom
	[volume:v]
	path = vol
	EOT
	daemon_start d.conf
'

no_losses='"losses":{"count":0,"last":null,"files":[],"more":0}'
test_expect_success 'chunkctl status --json has the documented shape' '
	"$CHUNKCTL" status --json >s.json &&
	cat s.json &&
	test "$(jq -c "[.volumes[0].name, .volumes[0].chunks[0:2]]" s.json)" = \
	     "[\"v\",[{\"chunk\":0,\"state\":\"clean\",\"last_check\":null,\"last_result\":null,\"refs\":0,\"job\":null,$no_losses},{\"chunk\":1,\"state\":\"clean\",\"last_check\":1764000000,\"last_result\":\"clean\",\"refs\":0,\"job\":null,$no_losses}]]"
'

test_expect_success 'busctl and chunkctl status tell the same story, chunk by chunk' '
	for c in 0 1 2; do
		state=$(chunk_prop v $c State) last=$(chunk_prop v $c LastCheck) refs=$(chunk_prop v $c Refs) &&
		[ "$last" = 0 ] && last=null
		jq -c ".volumes[0].chunks[] | select(.chunk == $c) | [(.state | tojson), .last_check, .refs]" s.json >row &&
		test "$(cat row)" = "[$(jq -c "tojson" <<<"$state"),$last,$refs]" ||
		{ echo "chunk $c: busctl says $state $last $refs"; cat row; exit 1; }
	done &&
	"$CHUNKCTL" status v >table &&
	grep -q "^v  *1 clean .* clean  *0  -$" table
'

test_expect_success 'the metrics file has every chunk'"'"'s state and last check' '
	cat metrics.prom &&
	grep -q "^chunkfs_chunk_state{volume=\"v\",chunk=\"1\",state=\"clean\"} 1$" metrics.prom &&
	grep -q "^chunkfs_chunk_state{volume=\"v\",chunk=\"1\",state=\"damaged\"} 0$" metrics.prom &&
	grep -q "^chunkfs_chunk_last_check_seconds{volume=\"v\",chunk=\"1\"} 1764000000$" metrics.prom &&
	grep -q "^chunkfs_scrub_jobs_running 0$" metrics.prom
'

test_expect_success 'the ObjectManager lists the volume and its chunks' '
	busctl --system call $SVC /org/chunkfs/Scrub1 org.freedesktop.DBus.ObjectManager GetManagedObjects >objs &&
	for o in volume/v chunk/v_0 chunk/v_1 chunk/v_2; do
		grep -q "/org/chunkfs/Scrub1/$o\"" objs || { echo "no $o"; exit 1; }
	done
'

# The files repairs lost are read from the chunks, which only root may read here: null for others.
test_expect_success 'a caller that is not root can read status' '
	nobody "$CHUNKCTL" status --json >nobody.json 2>err && test ! -s err &&
	jq -e "[.volumes[].chunks[].losses] | all(. == null)" nobody.json >/dev/null &&
	cmp <(jq -c "del(.volumes[].chunks[].losses)" s.json) <(jq -c "del(.volumes[].chunks[].losses)" nobody.json) &&
	nobody busctl --system get-property $SVC $MGR Status
'

# busctl shows only a generic text for a failed call; dbus-send shows the error name and message.
bus_error() { # [AS=nobody] bus_error METHOD ARGS... : "ERROR.NAME: message" of a failing call
	local method=$1; shift
	${AS:-} dbus-send --system --print-reply --dest=$SVC /org/chunkfs/Scrub1 \
		org.chunkfs.Scrub1.Manager."$method" "$@" 2>&1 | sed -n "s/^Error //p"
}
bus_error_name() { bus_error "$@" | cut -d: -f1; }

test_expect_success 'a caller that is not root is denied Scrub, Repair, Cancel, Pause and Reload' '
	denied="org.freedesktop.DBus.Error.AccessDenied: Only root may" &&
	! nobody busctl --system call $SVC $MGR Scrub sau v 1 0 2>/dev/null &&
	test "$(AS=nobody bus_error Scrub string:v array:uint32:0)" = "$denied start a scrub (caller uid 65534)" &&
	test "$(AS=nobody bus_error Repair string:v uint32:0)" = "$denied repair a chunk (caller uid 65534)" &&
	test "$(AS=nobody bus_error Cancel uint32:1)" = "$denied cancel a job (caller uid 65534)" &&
	test "$(AS=nobody bus_error Pause)" = "$denied pause scrubbing (caller uid 65534)" &&
	test "$(AS=nobody bus_error Reload)" = "$denied reload the configuration (caller uid 65534)" &&
	expect_status 8 nobody "$CHUNKCTL" scrub v 1 2>err && grep -q "Only root may start a scrub" err &&
	expect_status 1 nobody "$CHUNKCTL" pause 2>err && grep -q "Only root may pause" err &&
	test "$(chunk_prop v 1 Job)" = 0 && test "$(chunk_prop v 0 Job)" = 0
'

test_expect_success 'bad method arguments get proper D-Bus error names and messages' '
	test "$(bus_error Scrub string:nope array:uint32:)" = "org.chunkfs.Scrub1.Error.NoSuchVolume: No volume '\''nope'\'' in $TRASH/d.conf" &&
	test "$(bus_error Scrub string:v array:uint32:7)" = "org.chunkfs.Scrub1.Error.NoSuchChunk: Volume '\''v'\'' has no chunk 7 (it has 3 chunks, 0..2)" &&
	test "$(bus_error_name Repair string:v uint32:42)" = org.chunkfs.Scrub1.Error.NoSuchChunk &&
	test "$(bus_error_name Cancel uint32:999)" = org.chunkfs.Scrub1.Error.NoSuchJob &&
	test "$(bus_error_name Scrub string: array:uint32:)" = org.freedesktop.DBus.Error.InvalidArgs &&
	test "$(bus_error_name Scrub string:v)" = org.freedesktop.DBus.Error.InvalidArgs &&
	expect_status 16 "$CHUNKCTL" scrub v x 2>err && grep -q "not a chunk number" err &&
	expect_status 8 "$CHUNKCTL" scrub nope 1 2>err && grep -q "No volume .nope." err &&
	expect_status 16 "$CHUNKCTL" scrub v 7 2>err && grep -q "has no chunk 7" err &&
	expect_status 16 "$CHUNKCTL" repair v 7 2>err && grep -q "has no chunk 7" err
'

test_expect_success 'a scrub by root runs, and --wait reports its result' '
	"$CHUNKCTL" scrub v 2 --wait >out &&
	cat out &&
	grep -q "^v chunk 2: scrub clean (job [0-9]*)$" out &&
	test "$(chunk_prop v 2 LastResult)" = "\"clean\"" &&
	test "$(chunk_prop v 2 LastCheck)" -ge 1764000001
'

test_expect_success 'pause stops automatic scrubbing, resume restarts it' '
	"$CHUNKCTL" pause &&
	test "$(busctl --system get-property $SVC $MGR Paused)" = "b true" &&
	"$CHUNKCTL" resume &&
	test "$(busctl --system get-property $SVC $MGR Paused)" = "b false"
'

test_expect_success 'the introspection XML in the repo equals the live objects' '
	for p in /org/chunkfs/Scrub1 /org/chunkfs/Scrub1/volume/v /org/chunkfs/Scrub1/chunk/v_0; do
		busctl --system --xml-interface introspect $SVC $p
	done | awk "/<interface name=\"org.chunkfs/,/<\\/interface>/" >live.xml &&
	awk "/<interface name=\"org.chunkfs/,/<\\/interface>/" "$SRC/chunkscrubd/org.chunkfs.Scrub1.xml" >repo.xml &&
	test -s live.xml &&
	diff -u repo.xml live.xml
'

test_expect_success 'Reload with a broken file keeps the old configuration and says why' '
	cp d.conf good.conf &&
	echo "bogus = 1" >>d.conf &&
	test "$(bus_error Reload)" = "org.chunkfs.Scrub1.Error.BadConfig: $TRASH/d.conf:9: key '\''bogus'\'': unknown key in [volume:v] (known: path, chunk)" &&
	cp good.conf d.conf &&
	busctl --system call $SVC $MGR Reload &&
	"$CHUNKCTL" status v >/dev/null &&
	daemon_stop
'

test_expect_success 'with no daemon, a volume named in its configuration is read offline, and says so' '
	CHUNKSCRUBD_CONFIG=$TRASH/d.conf "$CHUNKCTL" status v --json >off.json 2>err &&
	grep -q "chunkscrubd is not running; reading $TRASH/vol offline" err &&
	test "$(jq -c "[.volumes[0].name, .volumes[0].chunks[0].chunk]" off.json)" = "[\"v\",0]" &&
	expect_status 1 "$CHUNKCTL" status 2>err &&
	grep -q "chunkscrubd is not running (use -V VOL" err &&
	expect_status 1 "$CHUNKCTL" pause 2>err &&
	grep -q "pause: chunkscrubd is not running" err
'

test_done
