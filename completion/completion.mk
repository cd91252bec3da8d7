# SPDX-License-Identifier: GPL-2.0-or-later
# Bash completion: options (from blktop --help, so from the options table),
# modes, procedures and device names. Installed as "blktop" (the name
# bash-completion loads on demand) into the directory configure found:
# --with-bash-completion-dir=DIR, else bash-completion's completionsdir
# under this package's datadir; not installed when neither is there.
EXTRA_DIST += completion/blktop.bash
CLEANFILES += completion/blktop

if HAVE_BASH_COMPLETION
bashcompletiondir = $(BASH_COMPLETION_DIR)
bashcompletion_DATA = completion/blktop
blktop_completionsdir = $(BASH_COMPLETION_DIR)
else
blktop_completionsdir = $(datadir)/bash-completion/completions
endif

completion/blktop: $(top_srcdir)/completion/blktop.bash
	$(AM_V_GEN)$(MKDIR_P) completion && cp $(top_srcdir)/completion/blktop.bash $@
