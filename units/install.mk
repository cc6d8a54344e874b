# units/install.mk: `make install-units`, which `make install` runs. Puts the systemd
# units, the D-Bus policy and activation file, the OnFailure= reporter and the example
# config where pkg-config says; *.in files get this install's paths substituted first.
SBINDIR ?= $(PREFIX)/sbin
LIBEXECDIR ?= $(PREFIX)/libexec
SYSCONFDIR ?= /etc

UNITS_IN := $(wildcard units/*.service.in units/*.timer.in)
UNITS_PLAIN := $(filter-out units/org.chunkfs.Scrub1.service,$(wildcard units/*.service units/*.timer))
UNITS_GEN := $(UNITS_IN:units/%.in=$(BUILD)/units/%)
UNITS_SUBST := sed -e 's|@bindir@|$(BINDIR)|g' -e 's|@sbindir@|$(SBINDIR)|g' -e 's|@libexecdir@|$(LIBEXECDIR)|g' \
	-e 's|@sysconfdir@|$(SYSCONFDIR)|g'
CONF_EXAMPLE := $(wildcard conf/chunkscrubd.conf)

# Regenerated on every install: the paths come from this make's PREFIX, not a file date.
install-units:
	@mkdir -p $(BUILD)/units
	$(Q)$(foreach f,$(UNITS_IN) units/chunkfs-failure.in,$(UNITS_SUBST) $(f) >$(BUILD)/units/$(notdir $(f:.in=)) &&) true
	$(Q)install -d $(DESTDIR)$(SYSTEMD_UNITDIR) $(DESTDIR)$(DBUS_SYSTEM_CONFDIR) \
		$(DESTDIR)$(DBUS_SYSTEM_SERVICEDIR) $(DESTDIR)$(LIBEXECDIR)/chunkfs
	$(Q)install -m644 $(UNITS_GEN) $(UNITS_PLAIN) $(DESTDIR)$(SYSTEMD_UNITDIR)/
	$(Q)install -m644 units/org.chunkfs.Scrub1.conf $(DESTDIR)$(DBUS_SYSTEM_CONFDIR)/
	$(Q)install -m644 units/org.chunkfs.Scrub1.service $(DESTDIR)$(DBUS_SYSTEM_SERVICEDIR)/
	$(Q)install -m755 $(BUILD)/units/chunkfs-failure $(DESTDIR)$(LIBEXECDIR)/chunkfs/
ifneq ($(CONF_EXAMPLE),)
	$(Q)install -Dm644 $(CONF_EXAMPLE) $(DESTDIR)$(SYSCONFDIR)/chunkfs/chunkscrubd.conf.example
	$(Q)test -e $(DESTDIR)$(SYSCONFDIR)/chunkfs/chunkscrubd.conf || \
		install -m644 $(CONF_EXAMPLE) $(DESTDIR)$(SYSCONFDIR)/chunkfs/chunkscrubd.conf
endif
