#!/bin/bash
# The admin's first hour with chunkctl (issue 22): mistakes are said in the admin's terms and
# leave nothing behind; every command answers --help, exits by one rule, and refuses in the same
# words; what a command shows it shows as --json in one document, with -h in human sizes, and
# with no name able to rewrite the terminal.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
CHUNKSTATE=$BUILD/tests/chunkstate

test_expect_success 'mkfs with chunks too small for ext4 is a usage error in sizes, leaves nothing' '
	expect_status 2 "$CHUNKCTL" mkfs --chunks 2 --size 1M small 2>err &&
	test "$(cat err)" = "chunkctl mkfs: --size 1M: too small: a chunk is 2M at least (try '"'"'chunkctl mkfs --help'"'"')" &&
	test ! -e small
'

test_expect_success 'mkfs with chunks larger than a chunk can be is a usage error, leaves nothing' '
	expect_status 2 "$CHUNKCTL" mkfs --chunks 2 --size 100T huge 2>err &&
	test "$(cat err)" = "chunkctl mkfs: --size 100T: too large: a chunk is 16T less 4K at most (try '"'"'chunkctl mkfs --help'"'"')" &&
	expect_status 2 "$CHUNKCTL" mkfs --chunks 2 --size 17T huge 2>err &&
	grep -q "^chunkctl mkfs: --size 17T: too large" err &&
	test ! -e huge
'

test_expect_success 'mkfs with more chunks than the format allows names the limit' '
	expect_status 2 "$CHUNKCTL" mkfs --chunks 5000 --size 8M many 2>err &&
	grep -q "5000: a volume has 1 to 4096 chunks (the format.s limit)" err &&
	test ! -e many
'

test_expect_success 'a mkfs whose image cannot be made removes it, and the directory it made' '
	(ulimit -f 10240 && trap "" XFSZ && exec "$CHUNKCTL" mkfs --chunks 2 --size 16M half) 2>err && die "mkfs succeeded" ;
	grep -q "half/chunk-0000.img: cannot make an image of 16M here" err &&
	test ! -e half
'

test_expect_success 'a mkfs that fails half way into an existing directory removes only what it made' '
	mkdir mine && echo keep >mine/chunk-0001.img && echo keep >mine/notes &&
	expect_status 1 "$CHUNKCTL" mkfs --chunks 3 --size 4M mine 2>err &&
	grep -q "mine/chunk-0001.img: cannot create chunk image: File exists" err &&
	ls mine >left && printf "chunk-0001.img\nnotes\n" | diff - left &&
	echo keep | cmp - mine/chunk-0001.img
'

test_expect_success 'chunkctl --wait waits for a chunk another process holds, saying so; without it, refused at once' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M wv >/dev/null && echo data >f &&
	hold_chunk wv/chunk-0000.img &&
	expect_status 1 "$CHUNKCTL" -V wv cp f :/f 2>err && cat err &&
	grep -q "wv/chunk-0000.img (chunk 0): in use by another process" err &&
	{ "$CHUNKCTL" -V wv --wait cp f :/f 2>err & cp_pid=$!; } &&
	n=100 && until grep -q "in use by flock (pid [0-9]*); waiting for it$" err || [ $n -eq 0 ]; do
		sleep 0.1; n=$((n - 1))
	done && cat err && grep -q "in use by flock (pid [0-9]*); waiting for it$" err &&
	kill -0 $cp_pid && release_chunk && wait $cp_pid &&
	"$CHUNKCTL" -V wv cat :/f | cmp - f &&
	expect_status 2 "$CHUNKCTL" -V wv --wait=soon df 2>err && grep -q -- "--wait=soon: not a number" err
'

