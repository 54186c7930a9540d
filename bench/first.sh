#!/usr/bin/env bash
# The lexicographically first solution of every board from 20 to 64 wide (OEIS A141843): how
# long `nqueens solve N --limit 1` takes to print it on one thread and on two (one run each, up
# to LIMIT seconds, default 10; the plain search up to PLAIN_LIMIT, default LIMIT), checked with `nqueens verify`, against each other, against
# the published rows in bench/a141843.txt where there is one, and, where the plain search of
# bench/lexfirst.c finishes within the same limit, against it. Writes a Markdown table to
# stdout; the times are wall seconds, so run it alone (or raised: see BENCHMARKS.md).
#
#   bench/first.sh [FIRST [LAST]]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
first=${1:-20}
last=${2:-64}
limit=${LIMIT:-10}
plain_limit=${PLAIN_LIMIT:-$limit}
nq=${NQ:-$nq}   # another build of nqueens to time, if given
lf=build/bench/lexfirst
published=bench/a141843.txt

# run SECONDS OUT COMMAND...: runs COMMAND for at most SECONDS, its stdout to OUT; prints its
# wall seconds, or nothing if it did not finish.
run() {
    local seconds=$1 file=$2 start
    shift 2
    start=$(date +%s.%N)
    if timeout "$seconds" "$@" >"$file"; then
        printf '%.3f' "$(echo "$(date +%s.%N) - $start" | bc)"
    fi
}

# agree NAME FILE: FILE, when not empty, must hold the first solution found.
agree() {
    if [ -s "$2" ] && [ -s "$out/found" ] && ! cmp -s "$2" "$out/found"; then
        echo "bench: $1 differs from the first solution nqueens found for $n" >&2
        exit 1
    fi
}

echo "| N | 1 thread s | 2 threads s | plain search s | first solution |"
echo "|---:|---:|---:|---:|---|"
for n in $(seq "$first" "$last"); do
    one=$(run "$limit" "$out/one" "$nq" solve "$n" --limit 1 --threads 1 --format cols)
    two=$(run "$limit" "$out/two" "$nq" solve "$n" --limit 1 --threads 2 --format cols)
    : >"$out/found"
    for f in one two; do
        if [ -s "$out/$f" ]; then
            "$nq" verify "$out/$f" >/dev/null || { echo "bench: solve $n printed an invalid solution" >&2; exit 1; }
            [ -s "$out/found" ] || cp "$out/$f" "$out/found"
        fi
    done
    agree "the two-thread search" "$out/two"
    awk -v n="$n" '$1 == n { $1 = ""; sub(/^ /, ""); print }' "$published" >"$out/published"
    agree "the published row of A141843" "$out/published"
    plain=$(run "$plain_limit" "$out/plain" "$lf" "$n")
    [ -n "$plain" ] && agree "the plain search" "$out/plain"
    printf '| %d | %s | %s | %s | %s |\n' "$n" "$one" "$two" "$plain" "$(cat "$out/found")"
done
