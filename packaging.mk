# SPDX-License-Identifier: GPL-2.0-or-later
# Packaging: how blktop gets onto machines without a build tree.
#
# The message catalogs beside the binary: blktop reads locale/ next to
# itself before the installed $(localedir) (src/util/catalogs.c), so
# ./blktop and ./quickstart demo speak the user's language uninstalled.
# One catalog per language in po/LINGUAS, compiled from its .po.
LOCALE_MOS = $(foreach l,$(shell sed 's/\#.*//' $(top_srcdir)/po/LINGUAS),locale/$(l)/LC_MESSAGES/$(PACKAGE).mo)
locale/%/LC_MESSAGES/$(PACKAGE).mo: $(top_srcdir)/po/%.po
	$(AM_V_GEN)$(MKDIR_P) $(@D) && $(MSGFMT) -c -o $@ $<
all-local: $(LOCALE_MOS)
clean-local: clean-local-locale
clean-local-locale:
	-rm -rf locale
.PHONY: clean-local-locale
# The uninstalled binary finds them; a copy without them falls back to
# $(localedir); --version names the folder in use.
TESTS += tests/e2e/catalogs.sh
dist_check_SCRIPTS += tests/e2e/catalogs.sh
tests/e2e/catalogs.log: $(LOCALE_MOS)

# The static binary (./configure --enable-static-binary): libblkid.a with
# the util-linux helpers whose names blktop also uses renamed.
if STATIC_BINARY
libblkid-blktop.a: $(BLKID_STATIC_LIB)
	$(AM_V_GEN)$(OBJCOPY) --redefine-sym parse_size=blkid_ul_parse_size \
		--redefine-sym cpulist_parse=blkid_ul_cpulist_parse $(BLKID_STATIC_LIB) $@
EXTRA_blktop_DEPENDENCIES = libblkid-blktop.a
CLEANFILES += libblkid-blktop.a
endif
# Run by ./quickstart test on the static build, not by make check.
EXTRA_DIST += tests/e2e/static.sh tests/e2e/kernel310.c
# The Debian package (dpkg-buildpackage -us -uc -b) builds from the
# tarball too.
EXTRA_DIST += debian/changelog debian/control debian/copyright debian/rules \
	debian/source/format
# The RPM spec for the RHEL family (rpmbuild -tb blktop-VERSION.tar.gz).
EXTRA_DIST += blktop.spec
# Run by ./quickstart test with the tarball (BLKTOP_TARBALL), not by make
# check: each builds the package from a clean copy of the tarball.
EXTRA_DIST += tests/e2e/deb.sh tests/e2e/rpm.sh
