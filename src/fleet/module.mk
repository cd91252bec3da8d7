# SPDX-License-Identifier: GPL-2.0-or-later
# fleet: --hosts, one job on many hosts over OpenSSH (a far-side blktop),
# each host's verdict first, the fleet's report with merged histograms.
libblktop_a_SOURCES += src/fleet/fleet.c src/fleet/fleet.h src/fleet/hosts.c \
	src/fleet/hosts.h src/fleet/sshproc.c src/fleet/sshproc.h src/fleet/drv_blktop.c \
	src/fleet/fleet_report.c src/fleet/fleet_report.h src/fleet/fioproto.c src/fleet/fioproto.h \
	src/fleet/drv_fio.c src/fleet/drv_fio.h src/fleet/drv_fio_host.c \
	src/fleet/fio_plan.c src/fleet/fio_plan.h src/fleet/fio_interval.c src/fleet/fio_interval.h \
	src/fleet/fleet_live.c src/fleet/fleet_live.h src/fleet/fleet_priv.h \
	src/fleet/fleet_proc.c src/fleet/fleet_proc.h src/fleet/fleet_proc_report.c \
	src/fleet/fleet_eta.c src/fleet/fleet_eta.h

if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_fleet
TESTS += tests/unit/test_fleet
tests_unit_test_fleet_SOURCES = tests/unit/test_fleet.c
tests_unit_test_fleet_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_fleet_LDADD = $(unit_ldadd)
check_PROGRAMS += tests/unit/test_fioproto
TESTS += tests/unit/test_fioproto
tests_unit_test_fioproto_SOURCES = tests/unit/test_fioproto.c
tests_unit_test_fioproto_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_fioproto_LDADD = $(unit_ldadd)
endif
