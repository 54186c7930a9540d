#!/usr/bin/env bash
# Whether the join's estimate can be believed: for each N, `nqueens estimate N --method join
# --threads 1` with seeds 1..K (its default sample), its printed solutions against the published
# Q(N) (tests/cli/known-counts.tsv). Prints per N the median error, how often Q(N) lay within
# one and two printed standard errors (about 68 % and 95 % if the error is honest), and the
# units counted. Writes Markdown to stdout. With RAW=FILE, each run's N, seed, solutions,
# standard error (%), units and CPU seconds are appended to FILE, to look at the errors' spread.
#
#   bench/join_estimates.sh K N...          e.g. bench/join_estimates.sh 20 18 19 20
#   SEED0=100 bench/join_estimates.sh ...   seeds SEED0+1 .. SEED0+K instead
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x build/nqueens ] || { echo "join_estimates: build first (make)" >&2; exit 1; }
seeds=${1:?usage: join_estimates.sh K N...}
shift
raw=${RAW:-/dev/null}
seed0=${SEED0:-0}
echo "| N | seeds | median error | within 1 SE | within 2 SE | median SE printed | units counted |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
for n in "$@"; do
    q=$(awk -v n="$n" '$1 == n { print $2 }' tests/cli/known-counts.tsv)
    for seed in $(seq $((seed0 + 1)) $((seed0 + seeds))); do
        out=$({ TIMEFORMAT=%U; time build/nqueens estimate "$n" --method join --threads 1 \
                  --seed "$seed" 2>/dev/null; } 2>&1)
        line=$(echo "$out" |
            sed -n 's/^solutions: about \([0-9.e+]*\) (standard error \([0-9.]*\)%, \([0-9]*\) units counted)$/\1 \2 \3/p')
        echo "$line"
        echo "$n $seed $line $(echo "$out" | tail -n 1)" >>"$raw"
    done | awk -v n="$n" -v q="$q" '
        function median(a, k,   i, j, t) {
            for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
            return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
        # An error within the printed figure'"'"'s rounding (three digits) counts as none.
        { e = ($1 - q) / q; if (e < 0) e = -e
          r = 0.5 * 10 ^ (int(log($1) / log(10)) - 2) / q; e = e > r ? e : 0; k++; err[k] = e; se[k] = $2 / 100; units[k] = $3
          one += e <= se[k]; two += e <= 2 * se[k] }
        END { printf "| %d | %d | %.1f %% | %d %% | %d %% | %.1f %% | %d |\n", n, k,
                     100 * median(err, k), 100 * one / k, 100 * two / k, 100 * median(se, k),
                     median(units, k) }'
done
