# SPDX-License-Identifier: GPL-2.0-or-later
# The man page. doc/blktop.1 is made in the build tree from doc/blktop.1.in
# by doc/gen-options, which prints the JOB OPTIONS section from the options
# table (src/option_table.c), blktop's own OPTIONS from the switch table
# (src/switches.c) and the KEYS section from the screen's key table
# (src/screen/keys.c): the page cannot drift from the program. It is
# installed by make install and not distributed (a tarball builds it).
noinst_PROGRAMS = doc/gen-options
doc_gen_options_SOURCES = doc/gen-options.c $(OPTION_SOURCES) src/switches.c src/procedures/registry.c src/screen/keys.c
doc_gen_options_LDADD = $(LIBINTL)

man_MANS = doc/blktop.1
EXTRA_DIST += doc/blktop.1.in README.zh_CN
CLEANFILES += doc/blktop.1 doc/blktop.1.tmp

# The install paths go in through doc/man-paths.sh, which lets troff break
# them after each / (a long --prefix is wider than the page).
doc/blktop.1: $(top_srcdir)/doc/blktop.1.in doc/gen-options$(EXEEXT) \
		$(top_srcdir)/doc/man-paths.sh
	$(AM_V_GEN)$(MKDIR_P) doc && \
	./doc/gen-options$(EXEEXT) $(top_srcdir)/doc/blktop.1.in | \
	$(SHELL) $(top_srcdir)/doc/man-paths.sh '$(localedir)' \
		'$(blktop_completionsdir)' >$@.tmp && \
	mv $@.tmp $@
EXTRA_DIST += doc/man-paths.sh
