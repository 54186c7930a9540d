#!/usr/bin/env bash
# includes.sh - checks that the tree's folders form layers: each file's #include "..." lines
# name only its own folder, nqueens.h, and the folders its layer may use, as written below; and
# that those rules admit no circle. Run from the top of the tree (make layout-tests); prints
# each offending line and exits 1, or prints a summary and exits 0.
#
#   tests/layout/includes.sh [ROOT]
set -u
root=${1:-.}
cd "$root" || exit 2

# What each folder may include besides itself and nqueens.h: the layers below it. The library
# (src/) from the bottom up, then the programs (tools/), which see the library only through
# nqueens.h, as the fuzz targets do. The unit tests and benchmarks may look inside any layer.
allowed() {
    case $1 in
        src/base)           echo "" ;;
        src/board)          echo "src/base" ;;
        src/engine)         echo "src/base src/board" ;;
        src/join)           echo "src/base" ;;
        src/find)           echo "src/base src/board src/engine" ;;
        src/list)           echo "src/base src/board src/engine src/find" ;;
        src/count)          echo "src/base src/board src/engine src/join" ;;
        tools/common)       echo "" ;;
        tools/nqueens)      echo "tools/common" ;;
        tools/nqueens-mpi)  echo "tools/common" ;;
        fuzz)               echo "tools/common" ;;
        *)                  echo "?" ;;
    esac
}
folders="src/base src/board src/engine src/join src/find src/list src/count tools/common
         tools/nqueens tools/nqueens-mpi fuzz"

fail=0
complain() { echo "includes: $*"; fail=1; }

# Every folder of src/ and tools/ holding C must be in the table, so that a new one is placed.
for dir in $(find src tools -name '*.[ch]' -exec dirname {} \; | sort -u); do
    [ "$(allowed "$dir")" = "?" ] && complain "$dir is no layer: add it to tests/layout/includes.sh"
done

# The folder an include names: a path from src/ ("engine/engine.h"), from tools/
# ("common/common.h"), from the includer ("../common/common.h"), or a file beside it
# ("complete.h").
target() {
    local dir=$1 name=$2
    case $name in
        nqueens.h)  echo "api" ;;
        ../*)       local up; up=$(cd "$dir/$(dirname "$name")" 2>/dev/null && pwd -P) || up=
                    echo "${up#"$(pwd -P)"/}" ;;
        */*)        if [ -f "src/$name" ]; then dirname "src/$name"
                    elif [ -f "tools/$name" ]; then dirname "tools/$name"
                    else echo "missing"; fi ;;
        *)          if [ -f "$dir/$name" ]; then echo "$dir"; else echo "missing"; fi ;;
    esac
}

checked=0
for dir in $folders; do
    [ -d "$dir" ] || continue
    ok=" $dir api $(allowed "$dir") "
    for file in "$dir"/*.[ch]; do
        [ -f "$file" ] || continue
        while IFS=: read -r line name; do
            checked=$((checked + 1))
            to=$(target "$dir" "$name")
            case $ok in
                *" $to "*) ;;
                *) complain "$file:$line includes \"$name\" ($to), which $dir may not use" ;;
            esac
        done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" |
                 sed 's/^\([0-9]*\):[^"]*"\([^"]*\)".*/\1:\2/')
    done
done

# The rules themselves form no circle: peel off, again and again, the folders that use none
# of those left; whatever cannot be peeled lies on a circle.
left=$folders
while [ -n "$(echo $left)" ]; do
    next= peeled=
    for dir in $left; do
        blocked=
        for below in $(allowed "$dir"); do
            case " $(echo $left) " in *" $below "*) blocked=1 ;; esac
        done
        if [ -n "$blocked" ]; then next="$next $dir"; else peeled=1; fi
    done
    if [ -z "$peeled" ]; then
        complain "the layers$next cannot be ordered: some of them use one another around a circle"
        break
    fi
    left=$next
done

[ $fail = 0 ] &&
    echo "includes: $checked includes in $(echo $folders | wc -w) folders keep to their layers"
exit $fail
