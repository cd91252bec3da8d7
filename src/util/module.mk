# util: the bottom layer. Helpers every layer may use and that use nothing
# of blktop's: exit statuses, the clock, CPU lists, string helpers.
libblktop_a_SOURCES += src/util/status.h
libblktop_a_SOURCES += src/util/buildinfo.c src/util/buildinfo.h
