#!/usr/bin/env bash
# Benchmarks nqueens against the textbook recursive counter, side by side in one run, with
# hyperfine; bench/table.py makes Markdown tables of medians and ratios. Writes to stdout.
# The counts here are the backtracker's (--method backtrack); bench/join.sh measures the join.
#
#   bench/run.sh [quick|full]
#
# quick: N = 14..16 (a few minutes); full: adds N = 17 (about ten more minutes).
# Set TAKAKEN=/path/to/binary (called as "$TAKAKEN N") to add an external counter built outside
# the repository; BENCHMARKS.md says how it was built.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-quick}
. bench/common.sh

sizes="14 15 16"
[ "$mode" = full ] && sizes="$sizes 17"
for n in $sizes; do
    runs=5; [ "$n" -ge 16 ] && runs=3; [ "$n" -ge 17 ] && runs=2
    cmds=("$tb $n" "$nq count $n --method backtrack --threads 1"
          "$nq count $n --method backtrack --threads 2")
    [ -n "${TAKAKEN:-}" ] && cmds+=("$TAKAKEN $n")
    echo "## count $n"
    hyperfine -N --style none --runs "$runs" --export-json "$out/count$n.json" "${cmds[@]}" >/dev/null
    python3 bench/table.py "$out/count$n.json"
    echo
done

echo "## uva: tests/cli/uva-bench.in (ten cases of size 13-14, a few bad squares)"
hyperfine --style none --runs 5 --export-json "$out/uva.json" \
    "$tb uva < tests/cli/uva-bench.in" "$nq uva --threads 1 < tests/cli/uva-bench.in" \
    "$nq uva < tests/cli/uva-bench.in" >/dev/null
python3 bench/table.py "$out/uva.json"
echo

echo "## solve 14 --format leetcode > file (365596 solutions, $($nq solve 14 --format leetcode | wc -c) bytes)"
hyperfine --style none --runs 5 --export-json "$out/solve.json" \
    "$nq solve 14 --format leetcode > $out/solve14.json" >/dev/null
python3 bench/table.py "$out/solve.json"