# script(1) gives the command a terminal; its output is what the terminal got.
test_expect_success 'progress on a terminal for cp -r and check --all; none with -q, none without a terminal' '
	"$CHUNKCTL" mkfs --chunks 3 --size 16M pv >/dev/null && mkdir -p ptree &&
	for i in $(seq 1 40); do head -c 30000 /dev/urandom >ptree/f$i; done &&
	script -qfec "\"$CHUNKCTL\" -V pv cp -r ptree :/t" /dev/null >tty.out &&
	grep -aq "cp: [0-9]* file(s), [0-9.]*[KM]" tty.out &&
	script -qfec "\"$CHUNKCTL\" -V pv check --all" /dev/null >tty.out &&
	grep -aq "check: chunk 0 (1 of 3)" tty.out && grep -aq "check: chunk 2 (3 of 3)" tty.out &&
	script -qfec "\"$CHUNKCTL\" -q -V pv check --all" /dev/null >tty.out &&
	! grep -aq "check: chunk" tty.out && grep -aq "status 0" tty.out &&
	"$CHUNKCTL" -V pv cp -r ptree :/t2 2>err && ! test -s err &&
	"$CHUNKCTL" -V pv check --all >out 2>err && ! test -s err && ! grep -q "check: chunk" out
'

test_expect_success 'progress on a terminal for rm -r too; none with -q, none without a terminal' '
	"$CHUNKCTL" mkfs --chunks 2 --size 8M rv >/dev/null && mkdir -p rtree/d &&
	for i in $(seq 1 30); do echo $i >rtree/f$i; echo $i >rtree/d/g$i; done &&
	for t in t1 t2 t3; do "$CHUNKCTL" -V rv cp -r rtree :/$t; done &&
	script -qfec "\"$CHUNKCTL\" -V rv rm -r :/t1" /dev/null >tty.out &&
	grep -aq "rm: [0-9]* file(s) removed" tty.out &&
	script -qfec "\"$CHUNKCTL\" -q -V rv rm -r :/t2" /dev/null >tty.out &&
	! grep -aq "rm: " tty.out &&
	"$CHUNKCTL" -V rv rm -r :/t3 2>err && ! test -s err &&
	test "$("$CHUNKCTL" -V rv ls :/ | grep -c "t[123]")" = 0
'

if mkdir small && mount -t tmpfs -o size=8M chunkfs-t3400 small 2>/dev/null; then
	test_at_end "umount '$PWD/small'"
	test_expect_success 'mkfs of images larger in all than their file system: made, with a warning saying so' '
		"$CHUNKCTL" mkfs --chunks 4 --size 16M small/v >uuid 2>err && cat err &&
		grep -q "warning: the 4 images may grow to 64M in all, but small/v has .* free" err &&
		"$CHUNKCTL" -V small/v df >/dev/null &&
		"$CHUNKCTL" mkfs --chunks 2 --size 2M small/w 2>err && ! test -s err
	'
else
	echo "# skipping the overcommit warning test: cannot mount a tmpfs here (not root?)"
fi

if truncate -s 8M dev.img && LOOP=$(losetup -f --show dev.img 2>/dev/null); then
	test_at_end "losetup -d '$LOOP'"
	test_expect_success 'mkfs --devices with a chunk size larger than a device names the device' '
		expect_status 1 "$CHUNKCTL" -V dev.conf mkfs --size 16M --devices "$LOOP" 2>err &&
		grep -q "$LOOP: the device holds 8M, less than the chunk size 16M" err &&
		test ! -e dev.conf
	'
	test_expect_success 'mkfs --devices --size makes chunks of that size on the device' '
		"$CHUNKCTL" -V dev.conf mkfs --size 4M --devices "$LOOP" >/dev/null &&
		dumpe2fs -h "$LOOP" 2>/dev/null | grep -q "^Block count: *1024$" &&
		"$CHUNKCTL" -V dev.conf df >/dev/null
	'
else
	test_skip 'mkfs --devices with sizes that cannot work' "no loop device here (needs root and losetup)"
fi

test_expect_success 'every command listed by chunkctl --help answers --help (and -h but on df, ls, status) with its usage' '
	"$CHUNKCTL" --help >list &&
	sed -n "/^Commands:/,\$p" list | awk "NR > 1 { print \$1 }" >commands &&
	test $(wc -l <commands) -ge 19 &&
	while read -r cmd; do
		# -h is human-readable sizes where sizes are shown, as in df(1) and ls(1)
		case $cmd in df|ls|status) hs=--help ;; *) hs="--help -h" ;; esac
		for h in $hs; do
			rc=0 && "$CHUNKCTL" $cmd $h >out 2>err || rc=$?
			test $rc -eq 0 || die "$cmd $h: exit $rc: $(cat err)"
			grep -q "^Usage: chunkctl .*$cmd" out || die "$cmd $h: no usage on stdout"
			test ! -s err || die "$cmd $h: wrote to stderr: $(cat err)"
		done
		expect_status 0 "$CHUNKCTL" -V vol $cmd --help >/dev/null
	done <commands
