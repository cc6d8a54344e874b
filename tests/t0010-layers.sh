#!/bin/bash
# The layering (docs/ARCHITECTURE.md) is checked over #include lines by scripts/check-layers:
# the tree passes, and each kind of breach is refused with the file and line that breaks it.
. "$(dirname "$0")/test-lib.sh"

copy_tree() { # copy_tree DIR: the folders the check reads, copied to DIR
	mkdir -p "$1/tests" &&
	cp -r "$SRC/libchunk" "$SRC/libcref" "$SRC/chunkctl" "$SRC/chunkscrubd" "$1" &&
	cp -r "$SRC/tests/tools" "$1/tests"
}

refused() { # refused DIR TEXT: the check fails on DIR and says TEXT
	local rc=0
	python3 "$SRC/scripts/check-layers" --root "$1" >"$1.out" 2>&1 || rc=$?
	cat "$1.out"
	[ "$rc" -eq 1 ] || die "check-layers exited $rc, expected 1"
	grep -qF -- "$2" "$1.out" || die "the check does not say: $2"
}

test_expect_success 'the tree is layered: no include upward or sideways, no include cycle' '
	python3 "$SRC/scripts/check-layers" --root "$SRC"
'

test_expect_success 'an include pointing up a layer is refused, with its file and line' '
	copy_tree up &&
	echo "#include \"libchunk/check/check.h\"" >>up/libchunk/base/errors.c &&
	n=$(wc -l <up/libchunk/base/errors.c) &&
	refused up "libchunk/base/errors.c:$n: includes \"libchunk/check/check.h\": libchunk/base may not depend on libchunk/check"
'

test_expect_success 'an include cycle inside one layer is refused' '
	copy_tree cycle &&
	echo "#include \"libchunk/base/mounts.h\"" >>cycle/libchunk/base/errors.h &&
	echo "#include \"libchunk/base/errors.h\"" >>cycle/libchunk/base/mounts.h &&
	refused cycle "include cycle among: libchunk/base/errors, libchunk/base/mounts"
'

test_expect_success 'libchunk may not include the bus, FUSE or systemd' '
	copy_tree bus &&
	echo "#include <systemd/sd-bus.h>" >>bus/libchunk/chunk/chunk.c &&
	refused bus "libchunk includes <systemd/sd-bus.h>"
'

test_expect_success 'libcref needs nothing of the volume format' '
	copy_tree cref &&
	echo "#include \"libchunk/volume/volume.h\"" >>cref/libcref/cref.c &&
	refused cref "libcref may not depend on libchunk/volume"
'

test_expect_success 'chunkctl reaches the daemon only through its bus API header' '
	copy_tree ctl &&
	echo "#include \"chunkscrubd/manager.h\"" >>ctl/chunkctl/main.c &&
	refused ctl "chunkctl may not depend on chunkscrubd"
'

test_done
