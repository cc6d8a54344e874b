#!/bin/bash
# The installed systemd units, D-Bus files and man pages: where `make install` puts them,
# `systemd-analyze verify` on them, the bus policy on a dbus-daemon of its own, and the
# man pages rendered by man(1). The boot test (t7100) runs them in a real systemd.
. "$(dirname "$0")/test-lib.sh"

DEST=$TRASH/dest
PREFIXED=$TRASH/prefixed
BUS=$TRASH/bus.sock
NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"

# BUILD as the build named it (relative to the source tree): the dependency files it wrote name
# their objects that way, and an object named otherwise would look stale and be rebuilt here,
# without the build's CFLAGS (the sanitized pass's objects need them to link).
REL_BUILD=$(realpath --relative-to="$SRC" "$BUILD")
make_install() { # make_install VAR=VALUE...: this build's make install, quietly
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS \
		make -C "$SRC" --no-print-directory -s install BUILD="$REL_BUILD" "$@"
}
bus_call() { busctl --address="unix:path=$BUS" --timeout=10 "$@"; }
stop_pid_in() { # stop_pid_in FILE: end the process whose pid FILE holds, and wait for it
	local pid
	pid=$(cat "$1" 2>/dev/null) && [ -n "$pid" ] || return 0
	kill "$pid" 2>/dev/null || return 0
	for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
	kill -9 "$pid" 2>/dev/null
}

test_at_end 'stop_pid_in "$TRASH/scrubd.pid"'
test_at_end 'stop_pid_in "$TRASH/bus.pid"'

# test-lib runs a body as the condition of an if, where bash ignores set -e: every step
# is chained with && so that the first failure fails the test.

test_expect_success 'make install puts units, D-Bus files and man pages where they belong' '
	make_install DESTDIR="$DEST" PREFIX=/usr SYSTEMD_UNITDIR=/lib/systemd/system \
		DBUS_SYSTEM_CONFDIR=/usr/share/dbus-1/system.d \
		DBUS_SYSTEM_SERVICEDIR=/usr/share/dbus-1/system-services &&
	missing= &&
	for f in /lib/systemd/system/chunkscrubd.service /lib/systemd/system/chunkscrub@.service \
		 /lib/systemd/system/chunkscrub@.timer /lib/systemd/system/chunkfs-failure@.service \
		 /usr/libexec/chunkfs/chunkfs-failure \
		 /usr/share/dbus-1/system.d/org.chunkfs.Scrub1.conf \
		 /usr/share/dbus-1/system-services/org.chunkfs.Scrub1.service \
		 /usr/share/man/man8/chunkctl.8 /usr/share/man/man8/chunkscrubd.8 \
		 /usr/share/man/man5/chunkscrubd.conf.5 /usr/bin/chunkctl /usr/sbin/chunkscrubd; do
		test -e "$DEST$f" || missing="$missing $f"
	done &&
	{ test -z "$missing" || die "not installed:$missing"; } &&
	test -x "$DEST/usr/libexec/chunkfs/chunkfs-failure"
'

test_expect_success 'the installed units name the binaries of this PREFIX' '
	grep -qx "ExecStart=/usr/sbin/chunkscrubd" "$DEST/lib/systemd/system/chunkscrubd.service" &&
	grep -qx "ExecStart=/usr/bin/chunkctl scrub %I --all --wait" "$DEST/lib/systemd/system/chunkscrub@.service" &&
	grep -qx "ExecStart=/usr/libexec/chunkfs/chunkfs-failure %i" "$DEST/lib/systemd/system/chunkfs-failure@.service" &&
	! grep -rn "@[a-z_]*@" "$DEST/lib/systemd/system" "$DEST/usr/libexec/chunkfs" "$DEST/usr/share/dbus-1"
'

test_expect_success 'the example config is installed beside the config, never over it' '
	if ! test -f "$SRC/conf/chunkscrubd.conf"; then
		! test -e "$DEST/etc/chunkfs"
	else
		cmp "$SRC/conf/chunkscrubd.conf" "$DEST/etc/chunkfs/chunkscrubd.conf.example" &&
		cmp "$SRC/conf/chunkscrubd.conf" "$DEST/etc/chunkfs/chunkscrubd.conf" &&
		echo "# the admin was here" >"$DEST/etc/chunkfs/chunkscrubd.conf" &&
		make_install DESTDIR="$DEST" PREFIX=/usr &&
		grep -qx "# the admin was here" "$DEST/etc/chunkfs/chunkscrubd.conf"
	fi
'

