# util: the bottom layer. Helpers every layer may use and that use nothing
# of blktop's: exit statuses, run control and the signals that stop a run,
# the clock, CPU lists, string helpers.
libblktop_a_SOURCES += src/util/status.h src/util/runctl.c src/util/runctl.h \
	src/util/sigstop.c src/util/sigstop.h
libblktop_a_SOURCES += src/util/buildinfo.c src/util/buildinfo.h
