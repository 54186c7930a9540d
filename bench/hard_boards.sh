#!/usr/bin/env bash
# The decision benchmark: boards of CSPLib problem 079 ("Excluded Diagonals", made by
# bench/diagonal_boards.c), decided by `nqueens one --board` and by CaDiCaL side by side.
#
#   bench/hard_boards.sh [FIRST_N [LAST_N]]     (from the repository's root)
#
# For each n from FIRST_N to LAST_N (default 21 to 30), SEEDS boards (default 20, seeds 1 to
# SEEDS) with n diagonals excluded; then, at n = SWEEP_N (default 25), SEEDS boards for each
# number of excluded diagonals in SWEEP (default "15 20 30 35 40"; set SWEEP= to skip it). Each
# solver gets LIMIT seconds a board (default 10), each board in a fresh process timed by the
# shell. SOLVERS (default "nqueens cadical", with gecode when GECODE is set) says which run;
# NQ_ARGS is added to nqueens' command (e.g. "--threads 1"), NQ names its program (default
# build/nqueens). GECODE names a Gecode model outside this tree, as bench/count_boards.sh's
# GECODE_COUNT does (a C++ source built with Debian's libgecode-dev, or a program), run as
# `MODEL --one BOARD`: it prints yes or no and exits 10 or 20, as a SAT solver does. The solvers
# must agree on whether a completion exists, and every completion nqueens prints must pass
# `nqueens verify` and avoid the board's bad squares; a disagreement or a bad completion makes
# the exit status 1. KEEP=DIR keeps the boards and a line per run there.
#
# Prints a Markdown table: per n and number of diagonals, the boards, and per solver the boards
# decided within the limit, the median time and the worst (a time over the limit shows as
# "> LIMIT"), then the boards with and without a completion as far as either solver decided.
set -u
cd "$(dirname "$0")/.."
first=${1:-21}
last=${2:-30}
seeds=${SEEDS:-20}
limit=${LIMIT:-10}
sweep_n=${SWEEP_N:-25}
sweep=${SWEEP-15 20 30 35 40}
nq_args=${NQ_ARGS:-}

make -s all bench >/dev/null || exit 1
nq=${NQ:-build/nqueens}
if [ -n "${KEEP:-}" ]; then
    out=$KEEP
    mkdir -p "$out" || exit 1
else
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
: >"$out/runs"

gecode=
case ${GECODE:-} in
    *.cpp|*.cc)
        if [ -f "$GECODE" ] && g++ -O2 "$GECODE" -o "$out/gecode" -lgecodesearch -lgecodeint \
               -lgecodekernel -lgecodesupport 2>"$out/gecode.log"; then
            gecode=$out/gecode
        else
            echo "bench: $GECODE does not build; Gecode skipped" >&2
        fi ;;
    ?*) [ -x "$GECODE" ] && gecode=$GECODE || echo "bench: $GECODE is not a program; Gecode skipped" >&2 ;;
esac
solvers=${SOLVERS:-nqueens cadical${gecode:+ gecode}}
case " $solvers " in *" cadical "*)
    command -v cadical >/dev/null || { echo "bench: cadical is needed (apt-get install cadical)" >&2; exit 1; }
esac

# seconds START: the time since START (an $EPOCHREALTIME), in seconds.
seconds() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }'; }

# avoids BOARD COLS: whether the solution in COLS avoids the bad squares of BOARD.
avoids() {
    awk 'NR == FNR { for (c = 1; c <= length($0); c++) if (substr($0, c, 1) == "*") bad[NR, c] = 1; next }
         { for (r = 1; r <= NF; r++) if ((r, $r) in bad) exit 1 }' "$1" "$2"
}

