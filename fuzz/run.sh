#!/usr/bin/env bash
# Runs every fuzz target for SECONDS (default 60), JOBS of them at a time (default 2), the
# targets' own stderr closed (the numbers target prints the CLI's messages), from its seed
# corpus and its past crashes (fuzz/regressions), each on a copy so the committed files stay as
# they are. A crash fails the run and leaves its input in build/fuzz, named after the target
# (fuzz_board-crash-...): add it to fuzz/regressions once fixed.
#
#   fuzz/run.sh [SECONDS [JOBS]]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
jobs=${2:-2}
make -s -j"$jobs" fuzz   # built as many at a time as fuzzed
rm -f build/fuzz/*crash-* build/fuzz/*timeout-* build/fuzz/*leak-* build/fuzz/*.log

# fuzz NAME: one target's run, its summary lines in build/fuzz/NAME.log.
fuzz() {
    local name=$1 work=build/fuzz/corpus-$1
    rm -rf "$work" && mkdir -p "$work"
    cp fuzz/corpus/"${name#fuzz_}"/* fuzz/regressions/"${name#fuzz_}"/* "$work"/ 2>/dev/null || true
    (cd build/fuzz && "./$name" -max_total_time="$seconds" -max_len=8192 -timeout=10 \
        -close_fd_mask=2 -print_final_stats=1 -artifact_prefix="$name-" "corpus-$name" 2>&1 |
        grep -E "stat::number_of_executed_units|Done|ERROR|SUMMARY" || true) >"build/fuzz/$name.log"
}

running=0
for target in build/fuzz/fuzz_*; do
    [ -x "$target" ] || continue
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
    echo "== $(basename "$target"): $seconds s"
    fuzz "$(basename "$target")" &
    running=$((running + 1))
done
wait

status=0
for log in build/fuzz/*.log; do
    name=$(basename "$log" .log)
    sed "s/^/$name: /" "$log"
    for found in build/fuzz/"$name"-crash-* build/fuzz/"$name"-timeout-* build/fuzz/"$name"-leak-*; do
        [ -e "$found" ] && { echo "fuzz: $name failed on $found"; status=1; }
    done
done
[ "$status" -eq 0 ] && echo "fuzz: all targets ran $seconds s without a crash, $jobs at a time"
exit "$status"
