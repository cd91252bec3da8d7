# procedures module: --profile latency|iops|throughput, --suite seven|cdm
# and --sweep bs|numjobs (seeds 000-004), their tables (text, CSV, JSON),
# and the sysfs set/restore they need (src/collect/tune.c).
libblktop_a_SOURCES += src/procedures/procedure.h src/procedures/proc_priv.h \
	src/procedures/procedure.c src/procedures/profile.c src/procedures/suite.c \
	src/procedures/sweep.c src/procedures/env.c src/procedures/table.c \
	src/procedures/batch.c src/procedures/ramp.c src/procedures/ramp.h \
	src/collect/tune.c src/collect/tune.h

EXTRA_DIST += tests/fakeroot/tune1