test_expect_success 'the example config keeps its state where chunkscrubd.service may write' '
	# The unit has StateDirectory=chunkfs under ProtectSystem=strict; the config installed
	# when there is none must not point the daemon at a read-only state_dir.
	dir=$(sed -n "s/^[[:space:]]*state_dir[[:space:]]*=[[:space:]]*//p" "$SRC/conf/chunkscrubd.conf") &&
	grep -qx "StateDirectory=chunkfs" "$SRC/units/chunkscrubd.service.in" &&
	{ test -z "$dir" || test "$dir" = /var/lib/chunkfs ||
		die "conf/chunkscrubd.conf: state_dir = $dir, but the unit can write only /var/lib/chunkfs"; }
'

test_expect_success 'systemd-analyze verify is clean on the installed units' '
	# Installed under a PREFIX of its own so that verify finds every ExecStart= binary
	# and, through MANPATH, every man: page the units name as Documentation=.
	make_install PREFIX="$PREFIXED/usr" SYSCONFDIR="$PREFIXED/etc" SYSTEMD_UNITDIR="$PREFIXED/units" \
		DBUS_SYSTEM_CONFDIR="$PREFIXED/dbus/system.d" DBUS_SYSTEM_SERVICEDIR="$PREFIXED/dbus/system-services" &&
	cd "$PREFIXED/units" &&
	rc=0 &&
	{ MANPATH="$PREFIXED/usr/share/man" systemd-analyze verify ./chunkscrubd.service \
		./chunkscrub@demo.service ./chunkscrub@demo.timer \
		./chunkfs-failure@chunkscrubd.service.service >"$TRASH/verify.log" 2>&1 || rc=$?; } &&
	cat "$TRASH/verify.log" &&
	test $rc -eq 0 && ! test -s "$TRASH/verify.log"
'

test_expect_success 'chunkscrub@: systemd-escape'"'"'s instance of a name with - and / is that name again' '
	# A name with "/" is no volume name, but it is where a wrong specifier shows: %i would
	# hand chunkctl the escaped "home\x2d2-x", a plain instance "home-2-x" under %I "home/2/x".
	name=home-2/x &&
	inst=$(systemd-escape --template=chunkscrub@.service "$name") &&
	test "$inst" = "chunkscrub@home\\x2d2-x.service" &&
	test "$(systemd-escape --template=chunkscrub@.timer "$name")" = "chunkscrub@home\\x2d2-x.timer" &&
	# The specifier the unit gives chunkctl as the volume, made the path of a probe command:
	# systemd-analyze verify finds the probe only where the specifier gives the name back.
	spec=$(sed -n "s|^ExecStart=.*/chunkctl scrub \([^ ]*\) --all --wait$|\1|p" "$PREFIXED/units/chunkscrub@.service") &&
	test -n "$spec" &&
	mkdir -p "$TRASH/probe/home-2" "$TRASH/probe-units" &&
	printf "#!/bin/sh\n" >"$TRASH/probe/home-2/x" && chmod +x "$TRASH/probe/home-2/x" &&
	sed "s|^ExecStart=.*|ExecStart=$TRASH/probe/$spec|" "$PREFIXED/units/chunkscrub@.service" \
		>"$TRASH/probe-units/chunkscrub@.service" &&
	cp "$PREFIXED/units/chunkfs-failure@.service" "$TRASH/probe-units/" &&
	cd "$TRASH/probe-units" &&
	MANPATH="$PREFIXED/usr/share/man" systemd-analyze verify "./$inst" >"$TRASH/verify.log" 2>&1 &&
	! test -s "$TRASH/verify.log" &&
	rc=0 && MANPATH="$PREFIXED/usr/share/man" systemd-analyze verify ./chunkscrub@home-2-x.service \
		>"$TRASH/verify.log" 2>&1 || rc=$?
	cat "$TRASH/verify.log" &&
	test $rc -ne 0 && grep -q "probe/home/2/x" "$TRASH/verify.log"
'

test_expect_success 'the man page enables the timer of a volume through systemd-escape' '
	grep -q "systemd\\\\-escape \\\\-\\\\-template=chunkscrub@.timer" "$SRC/man/chunkscrubd.8" &&
	grep -q "systemd-escape --template=chunkscrub@.timer" "$SRC/README.md"
'

test_expect_success 'chunkctl scrub of a name with "/" (a unit instance not made by systemd-escape) says how to make it' '
	rc=0 && DBUS_SYSTEM_BUS_ADDRESS=unix:path=$TRASH/nobus "$CHUNKCTL" scrub home/2 --all 2>err || rc=$?
	cat err &&
	test $rc = 16 &&
	grep -q "systemd-escape --template=chunkscrub@.timer" err
'

