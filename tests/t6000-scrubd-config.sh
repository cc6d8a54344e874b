#!/bin/bash
# chunkscrubd's configuration: mistakes are reported with file:line and key, and the daemon
# refuses to start on them.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
bus_start

bad_config() { # bad_config TEXT EXPECTED-MESSAGE
	printf '%b' "$1" >bad.conf
	# A daemon that takes the mistake for a good configuration runs: stopped, it fails the test.
	expect_status 1 timeout 30 "$CHUNKSCRUBD" -c bad.conf 2>err
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

test_expect_success 'an empty volume section is refused at its line' '
	bad_config "[daemon]\nnice = 5\n[volume:home]\n\n[volume:more]\npath = vol\n" \
		"bad.conf:3: [volume:home] is empty: it needs '\''path ='\''"
'

test_expect_success 'a key given twice is refused at its second line, naming the first' '
	bad_config "[daemon]\nnice = 5\nboot_chunks = 1\nnice = 6\n" "bad.conf:4: key '\''nice'\'': given twice in [daemon] (first on line 2)" &&
	bad_config "[volume:home]\npath = a\npath = b\n" "bad.conf:3: key '\''path'\'': given twice in [volume:home] (first on line 2)"
'

test_expect_success 'a volume named twice is refused at the second section, even an empty one' '
	bad_config "[volume:home]\npath = a\n[volume:home]\n" "bad.conf:3: volume '\''home'\'' is defined twice (first on line 1)"
'

test_expect_success 'a second [daemon] section is refused at its line, naming the first' '
	bad_config "[daemon]\nnice = 5\n[volume:home]\npath = a\n[daemon]\nboot_chunks = 1\n" \
		"bad.conf:5: a second [daemon] section (the first is on line 1)" &&
	bad_config "[daemon]\n[daemon]\nnice = 5\n" "bad.conf:2: a second [daemon] section (the first is on line 1)"
'

test_expect_success 'two volumes with the same path are refused at the second, naming both' '
	"$CHUNKCTL" mkfs --chunks 1 --size 4M same >/dev/null && ln -s same same-link &&
	bad_config "[daemon]\nstate_dir = st\n[volume:a]\npath = same\n[volume:b]\npath = same\n" \
		"bad.conf:6: [volume:b]: path $TRASH/same is the volume of [volume:a] (line 4) too" &&
	bad_config "[daemon]\nstate_dir = st\n[volume:a]\npath = same\n[volume:b]\npath = $TRASH/same-link\n" \
		"bad.conf:6: [volume:b]: path $TRASH/same-link is the volume of [volume:a] (line 4) too" &&
	bad_config "[daemon]\nstate_dir = st\n[volume:a]\npath = same/volume.conf\n[volume:b]\npath = same\n" \
		"bad.conf:6: [volume:b]: path $TRASH/same is the volume of [volume:a] (line 4) too"
'

test_expect_success 'a state_dir that cannot be created or written is refused with its line' '
	bad_config "[daemon]\nnice = 5\nstate_dir = /nonexistent/deeper/state\n" \
		"bad.conf:3: key '\''state_dir'\'': /nonexistent/deeper/state cannot be created" &&
	touch afile &&
	bad_config "[daemon]\nstate_dir = afile\n" "bad.conf:2: key '\''state_dir'\'': $TRASH/afile is not a directory"
'

test_expect_success 'an e2fsck that is missing or not executable is refused with its line' '
	bad_config "[daemon]\nstate_dir = st\ne2fsck = /nonexistent/e2fsck\n" \
		"bad.conf:3: key '\''e2fsck'\'': /nonexistent/e2fsck does not exist" &&
	echo "#!/bin/sh" >e2fsck.txt && chmod 644 e2fsck.txt &&
	bad_config "[daemon]\nstate_dir = st\ne2fsck = ./e2fsck.txt\n" "bad.conf:3: key '\''e2fsck'\'': $TRASH/./e2fsck.txt is not an executable file" &&
	bad_config "[daemon]\nstate_dir = st\ne2fsck = no-such-e2fsck\n" "bad.conf:3: key '\''e2fsck'\'': no-such-e2fsck is not found on \$PATH"
'

test_expect_success '--check-config prints the configuration in force and exits 0, or the error and 1' '
	make_volume cvol 2 &&
	printf "[daemon]\nstate_dir = st\nnice = 5\n[volume:home]\npath = cvol\n" >good.conf &&
	expect_status 0 "$CHUNKSCRUBD" -c good.conf --check-config >out 2>err &&
	test ! -s err && test ! -e st &&
	grep -qx "nice = 5" out && grep -qx "interval = 7d" out && grep -qx "state_dir = $TRASH/st" out &&
	grep -qx "\[volume:home\]" out && grep -qx "path = $TRASH/cvol" out &&
	cp out printed.conf && expect_status 0 "$CHUNKSCRUBD" -c printed.conf --check-config >again &&
	diff <(sed 1d out) <(sed 1d again) &&
	printf "[daemon]\nnice = 5\nnice = 6\n" >bad.conf &&
	expect_status 1 "$CHUNKSCRUBD" -c bad.conf --check-config >out 2>err &&
	test ! -s out && grep -q "bad.conf:3: key .nice.: given twice" err &&
	expect_status 1 "$CHUNKSCRUBD" -c /nonexistent.conf --check-config 2>err &&
	grep -q "/nonexistent.conf: No such file or directory" err
'

test_done
