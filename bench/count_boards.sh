#!/usr/bin/env bash
# The counting benchmark: boards of CSPLib problem 079 ("Excluded Diagonals", made by
# bench/diagonal_boards.c) counted by `nqueens count --board` and by a Gecode model side by side.
#
#   bench/count_boards.sh [FIRST_N [LAST_N]]     (from the repository's root)
#
# For each n from FIRST_N to LAST_N (default 21 to 25), SEEDS boards (default 20, seeds 1 to
# SEEDS) with n diagonals excluded. nqueens gets LIMIT seconds a board (default 60), Gecode
# GECODE_LIMIT (default LIMIT), each board in a fresh process timed by the shell. NQ_ARGS is
# added to nqueens' command (e.g. "--threads 1 --engine rows").
#
# Gecode: GECODE_COUNT names a C++ source (a model outside this tree: one variable per row,
# `distinct` with IPL_DOM on the columns and both diagonals, smallest domain first, that prints
# the number of solutions of the board file it is given) that is compiled with g++ and Debian's
# libgecode-dev, or a program already built. Unset or absent: Gecode is skipped. Where both
# count a board they must agree, or the exit status is 1.
#
# Prints a Markdown table: per n, the boards, and per solver the boards counted within its
# limit, the median time and the worst ("> LIMIT" for a time over it), then the counts' median
# and largest as far as they were counted.
set -u
cd "$(dirname "$0")/.."
first=${1:-21}
last=${2:-25}
seeds=${SEEDS:-20}
limit=${LIMIT:-60}
glimit=${GECODE_LIMIT:-$limit}
nq_args=${NQ_ARGS:-}

make -s all bench >/dev/null || exit 1
nq=build/nqueens
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
: >"$out/runs"

solvers=nqueens
gecode=
case ${GECODE_COUNT:-} in
    *.cpp|*.cc)
        if [ -f "$GECODE_COUNT" ] && g++ -O2 "$GECODE_COUNT" -o "$out/gecode_count" -lgecodesearch \
               -lgecodeint -lgecodekernel -lgecodesupport 2>"$out/gecode.log"; then
            gecode=$out/gecode_count
        else
            echo "bench: $GECODE_COUNT does not build; Gecode skipped" >&2
        fi ;;
    ?*) [ -x "$GECODE_COUNT" ] && gecode=$GECODE_COUNT ||
            echo "bench: $GECODE_COUNT is not a program; Gecode skipped" >&2 ;;
esac
[ -n "$gecode" ] && solvers="nqueens gecode"

# seconds START: the time since START (an $EPOCHREALTIME), in seconds.
seconds() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }'; }

# run SOLVER NAME: runs one solver on board NAME; prints its count (- if out of time) and time.
run() {
    local start=$EPOCHREALTIME count
    if [ "$1" = nqueens ]; then
        # shellcheck disable=SC2086
        count=$(timeout "$limit" "$nq" count --board "$out/$2.txt" --no-progress $nq_args 2>/dev/null)
    else
        count=$(timeout "$glimit" "$gecode" "$out/$2.txt" 2>/dev/null)
    fi
    echo "${count:--}"
    seconds "$start"
}

status=0
for n in $(seq "$first" "$last"); do
    build/bench/diagonal_boards "$out" "$n" "$n" 1 "$seeds" >"$out/list" || exit 1
    while read -r name _ _ _ _; do
        truth=-
        for s in $solvers; do
            { read -r count; read -r time; } < <(run "$s" "$name")
            if [ "$count" != - ]; then
                if [ "$truth" != - ] && [ "$truth" != "$count" ]; then
                    echo "bench: board $name: nqueens counts $truth, gecode $count" >&2; status=1
                fi
                truth=$count
            fi
            echo "$n $name $s $count $time" >>"$out/runs"
        done
        echo "$n $name truth $truth 0" >>"$out/runs"
    done <"$out/list"
done

echo "# Run on $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)${nq_args:+, nqueens $nq_args}; nqueens $limit s a board${gecode:+, Gecode $glimit s}"
echo
header="| n | boards |"
rule="|---:|---:|"
for s in $solvers; do header="$header $s counted | median s | worst s |"; rule="$rule---:|---:|---:|"; done
echo "$header median count | largest count |"
echo "$rule---:|---:|"
awk -v limit="$limit" -v glimit="$glimit" -v solvers="$solvers" '
    function show(t, l) { return t > l ? "> " l : sprintf("%.2f", t) }
    { n = $1
      if (!(n in seen)) { seen[n] = 1; ns_[++nn] = n }
      if ($3 == "truth") { boards[n]++; if ($4 != "-") counts[n, ++nc[n]] = $4 + 0; next }
      l = $3 == "gecode" ? glimit : limit
      t = $4 != "-" ? $5 : l + 1
      times[n, $3, ++count[n, $3]] = t
      if (t <= l) counted[n, $3]++ }
    END { ns = split(solvers, s, " ")
          for (i = 1; i <= nn; i++) {
              n = ns_[i]
              line = "| " n " | " boards[n] " |"
              for (j = 1; j <= ns; j++) {
                  l = s[j] == "gecode" ? glimit : limit
                  m = count[n, s[j]]
                  for (a = 1; a <= m; a++) v[a] = times[n, s[j], a]
                  for (a = 2; a <= m; a++) for (b = a; b > 1 && v[b - 1] > v[b]; b--) { x = v[b]; v[b] = v[b - 1]; v[b - 1] = x }
                  median = m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
                  line = line " " counted[n, s[j]] + 0 " | " show(median, l) " | " show(v[m], l) " |"
              }
              m = nc[n]
              for (a = 1; a <= m; a++) v[a] = counts[n, a]
              for (a = 2; a <= m; a++) for (b = a; b > 1 && v[b - 1] > v[b]; b--) { x = v[b]; v[b] = v[b - 1]; v[b - 1] = x }
              print line " " (m ? v[int((m + 1) / 2)] : "-") " | " (m ? v[m] : "-") " |"
          } }' "$out/runs"
exit $status