'

test_expect_success '-V on a file that is not a volume file says so in one line naming it' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M vol >/dev/null &&
	printf "#!/bin/sh\necho hello\n" >script.sh &&
	for f in "$CHUNKCTL" vol/chunk-0000.img script.sh; do
		expect_status 1 "$CHUNKCTL" -V "$f" df >out 2>err &&
		test $(wc -l <err) -eq 1 || die "$f: not one line: $(cat err)"
		grep -q "^chunkfs: $f: .*not a chunkfs volume file" err || die "$f: $(cat err)"
	done &&
	expect_status 1 "$CHUNKCTL" -V vol/chunk-0000.img df 2>err &&
	grep -q "vol/chunk-0000.img: an ext2/ext4 file system image, not a chunkfs volume file" err &&
	{ printf "\n# made by hand\n  [volume]  \r\n"; sed 1d vol/volume.conf | grep -v "^\[volume\]"; } >vol/hand.conf &&
	"$CHUNKCTL" -V vol/hand.conf df >/dev/null
'

test_expect_success 'cref takes the volume as -V VOL, before or after the command, or --volume' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M crefvol >/dev/null &&
	"$CHUNKCTL" cref --volume crefvol --json >long.json &&
	"$CHUNKCTL" cref -V crefvol --json >short.json &&
	"$CHUNKCTL" -V crefvol cref --json >global.json &&
	cmp long.json short.json && cmp long.json global.json &&
	"$CHUNKCTL" cref --help | grep -q -- "-V, --volume VOL" &&
	expect_status 2 "$CHUNKCTL" -V crefvol cref --volume other 2>err &&
	grep -q "two volumes given: crefvol and other" err
'

test_expect_success 'status exits 4 when a chunk it shows is damaged, 0 when none is' '
	"$CHUNKCTL" mkfs --chunks 3 --size 4M svol >/dev/null &&
	expect_status 0 "$CHUNKCTL" -V svol status >table 2>/dev/null &&
	"$CHUNKSTATE" svol/chunk-0001.img damaged &&
	expect_status 4 "$CHUNKCTL" -V svol status >table 2>/dev/null &&
	grep -q "^.*svol  *1 damaged " table &&
	expect_status 4 "$CHUNKCTL" -V svol status --json >s.json 2>/dev/null &&
	test "$(jq -r ".volumes[0].chunks[1].state" s.json)" = damaged &&
	"$CHUNKCTL" status --help | grep -q "4 a chunk shown is damaged"
'

# The one exit-code rule (chunkctl/main.c): check, repair and scrub exit with fsck(8)'s codes,
# every other command with 0/1/2; the same failure reads the same from every command.
fsck_family() { case "$1" in check|repair|scrub) return 0 ;; *) return 1 ;; esac; }

test_expect_success 'a bad option is a usage error in the same words from every command: 16 for check, repair, scrub, else 2' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M uvol >/dev/null &&
	"$CHUNKCTL" --help | sed -n "/^Commands:/,\$p" | awk "NR > 1 { print \$1 }" >commands &&
	while read -r cmd; do
		want=2 && ! fsck_family $cmd || want=16
		rc=0 && "$CHUNKCTL" -V uvol $cmd --no-such-option >out 2>err || rc=$?
		test $rc -eq $want || die "$cmd: exit $rc, not $want"
		grep -qx "chunkctl $cmd: bad option (try .chunkctl $cmd --help.)" err || die "$cmd: $(cat err)"
		test ! -s out || die "$cmd: wrote to stdout"
	done <commands &&
	expect_status 16 "$CHUNKCTL" check --all 2>err &&
	grep -qx "chunkctl check: needs a volume: chunkctl -V VOL check ... (try .chunkctl check --help.)" err &&
	expect_status 2 "$CHUNKCTL" ls 2>err &&
	grep -qx "chunkctl ls: needs a volume: chunkctl -V VOL ls ... (try .chunkctl ls --help.)" err
'

nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
test_expect_success 'a user who cannot read the chunks is refused in the same words by every command: 8 for check, repair, scrub, else 1' '
	chmod 711 "$TRASH" &&
	"$CHUNKCTL" mkfs --chunks 2 --size 4M pvol >/dev/null &&
	"$CHUNKCTL" -V pvol mkdir :/d &&
	for args in "ls" "ls -l :/d" "cat :/d" "stat :/d" "mkdir :/e" "rm :/d" "mv :/d :/f" "ln :/d :/g" \
		    "cp :/d here" "refs 0" "cref" "check" "check 0" "repair 0" "scrub 0"; do
		set -- $args
		want=1 && ! fsck_family $1 || want=8
		rc=0 && nobody "$CHUNKCTL" -V pvol $args >out 2>err || rc=$?
		test $rc -eq $want || die "$args: exit $rc, not $want: $(cat err)"
		grep -q "^chunkctl $1: permission denied: uid 65534 cannot \(read\|write\) the chunk images (pvol/chunk-0000.img, ...)" err ||
			die "$args: $(cat err)"
	done
'

test_expect_success 'df and status of a user who cannot read the chunks say so, and call no chunk damaged' '
	chmod 711 "$TRASH" &&
	"$CHUNKCTL" mkfs --chunks 2 --size 4M dvol >/dev/null &&
	expect_status 1 nobody "$CHUNKCTL" -V dvol df >out 2>err &&
	test $(grep -c "^chunkctl df: permission denied: uid 65534 cannot read chunk [01] (dvol/chunk-000[01].img)" err) = 2 &&
	! grep -q damaged out && test $(grep -c " unreadable " out) = 2 &&
	expect_status 1 nobody "$CHUNKCTL" -V dvol df --json >out.json 2>/dev/null &&
	test "$(jq -c "[.chunks[].state]" out.json)" = "[\"unreadable\",\"unreadable\"]" &&
	expect_status 1 nobody "$CHUNKCTL" -V dvol status >out 2>err &&
	test $(grep -c "^chunkctl status: permission denied: uid 65534 cannot read chunk" err) = 2 &&
	! grep -q damaged out && test $(grep -c " unreadable " out) = 2 &&
	expect_status 1 "$CHUNKCTL" -V no-such-volume status >out 2>/dev/null && test ! -s out
'

