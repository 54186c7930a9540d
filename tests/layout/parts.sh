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

# Circles known and not yet undone, each with what undoing it takes. A listed pair that no longer
# leans on itself is reported, so that the list only shrinks.
known=""
seen=

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
                grep -qE "(^|[^a-z0-9_])$f\(" "$owner" || continue
                case " $known " in
                    *" $file:${name##*/} "*) seen="$seen $file:${name##*/}"; continue ;;
                esac
                echo "parts: $file includes $name, yet ${owner##*/} calls $f, which $file defines:" \
                     "give ${file##*/} a header of its own"
                fail=1
            done
        done
    done
done
for pair in $known; do
    case " $seen " in
        *" $pair "*) ;;
        *) echo "parts: $pair is listed as a known circle but is none now: take it off the list"
           fail=1 ;;
    esac
done
[ $fail = 0 ] && echo "parts: $checked headers of other parts, none on a circle but the $(echo $known | wc -w) known"
exit $fail
