#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# deb.sh - the Debian package as a VM gets it: built with
# dpkg-buildpackage -us -uc -b from a clean copy of make dist's tarball
# (never in the source tree: the .deb lands in the parent folder), lintian
# clean at its default level (no E: or W:), Depends filled in from shlibs,
# installed with dpkg -i into a throwaway root (never the machine's own),
# and run from there: --version and --list, and --help in Chinese from
# the catalog the package installed. The throwaway root's dpkg database
# holds only the entries of the packages blktop depends on, copied from
# this machine's, so dpkg checks the Depends against Debian's real
# packages; the binary runs with this machine's libraries, which are those
# packages' files. ./quickstart test runs this with BLKTOP_TARBALL set to
# the tarball it made; it is no part of make check (make check runs inside
# the tree the tarball is made from).
. "${top_srcdir:-.}/tests/e2e/lib.sh"

T=${BLKTOP_TARBALL:-}
[ -n "$T" ] || skip "BLKTOP_TARBALL names no tarball (./quickstart test runs this with make dist's)"
[ -f "$T" ] || die "BLKTOP_TARBALL=$T: no such file"
for t in dpkg-buildpackage dh lintian dpkg-deb; do
	command -v "$t" >/dev/null 2>&1 ||
		skip "$t is missing (apt-get install dpkg-dev debhelper lintian; ./quickstart test installs them)"
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/blktop-deb.XXXXXX") || skip "cannot make a temporary directory"
trap 'rm -rf --one-file-system "$WORK"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# show FILE: the end of a log, indented, on stderr.
show() { tail -n "${2:-30}" "$1" | sed 's/^/    | /' >&2; }

# ---- Build from the unpacked tarball ----
mkdir "$WORK/src" && tar -xzf "$T" -C "$WORK/src" || die "cannot unpack $T"
src=$(find "$WORK/src" -mindepth 1 -maxdepth 1 -type d | head -n 1)
[ -f "$src/debian/control" ] || die "the tarball carries no debian/ (packaging.mk's EXTRA_DIST)"
t0=$(now_ms)
if (cd "$src" && DEB_BUILD_OPTIONS="parallel=$(nproc) nocheck" dpkg-buildpackage -us -uc -b) \
	>"$WORK/build.log" 2>&1; then
	pass "dpkg-buildpackage -us -uc -b built from the tarball in $(($(now_ms) - t0)) ms"
else
	fail "dpkg-buildpackage -us -uc -b failed (a missing Build-Depends belongs in quickstart's list):"
	show "$WORK/build.log" 40
	finish
fi
deb=$(ls "$WORK"/src/blktop_*.deb 2>/dev/null | head -n 1)
changes=$(ls "$WORK"/src/blktop_*.changes 2>/dev/null | head -n 1)
[ -n "$deb" ] && [ -n "$changes" ] || die "no blktop_*.deb and .changes beside the tree: $(ls "$WORK/src")"

# ---- The package's control fields ----
deps=$(dpkg-deb -f "$deb" Depends)
case $deps in
*'${'* | '') fail "Depends is not filled in: '$deps'" ;;
*libc6*libncursesw6* | *libncursesw6*libc6*) pass "Depends from shlibs: $deps" ;;
*) fail "Depends lacks libc6 or libncursesw6 (not from shlibs?): $deps" ;;
esac

# ---- lintian at its default level ----
t0=$(now_ms)
lintian --fail-on error,warning "$changes" >"$WORK/lintian.log" 2>&1
rc=$?
grep -v 'running with root privileges' "$WORK/lintian.log" | sed "s/^/$E2E_NAME: lintian: /" >&2
if [ $rc = 0 ] && ! grep -q '^[EW]: ' "$WORK/lintian.log"; then
	pass "lintian: no error and no warning on $(basename "$changes") ($(($(now_ms) - t0)) ms)"
else
	fail "lintian reports errors or warnings (status $rc)"
fi

