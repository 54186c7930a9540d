#!/usr/bin/env python3
"""The engines of `nqueens count --board` side by side on random boards of growing closed share:
the measurements behind NQ_ENGINE_LINES_PERCENT, the share from which `auto` takes lines.

    bench/engine_sweep.py [SIZES [PERCENTS [SEEDS [QUEENS]]]]     (from the repository's root)

SIZES and PERCENTS are comma-separated (default 14,16,18 and 5,10,...,50): for each size n, each
percent p and seeds 1 to SEEDS (default 3), a board of n x n whose squares are bad each with
probability p / 100, and, unless QUEENS is 0 (default 2), the same board with QUEENS queens placed
at random on free squares none attacks. Each board is counted by `build/nqueens count --board
--threads 1` with --engine rows and with --engine lines, in a fresh process whose user CPU time
is measured (CPU seconds: the machine may be shared). A count over LIMIT CPU seconds (environment,
default 20) is cut and shown as "> LIMIT". The two engines must agree.

Prints a line per board (n, queens, closed %, as the library computes it: bad squares, rows of
placed queens and the squares they attack; rows and lines seconds) and then a Markdown table:
per n and band of closed share, the boards, the median seconds of each engine and the median of
lines / rows.
"""
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile

NQ = "build/nqueens"
LIMIT = float(os.environ.get("LIMIT", "20"))


def board(n, percent, queens, seed):
    """A random board: its text, and its closed share in percent (as src/engine/kernels.c)."""
    rng = random.Random(n * 1000003 + percent * 1009 + seed)
    bad = [[rng.random() < percent / 100 for _ in range(n)] for _ in range(n)]
    placed = {}
    for _ in range(queens):
        free = [(r, c) for r in range(n) for c in range(n)
                if not bad[r][c] and r not in placed and c not in placed.values()
                and all(abs(r - q) != abs(c - k) for q, k in placed.items())]
        if free:
            r, c = rng.choice(free)
            placed[r] = c
    text = "\n".join("".join("Q" if placed.get(r) == c else "*" if bad[r][c] else "."
                             for c in range(n)) for r in range(n)) + "\n"
    open_squares = 0
    for r in range(n):
        if r in placed:
            continue
        row = [c for c in range(n) if not bad[r][c] and c not in placed.values()
               and all(abs(r - q) != abs(c - k) for q, k in placed.items())]
        open_squares += len(row) if len(row) > 1 else 0
    return text, 100 * (n * n - open_squares) // (n * n)


def limit_cpu():
    resource.setrlimit(resource.RLIMIT_CPU, (int(LIMIT) + 1, int(LIMIT) + 1))


def count(path, engine):
    """The count and the user CPU seconds of one engine; the count is None past LIMIT."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    run = subprocess.run([NQ, "count", "--board", path, "--threads", "1", "--no-progress",
                          "--engine", engine], capture_output=True, text=True,
                         preexec_fn=limit_cpu)
    seconds = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
    if run.returncode != 0 or seconds > LIMIT:
        return None, LIMIT + 1
    return int(run.stdout), seconds


def band(closed):
    return min(closed // 5 * 5, 50)


def main():
    sizes = [int(x) for x in (sys.argv[1] if len(sys.argv) > 1 else "14,16,18").split(",")]
    percents = [int(x) for x in (sys.argv[2] if len(sys.argv) > 2 else
                                 ",".join(str(p) for p in range(5, 55, 5))).split(",")]
    seeds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    queens = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    rows_of = {}
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            for p in percents:
                for seed in range(1, seeds + 1):
                    for q in sorted({0, queens}):
                        text, closed = board(n, p, q, seed)
                        path = os.path.join(tmp, "board.txt")
                        with open(path, "w") as f:
                            f.write(text)
                        (rc, rs), (lc, ls) = count(path, "rows"), count(path, "lines")
                        if rc is not None and lc is not None and rc != lc:
                            print(f"engine_sweep: n {n} p {p} seed {seed} queens {q}: rows "
                                  f"count {rc}, lines {lc}", file=sys.stderr)
                            status = 1
                        shown = lambda s: f"> {LIMIT:g}" if s > LIMIT else f"{s:.2f}"
                        print(f"n {n} p {p} seed {seed} queens {q} closed {closed} % count "
                              f"{rc if rc is not None else lc} rows {shown(rs)} lines "
                              f"{shown(ls)}", flush=True)
                        rows_of.setdefault((n, band(closed)), []).append((rs, ls))
    print()
    print("| n | closed | boards | rows s (median) | lines s (median) | lines / rows (median) |")
    print("|---:|---:|---:|---:|---:|---:|")
    for (n, b), runs in sorted(rows_of.items()):
        rs = statistics.median(r for r, _ in runs)
        ls = statistics.median(l for _, l in runs)
        ratio = statistics.median(l / max(r, 0.005) for r, l in runs)
        shown = lambda s: f"> {LIMIT:g}" if s > LIMIT else f"{s:.2f}"
        print(f"| {n} | {b}-{b + 4} % | {len(runs)} | {shown(rs)} | {shown(ls)} | {ratio:.2f} |")
    return status


if __name__ == "__main__":
    sys.exit(main())
