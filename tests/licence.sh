#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# licence.sh - every source file says its licence in its first two lines
# (an SPDX line), so a file copied out of blktop still carries it.
cd "${top_srcdir:-.}" || exit 1
missing=$(find src tests doc completion \
	\( -name '*.c' -o -name '*.h' -o -name '*.sh' -o -name '*.mk' -o -name '*.py' \
	-o -name '*.in' -o -name '*.bash' \) -type f 2>/dev/null |
	grep -vE '^tests/(jobs|fakeroot)/|/corpus' |
	while read -r f; do
		head -n 2 "$f" | grep -q 'SPDX-License-Identifier: GPL-2.0-or-later' || echo "$f"
	done)
for f in Makefile.am configure.ac quickstart autogen.sh po/POTFILES.in po/Makevars; do
	head -n 2 "$f" | grep -q 'SPDX-License-Identifier: GPL-2.0-or-later' || missing="$missing $f"
done
if [ -n "$(echo $missing)" ]; then
	echo "licence: FAIL: no SPDX-License-Identifier line at the top of:" $missing
	exit 1
fi
echo "licence: ok: every source file has its SPDX line"
