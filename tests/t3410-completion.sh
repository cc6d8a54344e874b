#!/bin/bash
# chunkctl's bash completion, sourced into bash as bash-completion would, asked as the shell asks
# it (COMP_WORDS, COMP_CWORD; ':' breaks words, so ":/usr" arrives as ":" "/usr"): commands,
# each command's options, a volume's chunk numbers and the paths inside it. `make install`
# puts it where pkg-config's bash-completion says, else /usr/share/bash-completion/completions.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
bus_start

# complete WORD...: what the completion offers for the last WORD, one a line, sorted.
complete_words() {
	bash -c '
		. "$SRC/completion/chunkctl" || exit 1
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		_chunkctl
		printf "%s\n" "${COMPREPLY[@]}"
	' complete_words "$@" | sort
}
# offers "WANT1 WANT2..." WORD...: the completion offers exactly WANT (space-separated)
offers() {
	local want=$1 got; shift
	got=$(complete_words "$@" | tr "\n" " ")
	[ "${got% }" = "$want" ] || die "for '$*' offered '${got% }', not '$want'"
}

test_expect_success 'setup: a volume of 3 chunks with a directory and a file' '
	"$CHUNKCTL" mkfs --chunks 3 --size 8M vol >/dev/null &&
	"$CHUNKCTL" -V vol mkdir :/usr :/usr/lib :/usb &&
	echo hi >f && "$CHUNKCTL" -V vol cp f ":/usr/a file"
'

test_expect_success 'commands complete from chunkctl --help' '
	offers "stat status" "$CHUNKCTL" st &&
	offers "scrub" "$CHUNKCTL" sc &&
	offers "refs repair resume" "$CHUNKCTL" -V vol re
'

test_expect_success 'each command completes its own options' '
	offers "--damaged --dirty" "$CHUNKCTL" -V vol check --d &&
	offers "--all" "$CHUNKCTL" scrub --a &&
	offers "--clear" "$CHUNKCTL" -V vol lost --c &&
	offers "--help" "$CHUNKCTL" mkdir -- &&
	offers "--quiet" "$CHUNKCTL" --q &&
	offers "--wait" "$CHUNKCTL" -V vol --w &&
	offers "--help --human-readable" "$CHUNKCTL" -V vol ls --h
'

test_expect_success 'chunk numbers come from the volume' '
	offers "0 1 2" "$CHUNKCTL" -V vol refs "" &&
	offers "0 1 2" "$CHUNKCTL" -V vol check --all ""
'

test_expect_success 'lost --ack completes chunk numbers, not host files' '
	offers "0 1 2" "$CHUNKCTL" -V vol lost --ack "" &&
	offers "1" "$CHUNKCTL" -V vol lost --ack 1
'

test_expect_success 'status offers --human-readable and --bytes, as df and ls do' '
	offers "--bytes --help --human-readable --json" "$CHUNKCTL" status - &&
	offers "--help --human-readable" "$CHUNKCTL" -V vol status --h
'

test_expect_success 'the --wait that repair and check offer after the command is taken there' '
	complete_words "$CHUNKCTL" -V vol repair -- | grep -qx -- --wait &&
	complete_words "$CHUNKCTL" -V vol check -- | grep -qx -- --wait &&
	expect_status 0 "$CHUNKCTL" -V vol repair 0 --wait >/dev/null 2>&1 &&
	expect_status 0 "$CHUNKCTL" -V vol check 1 --wait=5 >/dev/null 2>&1 &&
	expect_status 0 "$CHUNKCTL" -V vol scrub 2 --wait >/dev/null 2>&1 &&
	expect_status 16 "$CHUNKCTL" -V vol check 1 --wait=soon 2>err &&
	grep -qx "chunkctl check: --wait=soon: not a number of seconds (1 or more) (try .chunkctl check --help.)" err
'

test_expect_success 'check 0 --wait after the command waits for a chunk another process holds, as before it' '
	hold_chunk vol/chunk-0000.img &&
	expect_status 8 "$CHUNKCTL" -V vol check 0 >/dev/null 2>&1 &&
	{ "$CHUNKCTL" -V vol check 0 --wait >out 2>err & pid=$!; } &&
	wait_for 10 "grep -q \"waiting for it\" err" &&
	kill -0 $pid && release_chunk &&
	wait $pid && cat err
'

test_expect_success 'paths inside the volume complete after ":", directories with a "/"' '
	offers "/usb/ /usr/" "$CHUNKCTL" -V vol ls : /us &&
	offers "/usr/a\\ file /usr/lib/" "$CHUNKCTL" -V vol cat : /usr/ &&
	offers "/lost+found/ /usb/ /usr/" "$CHUNKCTL" -V vol stat : ""
'

test_expect_success 'through chunkscrubd: its volume names, then that volume'"'"'s chunks' '
	printf "[daemon]\nstate_dir = state\nboot_chunks = 0\ninterval = 365d\n[volume:home-2]\npath = vol\n" >d.conf &&
	daemon_start d.conf &&
	offers "home-2" "$CHUNKCTL" scrub "" &&
	offers "0 1 2" "$CHUNKCTL" scrub home-2 "" &&
	offers "0 1 2" "$CHUNKCTL" repair home-2 "" &&
	offers "1" "$CHUNKCTL" scrub home-2 0 1 &&
	offers "0 1 2" "$CHUNKCTL" repair --wait home-2 "" &&
	offers "home-2" "$CHUNKCTL" status h &&
	daemon_stop
'

test_expect_success 'without the daemon, a volume its configuration names: scrub and repair complete its chunks' '
	printf "[daemon]\nstate_dir = state\n[volume:v]\npath = $TRASH/vol\n" >c.conf &&
	export CHUNKSCRUBD_CONFIG=$TRASH/c.conf &&
	offers "0 1 2" "$CHUNKCTL" scrub v "" &&
	offers "0 1 2" "$CHUNKCTL" repair v ""
'

test_expect_success 'make install puts the completion where bash-completion looks for it' '
	REL_BUILD=$(realpath --relative-to="$SRC" "$BUILD") &&
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C "$SRC" --no-print-directory -s install-completion \
		BUILD="$REL_BUILD" DESTDIR="$TRASH/dest" PREFIX=/usr &&
	want=$(pkg-config --variable=completionsdir bash-completion 2>/dev/null || :) &&
	cmp "$SRC/completion/chunkctl" "$TRASH/dest${want:-/usr/share/bash-completion/completions}/chunkctl" &&
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C "$SRC" --no-print-directory -s install-completion \
		BUILD="$REL_BUILD" DESTDIR="$TRASH/dest2" BASH_COMPLETIONSDIR=/opt/bc &&
	cmp "$SRC/completion/chunkctl" "$TRASH/dest2/opt/bc/chunkctl"
'

test_done
