#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# po_complete.sh - every message is translated: a pot made afresh from the
# sources (xgettext over po/POTFILES.in, with the options of po/Makevars)
# has no msgid that po/zh_CN.po lacks, leaves untranslated or marks fuzzy;
# zh_CN.po passes msgfmt --check (format strings match); and every source
# file that uses _(" or N_(" is listed in po/POTFILES.in, so no new string
# can escape the pot. A new _() string without a translation fails here.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

for t in xgettext msgcmp msgfmt; do
	command -v $t >/dev/null 2>&1 ||
		skip "$t is missing: the translation checks need gettext (apt-get install gettext)"
done

PO="$top_srcdir/po/zh_CN.po"
[ -f "$PO" ] || die "$PO is missing from the source tree"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/blktop-po.XXXXXX") || skip "cannot make a temporary directory"
trap 'rm -rf "$WORK"' EXIT

# ---- POTFILES.in lists every file with a translatable string ----
listed="$WORK/listed"
grep -v '^[[:space:]]*#' "$top_srcdir/po/POTFILES.in" | sed '/^[[:space:]]*$/d' | sort >"$listed"
used="$WORK/used"
(cd "$top_srcdir" && grep -rlE '(^|[^A-Za-z0-9_])N?_\("' --include='*.c' src) | sort >"$used"
missing=$(comm -23 "$used" "$listed")
if [ -n "$missing" ]; then
	fail "po/POTFILES.in lacks files that use _(): $(echo $missing) (regenerate it: grep -l '_(\"' src/*.c src/*/*.c)"
else
	pass "po/POTFILES.in lists all $(wc -l <"$used") files that use _()"
fi
gone=""
for f in $(cat "$listed"); do
	[ -f "$top_srcdir/$f" ] || gone="$gone $f"
done
[ -z "$gone" ] && pass "every file in po/POTFILES.in exists" ||
	fail "po/POTFILES.in names files that are not there:$gone"

# ---- A fresh pot, made as po/Makefile makes it ----
opts=$(sed -n 's/^XGETTEXT_OPTIONS *= *//p' "$top_srcdir/po/Makevars")
[ -n "$opts" ] || opts="--keyword=_ --keyword=N_"
pot="$WORK/blktop.pot"
# shellcheck disable=SC2086
if ! (cd "$top_srcdir" && xgettext --default-domain=blktop --directory=. $opts \
	--files-from="$listed" -o "$pot") 2>"$WORK/xgettext.err"; then
	fail "xgettext failed: $(cat "$WORK/xgettext.err")"
	finish
fi
n=$(grep -c '^msgid ' "$pot")
n=$((n - 1))
[ "$n" -gt 100 ] && pass "a fresh pot has $n messages" ||
	fail "a fresh pot has only $n messages: is xgettext reading the sources?"

# ---- zh_CN.po: all of them, none fuzzy, formats matching ----
if msgcmp "$PO" "$pot" 2>"$WORK/msgcmp.err"; then
	pass "po/zh_CN.po translates every msgid of the fresh pot"
else
	fail "po/zh_CN.po lacks translations (translate them; msgmerge po/zh_CN.po with the pot first):"
	sed 's/^/    | /' "$WORK/msgcmp.err" >&2
fi
stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$PO" 2>&1)
rc=$?
case "$rc:$stats" in
0:*untranslated* | 0:*fuzzy*) fail "msgfmt --statistics: $stats" ;;
0:*" translated message"*) pass "msgfmt --check --statistics: $stats" ;;
*) fail "msgfmt --check po/zh_CN.po: $stats" ;;
esac

finish
