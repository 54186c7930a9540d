#!/usr/bin/env bash
# Runs every fuzz target for SECONDS (default 60), the targets' own stderr closed (the numbers
# target prints the CLI's messages), from its seed corpus and its past crashes
# (fuzz/regressions), each on a copy so the committed files stay as they are. A crash stops the
# run and leaves its input in build/fuzz: add it to fuzz/regressions once fixed.
#
#   fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
make -s fuzz
for target in build/fuzz/fuzz_*; do
    name=$(basename "$target")
    work=build/fuzz/corpus-$name
    rm -rf "$work" build/fuzz/crash-* build/fuzz/timeout-* build/fuzz/leak-* && mkdir -p "$work"
    cp fuzz/corpus/"${name#fuzz_}"/* fuzz/regressions/"${name#fuzz_}"/* "$work"/ 2>/dev/null || true
    echo "== $name: $seconds s"
    (cd build/fuzz && "./$name" -max_total_time="$seconds" -max_len=8192 -timeout=10 -close_fd_mask=2 \
        -print_final_stats=1 "corpus-$name" 2>&1 | grep -E "stat::number_of_executed_units|Done|ERROR|SUMMARY" || true)
    for found in build/fuzz/crash-* build/fuzz/timeout-* build/fuzz/leak-*; do
        [ -e "$found" ] && { echo "fuzz: $name failed on $found"; exit 1; }
    done
done
echo "fuzz: all targets ran $seconds s without a crash"
