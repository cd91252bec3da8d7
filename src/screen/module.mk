# SPDX-License-Identifier: GPL-2.0-or-later
# screen module: the full-screen monitor (the IRQ collector it shows is
# built by collect). Views (pane_*.c, frame.c, form.c, help.c) draw the model;
# model.c takes collector snapshots; loop.c is the one event loop, input.c
# its keys, jobctl.c what they do to jobs, terminal.c the terminal itself.
libblktop_a_SOURCES += src/screen/screen.h src/screen/ui.h src/screen/term.h \
	src/screen/fleet_screen.c src/screen/fleet_model.c src/screen/fleet_model.h \
	src/screen/fleet_view.c src/screen/fleet_view.h src/screen/fleet_ui.h \
	src/screen/fleet_proc_screen.c \
	src/screen/loop.c src/screen/input.c src/screen/jobctl.c src/screen/terminal.c \
	src/screen/frame.c src/screen/keys.c src/screen/keys.h \
	src/screen/layout.c src/screen/layout.h src/screen/model.c src/screen/model.h \
	src/screen/graphdata.c src/screen/graphdata.h src/screen/pane_graph.c \
	src/screen/graphui.c src/screen/mouse.c \
	src/screen/runner.c src/screen/runner.h \
	src/screen/devsource.c src/screen/devsource.h src/screen/probing.c src/screen/compact.c \
	src/screen/runs.c src/screen/runs.h src/screen/runsview.c \
	src/screen/summary.c src/screen/summary.h src/screen/theme.c src/screen/theme.h \
	src/screen/draw.c src/screen/draw.h src/screen/fmt.c src/screen/fmt.h \
	src/screen/help.c src/screen/help.h src/screen/form.c src/screen/form.h \
	src/screen/pane.h src/screen/pane_devices.c src/screen/pane_workload.c \
	src/screen/pane_live.c src/screen/pane_cpu.c src/screen/pane_irq.c \
	src/screen/pane_proc.c src/screen/procmenu.c src/screen/procmenu.h \
	src/screen/procrun.c src/screen/procrun.h src/screen/procui.c \
	src/screen/termfallback.c src/screen/termfallback.h
# The carried terminfo entries, from the build machine's database.
nodist_libblktop_a_SOURCES = src/screen/termfallback_data.c
src/screen/termfallback_data.c: $(top_srcdir)/src/screen/gen-terminfo.sh
	$(AM_V_GEN)$(MKDIR_P) src/screen && $(SHELL) $(top_srcdir)/src/screen/gen-terminfo.sh >$@.tmp && mv $@.tmp $@
CLEANFILES += src/screen/termfallback_data.c
EXTRA_DIST += src/screen/gen-terminfo.sh

EXTRA_DIST += tests/fakeroot/irq1

if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_irq tests/unit/test_screen_model
TESTS += tests/unit/test_irq tests/unit/test_screen_model

# Linked against the sources they need, not libblktop.a, so they build
# while other modules are unfinished.
tests_unit_test_irq_SOURCES = tests/unit/test_irq.c src/collect/irq.c src/sysroot.c
tests_unit_test_irq_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_irq_LDADD = $(CMOCKA_LIBS)

tests_unit_test_screen_model_SOURCES = tests/unit/test_screen_model.c
tests_unit_test_screen_model_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_screen_model_LDADD = $(unit_ldadd)
endif
