#!/usr/bin/env bash
# The Python package against the textbook Python backtracker (bench/textbook.py), and its cost
# per solution against the CLI's: best of 3 wall-clock times (BENCHMARKS.md, "Python").
#   make python-module && bench/python.sh
set -euo pipefail
cd "$(dirname "$0")/.."
py=${PYTHON:-/usr/bin/python3}
export PYTHONPATH=build/python/lib
best() {   # best of 3 wall-clock seconds of a Python statement, after its setup
    "$py" -c "
import time, sys
sys.path.insert(0, 'bench')
import nqueens, textbook
$1
times = []
for _ in range(3):
    t = time.perf_counter(); $2; times.append(time.perf_counter() - t)
print('%.4f' % min(times))"
}
cli() {    # best of 3 wall-clock seconds of a CLI command
    "$py" -c "
import subprocess, time, sys
times = []
for _ in range(3):
    t = time.perf_counter(); subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
    times.append(time.perf_counter() - t)
print('%.4f' % min(times))" "$@"
}
echo "count(12)            nqueens $(best '' 'nqueens.count(12)')  threads=1 $(best '' 'nqueens.count(12, threads=1)')  textbook $(best '' 'textbook.count(12)')"
echo "list(solve(10))      nqueens $(best '' 'list(nqueens.solve(10))')  threads=1 $(best '' 'list(nqueens.solve(10, threads=1))')  textbook $(best '' 'list(textbook.solutions(10))')"
echo "14x14 listing (365596): python tuples $(best '' 'sum(1 for _ in nqueens.solve(14, threads=1))')  leetcode $(best '' 'sum(1 for _ in nqueens.solve(14, threads=1, format="leetcode"))')  CLI cols $(cli build/nqueens solve 14 --format cols)  CLI count $(cli build/nqueens count 14 --method backtrack --threads 1)"