# run SOLVER NAME: runs one solver on board NAME; prints its answer (yes, no or -) and time.
run() {
    local start=$EPOCHREALTIME code
    if [ "$1" = nqueens ]; then
        # shellcheck disable=SC2086
        timeout "$limit" "$nq" one --board "$out/$2.txt" $nq_args >"$out/$2.sol" 2>/dev/null
        code=$?
        case $code in 0) echo yes ;; 1) echo no ;; 124) echo - ;; *) echo "exit$code" ;; esac
    else
        if [ "$1" = gecode ]; then
            timeout "$limit" "$gecode" --one "$out/$2.txt" >/dev/null 2>&1
        else
            timeout "$limit" cadical -q "$out/$2.cnf" >/dev/null 2>&1
        fi
        code=$?
        case $code in 10) echo yes ;; 20) echo no ;; 124) echo - ;; *) echo "exit$code" ;; esac
    fi
    seconds "$start"
}

status=0
# group N K: runs every solver on the SEEDS boards of side N with K diagonals excluded.
group() {
    local name answer time truth
    build/bench/diagonal_boards "$out" "$1" "$2" 1 "$seeds" >"$out/list" || exit 1
    while read -r name _ _ _ _; do
        truth=-
        for s in $solvers; do
            { read -r answer; read -r time; } < <(run "$s" "$name")
            case $answer in
                yes|no|-) ;;
                *) echo "bench: board $name: $s ended with $answer" >&2; status=1 ;;
            esac
            if [ "$s" = nqueens ] && [ "$answer" = yes ] &&
               { ! "$nq" verify "$out/$name.sol" >/dev/null || ! avoids "$out/$name.txt" "$out/$name.sol"; }; then
                echo "bench: board $name: the completion printed is wrong" >&2; status=1
            fi
            if [ "$answer" = yes ] || [ "$answer" = no ]; then
                if [ "$truth" != - ] && [ "$truth" != "$answer" ]; then
                    echo "bench: board $name: the solvers disagree" >&2; status=1
                fi
                truth=$answer
            fi
            echo "$1 $2 $name $s $answer $time" >>"$out/runs"
        done
        echo "$1 $2 $name truth $truth 0" >>"$out/runs"
    done <"$out/list"
}

for n in $(seq "$first" "$last"); do group "$n" "$n"; done
for k in $sweep; do group "$sweep_n" "$k"; done

echo "# Run on $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)${nq_args:+, nqueens $nq_args}$(case " $solvers " in *" cadical "*) cadical --version | head -1 | sed 's/^/, CaDiCaL /' ;; esac)${gecode:+, Gecode $(dpkg-query -W -f '${Version}' libgecode-dev 2>/dev/null)}, $limit s a board"
echo
header="| n | diagonals | boards |"
rule="|---:|---:|---:|"
for s in $solvers; do header="$header $s decided | median s | worst s |"; rule="$rule---:|---:|---:|"; done
echo "$header with / without a completion |"
echo "$rule---|"
awk -v limit="$limit" -v solvers="$solvers" '
    function show(t) { return t > limit ? "> " limit : sprintf("%.2f", t) }
    { key = $1 " " $2
      if (!(key in seen)) { seen[key] = 1; keys[++nkeys] = key }
      if ($4 == "truth") { boards[key]++; if ($5 == "yes") yes[key]++; if ($5 == "no") no[key]++; next }
      t = ($5 == "yes" || $5 == "no") ? $6 : limit + 1
      times[key, $4, ++count[key, $4]] = t
      if (t <= limit) decided[key, $4]++ }
    END { ns = split(solvers, s, " ")
          for (i = 1; i <= nkeys; i++) {
              key = keys[i]; split(key, nk, " ")
              line = "| " nk[1] " | " nk[2] " | " boards[key] " |"
              for (j = 1; j <= ns; j++) {
                  m = count[key, s[j]]
                  for (a = 1; a <= m; a++) v[a] = times[key, s[j], a]
                  for (a = 2; a <= m; a++) for (b = a; b > 1 && v[b - 1] > v[b]; b--) { x = v[b]; v[b] = v[b - 1]; v[b - 1] = x }
                  median = m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
                  line = line " " decided[key, s[j]] + 0 " | " show(median) " | " show(v[m]) " |"
              }
              print line " " yes[key] + 0 " / " no[key] + 0 " |"
          } }' "$out/runs"
exit $status
