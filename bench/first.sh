#!/usr/bin/env bash
# The lexicographically first solution of every board from 20 to 64 wide: how long
# `nqueens solve N --limit 1` takes to print it (one run each, up to LIMIT seconds, default
# 10), checked with `nqueens verify` and, where the plain search of bench/lexfirst.c finishes
# within the same limit, against it. Writes a Markdown table to stdout.
#
#   bench/first.sh [FIRST [LAST]]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
first=${1:-20}
last=${2:-64}
limit=${LIMIT:-10}
lf=build/bench/lexfirst

echo "| N | nqueens s | plain search s | first solution |"
echo "|---:|---:|---:|---|"
for n in $(seq "$first" "$last"); do
    start=$(date +%s.%N)
    if timeout "$limit" "$nq" solve "$n" --limit 1 --format cols >"$out/ours"; then
        ours=$(echo "$(date +%s.%N) - $start" | bc)
        "$nq" verify "$out/ours" >/dev/null || { echo "bench: solve $n printed an invalid solution" >&2; exit 1; }
    else
        ours=""
    fi
    start=$(date +%s.%N)
    if timeout "$limit" "$lf" "$n" >"$out/plain"; then
        plain=$(echo "$(date +%s.%N) - $start" | bc)
        if [ -n "$ours" ] && ! cmp -s "$out/ours" "$out/plain"; then
            echo "bench: solve $n --limit 1 differs from the plain search's first solution" >&2
            exit 1
        fi
    else
        plain=""
    fi
    printf '| %d | %s | %s | %s |\n' "$n" "${ours:+$(printf '%.3f' "$ours")}" \
        "${plain:+$(printf '%.3f' "$plain")}" "$(cat "$out/ours" 2>/dev/null || true)"
done
