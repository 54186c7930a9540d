#!/usr/bin/env bash
# The completion benchmark: `nqueens one --board` against CaDiCaL on the same boards.
#
#   bench/complete.sh [COUNT]        (from the repository's root; COUNT boards, default 60)
#
# bench/complete_boards.c makes the boards (fixed seeds) and their CNF. Each board is solved by
# both, one after the other, each in a fresh process (start-up and, for CaDiCaL, reading the CNF
# included), timed by the shell. Both must agree on whether a completion exists, and every
# completion nqueens prints must pass `nqueens verify`, keep the board's queens and avoid its bad
# squares; a disagreement or a bad completion stops the script (exit 1). Prints a Markdown
# table, then the totals and the worst board of each.
set -u
cd "$(dirname "$0")/.."
count=${1:-60}
limit=120   # seconds either may take on one board

command -v cadical >/dev/null || { echo "bench: cadical is needed (apt-get install cadical)" >&2; exit 1; }
make -s all bench >/dev/null || exit 1
nq=build/nqueens
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
build/bench/complete_boards "$out" "$count" >"$out/list" || exit 1

# seconds START: the time since START (an $EPOCHREALTIME), in seconds.
seconds() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }'; }

# kept BOARD COLS: whether the solution in COLS keeps the queens of BOARD and avoids its bad
# squares.
kept() {
    awk 'NR == FNR { for (c = 1; c <= length($0); c++) { ch = substr($0, c, 1); if (ch == "Q") q[NR] = c; if (ch == "*") bad[NR, c] = 1 }; next }
         { for (r = 1; r <= NF; r++) if ((r in q && $r != q[r]) || ((r, $r) in bad)) exit 1 }' "$1" "$2"
}

echo "# Run on $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(cadical --version | head -1 | sed 's/^/CaDiCaL /')"
echo
echo "| board | n | queens | bad squares | kind | completion | nqueens s | CaDiCaL s |"
echo "|---|---|---|---|---|---|---|---|"
status=0
while read -r name n queens bad kind; do
    board=$out/$name.txt
    start=$EPOCHREALTIME
    timeout "$limit" "$nq" one --board "$board" >"$out/ours" 2>/dev/null
    ours_code=$?
    ours_time=$(seconds "$start")
    start=$EPOCHREALTIME
    timeout "$limit" cadical -q "$out/$name.cnf" >/dev/null 2>&1
    sat_code=$?
    sat_time=$(seconds "$start")
    case "$ours_code/$sat_code" in
        0/10) answer=yes
              if ! "$nq" verify "$out/ours" >/dev/null || ! kept "$board" "$out/ours"; then
                  echo "bench: board $name: the completion printed is wrong" >&2; status=1
              fi ;;
        1/20) answer=no ;;
        124/*|*/124) answer="(over ${limit} s)" ;;
        *) echo "bench: board $name: nqueens exit $ours_code, CaDiCaL exit $sat_code disagree" >&2
           answer="DISAGREE"; status=1 ;;
    esac
    echo "| $name | $n | $queens | $bad | $kind | $answer | $ours_time | $sat_time |"
    echo "$name $ours_time $sat_time" >>"$out/times"
done <"$out/list"
echo
awk '{ a += $2; b += $3; if ($2 > wa) { wa = $2; na = $1 } if ($3 > wb) { wb = $3; nb = $1 } }
     END { printf "Total: nqueens %.2f s, CaDiCaL %.2f s. Worst board: nqueens %.3f s (board %s), CaDiCaL %.3f s (board %s).\n", a, b, wa, na, wb, nb }' "$out/times"
exit $status