# ---- dpkg -i into a throwaway root ----
R="$WORK/root"
A="$R/var/lib/dpkg"
mkdir -p "$A/info" "$A/updates" && : >"$A/available" && : >"$A/status" || die "cannot make $A"
for d in $(echo "$deps" | tr ',' '\n' | sed 's/^ *//; s/[ |(].*//'); do
	if dpkg-query -s "$d" >>"$A/status" 2>/dev/null; then
		echo >>"$A/status"
		: >"$A/info/$(dpkg-query -W -f='${binary:Package}' "$d" | head -n 1).list"
	else
		fail "Depends names $d, which is not installed here"
	fi
done
if dpkg --root="$R" -i "$deb" >"$WORK/dpkg.log" 2>&1 && ! grep -qi 'warning' "$WORK/dpkg.log"; then
	pass "dpkg --root=ROOT -i installs it, its Depends met by Debian's packages"
else
	fail "dpkg --root=ROOT -i:"
	show "$WORK/dpkg.log"
	finish
fi
dpkg --root="$R" -s blktop 2>/dev/null | grep -q '^Status: install ok installed' &&
	pass "dpkg --root=ROOT -s blktop: install ok installed" ||
	fail "dpkg --root=ROOT -s blktop is not 'install ok installed'"
list=$(dpkg --root="$R" -L blktop)
for f in /usr/bin/blktop /usr/share/man/man1/blktop.1.gz \
	/usr/share/locale/zh_CN/LC_MESSAGES/blktop.mo \
	/usr/share/bash-completion/completions/blktop; do
	if echo "$list" | grep -qx "$f" && [ -s "$R$f" ]; then
		pass "installed: $f"
	else
		fail "dpkg -L blktop does not list $f, or it is not in the root"
	fi
done

# ---- Run from the root ----
B="$R/usr/bin/blktop"
out=$(LC_ALL=C "$B" --version 2>&1) && echo "$out" | grep -q '^linked: dynamic' &&
	echo "$out" | grep -q '^counters: libproc2' && echo "$out" | grep -q '^mount table: libmount' &&
	pass "ROOT/usr/bin/blktop --version: $(echo "$out" | sed -n 's/^libraries: //p')" ||
	{ fail "ROOT/usr/bin/blktop --version:"; echo "$out" | sed 's/^/    | /' >&2; }
out=$(LC_ALL=C "$B" --list 2>&1)
rc=$?
if [ $rc = 0 ] && echo "$out" | head -n 1 | grep -q '^NAME .* VERDICT' && [ "$(echo "$out" | wc -l)" -ge 2 ]; then
	pass "ROOT/usr/bin/blktop --list: $(($(echo "$out" | wc -l) - 1)) devices"
else
	fail "ROOT/usr/bin/blktop --list ended with $rc:"
	echo "$out" | head -n 5 | sed 's/^/    | /' >&2
fi
# The catalog the package installed, read by the installed binary: a
# link to it with the root's locale/ beside it (blktop reads locale/
# beside itself before the folder it was built for, this machine's).
ZH=$(locale -a 2>/dev/null | grep -iE '^zh_CN\.utf-?8$' | head -n 1)
if [ -z "$ZH" ]; then
	skip_part "the zh_CN.UTF-8 locale is not installed: the installed catalog is not read"
else
	mkdir "$WORK/run" && ln "$B" "$WORK/run/blktop" && ln -s "$R/usr/share/locale" "$WORK/run/locale" ||
		die "cannot link the installed binary"
	where=$(LC_ALL=C "$WORK/run/blktop" --version | sed -n 's/^catalogs: //p')
	help=$(env -u LANGUAGE LC_ALL="$ZH" "$WORK/run/blktop" --help 2>&1)
	[ "$where" = "$WORK/run/locale" ] && echo "$help" | grep -q "用法：" &&
		pass "the installed zh_CN catalog: --help is Chinese" ||
		fail "the installed zh_CN catalog is not used (catalogs: $where): $(echo "$help" | head -n 1)"
fi
finish
