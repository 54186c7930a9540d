#!/usr/bin/env bash
# The Debian packages, end to end: builds them from a copy of this tree with
# `dpkg-buildpackage -b -us -uc`, checks them with lintian (no errors), installs them with apt,
# and runs what they installed, from outside the tree: the CLI, its man page and completion,
# nqueens-mpi, a C program built with pkg-config against the installed library, and the Python
# module. Then removes the packages again, leaving the machine as it was.
#
#   tests/packages/run.sh [OUTDIR]    (as root, on Debian 12 with the build-dependencies of
#                                      debian/control, lintian and man-db installed)
# The .debs stay in OUTDIR (default: a temporary directory). The packages' own tests are left
# out of the build (DEB_BUILD_OPTIONS=nocheck): make check runs them.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$(mktemp -d)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
installed=
cleanup() {
    [ -n "$installed" ] && apt-get purge -y -qq -o DPkg::Lock::Timeout=600 $installed >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: packages: $*"; exit 1; }

# Build in a copy of the tree (dpkg-buildpackage writes the .debs to its parent directory).
mkdir "$work/nqueens"
tar -C "$root" --exclude=./.git --exclude='./build*' --exclude=./python/build \
    --exclude=./python/.pybuild --exclude='*.so' --exclude=__pycache__ -cf - . |
    tar -C "$work/nqueens" -xf -
(cd "$work/nqueens" &&
    DEB_BUILD_OPTIONS="nocheck parallel=$(nproc)" dpkg-buildpackage -b -us -uc >"$work/build.log" 2>&1) ||
    { tail -40 "$work/build.log"; fail "dpkg-buildpackage failed"; }
mv "$work"/*.deb "$work"/*.changes "$work"/*.buildinfo "$out"/
debs=()
for name in nqueens nqueens-mpi libnqueens0 libnqueens-dev python3-nqueens; do
    deb=$(ls "$out/${name}"_*.deb) || fail "no package $name"
    debs+=("$deb")
done
echo "packages: built $(cd "$out" && ls ./*.deb | sed 's|^\./||' | tr '\n' ' ')"

lintian --fail-on error --suppress-tags-from-file "$root/debian/lintian-explained" \
    "$out"/*.changes || fail "lintian found errors"

installed="nqueens nqueens-mpi libnqueens0 libnqueens-dev python3-nqueens"
apt-get install -y -qq -o DPkg::Lock::Timeout=600 "${debs[@]}" >/dev/null || fail "apt could not install the packages"

cd "$work"
[ "$(command -v nqueens)" = /usr/bin/nqueens ] || fail "nqueens is not /usr/bin/nqueens"
[ "$(nqueens count 10)" = 724 ] || fail "nqueens count 10 did not print 724"
man -w nqueens >/dev/null || fail "man -w nqueens found no page"
man -w nqueens-mpi >/dev/null || fail "man -w nqueens-mpi found no page"
test -f /usr/share/bash-completion/completions/nqueens || fail "no bash completion"
nqueens-mpi --help >/dev/null || fail "nqueens-mpi --help failed"

cat >count.c <<'C'
#include <stdio.h>
#include <nqueens.h>

int main(void)
{
    nq_board board;
    nq_count_result result;
    char digits[40];
    if (nq_board_init(&board, 8) || nq_count(&board, NULL, &result))
        return 1;
    nq_u128_format(result.total, digits);
    printf("%s\n", digits);
    return 0;
}
C
# shellcheck disable=SC2046
cc count.c $(pkg-config --cflags --libs nqueens) -o count || fail "cannot build against libnqueens"
ldd ./count | grep -Eq "libnqueens.so.0 => (/usr)?/lib/" ||
    fail "count is not linked to the installed libnqueens.so.0"
[ "$(./count)" = 92 ] || fail "the C program did not print 92"
# shellcheck disable=SC2046
cc -static count.c $(pkg-config --static --cflags --libs nqueens) -o count-static ||
    fail "cannot link libnqueens.a"
[ "$(./count-static)" = 92 ] || fail "the static C program did not print 92"

[ "$(/usr/bin/python3 -c 'import nqueens; print(nqueens.count(8))')" = 92 ] ||
    fail "python3 -c 'import nqueens; print(nqueens.count(8))' did not print 92"
/usr/bin/python3 -c 'import nqueens, sys; sys.exit(not nqueens.__file__.startswith("/usr/lib/python3/"))' ||
    fail "nqueens is not imported from /usr/lib/python3"

echo "packages: built, lintian clean of errors, installed; nqueens count 10, man -w, pkg-config" \
     "(shared and static), nqueens-mpi and python3 import ok"
