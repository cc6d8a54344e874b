#!/bin/bash
# chunkscrubd's configuration: mistakes are reported with file:line and key, and the daemon
# refuses to start on them.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
bus_start

bad_config() { # bad_config TEXT EXPECTED-MESSAGE
	printf '%b' "$1" >bad.conf
	expect_status 1 "$CHUNKSCRUBD" -c bad.conf 2>err
	cat err
	grep -F -- "$2" err
}

test_expect_success 'an unknown key is refused with file:line and the key' '
	bad_config "[daemon]\nboot_chunks = 2\nintervall = 7d\n" "bad.conf:3: key '\''intervall'\'': unknown key in [daemon]"
'

test_expect_success 'a duration that is not one is refused' '
	bad_config "[daemon]\ninterval = a week\n" "bad.conf:2: key '\''interval'\'': '\''a week'\'' is not a duration (like 7d, 12h, 30m, 45s)"
'

test_expect_success 'an unknown section is refused' '
	bad_config "[deamon]\nnice = 5\n" "bad.conf:2: unknown section [deamon]"
'

test_expect_success 'a volume without a path or chunks is refused' '
	bad_config "[volume:home]\nchunk = \n" "key '\''chunk'\'': needs an image path"
'

test_expect_success 'a volume whose path does not exist is named' '
	bad_config "[daemon]\nstate_dir = st\n[volume:home]\npath = /nonexistent/vol\n" "[volume:home]: cannot open /nonexistent/vol"
'

test_expect_success 'a missing configuration file is named' '
	expect_status 1 "$CHUNKSCRUBD" -c /nonexistent/chunkscrubd.conf 2>err &&
	grep -F "/nonexistent/chunkscrubd.conf: No such file or directory" err
'

test_expect_success 'a stray argument is a usage error' '
	expect_status 2 "$CHUNKSCRUBD" extra 2>err &&
	grep -F "unexpected argument" err
'

test_expect_success 'the example configuration in conf/ is accepted' '
	sed "s|^;\[volume:home\]|[volume:home]|; s|^;path = .*|path = $TRASH/vol|; s|^;state_dir = .*|state_dir = $TRASH/state|; s|^;metrics_file = .*|metrics_file = $TRASH/metrics.prom|" \
		"$SRC/conf/chunkscrubd.conf" >example.conf &&
	grep -x "path = $TRASH/vol" example.conf &&
	grep -x "state_dir = $TRASH/state" example.conf &&
	make_volume vol 2 &&
	daemon_start example.conf &&
	daemon_stop
'

test_done
