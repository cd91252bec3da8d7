#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# man-paths.sh LOCALEDIR COMPLETIONSDIR - puts the install paths into the
# man page on stdin (@BLKTOP_LOCALEDIR@, @BLKTOP_COMPLETIONSDIR@). To
# troff a path is one word, and a long prefix makes it wider than the
# line, which troff cannot break: each / is followed by \: (a place where
# the line may break, with no hyphen), so the FILES entries fit whatever
# the prefix. make builds doc/blktop.1 through it; tests/e2e/manpage.sh
# renders a page with a long prefix through it too.
set -eu
[ $# = 2 ] || {
	echo "usage: man-paths.sh LOCALEDIR COMPLETIONSDIR < page.in > page" >&2
	exit 2
}

# A path as sed's replacement text: \ & | quoted for sed, then for troff
# a minus sign for each - (a path is typed as it reads) and a break point
# after each /.
esc() {
	printf '%s\n' "$1" | sed -e 's/[\\|&]/\\&/g' -e 's/-/\\\\-/g' -e 's|/|/\\\\:|g'
}

sed -e "s|@BLKTOP_LOCALEDIR@|$(esc "$1")|g" \
	-e "s|@BLKTOP_COMPLETIONSDIR@|$(esc "$2")|g"
