# chunkfs: plain GNU make. `make`, `make check`, `make bench`, `make install`.
PREFIX ?= /usr/local
# chunkctl's status and reading commands are for every user (the daemon checks what is
# privileged), so it goes where users look, as btrfs(8) does; the daemon and the mount in sbin.
BINDIR ?= $(PREFIX)/bin
SBINDIR ?= $(PREFIX)/sbin
DESTDIR ?=
BUILD ?= build
CC ?= cc
PKGS := ext2fs com_err uuid blkid libsystemd libudev inih json-c
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS))
PKG_LIBS := $(shell pkg-config --libs $(PKGS))
CFLAGS ?= -O2 -g
WARN := -Wall -Wextra -Werror -Wno-unused-parameter -Wshadow -Wformat=2 -Wstrict-prototypes
ALL_CFLAGS := -std=gnu11 $(WARN) $(CFLAGS) $(PKG_CFLAGS) -I. -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -MMD -MP
LDLIBS := $(PKG_LIBS) -lm
Q := @

# libchunk is built from its layer folders (docs/ARCHITECTURE.md; scripts/check-layers keeps
# them layered); libcref, the cross-reference counter of any ext2/3/4 file system, beside it.
LIB_SRC := $(filter-out %/test-%.c,$(wildcard libchunk/*/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CREF_SRC := $(filter-out %/test-%.c,$(wildcard libcref/*.c))
CREF_OBJ := $(CREF_SRC:%.c=$(BUILD)/obj/%.o)
LIB_UNIT_SRC := $(wildcard libchunk/*/test-*.c libcref/test-*.c)
DAEMON_UNIT_SRC := $(wildcard chunkscrubd/test-*.c)
UNIT_BIN := $(foreach s,$(LIB_UNIT_SRC) $(DAEMON_UNIT_SRC),$(BUILD)/unit/$(basename $(notdir $(s))))
CTL_SRC := $(wildcard chunkctl/*.c)
CTL_OBJ := $(CTL_SRC:%.c=$(BUILD)/obj/%.o)
DAEMON_SRC := $(filter-out chunkscrubd/test-%.c,$(wildcard chunkscrubd/*.c))
DAEMON_OBJ := $(DAEMON_SRC:%.c=$(BUILD)/obj/%.o)
DAEMON_LIBOBJ := $(filter-out $(BUILD)/obj/chunkscrubd/main.o,$(DAEMON_OBJ))
MOUNT_SRC := $(wildcard chunkfs/*.c)
MOUNT_OBJ := $(MOUNT_SRC:%.c=$(BUILD)/obj/%.o)
FUSE_CFLAGS := $(shell pkg-config --cflags fuse3)
FUSE_LIBS := $(shell pkg-config --libs fuse3) -lpthread
TOOL_SRC := $(wildcard tests/tools/*.c)
TOOL_BIN := $(TOOL_SRC:tests/tools/%.c=$(BUILD)/tests/%)

BINS := $(BUILD)/chunkctl $(if $(DAEMON_SRC),$(BUILD)/chunkscrubd) $(BUILD)/chunkfs

all: $(BINS) $(UNIT_BIN) $(TOOL_BIN)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/libchunk.a: $(LIB_OBJ)
	$(Q)rm -f $@ && ar rcs $@ $^

$(BUILD)/libcref.a: $(CREF_OBJ)
	$(Q)rm -f $@ && ar rcs $@ $^

$(BUILD)/chunkctl: $(CTL_OBJ) $(BUILD)/libcref.a $(BUILD)/libchunk.a
	$(Q)$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# The mount alone links libfuse3 (libchunk knows nothing of FUSE: scripts/check-layers).
$(BUILD)/obj/chunkfs/%.o: chunkfs/%.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) $(FUSE_CFLAGS) -c -o $@ $<

$(BUILD)/chunkfs: $(MOUNT_OBJ) $(BUILD)/libchunk.a
	$(Q)$(CC) $(CFLAGS) -o $@ $^ $(FUSE_LIBS) $(LDLIBS)

$(BUILD)/chunkscrubd: $(DAEMON_OBJ) $(BUILD)/libchunk.a
	$(Q)$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# A unit test sits beside its module and links with the libraries (the daemon's with its objects).
define UNIT_TEST
$(BUILD)/unit/$(basename $(notdir $(1))): $(BUILD)/obj/$(1:.c=.o) $(2)
	@mkdir -p $$(dir $$@)
	$$(Q)$$(CC) $$(CFLAGS) -o $$@ $$^ $$(LDLIBS)
endef
$(foreach s,$(LIB_UNIT_SRC),$(eval $(call UNIT_TEST,$(s),$(BUILD)/libcref.a $(BUILD)/libchunk.a)))
$(foreach s,$(DAEMON_UNIT_SRC),$(eval $(call UNIT_TEST,$(s),$(DAEMON_LIBOBJ) $(BUILD)/libchunk.a)))

$(BUILD)/tests/%: $(BUILD)/obj/tests/tools/%.o $(BUILD)/libcref.a $(BUILD)/libchunk.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# The suite, then the suite again under ASan+UBSan in its own build tree.
check: all tsan
	$(Q)tests/run --build $(BUILD)
	$(Q)$(MAKE) --no-print-directory BUILD=build-asan CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" all
	$(Q)ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 tests/run --build build-asan --sanitized

test: all
	$(Q)tests/run --build $(BUILD)

# The mount built with ThreadSanitizer, which tests/t8110 runs under writers in parallel.
tsan:
	$(Q)$(MAKE) --no-print-directory BUILD=build-tsan CFLAGS="-O1 -g -fsanitize=thread" build-tsan/chunkfs

bench: all
	$(Q)bench/run --build $(BUILD)

# cppcheck does not follow __attribute__((cleanup)) ownership, so it would call every _cleanup_
# variable a leak; leaks are LeakSanitizer's job in `make check` (and valgrind's, see README).
cppcheck:
	$(Q)cppcheck --quiet --error-exitcode=1 --enable=warning,performance,portability --inline-suppr \
		--suppress=missingIncludeSystem --suppress=memleak --suppress=resourceLeak --suppress=leakNoVarFunctionCall \
		-D__GNUC__ -I. libchunk libcref chunkctl chunkscrubd chunkfs tests/tools

SYSTEMD_UNITDIR ?= $(shell pkg-config --variable=systemdsystemunitdir systemd)
DBUS_SYSTEM_CONFDIR ?= $(shell pkg-config --variable=datadir dbus-1 2>/dev/null || echo /usr/share)/dbus-1/system.d
DBUS_SYSTEM_SERVICEDIR ?= $(shell pkg-config --variable=datadir dbus-1 2>/dev/null || echo /usr/share)/dbus-1/system-services

install: all
	install -Dm755 $(BUILD)/chunkctl $(DESTDIR)$(BINDIR)/chunkctl
	$(if $(DAEMON_SRC),install -Dm755 $(BUILD)/chunkscrubd $(DESTDIR)$(SBINDIR)/chunkscrubd)
	install -Dm755 $(BUILD)/chunkfs $(DESTDIR)$(SBINDIR)/chunkfs
	$(if $(wildcard units/*),$(MAKE) --no-print-directory install-units)
	$(Q)$(MAKE) --no-print-directory install-completion
	$(foreach m,$(wildcard man/*.[0-9]),install -Dm644 $(m) $(DESTDIR)$(PREFIX)/share/man/man$(subst .,,$(suffix $(m)))/$(notdir $(m));)

# Where bash-completion looks for a command's completion (loaded on first use).
BASH_COMPLETIONSDIR ?= $(or $(shell pkg-config --variable=completionsdir bash-completion 2>/dev/null),/usr/share/bash-completion/completions)

install-completion:
	$(Q)install -Dm644 completion/chunkctl $(DESTDIR)$(BASH_COMPLETIONSDIR)/chunkctl

clean:
	rm -rf build build-asan build-tsan

.SECONDARY:
.PHONY: all check test tsan bench cppcheck install clean install-units install-completion
-include $(wildcard $(BUILD)/obj/*/*.d $(BUILD)/obj/*/*/*.d $(BUILD)/obj/*/*/*/*.d)
-include units/install.mk
