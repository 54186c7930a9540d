#!/usr/bin/env bash
# The completion engine alone, in CPU seconds (bench/proof_engine.c), on the two workloads it is
# tuned on: boards of CSPLib problem 079 (bench/diagonal_boards.c, n diagonals excluded, seeds 1
# to SEEDS) and the questions of the lexicographic walk behind `solve N --limit 1` (the top rows
# of the board filled as the walk fills them, the rest open).
#
#   bench/proof_engine.sh [FIRST_N [LAST_N]]     (from the repository's root)
#
# For each n from FIRST_N to LAST_N (default 25 to 30) and each engine of ENGINES (default "one":
# see bench/proof_engine.c for the others), SEEDS boards (default 10), LIMIT CPU seconds a board
# (default 15); prints a Markdown row per n and engine: boards decided, with and without a
# completion, the median and the worst CPU seconds ("> LIMIT" past the limit). Then a row per
# question and engine. Engines that decide a board must agree, or the exit status is 1.
set -u
cd "$(dirname "$0")/.." || exit 1
first=${1:-25}
last=${2:-30}
seeds=${SEEDS:-10}
limit=${LIMIT:-15}
engines=${ENGINES:-one}
make -s all bench >/dev/null || exit 1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# summary: the decided count, yes / no, median and worst of "name answer nodes count cpu wall"
# lines.
summary() {
    sort -k5,5n | awk -v limit="$limit" '
        { t[NR] = $2 == "-" ? limit + 1 : $5; done += $2 != "-"; yes += $2 == "yes"; no += $2 == "no" }
        function show(x) { return x > limit ? "> " limit : sprintf("%.2f", x) }
        END { printf "%d | %d / %d | %s | %s", done, yes, no, show(t[int((NR + 1) / 2)]), show(t[NR]) }'
}

status=0
echo "| n | engine | boards | decided | with / without | median CPU s | worst CPU s |"
echo "|---:|---|---:|---:|---|---:|---:|"
for n in $(seq "$first" "$last"); do
    build/bench/diagonal_boards "$out" "$n" "$n" 1 "$seeds" >/dev/null || exit 1
    for engine in $engines; do
        for s in $(seq 1 "$seeds"); do
            build/bench/proof_engine "$engine" "$limit" "$out/$n-$n-$s.txt"
        done >"$out/$n.$engine"
        echo "| $n | $engine | $seeds | $(summary <"$out/$n.$engine") |"
    done
    # Engines that decided a board agree.
    cat "$out/$n".* | awk '$2 != "-" { if (($1 in a) && a[$1] != $2) bad = 1; a[$1] = $2 }
                           END { exit bad }' || { echo "bench: engines disagree at n = $n" >&2; status=1; }
done

# question N PREFIX...: the board of side N whose top rows hold the queens of PREFIX (1-based
# columns), the rest open.
question() {
    local n=$1
    shift
    awk -v n="$n" -v prefix="$*" 'BEGIN {
        k = split(prefix, q, " ")
        for (r = 1; r <= n; r++) {
            line = ""
            for (c = 1; c <= n; c++) line = line (r <= k && q[r] == c ? "Q" : ".")
            print line
        } }'
}

echo
echo "| question | engine | answer | CPU s |"
echo "|---|---|---|---:|"
while read -r n prefix; do
    name="$n: $prefix"
    question "$n" "$prefix" >"$out/q.txt"
    for engine in $engines; do
        line=$(build/bench/proof_engine "$engine" "$limit" "$out/q.txt") || exit 1
        # shellcheck disable=SC2086
        set -- $line
        echo "| $name | $engine | $2 | $5 |"
    done
done <<'QUESTIONS'
30 1 3 5 2 4 9 11 13 15 6
32 1 3 5 2 4 9 11 13 15 6 8
34 1 3 5 2 4 9 11 13 15 6 8
36 1 3 5 2 4 9 11 13 15 6 8
38 1 3 5 2 4 9 11 13 15 6 8
40 1 3 5 2 4 9 11 13 15 6 8
QUESTIONS
exit $status
