#!/bin/bash
# chunkscrubd's files depend one way: the bus on the manager, the manager on the jobs, the
# scheduler, the volumes, the state store, the metrics, the udev monitor and the discovery of
# mounted volumes (with its watch of the mount table), and those on nothing above them; they
# talk back through callbacks (bus-events.h, struct job_callbacks, ...).
# No include cycle, checked on the sources, and no call upward, checked on the objects.
. "$(dirname "$0")/test-lib.sh"

LOWER="job scheduler state-store metrics udev-monitor discover mount-watch scrub-volume idle config log bus-path bus-events bus-api"

# module DIR FILE: the module a file belongs to: its own name, or for a .c file without a
# header of its own (bus-chunk.c) the header it implements (bus.h), found by dropping "-WORD"s.
module() {
	local f=${2##*/} stem s
	stem=${f%.[ch]}
	s=$stem
	[ "${f##*.}" = h ] && { echo "$stem"; return; }
	while :; do
		[ -f "$1/$s.h" ] && { echo "$s"; return; }
		case $s in *-*) s=${s%-*} ;; *) echo "$stem"; return ;; esac
	done
}

# include_edges DIR: "A B" for each module A whose files include chunkscrubd/B.h, and "A A" for
# each module, so that tsort sees every one.
include_edges() {
	local f m h
	for f in "$1"/*.[ch]; do
		m=$(module "$1" "$f")
		echo "$m $m"
		for h in $(sed -n 's|^#include "chunkscrubd/\(.*\)\.h".*|\1|p' "$f"); do
			[ "$h" = "$m" ] || echo "$m $h"
		done
	done | sort -u
}

# no_include_cycle DIR: tsort fails, and names the modules, on a cycle.
no_include_cycle() {
	include_edges "$1" >edges &&
	tsort edges >order 2>tsort.err || { cat tsort.err edges >&2; return 1; }
}

test_expect_success 'the check finds a cycle, also one through a header' '
	mkdir -p fake &&
	echo "#include \"chunkscrubd/b.h\"" >fake/a.c &&
	echo "#include \"chunkscrubd/c.h\"" >fake/b.c &&
	echo "#include \"chunkscrubd/a.h\"" >fake/c.h &&
	touch fake/a.h fake/b.h &&
	! no_include_cycle fake 2>err &&
	grep -q loop err &&
	rm fake/c.h && touch fake/c.h &&
	no_include_cycle fake
'

test_expect_success 'the bus files count as one module, the one of bus.h' '
	test "$(module "$SRC/chunkscrubd" bus-chunk.c)" = bus &&
	test "$(module "$SRC/chunkscrubd" bus-path.c)" = bus-path &&
	test "$(module "$SRC/chunkscrubd" test-scrubd-config.c)" = test-scrubd-config
'

test_expect_success 'no include cycle among the daemon'"'"'s files' '
	no_include_cycle "$SRC/chunkscrubd" &&
	cat order
'

test_expect_success 'the modules below the manager include neither manager.h nor bus.h' '
	for m in $LOWER; do
		for f in "$SRC/chunkscrubd/$m".[ch]; do
			[ -f "$f" ] || continue
			! grep -Hn "#include \"chunkscrubd/\(manager\|bus\)\.h\"" "$f" || die "$f includes upward"
		done
	done
'

test_expect_success 'the manager does not include bus.h: the bus gives it its events' '
	! grep -n "#include \"chunkscrubd/bus\.h\"" "$SRC"/chunkscrubd/manager.[ch] &&
	grep -q "#include \"chunkscrubd/bus-events\.h\"" "$SRC/chunkscrubd/manager.c"
'

# calls OBJECT MODULE...: the functions OBJECT calls that the objects of the MODULEs define.
calls() {
	local o=$1 f m; shift
	nm -u "$o" | awk '{print $2}' | sort >undef
	for f in "$BUILD"/obj/chunkscrubd/*.o; do
		m=$(module "$SRC/chunkscrubd" "$(basename "$f" .o).c")
		case " $* " in *" $m "*) nm --defined-only -g "$f" ;; esac
	done | awk 'NF == 3 {print $3}' | sort -u >defined
	comm -12 undef defined
}

test_expect_success 'in the objects too: no lower module calls the manager or the bus' '
	test -f "$BUILD/obj/chunkscrubd/manager.o" &&
	calls "$BUILD/obj/chunkscrubd/bus-manager.o" manager | grep -q "^manager_find_volume$" &&
	for m in $LOWER; do
		o=$BUILD/obj/chunkscrubd/$m.o
		[ -f "$o" ] || continue
		up=$(calls "$o" manager bus) &&
		[ -z "$up" ] || die "$m.o calls upward: $up"
	done
'

test_expect_success 'and the manager calls no function of the bus' '
	calls "$BUILD/obj/chunkscrubd/main.o" bus | grep -q "^bus_setup$" &&
	up=$(calls "$BUILD/obj/chunkscrubd/manager.o" bus) &&
	[ -z "$up" ] || die "manager.o calls the bus: $up"
'

test_done
