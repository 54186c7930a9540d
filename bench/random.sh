#!/usr/bin/env bash
# Times `nqueens one N --random` for N = 10^6 and 10^7 with hyperfine, beside the explicit
# construction of the same N (which writes as many bytes and searches nothing, so the
# difference is the search), after checking each random solution with `nqueens verify`.
# Writes Markdown to stdout.
#
#   bench/random.sh         # under a minute
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

for n in 1000000 10000000; do
    runs=5; [ "$n" -ge 10000000 ] && runs=3
    for seed in 1 2; do
        "$nq" one "$n" --random --seed "$seed" >"$out/random$seed"
        "$nq" verify "$out/random$seed" >/dev/null
    done
    echo "## one $n --random > /dev/null ($(wc -c <"$out/random1") bytes; seeds 1 and 2 verified)"
    hyperfine --style none --warmup 1 --runs "$runs" --export-json "$out/random$n.json" \
        "$nq one $n > /dev/null" "$nq one $n --random --seed 1 > /dev/null" \
        "$nq one $n --random --seed 2 > /dev/null" >/dev/null
    python3 bench/table.py "$out/random$n.json"
    echo
done
