# SPDX-License-Identifier: GPL-2.0-or-later
# procedures module: --profile latency|iops|throughput, --suite seven|cdm
# and --sweep bs|numjobs (the published disk tests), their tables (text, CSV, JSON),
# and the sysfs set/restore they need (src/collect/tune.c, built by collect).
libblktop_a_SOURCES += src/procedures/procedure.h src/procedures/proc_priv.h \
	src/procedures/procedure.c src/procedures/profile.c src/procedures/suite.c \
	src/procedures/sweep.c src/procedures/env.c src/procedures/table.c \
	src/procedures/batch.c src/procedures/ramp.c src/procedures/ramp.h \
	src/procedures/registry.c src/procedures/registry.h

EXTRA_DIST += tests/fakeroot/tune1

if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_sweep tests/unit/test_tune
TESTS += tests/unit/test_sweep tests/unit/test_tune

# The sweeps' arithmetic is pure: built from ramp.c alone.
tests_unit_test_sweep_SOURCES = tests/unit/test_sweep.c src/procedures/ramp.c
tests_unit_test_sweep_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_sweep_LDADD = $(CMOCKA_LIBS)

# set/restore and the environment checks over a copy of the fake tree
# tests/fakeroot/tune1 (a copy: the tests write rq_affinity).
tests_unit_test_tune_SOURCES = tests/unit/test_tune.c
tests_unit_test_tune_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_tune_LDADD = $(unit_ldadd)
endif
