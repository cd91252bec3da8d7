#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# rpm.sh - blktop.spec as far as a Debian machine can check it (Debian's
# rpm package): the spec make dist's tarball carries parses, names the
# tarball's version and the RHEL family's build dependencies,
# rpmbuild -tb --nodeps builds the package from the tarball alone, and
# rpm -qlp lists the binary, man page, catalog and bash completion. The
# build dependencies are not installed under those names here (--nodeps);
# the libraries Debian has under its own names stand in for them.
# ./quickstart test runs this with BLKTOP_TARBALL set to the tarball it
# made; it is no part of make check.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

T=${BLKTOP_TARBALL:-}
[ -n "$T" ] || skip "BLKTOP_TARBALL names no tarball (./quickstart test runs this with make dist's)"
[ -f "$T" ] || die "BLKTOP_TARBALL=$T: no such file"
for t in rpmbuild rpmspec rpm; do
	command -v "$t" >/dev/null 2>&1 ||
		skip "$t is missing (apt-get install rpm; ./quickstart test installs it)"
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/blktop-rpm.XXXXXX") || skip "cannot make a temporary directory"
trap 'rm -rf --one-file-system "$WORK"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
show() { tail -n "${2:-30}" "$1" | sed 's/^/    | /' >&2; }
# Everything rpmbuild makes stays in WORK (its default is ~/rpmbuild and
# /var/tmp).
rb() { rpmbuild --define "_topdir $WORK/top" --define "_tmppath $WORK/tmp" "$@"; }
mkdir -p "$WORK/tmp" "$WORK/top"

# ---- The spec in the tarball ----
tar -xzf "$T" -C "$WORK" --wildcards '*/blktop.spec' 2>/dev/null ||
	die "the tarball carries no blktop.spec (packaging.mk's EXTRA_DIST)"
spec=$(find "$WORK" -name blktop.spec | head -n 1)
if rpmspec -P "$spec" >"$WORK/parsed" 2>"$WORK/parse.err" && [ ! -s "$WORK/parse.err" ]; then
	pass "rpmspec -P parses the spec"
else
	fail "rpmspec -P:"
	show "$WORK/parse.err"
fi
base=$(basename "$T" .tar.gz)
v=$(rpmspec -q --qf '%{version}\n' "$spec" 2>/dev/null | head -n 1)
[ "blktop-$v" = "$base" ] && pass "the spec's version is the tarball's: $v" ||
	fail "the spec says version '$v' for $base (blktop.spec's Version: follows configure.ac's)"
br=$(rpmspec -q --srpm --qf '[%{requires}\n]' "$spec" 2>/dev/null | tr '\n' ' ')
missing=
for r in gcc make gettext ncurses-devel libaio-devel libblkid-devel libmount-devel \
	nettle-devel liburing-devel xxhash-devel; do
	echo " $br" | grep -q " $r " || missing="$missing $r"
done
[ -z "$missing" ] && pass "BuildRequires (RHEL names): $br" ||
	fail "BuildRequires lacks$missing: $br"

# ---- rpmbuild -tb --nodeps from the tarball ----
t0=$(now_ms)
if rb -tb --nodeps "$T" >"$WORK/build.log" 2>&1; then
	pass "rpmbuild -tb --nodeps built from the tarball in $(($(now_ms) - t0)) ms"
else
	fail "rpmbuild -tb --nodeps failed:"
	show "$WORK/build.log" 40
	finish
fi
# %check ran the built program; configure's summary says what it has.
grep -q '^counters: built-in /proc parsers' "$WORK/build.log" &&
	pass "%check: the built blktop says its counters come from its own /proc parsers (no libproc2, as on RHEL)" ||
	fail "%check did not show blktop --version's counters line"
rpmf=$(find "$WORK/top/RPMS" -name 'blktop-[0-9]*.rpm' | head -n 1)
[ -n "$rpmf" ] || die "no blktop-*.rpm under RPMS: $(find "$WORK/top/RPMS")"
list=$(rpm -qlp "$rpmf" 2>/dev/null)
for f in /usr/bin/blktop '/usr/share/man/man1/blktop\.1(\.gz|\.xz|\.bz2)?' \
	/usr/share/locale/zh_CN/LC_MESSAGES/blktop.mo \
	/usr/share/bash-completion/completions/blktop; do
	m=$(echo "$list" | grep -Ex "$f" | head -n 1)
	[ -n "$m" ] && pass "rpm -qlp lists $m" ||
		fail "rpm -qlp does not list $f: $(echo "$list" | tr '\n' ' ')"
done
# The package installed into a throwaway root (rpm --root; --nodeps:
# this machine's rpm database knows none of its libraries), and the
# binary run from there.
if rpm --root "$WORK/root" -i --nodeps "$rpmf" >"$WORK/install.log" 2>&1 &&
	rpm --root "$WORK/root" -q blktop >/dev/null 2>&1; then
	out=$(LC_ALL=C "$WORK/root/usr/bin/blktop" --version 2>&1) && echo "$out" | grep -q '^blktop ' &&
		pass "rpm --root=ROOT -i installs it and ROOT/usr/bin/blktop --version runs: $(echo "$out" | head -n 1)" ||
		{ fail "ROOT/usr/bin/blktop --version:"; echo "$out" | sed 's/^/    | /' >&2; }
else
	fail "rpm --root=ROOT -i --nodeps:"
	show "$WORK/install.log"
fi
finish
