#!/usr/bin/env bash
# parts.sh - checks that no two files of a folder lean on each other around a circle: where a
# file F.c takes its types from the header of another part, G.h (G.c beside it), G.c must not
# call a function that F.c defines. That is the circle of a folder whose entry point also owns
# the header its parts include ("join.c calls match.c, match.c includes join.h"): each part
# wants its own header, and the file that calls them a header of its own. Run from the top of
# the tree (make layout-tests); prints each circle and exits 1, or a summary and exits 0.
#
#   tests/layout/parts.sh [ROOT]
set -u
cd "${1:-.}" || exit 2

fail=0
checked=0
for dir in src/* tools/*; do
    for file in "$dir"/*.c; do
        [ -f "$file" ] || continue
        # The functions this file defines for others: a definition starts at the margin.
        defined=$(grep -oE '^[a-z][a-z0-9_ *]* \**(nq_[a-z0-9_]+)\(' "$file" |
                  grep -v '^static ' | sed -E 's/.*[ *](nq_[a-z0-9_]+)\($/\1/' | sort -u)
        [ -n "$defined" ] || continue
        for name in $(grep -oE '^#[[:space:]]*include[[:space:]]*"[^"]+\.h"' "$file" |
                      sed -E 's/.*"([^"]+)"/\1/'); do
            header=$dir/${name##*/}
            owner=${header%.h}.c
            # Only another part's header: its own, and a folder's own header (no file of
            # its name), take part in no circle.
            [ -f "$header" ] && [ -f "$owner" ] && [ "$owner" != "$file" ] || continue
            checked=$((checked + 1))
            for f in $defined; do
                if grep -qE "(^|[^a-z0-9_])$f\(" "$owner"; then
                    echo "parts: $file includes $name, yet ${owner##*/} calls $f, which $file defines:" \
                         "give ${file##*/} a header of its own"
                    fail=1
                fi
            done
        done
    done
done
[ $fail = 0 ] && echo "parts: $checked headers of other parts, none on a circle"
exit $fail
