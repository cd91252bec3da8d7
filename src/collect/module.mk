# SPDX-License-Identifier: GPL-2.0-or-later
# collect module, safety: device discovery (sysfs), fact gathering
# (libblkid, libmount, swap, holders, O_EXCL), the pure verdict and the write
# gate (--list prints them from output/listing.c); the IRQ collector the
# screen shows and the sysfs set/restore the procedures need. Tests: unit tests over invented
# facts and over the fake tree tests/fakeroot/blk1, and a small driver the
# end-to-end scripts use.
libblktop_a_SOURCES += src/collect/facts.h \
	src/collect/verdict.c src/collect/verdict.h \
	src/collect/devices.c src/collect/devices.h \
	src/collect/probe.c src/collect/probe.h \
	src/collect/gate.c src/collect/gate.h \
	src/collect/irq.c src/collect/irq.h \
	src/collect/tune.c src/collect/tune.h

EXTRA_DIST += tests/fakeroot/blk1

# Not a test itself: tests/e2e/verdict.sh, list_speed.sh and scratch.sh run
# it. It and the safety tests link libblktop.a, the code blktop runs.
check_PROGRAMS += tests/unit/verdict_driver
tests_unit_verdict_driver_SOURCES = tests/unit/verdict_driver.c
tests_unit_verdict_driver_LDADD = $(BLKTOP_LIBS)

if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_verdict tests/unit/test_devices
TESTS += tests/unit/test_verdict tests/unit/test_devices

tests_unit_test_verdict_SOURCES = tests/unit/test_verdict.c src/collect/verdict.c
tests_unit_test_verdict_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_verdict_LDADD = $(CMOCKA_LIBS) $(LIBINTL)

tests_unit_test_devices_SOURCES = tests/unit/test_devices.c
tests_unit_test_devices_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_devices_LDADD = $(unit_ldadd)
endif
