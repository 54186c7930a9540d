#!/usr/bin/env bash
# Checks that the shared library exports exactly the functions include/nqueens.h declares: none
# of the library's internal functions (it is built with -fvisibility=hidden), and every public
# one (each marked NQ_API).
#
#   tests/cli/exports.sh path/to/libnqueens.so [C-COMPILER]
set -euo pipefail
lib=${1:?usage: exports.sh path/to/libnqueens.so [C-COMPILER]}
cc=${2:-cc}
header=$(cd "$(dirname "$0")/../.." && pwd)/include/nqueens.h
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The header without its comments (the preprocessor drops them): every name followed by "(" is a
# function it declares; function pointer types read "(*name)(" and do not match.
"$cc" -E -P -x c "$header" | grep -oE '\bnq_[a-z0-9_]+[[:space:]]*\(' | tr -d '( \t' |
    sort -u >"$tmp/declared"
nm -D --defined-only "$lib" | awk '{ print $NF }' | sort -u >"$tmp/exported"

status=0
for name in $(comm -13 "$tmp/declared" "$tmp/exported"); do
    echo "FAIL: $lib exports $name, which include/nqueens.h does not declare"
    status=1
done
for name in $(comm -23 "$tmp/declared" "$tmp/exported"); do
    echo "FAIL: include/nqueens.h declares $name, which $lib does not export (NQ_API missing?)"
    status=1
done
[ -s "$tmp/declared" ] || { echo "FAIL: no function found in $header"; status=1; }
[ "$status" -eq 0 ] && echo "exports: the $(wc -l <"$tmp/declared") functions of include/nqueens.h, nothing else"
exit "$status"