test_expect_success 'systemd-analyze verify notices a unit that is not clean' '
	cd "$PREFIXED/units" &&
	sed "s/^Nice=19/Nice=99/" chunkscrubd.service >"$TRASH/broken.service" &&
	MANPATH="$PREFIXED/usr/share/man" systemd-analyze verify "$TRASH/broken.service" >"$TRASH/verify.log" 2>&1;
	cat "$TRASH/verify.log" &&
	grep -q "Nice" "$TRASH/verify.log"
'

test_expect_success 'the man pages render without a warning and have a NAME line' '
	bad= &&
	for page in "$SRC"/man/*.[0-9]; do
		man --warnings -l "$page" >"$TRASH/page.txt" 2>"$TRASH/page.err" || bad="$bad $page"
		test -s "$TRASH/page.err" && { cat "$TRASH/page.err"; bad="$bad $page"; }
		lexgrog "$page" || bad="$bad $page"
	done &&
	{ test -z "$bad" || die "man pages with warnings or no NAME line:$bad"; }
'

test_expect_success 'a dbus-daemon takes the bus policy as the system bus would' '
	{
		echo "<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN\""
		echo " \"https://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">"
		echo "<busconfig><type>system</type><listen>unix:path=$BUS</listen><auth>EXTERNAL</auth>"
		# The default policy of this machine'"'"'s system bus, then ours, as system.d/ adds it.
		sed -n "/<policy context=\"default\">/,/<\/policy>/p" /usr/share/dbus-1/system.conf
		echo "<include>$DEST/usr/share/dbus-1/system.d/org.chunkfs.Scrub1.conf</include></busconfig>"
	} >"$TRASH/bus.conf" &&
	chmod o+x "$TRASH" &&
	{ dbus-daemon --config-file="$TRASH/bus.conf" --nofork --print-pid >"$TRASH/bus.pid" 2>"$TRASH/bus.err" & } &&
	for i in $(seq 50); do test -S "$BUS" && break; sleep 0.1; done &&
	{ test -S "$BUS" || { cat "$TRASH/bus.err"; false; }; } &&
	bus_call list >/dev/null
'

test_expect_success 'root may own org.chunkfs.Scrub1' '
	bus_call call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus \
		RequestName su org.chunkfs.Scrub1 0 >"$TRASH/own.out" &&
	grep -qx "u 1" "$TRASH/own.out"
'

# dbus-send, unlike busctl, prints an error's message, which says who refused the call.
test_expect_success 'a user that is not root may not own org.chunkfs.Scrub1' '
	! $NOBODY dbus-send --bus="unix:path=$BUS" --print-reply --dest=org.freedesktop.DBus \
		/org/freedesktop/DBus org.freedesktop.DBus.RequestName string:org.chunkfs.Scrub1 uint32:0 \
		>"$TRASH/own.out" 2>&1 &&
	cat "$TRASH/own.out" &&
	grep -q "AccessDenied.*not allowed to own the service \"org.chunkfs.Scrub1\"" "$TRASH/own.out"
'

test_expect_success 'anyone may read chunkscrubd, and only the daemon says no to a non-root Pause' '
	mkdir -p "$TRASH/state" &&
	printf "[daemon]\nstate_dir = %s\n" "$TRASH/state" >"$TRASH/scrubd.conf" &&
	{ DBUS_SYSTEM_BUS_ADDRESS="unix:path=$BUS" "$CHUNKSCRUBD" -c "$TRASH/scrubd.conf" \
		>"$TRASH/scrubd.log" 2>&1 & echo $! >"$TRASH/scrubd.pid"; } &&
	for i in $(seq 50); do bus_call status org.chunkfs.Scrub1 >/dev/null 2>&1 && break; sleep 0.1; done &&
	{ bus_call status org.chunkfs.Scrub1 >/dev/null || { cat "$TRASH/scrubd.log"; false; }; } &&
	$NOBODY busctl --address="unix:path=$BUS" get-property org.chunkfs.Scrub1 /org/chunkfs/Scrub1 \
		org.chunkfs.Scrub1.Manager Status &&
	! $NOBODY dbus-send --bus="unix:path=$BUS" --print-reply --dest=org.chunkfs.Scrub1 \
		/org/chunkfs/Scrub1 org.chunkfs.Scrub1.Manager.Pause >"$TRASH/pause.out" 2>&1 &&
	cat "$TRASH/pause.out" &&
	grep -q "AccessDenied" "$TRASH/pause.out" &&
	! grep -q "Rejected send message" "$TRASH/pause.out" &&
	bus_call call org.chunkfs.Scrub1 /org/chunkfs/Scrub1 org.chunkfs.Scrub1.Manager Pause
'

test_done
