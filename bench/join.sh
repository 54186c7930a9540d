#!/usr/bin/env bash
# Benchmarks the join method (`nqueens count N --method join`) side by side with the
# backtracker, the textbook counter and, when KLUEV is set, Kluev's N-Queens-Count-Sol (the
# fastest public CPU counter we know, built outside the repository); then peak memory and one
# timed run per N for the projection in BENCHMARKS.md. Writes Markdown to stdout.
#
#   KLUEV=/path/to/N-Queens-Count-Sol/bin bench/join.sh [quick|full]
#
# KLUEV names a folder with nqueensN (built with its author's command, g++ -O3) and
# nqueensN_native (the same with -march=native) for N = 16, 17, 18; BENCHMARKS.md says how.
# quick: the side-by-side tables for N = 16..18 (about five minutes);
# full: adds peak memory and single runs for N = 16..20 (about ten more minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-quick}
. bench/common.sh

for n in 16 17 18; do
    runs=5; [ "$n" -ge 17 ] && runs=3
    cmds=()
    for k in "" _native; do
        [ -n "${KLUEV:-}" ] && [ -x "$KLUEV/nqueens$n$k" ] && cmds+=("$KLUEV/nqueens$n$k 1")
    done
    cmds+=("$nq count $n --method join --threads 1" "$nq count $n --method join --threads 2")
    [ "$n" -le 17 ] && cmds+=("$nq count $n --method backtrack --threads 1")
    [ "$n" -le 16 ] && cmds+=("$tb $n")
    echo "## count $n"
    hyperfine -N --style none --warmup 1 --runs "$runs" --export-json "$out/join$n.json" \
        "${cmds[@]}" >/dev/null
    python3 bench/table.py "$out/join$n.json"
    echo
done

[ "$mode" = full ] || exit 0
echo "## One run each, 1 thread: seconds and peak resident memory"
echo
echo "| N | seconds | peak RSS | count |"
echo "|---:|---:|---:|---:|"
for n in 16 17 18 19 20; do
    /usr/bin/time -f "%e %M" -o "$out/time" "$nq" count "$n" --method join --threads 1 >"$out/count"
    read -r seconds kib <"$out/time"
    echo "| $n | $seconds | $((kib / 1024)) MiB | $(cat "$out/count") |"
done
