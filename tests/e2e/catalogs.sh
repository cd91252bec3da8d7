#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# catalogs.sh - blktop reads its message catalogs from locale/ beside the
# binary before the installed ones: the build tree's ./blktop (and so
# ./quickstart demo) and a copied binary speak the user's language
# without make install. --version names the folder in use. A copy
# without locale/ beside it, or with a locale/ that holds no catalogs,
# falls back to the installed folder; a symlink to the binary finds the
# catalogs beside the binary it points to.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

B=${BLKTOP_REAL:-$BLKTOP}
require_built "$B"
require_built "$top_builddir/locale/zh_CN/LC_MESSAGES/blktop.mo"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/blktop-catalogs.XXXXXX") || skip "cannot make a temporary directory"
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

ZH=$(locale -a 2>/dev/null | grep -iE '^zh_CN\.utf-?8$' | head -n 1)

# catalogs_line BINARY: the folder --version names.
catalogs_line() { LC_ALL=C "$1" --version | sed -n 's/^catalogs: //p'; }

# speaks BINARY WHAT: --help under zh_CN.UTF-8 is Chinese.
speaks() {
	if [ -z "$ZH" ]; then
		skip_part "the zh_CN.UTF-8 locale is not installed: '$2' is checked by --version only"
		return
	fi
	env -u LANGUAGE LC_ALL="$ZH" "$1" --help >"$WORK/help.txt" 2>&1
	if grep -q "用法：" "$WORK/help.txt"; then
		pass "$2 speaks Chinese under LC_ALL=$ZH"
	else
		fail "$2 is not Chinese under LC_ALL=$ZH:"
		head -n 3 "$WORK/help.txt" >&2
	fi
}

# ---- The build tree ----
built=$(cd "$top_builddir" && pwd -P)/locale
got=$(catalogs_line "$B")
[ "$got" = "$built" ] && pass "the built blktop reads the catalogs beside it ($got)" ||
	fail "the built blktop reads its catalogs from '$got', not $built"
speaks "$B" "the built blktop"

# ---- A copy without catalogs beside it: the installed folder ----
mkdir -p "$WORK/bare" "$WORK/copy" "$WORK/empty/locale/zh_CN" "$WORK/links"
cp "$B" "$WORK/bare/blktop"
installed=$(catalogs_line "$WORK/bare/blktop")
case $installed in
"") fail "a copy without catalogs beside it names no folder in --version" ;;
"$WORK"*) fail "a copy without catalogs beside it reads them from '$installed'" ;;
*) pass "a copy without catalogs beside it falls back to the installed folder ($installed)" ;;
esac

# ---- A copy with locale/ beside it ----
cp "$B" "$WORK/copy/blktop"
cp -R "$top_builddir/locale" "$WORK/copy/locale"
got=$(catalogs_line "$WORK/copy/blktop")
[ "$got" = "$WORK/copy/locale" ] && pass "a copied blktop reads the catalogs copied beside it" ||
	fail "a copied blktop with locale/ beside it reads '$got', not $WORK/copy/locale"
speaks "$WORK/copy/blktop" "a copied blktop"

# ---- A symlink elsewhere: the catalogs beside the real binary ----
ln -s "$WORK/copy/blktop" "$WORK/links/blktop"
got=$(catalogs_line "$WORK/links/blktop")
[ "$got" = "$WORK/copy/locale" ] && pass "a symlink to blktop finds the catalogs beside the binary it points to" ||
	fail "a symlink to blktop reads '$got', not $WORK/copy/locale"

# ---- A locale/ folder that holds no catalog ----
cp "$B" "$WORK/empty/blktop"
got=$(catalogs_line "$WORK/empty/blktop")
[ "$got" = "$installed" ] && pass "a locale/ beside blktop without its catalog is passed over" ||
	fail "a locale/ beside blktop without its catalog was taken: '$got'"
finish