test_expect_success 'a user who may read but not write the chunks: check gives its verdict, says once it was not recorded' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M rvol >/dev/null && echo data >rf && "$CHUNKCTL" -V rvol cp rf :/rf &&
	chmod 755 rvol && chmod 644 rvol/* && sha256sum rvol/*.img >before &&
	expect_status 0 nobody "$CHUNKCTL" -V rvol check 0 >out 2>err && cat out err &&
	grep -q "check: clean, status 0" out &&
	test "$(cat err)" = "chunkfs: rvol/chunk-0000.img: the check result (above) stands, but could not be recorded in the chunk: Permission denied; the chunk keeps its state" &&
	sha256sum -c --quiet before
'

test_expect_success 'every binary answers --version with its name and the one version' '
	v=$("$CHUNKCTL" --version) && echo "$v" | grep -qx "chunkctl [0-9][0-9.]*" &&
	n=${v#chunkctl } &&
	test "$("$CHUNKSCRUBD" --version)" = "chunkscrubd $n" &&
	"$BUILD/chunkfs" --version | grep -q "^chunkfs $n " &&
	"$CHUNKSCRUBD" --help | grep -q -- --version && "$CHUNKCTL" --help | grep -q -- --version
'

test_expect_success 'df --json says used space, and every --json names a chunk number "chunk"' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M jvol >/dev/null &&
	"$CHUNKCTL" -V jvol mkdir :/d &&
	"$CHUNKCTL" -V jvol df --json >df.json &&
	jq -e "all(.chunks[]; .used == .bytes - .free) and .used == .bytes - .free and .used > 0" df.json >/dev/null &&
	test "$(jq -c "[.chunks[].chunk]" df.json)" = "[0,1]" &&
	"$CHUNKCTL" -V jvol status --json >st.json 2>/dev/null &&
	test "$(jq -c "[.volumes[0].chunks[].chunk]" st.json)" = "[0,1]" &&
	"$CHUNKCTL" -V jvol refs 0 --json | jq -e ".chunk == 0" >/dev/null &&
	! grep -q "\"id\"" df.json st.json
'

test_expect_success 'ls of several paths heads each with the path as given, -R its subdirectories with one slash' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M lvol >/dev/null &&
	"$CHUNKCTL" -V lvol mkdir -p :/a/sub :/b &&
	"$CHUNKCTL" -V lvol ls :a/ ://b >out &&
	printf ":a/:\nsub\n\n://b:\n" | diff - out &&
	"$CHUNKCTL" -V lvol ls -R :/a/ >out &&
	printf ":/a/:\nsub\n\n:/a/sub:\n" | diff - out
'

test_expect_success 'ls quotes names with control characters or bytes that are not UTF-8 as GNU ls does' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M qvol >/dev/null &&
	mkdir host && (cd host && mkdir "$(printf "evil\n\033[31mred")" "$(printf "bad\377x it'"'"'s")" \
		"$(printf "c1\302\233x")" "$(printf "tab\there")") &&
	for d in host/*; do "$CHUNKCTL" -V qvol mkdir ":/${d#host/}" || exit 1; done &&
	"$CHUNKCTL" -V qvol mkdir :/plain &&
	(cd host && LC_ALL=C.UTF-8 ls --quoting-style=shell-escape && echo plain) | LC_ALL=C sort >want &&
	"$CHUNKCTL" -V qvol ls | grep -v "^lost+found$" | LC_ALL=C sort >got &&
	diff want got &&
	test $(wc -l <got) = 5 && ! grep -q "$(printf "\033")" got &&
	"$CHUNKCTL" -V qvol ls -l | grep -q " .evil.\$.\\\\n\\\\033..\[31mred.$"
'

test_expect_success 'ls --json: one document, a listing per directory, entries keyed as stat keys them' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M jl >/dev/null &&
	"$CHUNKCTL" -V jl mkdir -p :/a/sub && echo hi >f && "$CHUNKCTL" -V jl cp f :/a/f &&
	"$CHUNKCTL" -V jl ls --json -R :/a :/a/f >ls.json &&
	jq -s -e "length == 1" ls.json >/dev/null &&
	test "$(jq -c "[.listings[].path]" ls.json)" = "[\"/a\",\"/a/sub\",\"/a/f\"]" &&
	test "$(jq -c "[.listings[0].entries[] | [.name, .type, .chunk]]" ls.json)" = "[[\"f\",\"file\",0],[\"sub\",\"directory\",0]]" &&
	"$CHUNKCTL" -V jl ls -l --json :/a >ll.json &&
	jq -e ".listings[0].entries[0] | .name == \"f\" and .size == 3 and .nlink == 1 and .mode == \"0644\"" ll.json >/dev/null &&
	"$CHUNKCTL" -V jl stat --json :/a/f >st.json &&
	test "$(jq -c ".listings[0].entries[0] | [.ino, .chunk, .local_ino]" ll.json)" = "$(jq -c ".files[0] | [.ino, .chunk, .local_ino]" st.json)"
'

test_expect_success 'df -h and ls -lh show sizes as df -h does; --bytes, or no terminal, shows bytes' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M hvol >/dev/null &&
	head -c 1536 /dev/zero >k && "$CHUNKCTL" -V hvol cp k :/k &&
	"$CHUNKCTL" -V hvol df -h >df.h &&
	grep -q "^    0  *4.0M  *[0-9.]*K  *3.[0-9]M " df.h && grep -q "^total  *8.0M " df.h &&
	"$CHUNKCTL" -V hvol df >df.b && grep -q "^    0  *4194304 " df.b &&
	"$CHUNKCTL" -V hvol df -h --bytes >df.hb && cmp df.b df.hb &&
	"$CHUNKCTL" -V hvol ls -lh :/k | grep -q " 1.5K .* :/k$" &&
	"$CHUNKCTL" -V hvol ls -l :/k | grep -q " 1536 .* :/k$" &&
	expect_status 0 "$CHUNKCTL" -V hvol status -h >st.h 2>/dev/null &&
	expect_status 0 "$CHUNKCTL" -V hvol status --bytes >st.b 2>/dev/null && cmp st.h st.b &&
	expect_status 0 "$CHUNKCTL" -V hvol status -h --bytes >/dev/null 2>&1 &&
	if command -v script >/dev/null; then
		script -qec "\"$CHUNKCTL\" -V hvol df" /dev/null | tr -d "\r" >df.tty &&
		grep -q "^    0  *4.0M " df.tty &&
		script -qec "\"$CHUNKCTL\" -V hvol df --bytes" /dev/null | tr -d "\r" | grep -q "^    0  *4194304 "
	fi
'

# Every option in a usage text (its Usage: lines and its option list, not its prose) is in the
# man page: MAN, with groff's \- and font escapes taken out.
options_of() { grep -E "^(Usage:| +[-[])" | grep -oE -- "(^|[][ |,/])--?[A-Za-z][A-Za-z0-9-]*" | sed "s/^[][ |,\/]//" | sort -u; }
man_text() { sed "s/\\\\-/-/g; s/\\\\f[BIRP]//g" "$1"; }
in_man() { # in_man OPTION MANTEXT
	case $1 in
	--*) grep -qE -- "$1([^a-z0-9-]|\$)" "$2" ;;
	*) grep -qE -- "(^|[^-a-zA-Z0-9])$1([^a-zA-Z0-9-]|\$)" "$2" ;;
	esac
}
test_expect_success 'every option that a --help shows is in the man page' '
	man_text "$SRC/man/chunkctl.8" >chunkctl.txt && man_text "$SRC/man/chunkscrubd.8" >chunkscrubd.txt &&
	"$CHUNKCTL" --help | options_of >opts && n=$(wc -l <opts) &&
	while read -r o; do in_man "$o" chunkctl.txt || die "chunkctl $o: not in chunkctl(8)"; done <opts &&
	"$CHUNKCTL" --help | sed -n "/^Commands:/,\$p" | awk "NR > 1 { print \$1 }" >commands &&
	while read -r cmd; do
		"$CHUNKCTL" $cmd --help | options_of >opts && n=$((n + $(wc -l <opts))) &&
		while read -r o; do in_man "$o" chunkctl.txt || die "chunkctl $cmd $o: not in chunkctl(8)"; done <opts
	done <commands &&
	test $n -ge 50 || die "only $n options found: the usage texts were not read" &&
	"$CHUNKSCRUBD" --help | options_of >opts && test $(wc -l <opts) -ge 5 &&
	while read -r o; do in_man "$o" chunkscrubd.txt || die "chunkscrubd $o: not in chunkscrubd(8)"; done <opts &&
	# chunkfs: its own options, and libfuse'"'"'s that its --help lists after them.
	man_text "$SRC/man/chunkfs.8" >chunkfs.txt &&
	{ "$BUILD/chunkfs" --help 2>&1 || :; } | sed -n "/^chunkfs options:/,\$p" |
		grep -oE -- " -o [a-z_]+" | sed "s/^ -o //" | sort -u >opts &&
	test $(wc -l <opts) -ge 10 &&
	while read -r o; do grep -qE -- "-o $o([^a-z_]|\$)" chunkfs.txt || die "chunkfs -o $o: not in chunkfs(8)"; done <opts &&
	for o in -f -d -s -h --help -V --version; do in_man "$o" chunkfs.txt || die "chunkfs $o: not in chunkfs(8)"; done
'

test_expect_success 'scrub -V --json prints the one document check --json prints' '
	"$CHUNKCTL" mkfs --chunks 3 --size 4M ovol >/dev/null &&
	expect_status 0 "$CHUNKCTL" -V ovol scrub --json 0 2 >s.json 2>/dev/null &&
	jq -s -e "length == 1" s.json >/dev/null &&
	test "$(jq -c "[.volume, [.chunks[].chunk], .result]" s.json)" = "[\"ovol\",[0,2],0]" &&
	"$CHUNKCTL" -V ovol check --json 0 2 | jq -c "keys" >check.keys &&
	jq -c "keys" s.json | diff check.keys -
'

if command -v dbus-daemon >/dev/null && bus_start; then
	# The daemon checks a DAMAGED chunk at once: chunk 2 of b is damaged for real (lost+found's
	# inode marked free), so that its check finds it so again.
	test_expect_success 'status NAME through the daemon shows NAME alone, in text as in JSON' '
		"$CHUNKCTL" mkfs --chunks 2 --size 4M va >/dev/null &&
		"$CHUNKCTL" mkfs --chunks 3 --size 4M vb >/dev/null &&
		debugfs -w -R "freei <11>" vb/chunk-0002.img 2>/dev/null &&
		"$CHUNKSTATE" vb/chunk-0002.img damaged &&
		printf "[daemon]\nstate_dir = state\nboot_chunks = 0\ninterval = 365d\nidle_after = 1h\nauto_repair = no\n[volume:a]\npath = va\n[volume:b]\npath = vb\n" >d.conf &&
		daemon_start d.conf && wait_for 30 jobs_idle &&
		expect_status 0 "$CHUNKCTL" status a >ta &&
		test "$(sed 1d ta | awk "{ print \$1 }" | sort -u)" = a && test $(sed 1d ta | wc -l) = 2 &&
		expect_status 4 "$CHUNKCTL" status b >tb &&
		test "$(sed 1d tb | awk "{ print \$1 }" | sort -u)" = b && test $(sed 1d tb | wc -l) = 3 &&
		grep -q "^b  *2 damaged " tb &&
		expect_status 0 "$CHUNKCTL" status a --json >a.json &&
		test "$(jq -c "[.volumes[].name]" a.json)" = "[\"a\"]" &&
		expect_status 4 "$CHUNKCTL" status >all &&
		test $(sed 1d all | wc -l) = 5 &&
		expect_status 1 "$CHUNKCTL" status nope 2>err && grep -q "no volume .nope." err &&
		daemon_stop
	'
	test_expect_success 'scrub and repair --json through the daemon: one document of the jobs, with --wait their results' '
		"$CHUNKCTL" mkfs --chunks 2 --size 4M vj >/dev/null &&
		printf "[daemon]\nstate_dir = state-j\nboot_chunks = 0\ninterval = 365d\nidle_after = 1h\nauto_repair = no\n[volume:j]\npath = vj\n" >j.conf &&
		daemon_start j.conf && wait_for 30 jobs_idle &&
		expect_status 0 "$CHUNKCTL" scrub j 0 1 --wait --json >w.json &&
		jq -s -e "length == 1" w.json >/dev/null &&
		test "$(jq -c "[.volume, [.jobs[] | [.chunk, .kind, .result, .outcome]], .result]" w.json)" = "[\"j\",[[0,\"scrub\",0,\"clean\"],[1,\"scrub\",0,\"clean\"]],0]" &&
		jq -e "all(.jobs[]; .job > 0)" w.json >/dev/null &&
		expect_status 0 "$CHUNKCTL" repair j 1 --wait --json >r.json &&
		test "$(jq -c "[.jobs[] | [.chunk, .kind, .result, .outcome]]" r.json)" = "[[1,\"repair\",0,\"clean\"]]" &&
		wait_for 30 jobs_idle &&
		expect_status 0 "$CHUNKCTL" scrub j --all --json >q.json &&
		test "$(jq -c "[.jobs[] | [.chunk, .result]]" q.json)" = "[[0,null],[1,null]]" &&
		wait_for 30 jobs_idle &&
		daemon_stop
	'
	test_expect_success 'the daemon refuses a non-root caller in the same words for every command: 8 for scrub, repair, else 1' '
		"$CHUNKCTL" mkfs --chunks 2 --size 4M vn >/dev/null &&
		printf "[daemon]\nstate_dir = state-n\nboot_chunks = 0\ninterval = 365d\nidle_after = 1h\n[volume:n]\npath = vn\n" >n.conf &&
		daemon_start n.conf && wait_for 30 jobs_idle &&
		for args in "scrub n 0" "repair n 0" "cancel 1" "pause" "resume"; do
			set -- $args
			want=1 && ! fsck_family $1 || want=8
			rc=0 && nobody "$CHUNKCTL" $args >out 2>err || rc=$?
			test $rc -eq $want || die "$args: exit $rc, not $want: $(cat err)"
			grep -q "^chunkctl $1: permission denied: Only root may " err || die "$args: $(cat err)"
		done &&
		nobody "$CHUNKCTL" status n >/dev/null &&
		daemon_stop
	'
else
	test_skip 'status NAME through the daemon' "no dbus-daemon here to run chunkscrubd on"
	test_skip 'the daemon refuses a non-root caller in the same words' "no dbus-daemon here to run chunkscrubd on"
	test_skip 'scrub and repair --json through the daemon' "no dbus-daemon here to run chunkscrubd on"
fi

test_done
